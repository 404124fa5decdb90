// Where the launcher and the policy compiler come from, and the check that
// neither lies where a confined command could replace it.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { version } = require('./package.json');
const { fail } = require('./errors.js');

// One binary package per platform, selected by npm's os/cpu fields.
const PLATFORM_PACKAGES = { 'linux-arm64': '@landlock-run/linux-arm64', 'linux-x64': '@landlock-run/linux-x64' };

// The two binaries, their environment overrides and their system location
// (the .deb installs both in /usr/bin).
const BINARIES = {
  launcher: { name: 'landlock-run', env: 'LANDLOCK_RUN', fn: 'launcherPath' },
  policy: { name: 'landlock-policy', env: 'LANDLOCK_POLICY', fn: 'policyPath' },
};
const SYSTEM_BIN = '/usr/bin';

function platformPackage() {
  const platform = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[platform];
  if (!pkg) {
    throw fail(
      `no launcher for ${platform}: Landlock is a Linux security module, and binaries exist for ` +
        `${Object.keys(PLATFORM_PACKAGES).join(', ')} only`,
    );
  }
  return pkg;
}

// The version a system binary prints (`landlock-run 0.1.0 ...`), cached by
// the file's identity so that a replaced file is asked again.
const versionCache = new Map();
function binaryVersion(bin) {
  const st = fs.statSync(bin);
  const key = `${bin}\0${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  if (!versionCache.has(key)) {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    const words = (r.stdout || '').split(/\s+/);
    versionCache.set(key, r.status === 0 && words.length > 1 ? words[1] : null);
  }
  return versionCache.get(key);
}

function checkExecutable(bin, what) {
  try {
    fs.accessSync(bin, fs.constants.X_OK);
  } catch (e) {
    const why = fs.existsSync(bin) ? 'is not executable (its mode bit was lost on the way)' : 'is missing';
    throw fail(`the ${what} ${bin} ${why}: ${e.message}`);
  }
}

// Where a binary comes from, in this order:
//   1. $LANDLOCK_RUN / $LANDLOCK_POLICY, when set: must be an absolute path;
//   2. /usr/bin/landlock-run, /usr/bin/landlock-policy (the .deb), when it
//      exists and prints this package's version;
//   3. bin/ of the platform package @landlock-run/<os>-<cpu>.
// `roots` are checked before a system binary is asked its version (never
// run a binary a confined command could have planted).
function locate(kind, env, roots) {
  const { name, env: envName } = BINARIES[kind];
  const override = env[envName];
  if (override !== undefined && override !== '') {
    if (!path.isAbsolute(override)) {
      throw fail(`${envName}=${JSON.stringify(override)} is not an absolute path; a relative one would be looked up wherever the caller stands`);
    }
    checkExecutable(override, `${name} named by ${envName}`);
    return { bin: override, source: envName };
  }
  const notes = [];
  const system = path.join(SYSTEM_BIN, name);
  if (fs.existsSync(system)) {
    checkOutside(system, kind, roots);
    const v = binaryVersion(system);
    if (v === version) return { bin: system, source: 'system' };
    notes.push(`${system} is version ${v || '(unknown)'}, not ${version}`);
  }
  const pkg = platformPackage();
  let manifest;
  try {
    manifest = require.resolve(`${pkg}/package.json`);
  } catch {
    throw fail(
      `the platform package ${pkg} is not installed, so there is no ${name} for ${process.platform}-${process.arch}` +
        `${notes.length ? ` (${notes.join('; ')})` : ''}: install it beside landlock-run with ` +
        `\`npm install ${pkg}@${version}\` (npm skips it with --omit=optional or --no-optional, and an offline ` +
        `install skips it when it is not in the cache), or install the landlock-run .deb (/usr/bin/${name})`,
    );
  }
  const pkgVersion = JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  if (pkgVersion !== version) {
    throw fail(`${pkg} is version ${pkgVersion}, but landlock-run is ${version}: install the same version of both`);
  }
  const bin = path.join(path.dirname(manifest), 'bin', name);
  checkExecutable(bin, name === 'landlock-run' ? 'launcher' : 'policy compiler');
  return { bin, source: pkg };
}

// Every name a path is reached through: each prefix as written, where a
// symlink among them points (one hop), and each prefix's real path.
function namesOnTheWay(p) {
  const names = new Set();
  let cur = '/';
  for (const part of path.resolve(p).split('/').filter(Boolean)) {
    cur = path.join(cur, part);
    names.add(cur);
    try {
      if (fs.lstatSync(cur).isSymbolicLink()) names.add(path.resolve(path.dirname(cur), fs.readlinkSync(cur)));
    } catch {}
    try {
      names.add(fs.realpathSync(cur));
    } catch {}
  }
  return [...names];
}

function rootNames(p) {
  const names = new Set([path.resolve(p)]);
  try {
    names.add(fs.realpathSync(p));
  } catch {}
  return [...names];
}

const isUnder = (p, root) => root === '/' || p === root || p.startsWith(`${root}/`);

// Refuses a binary reached through a path inside one of `roots` (the
// workspace, the writable grants): a confined command could replace it, and
// the next probe() or wrap() would run the replacement unconfined.
function checkOutside(bin, kind, roots) {
  const { name, env: envName } = BINARIES[kind];
  const names = namesOnTheWay(bin);
  for (const { path: root, what } of roots) {
    for (const r of rootNames(root)) {
      const hit = names.find((n) => isUnder(n, r));
      if (hit === undefined) continue;
      const error = fail(
        `refusing the ${name} at ${bin}: ${hit === bin ? 'it' : `${hit}, on its way,`} lies inside ${what} ${r}, ` +
          `where a confined command could replace it and run unconfined at the next call. Install landlock-run ` +
          `globally or system-wide (the .deb's /usr/bin/${name} is found first), or set ${envName} to an ` +
          `absolute path outside every writable folder`,
      );
      error.reason = 'untrusted-binary';
      throw error;
    }
  }
}

// The roots a binary must stay out of: the workspace (default: the current
// directory) and the writable paths the caller names.
function trustRoots(options, extra = []) {
  const roots = [{ path: options.workspace || process.cwd(), what: 'the workspace' }];
  for (const w of options.writable || []) roots.push({ path: w, what: 'the writable grant' });
  return roots.concat(extra);
}

function trustedBinary(kind, options = {}, extra = []) {
  const env = options.env || process.env;
  const explicit = kind === 'launcher' ? options.launcher : options.policyCompiler;
  let bin;
  if (explicit !== undefined) {
    if (typeof explicit !== 'string' || !path.isAbsolute(explicit)) throw fail(`${kind === 'launcher' ? 'launcher' : 'policyCompiler'}: ${JSON.stringify(explicit)} is not an absolute path`);
    checkExecutable(explicit, BINARIES[kind].name);
    bin = explicit;
  } else bin = locate(kind, env, trustRoots(options, extra)).bin;
  checkOutside(bin, kind, trustRoots(options, extra));
  return bin;
}

// The absolute path of the launcher binary, found in the documented order,
// checked to be executable, to be this package's version, and to lie
// outside options.workspace (default: the current directory) and
// options.writable.
function launcherPath(options = {}) {
  return trustedBinary('launcher', options);
}

// The same for the policy compiler, landlock-policy.
function policyPath(options = {}) {
  return trustedBinary('policy', options);
}

// Parses one `landlock-run --probe` line, for example

// The folder ${TMPDIR} names (/tmp when unset): workspace-write makes it
// writable, so no binary may be reached through it; nor through /tmp, which
// every earlier run whose TMPDIR was unset could write, whatever TMPDIR says
// now, nor /dev/shm (the compiler counts the same folders).
function tmpRoot(env) {
  const roots = [{ path: env.TMPDIR && path.isAbsolute(env.TMPDIR) ? env.TMPDIR : '/tmp', what: '${TMPDIR}' }];
  roots.push({ path: '/tmp', what: '/tmp (writable to every run whose TMPDIR was unset)' });
  roots.push({ path: '/dev/shm', what: 'shared memory' });
  return roots;
}


module.exports = { launcherPath, policyPath, trustedBinary, checkOutside, tmpRoot };
