// ESM entry: the same functions as the CommonJS index.js.
import cjs from './index.js';

export const { version, flags, launcherPath, policyPath, probe, parseProbeLine, grantArgs, wrap, policyToml, run, spawn, denialSignatures, findDenials, widen, denialMarker } = cjs;
export default cjs;
