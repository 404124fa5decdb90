// landlock-run: the path of the static Landlock launcher for this platform,
// its probe, and builders for the argv that runs a command under it.
// CommonJS; index.mjs re-exports the same functions for ESM.
'use strict';

const fs = require('fs');
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

// The absolute path of the launcher binary, checked to exist, to be executable
// and to belong to the same version as this package.
function launcherPath() {
  const platform = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[platform];
  if (!pkg) {
    throw fail(
      `no launcher for ${platform}: Landlock is a Linux security module, and binaries exist for ` +
        `${Object.keys(PLATFORM_PACKAGES).join(', ')} only`,
    );
  }
  let manifest;
  try {
    manifest = require.resolve(`${pkg}/package.json`);
  } catch {
    throw fail(
      `the platform package ${pkg} is not installed; it is an optional dependency of landlock-run, ` +
        `so install without --no-optional / --omit=optional`,
    );
  }
  const pkgVersion = JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  if (pkgVersion !== version) {
    throw fail(`${pkg} is version ${pkgVersion}, but landlock-run is ${version}: install the same version of both`);
  }
  const bin = path.join(path.dirname(manifest), 'bin', 'landlock-run');
  try {
    fs.accessSync(bin, fs.constants.X_OK);
  } catch (e) {
    const what = fs.existsSync(bin) ? 'is not executable (its mode bit was lost on the way)' : 'is missing';
    throw fail(`the launcher ${bin} ${what}: ${e.message}`);
  }
  return bin;
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
// kernel that does not enforce (enforcement is then "none", ok false).
function probe(options = {}) {
  const bin = options.launcher || launcherPath();
  const run = spawnSync(bin, ['--probe'], { encoding: 'utf8' });
  if (run.error) throw fail(`cannot run ${bin} --probe: ${run.error.message}`);
  const line = (run.stdout || '').split('\n').find((l) => l.trim() !== '');
  if (!line) throw fail(`${bin} --probe printed nothing (status ${run.status}): ${(run.stderr || '').trim()}`);
  return { ...parseProbeLine(line), ok: run.status === 0, status: run.status, stderr: run.stderr || '' };
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
    if (typeof v !== 'string' || v === '' || v.includes('\0')) {
      throw fail(`${key}: ${JSON.stringify(v)} must be a non-empty string without NUL`);
    }
    if (key === 'scope' && !cli.scopes.includes(v)) {
      throw fail(`scope: ${JSON.stringify(v)} is not one of ${cli.scopes.join(', ')}`);
    }
    if (PATH_KEYS.has(key) || key === 'scope' || key === 'expectVersion') return v;
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
    for (const v of values(flag.key, value)) argv.push(flag.spelling, v);
  }
  return argv;
}

// wrap(argv, policy, {launcher}): the argv to spawn instead of `argv`:
//   [launcher, --expect-version VERSION, ...grantArgs(policy), --, ...argv]
// pinned to this package's version unless policy.expectVersion says otherwise
// (a string: that version; false: unpinned).
function wrap(argv, policy = {}, options = {}) {
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string')) {
    throw fail('wrap: argv must be a non-empty array of strings (the command and its arguments)');
  }
  const own = { ...policy };
  const pin = own.expectVersion === undefined ? version : own.expectVersion;
  delete own.expectVersion;
  const launcher = options.launcher || launcherPath();
  const expect = pin === false ? [] : grantArgs({ expectVersion: pin });
  return [launcher, ...expect, ...grantArgs(own), cli.separator, ...argv];
}

module.exports = {
  version,
  flags: cli,
  launcherPath,
  probe,
  parseProbeLine,
  grantArgs,
  wrap,
};
