// landlock-run: the path of the static Landlock launcher for this platform
// and of the policy compiler, the launcher's probe, and builders for the argv
// that runs a command under it (raw flags, or a policy compiled by
// landlock-policy: modes, hiding, protection).
// CommonJS; index.mjs re-exports the same functions for ESM.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawn: spawnChild, spawnSync } = require('child_process');
const { StringDecoder } = require('string_decoder');
const cli = require('./flags.json'); // generated from launcher/cli_flags.h
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
//     scopes=abstract-unix,signal audit=yes pathname-unix=no udp=no
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
    udp: yes('udp'),
    error: fields.error || null,
    fields,
    line: text,
  };
}

// The folder ${TMPDIR} names (/tmp when unset): workspace-write makes it
// writable, so no binary may be reached through it.
function tmpRoot(env) {
  return [{ path: env.TMPDIR && path.isAbsolute(env.TMPDIR) ? env.TMPDIR : '/tmp', what: '${TMPDIR}' }];
}

// Runs `landlock-run --probe`: the kernel's verdict, never an exception for a
// kernel that does not enforce ({ ok: false, reason: 'not-enforcing' }), nor
// for a launcher that is missing ('no-launcher'), refused by the same trust
// check as run() ('untrusted-binary': inside the workspace, a writable grant
// or ${TMPDIR}) or broken ('probe-failed'); `message` says what happened.
function probe(options = {}) {
  let bin;
  try {
    bin = trustedBinary('launcher', options, tmpRoot(options.env || process.env));
  } catch (e) {
    return probeFailure(e.reason === 'untrusted-binary' ? 'untrusted-binary' : 'no-launcher', e.message, null);
  }
  return probeWith(bin);
}

function probeFailure(reason, message, launcher) {
  return { ok: false, reason, message, launcher, enforcement: 'none', line: null, status: null };
}

function probeWith(bin) {
  const run = spawnSync(bin, ['--probe'], { encoding: 'utf8' });
  if (run.error) return probeFailure('probe-failed', `landlock-run: cannot run ${bin} --probe: ${run.error.message}`, bin);
  const line = (run.stdout || '').split('\n').find((l) => l.trim() !== '');
  if (!line) {
    return probeFailure('probe-failed', `landlock-run: ${bin} --probe printed nothing (status ${run.status}): ${(run.stderr || '').trim()}`, bin);
  }
  let parsed;
  try {
    parsed = parseProbeLine(line);
  } catch (e) {
    return probeFailure('probe-failed', `${e.message} (from ${bin} --probe, status ${run.status})`, bin);
  }
  const ok = run.status === 0 && parsed.enforcement !== 'none';
  return {
    ...parsed,
    ok,
    reason: ok ? null : 'not-enforcing',
    message: ok ? null : `Landlock does not enforce here: ${parsed.line}`,
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
// Flags whose value is a path (the grants, --connect-unix), from the launcher's own table.
const PATH_KEYS = new Set(cli.flags.filter((f) => f.operand === 'PATH').map((f) => f.key));
// Flags whose value is a port (TCP or UDP), from the launcher's own table.
const PORT_KEYS = new Set(cli.flags.filter((f) => f.operand === 'PORT').map((f) => f.key));

function values(key, value) {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => {
    if (PORT_KEYS.has(key)) {
      if (!Number.isInteger(v) || v < 0 || v > 65535) throw fail(`${key}: ${JSON.stringify(v)} is not a port (0-65535)`);
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

// A path in the compiler's syntax: absolute, or starting with ~ or one
// variable (${HOME}, ${WORKSPACE}, ${TMPDIR}, ${env.NAME}). Every $ after
// that leading variable is literal, written $$: a path built from names a
// repository chose ("/cache/${env.GITHUB_TOKEN}") must not make the compiler
// expand a secret into a grant it prints. Relative paths are refused: the
// compiler would resolve them against the folder it runs in.
function tomlPath(v, key) {
  if (typeof v !== 'string') throw fail(`policy ${key}: ${describe(v)} is not a string`);
  if (!/^[/~$]/.test(v)) throw fail(`policy ${key}: ${JSON.stringify(v)} must be absolute (or start with ~ or \${VARIABLE})`);
  const leading = /^\$\{(?:HOME|WORKSPACE|TMPDIR|env\.[A-Za-z_][A-Za-z0-9_]*)\}/.exec(v);
  const prefix = leading ? leading[0] : '';
  return tomlString(prefix + v.slice(prefix.length).replaceAll('$', '$$$$'), key);
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
// [env] set = { NAME = "VALUE", ... }: names quoted (TOML keys), values literal.
function tomlInlineTable(v, key) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(`policy ${key}: ${describe(v)} is not an object`);
  return `{ ${Object.entries(v).map(([name, x]) => `${tomlString(name, key)} = ${tomlString(x, `${key}.${name}`)}`).join(', ')} }`;
}
const TOP = {
  ro: ['ro', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['optional', 'why']))],
  rw: ['rw', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['optional', 'why']))],
  hide: ['hide', (v, k) => tomlArray(v, k, (x, kk) => tomlEntry(x, kk, ['why']))],
  hideSecrets: ['hide_secrets', tomlBool],
  strict: ['strict', tomlBool],
  scopes: ['scopes', (v, k) => tomlArray(v, k, tomlString)],
  bestEffort: ['best_effort', tomlBool],
  requireAbi: ['require_abi', (v, k) => tomlInt(v, k, 1, cli.newestKnownAbi)],
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
  env: {  // the command's environment; the compiler checks names and patterns
    inherit: ['inherit', (v, k) => {
      if (v !== 'all' && v !== 'core' && v !== 'none') throw fail(`policy ${k}: ${describe(v)} is not "all", "core" or "none"`);
      return tomlString(v, k);
    }],
    keep: ['keep', (v, k) => tomlArray(v, k, tomlString)],
    unset: ['unset', (v, k) => tomlArray(v, k, tomlString)],
    set: ['set', tomlInlineTable],
    defaultUnset: ['default_unset', tomlBool],
  },
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
    else if (k === 'network' && v === 'off') tables += '\n[network]\nrestrict = true\n'; // no TCP at all
    else if (TABLES[k]) tables += tomlTable(v, k, TABLES[k]);
    else {
      throw fail(`unknown policy key ${JSON.stringify(k)}; known keys: mode, workspace, ${[...Object.keys(TOP), ...Object.keys(TABLES)].join(', ')}`);
    }
  }
  return top + tables;
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
  const literal = isObject ? list(policy.rw).map((e) => (typeof e === 'string' ? e : e && e.path)).filter((e) => typeof e === 'string' && e.startsWith('/')) : [];
  const trust = { ...options, env, workspace, writable: [...(options.writable || []), ...literal] };
  const extra = tmpRoot(env);
  const launcher = trustedBinary('launcher', trust, extra);
  const compiler = trustedBinary('policy', trust, extra);

  // An object's TOML goes to the compiler on its standard input (`-`): no
  // policy file is written anywhere, so nothing a confined command (or a
  // process an earlier run left behind) can write stands between this call
  // and the compile. A path is the caller's own file, and the compiler
  // refuses one inside the workspace, ${TMPDIR} or /dev/shm.
  const args = ['argv', '--format', 'json', '--launcher', launcher];
  if (isObject || options.workspace) args.push('--set', `workspace=${workspace}`);
  let text = null;
  let file;
  if (isObject) {
    text = policyToml(policy);
    file = '-';
  } else if (typeof policy !== 'string' || policy === '') {
    throw fail('the policy must be an object or a path');
  } else file = path.resolve(policy);
  const run = spawnSync(compiler, [...args, file, cli.separator, ...argv], {
    encoding: 'utf8',
    env,
    cwd: workspace,
    input: text === null ? '' : text,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw fail(`cannot run ${compiler}: ${run.error.message}`);
  if (run.status !== 0) {
    const error = new Error((run.stderr || '').trimEnd() || `landlock-policy exited ${run.status} without a diagnostic`);
    error.code = 'LANDLOCK_POLICY';
    error.status = run.status;
    if (isObject) error.policyText = text; // the lines the diagnostics quote
    throw error;
  }
  const out = JSON.parse(run.stdout);
  const sandboxed = out[0] === launcher || out[0] === fs.realpathSync(launcher);
  const warnings = run.stderr || '';
  if (!sandboxed) {
    if (isObject && policy.mode !== 'danger-full-access') throw fail(`the compiler returned an unconfined argv for mode ${policy.mode}`);
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
}

// ---- Running a command, and telling the sandbox's failure from the command's ----

// The launcher writes its status to fd 3 (and an inner layer of a nested
// policy to fd 4): one JSON line, right before exec or on failure; the fd
// is close-on-exec, so nothing the command does can add a line.
const STATUS_FD = 3;
const MAX_STATUS = 64 * 1024; // bytes read from a status fd (a line is a few hundred)
const MAX_DENIALS = 1000; // entries of `denied`
const MAX_LINE = 4096; // characters of a stderr line kept in a denial
const DEFAULT_MAX_BUFFER = 16 * 1024 * 1024; // bytes of stdout and of stderr run() keeps

// The EACCES / EPERM dialect of common tools, as they print a denial on
// stderr. Best effort: a tool may word a denial otherwise or not print it,
// and a line matches just as well for an EACCES the sandbox did not cause (a
// file's mode, another LSM). Tried in order; the first that matches a line
// names it. `example` is a line each must match.
const signature = (name, pattern, example) => Object.freeze({ name, pattern, example });
const denialSignatures = Object.freeze([
  // npm prints `code EACCES` and, a few lines on, `path /x` (then the same error again, and its fields)
  signature('npm', /^npm (?:error|ERR!) (?:code (?:EACCES|EPERM)\b|Log files were not written due to an error writing to the directory: )/,
    'npm error Log files were not written due to an error writing to the directory: /home/u/denied'),
  signature('python', /\bPermissionError\b/, "PermissionError: [Errno 13] Permission denied: '/home/u/denied'"),
  signature('errno-name', /\b(?:EACCES|EPERM)\b/, "Error: EACCES: permission denied, open '/home/u/denied'"), // node, npm, ruby's Errno::EACCES
  signature('java', /\bAccessDeniedException\b/, 'java.nio.file.AccessDeniedException: /home/u/denied'),
  signature('eacces', /permission denied/i, 'bash: line 1: /home/u/denied: Permission denied'), // strerror(EACCES): sh, coreutils, git, go, rust, curl...
  signature('eperm', /operation not permitted/i, "touch: cannot touch '/home/u/denied': Operation not permitted"), // strerror(EPERM)
]);

const PATH_START = /^(?:\/|~\/|\.\.?\/)/;
// The quote pairs tools put around a name: ASCII, and the locale's (gettext
// turns `x' into ‘x’ or "x" into “x” or «x»).
const QUOTES = [["'", "'"], ['"', '"'], ['`', "'"], ['\u2018', '\u2019'], ['\u201c', '\u201d'], ['\u00ab', '\u00bb']];
function unquoted(name) {
  for (const [open, close] of QUOTES) {
    if (name.length > open.length + close.length && name.startsWith(open) && name.endsWith(close)) return name.slice(open.length, -close.length);
  }
  return name;
}
// The path a denial line names, as printed (it may be relative to the
// command's working directory), or null.
function denialPath(line) {
  let m = /\[Errno \d+\] [^:]*: '([^']+)'/.exec(line) || // python
    /^npm (?:error|ERR!) Log files were not written due to an error writing to the directory: (\S+)/.exec(line) ||
    /\b(?:EACCES|EPERM): [^,]*, [a-z_]+ '([^']+)'/.exec(line) || // node, npm
    /(?:AccessDeniedException|FileNotFoundException): (\S+)/.exec(line); // java
  if (m) return m[1];
  for (const q of line.matchAll(/'([^']+)'|\u2018([^\u2019]+)\u2019|"([^"]+)"|`([^`']+)'/g)) {
    const inner = q[1] || q[2] || q[3] || q[4];
    if (PATH_START.test(inner)) return inner; // coreutils, git: cannot touch '/x'
  }
  m = /^(.*?): (?:permission denied|operation not permitted)/i.exec(line);
  if (!m) return null;
  const segments = m[1].split(': ');
  let last = segments[segments.length - 1];
  const verb = /^[a-z][a-z' ]* (\S+)$/.exec(last); // dash "cannot create /x", go "open /x", git "could not lock config file /x"
  if (verb) last = verb[1];
  else if (/\s/.test(last)) return null;
  last = unquoted(last); // coreutils in a UTF-8 locale: cannot create directory ‘build’
  // "cat: Permission denied" names the program, not a path
  return last !== '' && (last.includes('/') || segments.length > 1) ? last : null;
}

function checkSignatures(signatures) {
  if (!Array.isArray(signatures) || !signatures.every((s) => s && typeof s.name === 'string' && s.pattern instanceof RegExp)) {
    throw fail('denialSignatures must be an array of { name, pattern: RegExp }');
  }
  return signatures;
}

function denialOf(line, signatures) {
  const text = line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line;
  for (const s of signatures) {
    if (text.search(s.pattern) < 0) continue;
    const p = denialPath(text);
    return p === null ? { line: text, signature: s.name } : { line: text, path: p, signature: s.name };
  }
  return null;
}

// Under workspace-write the carve (a read-only .git, .envrc... at the top of
// the workspace) leaves the workspace's own folder read-only: a new entry
// made directly in it is denied on purpose. Such a denial gets reason
// 'carve' (write into a subfolder); the path is still the command's text.
function markCarve(d, cwd, workspace) {
  if (d.path === undefined || d.path.startsWith('~')) return;
  const abs = path.resolve(cwd, d.path);
  try {
    if (fs.realpathSync(path.dirname(abs)) !== fs.realpathSync(workspace)) return;
  } catch {
    return;
  }
  if (!fs.existsSync(abs)) d.reason = 'carve';
}

// Scans a stream's chunks line by line (UTF-8), keeping at most
// MAX_DENIALS denials and MAX_LINE characters of a line.
class DenialScanner {
  constructor(signatures) {
    this.signatures = signatures;
    this.decoder = new StringDecoder('utf8');
    this.partial = '';
    this.denied = [];
  }

  push(chunk) {
    const lines = (this.partial + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk))).split('\n');
    this.partial = lines.pop().slice(0, MAX_LINE);
    for (const l of lines) this.line(l);
  }

  line(l) {
    if (this.denied.length >= MAX_DENIALS) return;
    const text = l.endsWith('\r') ? l.slice(0, -1) : l;
    const last = this.denied[this.denied.length - 1];
    const npm = /^npm (?:error|ERR!) (.*)$/.exec(text);
    if (npm && last && last.signature === 'npm') {
      // The lines after `npm error code EACCES`: the path it names, then
      // the same error again and its fields, which are not more denials.
      const named = /^path (.+)$/.exec(npm[1]);
      if (named && last.path === undefined) {
        last.path = named[1];
        return;
      }
      if (/^\s+(?:errno|code|syscall|path):/.test(npm[1])) return;
    }
    const d = denialOf(text, this.signatures);
    if (!d) return;
    if (npm && last && last.signature === 'npm' && d.path !== undefined && d.path === last.path) return;
    this.denied.push(d);
  }

  end() {
    const rest = this.partial + this.decoder.end();
    this.partial = '';
    if (rest !== '') this.line(rest);
    return this.denied;
  }
}

// findDenials(text, signatures): the lines of `text` that match a
// signature, as { line, path?, signature }; what run() reports in `denied`.
function findDenials(text, signatures = denialSignatures) {
  const scanner = new DenialScanner(checkSignatures(signatures));
  scanner.push(String(text));
  return scanner.end();
}

// The status lines of one fd: parsed objects, and what was wrong if anything.
function parseStatus(text) {
  const lines = [];
  const parts = text.split('\n');
  const last = parts.pop();
  const clip = (t) => JSON.stringify(t.length > 200 ? `${t.slice(0, 200)}...` : t);
  for (const part of parts) {
    let v;
    try {
      v = JSON.parse(part);
    } catch {
      return { lines, error: `an unreadable status line ${clip(part)}` };
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return { lines, error: `a status line that is not an object ${clip(part)}` };
    lines.push(v);
  }
  if (last !== '') return { lines, error: `a truncated status line ${clip(last)}` };
  return { lines, error: null };
}

const isConfinedLine = (v) => v.confined === true && Number.isInteger(v.abi) && (v.enforcement === 'full' || v.enforcement === 'partial') &&
  typeof v.notice === 'string' && typeof v.version === 'string';
const isExecFailedLine = (v) => v.exec_failed === true && Number.isInteger(v.exit) && typeof v.error === 'string';

// Classifies a sandboxed run from its status fds (outermost layer first):
// { facts, execFailed } when every layer confined, else { launcherError }.
function classifyLayers(texts, proc) {
  const how = proc.spawnError
    ? `could not be started: ${proc.spawnError.message}`
    : proc.signal ? `was killed by ${proc.signal}` : `exited ${proc.status}`;
  const facts = [];
  let execFailed = null;
  for (let k = 0; k < texts.length; k++) {
    const who = texts.length === 1 ? 'the launcher' : `the launcher of layer ${k + 1} of ${texts.length}`;
    const { lines, error } = parseStatus(texts[k]);
    if (error) return { launcherError: `${who} wrote ${error} and ${how}; the command never ran` };
    if (lines.length === 0) return { launcherError: `${who} ${how} before it reported on --status-fd; the command never ran` };
    const [first, second, ...more] = lines;
    if (first.confined === false) {
      const why = typeof first.error === 'string' ? first.error : JSON.stringify(first);
      return { launcherError: texts.length === 1 ? why : `${who}: ${why}` };
    }
    if (!isConfinedLine(first) || more.length > 0 || (second !== undefined && !isExecFailedLine(second))) {
      return { launcherError: `${who} wrote an unexpected status ${JSON.stringify(texts[k].slice(0, 400))} and ${how}` };
    }
    facts.push(first);
    if (second !== undefined) {
      if (k < texts.length - 1) return { launcherError: `${who} could not start the next layer: ${second.error}` };
      execFailed = { exit: second.exit, error: second.error };
    }
  }
  return { facts, execFailed };
}

// The layers of a compiled argv [L, flags, --, (L, flags, --)..., command]
// with --status-fd 3 (4, ...) right after each launcher; an outer layer also
// gets --keep-fds, so that the inner layer's status fd survives its exec of
// the next launcher, which closes every fd above 2 (unless the policy keeps
// them) before it runs the command.
function withStatusFds(out, argv) {
  const n = out.length - argv.length;
  if (n < 2 || out[n - 1] !== cli.separator || argv.some((a, i) => out[n + i] !== a)) {
    throw fail(`run: the compiled argv does not end with ${cli.separator} and the command: ${JSON.stringify(out)}`);
  }
  const bySpelling = new Map(cli.flags.map((f) => [f.spelling, f]));
  const launcher = out[0];
  const layers = [];
  let i = 0;
  while (i < n) {
    if (out[i] !== launcher) throw fail(`run: expected the launcher ${launcher} at ${i} of the compiled argv ${JSON.stringify(out)}`);
    const layer = { flags: [], keepFds: false };
    for (i++; out[i] !== cli.separator; ) {
      const flag = bySpelling.get(out[i]);
      if (!flag || ACTIONS.has(flag.key) || i + flag.values >= n - 1) throw fail(`run: unexpected ${JSON.stringify(out[i])} in the compiled argv`);
      if (flag.key === 'statusFd') throw fail('run: the compiled argv already has --status-fd; run() owns it');
      if (flag.key === 'keepFds') layer.keepFds = true;
      layer.flags.push(...out.slice(i, i + 1 + flag.values));
      i += 1 + flag.values;
    }
    i++;
    layers.push(layer);
  }
  const spawned = [];
  layers.forEach((layer, k) => {
    spawned.push(launcher, '--status-fd', String(STATUS_FD + k));
    if (k < layers.length - 1 && !layer.keepFds) spawned.push('--keep-fds');
    spawned.push(...layer.flags, cli.separator);
  });
  return { argv: spawned.concat(argv), layers: layers.length };
}

const isCompiled = (policy) => typeof policy === 'string' || (policy !== null && typeof policy === 'object' && !Array.isArray(policy) && 'mode' in policy);

// What to spawn for run()/spawn(): wrap()'s argv with the status fds.
function prepareRun(argv, policy, options) {
  checkArgv(argv);
  if (!isCompiled(policy)) {
    if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object or a path');
    if (policy.statusFd !== undefined) throw fail('run: statusFd is run()\'s own (it reads the launcher\'s status on fd 3); leave it out');
    const spawned = wrap(argv, { ...policy, statusFd: STATUS_FD }, options);
    return { argv: spawned, layers: 1, mode: null, sandboxed: true, warnings: '', cwd: options.workspace || process.cwd() };
  }
  const w = wrap(argv, policy, options);
  const cwd = options.workspace || (typeof policy === 'object' && policy.workspace) || process.cwd();
  if (!w.sandboxed) return { argv: w.argv, layers: 0, mode: w.mode, sandboxed: false, warnings: w.warnings, cwd };
  const s = withStatusFds(w.argv, argv);
  return { argv: s.argv, layers: s.layers, mode: w.mode, sandboxed: true, warnings: w.warnings, cwd };
}

function abortError(signal) {
  const error = new Error('landlock-run: the operation was aborted before the command started', { cause: signal && signal.reason });
  error.name = 'AbortError';
  error.code = 'ABORT_ERR';
  return error;
}

function checkRunOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw fail('run: options must be an object');
  const { timeout, maxBuffer, signal, cwd, denialSignatures: sigs } = options;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 0)) throw fail(`run: timeout ${describe(timeout)} is not a number of milliseconds`);
  if (maxBuffer !== undefined && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) throw fail(`run: maxBuffer ${describe(maxBuffer)} is not a number of bytes`);
  if (signal !== undefined && (signal === null || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    throw fail('run: signal is not an AbortSignal');
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '')) throw fail(`run: cwd ${describe(cwd)} is not a path`);
  if (sigs !== undefined) checkSignatures(sigs);
}

function stdioOf(option) {
  if (option === undefined) return ['pipe', 'pipe', 'pipe'];
  const list3 = typeof option === 'string' ? [option, option, option] : option;
  if (!Array.isArray(list3) || list3.length > 3) throw fail('spawn: stdio is one value or an array of at most 3 (fds 0-2; fd 3 and up are the status fds)');
  return [0, 1, 2].map((i) => (list3[i] === undefined || list3[i] === null ? 'pipe' : list3[i]));
}

// Spawns prepared argv; `keep` collects stdout/stderr (run()).
function launch(argv, policy, options, keep) {
  checkRunOptions(options);
  if (options.signal && options.signal.aborted) throw abortError(options.signal);
  const prep = prepareRun(argv, policy, options);
  const cwd = options.cwd || prep.cwd;
  const stdio = keep ? ['pipe', 'pipe', 'pipe'] : stdioOf(options.stdio);
  for (let k = 0; k < prep.layers; k++) stdio.push('pipe');
  const child = spawnChild(prep.argv[0], prep.argv.slice(1), { cwd, env: options.env || process.env, stdio });

  const statusTexts = [];
  for (let k = 0; k < prep.layers; k++) {
    const chunks = [];
    let size = 0;
    statusTexts.push(() => Buffer.concat(chunks).toString('utf8'));
    const stream = child.stdio[STATUS_FD + k];
    if (!stream) continue;
    stream.on('error', () => {}); // what was read is judged; a reset is no status
    stream.on('data', (b) => {
      if (size < MAX_STATUS) chunks.push(b);
      size += b.length;
    });
  }
  const cap = options.maxBuffer === undefined ? DEFAULT_MAX_BUFFER : options.maxBuffer;
  const kept = (stream) => {
    const c = { chunks: [], size: 0, truncated: false };
    if (keep && stream) {
      stream.on('error', () => {}); // run() owns these streams: an error ends the output, not the process
      stream.on('data', (b) => {
        const room = cap - c.size;
        if (b.length > room) c.truncated = true;
        if (room <= 0) return;
        const part = b.length > room ? b.subarray(0, room) : b;
        c.chunks.push(part);
        c.size += part.length;
      });
    }
    return c;
  };
  const out = kept(child.stdout);
  const err = kept(child.stderr);
  const scanner = prep.sandboxed ? new DenialScanner(options.denialSignatures || denialSignatures) : null;
  if (scanner && child.stderr) child.stderr.on('data', (b) => scanner.push(b));
  if (keep && child.stdin) {
    child.stdin.on('error', () => {}); // a command that does not read its input
    child.stdin.end(options.input === undefined ? undefined : options.input);
  }

  let timedOut = false;
  let aborted = false;
  let killed = false;
  let closeTimer = null;
  const kill = () => {
    killed = true;
    try {
      child.kill(options.killSignal || 'SIGTERM');
    } catch {}
  };
  const timer = options.timeout ? setTimeout(() => { timedOut = true; kill(); }, options.timeout) : null;
  const onAbort = () => { aborted = true; kill(); };
  if (options.signal) options.signal.addEventListener('abort', onAbort, { once: true });
  // After a kill, a child the command left behind may hold stdout open:
  // stop waiting for it a second after the process itself ended.
  child.on('exit', () => {
    if (killed) closeTimer = setTimeout(() => child.stdio.forEach((s) => s && s.destroy()), 1000);
  });

  const result = new Promise((resolve) => {
    let done = false;
    const finish = (status, signal, spawnError) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      if (closeTimer) clearTimeout(closeTimer);
      if (options.signal) options.signal.removeEventListener('abort', onAbort);
      if (spawnError && spawnError.code === 'ENOENT' && !fs.existsSync(cwd)) {
        spawnError = new Error(`the working folder ${cwd} does not exist (${spawnError.message})`);
      }
      const proc = { status, signal, spawnError };
      let sandbox;
      let denied = [];
      if (!prep.sandboxed) {
        const execFailed = spawnError
          ? { exit: spawnError.code === 'ENOENT' ? cli.exit.notFound : cli.exit.cannotExecute, error: `cannot run ${argv[0]}: ${spawnError.message}` }
          : null;
        sandbox = { confined: false, unconfined: true, launcherError: null, execFailed, mode: prep.mode, enforcement: 'none', abi: null, notice: null, version: null, layers: 0 };
      } else {
        const c = classifyLayers(statusTexts.map((t) => t()), proc);
        if (c.launcherError !== undefined) {
          sandbox = { confined: false, unconfined: false, launcherError: c.launcherError, execFailed: null, mode: prep.mode, enforcement: 'none', abi: null, notice: null, version: null, layers: prep.layers };
        } else {
          const notices = c.facts.map((f) => f.notice).filter((t) => t !== '');
          sandbox = {
            confined: true,
            unconfined: false,
            launcherError: null,
            execFailed: c.execFailed,
            mode: prep.mode,
            enforcement: c.facts.some((f) => f.enforcement === 'partial') ? 'partial' : 'full',
            abi: c.facts[0].abi,
            notice: [...new Set(notices)].join('; '),
            version: c.facts[0].version,
            layers: prep.layers,
          };
          denied = scanner.end();
          if (prep.mode === 'workspace-write') denied.forEach((d) => markCarve(d, cwd, prep.cwd));
        }
      }
      const r = { argv: prep.argv, status, signal, sandbox, denied, timedOut, aborted, warnings: prep.warnings };
      if (keep) {
        r.stdout = Buffer.concat(out.chunks).toString('utf8');
        r.stderr = Buffer.concat(err.chunks).toString('utf8');
        r.truncated = { stdout: out.truncated, stderr: err.truncated };
      }
      resolve(r);
    };
    child.on('error', (e) => {
      if (child.pid === undefined) finish(null, null, e); // never started; a later kill() error changes nothing
    });
    child.on('close', (status, signal) => finish(status, signal, null));
  });
  return { child, result };
}

// run(argv, policy, options): spawns the command through the launcher (as
// wrap() would give it, plus --status-fd) and resolves to { argv, status,
// signal, stdout, stderr, truncated, sandbox, denied, timedOut, aborted,
// warnings }. Rejects, before anything runs, when wrap() throws (a policy
// the compiler refuses, an untrusted launcher) or options.signal is already
// aborted; never for what happens after the spawn.
function run(argv, policy = {}, options = {}) {
  return new Promise((resolve, reject) => {
    try {
      launch(argv, policy, options, true).result.then(resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

// spawn(argv, policy, options): the same, streaming: { child, result },
// child a ChildProcess whose stdio (options.stdio, default pipes) the caller
// reads, result a Promise of run()'s result without stdout, stderr and
// truncated. Throws where run() rejects.
function spawn(argv, policy = {}, options = {}) {
  return launch(argv, policy, options, false);
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
  run,
  spawn,
  denialSignatures,
  findDenials,
};
