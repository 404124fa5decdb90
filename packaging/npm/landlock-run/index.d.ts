// Types of the landlock-run package (CommonJS and ESM export the same names).

/** A Landlock scope name, as `--scope` takes it. */
export type Scope = 'abstract-unix' | 'signal';

/**
 * The launcher's grants and options as an object. Each key is a flag of
 * common/cli_flags.h (Ro -> ro, RwTry -> rwTry, ...). Paths are literal and
 * relative ones resolve against the launcher's working directory.
 */
export interface Policy {
  /** --no-symlinks: refuse a symlink anywhere on the paths of the grants (emitted before them). */
  noSymlinks?: boolean;
  /** --ro: read and execute beneath each path. */
  ro?: string | readonly string[];
  /** --rw: --ro plus every write right the kernel governs. */
  rw?: string | readonly string[];
  /** --ro-try: as ro, skipped when the path does not exist. */
  roTry?: string | readonly string[];
  /** --rw-try: as rw, skipped when the path does not exist. */
  rwTry?: string | readonly string[];
  /** --connect-tcp: allow connecting to these TCP ports. */
  connectTcp?: number | readonly number[];
  /** --bind-tcp: allow binding these TCP ports. */
  bindTcp?: number | readonly number[];
  /** --restrict-tcp: restrict TCP without granting a port. */
  restrictTcp?: boolean;
  /** --scope: deny abstract UNIX sockets / signals outside the sandbox. */
  scope?: Scope | readonly Scope[];
  /** Alias of scope. */
  scopes?: Scope | readonly Scope[];
  /** --log-denials: audit-log the command's denials too (ABI 7). */
  logDenials?: boolean;
  /** --no-log: do not audit-log the launcher's own denials (ABI 7). */
  noLog?: boolean;
  /** --best-effort: run without what the kernel cannot enforce. */
  bestEffort?: boolean;
  /** --keep-fds: keep inherited fds above 2 open across the exec. */
  keepFds?: boolean;
  /** --require-abi: refuse a kernel older than this Landlock ABI. */
  requireAbi?: number;
  /** --expect-version: refuse unless the launcher is this version. wrap() pins the package's version unless this is false. */
  expectVersion?: string | false;
}

/** One `landlock-run --probe` line, parsed. */
export interface ProbeLine {
  version: string;
  abi: number;
  enforcement: 'full' | 'partial' | 'none';
  fs: 'full' | 'partial' | 'none';
  tcp: boolean;
  scopes: string[];
  audit: boolean;
  pathnameUnix: boolean;
  /** Why enforcement is none (e.g. "unsupported", "disabled"), else null. */
  error: string | null;
  /** Every key=value field of the line, as printed. */
  fields: Record<string, string>;
  line: string;
}

/** probe()'s result: the parsed line and how the probe exited. */
export interface ProbeResult extends ProbeLine {
  /** true only when the kernel really enforces (exit status 0). */
  ok: boolean;
  status: number | null;
  stderr: string;
}

export interface LauncherOptions {
  /** Use this launcher instead of the installed platform package's. */
  launcher?: string;
}

/** The launcher's vocabulary, generated from common/cli_flags.h. */
export interface Flags {
  source: string;
  flags: { name: string; key: string; spelling: string; takesValue: boolean }[];
  separator: string;
  scopes: string[];
  newestKnownAbi: number;
  exit: { launcherFailed: number; cannotExecute: number; notFound: number };
}

/** This package's version, which is also the launcher's. */
export declare const version: string;
export declare const flags: Flags;

/** Absolute path of the launcher for this platform; throws a clear error when none fits. */
export declare function launcherPath(): string;
/** Runs `landlock-run --probe` and parses its line. */
export declare function probe(options?: LauncherOptions): ProbeResult;
/** Parses one probe line. */
export declare function parseProbeLine(line: string): ProbeLine;
/** The launcher flags for a policy, e.g. grantArgs({ ro: '/', rw: '/tmp/x' }). */
export declare function grantArgs(policy?: Policy): string[];
/** The argv to spawn instead of argv: [launcher, --expect-version V, ...grants, --, ...argv]. */
export declare function wrap(argv: readonly string[], policy?: Policy, options?: LauncherOptions): string[];

declare const landlockRun: {
  version: typeof version;
  flags: typeof flags;
  launcherPath: typeof launcherPath;
  probe: typeof probe;
  parseProbeLine: typeof parseProbeLine;
  grantArgs: typeof grantArgs;
  wrap: typeof wrap;
};
export default landlockRun;
