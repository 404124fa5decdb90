// Type-checked (tsc --strict, node16 resolution) against the INSTALLED
// landlock-run package by tests/suites/73-npm.sh; never run.
import llr, { launcherPath, probe, grantArgs, wrap, parseProbeLine, version, flags } from 'landlock-run';
import type { Policy, ProbeResult, ProbeLine } from 'landlock-run';

const path: string = launcherPath();
const p: ProbeResult = probe({ launcher: path });
const abi: number = p.abi;
const full: boolean = p.enforcement === 'full' && p.ok && p.tcp && p.audit && !p.pathnameUnix;
const scopes: string[] = p.scopes;
const line: ProbeLine = parseProbeLine(p.line);
const policy: Policy = { ro: ['/usr', '/etc'], rw: '/tmp/x', connectTcp: [443], scope: 'signal', keepFds: true, requireAbi: 3, expectVersion: false };
const argv: string[] = wrap(['make', '-j2'], policy, { launcher: path });
const args: string[] = grantArgs({ rwTry: '/cache', restrictTcp: true, logDenials: true, noLog: true, bestEffort: true });
const same: boolean = llr.wrap === wrap && flags.newestKnownAbi > 0 && version.length > 0;
export const all = [abi, full, scopes, line, argv, args, same];
