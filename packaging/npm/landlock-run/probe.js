// The launcher's probe: what the kernel enforces here.
'use strict';

const { spawnSync } = require('child_process');
const { fail } = require('./errors.js');
const { trustedBinary, tmpRoot } = require('./binaries.js');

//   landlock-run 0.1.0 abi=7 enforcement=full fs=full tcp=yes
//     scopes=abstract-unix,signal audit=yes pathname-unix=no udp=no
//     atomic-nnp=no errata=7 fixes=tcp-sockets,same-process-signals,disconnected-dirs
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
    atomicNnp: yes('atomic-nnp'),
    // The kernel's errata bitmask, or null where it is unknown (a kernel
    // before the query) or the launcher predates the field; the names it knows.
    errata: /^\d+$/.test(fields.errata || '') ? Number(fields.errata) : null,
    errataFixes: !fields.fixes || ['none', 'unknown'].includes(fields.fixes) ? [] : fields.fixes.split(','),
    error: fields.error || null,
    fields,
    line: text,
  };
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

module.exports = { parseProbeLine, probe, probeWith };
