#!/bin/sh
# The npm package family, as a user gets it: pack both packages, install the
# tarballs (and nothing from the registry) into a throwaway consumer, then
# plain node confines a write through the INSTALLED launcher.
set -u
# shellcheck source=tests/packaging/lib.sh
. "$LLR_ROOT/tests/packaging/lib.sh"
ver=$(cat "$LLR_ROOT/VERSION")
entry=$LLR_BUILD/npm/landlock-run-$ver.tgz
plat=$LLR_BUILD/npm/landlock-run-linux-x64-$ver.tgz
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  skip "npm-packed-install" "node/npm are not installed"; exit 0
fi
for t in "$entry" "$plat"; do
  [ -f "$t" ] || { fail "npm-pack" "$t was not built (make npm)"; exit 1; }
done
# Outside /tmp and /dev/shm, through folders only root or this user can
# write: the compiler refuses a launcher or a policy file elsewhere
# (tests/lib/testdir.sh).
# shellcheck source=tests/lib/testdir.sh
. "$LLR_ROOT/tests/lib/testdir.sh"
tmp=$(test_dir llr-npm) || exit 1
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
# ${TMPDIR} apart from the packages: a workspace-write run may write it, so
# neither the binaries (probe, run) nor a policy file may lie inside it.
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"
SOURCE_DATE_EPOCH=$(cat "$LLR_BUILD/.source-date-epoch" 2>/dev/null || git -C "$LLR_ROOT" log -1 --format=%ct)

# The packed mode, before any install could repair it.
for b in landlock-run landlock-policy; do
  if tar -tvzf "$plat" "package/bin/$b" | grep -q '^-rwxr-xr-x'; then
    pass "npm-pack-keeps-mode-$b"
  else
    fail "npm-pack-keeps-mode-$b" "$(tar -tvzf "$plat" "package/bin/$b" 2>&1)"
  fi
done
if tar -xOzf "$plat" package/package.json | grep -q '"os": \["linux"\]' &&
   tar -xOzf "$plat" package/package.json | grep -q '"cpu": \["x64"\]'; then
  pass "npm-platform-os-cpu"
else
  fail "npm-platform-os-cpu" "package.json lacks os/cpu"
fi
if tar -xOzf "$entry" package/package.json | grep -q "\"@landlock-run/linux-x64\": \"$ver\""; then
  pass "npm-entry-depends-on-same-version"
else
  fail "npm-entry-depends-on-same-version" "optionalDependencies do not pin $ver"
fi

# Offline, with an empty cache: a registry fetch would fail the install.
consumer=$tmp/consumer
mkdir -p "$consumer" "$tmp/scratch"
echo '{"name":"consumer","private":true}' >"$consumer/package.json"
npm_install() {
  (cd "$consumer" && npm install --offline --cache "$tmp/cache" --no-audit --no-fund \
     --ignore-scripts --loglevel=error "$@") >"$tmp/npm.log" 2>&1
}
if npm_install "$plat" "$entry"; then
  pass "npm-install-from-tarballs"
else
  fail "npm-install-from-tarballs" "$(tail -5 "$tmp/npm.log" | tr '\n' ' ')"; exit 1
fi
bin=$consumer/node_modules/@landlock-run/linux-x64/bin/landlock-run
if [ -f "$bin" ] && [ -x "$bin" ]; then
  pass "npm-installed-binary-mode ($(stat -c %a "$bin"))"
else
  fail "npm-installed-binary-executable" "$(ls -l "$bin" 2>&1)"
fi
# The platform package ships the binaries, so the licences of the code
# linked into them and the bill of materials too (issue 13), as installed.
check_sbom npm-installed "$consumer/node_modules/@landlock-run/linux-x64" "$consumer/node_modules/@landlock-run/linux-x64" amd64
# The consumer scripts live in the consumer, so that they resolve the
# installed packages exactly as a user's program would; they run from a
# workspace elsewhere (a launcher inside the workspace is refused).
mkdir -p "$tmp/ws0"
for script in npm-consumer.cjs npm-consumer.mjs; do
  cp "$LLR_ROOT/tests/packaging/$script" "$consumer/$script"
  out=$(cd "$tmp/ws0" && node "$consumer/$script" "$tmp/scratch" "$LLR_ROOT" 2>&1)
  rc=$?
  printf '%s\n' "$out"
  if [ "$rc" -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL '; then
    fail "npm-$script" "node exited $rc: $(printf '%s' "$out" | tail -3 | tr '\n' ' ')"
  fi
done

# The types, checked against the installed package as a TypeScript user
# would (strict, node16 resolution: ESM through index.d.mts, CJS index.d.ts).
if command -v tsc >/dev/null; then
  cp "$LLR_ROOT"/tests/packaging/npm-types*.?ts "$consumer/"
  tsc_run() { (cd "$consumer" && tsc --noEmit --strict --module node16 --moduleResolution node16 "$@") 2>&1; }
  if out=$(tsc_run npm-types.mts npm-types.cts); then
    pass "npm-types-check-esm-and-cjs"
  else
    fail "npm-types-check-esm-and-cjs" "$(printf '%s' "$out" | head -3 | tr '\n' ' ')"
  fi
  # The older resolution (node10: "types", no "exports"), as a bundler-era
  # project still compiles: the same consumers, ESM and CommonJS.
  node10() { (cd "$consumer" && tsc --noEmit --strict --target es2020 --moduleResolution node "$@") 2>&1; }
  if out=$(node10 --module es2020 npm-types.mts) && out=$(node10 --module commonjs npm-types.cts); then
    pass "npm-types-check-node10-resolution"
  else
    fail "npm-types-check-node10-resolution" "$(printf '%s' "$out" | head -3 | tr '\n' ' ')"
  fi
  # Every call in the bad consumer is an error of its own line.
  want=$(grep -cE '^(grantArgs|wrap|run|probeReason)\(' "$consumer/npm-types-bad.mts")
  n=$(tsc_run npm-types-bad.mts | sed -n 's/^npm-types-bad\.mts(\([0-9]*\),.*error TS.*/\1/p' | sort -u | wc -l)
  if [ "$n" -eq "$want" ] && [ "$want" -eq 16 ]; then pass "npm-types-reject-bad-policy"
  else fail "npm-types-reject-bad-policy" "errors on $n of $want lines (16 expected)"; fi
else
  skip "npm-types-check" "tsc is not installed (node-typescript, make deps)"
fi

# A harness, in Node's own test runner: modes, hiding, danger-full-access,
# the project-local launcher replacement, the README's examples, run() and
# its classification. Fake HOME and workspace; TMPDIR a dedicated folder;
# the packages, the policy files and the harness outside all three (the
# compiler refuses a policy file or a launcher in the workspace or ${TMPDIR}).
if node --test --help >/dev/null 2>&1 || node -e 'require("node:test")' 2>/dev/null; then
  h=$tmp/harness
  mkdir -p "$h/home/.ssh" "$h/ws" "$h/proj" "$h/tmp" "$h/policies"
  printf 'FAKE-KEY\n' >"$h/home/.ssh/id_ed25519"
  chmod 0700 "$h/home/.ssh" "$h/tmp"
  echo '{"name":"proj","private":true}' >"$h/proj/package.json"
  if ! (cd "$h/proj" && npm install --offline --cache "$tmp/cache" --no-audit --no-fund \
          --ignore-scripts --loglevel=error "$plat" "$entry") >"$tmp/npm-proj.log" 2>&1; then
    fail "npm-harness-project-install" "$(tail -3 "$tmp/npm-proj.log" | tr '\n' ' ')"
  fi
  # npm-harness: probe, wrap, modes, hiding, the launcher replacement, the
  # README's examples; npm-run: run()/spawn() and their classification;
  # npm-builds: outputs and presets, the README's build harness (cargo, npm);
  # npm-escalate: observe, widen(), denialMarker(), examples/harness.js (issue 32).
  for suite in npm-harness npm-run npm-builds npm-escalate; do
    cp "$LLR_ROOT/tests/packaging/$suite.test.cjs" "$LLR_ROOT/tests/packaging/harness-env.cjs" "$consumer/"
    (cd "$h/ws" && env -u XDG_RUNTIME_DIR HOME="$h/home" TMPDIR="$h/tmp" \
       LLR_T_WS="$h/ws" LLR_T_PROJ="$h/proj" LLR_T_POLICIES="$h/policies" LLR_T_VERSION="$ver" \
       LLR_T_READMES="$consumer/node_modules/landlock-run/README.md:$LLR_ROOT/README.md:$LLR_ROOT/docs/packaging.md" \
       node --test --test-reporter=tap "$consumer/$suite.test.cjs") >"$tmp/$suite.tap" 2>&1
    sed -n -e "s/^ok [0-9]* - \(.*\) # SKIP \(.*\)\$/SKIP $suite-\1: \2/p" -e t \
      -e "s/^ok [0-9]* - \(.*\)\$/PASS $suite-\1/p" "$tmp/$suite.tap"
    if grep -q '^not ok ' "$tmp/$suite.tap"; then
      sed -n "s/^not ok [0-9]* - \(.*\)\$/FAIL $suite-\1/p" "$tmp/$suite.tap"
      sed 's/^/# /' "$tmp/$suite.tap"
    fi
    grep -q '^ok ' "$tmp/$suite.tap" || fail "$suite" "no test ran: $(tail -5 "$tmp/$suite.tap" | tr '\n' ' ')"
  done
else
  skip "npm-harness" "this node has no node:test (Node 18 or later)"
fi

# A stripped mode bit must be reported as such, never as "no enforcement".
chmod a-x "$bin"
out=$(cd "$consumer" && node -e 'try { require("landlock-run").launcherPath(); console.log("no error") } catch (e) { console.log(e.message) }' 2>&1)
chmod 0755 "$bin"
case $out in
  *"is not executable"*) pass "npm-stripped-mode-is-an-error" ;;
  *) fail "npm-stripped-mode-is-an-error" "$out" ;;
esac

# Without the platform package, launcherPath() says what is missing.
rm -rf "$consumer/node_modules/@landlock-run"
out=$(cd "$consumer" && node -e 'try { require("landlock-run").launcherPath(); console.log("no error") } catch (e) { console.log(e.message) }' 2>&1)
case $out in
  *"@landlock-run/linux-x64 is not installed"*"npm install @landlock-run/linux-x64@$ver"*) pass "npm-missing-platform-package-is-an-error" ;;
  *) fail "npm-missing-platform-package-is-an-error" "$out" ;;
esac
# ... and probe() reports it instead of throwing.
out=$(cd "$consumer" && node -e 'const p = require("landlock-run").probe(); console.log(p.ok, p.reason, p.message)' 2>&1)
case $out in
  "false no-launcher landlock-run: the platform package @landlock-run/linux-x64 is not installed"*) pass "npm-probe-missing-platform-package" ;;
  *) fail "npm-probe-missing-platform-package" "$out" ;;
esac
exit 0
