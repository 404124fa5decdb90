// The npm observe benchmark of issue 32: an observed run() (the command
// through `landlock-policy learn`, the audit way where it works, else
// ptrace) against a plain run() (the launcher alone), on the learn
// benchmark's small real build (make compiling N C files), as a ratio
// within one run. Bar: at most 1.5 times. Best of 3, the two interleaved in
// each round (the machine is shared): noise slows a round, never speeds one up.
// Usage: node run.cjs PACKAGE_DIR LAUNCHER COMPILER   (make bench-npm)
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [pkgDir, launcher, compiler] = process.argv.slice(2).map((p) => path.resolve(p));
const BAR = 1.5;
const ROUNDS = 3;
const files = Number(process.env.BENCH_LEARN_FILES || 60);
const cc = ['cc', 'gcc'].find((c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0);
if (!cc) {
  console.log('bench-npm: SKIP no C compiler');
  process.exit(0);
}
// Beside the binaries, not in /tmp: a binary or a policy where a confined run could write is refused.
const T = fs.mkdtempSync(path.join(path.dirname(compiler), 'llr-bench-npm-'));
process.on('exit', () => fs.rmSync(T, { recursive: true, force: true }));
for (const d of ['home', 'tmp', 'ws/src']) fs.mkdirSync(path.join(T, d), { recursive: true });
for (let i = 0; i < files; i++) {
  fs.writeFileSync(path.join(T, `ws/src/f${i}.c`), `#include <stdio.h>\n#include <string.h>\nint f${i}(const char *s) { return (int)strlen(s) + ${i}; }\n`);
}
fs.writeFileSync(path.join(T, 'ws/Makefile'), `SRCS := $(wildcard src/*.c)\nlib.a: $(SRCS:.c=.o)\n\tar rcs $@ $^\n%.o: %.c\n\t${cc} -O0 -c -o $@ $<\n`);

const { run } = require(pkgDir);
const workspace = path.join(T, 'ws');
const env = { ...process.env, HOME: path.join(T, 'home'), TMPDIR: path.join(T, 'tmp'), LANDLOCK_RUN: launcher, LANDLOCK_POLICY: compiler };
// The learn benchmark's policy (bench/learn/run.sh), as an object.
const policy = { mode: 'custom', ro: ['/usr', '/etc'], rw: ['${WORKSPACE}', '${TMPDIR}'] };

// One clean build through run(), in milliseconds.
async function once(observe) {
  for (const f of fs.readdirSync(path.join(workspace, 'src'))) if (f.endsWith('.o')) fs.rmSync(path.join(workspace, 'src', f));
  fs.rmSync(path.join(workspace, 'lib.a'), { force: true });
  const start = process.hrtime.bigint();
  const r = await run(['make', '-s', '-j1'], policy, { workspace, env, observe });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 || !r.sandbox.confined) {
    throw new Error(`${observe ? 'observed' : 'plain'} run() failed (status ${r.status}): ${r.sandbox.launcherError || r.stderr.slice(0, 300)}`);
  }
  if (observe && !r.observed) throw new Error(`the observed run() has no report: ${r.warnings}`);
  return { ms, method: observe ? r.observed.method : null };
}

async function main() {
  const best = { plain: Infinity, observed: Infinity };
  let method = null;
  for (let round = 0; round < ROUNDS; round++) {
    best.plain = Math.min(best.plain, (await once(false)).ms);
    const o = await once(true);
    best.observed = Math.min(best.observed, o.ms);
    method = o.method;
  }
  const ratio = best.observed / best.plain;
  console.log(`bench-npm: make of ${files} C files (best of ${ROUNDS}): run() ${best.plain.toFixed(0)} ms`);
  console.log(`bench-npm: run({ observe: true }) (learn, the ${method} way): ${best.observed.toFixed(0)} ms, ${ratio.toFixed(2)}x run() (bar: at most ${BAR}x)`);
  if (ratio > BAR) {
    console.log(`bench-npm: FAIL an observed run() costs ${ratio.toFixed(2)}x a plain one (bar: at most ${BAR}x)`);
    process.exitCode = 1;
  } else console.log('bench-npm: OK');
}
main().catch((e) => {
  console.log(`bench-npm: FAIL ${e.message}`);
  process.exitCode = 1;
});
