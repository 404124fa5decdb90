#!/usr/bin/python3
"""bundle.py CONFIG SECCOMP MODE UID SCRIPT: fills in the OCI config.json
that `crun spec` wrote, for tests/suites/76-container.sh.

SECCOMP is a containers-common profile (/usr/share/containers/seccomp.json,
the one podman applies by default): converted to the OCI form the way
podman does for this process (x86_64, the spec's capabilities). MODE
"default" keeps it as shipped; "deny-landlock" makes the three Landlock
system calls fail with EPERM, as a profile that predates them does.
The container runs SCRIPT with /bin/sh as UID:UID, no terminal."""
import json
import sys

config_path, seccomp_path, mode, uid, script = sys.argv[1:6]
config = json.load(open(config_path))
profile = json.load(open(seccomp_path))
process = config["process"]
caps = set(process["capabilities"]["bounding"])
process.update(terminal=False, args=["/bin/sh", "-c", script], cwd="/")
process["user"] = {"uid": int(uid), "gid": int(uid)}
process["env"] = ["PATH=/bin", "HOME=/home/user", "TMPDIR=/tmp"]
config["root"]["readonly"] = False
# No network, no hostname needed; keep the spec's namespaces.

LANDLOCK = {"landlock_create_ruleset", "landlock_add_rule", "landlock_restrict_self"}


def applies(rule):
    inc, exc = rule.get("includes") or {}, rule.get("excludes") or {}
    if inc.get("arches") and "amd64" not in inc["arches"]:
        return False
    if exc.get("arches") and "amd64" in exc["arches"]:
        return False
    if inc.get("caps") and not set(inc["caps"]) <= caps:
        return False
    if exc.get("caps") and set(exc["caps"]) & caps:
        return False
    return True


syscalls = []
seen_landlock = False
for rule in profile["syscalls"]:
    if not applies(rule):
        continue
    names = rule.get("names") or ([rule["name"]] if rule.get("name") else [])
    if LANDLOCK & set(names) and rule["action"] == "SCMP_ACT_ALLOW":
        seen_landlock = True
        if mode == "deny-landlock":
            names = [n for n in names if n not in LANDLOCK]
    if not names:
        continue
    out = {"names": names, "action": rule["action"]}
    for key in ("args", "errnoRet"):
        if rule.get(key):
            out[key] = rule[key]
    syscalls.append(out)
if not seen_landlock:
    sys.exit("the profile does not allow the Landlock system calls: not the profile this test expects")
if mode == "deny-landlock":
    syscalls.append({"names": sorted(LANDLOCK), "action": "SCMP_ACT_ERRNO", "errnoRet": 1})
arches = ["SCMP_ARCH_X86_64"]
for m in profile.get("archMap") or []:
    if m["architecture"] == "SCMP_ARCH_X86_64":
        arches += m.get("subArchitectures") or []
config["linux"]["seccomp"] = {
    "defaultAction": profile["defaultAction"],
    "defaultErrnoRet": profile.get("defaultErrnoRet", 1),
    "architectures": arches,
    "syscalls": syscalls,
}
json.dump(config, open(config_path, "w"), indent=1)
