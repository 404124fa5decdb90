// A harness's escalation loop: run a command observed; when the kernel
// denied it and the compiler offers an escalation, ask once (approve) and
// rerun it once under the wider policy. A rejected, failed or missing
// approval runs nothing more, and nothing is remembered: the next command
// runs under the session's own policy again.
//
//   const { runWithApproval } = require('landlock-run/examples/harness.js');
//   const { result, marker } = await runWithApproval(['make'], { mode: 'read-only' },
//     { workspace, approve: async ({ marker }) => askTheUser(marker) });
//   // give the model `marker` (one escaped line), never result.stderr as a reason to widen
'use strict';

const { run, widen, denialMarker } = require('landlock-run');

// runWithApproval(argv, policy, { approve, ...run()'s options }): resolves to
// { result, first, retried, marker }: `result` the run that counts (the
// retry when there was one), `first` the first run, `marker` the line for
// the model. approve({ escalation, refused, marker }) resolves to true to
// retry; anything else (false, a throw, no answer) runs nothing more.
async function runWithApproval(argv, policy, options) {
  const { approve, ...runOptions } = options;
  const first = await run(argv, policy, { ...runOptions, observe: true });
  const done = (result, retried) => ({ result, first, retried, marker: denialMarker(result) });
  // Only the compiler's escalation, from the kernel's denials, is offered:
  // never what the command printed (first.denied is its own text).
  if (first.status === 0 || first.escalation === null || typeof approve !== 'function') return done(first, false);
  let approved = false;
  try {
    approved = (await approve({ escalation: first.escalation, refused: first.refused, marker: denialMarker(first) })) === true;
  } catch {
    approved = false; // an approval that failed is no approval
  }
  if (!approved) return done(first, false);
  // widen() refuses any escalation but this result's own, and anything not wider.
  const retry = await run(argv, widen(first, first.escalation), { ...runOptions, observe: true });
  return done(retry, true);
}

module.exports = { runWithApproval };
