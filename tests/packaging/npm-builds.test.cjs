// Builds under workspace-write through the INSTALLED landlock-run package:
// an object policy's `outputs` and `extends: ['preset:...']` (the keys of the
// compiler's schema table, checked by the compiler as in a TOML file), the
// README's build harness run as written in a fresh crate, the carve's advice
// on a denial, and run()'s failureHint and sandbox.scopes. Run by
// tests/suites/73-npm.sh with `node --test` from the consumer folder, cwd
// the workspace, HOME a fake home, TMPDIR a dedicated folder; environment
// as harness-env.cjs says, plus LLR_T_READMES (the README files).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const llr = require('landlock-run');

const { policies, home } = require('./harness-env.cjs');
const probed = llr.probe();
const installed = path.dirname(require.resolve('landlock-run/package.json'));
const schema = JSON.parse(fs.readFileSync(path.join(installed, 'policy.json'), 'utf8'));

// A fresh git repository (its .git makes workspace-write carve the root).
function repo(files = {}) {
  const dir = fs.mkdtempSync(path.join(policies, 'build-'));
  const git = spawnSync('git', ['init', '-q', dir], { encoding: 'utf8' });
  if (git.status !== 0) fs.mkdirSync(path.join(dir, '.git'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

// The compiler's diagnostics for a TOML policy file holding `lines`.
function tomlError(lines, workspace) {
  const file = path.join(policies, `toml-${process.hrtime.bigint()}.toml`);
  fs.writeFileSync(file, `version = 1\nmode = "workspace-write"\n${lines}\n`);
  const r = spawnSync(llr.policyPath(), ['argv', '--format', 'json', '--set', `workspace=${workspace}`, file, '--', 'true'], { encoding: 'utf8', cwd: workspace });
  assert.notStrictEqual(r.status, 0, `the TOML compiled: ${lines}`);
  return r.stderr;
}
// The message of what wrap() throws for a policy object.
function wrapError(policy, workspace) {
  try {
    llr.wrap(['true'], policy, { probe: probed, workspace });
  } catch (e) {
    return e;
  }
  return assert.fail(`wrap accepted ${JSON.stringify(policy)}`);
}
// The first error line (`error: ...`) of compiler diagnostics, without its file:line.
const firstError = (text) => (/error: (.*)/.exec(text) || [])[1];

test('outputs-and-presets-are-written-as-toml', () => {
  const toml = llr.policyToml({ mode: 'workspace-write', extends: ['preset:cargo'], outputs: ['target/', { path: 'Cargo.lock', why: 'cargo' }] });
  assert.match(toml, /^extends = \["preset:cargo"\]$/m, toml);
  assert.match(toml, /^outputs = \["target\/", \{ path = "Cargo.lock", why = "cargo" \}\]$/m, toml);
  assert.ok(toml.indexOf('extends') < toml.indexOf('outputs'), toml);
  // One value for a list key, as for ro and rw.
  assert.match(llr.policyToml({ mode: 'workspace-write', outputs: 'build/' }), /^outputs = \["build\/"\]$/m);
});

test('extends-refuses-a-file-path', () => {
  for (const file of ['base.toml', '/etc/landlock/base.toml', '~/base.toml', './preset:cargo']) {
    const e = wrapError({ mode: 'workspace-write', extends: [file] }, policies);
    assert.strictEqual(e.code, 'LANDLOCK_RUN', e.message);
    assert.match(e.message, /policy extends\[0\]: .* is not a built-in preset: an object policy extends only presets \("preset:NAME"/, e.message);
    assert.match(e.message, /TOML file/, e.message);
  }
  assert.match(wrapError({ mode: 'read-only', extends: [42] }, policies).message, /extends\[0\]: number is not a string/);
});

test('an-unknown-preset-is-the-compilers-error-as-in-toml', () => {
  const ws = repo();
  const e = wrapError({ mode: 'workspace-write', extends: ['preset:carg'] }, ws);
  assert.strictEqual(e.code, 'LANDLOCK_POLICY', e.message);
  assert.match(e.message, /unknown preset `carg`/, e.message);
  assert.strictEqual(firstError(e.message), firstError(tomlError('extends = ["preset:carg"]', ws)));
});

test('a-bad-output-is-the-compilers-error-as-in-toml', () => {
  const ws = repo();
  for (const [value, toml] of [['/abs/target/', '"/abs/target/"'], ['../up/', '"../up/"'], ['.git/x', '".git/x"'], ['${HOME}/x', '"${HOME}/x"']]) {
    const e = wrapError({ mode: 'workspace-write', outputs: [value] }, ws);
    assert.strictEqual(e.code, 'LANDLOCK_POLICY', e.message);
    assert.match(e.message, /outputs `/, e.message);
    assert.strictEqual(firstError(e.message), firstError(tomlError(`outputs = [${toml}]`, ws)), value);
  }
  const unknown = wrapError({ mode: 'workspace-write', outputs: [{ path: 'x/', optional: true }] }, ws);
  assert.match(unknown.message, /policy outputs\[0\]: unknown key "optional" \(known: path, why\)/);
  assert.match(wrapError({ mode: 'workspace-write', outputs: [7] }, ws).message, /outputs\[0\]: number is not a path or \{ path, \.\.\. \}/);
});

test('an-output-folder-makes-a-build-at-the-root-work', async () => {
  const ws = repo({ 'src/a.c': 'int a;\n' });
  const build = ['sh', '-c', 'mkdir -p build/obj && cp src/a.c build/obj/a.o'];
  const without = await llr.run(build, { mode: 'workspace-write' }, { probe: probed, workspace: ws });
  assert.strictEqual(without.sandbox.confined, true, without.sandbox.launcherError);
  assert.notStrictEqual(without.status, 0, 'the carved root let build/ be created');
  const d = without.denied.find((x) => x.reason === 'carve');
  assert.ok(d, JSON.stringify(without.denied));
  assert.strictEqual(d.entry, 'build');
  assert.match(d.advice, /outputs: "build\/" for a folder or "build" for a file/, d.advice);
  assert.doesNotMatch(d.advice, /subfolder/);
  const r = await llr.run(build, { mode: 'workspace-write', outputs: ['build/'] }, { probe: probed, workspace: ws });
  assert.strictEqual(r.status, 0, r.stderr);
  assert.strictEqual(fs.readFileSync(path.join(ws, 'build/obj/a.o'), 'utf8'), 'int a;\n');
  // Nothing else at the root became writable.
  const other = await llr.run(['sh', '-c', 'echo x > other'], { mode: 'workspace-write', outputs: ['build/'] }, { probe: probed, workspace: ws });
  assert.notStrictEqual(other.status, 0);
  assert.strictEqual(fs.existsSync(path.join(ws, 'other')), false);
});

test('a-preset-declares-its-outputs-from-an-object-policy', async () => {
  const ws = repo({ 'package.json': '{"name":"p","version":"1.0.0","private":true}\n' });
  const r = await llr.run(['sh', '-c', 'mkdir -p node_modules/x && echo {} > package-lock.json'],
    { mode: 'workspace-write', extends: ['preset:npm'] }, { probe: probed, workspace: ws });
  assert.strictEqual(r.status, 0, r.stderr);
  assert.ok(fs.existsSync(path.join(ws, 'node_modules/x')));
});

// The schema's keys reach npm by themselves: every key the table gives an
// npm name is in policyToml's vocabulary and typed in index.d.ts.
test('every-schema-key-is-offered-and-typed', () => {
  const types = fs.readFileSync(path.join(installed, 'index.d.ts'), 'utf8');
  const body = /export interface CompiledPolicy \{([\s\S]*?)\n\}/.exec(types);
  assert.ok(body, 'no CompiledPolicy in index.d.ts');
  const typed = new Set([...body[1].matchAll(/^ {2}([a-zA-Z]+)\?:/gm)].map((m) => m[1]));
  const tables = new Set(schema.keys.filter((k) => k.table !== '').map((k) => k.table));
  let known = '';
  try {
    llr.policyToml({ mode: 'read-only', noSuchKey: 1 });
  } catch (e) {
    known = e.message;
  }
  for (const key of schema.keys.filter((k) => k.npm !== '')) {
    const name = key.table === '' ? key.npm : key.table;
    assert.ok(typed.has(name), `index.d.ts's CompiledPolicy does not type ${name} (schema key ${key.table ? `${key.table}.` : ''}${key.name})`);
    if (key.table !== '') assert.match(body[1], new RegExp(`\\b${key.npm}\\?:`), `index.d.ts does not type ${key.table}.${key.npm}`);
    assert.ok(known.includes(` ${name}`), `policyToml does not know ${name}: ${known}`);
  }
  assert.ok(tables.size > 0 && typed.has('outputs') && typed.has('extends'));
});

test('failure-hint-and-scopes-are-fields-of-the-result', async () => {
  const ws = repo();
  const failed = await llr.run(['sh', '-c', 'exit 3'], { mode: 'workspace-write' }, { probe: probed, workspace: ws });
  assert.strictEqual(failed.sandbox.confined, true, failed.sandbox.launcherError);
  assert.strictEqual(failed.status, 3);
  const w = llr.wrap(['true'], { mode: 'workspace-write' }, { probe: probed, workspace: ws });
  // A carved workspace (a git repository): the compiler's hint, whatever
  // the command printed (here nothing).
  assert.strictEqual(failed.failureHint, w.failureHint);
  assert.strictEqual(failed.stderr, '');
  assert.match(failed.failureHint, /`outputs`.*landlock-policy learn/, failed.failureHint);
  assert.doesNotMatch(failed.failureHint, /\n/);
  // No carve (no .git, no other exception at the root): no hint.
  const plain = fs.mkdtempSync(path.join(policies, 'plain-'));
  const uncarved = await llr.run(['sh', '-c', 'exit 3'], { mode: 'workspace-write' }, { probe: probed, workspace: plain });
  assert.strictEqual(uncarved.status, 3);
  assert.strictEqual(uncarved.failureHint, null);
  const ok = await llr.run(['true'], { mode: 'workspace-write' }, { probe: probed, workspace: ws });
  assert.strictEqual(ok.status, 0);
  assert.strictEqual(ok.failureHint, null, 'a hint for a command that succeeded');
  // The status line's scopes: the agent modes scope what the kernel can (--scope-try).
  assert.ok(Array.isArray(ok.sandbox.scopes), JSON.stringify(ok.sandbox));
  const want = probed.abi >= 6 ? ['abstract-unix', 'signal'] : [];
  assert.deepStrictEqual(ok.sandbox.scopes, want);
  const off = await llr.run(['true'], { mode: 'workspace-write', defaultScopes: false }, { probe: probed, workspace: ws });
  assert.deepStrictEqual(off.sandbox.scopes, []);
  const unconfined = await llr.run(['sh', '-c', 'exit 3'], { mode: 'danger-full-access' }, { workspace: ws });
  assert.strictEqual(unconfined.sandbox.scopes, null);
  assert.strictEqual(unconfined.failureHint, null);
});

// The README's build harness (the ```js block that starts `// example:
// builds`), run as written from a fresh crate with a package.json: cargo
// build and npm install, offline, under workspace-write.
const readme = (process.env.LLR_T_READMES || '').split(':').find((f) => f.includes('node_modules'));
test('readme-builds-example-runs-cargo-and-npm', (t) => {
  if (!fs.existsSync('/usr/bin/cargo') || !fs.existsSync('/usr/bin/rustc')) return t.skip('cargo or rustc is not installed in /usr/bin (make deps)');
  const blocks = [...fs.readFileSync(readme, 'utf8').matchAll(/```js\n(\/\/ example: builds[\s\S]*?)```/g)].map((m) => m[1]);
  assert.strictEqual(blocks.length, 1, `no builds example in ${readme}`);
  const ws = repo({
    'Cargo.toml': '[package]\nname = "fresh"\nversion = "0.1.0"\nedition = "2021"\n',
    'src/main.rs': 'fn main() { println!("built"); }\n',
    'package.json': '{"name":"fresh","version":"0.1.0","private":true}\n',
  });
  fs.mkdirSync(path.join(home, '.npm'), { recursive: true });
  const file = path.join(__dirname, 'readme-example-builds.cjs');
  fs.writeFileSync(file, blocks[0]);
  // Debian's cargo and rustc (rustup's proxies would read the real HOME).
  const env = { ...process.env, PATH: `/usr/bin:/bin:${path.dirname(process.execPath)}`, RUSTC: '/usr/bin/rustc' };
  const r = spawnSync(process.execPath, [file], { encoding: 'utf8', cwd: ws, env });
  assert.strictEqual(r.status, 0, `the builds example exited ${r.status}: ${r.stderr}${r.stdout}`);
  for (const made of ['target', 'Cargo.lock', 'node_modules', 'package-lock.json']) assert.ok(fs.existsSync(path.join(ws, made)), `no ${made}`);
  assert.match(fs.readFileSync(path.join(ws, 'Cargo.lock'), 'utf8'), /name = "fresh"/);
  assert.match(fs.readFileSync(path.join(ws, 'package-lock.json'), 'utf8'), /"name": "fresh"/);
});
