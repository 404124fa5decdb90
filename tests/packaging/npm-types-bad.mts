// Must NOT type-check: a misspelt key, a port as a string, an unknown scope,
// an unknown mode, a non-string path, a raw flag in a compiled policy; for
// run(): statusFd (run() owns it), a raw flag in a compiled policy, a
// timeout as a string, execFailed read without checking it, launcherError
// read as a string before checking confined; a good probe's reason read as
// a string; a network that is neither 'off' nor a table; an extends that
// names a file (an object policy extends presets only); observe with input
// (stdin carries the policy) or with the raw flags (learn needs a policy).
import { grantArgs, wrap, run, probe } from 'landlock-run';

function probeReason(why: string): string { return why; }
const probed = probe();

grantArgs({ rww: '/x' });
grantArgs({ connectTcp: '443' });
grantArgs({ scope: 'net' });
wrap(['true'], { mode: 'read-write' });
wrap(['true'], { mode: 'read-only', ro: [42] });
wrap(['true'], { mode: 'read-only', rwTry: '/x' });
run(['true'], { ro: '/', statusFd: 3 });
run(['true'], { mode: 'read-only', rwTry: '/x' });
run(['true'], { mode: 'read-only' }, { timeout: '5s' });
run(['true'], { mode: 'read-only' }).then((r) => r.sandbox.confined && r.sandbox.execFailed.exit);
run(['true'], { mode: 'read-only' }).then((r) => { const why: string = r.sandbox.launcherError; return why; });
probeReason(probed.ok ? probed.reason : 'x');
wrap(['true'], { mode: 'read-only', network: 'on' });
wrap(['true'], { mode: 'workspace-write', extends: ['./base.toml'] });
run(['true'], { mode: 'read-only' }, { observe: true, input: 'x' });
run(['true'], { ro: '/' }, { observe: true });
