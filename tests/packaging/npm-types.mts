// Type-checked (tsc --strict, node16 resolution) against the INSTALLED
// landlock-run package by tests/suites/73-npm.sh; never run.
import llr, { launcherPath, policyPath, probe, grantArgs, wrap, parseProbeLine, policyToml, version, flags, run, spawn, denialSignatures, findDenials, widen, denialMarker } from 'landlock-run';
import type { Policy, ProbeResult, ProbeFailure, ProbeLine, CompiledPolicy, Wrapped, WrapOptions, PolicyError, RunResult, SpawnResult, Sandbox, Denial, DenialSignature, Observed, ObservedDenial, Escalation, Refused } from 'landlock-run';

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
// A discriminated union: a failed probe has a reason (a string), a good one none.
function enforcing(p: ProbeResult | ProbeFailure): 'full' | 'partial' {
  if (!p.ok) throw new Error(p.reason);
  const none: null = p.reason;
  const message: null = p.message;
  return none === message ? p.enforcement : 'full';
}
const untrusted: boolean = !probed.ok && probed.reason === 'untrusted-binary';
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
  extends: ['preset:cargo', 'preset:npm'],
  outputs: ['target/', { path: 'Cargo.lock', why: 'cargo' }],
};
const options: WrapOptions = { workspace: '/src', tmpdir: '/run/user/1000', probe: probed };
const w: Wrapped = wrap(['npm', 'test'], compiled, options);
const fromFile: Wrapped = wrap(['make'], '/etc/landlock/agent.toml');
const facts: [string[], 'full' | 'partial' | 'none', string | null, boolean, string | null, string | null] = [w.argv, w.enforcement, w.launcherVersion, w.sandboxed, fromFile.mode, w.failureHint];
const toml: string = policyToml({ mode: 'read-only', network: 'off' });
function diagnostics(e: unknown): string {
  return (e as PolicyError).code === 'LANDLOCK_POLICY' ? (e as PolicyError).message : '';
}

// run(): the classification a harness switches on.
async function classify(): Promise<string> {
  const r: RunResult = await run(['npm', 'test'], { mode: 'workspace-write' }, { probe: probed, timeout: 60_000, signal: new AbortController().signal, maxBuffer: 1 << 20, input: '' });
  const s: Sandbox = r.sandbox;
  const out: string = r.stdout + r.stderr + String(r.truncated.stdout);
  const paths: (string | undefined)[] = r.denied.map((d: Denial) => d.path);
  if (s.confined) {
    const enforced: 'full' | 'partial' = s.enforcement;
    if (s.execFailed !== null) return `not run: ${s.execFailed.exit} ${s.execFailed.error}`;
    const hint: string | null = r.failureHint;
    const scopes: ('abstract-unix' | 'signal')[] = s.scopes;
    const advice: (string | undefined)[] = r.denied.map((d: Denial) => (d.reason === 'carve' ? `${d.entry}: ${d.advice}` : undefined));
    return `ran ${r.status} ${enforced} abi ${s.abi} ${s.notice} ${paths.join(',')} ${out} ${hint} ${scopes.join(',')} ${advice.join(',')}`;
  }
  if (s.unconfined) return `unconfined (${s.mode}) ${r.status}`;
  const why: string = s.launcherError;
  return `launcher failed: ${why}`;
}
const raw: Promise<RunResult> = run(['make'], { ro: '/', rw: '/tmp/out' }, { cwd: '/src', killSignal: 'SIGKILL' });
const fromToml: Promise<RunResult> = run(['make'], '/etc/landlock/agent.toml');
const streamed = spawn(['make'], { mode: 'read-only' }, { stdio: ['ignore', 'pipe', 'inherit'] });
streamed.child.stdout?.setEncoding('utf8');
streamed.child.stdout?.on('data', (chunk: string) => chunk.length);
const streamedResult: Promise<SpawnResult> = streamed.result;
const sigs: readonly DenialSignature[] = denialSignatures;
const found: Denial[] = findDenials('cat: /x: Permission denied', [...sigs, { name: 'mine', pattern: /denied by policy/ }]);
const sameRun: boolean = llr.run === run && llr.spawn === spawn;
// observe, widen(), denialMarker(): one approved retry (issue 32).
async function escalate(approve: (marker: string) => Promise<boolean>): Promise<RunResult | null> {
  const first: RunResult = await run(['make'], { mode: 'read-only' }, { observe: true, timeout: 60_000 });
  const seen: Observed | null = first.observed;
  const kernel: ('audit' | 'ptrace')[] = seen ? seen.denials.map((d: ObservedDenial) => d.source) : [];
  const stderrOnly: 'stderr'[] = first.denied.map((d: Denial) => d.source);
  const final: string[] = first.refused.map((x: Refused) => `${x.path} ${x.reasonKind} ${x.reason}`);
  const esc: Escalation | null = first.escalation;
  const line: string = denialMarker(first);
  if (esc === null || !(await approve(line))) return null;
  const wider: CompiledPolicy = widen(first, esc);
  const retry = await run(['make'], wider, { observe: true });
  return kernel.length + stderrOnly.length + final.length > 0 ? retry : first;
}
const observedStream = spawn(['make'], '/etc/landlock/agent.toml', { observe: true, stdio: ['pipe', 'inherit', 'inherit'] });
export const all = [compiler, reason, abi, line, full, enforcing, untrusted, argv, args, same, facts, toml, diagnostics, classify, raw, fromToml, streamedResult, found, sameRun, escalate, observedStream];
