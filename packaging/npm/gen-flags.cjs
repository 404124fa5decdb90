// gen-flags.cjs HEADER OUT: the launcher's flag vocabulary as JSON, read from
// cli_flags.h (the header the launcher and the compiler include) and the
// per-ABI table of abi.h beside it, so that the npm package can never spell a
// flag the launcher does not know, nor misstate the ABI it needs.
'use strict';
const fs = require('fs');
const path = require('path');
const [header, out] = process.argv.slice(2);
const text = fs.readFileSync(header, 'utf8');
const abiHeader = path.join(path.dirname(header), 'abi.h');
const abiText = fs.readFileSync(abiHeader, 'utf8');

// kAbis rows: {ABI, size, "LINUX", fs, net, scoped, "probe yes", "probe no", "ungoverned", "flags"}
const abis = [];
for (const m of abiText.matchAll(/\{(\d+), \d+, "([\d.]+)", [^"{}]*"([^"]*)", "([^"]*)", "([^"]*)", "([^"]*)"\}/g)) {
  const [, abi, linux, probeYes, probeNo, ungoverned, abiFlags] = m;
  abis.push({ abi: Number(abi), linux, probeYes: probeYes.trim(), probeNo: probeNo.trim(), ungoverned,
    flags: abiFlags.split(' ').filter(Boolean) });
}
abis.forEach((row, i) => {
  if (row.abi !== i + 1) throw new Error(`gen-flags: ${abiHeader}: row ${i + 1} is ABI ${row.abi}`);
});
const minAbiOf = (spelling) => (abis.find((row) => row.flags.includes(spelling)) || { abi: 0 }).abi;

const flags = [];
for (const m of text.matchAll(/\{"(--[a-z-]+)", Flag::([A-Za-z]+), (\d), "([A-Z ]*)", "([^"]*)"\}/g)) {
  const [, spelling, name, values, operand, means] = m;
  flags.push({
    name, key: name[0].toLowerCase() + name.slice(1), spelling, takesValue: values !== '0',
    values: Number(values), operand, minAbi: minAbiOf(spelling), means,
  });
}
const str = (re) => {
  const m = re.exec(text);
  if (!m) throw new Error(`gen-flags: ${re} not found in ${header}`);
  return m[1];
};
const scopes = [...text.matchAll(/kScope[A-Za-z]+\[\] = "([a-z-]+)"/g)].map((m) => m[1]);
const json = {
  source: `${path.basename(path.dirname(header))}/cli_flags.h`,
  flags,
  abis,
  separator: str(/kSeparator\[\] = "([^"]+)"/),
  scopes,
  newestKnownAbi: abis.length,
  exit: {
    launcherFailed: Number(str(/kExitLauncherFailed = (\d+)/)),
    cannotExecute: Number(str(/kExitCannotExecute = (\d+)/)),
    notFound: Number(str(/kExitNotFound = (\d+)/)),
  },
};
for (const need of ['--ro', '--rw', '--expect-version', '--probe', '--status-fd', '--setenv'])
  if (!flags.some((f) => f.spelling === need)) throw new Error(`gen-flags: ${need} not found in ${header}`);
if (scopes.length === 0) throw new Error(`gen-flags: no scope names in ${header}`);
if (abis.length < 10) throw new Error(`gen-flags: ${abiHeader} has ${abis.length} ABI rows`);
fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
