// widen() and denialMarker(): one approved retry of an observed run, and
// the one line a model reads about it. The escalation itself is the
// compiler's (observe.js): this file only checks that a retry's policy is
// the one of a result plus the escalation that result carries, and wider.
'use strict';

const { fail, describe, list } = require('./errors.js');
const { frozenCopy } = require('./observe.js');

// result -> { policy, escalation } of every result run() made: widen()
// takes an escalation only from here, so an object a harness or a model
// built ("escalation": { policy: { rw: ["/"] } }) is refused, whatever it
// holds. A WeakMap: a result nobody holds any more is forgotten with it.
const issued = new WeakMap();

function register(result, policy, escalation, workspace) {
  issued.set(result, { policy, escalation, workspace });
}

// A path entry's path (a string, or { path, ... }).
const entryPath = (e) => (typeof e === 'string' ? e : e && e.path);

// Adds the escalation's `values` to the list at `target[key]`, skipping
// what is there already; returns how many were new.
function addTo(target, key, values, same) {
  const have = list(target[key]);
  const added = values.filter((v) => !have.some((h) => same(h, v)));
  if (added.length) target[key] = [...have, ...added];
  return added.length;
}

// A plain, unfrozen deep copy for the caller to pass to run().
function plainCopy(v) {
  if (Array.isArray(v)) return v.map(plainCopy);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainCopy(x)]));
  return v;
}

// widen(result, escalation): the policy object for one retry: the policy
// `result` ran under plus `escalation`, which must be the one `result`
// carries (result.escalation, as run() returned it). Throws when it is not,
// when the result ran under a policy file or raw flags, or when nothing
// would be wider. Remembers nothing: the next run() is under whatever
// policy it is given.
function widen(result, escalation) {
  const entry = result !== null && typeof result === 'object' ? issued.get(result) : undefined;
  if (!entry) throw fail('widen: the result is not one run() or spawn() returned (observe: true)');
  if (escalation === null || escalation === undefined) throw fail('widen: the result has no escalation (nothing the compiler would offer)');
  if (entry.escalation === null) throw fail('widen: the result has no escalation (nothing the compiler would offer)');
  if (escalation !== entry.escalation) throw fail('widen: not the escalation this result carries (pass result.escalation itself)');
  if (typeof entry.policy !== 'object') {
    throw fail(`widen: the result ran under ${describe(entry.policy)}, not a policy object: widen a policy file by hand, then rerun`);
  }
  const policy = plainCopy(entry.policy);
  const add = escalation.policy;
  if (add.mode !== undefined) {
    if (policy.mode !== 'read-only') throw fail(`widen: mode ${add.mode} is not wider than ${describe(policy.mode)}`);
    policy.mode = add.mode;
  }
  let added = add.mode !== undefined ? 1 : 0;
  added += addTo(policy, 'outputs', list(add.outputs), (h, v) => entryPath(h) === v || entryPath(h) === v.replace(/\/$/, ''));
  added += addTo(policy, 'rw', list(add.rw), (h, v) => entryPath(h) === v);
  added += addTo(policy, 'ro', list(add.ro), (h, v) => entryPath(h) === v);
  if (add.connect || add.bind) {
    // 'off' is [network] restrict = true with no port; the grant keeps it restricted.
    const network = policy.network === 'off' || policy.network === undefined ? { restrict: true } : policy.network;
    const before = added;
    added += addTo(network, 'connect', list(add.connect), (h, v) => h === v);
    added += addTo(network, 'bind', list(add.bind), (h, v) => h === v);
    if (added > before) policy.network = network;
  }
  if (added === 0) throw fail('widen: the escalation adds nothing the policy does not already grant');
  return policy;
}

// Escapes what a marker holds: control characters, the line and paragraph
// separators, bidi controls, \, [ and ] (a name cannot close the marker
// and start a line of its own text).
function markerText(s) {
  return String(s).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069[\]\\]/g,
    (c) => `\\x${c.codePointAt(0) < 0x100 ? c.codePointAt(0).toString(16).padStart(2, '0') : `{${c.codePointAt(0).toString(16)}}`}`);
}

const MAX_LISTED = 5; // denials named in a marker; the rest are counted

function named(items) {
  const shown = items.slice(0, MAX_LISTED);
  const rest = items.length - shown.length;
  return shown.join(', ') + (rest > 0 ? ` and ${rest} more` : '');
}

// What a denial is about ("to PATH", "in FOLDER/" for the audit way's
// folder of a new entry, "to port N"), relative to the workspace when inside it.
function object(d, workspace) {
  if (d.port !== undefined) return `to port ${d.port}`;
  let p = d.path;
  if (workspace && (p === workspace || p.startsWith(`${workspace}/`))) p = p.slice(workspace.length + 1);
  if (d.folder) return p === '' ? 'in the workspace' : `in ${markerText(p)}/`;
  return `to ${p === '' ? 'the workspace' : markerText(p)}`;
}

// The escalation as TOML-like lines joined by "; ": the structure is
// this file's, every value escaped (and quoted without a bare ").
function askFor(p) {
  const quoted = (v) => (typeof v === 'number' ? String(v) : `"${markerText(v).replaceAll('"', '\\x22')}"`);
  return Object.entries(p).map(([k, v]) => {
    const key = k === 'connect' || k === 'bind' ? `network.${k}` : k;
    return Array.isArray(v) ? `${key} = [${v.map(quoted).join(', ')}]` : `${key} = ${quoted(v)}`;
  }).join('; ');
}

// denialMarker(result): one line about the run for the model, from the
// kernel's denials, the refused paths and the escalation (the compiler's);
// never the command's own text. Every name in it is escaped.
function denialMarker(result) {
  if (result === null || typeof result !== 'object' || !result.sandbox) throw fail('denialMarker: not a run() result');
  const mode = markerText(result.sandbox.mode || (result.observed && result.observed.mode) || 'the given');
  if (!result.sandbox.confined) {
    if (result.sandbox.unconfined) return `[sandbox: none (${mode} mode)]`;
    return '[sandbox: the command did not run: the sandbox failed]';
  }
  if (!result.observed) return `[sandbox: denials not observed under ${mode} mode]`;
  const entry = issued.get(result);
  const ws = entry && entry.workspace;
  const sandboxDenials = result.observed.denials.filter((d) => d.cause === 'sandbox');
  const refused = result.refused || [];
  const parts = [];
  if (sandboxDenials.length) parts.push(`${named(sandboxDenials.map((d) => `${markerText(d.access)} ${object(d, ws)}`))} denied under ${mode} mode`);
  if (refused.length) parts.push(`refused, final: ${named(refused.map((r) => `${markerText(r.access)} ${object(r, ws)} (${markerText(r.reasonKind)})`))}`);
  if (result.escalation) parts.push(`ask for: ${askFor(result.escalation.policy)}`);
 else if (sandboxDenials.length) parts.push('no escalation offered');
  if (!parts.length) return `[sandbox: no denial observed under ${mode} mode]`;
  return `[sandbox: ${parts.join('; ')}]`;
}

module.exports = { widen, denialMarker, register, frozenCopy };
