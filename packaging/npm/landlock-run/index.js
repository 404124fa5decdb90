// landlock-run: the path of the static Landlock launcher for this platform
// and of the policy compiler, the launcher's probe, and builders for the argv
// that runs a command under it (raw flags, or a policy compiled by
// landlock-policy: modes, hiding, protection).
// CommonJS; index.mjs re-exports the same functions for ESM.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const cli = require('./flags.json'); // generated from common/cli_flags.h
const { version } = require('./package.json');

// One binary package per platform, selected by npm's os/cpu fields.
const PLATFORM_PACKAGES = { 'linux-arm64': '@landlock-run/linux-arm64', 'linux-x64': '@landlock-run/linux-x64' };

function fail(message) {
  const error = new Error(`landlock-run: ${message}`);
  error.code = 'LANDLOCK_RUN';
  return error;
}

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
//   landlock-run 0.1.0 abi=7 enforcement=full fs=full tcp=yes
//     scopes=abstract-unix,signal audit=yes pathname-unix=no
//   landlock-run 0.1.0 abi=0 enforcement=none error=unsupported
function parseProbeLine(line) {
  const text = String(line).trim();
  const words = text.split(' ');
  if (words.length < 4 || words[0] !== 'landlock-run') throw fail(`not a probe line: ${JSON.stringify(text)}`);
  const fields = {};
  for (const word of words.slice(2)) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw fail(`not a probe line (bad field ${JSON.stringify(word)}): ${JSON.stringify(text)}`);
    fields[word.slice(0, eq)] = word.slice(eq + 1);
  }
  const abi = Number(fields.abi);
  if (!Number.isInteger(abi) || !['full', 'partial', 'none'].includes(fields.enforcement)) {
    throw fail(`not a probe line (abi/enforcement): ${JSON.stringify(text)}`);
  }
  const yes = (key) => fields[key] === 'yes';
  return {
    version: words[1],
    abi,
    enforcement: fields.enforcement,
    fs: fields.fs || 'none',
    tcp: yes('tcp'),
    scopes: !fields.scopes || fields.scopes === 'none' ? [] : fields.scopes.split(','),
    audit: yes('audit'),
    pathnameUnix: yes('pathname-unix'),
    error: fields.error || null,
    fields,
    line: text,
  };
}

// Runs `landlock-run --probe`: the kernel's verdict, never an exception for a
// kernel that does not enforce (enforcement is then "none", ok false), nor
// for a launcher that is missing, refused or broken ({ ok: false, reason }).
function probe(options = {}) {
  let bin;
  try {
    bin = trustedBinary('launcher', options);
  } catch (e) {
    return probeFailure(e.message, null);
  }
  return probeWith(bin);
}

function probeFailure(reason, launcher) {
  return { ok: false, reason, launcher, enforcement: 'none', line: null, status: null };
}

function probeWith(bin) {
  const run = spawnSync(bin, ['--probe'], { encoding: 'utf8' });
  if (run.error) return probeFailure(`landlock-run: cannot run ${bin} --probe: ${run.error.message}`, bin);
  const line = (run.stdout || '').split('\n').find((l) => l.trim() !== '');
  if (!line) {
    return probeFailure(`landlock-run: ${bin} --probe printed nothing (status ${run.status}): ${(run.stderr || '').trim()}`, bin);
  }
  let parsed;
  try {
    parsed = parseProbeLine(line);
  } catch (e) {
    return probeFailure(`${e.message} (from ${bin} --probe, status ${run.status})`, bin);
  }
  const ok = run.status === 0;
  return {
    ...parsed,
    ok,
    reason: ok ? null : `Landlock does not enforce here: ${parsed.line}`,
    launcher: bin,
    status: run.status,
    stderr: run.stderr || '',
  };
}

// The launcher's grant and option flags as policy keys: the flag's name in
// cli_flags.h with a lower-case first letter (Ro -> ro, RwTry -> rwTry,
// ConnectTcp -> connectTcp), plus `scopes` as an alias of `scope`.
const ACTIONS = new Set(['probe', 'version', 'help']);
const POLICY_FLAGS = cli.flags.filter((f) => !ACTIONS.has(f.key));
const ALIASES = { scopes: 'scope' };
const PATH_KEYS = new Set(['ro', 'rw', 'roTry', 'rwTry']);
const PORT_KEYS = new Set(['connectTcp', 'bindTcp']);

function values(key, value) {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => {
    if (PORT_KEYS.has(key)) {
      if (!Number.isInteger(v) || v < 0 || v > 65535) throw fail(`${key}: ${JSON.stringify(v)} is not a TCP port (0-65535)`);
      return String(v);
    }
    if (key === 'requireAbi') {
      if (!Number.isInteger(v) || v < 1) throw fail(`requireAbi: ${JSON.stringify(v)} is not a Landlock ABI (1 or more)`);
      return String(v);
    }
    if (key === 'statusFd') {
      if (!Number.isInteger(v) || v < 3) throw fail(`statusFd: ${JSON.stringify(v)} is not a file descriptor above 2`);
      return String(v);
    }
    if (typeof v !== 'string' || v === '' || v.includes('\0')) {
      throw fail(`${key}: ${JSON.stringify(v)} must be a non-empty string without NUL`);
    }
    if (key === 'scope' && !cli.scopes.includes(v)) {
      throw fail(`scope: ${JSON.stringify(v)} is not one of ${cli.scopes.join(', ')}`);
    }
    if ((key === 'keepEnv' || key === 'unsetEnv') && v.includes('=')) throw fail(`${key}: ${JSON.stringify(v)} has '='`);
    if (PATH_KEYS.has(key) || key === 'scope' || key === 'expectVersion' || key === 'keepEnv' || key === 'unsetEnv') return v;
    throw fail(`${key}: unexpected value`);
  });
}

// grantArgs({noSymlinks, ro, rw, roTry, rwTry, connectTcp, bindTcp, restrictTcp,
// scope, logDenials, noLog, bestEffort, keepFds, requireAbi, expectVersion}):
// the launcher flags, in the header's order (so --no-symlinks comes before
// the grants it applies to), values in the order given. Unknown
// keys are an error (a typo must not silently widen or drop a rule).
function grantArgs(policy = {}) {
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object');
  const known = new Map(POLICY_FLAGS.map((f) => [f.key, f]));
  const given = new Map();
  for (const [rawKey, value] of Object.entries(policy)) {
    const key = ALIASES[rawKey] || rawKey;
    if (!known.has(key)) {
      throw fail(`unknown policy key ${JSON.stringify(rawKey)}; known keys: ${[...known.keys()].join(', ')}`);
    }
    if (given.has(key)) throw fail(`policy key ${key} given twice (${rawKey})`);
    given.set(key, value);
  }
  const argv = [];
  for (const flag of POLICY_FLAGS) {
    if (!given.has(flag.key)) continue;
    const value = given.get(flag.key);
    if (value === undefined || value === false) continue;
    if (!flag.takesValue) {
      if (value !== true) throw fail(`${flag.key} takes true or false, not ${JSON.stringify(value)}`);
      argv.push(flag.spelling);
      continue;
    }
    if (flag.values === 2) {  // --setenv NAME VALUE, from { NAME: VALUE }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail(`${flag.key} takes { NAME: VALUE }`);
      for (const [name, v] of Object.entries(value)) {
        if (!/^[^=*\0]+$/.test(name) || typeof v !== 'string' || v.includes('\0')) {
          throw fail(`${flag.key}: ${JSON.stringify(name)}=${JSON.stringify(v)} is not a NAME without '=' or '*' and a string VALUE`);
        }
        argv.push(flag.spelling, name, v);
      }
      continue;
    }
    for (const v of values(flag.key, value)) argv.push(flag.spelling, v);
  }
  return argv;
}

function checkArgv(argv) {
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string')) {
    throw fail('wrap: argv must be a non-empty array of strings (the command and its arguments)');
  }
}

const list = (v) => (v === undefined || v === false ? [] : Array.isArray(v) ? v : [v]);

// wrap(argv, policy, options): what to spawn instead of `argv`.
//  - policy a path to a TOML policy file, or an object with a `mode`: the
//    policy is compiled by landlock-policy and wrap returns
//    { argv, enforcement, mode, launcherVersion, sandboxed, launcher, warnings }.
//  - otherwise (the raw launcher flags of grantArgs, no hiding): the argv
//      [launcher, --expect-version VERSION, ...grantArgs(policy), --, ...argv]
//    as an array, pinned to this package's version unless
//    policy.expectVersion says otherwise (a string: that version; false:
//    unpinned).
// The launcher (and the compiler) must lie outside options.workspace
// (default: the current directory) and every writable grant.
function wrap(argv, policy = {}, options = {}) {
  checkArgv(argv);
  if (typeof policy === 'string' || (policy !== null && typeof policy === 'object' && !Array.isArray(policy) && 'mode' in policy)) {
    return compiledWrap(argv, policy, options);
  }
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object or a path');
  const own = { ...policy };
  const pin = own.expectVersion === undefined ? version : own.expectVersion;
  delete own.expectVersion;
  const flags = grantArgs(own); // validates before any path is trusted
  const writable = [...list(own.rw), ...list(own.rwTry)];
  const launcher = trustedBinary('launcher', { ...options, writable: [...(options.writable || []), ...writable] });
  const expect = pin === false ? [] : grantArgs({ expectVersion: pin });
  return [launcher, ...expect, ...flags, cli.separator, ...argv];
}

// ---- Policies as objects, written as TOML for landlock-policy ----

const MODES = ['read-only', 'workspace-write', 'danger-full-access', 'custom'];
const describe = (v) => (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

// A TOML basic string: ", \ and every control character escaped, and
// nothing that is not a Unicode scalar value (UTF-8 cannot carry it).
function tomlString(v, key) {
  if (typeof v !== 'string') throw fail(`policy ${key}: ${describe(v)} is not a string`);
  let out = '"';
  for (const ch of v) {
    const c = ch.codePointAt(0);
    if (c >= 0xd800 && c <= 0xdfff) throw fail(`policy ${key}: ${JSON.stringify(v)} holds a lone surrogate (not UTF-8)`);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

// A path in the compiler's syntax (~, ${HOME}, ${WORKSPACE}, ${TMPDIR},
// ${env.NAME}; $$ for a literal $). Relative paths are refused: the
// compiler would resolve them against the temporary policy file's folder.
function tomlPath(v, key) {
  if (typeof v !== 'string') throw fail(`policy ${key}: ${describe(v)} is not a string`);
  if (!/^[/~$]/.test(v)) throw fail(`policy ${key}: ${JSON.stringify(v)} must be absolute (or start with ~ or \${VARIABLE})`);
  return tomlString(v, key);
}

function tomlBool(v, key) {
  if (typeof v !== 'boolean') throw fail(`policy ${key}: ${describe(v)} is not true or false`);
  return String(v);
}

function tomlInt(v, key, lo, hi) {
  if (!Number.isInteger(v) || v < lo || v > hi) throw fail(`policy ${key}: ${describe(v)} is not an integer ${lo}-${hi}`);
  return String(v);
}

function tomlEntry(v, key, fields) {
  if (typeof v === 'string') return tomlPath(v, key);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(`policy ${key}: ${describe(v)} is not a path or { path, ... }`);
  const parts = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    if (k === 'path') parts.push(`path = ${tomlPath(x, `${key}.path`)}`);
    else if (k === 'why') parts.push(`why = ${tomlString(x, `${key}.why`)}`);
    else if (k === 'optional' && fields.includes('optional')) parts.push(`optional = ${tomlBool(x, `${key}.optional`)}`);
    else throw fail(`policy ${key}: unknown key ${JSON.stringify(k)} (known: path, ${fields.join(', ')})`);
  }
  if (!('path' in v)) throw fail(`policy ${key}: an entry needs a path`);
  return `{ ${parts.join(', ')} }`;
}

function tomlArray(v, key, each) {
  return `[${list(v).map((x, i) => each(x, `${key}[${i}]`)).join(', ')}]`;
}

function tomlPort(v, key) {
  if (typeof v === 'string' && /^\d{1,5}-\d{1,5}$/.test(v)) return tomlString(v, key);
  return tomlInt(v, key, 0, 65535);
}

function tomlTable(v, key, fields) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(`policy ${key}: ${describe(v)} is not an object`);
  const lines = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    const field = fields[k];
    if (!field) throw fail(`policy ${key}.${k}: unknown key (known: ${Object.keys(fields).join(', ')})`);
    lines.push(`${field[0]} = ${field[1](x, `${key}.${k}`)}`);
  }
  return lines.length ? `\n[${key}]\n${lines.join('\n')}\n` : '';
}

const relative = (v, key) => tomlString(v, key); // [protect] read_only / keep_writable: relative to each grant
const TOP = {
  ro: ['ro', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['optional', 'why']))],
  rw: ['rw', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['optional', 'why']))],
  hide: ['hide', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['why']))],
  hideSecrets: ['hide_secrets', tomlBool],
  strict: ['strict', tomlBool],
  scopes: ['scopes', (v, k) => tomlArray(v, k, tomlString)],
  bestEffort: ['best_effort', tomlBool],
  requireAbi: ['require_abi', (v, k) => tomlInt(v, k, 1, 9)],
  keepFds: ['keep_fds', tomlBool],
  project: ['project', (v, k) => tomlEntry(v, k, ['optional'])],
  compose: ['compose', (v, k) => {
    if (v !== 'merge' && v !== 'nest') throw fail(`policy ${k}: ${describe(v)} is not "merge" or "nest"`);
    return tomlString(v, k);
  }],
};
const TABLES = {
  network: {
    connect: ['connect', (v, k) => tomlArray(v, k, tomlPort)],
    bind: ['bind', (v, k) => tomlArray(v, k, tomlPort)],
    restrict: ['restrict', tomlBool],
  },
  audit: { logDenials: ['log_denials', tomlBool], logLauncher: ['log_launcher', tomlBool] },
  protect: {
    paths: ['paths', (v, k) => tomlArray(v, k, tomlPath)],
    unprotect: ['unprotect', (v, k) => tomlArray(v, k, tomlString)],
    readOnly: ['read_only', (v, k) => tomlArray(v, k, relative)],
    keepWritable: ['keep_writable', (v, k) => tomlArray(v, k, relative)],
  },
};

// policyToml({ mode, ro, rw, hide, network, ... }): the policy object as the
// text of a version 1 TOML policy. `workspace` is not written: wrap() passes
// it to the compiler as --set workspace=PATH (taken literally).
function policyToml(policy) {
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object');
  if (!MODES.includes(policy.mode)) throw fail(`policy mode: ${describe(policy.mode)} is not one of ${MODES.join(', ')}`);
  let top = `version = 1\nmode = ${tomlString(policy.mode, 'mode')}\n`;
  let tables = '';
  for (const [k, v] of Object.entries(policy)) {
    if (v === undefined || k === 'mode' || k === 'workspace') continue;
    if (TOP[k]) top += `${TOP[k][0]} = ${TOP[k][1](v, k)}\n`;
    else if (TABLES[k]) tables += tomlTable(v, k, TABLES[k]);
    else {
      throw fail(`unknown policy key ${JSON.stringify(k)}; known keys: mode, workspace, ${[...Object.keys(TOP), ...Object.keys(TABLES)].join(', ')}`);
    }
  }
  return top + tables;
}

// A private folder (0700) for the temporary policy file, outside the
// workspace and outside ${TMPDIR} where possible: the compiler refuses a
// policy file under a writable grant, and workspace-write makes ${TMPDIR}
// writable. Tried in order: options.tmpdir, $XDG_RUNTIME_DIR,
// ~/.cache/landlock-run, os.tmpdir().
function privateDir(workspace, env, explicit) {
  const wsNames = rootNames(workspace);
  const inside = (dir) => namesOnTheWay(dir).some((n) => wsNames.some((w) => isUnder(n, w)));
  const candidates = [];
  if (explicit !== undefined) {
    if (typeof explicit !== 'string' || !path.isAbsolute(explicit)) throw fail(`tmpdir: ${JSON.stringify(explicit)} is not an absolute path`);
    if (inside(explicit)) throw fail(`tmpdir ${explicit} lies inside the workspace ${workspace}: the policy file must be out of the confined command's reach`);
    candidates.push(explicit);
  } else {
    const runtime = env.XDG_RUNTIME_DIR;
    if (runtime && path.isAbsolute(runtime)) {
      try {
        const st = fs.lstatSync(runtime);
        if (st.isDirectory() && (st.mode & 0o077) === 0 && (!process.getuid || st.uid === process.getuid())) candidates.push(runtime);
      } catch {}
    }
    if (env.HOME && path.isAbsolute(env.HOME)) {
      const cache = path.join(env.HOME, '.cache', 'landlock-run');
      try {
        fs.mkdirSync(cache, { recursive: true, mode: 0o700 });
        const st = fs.lstatSync(cache);
        if (st.isDirectory() && (st.mode & 0o077) === 0 && (!process.getuid || st.uid === process.getuid())) candidates.push(cache);
      } catch {}
    }
    candidates.push(os.tmpdir());
  }
  const usable = candidates.filter((d) => !inside(d));
  if (usable.length === 0) {
    throw fail(`the temporary folder ${os.tmpdir()} lies inside the workspace ${workspace}: the policy file must be out of the confined command's reach (set TMPDIR or pass options.tmpdir)`);
  }
  const dir = fs.mkdtempSync(path.join(usable[0], 'landlock-run-'));
  fs.chmodSync(dir, 0o700);
  return dir;
}

// The paths the emitted argv makes writable (its outer layer).
function writableGrants(argv) {
  const out = [];
  for (let i = 1; i < argv.length - 1; i++) {
    if (argv[i] === cli.separator) break;
    if (argv[i] === '--rw' || argv[i] === '--rw-try') out.push(argv[++i]);
  }
  return out;
}

function compiledWrap(argv, policy, options) {
  const env = options.env || process.env;
  const isObject = typeof policy !== 'string';
  if (isObject && policy.workspace !== undefined && (typeof policy.workspace !== 'string' || !path.isAbsolute(policy.workspace))) {
    throw fail(`policy workspace: ${describe(policy.workspace)} is not an absolute path`);
  }
  const workspace = options.workspace || (isObject && policy.workspace) || process.cwd();
  if (!path.isAbsolute(workspace)) throw fail(`workspace: ${JSON.stringify(workspace)} is not an absolute path`);
  let wsStat;
  try {
    wsStat = fs.statSync(workspace);
  } catch (e) {
    throw fail(`workspace ${workspace}: ${e.message}`);
  }
  if (!wsStat.isDirectory()) throw fail(`workspace ${workspace} is not a folder`);
  // Before anything runs: both binaries outside the workspace, ${TMPDIR}
  // (the compiler refuses a launcher there) and the grants written as
  // literal absolute paths; after the compile: outside every emitted grant.
  const tmp = env.TMPDIR && path.isAbsolute(env.TMPDIR) ? env.TMPDIR : '/tmp';
  const literal = isObject ? list(policy.rw).map((e) => (typeof e === 'string' ? e : e && e.path)).filter((e) => typeof e === 'string' && e.startsWith('/')) : [];
  const trust = { ...options, env, workspace, writable: [...(options.writable || []), ...literal] };
  const extra = [{ path: tmp, what: '${TMPDIR}' }];
  const launcher = trustedBinary('launcher', trust, extra);
  const compiler = trustedBinary('policy', trust, extra);

  let file = policy;
  let dir = null;
  const args = ['argv', '--format', 'json', '--launcher', launcher];
  if (isObject || options.workspace) args.push('--set', `workspace=${workspace}`);
  try {
    if (isObject) {
      const text = policyToml(policy);
      dir = privateDir(workspace, env, options.tmpdir);
      file = path.join(dir, 'policy.toml');
      fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    } else if (typeof file !== 'string' || file === '') {
      throw fail('the policy must be an object or a path');
    } else file = path.resolve(file);
    const run = spawnSync(compiler, [...args, file, cli.separator, ...argv], {
      encoding: 'utf8',
      env,
      cwd: workspace,
      maxBuffer: 256 * 1024 * 1024,
    });
    if (run.error) throw fail(`cannot run ${compiler}: ${run.error.message}`);
    if (run.status !== 0) {
      const error = new Error((run.stderr || '').trimEnd() || `landlock-policy exited ${run.status} without a diagnostic`);
      error.code = 'LANDLOCK_POLICY';
      error.status = run.status;
      if (isObject) error.policyText = fs.readFileSync(file, 'utf8'); // the lines the diagnostics quote
      throw error;
    }
    const out = JSON.parse(run.stdout);
    const sandboxed = out[0] === launcher || out[0] === fs.realpathSync(launcher);
    const warnings = run.stderr || '';
    if (!sandboxed) {
      return { argv: out, enforcement: 'none', mode: isObject ? policy.mode : 'danger-full-access', launcherVersion: null, sandboxed: false, launcher: null, warnings };
    }
    const grants = writableGrants(out).map((g) => ({ path: g, what: 'the writable grant' }));
    checkOutside(launcher, 'launcher', grants);
    checkOutside(compiler, 'policy', grants);
    const p = options.probe || probeWith(launcher);
    return {
      argv: out,
      enforcement: p.ok ? p.enforcement : 'none',
      mode: isObject ? policy.mode : null,
      launcherVersion: p.version || null,
      sandboxed: true,
      launcher,
      warnings,
    };
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = {
  version,
  flags: cli,
  launcherPath,
  policyPath,
  probe,
  parseProbeLine,
  grantArgs,
  wrap,
  policyToml,
};
