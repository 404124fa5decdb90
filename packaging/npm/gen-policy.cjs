// gen-policy.cjs COMPILER_DIR OUT: the policy schema and the modes as JSON,
// read from the compiler's one table of each (policy/schema.cpp with the
// storage types of policy/policy.h, plan/modes.cpp; the preset prefix of
// policy/presets.h), so that npm's policy
// object and its modes can never drift from what landlock-policy reads.
'use strict';
const fs = require('fs');
const path = require('path');
const [dir, out] = process.argv.slice(2);
const read = (rel) => fs.readFileSync(path.join(dir, rel), 'utf8');
const schemaText = read('policy/schema.cpp');
const policyText = read('policy/policy.h');
const modesText = read('plan/modes.cpp');
const presetsText = read('policy/presets.h');
const die = (what) => {
  throw new Error(`gen-policy: ${what}`);
};
const bars = (s) => (s === '' ? [] : s.split('|'));

// The storage of each Layer / EnvTable member: `std::vector<PathEntry> ro, rw;`
const storage = new Map();
for (const m of policyText.matchAll(/^\s*([A-Za-z:]+<[A-Za-z:<> ]+?>+)\s+([a-z_, ]+);/gm)) {
  for (const name of m[2].split(',')) storage.set(name.trim(), m[1].replace(/\s+/g, ''));
}
// A key's value in TOML: one value, a list of them, or one entry.
function shapeOfValue(member, key) {
  const type = storage.get(member);
  if (type === undefined) die(`policy.h declares no member ${member} (key ${key})`);
  if (type.startsWith('std::vector<Setting<') || type.startsWith('Setting<')) return 'one';
  if (type.startsWith('std::optional<')) return 'entry';
  if (type.startsWith('std::vector<')) return 'list';
  return die(`unexpected storage ${type} of ${member}`);
}

const entryKeys = {};
for (const m of schemaText.matchAll(/\{Shape::(\w+), "([a-z|]*)"\}/g)) entryKeys[m[1]] = bars(m[2]);

const str = '"((?:[^"\\\\]|\\\\.)*)"';
const sep = ',\\s*';
const row = new RegExp(
  [`\\{"([a-z_]+)"`, '"([a-z]*)"', '([A-Za-z |]+)', '(std::monostate\\{\\}|&(?:Layer|EnvTable)::([a-z_]+))', 'Value::(\\w+)',
    'Shape::(\\w+)', 'Merge::(\\w+)', 'Untrusted::(\\w+)', str, str, `${str}\\}`].join(sep),
  'g',
);
const keys = [];
for (const m of schemaText.matchAll(row)) {
  const [, name, table, inText, , member, value, shape, merge, untrusted, npm, choices] = m;
  if (!(shape in entryKeys)) die(`key ${name}: no entry keys for Shape::${shape}`);
  keys.push({
    name,
    table,
    top: /\bTop\b/.test(inText),
    profiles: /\bProfiles\b/.test(inText),
    value,
    toml: member === undefined ? 'tables' : shapeOfValue(member, name),
    entryKeys: entryKeys[shape],
    merge,
    untrusted,
    npm,
    choices: bars(choices),
  });
}
// The table must be read whole: count its rows another way.
const rows = (schemaText.match(/^\s*\{"[a-z_]+", "[a-z]*", /gm) || []).length;
if (keys.length !== rows || rows < 30) die(`read ${keys.length} of ${rows} rows of policy/schema.cpp`);
for (const need of ['mode', 'ro', 'rw', 'hide', 'project'])
  if (!keys.some((k) => k.name === need && k.table === '')) die(`no key ${need} in policy/schema.cpp`);

const modes = [];
const modeRow = new RegExp(`\\{"([a-z-]+)",${'\\s*(true|false),'.repeat(8)}\\s*(\\w+|\\{\\}),\\s*"`, 'g');
for (const m of modesText.matchAll(modeRow)) {
  const [, name, sandboxed, hideSecrets, unsetSecrets, dropCaps, carve, defaultScopes, guardTerminal, detectOutputs] = m;
  const yes = (s) => s === 'true';
  modes.push({
    name,
    sandboxed: yes(sandboxed),
    hideSecrets: yes(hideSecrets),
    unsetSecrets: yes(unsetSecrets),
    dropCaps: yes(dropCaps),
    carve: yes(carve),
    defaultScopes: yes(defaultScopes),
    guardTerminal: yes(guardTerminal),
    detectOutputs: yes(detectOutputs),
  });
}
const modeRows = (modesText.match(/^\s*\{"[a-z-]+", (?:true|false),/gm) || []).length;
if (modes.length !== modeRows || modes.length < 3) die(`read ${modes.length} of ${modeRows} rows of plan/modes.cpp`);
if (!modes.some((m) => !m.sandboxed)) die('no unsandboxed mode in plan/modes.cpp');

// How `extends` names a built-in preset ("preset:"): an object policy
// extends presets only (a file stays a TOML matter).
const prefix = /kPresetPrefix = "([a-z]+:)";/.exec(presetsText);
if (!prefix) die('no kPresetPrefix in policy/presets.h');

const json = {
  source: ['compiler/policy/schema.cpp', 'compiler/plan/modes.cpp', 'compiler/policy/presets.h'],
  keys,
  modes,
  presetPrefix: prefix[1],
};
fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
