#!/usr/bin/python3
"""sbom.py OUTDIR NAME VERSION DEB_ARCH SHIPPED=MAP... -- TOOL...: the bill of
materials of one architecture's build (issue 13), from the build's link maps
and this machine's Debian packages. Run by packaging/packaging.mk (make sbom).

  SHIPPED=MAP  a binary as the packages ship it (bin/landlock-run=PATH) and the
               ld -Map of its link (PATH.map): every object file and archive
               member the link pulled in is looked up with dpkg -S, so the
               components are the Debian packages whose code is in the binary.
  TOOL         a program of the toolchain (the compiler driver, its cc1plus,
               as, ld, strip): recorded with its Debian package, that
               package's version and the program's own --version line.

HEADER_ONLY (environment): "BINARY=HEADER ..." for a header-only library
compiled into BINARY (toml++ in the compiler), found as the compiler finds
it (the HEADER_PROBE command, $(CXX) and its flags, with -M).

Writes, all deterministic (sorted; the one date is SOURCE_DATE_EPOCH's):
  OUTDIR/NAME.spdx.json          SPDX 2.3 JSON: the project, each component
                                 (Debian binary package, version, source
                                 package, licence), the toolchain, the
                                 shipped binaries' SHA-256, relationships
  OUTDIR/licenses/PKG.copyright  each component's /usr/share/doc/PKG/copyright
  OUTDIR/built-using             the .deb's Built-Using value: each
                                 component's source package (= source
                                 version), and what Debian records in that
                                 package's own Built-Using: the cross
                                 toolchain's libraries come from the source
                                 package cross-toolchain-base, which Debian
                                 built using glibc, gcc-12, binutils and
                                 linux; all are kept (too many names cost
                                 nothing, a missing one loses a source)
"""
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

DEB_FIELDS = ["Package", "Architecture", "Version", "source:Package", "source:Version",
              "Built-Using", "Homepage", "Multi-Arch"]

# The DEP-5 short names of the licences these copyright files use, in SPDX.
SPDX_IDS = {
    "expat": "MIT", "mit": "MIT", "isc": "ISC", "zlib": "Zlib", "apache-2.0": "Apache-2.0",
    "bsd-2-clause": "BSD-2-Clause", "bsd-3-clause": "BSD-3-Clause",
    "gpl-2": "GPL-2.0-only", "gpl-2+": "GPL-2.0-or-later",
    "gpl-3": "GPL-3.0-only", "gpl-3+": "GPL-3.0-or-later",
    "lgpl-2.1": "LGPL-2.1-only", "lgpl-2.1+": "LGPL-2.1-or-later",
    "lgpl-3": "LGPL-3.0-only", "lgpl-3+": "LGPL-3.0-or-later",
}
# What the copyright files that are not machine-readable say, as SPDX: each
# Debian binary package (matched on its name, the cross toolchain's too) to
# the licence of the code of it that is linked into the binaries, and why.
# glibc: LGPL 2.1 or later (its copyright file's first paragraph; the parts
# under other terms are not in libc.a's members linked here, and are listed
# in the file anyway). libstdc++ and libgcc: GPL 3 or later with the GCC
# Runtime Library Exception 3.1 (the gcc copyright file's libgcc/libstdc++
# paragraphs). The toolchain: GPL 3 or later (gcc, g++, binutils).
KNOWN_LICENCES = [
    (r"^libc6-dev(-[a-z0-9]+-cross)?$", "LGPL-2.1-or-later",
     "glibc is under the GNU Lesser General Public License 2.1 or later (licenses/LGPL-2.1)"),
    (r"^(libstdc\+\+|libgcc)-[0-9]+-dev(-[a-z0-9]+-cross)?$", "GPL-3.0-or-later WITH GCC-exception-3.1",
     "the GCC runtime libraries are under the GNU General Public License 3 or later with the GCC Runtime "
     "Library Exception 3.1 (licenses/GPL-3, licenses/GCC-exception-3.1)"),
    (r"^(cpp|gcc|g\+\+)(-[0-9]+)?(-[a-z0-9_-]+)?$", "GPL-3.0-or-later", "GCC is under the GNU GPL 3 or later"),
    (r"^binutils(-[a-z0-9_-]+)?$", "GPL-3.0-or-later", "GNU binutils is under the GNU GPL 3 or later"),
]
# The licence texts the copyright files refer to (Debian keeps them in
# /usr/share/common-licenses/, which exists on Debian only): copied into
# licenses/ beside them, under the same name. The GCC Runtime Library
# Exception has no file there: it is cut out of gcc's copyright file.
COMMON_LICENCE_REF = r"/usr/share/common-licenses/([A-Za-z0-9.+-]*[A-Za-z0-9+])"
GCC_EXCEPTION = (r"(?ms)^GCC RUNTIME LIBRARY EXCEPTION\n\nVersion 3\.1, .*?"
                 r"requirements of the license of GCC\.\n")
DEP5_FORMAT = r"Format:\s*https?://www\.debian\.org/doc/packaging-manuals/copyright-format/1\.0/?\s*\n"


def die(msg):
    sys.stderr.write("sbom: %s\n" % msg)
    sys.exit(1)


def run(argv, **kw):
    return subprocess.run(argv, check=True, stdout=subprocess.PIPE, text=True,
                          env=dict(os.environ, LC_ALL="C"), **kw).stdout


def owner(path):
    """The Debian package (arch-qualified when dpkg says so) owning a file."""
    real = os.path.realpath(path)
    tries = [real]
    if real.startswith("/usr/"):  # merged /usr: dpkg may know it as /lib/...
        tries.append(real[4:])
    for p in tries:
        r = subprocess.run(["dpkg-query", "-S", p], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        for line in r.stdout.splitlines():
            pkgs, _, f = line.partition(": ")
            if f == p and not pkgs.startswith("diversion by"):
                return pkgs.split(", ")[0]
    die("no Debian package owns %s (the build used a file dpkg does not know)" % path)


def deb_info(pkg):
    fmt = "\\t".join("${%s}" % f for f in DEB_FIELDS) + "\\n"
    out = run(["dpkg-query", "-W", "-f=" + fmt, pkg]).rstrip("\n").split("\n")
    if len(out) != 1:
        die("dpkg-query -W %s: %d packages" % (pkg, len(out)))
    info = dict(zip(DEB_FIELDS, out[0].split("\t")))
    # dpkg-query fills ${source:*} with the binary's own name and version
    # when the package names no source; an empty one would be a broken status.
    info["source:Package"] = info["source:Package"] or info["Package"]
    info["source:Version"] = info["source:Version"] or info["Version"]
    info["qualified"] = pkg
    return info


def link_inputs(map_path):
    """The files an ld -Map says the link used: loaded objects, and archive
    members included (as "ARCHIVE(MEMBER)")."""
    files = {}
    section = None
    with open(map_path, encoding="utf-8", errors="replace") as m:
        for line in m:
            if line.startswith("Archive member included"):
                section = "archive"
                continue
            if line.startswith(("Discarded input sections", "Memory Configuration",
                                "Linker script and memory map", "Allocating common symbols")):
                section = "script" if line.startswith("Linker script") else None
                continue
            if section == "archive":
                mm = re.match(r"^(/\S+?\.a)\((.+)\)", line)
                if mm:
                    files.setdefault(os.path.realpath(mm.group(1)), set()).add(mm.group(2))
            elif section == "script":
                mm = re.match(r"^LOAD (/\S+\.o)$", line.rstrip("\n"))
                if mm:
                    files.setdefault(os.path.realpath(mm.group(1)), set())
    return files


def dep5_licence(text):
    """(SPDX expression or None, short names of every licence) for a
    machine-readable copyright file; the expression is the Files: * one."""
    if not re.match(DEP5_FORMAT, text):
        return None, []
    main, names = None, []
    for para in re.split(r"\n\s*\n", text):
        fields = {}
        for line in para.split("\n"):
            mm = re.match(r"^([A-Za-z-]+):\s*(.*)$", line)
            if mm:
                fields[mm.group(1).lower()] = mm.group(2).strip()
        lic = fields.get("license")
        if not lic or "files" not in fields:
            continue
        if lic not in names:
            names.append(lic)
        if fields["files"].split() and fields["files"].split()[0] == "*":
            main = lic
    expr = None
    if main:
        parts = [p.strip() for p in re.split(r"\s+or\s+", main, flags=re.I)]
        ids = [SPDX_IDS.get(p.lower()) for p in parts]
        if all(ids):
            expr = " OR ".join(ids)
    return expr, sorted(names)


def known_licence(plain):
    """(SPDX expression, reason) for a package KNOWN_LICENCES names, else (None, None)."""
    for pattern, expr, why in KNOWN_LICENCES:
        if re.match(pattern, plain):
            return expr, why
    return None, None


def licence_texts(text):
    """{name in licenses/: text} for every licence text a copyright file
    refers to in /usr/share/common-licenses/, and the GCC Runtime Library
    Exception when the file quotes it."""
    texts = {}
    for ref in sorted(set(re.findall(COMMON_LICENCE_REF, text))):
        path = os.path.join("/usr/share/common-licenses", ref)
        if not os.path.isfile(path):
            die("a copyright file refers to %s, which is missing here" % path)
        with open(path, encoding="utf-8") as f:
            texts[ref] = f.read()
    exception = re.search(GCC_EXCEPTION, text)
    if exception:
        texts["GCC-exception-3.1"] = exception.group(0)
    return texts


def source_url(info):
    """Where Debian keeps the source package a binary package was built from,
    at that version, for good: snapshot.debian.org."""
    return "https://snapshot.debian.org/package/%s/%s/" % (
        info["source:Package"], info["source:Version"].replace("+", "%2B").replace(":", "%3A"))


def spdx_id(*parts):
    return "SPDXRef-" + "-".join(re.sub(r"[^A-Za-z0-9.-]", lambda c: "plus" if c.group() == "+" else ".", p)
                                 for p in parts)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    args = sys.argv[1:]
    if "--" not in args or len(args) < 5:
        die("usage: sbom.py OUTDIR NAME VERSION DEB_ARCH SHIPPED=PATH:MAP... -- TOOL...")
    sep = args.index("--")
    outdir, name, version, deb_arch = args[:4]
    shipped = [a.split("=", 1) for a in args[4:sep]]
    tools = args[sep + 1:]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))

    comps = {}  # qualified package -> {"info", "by": {binary: [files]}}

    def add(pkg, binary, what):
        c = comps.setdefault(pkg, {"info": deb_info(pkg), "by": {}})
        c["by"].setdefault(binary, []).append(what)

    files = []
    own = [os.getcwd()] + ([os.environ["SBOM_BUILD"]] if os.environ.get("SBOM_BUILD") else [])
    for binary, spec in shipped:
        path, _, map_path = spec.rpartition(":")
        files.append((binary, path))
        for f, members in sorted(link_inputs(map_path).items()):
            if any(f.startswith(os.path.realpath(d) + "/") for d in own):
                continue  # the project's own objects
            base = os.path.basename(f)
            add(owner(f), binary, "%s (%d members)" % (base, len(members)) if members else base)
    for item in os.environ.get("HEADER_ONLY", "").split():
        binary, header = item.split("=", 1)
        probe = shlex.split(os.environ["HEADER_PROBE"])
        dep = run(probe + ["-M", "-x", "c++", "-"], input="#include <%s>\n" % header)
        found = [w for w in dep.replace("\\\n", " ").split() if w.endswith("/" + header)]
        if not found:
            die("%s: the compiler does not find <%s>" % (binary, header))
        add(owner(found[0]), binary, "<%s> (header-only)" % header)

    # The toolchain: each program's package, deduplicated by package.
    toolchain = {}
    for prog in tools:
        path = prog if os.path.isabs(prog) else shutil.which(prog)
        if not path:
            die("tool %s is not on PATH" % prog)
        pkg = owner(path)
        line = run([path, "--version"]).split("\n")[0] if not path.endswith(("cc1plus", "cc1")) else None
        t = toolchain.setdefault(pkg, {"info": deb_info(pkg), "programs": []})
        t["programs"].append("%s (%s)%s" % (os.path.basename(prog), os.path.realpath(path),
                                            ": " + line if line else ""))

    lic_dir = os.path.join(outdir, "licenses")
    shutil.rmtree(lic_dir, ignore_errors=True)
    os.makedirs(lic_dir)

    # The corresponding source of both binaries: make dist's source tarball
    # (packaging/src-tarball.sh), released beside this SBOM and summed in
    # SHA256SUMS. With it, a user rebuilds the binaries, or relinks the
    # compiler against a changed glibc (LGPL-2.1 section 6). Its address is
    # RELEASE_URL's when the release says where it is published.
    src_tarball = "landlock-run-%s-src.tar.gz" % version
    release_url = os.environ.get("RELEASE_URL", "").rstrip("/")
    root_id = "SPDXRef-Package-landlock-run"
    packages = [{
        "SPDXID": root_id,
        "name": "landlock-run",
        "versionInfo": version,
        "supplier": "Organization: landlock-run authors",
        "downloadLocation": "%s/%s" % (release_url, src_tarball) if release_url else "NOASSERTION",
        "packageFileName": src_tarball,
        "sourceInfo": "The corresponding source of both binaries is %s, released beside this file "
                      "(its SHA-256 is in SHA256SUMS): the whole source tree of this version; "
                      "`make deps all` in it rebuilds the binaries, and relinks landlock-policy "
                      "against another glibc (docs/packaging.md, Licences and bill of materials)." % src_tarball,
        "filesAnalyzed": False,
        "licenseConcluded": "MIT",
        "licenseDeclared": "MIT",
        "copyrightText": "Copyright (c) 2026 landlock-run authors",
        "primaryPackagePurpose": "APPLICATION",
        "comment": "The static launcher landlock-run (musl) and policy compiler landlock-policy "
                   "(glibc, libstdc++, toml++) for Debian architecture %s; the licence texts of "
                   "the code statically linked in are in licenses/ beside this file." % deb_arch,
    }]
    rels = [{"spdxElementId": "SPDXRef-DOCUMENT", "relationshipType": "DESCRIBES",
             "relatedSpdxElement": root_id}]
    spdx_files = []
    for binary, path in files:
        fid = spdx_id("File", binary)
        spdx_files.append({
            "SPDXID": fid, "fileName": "./" + binary,
            "checksums": [{"algorithm": "SHA256", "checksumValue": sha256(path)}],
            "licenseConcluded": "NOASSERTION", "copyrightText": "NOASSERTION",
            "comment": "As shipped in the release tarball (and as /usr/%s in the .deb)." % binary,
        })
        rels.append({"spdxElementId": root_id, "relationshipType": "CONTAINS", "relatedSpdxElement": fid})

    built_using = set()
    texts = {}  # licences/NAME: the licence texts the copyright files refer to
    for pkg in sorted(comps):
        c = comps[pkg]
        info = c["info"]
        plain = info["Package"]
        doc = "/usr/share/doc/%s/copyright" % plain
        if not os.path.isfile(doc):
            die("%s has no %s" % (pkg, doc))
        with open(doc, encoding="utf-8", errors="replace") as f:
            text = f.read()
        shutil.copyfile(doc, os.path.join(lic_dir, plain + ".copyright"))
        os.chmod(os.path.join(lic_dir, plain + ".copyright"), 0o644)
        for lic_name, lic_text in licence_texts(text).items():
            previous = texts.setdefault(lic_name, lic_text)
            if previous != lic_text:
                die("two copyright files give different texts for licenses/%s" % lic_name)
        expr, names = dep5_licence(text)
        if expr:
            lcomment = ("From Debian's machine-readable copyright file (the Files: * paragraph); "
                        "the file in full, with every file's licence (%s), is licenses/%s.copyright."
                        % (", ".join(names), plain))
        else:
            expr, why = known_licence(plain)
            if not expr:
                die("%s: its copyright file is not machine-readable and KNOWN_LICENCES does not name it" % plain)
            lcomment = ("Debian's copyright file is not machine-readable: %s; the file in full, with the "
                        "terms of every part, is licenses/%s.copyright." % (why, plain))
        src = "%s (= %s)" % (info["source:Package"], info["source:Version"])
        built_using.add(src)
        upstream = [b.strip() for b in info["Built-Using"].split(",") if b.strip()]
        built_using.update(upstream)
        pid = spdx_id("Deb", plain, info["Architecture"])
        source_info = "built by Debian from the source package %s" % src
        if upstream:
            source_info += ", which Debian built using %s" % ", ".join(upstream)
        packages.append({
            "SPDXID": pid,
            "name": plain,
            "versionInfo": info["Version"],
            "supplier": "Organization: Debian",
            "downloadLocation": source_url(info),
            "filesAnalyzed": False,
            "licenseConcluded": expr,
            "licenseDeclared": expr,
            "licenseComments": lcomment,
            "copyrightText": "NOASSERTION",
            "sourceInfo": source_info,
            "primaryPackagePurpose": "LIBRARY",
            **({"homepage": info["Homepage"]} if info["Homepage"] else {}),
            "externalRefs": [{"referenceCategory": "PACKAGE-MANAGER", "referenceType": "purl",
                              "referenceLocator": "pkg:deb/debian/%s@%s?arch=%s" % (
                                  plain, info["Version"].replace(":", "%3A").replace("+", "%2B"),
                                  info["Architecture"])}],
            "comment": "; ".join("in %s: %s" % (b, ", ".join(sorted(w))) for b, w in sorted(c["by"].items())),
        })
        for b in sorted(c["by"]):
            rels.append({"spdxElementId": spdx_id("File", b), "relationshipType": "STATIC_LINK",
                         "relatedSpdxElement": pid})
    for lic_name in sorted(texts):
        with open(os.path.join(lic_dir, lic_name), "w", encoding="utf-8") as f:
            f.write(texts[lic_name])
        os.chmod(os.path.join(lic_dir, lic_name), 0o644)

    tool_lines = []
    for pkg in sorted(toolchain):
        info = toolchain[pkg]["info"]
        pid = spdx_id("Tool", info["Package"], info["Architecture"])
        progs = sorted(set(toolchain[pkg]["programs"]))
        tool_licence, _ = known_licence(info["Package"])
        tool_lines.append("%s %s: %s" % (info["Package"], info["Version"], "; ".join(progs)))
        packages.append({
            "SPDXID": pid,
            "name": info["Package"],
            "versionInfo": info["Version"],
            "supplier": "Organization: Debian",
            "downloadLocation": source_url(info),
            "filesAnalyzed": False,
            "licenseConcluded": tool_licence or "NOASSERTION",
            "licenseDeclared": tool_licence or "NOASSERTION",
            "copyrightText": "NOASSERTION",
            "sourceInfo": "built by Debian from the source package %s (= %s)" % (
                info["source:Package"], info["source:Version"]),
            "primaryPackagePurpose": "APPLICATION",
            "comment": "Toolchain, not shipped: " + "; ".join(progs),
        })
        rels.append({"spdxElementId": pid, "relationshipType": "BUILD_TOOL_OF", "relatedSpdxElement": root_id})

    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))
    doc = {
        "spdxVersion": "SPDX-2.3",
        "dataLicense": "CC0-1.0",
        "SPDXID": "SPDXRef-DOCUMENT",
        "name": name,
        "documentNamespace": "",
        "creationInfo": {
            "created": created,
            "creators": ["Organization: landlock-run authors", "Tool: landlock-run-packaging-sbom.py"],
            "comment": "From the build's link maps and the Debian packages installed where it ran; "
                       "created is SOURCE_DATE_EPOCH. Toolchain: " + " | ".join(tool_lines),
        },
        "documentDescribes": [root_id],
        "packages": packages,
        "files": spdx_files,
        "relationships": rels,
    }
    # A namespace unique to this content, and the same for the same build.
    body = json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False)
    doc["documentNamespace"] = "https://landlock-run.invalid/spdx/%s-%s" % (
        name, hashlib.sha256(body.encode()).hexdigest())
    out = os.path.join(outdir, name + ".spdx.json")
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    os.chmod(out + ".tmp", 0o644)
    os.replace(out + ".tmp", out)
    with open(os.path.join(outdir, "built-using"), "w", encoding="utf-8") as f:
        f.write(", ".join(sorted(built_using)) + "\n")
    print("sbom: %s (%d components, %d toolchain packages)" % (out, len(comps), len(toolchain)))


if __name__ == "__main__":
    main()
