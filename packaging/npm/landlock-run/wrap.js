// wrap(): what to spawn instead of a command: the raw launcher flags, or a
// policy compiled by landlock-policy.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const cli = require('./flags.json');
const { version } = require('./package.json');
const { fail, describe, list } = require('./errors.js');
const { trustedBinary, checkOutside, tmpRoot } = require('./binaries.js');
const { probeWith } = require('./probe.js');
const { grantArgs, checkArgv } = require('./flags.js');
const { policyToml, modeNamed, UNSANDBOXED_MODE } = require('./policy.js');

// A policy for the compiler: a path, or an object with a `mode`.
const isCompiled = (policy) => typeof policy === 'string' || (policy !== null && typeof policy === 'object' && !Array.isArray(policy) && 'mode' in policy);

// wrap(argv, policy, options): what to spawn instead of `argv`.
//  - policy a path to a TOML policy file, or an object with a `mode`: the
//    policy is compiled by landlock-policy and wrap returns
//    { argv, enforcement, mode, launcherVersion, sandboxed, launcher, warnings,
//    failureHint }.
//  - otherwise (the raw launcher flags of grantArgs, no hiding): the argv
//      [launcher, --expect-version VERSION, ...grantArgs(policy), --, ...argv]
//    as an array, pinned to this package's version unless
//    policy.expectVersion says otherwise (a string: that version; false:
//    unpinned).
// The launcher (and the compiler) must lie outside options.workspace
// (default: the current directory) and every writable grant.
function wrap(argv, policy = {}, options = {}) {
  checkArgv(argv);
  if (isCompiled(policy)) return compiledWrap(argv, policy, options);
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
  const args = ['argv', '--format', 'record', '--launcher', launcher];
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
  const { argv: out, failureHint } = compiledOutput(run.stdout);
  const sandboxed = out[0] === launcher || out[0] === fs.realpathSync(launcher);
  const warnings = run.stderr || '';
  if (!sandboxed) {
    if (isObject && modeNamed(policy.mode).sandboxed) throw fail(`the compiler returned an unconfined argv for mode ${policy.mode}`);
    return { argv: out, enforcement: 'none', mode: isObject ? policy.mode : UNSANDBOXED_MODE, launcherVersion: null, sandboxed: false, launcher: null, warnings, failureHint: null };
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
    failureHint,
  };
}

// What `landlock-policy argv --format record` printed: one JSON object,
// { argv, failure_hint }: the argv (strings), and the compiler's one line
// to show when the command fails (in a carved workspace, that new entries
// at the root need `outputs`, and how to see every denial), "" when none.
function compiledOutput(stdout) {
  let v;
  try {
    v = JSON.parse(stdout);
  } catch (e) {
    throw fail(`landlock-policy printed a record that is not JSON: ${e.message}`);
  }
  const argv = v !== null && typeof v === 'object' ? v.argv : undefined;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string') || typeof v.failure_hint !== 'string') {
    throw fail(`landlock-policy printed no { argv, failure_hint } record: ${JSON.stringify(stdout.slice(0, 200))}`);
  }
  return { argv, failureHint: v.failure_hint === '' ? null : v.failure_hint };
}

module.exports = { wrap, isCompiled };
