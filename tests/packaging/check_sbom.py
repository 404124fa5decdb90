#!/usr/bin/python3
"""check_sbom.py SBOM BINDIR EPOCH PKG=VERSION... -- TOOLPKG=VERSION...: the
bill of materials a package ships, held to SPDX 2.3's shape and to what this
machine's dpkg says (tests/packaging/lib.sh, check_sbom). Prints one problem a
line and exits 1 when there is any; prints nothing and exits 0 otherwise.

  SBOM          the sbom.spdx.json to check (must parse as JSON)
  BINDIR        the folder holding the shipped bin/landlock-run and
                bin/landlock-policy: their SHA-256 must be the SBOM's
  EPOCH         SOURCE_DATE_EPOCH: creationInfo.created must be it
  PKG=VERSION   each Debian package whose code is linked in (musl-dev:amd64,
                libc6-dev:amd64, ...), with the version dpkg reports: a
                package of that name and versionInfo, which a shipped binary
                STATIC_LINKs, with a licence and a Debian source
  TOOLPKG=VER   each toolchain package (g++-12, binutils-...): a package of
                that name and version, BUILD_TOOL_OF the project
"""
import hashlib
import json
import os
import re
import sys
import time

problems = []
# The SPDX licence each linked package must declare (its name with the gcc
# version made N and a cross suffix dropped).
EXPECTED_LICENCES = {
    "musl-dev": "MIT",
    "libc6-dev": "LGPL-2.1-or-later",
    "libstdc++-N-dev": "GPL-3.0-or-later WITH GCC-exception-3.1",
    "libgcc-N-dev": "GPL-3.0-or-later WITH GCC-exception-3.1",
    "libtomlplusplus-dev": "MIT",
}


def bad(msg):
    problems.append(msg)


def main():
    args = sys.argv[1:]
    sep = args.index("--")
    sbom, bindir, epoch = args[:3]
    comps = [a.split("=", 1) for a in args[3:sep]]
    tools = [a.split("=", 1) for a in args[sep + 1:]]
    try:
        with open(sbom, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("%s does not parse as JSON: %s" % (sbom, e))
        return 1

    # The document: SPDX 2.3's required fields.
    want = {"spdxVersion": "SPDX-2.3", "dataLicense": "CC0-1.0", "SPDXID": "SPDXRef-DOCUMENT"}
    for k, v in want.items():
        if doc.get(k) != v:
            bad("%s is %r, not %r" % (k, doc.get(k), v))
    if not doc.get("name"):
        bad("no document name")
    if not re.match(r"^[a-z]+://\S+$", doc.get("documentNamespace", "")):
        bad("documentNamespace %r is not a URI" % doc.get("documentNamespace"))
    ci = doc.get("creationInfo", {})
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(epoch)))
    if ci.get("created") != created:
        bad("creationInfo.created is %r, not SOURCE_DATE_EPOCH's %s" % (ci.get("created"), created))
    if not ci.get("creators") or not all(re.match(r"^(Tool|Organization|Person): \S", c) for c in ci["creators"]):
        bad("creationInfo.creators %r" % ci.get("creators"))

    # Packages and files: unique, well-formed SPDX ids and the required fields.
    ids = {}
    for el in doc.get("packages", []) + doc.get("files", []):
        i = el.get("SPDXID", "")
        if not re.match(r"^SPDXRef-[A-Za-z0-9.-]+$", i):
            bad("bad SPDXID %r" % i)
        if i in ids:
            bad("SPDXID %s twice" % i)
        ids[i] = el
    pkgs = doc.get("packages", [])
    if not pkgs:
        bad("no packages")
    for p in pkgs:
        for k in ("name", "versionInfo", "downloadLocation", "licenseConcluded", "licenseDeclared",
                  "copyrightText"):
            if not p.get(k):
                bad("package %s has no %s" % (p.get("SPDXID"), k))
    rels = doc.get("relationships", [])
    for r in rels:
        for k in ("spdxElementId", "relatedSpdxElement"):
            if r.get(k) != "SPDXRef-DOCUMENT" and r.get(k) not in ids:
                bad("relationship %r names an unknown element" % r)
    described = [r["relatedSpdxElement"] for r in rels
                 if r.get("spdxElementId") == "SPDXRef-DOCUMENT" and r.get("relationshipType") == "DESCRIBES"]
    root = ids.get(described[0]) if described else None
    if not root or root.get("name") != "landlock-run":
        bad("the document DESCRIBES no landlock-run package")
        return report()

    # The shipped binaries: in the SBOM with their SHA-256.
    files = {f.get("fileName"): f for f in doc.get("files", [])}
    for b in ("bin/landlock-run", "bin/landlock-policy"):
        f = files.get("./" + b)
        if not f:
            bad("no file ./%s" % b)
            continue
        with open(os.path.join(bindir, b), "rb") as fh:
            have = hashlib.sha256(fh.read()).hexdigest()
        sums = [c["checksumValue"] for c in f.get("checksums", []) if c.get("algorithm") == "SHA256"]
        if sums != [have]:
            bad("./%s: SHA256 %s in the SBOM, %s shipped" % (b, sums, have))
        if not any(r.get("spdxElementId") == root["SPDXID"] and r.get("relationshipType") == "CONTAINS"
                   and r.get("relatedSpdxElement") == f["SPDXID"] for r in rels):
            bad("landlock-run does not CONTAIN ./%s" % b)

    by_name = {}
    for p in pkgs:
        by_name.setdefault(p.get("name"), []).append(p)
    file_ids = {f["SPDXID"] for f in doc.get("files", [])}
    for qualified, version in comps:
        name = qualified.split(":")[0]
        found = [p for p in by_name.get(name, []) if p.get("versionInfo") == version]
        if not found:
            have = [p.get("versionInfo") for p in by_name.get(name, [])]
            bad("component %s %s is not listed (the SBOM has %s)" % (name, version, have or "no such package"))
            continue
        p = found[0]
        if not any(r.get("relationshipType") == "STATIC_LINK" and r.get("relatedSpdxElement") == p["SPDXID"]
                   and r.get("spdxElementId") in file_ids for r in rels):
            bad("no shipped binary STATIC_LINKs %s" % name)
        if not p.get("sourceInfo", "").startswith("built by Debian from the source package "):
            bad("%s names no Debian source package" % name)
        if "licenses/%s.copyright" % name not in p.get("licenseComments", ""):
            bad("%s's licence comment does not name licenses/%s.copyright" % (name, name))
        # An SPDX licence expression, the one this project's licence
        # research gives (packaging/sbom.py, KNOWN_LICENCES), never
        # NOASSERTION; and where Debian keeps the source, at that version.
        want = EXPECTED_LICENCES.get(re.sub(r"(-[a-z0-9]+-cross)$", "", re.sub(r"-[0-9]+-dev", "-N-dev", name)))
        for k in ("licenseDeclared", "licenseConcluded"):
            if p.get(k) in (None, "", "NOASSERTION", "NONE"):
                bad("%s's %s is %r: not an SPDX licence" % (name, k, p.get(k)))
            elif want and p.get(k) != want:
                bad("%s's %s is %r, not %r" % (name, k, p.get(k), want))
        if not re.match(r"^https://snapshot\.debian\.org/package/[a-z0-9.+-]+/[A-Za-z0-9.%~-]+/$",
                        p.get("downloadLocation", "")):
            bad("%s's downloadLocation %r is not its Debian source on snapshot.debian.org"
                % (name, p.get("downloadLocation")))
    # The project: its corresponding source is the source tarball.
    src_tarball = "landlock-run-%s-src.tar.gz" % root.get("versionInfo")
    if root.get("packageFileName") != src_tarball or src_tarball not in root.get("sourceInfo", ""):
        bad("landlock-run does not name %s as its source (packageFileName %r)" % (src_tarball, root.get("packageFileName")))
    for pkg, version in tools:
        found = [p for p in by_name.get(pkg, []) if p.get("versionInfo") == version]
        if not found:
            bad("toolchain package %s %s is not listed" % (pkg, version))
        elif not any(r.get("relationshipType") == "BUILD_TOOL_OF" and r.get("spdxElementId") == found[0]["SPDXID"]
                     and r.get("relatedSpdxElement") == root["SPDXID"] for r in rels):
            bad("%s is not BUILD_TOOL_OF landlock-run" % pkg)
    return report()


def report():
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
