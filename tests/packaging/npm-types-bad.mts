// Must NOT type-check: a misspelt key, a port as a string, an unknown scope,
// an unknown mode, a non-string path, a raw flag in a compiled policy.
import { grantArgs, wrap } from 'landlock-run';

grantArgs({ rww: '/x' });
grantArgs({ connectTcp: '443' });
grantArgs({ scope: 'net' });
wrap(['true'], { mode: 'read-write' });
wrap(['true'], { mode: 'read-only', ro: [42] });
wrap(['true'], { mode: 'read-only', rwTry: '/x' });
