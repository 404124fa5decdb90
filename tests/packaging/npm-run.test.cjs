// A coding-agent harness classifying its runs through the INSTALLED
// landlock-run package: run() / spawn() read the launcher's --status-fd and
// tell the command's own result (confined: true), a launcher that failed
// (confined: false, launcherError), a command that could not be executed
// (execFailed) and danger-full-access (unconfined) apart, and list the
// denials in stderr. Run by tests/suites/73-npm.sh with `node --test` from
// the consumer folder, cwd the workspace, HOME a fake home (with a fake
// ~/.ssh/id_ed25519), TMPDIR a dedicated folder. Environment: LLR_T_WS,
// LLR_T_PROJ (a workspace with a project-local install), LLR_T_POLICIES (a
// folder outside both), LLR_T_VERSION.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const llr = require('landlock-run');

const { ws, proj, policies, expected, home, secret } = require('./harness-env.cjs');
const probed = llr.probe();

// A marker a command leaves when it ran; absent before each test.
function marker(name) {
  const m = path.join(ws, name);
  fs.rmSync(m, { force: true });
  return m;
}

function assertConfined(r) {
  assert.strictEqual(r.sandbox.confined, true, `not confined: ${r.sandbox.launcherError}`);
  assert.strictEqual(r.sandbox.unconfined, false);
  assert.strictEqual(r.sandbox.launcherError, null);
  assert.strictEqual(r.sandbox.version, expected);
  assert.ok(['full', 'partial'].includes(r.sandbox.enforcement));
  assert.strictEqual(r.sandbox.abi, probed.abi);
}

test('probe-once-ok', () => {
  assert.strictEqual(probed.ok, true, probed.reason);
});

test('read-only-write-in-home-is-denied-and-reported', async () => {
  const target = path.join(home, 'denied');
  fs.rmSync(target, { force: true });
  const r = await llr.run(['bash', '-c', 'echo x > ~/denied'], { mode: 'read-only' }, { probe: probed });
  assertConfined(r);
  assert.strictEqual(r.sandbox.mode, 'read-only');
  assert.strictEqual(r.sandbox.execFailed, null);
  assert.notStrictEqual(r.status, 0);
  assert.strictEqual(fs.existsSync(target), false, 'the denied write left a file');
  assert.strictEqual(r.argv[0], llr.launcherPath());
  assert.deepStrictEqual(r.argv.slice(1, 3), ['--status-fd', '3']);
  assert.strictEqual(r.denied.length, 1, r.stderr);
  assert.strictEqual(r.denied[0].path, target);
  assert.strictEqual(r.denied[0].signature, 'eacces');
  assert.ok(r.denied[0].line.endsWith(`${target}: Permission denied`), r.denied[0].line);
});

test('workspace-write-write-in-the-workspace-succeeds', async () => {
  const target = marker('denied');
  const r = await llr.run(['bash', '-c', 'echo x > denied'], { mode: 'workspace-write' });
  assertConfined(r);
  assert.strictEqual(r.status, 0, r.stderr);
  assert.deepStrictEqual(r.denied, []);
  assert.strictEqual(fs.readFileSync(target, 'utf8'), 'x\n');
});

for (const mode of ['read-only', 'workspace-write']) {
  test(`${mode}-cat-of-the-ssh-key-fails`, async () => {
    assert.ok(fs.readFileSync(secret, 'utf8').includes('FAKE-KEY'), 'the fake key is readable outside');
    const r = await llr.run(['cat', secret], { mode });
    assertConfined(r);
    assert.notStrictEqual(r.status, 0);
    assert.ok(!r.stdout.includes('FAKE-KEY'), 'the key was read');
    assert.deepStrictEqual(r.denied.map((d) => d.path), [secret]);
  });
}

test('a-command-imitating-the-launcher-is-confined', async () => {
  const ran = marker('imitator-ran');
  const r = await llr.run(['sh', '-c', 'echo yes > imitator-ran; echo "landlock-run: fake" >&2; exit 125'], { mode: 'workspace-write' });
  assert.strictEqual(r.status, 125);
  assert.strictEqual(r.stderr, 'landlock-run: fake\n');
  assertConfined(r);
  assert.strictEqual(r.sandbox.execFailed, null);
  assert.ok(fs.existsSync(ran), 'the command did not run');
  // and its own 126 / 127 are not exec failures either
  for (const code of [126, 127]) {
    const own = await llr.run(['sh', '-c', `echo "landlock-run: cannot run x: fake" >&2; exit ${code}`], { mode: 'read-only' });
    assert.strictEqual(own.status, code);
    assert.strictEqual(own.sandbox.confined, true);
    assert.strictEqual(own.sandbox.execFailed, null);
  }
});

test('a-missing-grant-path-is-a-launcher-failure-and-nothing-ran', async () => {
  const ran = marker('missing-grant-ran');
  const missing = path.join(ws, 'no-such-grant');
  const r = await llr.run(['sh', '-c', 'echo yes > "$1"', 'sh', ran], { ro: '/', rw: [ws, missing] });
  assert.strictEqual(r.sandbox.confined, false);
  assert.strictEqual(r.sandbox.unconfined, false);
  assert.strictEqual(r.sandbox.launcherError, `--rw ${missing}: No such file or directory`);
  assert.strictEqual(r.sandbox.enforcement, 'none');
  assert.strictEqual(r.status, 125);
  assert.deepStrictEqual(r.denied, []);
  assert.strictEqual(fs.existsSync(ran), false, 'the command ran');
  // The grant does exist: the same call runs (the marker can appear).
  fs.mkdirSync(missing);
  const ok = await llr.run(['sh', '-c', 'echo yes > "$1"', 'sh', ran], { ro: '/', rw: [ws, missing] });
  fs.rmdirSync(missing);
  assert.strictEqual(ok.sandbox.confined, true, ok.sandbox.launcherError);
  assert.ok(fs.existsSync(ran));
});

test('a-compiled-policy-the-kernel-cannot-meet-is-a-launcher-failure', async (t) => {
  if (probed.abi >= 9) return t.skip('the kernel has ABI 9');
  const ran = marker('abi-ran');
  const r = await llr.run(['sh', '-c', 'echo yes > abi-ran'], { mode: 'workspace-write', requireAbi: 9 });
  assert.strictEqual(r.sandbox.confined, false);
  assert.match(r.sandbox.launcherError, /^--require-abi: the kernel has Landlock ABI \d+, ABI 9 is required$/);
  assert.strictEqual(r.sandbox.mode, 'workspace-write');
  assert.strictEqual(fs.existsSync(ran), false, 'the command ran');
});

test('exec-failures-are-126-and-127', async () => {
  const notFound = await llr.run(['no-such-command-llr'], { mode: 'read-only' });
  assertConfined(notFound);
  assert.strictEqual(notFound.status, 127);
  assert.deepStrictEqual(notFound.sandbox.execFailed, { exit: 127, error: 'cannot run no-such-command-llr: No such file or directory' });
  const script = path.join(ws, 'not-executable.sh');
  fs.writeFileSync(script, '#!/bin/sh\necho ran\n', { mode: 0o644 });
  const notExec = await llr.run([script], { mode: 'read-only' });
  assertConfined(notExec);
  assert.strictEqual(notExec.status, 126);
  assert.strictEqual(notExec.sandbox.execFailed.exit, 126);
  assert.match(notExec.sandbox.execFailed.error, /^cannot run .*not-executable\.sh: Permission denied$/);
  assert.strictEqual(notExec.stdout, '');
});

test('danger-full-access-runs-unconfined-and-says-so', async () => {
  const target = path.join(home, 'danger-run');
  fs.rmSync(target, { force: true });
  const argv = ['bash', '-c', 'echo x > ~/danger-run; cat ~/.ssh/id_ed25519; cat /nonexistent/x 2>&1 >/dev/null | sed "s/No such file or directory/Permission denied/" >&2'];
  const r = await llr.run(argv, { mode: 'danger-full-access' });
  assert.deepStrictEqual(r.sandbox, {
    confined: false, unconfined: true, launcherError: null, execFailed: null, mode: 'danger-full-access',
    enforcement: 'none', abi: null, notice: null, version: null, scopes: null, layers: 0,
  });
  assert.deepStrictEqual(r.argv, argv);
  assert.match(r.warnings, /danger-full-access: no sandbox/);
  assert.strictEqual(r.status, 0, r.stderr);
  assert.ok(r.stdout.includes('FAKE-KEY'));
  assert.ok(fs.existsSync(target));
  assert.match(r.stderr, /Permission denied/);
  assert.deepStrictEqual(r.denied, [], 'denied is reported only when confined');
  const missing = await llr.run(['no-such-command-llr'], { mode: 'danger-full-access' });
  assert.strictEqual(missing.sandbox.unconfined, true);
  assert.strictEqual(missing.sandbox.execFailed.exit, 127);
});

test('project-local-launcher-replacement-fails', async () => {
  // A confined command in the project (workspace-write, with the harness's
  // own launcher) overwrites the project-local launcher...
  const local = path.join(proj, 'node_modules', '@landlock-run', 'linux-x64', 'bin', 'landlock-run');
  const pwned = path.join(policies, 'pwned-run');
  const plant = 'printf "#!/bin/sh\\ntouch %s\\nexec \\"\\$@\\"\\n" "$1" > "$2"';
  const r = await llr.run(['sh', '-c', plant, 'sh', pwned, local], { mode: 'workspace-write' }, { workspace: proj });
  assert.strictEqual(r.sandbox.confined, true);
  assert.strictEqual(r.status, 0, `the confined overwrite failed: ${r.stderr}`);
  // ...then the harness, run from the project, resolving its local package:
  // run() rejects before anything is spawned, and the planted binary never runs.
  const script = `require('landlock-run').run(['sh', '-c', 'touch ran'], { mode: 'read-only' })
    .then((r) => console.log('resolved', JSON.stringify(r.sandbox)), (e) => console.log('rejected', e.message));`;
  const n = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: proj });
  assert.strictEqual(n.status, 0, n.stderr);
  assert.match(n.stdout, /^rejected landlock-run: refusing the landlock-run at .*node_modules.* inside the workspace/);
  assert.strictEqual(fs.existsSync(pwned), false, 'the planted launcher ran');
  assert.strictEqual(fs.existsSync(path.join(proj, 'ran')), false, 'the command ran');
});

// ---- Beyond the list: what a harness meets on a bad day ----

// A stand-in launcher (raw flags accept any absolute launcher).
function fakeLauncher(name, body) {
  const f = path.join(policies, `fake-${name}`);
  fs.writeFileSync(f, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return f;
}

test('a-launcher-that-does-not-report-is-a-launcher-failure', async () => {
  const cases = {
    killed: [`kill -9 $$`, /^the launcher was killed by SIGKILL before it reported on --status-fd; the command never ran$/],
    silent: ['exit 125', /^the launcher exited 125 before it reported on --status-fd/],
    truncated: [`printf '{"confined":tr' >&3; exit 0`, /^the launcher wrote a truncated status line "{\\"confined\\":tr" and exited 0/],
    garbage: ['echo hello >&3; exit 0', /^the launcher wrote an unreadable status line "hello"/],
    twice: [`l='{"confined":true,"abi":7,"enforcement":"full","notice":"","version":"${expected}"}'; echo "$l" >&3; echo "$l" >&3`, /wrote an unexpected status/],
  };
  for (const [name, [body, want]] of Object.entries(cases)) {
    const r = await llr.run(['true'], { ro: '/', expectVersion: false }, { launcher: fakeLauncher(name, body) });
    assert.strictEqual(r.sandbox.confined, false, name);
    assert.match(r.sandbox.launcherError, want, name);
  }
  const gone = await llr.run(['true'], { ro: '/' }, { cwd: path.join(ws, 'no-such-cwd') });
  assert.strictEqual(gone.sandbox.confined, false);
  assert.match(gone.sandbox.launcherError, /could not be started: the working folder .*no-such-cwd does not exist/);
});

test('nested-layers-each-report-and-the-command-holds-no-status-fd', async () => {
  const nestWs = path.join(ws, 'nest');
  fs.mkdirSync(nestWs, { recursive: true });
  fs.writeFileSync(path.join(nestWs, '.landlock.toml'), 'version = 1\nro = ["/usr"]\n');
  const policy = { mode: 'workspace-write', compose: 'nest', project: { path: '${WORKSPACE}/.landlock.toml', optional: true } };
  const leak = 'for fd in 3 4; do if (: >&$fd) 2>&-; then echo "fd $fd open"; fi; done; echo done';
  const r = await llr.run(['sh', '-c', leak], policy, { workspace: nestWs });
  assertConfined(r);
  assert.strictEqual(r.sandbox.layers, 2);
  assert.deepStrictEqual(r.argv.filter((a) => a === '--status-fd').length, 2);
  assert.strictEqual(r.stdout, 'done\n', r.stderr);
  const missing = await llr.run(['no-such-command-llr'], policy, { workspace: nestWs });
  assert.strictEqual(missing.sandbox.execFailed.exit, 127);
  // one layer: the command holds no fd 3 either
  const one = await llr.run(['sh', '-c', leak], { mode: 'read-only' });
  assert.strictEqual(one.stdout, 'done\n');
});

test('timeout-and-abort-kill-the-command', async () => {
  const t = await llr.run(['sh', '-c', 'sleep 5 & sleep 5'], { mode: 'read-only' }, { timeout: 300 });
  assert.strictEqual(t.timedOut, true);
  assert.strictEqual(t.signal, 'SIGTERM');
  assert.strictEqual(t.sandbox.confined, true);
  const ac = new AbortController();
  const p = llr.run(['sleep', '30'], { mode: 'read-only' }, { signal: ac.signal });
  setTimeout(() => ac.abort(), 300);
  const a = await p;
  assert.strictEqual(a.aborted, true);
  assert.strictEqual(a.signal, 'SIGTERM');
  const ran = marker('aborted-ran');
  await assert.rejects(llr.run(['sh', '-c', 'touch aborted-ran'], { mode: 'workspace-write' }, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  assert.strictEqual(fs.existsSync(ran), false);
});

test('large-output-is-capped-and-denials-past-the-cap-still-found', async () => {
  const cmd = 'head -c 3000000 /dev/zero; i=0; while [ $i -lt 1500 ]; do i=$((i+1)); echo "cat: /x$i: Permission denied" >&2; done';
  const r = await llr.run(['sh', '-c', cmd], { mode: 'read-only' }, { maxBuffer: 1000 });
  assert.strictEqual(r.status, 0);
  assert.strictEqual(r.stdout.length, 1000);
  assert.strictEqual(r.stderr.length, 1000);
  assert.deepStrictEqual(r.truncated, { stdout: true, stderr: true });
  assert.strictEqual(r.denied.length, 1000); // the documented cap
  assert.strictEqual(r.denied[999].path, '/x1000');
  const whole = await llr.run(['sh', '-c', 'head -c 3000000 /dev/zero'], { mode: 'read-only' });
  assert.strictEqual(whole.stdout.length, 3000000);
  assert.deepStrictEqual(whole.truncated, { stdout: false, stderr: false });
  const echoed = await llr.run(['cat'], { mode: 'read-only' }, { input: 'from stdin\n' });
  assert.strictEqual(echoed.stdout, 'from stdin\n');
});

test('spawn-streams-and-classifies', async () => {
  const s = llr.spawn(['sh', '-c', `echo out; echo x > ${path.join(home, 'streamed')}`], { mode: 'read-only' });
  let out = '';
  s.child.stdout.setEncoding('utf8');
  s.child.stdout.on('data', (d) => { out += d; });
  s.child.stderr.setEncoding('utf8');
  const r = await s.result;
  assert.strictEqual(out, 'out\n');
  assertConfined(r);
  assert.strictEqual(r.denied[0].path, path.join(home, 'streamed'));
  assert.ok(!('stdout' in r));
  const inherit = llr.spawn(['true'], { mode: 'read-only' }, { stdio: ['ignore', 'ignore', 'ignore'] });
  assert.strictEqual(inherit.child.stdout, null);
  assert.strictEqual((await inherit.result).sandbox.confined, true);
});

test('run-owns-the-status-fd', async () => {
  await assert.rejects(llr.run(['true'], { ro: '/', statusFd: 3 }), /statusFd is run\(\)'s own/);
  await assert.rejects(llr.run(['true'], { mode: 'read-only', ro: ['relative'] }), { code: 'LANDLOCK_RUN' });
  await assert.rejects(llr.run(['true'], { mode: 'custom', ro: [path.join(ws, 'nope')] }), { code: 'LANDLOCK_POLICY' });
});

test('denial-signatures-name-common-tools', () => {
  for (const s of llr.denialSignatures) {
    const [d] = llr.findDenials(s.example);
    assert.strictEqual(d && d.signature, s.name, s.example);
    assert.strictEqual(d.path, '/home/u/denied', s.example);
  }
  const lines = {
    "npm ERR! Error: EACCES: permission denied, mkdir '/home/u/.npm/_cacache'": '/home/u/.npm/_cacache',
    "PermissionError: [Errno 13] Permission denied: 'out.txt'": 'out.txt',
    'Traceback (most recent call last):': undefined,
    "mkdir: cannot create directory \u2018/home/u/d\u2019: Permission denied": '/home/u/d',
    'sh: 1: cannot create /home/u/f: Permission denied': '/home/u/f',
    'bash: line 1: rel: Permission denied': 'rel',
    'open /home/u/go.mod: permission denied': '/home/u/go.mod',
    "Error: Permission denied (os error 13)": null,
    "error: could not lock config file /home/u/.gitconfig: Permission denied": '/home/u/.gitconfig',
    "fatal: Unable to create '/w/.git/index.lock': Permission denied": '/w/.git/index.lock',
    'kill: (1234) - Operation not permitted': null,
    'java.io.FileNotFoundException: /home/u/x (Permission denied)': '/home/u/x',
    "cat: /nope: No such file or directory": undefined,
    'cat: Permission denied': null,
  };
  for (const [line, want] of Object.entries(lines)) {
    const found = llr.findDenials(`${line}\r\n`);
    if (want === undefined) assert.deepStrictEqual(found, [], line);
    else assert.strictEqual(found.length === 1 && (found[0].path === undefined ? null : found[0].path), want, line);
  }
});

test('denials-of-real-tools-are-found', async () => {
  const target = path.join(home, 'tool-denied');
  const node = await llr.run([process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(target)}, 'x')`], { mode: 'read-only' });
  assert.ok(node.denied.some((d) => d.path === target && d.signature === 'errno-name'), node.stderr);
  const python = spawnSync('python3', ['--version']).status === 0;
  if (python) {
    const py = await llr.run(['python3', '-c', `open(${JSON.stringify(target)}, 'w')`], { mode: 'read-only' });
    assert.ok(py.denied.some((d) => d.path === target && d.signature === 'python'), py.stderr);
  }
  const touch = await llr.run(['touch', target], { mode: 'read-only' });
  assert.deepStrictEqual(touch.denied.map((d) => d.path), [target], touch.stderr);
  assert.strictEqual(fs.existsSync(target), false);
});

test('agent-modes-hide-token-variables-and-env-shapes-the-rest', async () => {
  const secretEnv = { ...process.env, GITHUB_TOKEN: 'gh-secret', MY_API_KEY: 'k', HARMLESS: 'h' };
  const show = ['sh', '-c', 'echo "${GITHUB_TOKEN-unset} ${MY_API_KEY-unset} ${HARMLESS-unset} ${EXTRA-unset}"'];
  const plain = await llr.run(show, { mode: 'workspace-write', workspace: ws }, { probe: probed, env: secretEnv });
  assertConfined(plain);
  assert.strictEqual(plain.stdout.trim(), 'unset unset h unset', plain.stderr);
  const shaped = await llr.run(show, { mode: 'workspace-write', workspace: ws, env: { inherit: 'core', set: { EXTRA: 'x y' } } },
    { probe: probed, env: secretEnv });
  assertConfined(shaped);
  assert.strictEqual(shaped.stdout.trim(), 'unset unset unset x y', shaped.stderr);
  assert.throws(() => llr.wrap(['true'], { mode: 'read-only', env: { inherit: 'some' } }), /"all", "core" or "none"/);
});

// The race of issue 22: a process left running by an earlier workspace-write
// run (so it may write ${TMPDIR}) swaps a danger-full-access policy over any
// policy file the harness writes, between the write and the compile. HOME has
// no usable ~/.cache, so a harness that writes its policy somewhere falls
// back to ${TMPDIR} (the daemon's own run, with the suite's HOME, had one).
// Nothing is written any more: 0 of 20 runs unconfined.
test('a-daemon-left-by-a-confined-run-cannot-swap-the-policy', async () => {
  const raceHome = fs.mkdtempSync(path.join(policies, 'race-home-'));
  fs.mkdirSync(path.join(raceHome, '.ssh'), { mode: 0o700 });
  fs.writeFileSync(path.join(raceHome, '.ssh', 'id_ed25519'), 'RACE-KEY\n');
  fs.writeFileSync(path.join(raceHome, '.cache'), 'not a folder\n');
  const tmp = process.env.TMPDIR;
  const env = { ...process.env, HOME: raceHome, GITHUB_TOKEN: 'RACE-TOKEN' };
  delete env.XDG_RUNTIME_DIR;
  const stop = path.join(tmp, 'race-stop');
  const pidFile = path.join(tmp, 'race-daemon.pid');
  fs.rmSync(stop, { force: true });
  fs.rmSync(pidFile, { force: true });
  // Swaps every policy.toml it finds in ${TMPDIR} and ~/.cache/landlock-run
  // (and any file named like one) for danger-full-access, as fast as it can.
  const daemon = `
    const fs = require('fs'), path = require('path');
    const T = process.env.TMPDIR, evil = 'version = 1\\nmode = "danger-full-access"\\n';
    fs.writeFileSync(path.join(T, 'race-daemon.pid'), String(process.pid));
    const end = Date.now() + 120000;
    let n = 0;
    const swap = (f) => { try { const e = path.join(T, 'race-evil-' + n++); fs.writeFileSync(e, evil); fs.renameSync(e, f); } catch {} };
    while (Date.now() < end && !fs.existsSync(path.join(T, 'race-stop'))) {
      for (const root of [T, path.join(process.env.HOME, '.cache', 'landlock-run')]) {
        let names = [];
        try { names = fs.readdirSync(root); } catch {}
        for (const d of names) {
          if (d.endsWith('.toml')) swap(path.join(root, d));
          else if (d.startsWith('landlock-run-')) swap(path.join(root, d, 'policy.toml'));
        }
      }
    }`;
  const launch = `${JSON.stringify(process.execPath)} -e "$1" </dev/null >/dev/null 2>&1 &`;
  const first = await llr.run(['sh', '-c', launch, 'sh', daemon], { mode: 'workspace-write' }, { probe: probed });
  assertConfined(first);
  for (let i = 0; i < 100 && !fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(fs.existsSync(pidFile), 'the daemon did not start');
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const outcomes = [];
  try {
    for (let i = 0; i < 20; i++) {
      try {
        const r = await llr.run(['sh', '-c', 'cat ~/.ssh/id_ed25519; echo "token=${GITHUB_TOKEN-unset}"'], { mode: 'workspace-write' }, { probe: probed, env });
        const leaked = r.stdout.includes('RACE-KEY') || r.stdout.includes('RACE-TOKEN');
        outcomes.push(!r.sandbox.confined || r.sandbox.unconfined || leaked ? `unconfined (mode ${r.sandbox.mode})` : 'confined');
      } catch (e) {
        outcomes.push(`refused: ${e.message.split('\n')[0]}`);
      }
    }
  } finally {
    fs.writeFileSync(stop, '');
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  const unconfined = outcomes.filter((o) => o.startsWith('unconfined'));
  assert.strictEqual(unconfined.length, 0, `${unconfined.length} of 20 runs unconfined: ${outcomes.join('; ')}`);
  assert.deepStrictEqual(outcomes, Array(20).fill('confined'), outcomes.join('; '));
});

// `denied` reads the lines npm prints for EACCES (the code, then the path a
// few lines on, then the same error again and its fields: one denial) and
// the names coreutils quotes in the locale's quotes.
test('denied-reads-npm-and-strips-locale-quotes', () => {
  const npm = [
    'npm error Log files were not written due to an error writing to the directory: /h/.npm/_logs',
    'npm error code EACCES',
    'npm error syscall mkdir',
    'npm error path /h/x',
    'npm error errno -13',
    "npm error Error: EACCES: permission denied, mkdir '/h/x'",
    'npm error     at async mkdir (node:internal/fs/promises:856:10) {',
    'npm error   errno: -13,',
    "npm error   code: 'EACCES',",
    "npm error   syscall: 'mkdir',",
    "npm error   path: '/h/x'",
    'npm error }',
    'npm error The operation was rejected by your operating system.',
  ].join('\n');
  assert.deepStrictEqual(llr.findDenials(npm).map((d) => [d.path, d.signature]), [['/h/.npm/_logs', 'npm'], ['/h/x', 'npm']]);
  const old = "npm ERR! code EPERM\nnpm ERR! path /h/y\nnpm ERR! Error: EPERM: operation not permitted, open '/h/y'\n";
  assert.deepStrictEqual(llr.findDenials(old).map((d) => d.path), ['/h/y']);
  const quoted = {
    'mkdir: cannot create directory \u2018build\u2019: Permission denied': 'build',
    'touch: cannot touch \u201cout.txt\u201d: Permission denied': 'out.txt',
    "rm: cannot remove 'x': Operation not permitted": 'x',
  };
  for (const [line, want] of Object.entries(quoted)) {
    const found = llr.findDenials(line);
    assert.strictEqual(found.length === 1 && found[0].path, want, line);
  }
});

test('network-off-compiles-to-restrict-and-holds', async () => {
  assert.match(llr.policyToml({ mode: 'read-only', network: 'off' }), /\n\[network\]\nrestrict = true\n/);
  const r = await llr.run([process.execPath, '-e', `
    const s = require('net').connect(9, '127.0.0.1');
    s.on('error', (e) => { console.log(e.code); });
    s.on('connect', () => { console.log('connected'); s.destroy(); });`], { mode: 'read-only', network: 'off' }, { probe: probed });
  assertConfined(r);
  if (!probed.tcp) return; // no TCP control in this kernel: the compile is what is checked
  assert.match(r.stdout, /EACCES|EPERM/, r.stdout + r.stderr);
});

// Under workspace-write with a .git, the workspace's own folder is carved
// read-only: a new file there is denied on purpose, and `denied` says so.
test('a-denial-at-the-workspace-root-is-marked-carve', async () => {
  const repo = fs.mkdtempSync(path.join(policies, 'repo-'));
  fs.mkdirSync(path.join(repo, '.git'));
  fs.mkdirSync(path.join(repo, 'src'));
  const r = await llr.run(['sh', '-c', 'echo x > new-at-root; echo y > src/fine; echo z > ~/not-carve'],
    { mode: 'workspace-write' }, { probe: probed, workspace: repo });
  assertConfined(r);
  assert.ok(fs.existsSync(path.join(repo, 'src', 'fine')), r.stderr);
  assert.deepStrictEqual(r.denied.map((d) => [d.path, d.reason]), [['new-at-root', 'carve'], [path.join(home, 'not-carve'), undefined]], r.stderr);
});

// Issue 29: a clone of yours left in ${TMPDIR} (the test's own TMPDIR) is
// about the machine, not this run: the compiler says it on a terminal and
// with --diagnostics gcc, never in the `warnings` a harness reads.
test('a-clone-in-tmpdir-is-not-among-the-warnings', async (t) => {
  const clone = path.join(process.env.TMPDIR, 'someone-elses-checkout');
  fs.mkdirSync(path.join(clone, '.git', 'hooks'), { recursive: true });
  t.after(() => fs.rmSync(clone, { recursive: true, force: true }));
  // Proof that the compiler does see it (else the check below proves nothing).
  const args = ['argv', '--diagnostics', 'gcc', '--format', 'json', '--launcher', llr.launcherPath(), '--set', `workspace=${ws}`,
    '--mode', 'workspace-write', '--', 'true'];
  const gcc = spawnSync(llr.policyPath(), args, { encoding: 'utf8', cwd: ws });
  assert.match(gcc.stderr, /warning: writable grant `\$\{TMPDIR\}` contains .*someone-elses-checkout\/\.git/);
  const r = await llr.run(['true'], { mode: 'workspace-write' });
  assertConfined(r);
  assert.strictEqual(r.status, 0, r.stderr);
  assert.doesNotMatch(r.warnings, /\.git/);
});
