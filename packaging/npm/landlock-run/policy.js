// Policies as objects, written as TOML for landlock-policy. The keys, what
// each holds and the modes are the compiler's own tables (policy.json,
// generated from compiler/policy/schema.cpp and compiler/plan/modes.cpp);
// this file only knows how each kind of value is written.
'use strict';

const cli = require('./flags.json');
const tables = require('./policy.json');
const { fail, describe, list } = require('./errors.js');

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

// A path, or a table { path, ... } of the fields the key's shape allows;
// `writePath` writes the path (tomlPath, or tomlString for a relative one).
function tomlEntry(v, key, fields, writePath) {
  if (typeof v === 'string') return writePath(v, key);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(`policy ${key}: ${describe(v)} is not a path or { path, ... }`);
  const parts = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    if (k === 'path') parts.push(`path = ${writePath(x, `${key}.path`)}`);
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

// [env] set = { NAME = "VALUE", ... }: names quoted (TOML keys), values literal.
function tomlInlineTable(v, key) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(`policy ${key}: ${describe(v)} is not an object`);
  return `{ ${Object.entries(v).map(([name, x]) => `${tomlString(name, key)} = ${tomlString(x, `${key}.${name}`)}`).join(', ')} }`;
}

// An `extends` entry of an object policy: a built-in preset
// ("preset:cargo"), which the compiler checks as it checks one in a TOML
// file. A file is refused: an object policy has no folder to resolve it
// against, and a base policy on the disk stays a TOML matter.
function tomlPreset(v, key) {
  if (typeof v !== 'string') throw fail(`policy ${key}: ${describe(v)} is not a string`);
  if (!v.startsWith(tables.presetPrefix)) {
    throw fail(`policy ${key}: ${describe(v)} is not a built-in preset: an object policy extends only presets ` +
      `("${tables.presetPrefix}NAME", e.g. "${tables.presetPrefix}cargo"); to extend a policy file, write your policy as a TOML file ` +
      'that extends it and pass that file\'s path instead of an object');
  }
  return tomlString(v, key);
}

// "a", "b" or "c"
function choiceList(choices) {
  const quoted = choices.map((c) => JSON.stringify(c));
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

// How one value of a key is written, by what the schema says it holds.
function valueWriter(key) {
  switch (key.value) {
    case 'Bool':
      return tomlBool;
    case 'Abi':
      return (v, k) => tomlInt(v, k, 1, cli.newestKnownAbi);
    case 'Choice':
      return (v, k) => {
        if (!key.choices.includes(v)) throw fail(`policy ${k}: ${describe(v)} is not ${choiceList(key.choices)}`);
        return tomlString(v, k);
      };
    case 'Path':
      if (key.name === 'extends' && key.table === '') return tomlPreset;
      if (key.entryKeys.length === 0) return tomlPath;
      return (v, k) => tomlEntry(v, k, key.entryKeys.filter((f) => f !== 'path'), tomlPath);
    case 'Port':
      return tomlPort;
    case 'Assignment':
      return tomlInlineTable;
    case 'Relative': // outputs: relative to the workspace; [protect] read_only / keep_writable: to each grant
      if (key.entryKeys.length === 0) return tomlString;
      return (v, k) => tomlEntry(v, k, key.entryKeys.filter((f) => f !== 'path'), tomlString);
    case 'Text':
    case 'Name':
    case 'Pattern':
      return tomlString;
    default:
      throw new Error(`landlock-run: policy.json: no writer for a ${key.value} (key ${key.name})`);
  }
}

// The writer of a key: [toml name, (value, name in errors) => TOML text].
function writer(key) {
  const one = valueWriter(key);
  if (key.toml === 'list' && key.value !== 'Assignment') return [key.name, (v, k) => tomlArray(v, k, one)];
  return [key.name, one];
}

// The policy object's keys: TOP at the top level, TABLES[table] in [table].
const TOP = {};
const TABLES = {};
for (const key of tables.keys) {
  if (key.npm === '') continue;
  if (key.table === '') TOP[key.npm] = writer(key);
  else {
    TABLES[key.table] = TABLES[key.table] || {};
    TABLES[key.table][key.npm] = writer(key);
  }
}

const MODES = tables.modes.map((m) => m.name);
// The row of a mode (sandboxed, carve...), or undefined.
const modeNamed = (name) => tables.modes.find((m) => m.name === name);
// The mode that runs the command alone, without the launcher.
const UNSANDBOXED_MODE = tables.modes.find((m) => !m.sandboxed).name;

// policyToml({ mode, ro, rw, hide, network, ... }): the policy object as the
// text of a version 1 TOML policy. `workspace` is not written: wrap() passes
// it to the compiler as --set workspace=PATH (taken literally).
function policyToml(policy) {
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy)) throw fail('the policy must be an object');
  if (!MODES.includes(policy.mode)) throw fail(`policy mode: ${describe(policy.mode)} is not one of ${MODES.join(', ')}`);
  let top = `version = 1\nmode = ${tomlString(policy.mode, 'mode')}\n`;
  let tableText = '';
  for (const [k, v] of Object.entries(policy)) {
    if (v === undefined || k === 'mode' || k === 'workspace') continue;
    if (TOP[k]) top += `${TOP[k][0]} = ${TOP[k][1](v, k)}\n`;
    else if (k === 'network' && v === 'off') tableText += '\n[network]\nrestrict = true\n'; // no TCP at all
    else if (TABLES[k]) tableText += tomlTable(v, k, TABLES[k]);
    else {
      throw fail(`unknown policy key ${JSON.stringify(k)}; known keys: mode, workspace, ${[...Object.keys(TOP), ...Object.keys(TABLES)].join(', ')}`);
    }
  }
  return top + tableText;
}

module.exports = { policyToml, modeNamed, UNSANDBOXED_MODE };
