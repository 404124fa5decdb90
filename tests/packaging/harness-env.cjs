// What both node:test harness suites (npm-harness, npm-run) read from the
// environment tests/suites/73-npm.sh gives them: the workspace, a project
// with a local install, a folder for policy files outside both, the version
// the packages must report, and the fake HOME's fake SSH key.
'use strict';
const path = require('node:path');

module.exports = {
  ws: process.env.LLR_T_WS,
  proj: process.env.LLR_T_PROJ,
  policies: process.env.LLR_T_POLICIES,
  expected: process.env.LLR_T_VERSION,
  home: process.env.HOME,
  secret: path.join(process.env.HOME, '.ssh', 'id_ed25519'),
};
