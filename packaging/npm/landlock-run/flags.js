// The launcher's raw flags (flags.json, generated from launcher/cli_flags.h)
// as a policy object: grantArgs.
'use strict';

const cli = require('./flags.json');
const { fail } = require('./errors.js');

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
    const isScope = key === 'scope' || key === 'scopeTry';
    if (isScope && !cli.scopes.includes(v)) {
      throw fail(`${key}: ${JSON.stringify(v)} is not one of ${cli.scopes.join(', ')}`);
    }
    if ((key === 'keepEnv' || key === 'unsetEnv') && v.includes('=')) throw fail(`${key}: ${JSON.stringify(v)} has '='`);
    if (PATH_KEYS.has(key) || isScope || key === 'expectVersion' || key === 'keepEnv' || key === 'unsetEnv') return v;
    throw fail(`${key}: unexpected value`);
  });
}

// grantArgs({noSymlinks, ro, rw, roTry, rwTry, connectTcp, bindTcp, restrictTcp,
// scope, scopeTry, noTtyInject, logDenials, noLog, bestEffort, keepFds, requireAbi, expectVersion}):
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

module.exports = { ACTIONS, grantArgs, checkArgv };
