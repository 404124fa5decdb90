// Must NOT type-check: a misspelt key, a port as a string, an unknown scope.
import { grantArgs } from 'landlock-run';

grantArgs({ rww: '/x' });
grantArgs({ connectTcp: '443' });
grantArgs({ scope: 'net' });
