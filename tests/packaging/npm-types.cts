// The CommonJS face of the types: `require` under node16 resolution.
import llr = require('landlock-run');

const argv: string[] = llr.wrap(['true'], { ro: '/' });
const p: llr.ProbeResult = llr.probe();
export const all = [argv, p.enforcement];
