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
  /** --clearenv: start the command's environment empty (keepEnv names what to keep). */
  clearEnv?: boolean;
  /** --keepenv: with clearEnv, keep the inherited variables these patterns name ('*' matches any run). */
  keepEnv?: string | readonly string[];
  /** --unsetenv: remove the variables these patterns name, e.g. '*TOKEN*'. */
  unsetEnv?: string | readonly string[];
  /** --setenv: set each NAME to its VALUE. */
  setEnv?: Readonly<Record<string, string>>;
  /** --status-fd: the launcher writes its JSON status lines to this fd (3 or more; never inherited by the command). */
  statusFd?: number;
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
  /** null when ok; else why not (the probe line). */
  reason: string | null;
  /** The launcher that was probed. */
  launcher: string;
  status: number | null;
  stderr: string;
}

/** probe()'s result when no launcher could be found, trusted, run or understood. */
export interface ProbeFailure {
  ok: false;
  /** Why, naming the cause (missing platform package, refused path, spawn error...). */
  reason: string;
  /** The launcher that failed, or null when none was found or trusted. */
  launcher: string | null;
  enforcement: 'none';
  /** No probe line: tells a ProbeFailure from a ProbeResult. */
  line: null;
  status: null;
}

/** Where the binaries may lie: never inside the workspace nor a writable path. */
export interface TrustOptions {
  /** The workspace of the call (default: process.cwd()); the binaries must lie outside it. */
  workspace?: string;
  /** More writable paths the binaries must lie outside. */
  writable?: readonly string[];
  /** The environment to read LANDLOCK_RUN / LANDLOCK_POLICY (and, for wrap, HOME, TMPDIR...) from; default process.env. */
  env?: Record<string, string | undefined>;
}

export interface LauncherOptions extends TrustOptions {
  /** Use this launcher (an absolute path) instead of the one found; still checked. */
  launcher?: string;
}

export interface WrapOptions extends LauncherOptions {
  /** Use this landlock-policy (an absolute path) instead of the one found; still checked. */
  policyCompiler?: string;
  /** Folder for the temporary policy file (default: $XDG_RUNTIME_DIR, ~/.cache/landlock-run, os.tmpdir()); never inside the workspace. */
  tmpdir?: string;
  /** A probe() result to report instead of probing again. */
  probe?: ProbeResult | ProbeFailure;
}

export type Mode = 'read-only' | 'workspace-write' | 'danger-full-access' | 'custom';

/** A path in the compiler's syntax: absolute, or starting with ~ or ${HOME}, ${WORKSPACE}, ${TMPDIR}, ${env.NAME}. */
export type PolicyPath = string;
export interface GrantEntry {
  path: PolicyPath;
  /** Skipped when missing (--ro-try / --rw-try). */
  optional?: boolean;
  why?: string;
}
export interface HideEntry {
  path: PolicyPath;
  why?: string;
}
/** A TCP port, or a "LOW-HIGH" range. */
export type Port = number | `${number}-${number}`;

/**
 * A landlock-policy policy as an object (docs/policy-format.md), compiled by
 * the bundled landlock-policy: hiding, protection and the carve are the
 * compiler's. Keys are the TOML keys in camelCase.
 */
export interface CompiledPolicy {
  mode: Mode;
  /** ${WORKSPACE}; default options.workspace, else process.cwd(). Absolute, taken literally. */
  workspace?: string;
  ro?: PolicyPath | GrantEntry | readonly (PolicyPath | GrantEntry)[];
  rw?: PolicyPath | GrantEntry | readonly (PolicyPath | GrantEntry)[];
  hide?: PolicyPath | HideEntry | readonly (PolicyPath | HideEntry)[];
  hideSecrets?: boolean;
  strict?: boolean;
  network?: { connect?: Port | readonly Port[]; bind?: Port | readonly Port[]; restrict?: boolean };
  scopes?: Scope | readonly Scope[];
  audit?: { logDenials?: boolean; logLauncher?: boolean };
  protect?: {
    paths?: PolicyPath | readonly PolicyPath[];
    unprotect?: string | readonly string[];
    readOnly?: string | readonly string[];
    keepWritable?: string | readonly string[];
  };
  bestEffort?: boolean;
  requireAbi?: number;
  keepFds?: boolean;
  project?: PolicyPath | { path: PolicyPath; optional?: boolean };
  compose?: 'merge' | 'nest';
}

/** What wrap() returns for a compiled policy. */
export interface Wrapped {
  /** The argv to spawn: argv[0] is the launcher, or the command itself when sandboxed is false. */
  argv: string[];
  /** What the kernel enforces (from probe); 'none' when unsandboxed or Landlock does not enforce. */
  enforcement: 'full' | 'partial' | 'none';
  /** The policy's mode; null for a policy file (its mode is the file's). */
  mode: Mode | null;
  /** The launcher's version (from its probe), null when unsandboxed. */
  launcherVersion: string | null;
  /** false for danger-full-access: the command runs unconfined. */
  sandboxed: boolean;
  /** The launcher in argv[0], null when unsandboxed. */
  launcher: string | null;
  /** The compiler's warnings (stderr), possibly empty. */
  warnings: string;
}

/** The error wrap() throws when the compiler rejects a policy: message is its diagnostics. */
export interface PolicyError extends Error {
  code: 'LANDLOCK_POLICY';
  status: number | null;
  /** The TOML written for an object policy (the lines the diagnostics quote). */
  policyText?: string;
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

/**
 * Absolute path of the launcher: $LANDLOCK_RUN (absolute only), else
 * /usr/bin/landlock-run of this version, else the platform package's. Throws
 * a clear error when none fits or when it lies inside the workspace or a
 * writable path (symlinks followed).
 */
export declare function launcherPath(options?: TrustOptions): string;
/** The same for landlock-policy ($LANDLOCK_POLICY, /usr/bin/landlock-policy, the platform package). */
export declare function policyPath(options?: TrustOptions): string;
/** Runs `landlock-run --probe` and parses its line; never throws. */
export declare function probe(options?: LauncherOptions): ProbeResult | ProbeFailure;
/** Parses one probe line. */
export declare function parseProbeLine(line: string): ProbeLine;
/** The launcher flags for a policy, e.g. grantArgs({ ro: '/', rw: '/tmp/x' }). */
export declare function grantArgs(policy?: Policy): string[];
/** A policy object as the text of a TOML policy (what wrap() compiles). */
export declare function policyToml(policy: CompiledPolicy): string;
/**
 * A compiled policy (an object with a mode, or the path of a TOML file):
 * the argv and the facts of the sandbox. Throws a PolicyError with the
 * compiler's diagnostics when the policy is refused.
 */
export declare function wrap(argv: readonly string[], policy: CompiledPolicy | string, options?: WrapOptions): Wrapped;
/** Raw launcher flags (no hiding): [launcher, --expect-version V, ...grants, --, ...argv]. */
export declare function wrap(argv: readonly string[], policy?: Policy, options?: LauncherOptions): string[];

declare const landlockRun: {
  version: typeof version;
  flags: typeof flags;
  launcherPath: typeof launcherPath;
  policyPath: typeof policyPath;
  probe: typeof probe;
  parseProbeLine: typeof parseProbeLine;
  grantArgs: typeof grantArgs;
  policyToml: typeof policyToml;
  wrap: typeof wrap;
};
export default landlockRun;
