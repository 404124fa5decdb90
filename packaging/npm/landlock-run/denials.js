// What a command printed on stderr that looks like a denial: run()'s `denied`.
'use strict';

const fs = require('fs');
const path = require('path');
const { StringDecoder } = require('string_decoder');
const { fail } = require('./errors.js');

const MAX_DENIALS = 1000; // entries of `denied`
const MAX_LINE = 4096; // characters of a stderr line kept in a denial


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
    // source: the command's own stderr (an observed run's kernel denials say 'audit' or 'ptrace')
    return p === null ? { line: text, signature: s.name, source: 'stderr' } : { line: text, path: p, signature: s.name, source: 'stderr' };
  }
  return null;
}

// Under workspace-write the carve (a read-only .git, .envrc... at the top of
// the workspace) leaves the workspace's own folder read-only: a new entry
// made directly in it is denied on purpose, and the policy's `outputs`
// names the ones a build makes (target/, Cargo.lock). Such a denial gets
// reason 'carve', the entry's name and the advice that names it; the path
// (and so the name) is still the command's text.
function markCarve(d, cwd, workspace) {
  if (d.path === undefined || d.path.startsWith('~')) return;
  const abs = path.resolve(cwd, d.path);
  try {
    if (fs.realpathSync(path.dirname(abs)) !== fs.realpathSync(workspace)) return;
  } catch {
    return;
  }
  if (fs.existsSync(abs)) return;
  const name = path.basename(abs);
  d.reason = 'carve';
  d.entry = name;
  d.advice = `the workspace root is read-only under workspace-write (its .git is carved out): a new entry there needs the policy's outputs: ` +
    `${JSON.stringify(`${name}/`)} for a folder or ${JSON.stringify(name)} for a file (or a preset that declares it)`;
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
// signature, as { line, path?, signature, source: 'stderr' }; what run()
// reports in `denied`.
function findDenials(text, signatures = denialSignatures) {
  const scanner = new DenialScanner(checkSignatures(signatures));
  scanner.push(String(text));
  return scanner.end();
}

module.exports = { denialSignatures, findDenials, checkSignatures, DenialScanner, markCarve };
