// A coding-agent harness, as it would use the INSTALLED landlock-run package:
// probe once, wrap every command with the call's own mode, spawn it. Run by
// tests/suites/73-npm.sh with `node --test`, from the consumer folder the
// packed tarballs were installed into (outside the workspace and $TMPDIR),
// with cwd the workspace, HOME a fake home and TMPDIR a dedicated folder.
// Environment: LLR_T_WS (the workspace), LLR_T_PROJ (a workspace with a
// project-local install), LLR_T_POLICIES (a folder for policy files, outside
// both), LLR_T_VERSION, LLR_T_READMES (README files whose ```js blocks run).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const llr = require('landlock-run');

const { ws, proj, policies, expected, home, secret } = require('./harness-env.cjs');

function spawnWrapped(w, opts = {}) {
  return spawnSync(w.argv[0], w.argv.slice(1), { encoding: 'utf8', cwd: ws, ...opts });
}

const probed = llr.probe();

test('probe-once-ok', () => {
  assert.strictEqual(probed.ok, true, probed.reason);
  assert.strictEqual(probed.version, expected);
  assert.strictEqual(probed.reason, null);
  assert.ok(['full', 'partial'].includes(probed.enforcement));
});

test('read-only-denies-a-write-in-home', () => {
  const target = path.join(home, 'denied');
  const w = llr.wrap(['bash', '-c', 'echo x > ~/denied'], { mode: 'read-only' }, { probe: probed });
  assert.strictEqual(w.sandboxed, true);
  assert.strictEqual(w.mode, 'read-only');
  assert.strictEqual(w.launcherVersion, expected);
  assert.strictEqual(w.enforcement, probed.enforcement);
  assert.strictEqual(w.argv[0], llr.launcherPath());
  const r = spawnWrapped(w);
  assert.notStrictEqual(r.status, 0, 'the write succeeded');
  assert.match(r.stderr, /Permission denied/);
  assert.strictEqual(fs.existsSync(target), false, 'the denied write left a file');
});

test('workspace-write-lets-a-write-in-the-workspace-land', () => {
  const w = llr.wrap(['bash', '-c', 'echo x > denied'], { mode: 'workspace-write' });
  assert.strictEqual(w.mode, 'workspace-write');
  const r = spawnWrapped(w);
  assert.strictEqual(r.status, 0, r.stderr);
  assert.strictEqual(fs.readFileSync(path.join(ws, 'denied'), 'utf8'), 'x\n');
});

test('workspace-write-still-denies-home', () => {
  const w = llr.wrap(['bash', '-c', 'echo x > ~/denied-ww'], { mode: 'workspace-write' });
  const r = spawnWrapped(w);
  assert.notStrictEqual(r.status, 0);
  assert.strictEqual(fs.existsSync(path.join(home, 'denied-ww')), false);
});

for (const mode of ['read-only', 'workspace-write']) {
  test(`${mode}-hides-the-ssh-key`, () => {
    assert.ok(fs.readFileSync(secret, 'utf8').includes('FAKE-KEY'), 'the fake key is readable outside');
    const w = llr.wrap(['cat', secret], { mode });
    const r = spawnWrapped(w);
    assert.notStrictEqual(r.status, 0);
    assert.ok(!r.stdout.includes('FAKE-KEY'), 'the key was read');
    assert.match(r.stderr, /Permission denied/);
  });
}

test('hide-takes-any-string-quoted', () => {
  // A folder whose name needs every TOML escape the policy writer makes.
  const odd = path.join(home, 'we"ird\\dir \u00e9');
  fs.mkdirSync(odd, { recursive: true });
  fs.writeFileSync(path.join(odd, 'f'), 'HIDDEN\n');
  const toml = llr.policyToml({ mode: 'read-only', hide: [odd] });
  assert.ok(toml.includes('we\\"ird\\\\dir \u00e9'), toml);
  const w = llr.wrap(['cat', path.join(odd, 'f')], { mode: 'read-only', hide: [odd] });
  const r = spawnWrapped(w);
  assert.notStrictEqual(r.status, 0);
  assert.ok(!r.stdout.includes('HIDDEN'));
});

test('a-dollar-after-a-paths-leading-variable-is-literal', () => {
  // A path built from a name a repository chose must not make the compiler
  // expand ${env.NAME} (a secret) into a grant; the leading variable still works.
  assert.strictEqual(llr.policyToml({ mode: 'custom', ro: ['/c/${env.GITHUB_TOKEN}', '${WORKSPACE}/a$b', '${HOME}'] }),
    'version = 1\nmode = "custom"\nro = ["/c/$${env.GITHUB_TOKEN}", "${WORKSPACE}/a$$b", "${HOME}"]\n');
  const named = path.join(home, 'repo-${env.LLR_T_PLANTED}');
  fs.mkdirSync(named, { recursive: true });
  const w = llr.wrap(['true'], { mode: 'read-only', ro: [named] }, { env: { ...process.env, LLR_T_PLANTED: 'leaked-value' } });
  const joined = w.argv.join('\n');
  assert.ok(joined.includes(named), joined);
  assert.ok(!joined.includes('leaked-value'), joined);
});

test('policy-object-rejects-non-strings-and-unknown-keys', () => {
  const bad = [
    { mode: 'read-only', hide: [42] },
    { mode: 'read-only', ro: [{ path: true }] },
    { mode: 'read-only', ro: ['relative/path'] },
    { mode: 'read-write' },
    { mode: 'read-only', rwTry: '/x' },
    { mode: 'read-only', network: { connect: ['https'] } },
    { mode: 'read-only', hide: ['/x\ud800'] },
  ];
  for (const policy of bad) {
    assert.throws(() => llr.wrap(['true'], policy), (e) => e.code === 'LANDLOCK_RUN' && /^landlock-run: /.test(e.message), JSON.stringify(policy));
  }
  assert.strictEqual(llr.policyToml({ mode: 'custom', ro: '/a\n\x7f' }), 'version = 1\nmode = "custom"\nro = ["/a\\u000a\\u007f"]\n');
});

test('compile-error-throws-the-compiler-diagnostics', () => {
  const missing = path.join(ws, 'no-such-folder');
  assert.throws(
    () => llr.wrap(['true'], { mode: 'custom', ro: [missing] }),
    (e) => e.code === 'LANDLOCK_POLICY' && e.status === 1 && e.message.includes(`error: ro \`${missing}\``) &&
      /hint: create it/.test(e.message) && e.policyText.includes(missing),
  );
});

test('compile-error-diagnostics-are-escaped', () => {
  assert.throws(
    () => llr.wrap(['true'], { mode: 'read-only', ro: ['/usr\x1b[31m'] }),
    (e) => e.code === 'LANDLOCK_POLICY' && e.message.includes('\\x1b[31m') && !e.message.includes('\x1b'),
  );
  assert.throws(() => llr.wrap(['true'], { mode: 'read-only' }, { workspace: path.join(ws, 'nope') }), /workspace .*nope: ENOENT/);
});

test('policy-file-path', () => {
  const file = path.join(policies, 'agent.toml');
  fs.writeFileSync(file, 'version = 1\nmode = "workspace-write"\n[network]\nconnect = [443]\n');
  const w = llr.wrap(['bash', '-c', 'echo y > from-file'], file);
  assert.strictEqual(w.sandboxed, true);
  assert.ok(w.argv.includes('--connect-tcp'));
  assert.strictEqual(spawnWrapped(w).status, 0);
  assert.ok(fs.existsSync(path.join(ws, 'from-file')));
});

test('danger-full-access-runs-unconfined-and-says-so', () => {
  const w = llr.wrap(['bash', '-c', 'echo x > ~/danger; cat ~/.ssh/id_ed25519'], { mode: 'danger-full-access' });
  assert.strictEqual(w.sandboxed, false);
  assert.strictEqual(w.enforcement, 'none');
  assert.strictEqual(w.launcher, null);
  assert.deepStrictEqual(w.argv, ['bash', '-c', 'echo x > ~/danger; cat ~/.ssh/id_ed25519']);
  assert.match(w.warnings, /danger-full-access: no sandbox/);
  const r = spawnWrapped(w);
  assert.strictEqual(r.status, 0);
  assert.ok(r.stdout.includes('FAKE-KEY'));
  assert.ok(fs.existsSync(path.join(home, 'danger')));
});

test('legacy-raw-flags-still-return-an-array', () => {
  const argv = llr.wrap(['true'], { ro: '/' });
  assert.deepStrictEqual(argv, [llr.launcherPath(), '--expect-version', expected, '--ro', '/', '--', 'true']);
});

test('policy-path-is-the-bundled-compiler', () => {
  const p = llr.policyPath();
  assert.strictEqual(path.basename(p), 'landlock-policy');
  assert.strictEqual(path.dirname(p), path.dirname(llr.launcherPath()));
  const r = spawnSync(p, ['--version'], { encoding: 'utf8' });
  assert.match(r.stdout, new RegExp(`^landlock-policy ${expected.replace(/\./g, '\\.')} `));
});

// An object policy goes to the compiler on its standard input: no policy
// file appears anywhere (where one would have been: ${TMPDIR}, ~/.cache).
test('no-policy-file-is-written', () => {
  const places = [process.env.TMPDIR, path.join(home, '.cache', 'landlock-run')];
  const before = places.map((d) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : []));
  const w = llr.wrap(['true'], { mode: 'workspace-write' });
  assert.strictEqual(w.sandboxed, true);
  assert.throws(() => llr.wrap(['true'], { mode: 'custom', ro: ['/nonexistent-llr'] }),
    (e) => e.code === 'LANDLOCK_POLICY' && e.message.startsWith('<stdin>:') && e.policyText.includes('/nonexistent-llr'));
  assert.deepStrictEqual(places.map((d) => (fs.existsSync(d) ? fs.readdirSync(d).sort() : [])), before);
});

// A policy file of the caller's own is still named by path, and one in a
// folder a mode makes writable (the workspace, ${TMPDIR}) is refused.
test('a-policy-file-in-the-workspace-or-tmpdir-is-refused', () => {
  for (const dir of [ws, process.env.TMPDIR]) {
    const file = path.join(dir, 'planted.toml');
    fs.writeFileSync(file, 'version = 1\nmode = "danger-full-access"\n');
    assert.throws(() => llr.wrap(['true'], file), (e) => e.code === 'LANDLOCK_POLICY' && /lies inside .*which a confined command can write/.test(e.message), dir);
    fs.rmSync(file);
  }
});

test('binary-in-a-writable-grant-is-refused', () => {
  const bin = path.dirname(llr.launcherPath());
  assert.throws(() => llr.launcherPath({ writable: [bin] }), /refusing the landlock-run .* inside the writable grant/);
  assert.throws(() => llr.wrap(['true'], { ro: '/', rw: path.dirname(bin) }), /refusing the landlock-run/);
  // through a symlink: the grant names a link to the package's folder
  const link = path.join(ws, 'link-to-bin');
  fs.symlinkSync(bin, link);
  assert.throws(() => llr.launcherPath({ writable: [link] }), /refusing the landlock-run/);
  assert.throws(() => llr.policyPath({ workspace: path.dirname(path.dirname(bin)) }), /refusing the landlock-policy .* inside the workspace/);
});

test('probe-reports-a-missing-or-refused-launcher', () => {
  const missing = llr.probe({ launcher: path.join(policies, 'no-launcher') });
  assert.strictEqual(missing.ok, false);
  assert.strictEqual(missing.line, null);
  assert.strictEqual(missing.reason, 'no-launcher');
  assert.match(missing.message, /is missing/);
  const broken = path.join(policies, 'broken-launcher');
  fs.writeFileSync(broken, '#!/bin/sh\necho nonsense\n', { mode: 0o755 });
  const b = llr.probe({ launcher: broken });
  assert.strictEqual(b.ok, false);
  assert.strictEqual(b.reason, 'probe-failed');
  assert.match(b.message, /not a probe line/);
  const rel = llr.probe({ env: { ...process.env, LANDLOCK_RUN: 'bin/landlock-run' } });
  assert.strictEqual(rel.ok, false);
  assert.strictEqual(rel.reason, 'no-launcher');
  assert.match(rel.message, /LANDLOCK_RUN="bin\/landlock-run" is not an absolute path/);
});

// A launcher under /tmp is refused with TMPDIR elsewhere (issue 28): every
// earlier run whose TMPDIR was unset could write /tmp and replace it, and
// probe() would run the replacement unconfined.
test('probe-refuses-a-launcher-under-tmp-whatever-TMPDIR-says', () => {
  assert.notStrictEqual(process.env.TMPDIR, '/tmp');
  const dir = fs.mkdtempSync('/tmp/llr-npm-');
  try {
    const copy = path.join(dir, 'landlock-run');
    fs.copyFileSync(llr.launcherPath(), copy);
    fs.chmodSync(copy, 0o755);
    const p = llr.probe({ launcher: copy });
    assert.strictEqual(p.ok, false);
    assert.strictEqual(p.reason, 'untrusted-binary');
    assert.match(p.message, /refusing the landlock-run .* inside \/tmp/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// probe() trusts a launcher exactly as run() does: one under ${TMPDIR} (a
// project-local install there, say) is refused by both.
test('probe-refuses-what-run-refuses', async () => {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR, 'local-'));
  const copy = path.join(dir, 'landlock-run');
  fs.copyFileSync(llr.launcherPath(), copy);
  fs.chmodSync(copy, 0o755);
  const p = llr.probe({ launcher: copy });
  assert.strictEqual(p.ok, false);
  assert.strictEqual(p.reason, 'untrusted-binary');
  assert.match(p.message, /refusing the landlock-run .* inside \$\{TMPDIR\}/);
  assert.strictEqual(p.launcher, null);
  await assert.rejects(llr.run(['true'], { mode: 'read-only' }, { launcher: copy }), /refusing the landlock-run/);
  const good = llr.probe();
  assert.strictEqual(good.ok, true);
  assert.strictEqual(good.reason, null);
  assert.strictEqual(good.message, null);
});

test('LANDLOCK_RUN-overrides-when-absolute', () => {
  const real = llr.launcherPath();
  const copy = path.join(policies, 'landlock-run');
  fs.copyFileSync(real, copy);
  fs.chmodSync(copy, 0o755);
  assert.strictEqual(llr.launcherPath({ env: { LANDLOCK_RUN: copy } }), copy);
  // probe() also checks it lies outside ${TMPDIR} (as run() does): the env's, /tmp when unset.
  assert.strictEqual(llr.probe({ env: { LANDLOCK_RUN: copy, TMPDIR: process.env.TMPDIR } }).launcher, copy);
});

test('project-local-launcher-replacement-is-refused', () => {
  // The attack: a confined command in the project (workspace-write, with the
  // harness's own, trusted launcher) overwrites the project-local launcher.
  const local = path.join(proj, 'node_modules', '@landlock-run', 'linux-x64', 'bin', 'landlock-run');
  const pwned = path.join(policies, 'pwned');
  assert.ok(fs.existsSync(local), 'no project-local install');
  const w = llr.wrap(['sh', '-c', 'printf "#!/bin/sh\\ntouch %s\\necho landlock-run 9 abi=7 enforcement=full\\n" "$1" > "$2"', 'sh', pwned, local], { mode: 'workspace-write' }, { workspace: proj });
  const r = spawnSync(w.argv[0], w.argv.slice(1), { encoding: 'utf8', cwd: proj });
  assert.strictEqual(r.status, 0, `the confined overwrite failed: ${r.stderr}`);
  // The next call from the project, resolving the project-local package:
  // refused, and the planted binary never runs.
  const script = `
    const llr = require('landlock-run');
    const p = llr.probe();
    let wrapError = '';
    try { llr.wrap(['true'], { mode: 'read-only' }); } catch (e) { wrapError = e.message; }
    let pathError = '';
    try { llr.launcherPath(); } catch (e) { pathError = e.message; }
    console.log(JSON.stringify({ p, wrapError, pathError }));`;
  const n = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: proj });
  assert.strictEqual(n.status, 0, n.stderr);
  const out = JSON.parse(n.stdout);
  assert.strictEqual(out.p.ok, false);
  assert.strictEqual(out.p.reason, 'untrusted-binary');
  assert.match(out.p.message, /refusing the landlock-run at .*node_modules.* inside the workspace/);
  assert.match(out.wrapError, /refusing the landlock-run/);
  assert.match(out.pathError, /Install landlock-run globally or system-wide/);
  assert.strictEqual(fs.existsSync(pwned), false, 'the planted launcher ran');
});

// The README's Node examples, run as written from the workspace.
const readmes = (process.env.LLR_T_READMES || '').split(':').filter(Boolean);
for (const readme of readmes) {
  // The builds example runs in a crate of its own (npm-builds.test.cjs).
  const blocks = [...fs.readFileSync(readme, 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1])
    .filter((code) => !code.startsWith('// example: builds'));
  test(`readme-examples-run-${path.basename(path.dirname(readme))}-${path.basename(readme)}`, () => {
    assert.ok(blocks.length > 0, `no js example in ${readme}`);
    blocks.forEach((code, i) => {
      const file = path.join(__dirname, `readme-example-${path.basename(path.dirname(readme))}-${i}.cjs`);
      fs.writeFileSync(file, code);
      const r = spawnSync(process.execPath, [file], { encoding: 'utf8', cwd: ws });
      assert.strictEqual(r.status, 0, `example ${i} of ${readme} exited ${r.status}: ${r.stderr}${r.stdout}`);
    });
  });
}
