// Run by tests/suites/73-npm.sh with plain node, from a consumer folder into
// which the packed tarballs were installed: uses the INSTALLED package only.
// The current directory (the workspace) is elsewhere: a launcher inside the
// workspace is refused. Prints PASS/FAIL lines; argv: SCRATCH_DIR REPO_ROOT.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [scratch, root] = process.argv.slice(2);
let failed = 0;
function check(name, fn) {
  try {
    const why = fn();
    if (why) {
      failed++;
      console.log(`FAIL npm-${name}: ${why}`);
    } else console.log(`PASS npm-${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL npm-${name}: ${e.stack.split('\n').slice(0, 2).join(' ')}`);
  }
}

const llr = require('landlock-run');
const expected = fs.readFileSync(path.join(root, 'VERSION'), 'utf8').trim();
const installed = path.join(__dirname, 'node_modules', '@landlock-run', 'linux-x64', 'bin', 'landlock-run');

check('version-from-VERSION', () => {
  const plat = require('@landlock-run/linux-x64/package.json').version;
  if (llr.version !== expected || plat !== expected) return `entry ${llr.version}, platform ${plat}, VERSION ${expected}`;
});

check('launcherPath-is-installed-binary', () => {
  const p = llr.launcherPath();
  if (p !== fs.realpathSync(installed) && p !== installed) return `launcherPath() = ${p}, want ${installed}`;
});

check('installed-binary-executable', () => {
  const mode = fs.statSync(installed).mode & 0o777;
  if ((mode & 0o111) !== 0o111) return `mode ${mode.toString(8)}: the executable bit was lost in pack or install`;
  fs.accessSync(installed, fs.constants.X_OK);
});

check('installed-binary-version', () => {
  const r = spawnSync(llr.launcherPath(), ['--version'], { encoding: 'utf8' });
  const want = `landlock-run ${expected} source-sha256=`;
  if (r.status !== 0 || !r.stdout.startsWith(want)) return `status ${r.status}, output ${JSON.stringify(r.stdout)}`;
});

const p = llr.probe();
check('probe-enforces', () => {
  if (!p.ok || p.enforcement === 'none' || !(p.abi >= 1)) return `probe says ${p.line} (status ${p.status}): ${p.reason} ${p.message}`;
  if (p.version !== expected) return `probe version ${p.version}`;
  for (const k of ['fs', 'tcp', 'scopes', 'audit', 'pathnameUnix', 'udp', 'atomicNnp', 'errata', 'errataFixes'])
    if (!(k in p)) return `probe result lacks ${k}`;
});

check('parseProbeLine', () => {
  const a = llr.parseProbeLine('landlock-run 9.9.9 abi=7 enforcement=full fs=full tcp=yes scopes=abstract-unix,signal audit=yes pathname-unix=no udp=no');
  const want = { version: '9.9.9', abi: 7, enforcement: 'full', fs: 'full', tcp: true, scopes: ['abstract-unix', 'signal'], audit: true, pathnameUnix: false, udp: false, error: null };
  for (const [k, v] of Object.entries(want))
    if (JSON.stringify(a[k]) !== JSON.stringify(v)) return `${k}: ${JSON.stringify(a[k])}`;
  const c = llr.parseProbeLine('landlock-run 9.9.9 abi=11 enforcement=full fs=full tcp=yes scopes=abstract-unix,signal audit=yes pathname-unix=yes udp=yes atomic-nnp=yes errata=15 fixes=tcp-sockets,same-process-signals,disconnected-dirs,whiteouts');
  if (!c.atomicNnp || c.errata !== 15 || c.errataFixes.join() !== 'tcp-sockets,same-process-signals,disconnected-dirs,whiteouts') return JSON.stringify(c);
  const u = llr.parseProbeLine('landlock-run 9.9.9 abi=2 enforcement=partial fs=partial tcp=no scopes=none audit=no pathname-unix=no udp=no atomic-nnp=no errata=unknown fixes=unknown');
  if (u.errata !== null || u.errataFixes.length !== 0 || a.errata !== null) return JSON.stringify(u);
  const b = llr.parseProbeLine('landlock-run 0.1.0 abi=0 enforcement=none error=unsupported');
  if (b.abi !== 0 || b.enforcement !== 'none' || b.error !== 'unsupported' || b.tcp || b.scopes.length) return JSON.stringify(b);
  let threw = false;
  try { llr.parseProbeLine('hello world'); } catch { threw = true; }
  if (!threw) return 'a garbage line parsed';
});

check('grantArgs-spellings-from-header', () => {
  const header = fs.readFileSync(path.join(root, 'launcher', 'cli_flags.h'), 'utf8');
  for (const f of llr.flags.flags)
    if (!header.includes(`{"${f.spelling}", Flag::${f.name},`)) return `${f.spelling} is not the header's spelling`;
  const argv = llr.grantArgs({ ro: ['/usr', '/etc'], rw: '/tmp/a,b:c', roTry: '/lib64', connectTcp: 443, restrictTcp: true, scopes: ['signal'], keepFds: true, requireAbi: 3 });
  const want = ['--ro', '/usr', '--ro', '/etc', '--rw', '/tmp/a,b:c', '--ro-try', '/lib64', '--connect-tcp', '443', '--restrict-tcp', '--scope', 'signal', '--keep-fds', '--require-abi', '3'];
  if (JSON.stringify(argv) !== JSON.stringify(want)) return `got ${JSON.stringify(argv)}`;
});

check('grantArgs-third-edition-flags', () => {
  const argv = llr.grantArgs({ connectUnix: '/run/agent.sock', connectUdp: [53], bindUdp: 0, restrictUdp: true, dropCaps: true });
  const want = ['--connect-unix', '/run/agent.sock', '--connect-udp', '53', '--bind-udp', '0', '--restrict-udp', '--drop-caps'];
  if (JSON.stringify(argv) !== JSON.stringify(want)) return `got ${JSON.stringify(argv)}`;
});

check('grantArgs-rejects-bad-input', () => {
  const bad = [{ rww: '/x' }, { ro: '' }, { ro: 'a\0b' }, { connectTcp: 70000 }, { scope: 'net' }, { keepFds: 'yes' }, { probe: true }, null];
  for (const policy of bad) {
    let threw = false;
    try { llr.grantArgs(policy); } catch (e) { threw = /^landlock-run: /.test(e.message); }
    if (!threw) return `accepted ${JSON.stringify(policy)}`;
  }
});

check('types-cover-every-flag', () => {
  const dts = fs.readFileSync(require.resolve('landlock-run/package.json').replace(/package\.json$/, 'index.d.ts'), 'utf8');
  for (const f of llr.flags.flags)
    if (!['probe', 'version', 'help'].includes(f.key) && !new RegExp(`\\b${f.key}\\?:`).test(dts)) return `index.d.ts lacks ${f.key}`;
  for (const fn of ['launcherPath', 'policyPath', 'probe', 'grantArgs', 'wrap', 'parseProbeLine', 'policyToml', 'run', 'spawn', 'findDenials'])
    if (!dts.includes(`function ${fn}(`)) return `index.d.ts lacks ${fn}`;
});

// The point of it all: plain node confines a write through the installed launcher.
const inside = path.join(scratch, 'inside');
const outside = path.join(scratch, 'outside');
fs.mkdirSync(inside, { recursive: true });
fs.mkdirSync(outside, { recursive: true });
function run(target) {
  const argv = llr.wrap(['/bin/sh', '-c', 'echo landed > "$1"', 'sh', target], { ro: '/', rw: inside });
  return spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
}

check('wrap-argv-shape', () => {
  const argv = llr.wrap(['true'], { ro: '/' });
  const want = [llr.launcherPath(), '--expect-version', expected, '--ro', '/', '--', 'true'];
  if (JSON.stringify(argv) !== JSON.stringify(want)) return JSON.stringify(argv);
  const unpinned = llr.wrap(['true'], { ro: '/', expectVersion: false });
  if (unpinned.includes('--expect-version')) return 'expectVersion: false still pinned';
});

check('write-outside-denied', () => {
  const target = path.join(outside, 'f');
  const r = run(target);
  if (r.status === 0) return `the write outside succeeded: ${r.stderr}`;
  if (!/Permission denied/.test(r.stderr)) return `status ${r.status}, stderr ${JSON.stringify(r.stderr)} (want EACCES)`;
  if (fs.existsSync(target)) return 'the denied write left a file';
});

check('write-inside-lands', () => {
  const target = path.join(inside, 'f');
  const r = run(target);
  if (r.status !== 0) return `status ${r.status}: ${r.stderr}`;
  if (fs.readFileSync(target, 'utf8') !== 'landed\n') return 'wrong content';
});

check('wrong-version-pin-refused', () => {
  const argv = llr.wrap(['/bin/sh', '-c', 'echo ran'], { ro: '/', expectVersion: '0.0.0-other' });
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  if (r.status !== 125 || r.stdout.includes('ran')) return `status ${r.status}, stdout ${JSON.stringify(r.stdout)}`;
});

process.exitCode = failed ? 1 : 0;
