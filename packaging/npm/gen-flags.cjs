// gen-flags.cjs HEADER OUT: the launcher's flag vocabulary as JSON, read from
// common/cli_flags.h (the header the launcher and the compiler include), so
// that the npm package can never spell a flag the launcher does not know.
'use strict';
const fs = require('fs');
const [header, out] = process.argv.slice(2);
const text = fs.readFileSync(header, 'utf8');

const flags = [];
for (const m of text.matchAll(/\{"(--[a-z-]+)", Flag::([A-Za-z]+), (\d), "([A-Z ]*)", (\d+), "([^"]*)"\}/g)) {
  const [, spelling, name, values, operand, minAbi, means] = m;
  flags.push({
    name, key: name[0].toLowerCase() + name.slice(1), spelling, takesValue: values !== '0',
    values: Number(values), operand, minAbi: Number(minAbi), means,
  });
}
const str = (re) => {
  const m = re.exec(text);
  if (!m) throw new Error(`gen-flags: ${re} not found in ${header}`);
  return m[1];
};
const scopes = [...text.matchAll(/kScope[A-Za-z]+\[\] = "([a-z-]+)"/g)].map((m) => m[1]);
const json = {
  source: 'common/cli_flags.h',
  flags,
  separator: str(/kSeparator\[\] = "([^"]+)"/),
  scopes,
  newestKnownAbi: Number(str(/kNewestKnownAbi = (\d+)/)),
  exit: {
    launcherFailed: Number(str(/kExitLauncherFailed = (\d+)/)),
    cannotExecute: Number(str(/kExitCannotExecute = (\d+)/)),
    notFound: Number(str(/kExitNotFound = (\d+)/)),
  },
};
for (const need of ['--ro', '--rw', '--expect-version', '--probe', '--status-fd', '--setenv'])
  if (!flags.some((f) => f.spelling === need)) throw new Error(`gen-flags: ${need} not found in ${header}`);
if (scopes.length === 0) throw new Error(`gen-flags: no scope names in ${header}`);
fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
