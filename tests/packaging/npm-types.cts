// The CommonJS face of the types: `require` under node16 resolution.
import llr = require('landlock-run');

const argv: string[] = llr.wrap(['true'], { ro: '/' });
const p: llr.ProbeResult | llr.ProbeFailure = llr.probe();
const w: llr.Wrapped = llr.wrap(['true'], { mode: 'read-only' });
const path: string = llr.policyPath({ workspace: '/src' });
const r: Promise<llr.RunResult> = llr.run(['true'], { mode: 'read-only' });
const d: llr.Denial[] = llr.findDenials('x');
const why: string | null = p.ok ? p.reason : p.message;
export const all = [why, argv, p.enforcement, p.ok ? null : p.reason, w.sandboxed, path, r, d];
