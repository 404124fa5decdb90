// Telling the sandbox's failure from the command's: the launcher's status
// lines on --status-fd, and the argv that asks for them.
'use strict';

const cli = require('./flags.json');
const { fail } = require('./errors.js');
const { ACTIONS } = require('./flags.js');

// The launcher writes its status to fd 3 (and an inner layer of a nested
// policy to fd 4): one JSON line, right before exec or on failure; the fd
// is close-on-exec, so nothing the command does can add a line.
const STATUS_FD = 3;

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
  let how = `exited ${proc.status}`;
  if (proc.spawnError) how = `could not be started: ${proc.spawnError.message}`;
  else if (proc.signal) how = `was killed by ${proc.signal}`;
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

// A run's `sandbox`: unconfined (a mode without the launcher), the
// launcher's failure, or what every layer reported. `prep` is what was
// spawned, `texts` its status fds, `proc` how it ended.
function sandboxOf(prep, texts, proc, argv) {
  if (!prep.sandboxed) {
    let execFailed = null;
    if (proc.spawnError) {
      const exit = proc.spawnError.code === 'ENOENT' ? cli.exit.notFound : cli.exit.cannotExecute;
      execFailed = { exit, error: `cannot run ${argv[0]}: ${proc.spawnError.message}` };
    }
    return { confined: false, unconfined: true, launcherError: null, execFailed, mode: prep.mode, enforcement: 'none', abi: null, notice: null, version: null, scopes: null, layers: 0 };
  }
  const c = classifyLayers(texts, proc);
  if (c.launcherError !== undefined) {
    return { confined: false, unconfined: false, launcherError: c.launcherError, execFailed: null, mode: prep.mode, enforcement: 'none', abi: null, notice: null, version: null, scopes: null, layers: prep.layers };
  }
  const notices = c.facts.map((f) => f.notice).filter((t) => t !== '');
  return {
    confined: true,
    unconfined: false,
    launcherError: null,
    execFailed: c.execFailed,
    mode: prep.mode,
    enforcement: c.facts.some((f) => f.enforcement === 'partial') ? 'partial' : 'full',
    abi: c.facts[0].abi,
    notice: [...new Set(notices)].join('; '),
    version: c.facts[0].version,
    scopes: scopesInForce(c.facts),
    layers: prep.layers,
  };
}

// The scopes in force for the command: each layer's status line names its
// own ("abstract-unix,signal", "signal" or "none"), and a scope of any
// layer holds. Sorted, without duplicates; [] when none.
function scopesInForce(facts) {
  const names = new Set();
  for (const f of facts) {
    if (typeof f.scopes !== 'string' || f.scopes === 'none') continue;
    for (const name of f.scopes.split(',')) if (name !== '') names.add(name);
  }
  return [...names].sort();
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

module.exports = { STATUS_FD, sandboxOf, withStatusFds };
