// observe: true: the command through `landlock-policy learn --format json
// --report-fd 3 -`, so that its denials are the ones the kernel refused
// (audit records, or ptrace's EACCES/EPERM under the sandbox), classified
// by the compiler, with the escalation the compiler computed from them.
// npm holds no rule of its own here: it checks the report's shape and
// passes it on (docs/policy-format.md, "learn on a pipe").
'use strict';

const path = require('path');
const { fail, list } = require('./errors.js');
const { wrap } = require('./wrap.js');
const { trustedBinary, tmpRoot } = require('./binaries.js');
const { probeWith } = require('./probe.js');
const { policyToml } = require('./policy.js');

const REPORT_FD = 3; // learn writes its report here (a pipe), closed in the command before it starts
const REPORT_SCHEMA = 'landlock-policy-learn/2';
const METHODS = ['audit', 'ptrace'];
const CAUSES = ['sandbox', 'on-purpose', 'file-permissions'];
const REASON_KINDS = ['protected', 'hidden', 'carve', 'secret', 'not-offered'];
// The keys an escalation's policy may hold, and the one mode it may name:
// the ladder stops below danger-full-access (the compiler never offers it).
const ESCALATION_KEYS = ['outputs', 'rw', 'ro', 'connect', 'bind'];
const ESCALATION_MODE = 'workspace-write';

// A deep copy of a policy object (strings, numbers, booleans, arrays,
// plain objects), frozen: what a result says it ran under cannot change
// after the call, whatever the caller does to its own object.
function frozenCopy(v) {
  if (Array.isArray(v)) return Object.freeze(v.map(frozenCopy));
  if (v !== null && typeof v === 'object') {
    const out = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = frozenCopy(x);
    return Object.freeze(out);
  }
  return v;
}

// What to spawn for an observed run: the compiler's learn, the policy's
// TOML on its stdin (an object) or the caller's file (a path). The policy
// is compiled first by wrap() (it refuses what the compiler refuses, checks
// both binaries and every writable grant before anything runs, and says
// whether the mode is sandboxed at all).
function prepareObserved(argv, policy, options) {
  const isObject = typeof policy !== 'string';
  const env = options.env || process.env;
  const workspace = options.workspace || (isObject && policy.workspace) || process.cwd();
  const literal = isObject ? list(policy.rw).map((e) => (typeof e === 'string' ? e : e && e.path)).filter((e) => typeof e === 'string' && e.startsWith('/')) : [];
  const trust = { ...options, env, workspace, writable: [...(options.writable || []), ...literal] };
  const launcher = trustedBinary('launcher', trust, tmpRoot(env));
  const probe = options.probe || probeWith(launcher);
  const w = wrap(argv, policy, { ...options, probe });
  if (!w.sandboxed) return { unsandboxed: w };
  const compiler = trustedBinary('policy', trust, tmpRoot(env));
  const args = ['learn', '--format', 'json', '--report-fd', String(REPORT_FD), '--launcher', w.launcher];
  if (isObject || options.workspace) args.push('--set', `workspace=${workspace}`);
  args.push(isObject ? '-' : path.resolve(policy), '--', ...argv);
  return {
    argv: [compiler, ...args],
    input: isObject ? policyToml(policy) : '',
    wrapped: w,
    probe,
    cwd: workspace,
  };
}

const isString = (v) => typeof v === 'string';
const isPort = (v) => Number.isInteger(v) && v >= 0 && v <= 65535;
const isObjectValue = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function checked(ok, what) {
  if (!ok) throw fail(`the learn report: ${what}`);
}

// One denial of the report, as run() returns it (camelCase), with its source.
function denialOfReport(d, method) {
  checked(isObjectValue(d) && CAUSES.includes(d.cause) && isString(d.access), 'a denial without cause or access');
  checked(isString(d.path) !== isPort(d.port), 'a denial names neither one path nor one port');
  const source = d.source === undefined ? method : d.source;
  checked(METHODS.includes(source), `a denial's source ${JSON.stringify(source)} is not audit or ptrace`);
  const out = { cause: d.cause, access: d.access };
  if (isString(d.path)) out.path = d.path;
  else out.port = d.port;
  if (d.path2 !== undefined) out.path2 = String(d.path2);
  if (d.folder === true) out.folder = true;
  out.count = Number.isInteger(d.count) ? d.count : 1;
  out.programs = Array.isArray(d.programs) ? d.programs.filter(isString) : [];
  if (isString(d.reason)) out.reason = d.reason;
  out.source = source;
  return Object.freeze(out);
}

function refusedOfReport(r) {
  checked(isObjectValue(r) && isString(r.path) && isString(r.access) && isString(r.reason), 'a refused entry without path, access or reason');
  checked(REASON_KINDS.includes(r.reason_kind), `a refused entry's reason_kind ${JSON.stringify(r.reason_kind)} is not one of ${REASON_KINDS.join(', ')}`);
  return Object.freeze({ path: r.path, access: r.access, reason: r.reason, reasonKind: r.reason_kind });
}

// The escalation's policy: only the keys the compiler may offer, or the
// one mode; anything else is a report this package does not trust.
function escalationPolicy(p) {
  checked(isObjectValue(p) && Object.keys(p).length > 0, 'an escalation without a policy');
  const out = {};
  if ('mode' in p) {
    // From read-only, a new entry at the workspace root needs workspace-write
    // and its output together (the mode's root stays read-only): the mode
    // with outputs only, never with a grant.
    checked(p.mode === ESCALATION_MODE, `an escalation to mode ${JSON.stringify(p.mode)}`);
    checked(Object.keys(p).every((k) => k === 'mode' || k === 'outputs'), 'an escalation to a mode with grants');
    out.mode = p.mode;
  }
  for (const [k, v] of Object.entries(p)) {
    if (k === 'mode') continue;
    checked(ESCALATION_KEYS.includes(k), `an escalation key ${JSON.stringify(k)}`);
    const portKey = k === 'connect' || k === 'bind';
    checked(Array.isArray(v) && v.length > 0 && v.every(portKey ? isPort : isString), `an escalation's ${k} is not a list of ${portKey ? 'ports' : 'paths'}`);
    if (k === 'rw' || k === 'ro') checked(v.every((x) => x.startsWith('/')), `an escalation's ${k} path is not absolute`);
    if (k === 'outputs') checked(v.every((x) => x !== '' && !x.startsWith('/') && !x.split('/').includes('..')), 'an escalation output is not inside the workspace');
    out[k] = [...v];
  }
  return out;
}

function escalationOfReport(e, denialCount) {
  if (e === null || e === undefined) return null;
  checked(isObjectValue(e) && isString(e.toml) && Array.isArray(e.covers), 'an escalation without toml or covers');
  checked(e.covers.every((i) => Number.isInteger(i) && i >= 0 && i < denialCount), 'an escalation covers a denial the report does not hold');
  return frozenCopy({ policy: escalationPolicy(e.policy), toml: e.toml, covers: e.covers });
}

// The report's text, as run() returns it: { observed, escalation, refused }.
// Throws (a LANDLOCK_RUN error) on anything but a landlock-policy-learn/2 report.
function parseReport(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw fail(`the learn report is not JSON: ${e.message}`);
  }
  checked(isObjectValue(v) && v.schema === REPORT_SCHEMA, `not a ${REPORT_SCHEMA} report`);
  checked(METHODS.includes(v.method), `method ${JSON.stringify(v.method)}`);
  checked(Array.isArray(v.denials) && Array.isArray(v.refused || []), 'denials or refused is not a list');
  const denials = v.denials.map((d) => denialOfReport(d, v.method));
  const observed = Object.freeze({
    method: v.method,
    mode: isString(v.mode) ? v.mode : null,
    denials: Object.freeze(denials),
    notes: Object.freeze(Array.isArray(v.notes) ? v.notes.filter(isString) : []),
    leftRunning: Number.isInteger(v.left_running) ? v.left_running : 0,
    notRecorded: Number.isInteger(v.not_recorded) ? v.not_recorded : 0,
  });
  return {
    observed,
    escalation: escalationOfReport(v.escalation, denials.length),
    refused: Object.freeze((v.refused || []).map(refusedOfReport)),
  };
}

// The `sandbox` of an observed run. learn owns the launcher (and its
// status fd): a report means the command was started under it (learn
// writes one whenever it started the command), so the facts are the
// launcher's probe; no report means it never ran.
function observedSandbox(prep, reported, proc, learnError) {
  const layers = 1;
  if (!reported) {
    return { confined: false, unconfined: false, launcherError: learnError, execFailed: null, mode: prep.wrapped.mode, enforcement: 'none', abi: null, notice: null, version: null, scopes: null, layers };
  }
  const p = prep.probe;
  return {
    confined: true,
    unconfined: false,
    launcherError: null,
    execFailed: null,
    mode: prep.wrapped.mode,
    enforcement: p.enforcement === 'partial' ? 'partial' : 'full',
    abi: Number.isInteger(p.abi) ? p.abi : 0,
    notice: '',
    version: isString(p.version) ? p.version : prep.wrapped.launcherVersion,
    scopes: Array.isArray(p.scopes) ? [...p.scopes].sort() : [],
    layers,
  };
}

// Why there is no report: learn's last line on stderr (its own error
// there: a compile error, ptrace not permitted...), or how it ended.
function learnFailure(stderrText, proc) {
  const lines = stderrText.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const last = lines.length ? lines[lines.length - 1].slice(0, 400) : '';
  let how = `exited ${proc.status}`;
  if (proc.spawnError) how = `could not be started: ${proc.spawnError.message}`;
  else if (proc.signal) how = `was killed by ${proc.signal}`;
  const ran = proc.signal ? 'its report was lost with it' : 'the command never ran';
  return `landlock-policy learn ${how} without a report (${ran})${last ? `: ${last}` : ''}`;
}

module.exports = { REPORT_FD, prepareObserved, parseReport, observedSandbox, learnFailure, frozenCopy };
