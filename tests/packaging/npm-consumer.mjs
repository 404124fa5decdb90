// ESM half of the packed-install test: the named and default exports work
// from `import`, and give the same launcher. argv: SCRATCH_DIR.
import { launcherPath, policyPath, probe, wrap, grantArgs, policyToml, version, run, spawn, denialSignatures, findDenials } from 'landlock-run';
import llr from 'landlock-run';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const scratch = process.argv[2];
let why = '';
if (llr.launcherPath() !== launcherPath()) why = 'default and named exports differ';
else if (llr.policyPath() !== policyPath() || !policyPath().endsWith('/bin/landlock-policy')) why = 'policyPath';
else if (!policyToml({ mode: 'read-only' }).includes('mode = "read-only"')) why = 'policyToml';
else if (!probe().ok) why = 'probe() not ok';
else if (grantArgs({ rw: '/x' }).join(' ') !== '--rw /x') why = 'grantArgs';
else if (llr.run !== run || llr.spawn !== spawn || llr.denialSignatures !== denialSignatures || findDenials('a: /b: Permission denied')[0].path !== '/b') why = 'run, spawn, denialSignatures, findDenials';
else {
  const dir = join(scratch, 'esm');
  mkdirSync(dir, { recursive: true });
  const argv = wrap(['/bin/sh', '-c', 'echo esm > "$1"; echo esm > "$2"', 'sh', join(dir, 'in'), join(scratch, 'esm-out')], { ro: '/', rw: dir });
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  if (!existsSync(join(dir, 'in'))) why = `write inside missing: ${r.stderr}`;
  else if (existsSync(join(scratch, 'esm-out'))) why = 'write outside landed';
  else if (!argv.includes(version)) why = 'not pinned';
}
if (!why) {
  const r = await run(['/bin/sh', '-c', 'exit 3'], { ro: '/' });
  if (r.status !== 3 || r.sandbox.confined !== true) why = `run: ${JSON.stringify(r)}`;
}
console.log(why ? `FAIL npm-esm-import: ${why}` : 'PASS npm-esm-import');
process.exitCode = why ? 1 : 0;
