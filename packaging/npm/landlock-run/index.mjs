// ESM entry: the same functions as the CommonJS index.js.
import cjs from './index.js';

export const { version, flags, launcherPath, probe, parseProbeLine, grantArgs, wrap } = cjs;
export default cjs;
