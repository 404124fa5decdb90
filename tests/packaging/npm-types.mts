// Type-checked (tsc --strict, node16 resolution) against the INSTALLED
// landlock-run package by tests/suites/73-npm.sh; never run.
import llr, { launcherPath, policyPath, probe, grantArgs, wrap, parseProbeLine, policyToml, version, flags } from 'landlock-run';
import type { Policy, ProbeResult, ProbeFailure, ProbeLine, CompiledPolicy, Wrapped, WrapOptions, PolicyError } from 'landlock-run';

const path: string = launcherPath();
const compiler: string = policyPath({ workspace: '/src', writable: ['/cache'], env: { LANDLOCK_POLICY: '/opt/llp' } });
const probed: ProbeResult | ProbeFailure = probe({ launcher: path, workspace: '/src' });
const reason: string | null = probed.reason;
let abi = 0;
let line: ProbeLine | null = null;
if (probed.line !== null) {
  const p: ProbeResult = probed;
  abi = p.abi;
  line = parseProbeLine(p.line);
}
const full: boolean = probed.ok && probed.enforcement === 'full';
const policy: Policy = { ro: ['/usr', '/etc'], rw: '/tmp/x', connectTcp: [443], scope: 'signal', keepFds: true, requireAbi: 3, expectVersion: false };
const argv: string[] = wrap(['make', '-j2'], policy, { launcher: path });
const args: string[] = grantArgs({ rwTry: '/cache', restrictTcp: true, logDenials: true, noLog: true, bestEffort: true });
const same: boolean = llr.wrap === wrap && flags.newestKnownAbi > 0 && version.length > 0;

const compiled: CompiledPolicy = {
  mode: 'workspace-write',
  workspace: '/src',
  ro: ['/opt/sdk', { path: '~/.cache/tool', optional: true, why: 'tool cache' }],
  rw: { path: '${HOME}/.cache/build', optional: true },
  hide: ['~/.config/gh', { path: '~/.password-store', why: 'pass' }],
  network: { connect: [443, '8000-8010'], bind: 8080 },
  scopes: ['abstract-unix', 'signal'],
  audit: { logDenials: true },
  protect: { readOnly: ['.github/workflows'] },
  strict: true,
  requireAbi: 4,
};
const options: WrapOptions = { workspace: '/src', tmpdir: '/run/user/1000', probe: probed };
const w: Wrapped = wrap(['npm', 'test'], compiled, options);
const fromFile: Wrapped = wrap(['make'], '/etc/landlock/agent.toml');
const facts: [string[], 'full' | 'partial' | 'none', string | null, boolean, string | null] = [w.argv, w.enforcement, w.launcherVersion, w.sandboxed, fromFile.mode];
const toml: string = policyToml({ mode: 'read-only' });
function diagnostics(e: unknown): string {
  return (e as PolicyError).code === 'LANDLOCK_POLICY' ? (e as PolicyError).message : '';
}
export const all = [compiler, reason, abi, line, full, argv, args, same, facts, toml, diagnostics];
