// run() and spawn(): a command through the launcher, with its status read
// and its denials found.
'use strict';

const fs = require('fs');
const { spawn: spawnChild } = require('child_process');
const { fail, describe } = require('./errors.js');
const { wrap, isCompiled } = require('./wrap.js');
const { checkArgv } = require('./flags.js');
const { STATUS_FD, sandboxOf, withStatusFds } = require('./classify.js');
const { denialSignatures, checkSignatures, DenialScanner, markCarve } = require('./denials.js');
const { modeNamed } = require('./policy.js');
const { REPORT_FD, prepareObserved, parseReport, observedSandbox, learnFailure, frozenCopy } = require('./observe.js');
const { register, denialMarker } = require('./escalate.js');

const MAX_STATUS = 64 * 1024; // bytes read from a status fd (a line is a few hundred)
const DEFAULT_MAX_BUFFER = 16 * 1024 * 1024; // bytes of stdout and of stderr run() keeps
const MAX_REPORT = 16 * 1024 * 1024; // bytes of an observed run's learn report (1000s of denials)
const STDERR_TAIL = 4096; // bytes of stderr kept to say why learn wrote no report

// What to spawn for run()/spawn(): wrap()'s argv with the status fds.
function prepareRun(argv, policy, options) {
  checkArgv(argv);
  if (!isCompiled(policy)) {
    if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object or a path');
    if (policy.statusFd !== undefined) throw fail('run: statusFd is run()\'s own (it reads the launcher\'s status on fd 3); leave it out');
    const spawned = wrap(argv, { ...policy, statusFd: STATUS_FD }, options);
    return { argv: spawned, layers: 1, mode: null, sandboxed: true, warnings: '', failureHint: null, cwd: options.workspace || process.cwd() };
  }
  const w = wrap(argv, policy, options);
  const cwd = options.workspace || (typeof policy === 'object' && policy.workspace) || process.cwd();
  if (!w.sandboxed) return { argv: w.argv, layers: 0, mode: w.mode, sandboxed: false, warnings: w.warnings, failureHint: null, cwd };
  const s = withStatusFds(w.argv, argv);
  return { argv: s.argv, layers: s.layers, mode: w.mode, sandboxed: true, warnings: w.warnings, failureHint: w.failureHint, cwd };
}

// What to spawn for an observed run (observe: true): learn with the report
// on fd 3, or, when the mode runs unconfined, the command alone.
function prepareObservedRun(argv, policy, options) {
  checkArgv(argv);
  if (!isCompiled(policy)) throw new TypeError('landlock-run: observe: true needs a compiled policy (an object with a mode, or a policy file), not the raw launcher flags');
  const o = prepareObserved(argv, policy, options);
  if (o.unsandboxed) {
    const w = o.unsandboxed;
    const cwd = options.workspace || (typeof policy === 'object' && policy.workspace) || process.cwd();
    return { argv: w.argv, layers: 0, mode: w.mode, sandboxed: false, warnings: w.warnings, failureHint: null, cwd, observe: null };
  }
  return { argv: o.argv, layers: 0, mode: o.wrapped.mode, sandboxed: true, warnings: o.wrapped.warnings, failureHint: o.wrapped.failureHint, cwd: o.cwd, observe: o };
}

// The workspace as the kernel names it (denials are canonical paths).
function realWorkspace(workspace) {
  try {
    return fs.realpathSync(workspace);
  } catch {
    return workspace;
  }
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
  if (options.observe !== undefined && typeof options.observe !== 'boolean') throw fail(`run: observe ${describe(options.observe)} is not true or false`);
  // The command's stdin carries the policy to learn (then EOF): there is no room for input.
  if (options.observe && options.input !== undefined) throw new TypeError('landlock-run: run: observe and input do not go together (an observed run\'s stdin carries the policy; the command reads EOF)');
  if (options.observe && options.stdio !== undefined) {
    const first = typeof options.stdio === 'string' ? options.stdio : options.stdio && options.stdio[0];
    if (first !== undefined && first !== null && first !== 'pipe') throw new TypeError('landlock-run: spawn: observe needs stdin a pipe (it carries the policy; the command reads EOF)');
  }
}

function stdioOf(option) {
  if (option === undefined) return ['pipe', 'pipe', 'pipe'];
  const list3 = typeof option === 'string' ? [option, option, option] : option;
  if (!Array.isArray(list3) || list3.length > 3) throw fail('spawn: stdio is one value or an array of at most 3 (fds 0-2; fd 3 and up are the status fds)');
  return [0, 1, 2].map((i) => (list3[i] === undefined || list3[i] === null ? 'pipe' : list3[i]));
}

// What a status fd says, read as it comes (at most `cap` bytes): a
// function that returns the text read so far, and whether all of it fit.
function statusReader(stream, cap = MAX_STATUS) {
  const chunks = [];
  let size = 0;
  if (stream) {
    stream.on('error', () => {}); // what was read is judged; a reset is no status
    stream.on('data', (b) => {
      if (size < cap) chunks.push(b);
      size += b.length;
    });
  }
  const read = () => Buffer.concat(chunks).toString('utf8');
  read.overflowed = () => size > cap;
  return read;
}

// Collects up to `cap` bytes of an output stream (none when stream is null).
function collect(stream, cap) {
  const c = { chunks: [], size: 0, truncated: false };
  if (!stream) return c;
  stream.on('error', () => {}); // run() owns these streams: an error ends the output, not the process
  stream.on('data', (b) => {
    const room = cap - c.size;
    if (b.length > room) c.truncated = true;
    if (room <= 0) return;
    const part = b.length > room ? b.subarray(0, room) : b;
    c.chunks.push(part);
    c.size += part.length;
  });
  return c;
}

// Spawns prepared argv; `keep` collects stdout/stderr (run()).
function launch(argv, policy, options, keep) {
  checkRunOptions(options);
  if (options.signal && options.signal.aborted) throw abortError(options.signal);
  const prep = options.observe ? prepareObservedRun(argv, policy, options) : prepareRun(argv, policy, options);
  const ranUnder = frozenCopy(policy); // what the result says it ran under, whatever the caller does to `policy` later
  const cwd = options.cwd || prep.cwd;
  const stdio = keep ? ['pipe', 'pipe', 'pipe'] : stdioOf(options.stdio);
  for (let k = 0; k < prep.layers; k++) stdio.push('pipe');
  if (prep.observe) stdio[REPORT_FD] = 'pipe';
  const child = spawnChild(prep.argv[0], prep.argv.slice(1), { cwd, env: options.env || process.env, stdio });
  const reportText = prep.observe ? statusReader(child.stdio[REPORT_FD], MAX_REPORT) : null;
  if (prep.observe && child.stdin) {
    child.stdin.on('error', () => {}); // learn ended before it read the policy: its status says why
    child.stdin.end(prep.observe.input);
  }
  let stderrTail = '';
  if (prep.observe && child.stderr) child.stderr.on('data', (b) => { stderrTail = (stderrTail + b.toString('utf8')).slice(-STDERR_TAIL); });

  const statusTexts = [];
  for (let k = 0; k < prep.layers; k++) statusTexts.push(statusReader(child.stdio[STATUS_FD + k]));
  const cap = options.maxBuffer === undefined ? DEFAULT_MAX_BUFFER : options.maxBuffer;
  const kept = (stream) => collect(keep ? stream : null, cap);
  const out = kept(child.stdout);
  const err = kept(child.stderr);
  const scanner = prep.sandboxed ? new DenialScanner(options.denialSignatures || denialSignatures) : null;
  if (scanner && child.stderr) child.stderr.on('data', (b) => scanner.push(b));
  if (keep && child.stdin && !prep.observe) {
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
      let observed = null;
      let escalation = null;
      let refused = [];
      let warnings = prep.warnings;
      if (prep.observe) {
        const text = reportText();
        let report = null;
        if (text !== '') {
          try {
            if (reportText.overflowed()) throw fail(`the learn report is over ${MAX_REPORT} bytes`);
            report = parseReport(text);
          } catch (e) {
            // The command ran (learn reported): the denials are unknown, not absent.
            warnings += `${e.message}; no denial observed\n`;
          }
        }
        sandbox = observedSandbox(prep.observe, text !== '', proc, learnFailure(stderrTail, proc));
        if (report) ({ observed, escalation, refused } = report);
      } else sandbox = sandboxOf(prep, statusTexts.map((t) => t()), proc, argv);
      let denied = [];
      if (sandbox.confined) {
        denied = scanner.end();
        const mode = modeNamed(prep.mode); // null for the raw flags and a policy file
        if (mode && mode.carve) denied.forEach((d) => markCarve(d, cwd, prep.cwd));
      }
      // The compiler's hint, when the command itself ran confined and
      // exited non-zero: the sandbox's side of the failure, as data.
      const ranAndFailed = sandbox.confined && sandbox.execFailed === null && status !== null && status !== 0;
      const failureHint = ranAndFailed ? prep.failureHint : null;
      const r = { argv: prep.argv, status, signal, sandbox, denied, timedOut, aborted, warnings, failureHint, policy: ranUnder, observed, escalation, refused };
      if (keep) {
        r.stdout = Buffer.concat(out.chunks).toString('utf8');
        r.stderr = Buffer.concat(err.chunks).toString('utf8');
        r.truncated = { stdout: out.truncated, stderr: err.truncated };
      }
      register(r, ranUnder, escalation, realWorkspace(prep.cwd));
      // An observed run names what the kernel refused instead of the
      // compiler's general hint (issue 29: name the denials when at hand).
      if (ranAndFailed && observed && observed.denials.length > 0) r.failureHint = denialMarker(r);
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
// warnings, failureHint }. Rejects, before anything runs, when wrap() throws (a policy
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

module.exports = { run, spawn };
