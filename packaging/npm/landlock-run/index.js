// landlock-run: the path of the static Landlock launcher for this platform
// and of the policy compiler, the launcher's probe, and builders for the argv
// that runs a command under it (raw flags, or a policy compiled by
// landlock-policy: modes, hiding, protection).
// CommonJS; index.mjs re-exports the same functions for ESM.
'use strict';

const cli = require('./flags.json'); // generated from launcher/cli_flags.h
const { version } = require('./package.json');
const { launcherPath, policyPath } = require('./binaries.js');
const { probe, parseProbeLine } = require('./probe.js');
const { grantArgs } = require('./flags.js');
const { wrap } = require('./wrap.js');
const { policyToml } = require('./policy.js');
const { run, spawn } = require('./run.js');
const { denialSignatures, findDenials } = require('./denials.js');
const { widen, denialMarker } = require('./escalate.js');

module.exports = {
  version,
  flags: cli,
  launcherPath,
  policyPath,
  probe,
  parseProbeLine,
  grantArgs,
  wrap,
  policyToml,
  run,
  spawn,
  denialSignatures,
  findDenials,
  widen,
  denialMarker,
};
