// Types of the landlock-run package (CommonJS and ESM export the same names).

/** A Landlock scope name, as `--scope` takes it. */
export type Scope = 'abstract-unix' | 'signal';

/**
 * The launcher's grants and options as an object. Each key is a flag of
 * launcher/cli_flags.h (Ro -> ro, RwTry -> rwTry, ...). Paths are literal and
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
  /** --connect-unix: allow the pathname UNIX sockets at or beneath these paths (ABI 9; below it, every socket is reachable). */
  connectUnix?: string | readonly string[];
  /** --connect-udp: allow UDP connect and send to these ports (ABI 10). */
  connectUdp?: number | readonly number[];
  /** --bind-udp: allow binding these UDP ports (ABI 10). */
  bindUdp?: number | readonly number[];
  /** --restrict-udp: restrict UDP without granting a port (ABI 10). */
  restrictUdp?: boolean;
  /** --drop-caps: the command gets no capability, even as root (the uid stays). */
  dropCaps?: boolean;
  /** --scope: deny abstract UNIX sockets / signals outside the sandbox. */
  scope?: Scope | readonly Scope[];
  /** Alias of scope. */
  scopes?: Scope | readonly Scope[];
  /** --scope-try: as scope where the kernel has it (ABI 6), skipped below (the status says which are in force). */
  scopeTry?: Scope | readonly Scope[];
  /** --no-tty-inject: a seccomp filter refuses TIOCSTI and TIOCLINUX: the command cannot type into the terminal. */
  noTtyInject?: boolean;
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
  udp: boolean;
  /** Landlock ABI 11: the kernel sets no_new_privs within landlock_restrict_self. */
  atomicNnp: boolean;
  /** The kernel's errata bitmask (bit N-1: erratum N is fixed), or null when unknown. */
  errata: number | null;
  /** The names of the errata in the mask that the launcher knows, e.g. "same-process-signals". */
  errataFixes: string[];
  /** Why enforcement is none (e.g. "unsupported", "disabled"), else null. */
  error: string | null;
  /** Every key=value field of the line, as printed. */
  fields: Record<string, string>;
  line: string;
}

/** probe()'s result when the kernel enforces: `ok: true` implies `reason: null`. */
export interface ProbeOk extends ProbeLine {
  ok: true;
  reason: null;
  message: null;
  enforcement: 'full' | 'partial';
  /** The launcher that was probed. */
  launcher: string;
  status: 0;
  stderr: string;
}

/** probe()'s result when the launcher ran and said Landlock does not enforce here. */
export interface ProbeNotEnforcing extends ProbeLine {
  ok: false;
  reason: 'not-enforcing';
  /** Why, with the probe line. */
  message: string;
  launcher: string;
  status: number | null;
  stderr: string;
}

/** probe()'s result: the parsed line and how the probe exited. Switch on `ok` (then `reason`). */
export type ProbeResult = ProbeOk | ProbeNotEnforcing;

/** probe()'s result when no launcher could be found, trusted, run or understood. */
export interface ProbeFailure {
  ok: false;
  /**
   * 'no-launcher': none found (missing platform package, bad LANDLOCK_RUN, not executable);
   * 'untrusted-binary': refused by the same check as run(): it lies inside the workspace, a writable grant or ${TMPDIR};
   * 'probe-failed': it could not be run or printed no probe line.
   */
  reason: 'no-launcher' | 'untrusted-binary' | 'probe-failed';
  /** What happened, naming the cause (missing platform package, refused path, spawn error...). */
  message: string;
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
  /** Ignored: an object policy goes to the compiler on its standard input, and no file is written anywhere. */
  tmpdir?: string;
  /** A probe() result to report instead of probing again. */
  probe?: ProbeResult | ProbeFailure;
}

export type Mode = 'read-only' | 'workspace-write' | 'danger-full-access' | 'custom';

/** A path in the compiler's syntax: absolute, or starting with ~ or one of ${HOME}, ${WORKSPACE}, ${TMPDIR}, ${env.NAME}; every $ after that is literal. */
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
/** An output: a name relative to the workspace ('target/' for a folder, 'Cargo.lock' for a file). */
export interface OutputEntry {
  path: string;
  why?: string;
}
/** A built-in preset of the compiler ('preset:cargo', 'preset:npm', ...; docs/policy-format.md, Presets). */
export type Preset = `preset:${string}`;
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
  /**
   * TCP. The modes govern files, not the network: without this, TCP is open.
   * 'off' compiles to `[network] restrict = true` (no TCP connect or bind at all).
   */
  network?: 'off' | { connect?: Port | readonly Port[]; bind?: Port | readonly Port[]; restrict?: boolean };
  scopes?: Scope | readonly Scope[];
  /** The agent modes scope signals and abstract UNIX sockets where the kernel can (--scope-try); false opts out. */
  defaultScopes?: boolean;
  /** The agent modes refuse TIOCSTI/TIOCLINUX (--no-tty-inject); false opts out. */
  guardTerminal?: boolean;
  audit?: { logDenials?: boolean; logLauncher?: boolean };
  /**
   * [env]: the command's environment. The agent modes unset *TOKEN*, *SECRET*,
   * *PASSWORD*, *_KEY and SSH_AUTH_SOCK unless defaultUnset is false.
   */
  env?: {
    inherit?: 'all' | 'core' | 'none';
    keep?: string | readonly string[];
    unset?: string | readonly string[];
    set?: Readonly<Record<string, string>>;
    defaultUnset?: boolean;
  };
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
  /**
   * What a build creates at the workspace root, which workspace-write keeps
   * read-only (its .git is carved out): created before the run, then
   * writable. 'target/' is a folder, 'Cargo.lock' a file.
   */
  outputs?: string | OutputEntry | readonly (string | OutputEntry)[];
  /** File outputs a build writes a program into ('hello'): created executable (never a lock file such as Cargo.lock). */
  executableOutputs?: string | readonly string[];
  /** workspace-write declares the outputs of the builds it detects at the workspace root (Cargo.toml, CMakeLists.txt...); false turns that off. */
  detectOutputs?: boolean;
  /**
   * Built-in presets only ('preset:cargo': the tool's outputs and caches);
   * a file path throws (a base policy file stays a TOML matter).
   */
  extends?: Preset | readonly Preset[];
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
  /** The compiler's one line to show if the command fails in a carved workspace (run() gives it as failureHint); null when none. */
  failureHint: string | null;
}

/** The error wrap() throws when the compiler rejects a policy: message is its diagnostics. */
export interface PolicyError extends Error {
  code: 'LANDLOCK_POLICY';
  status: number | null;
  /** The TOML an object policy compiled to, given to the compiler on stdin (the lines the diagnostics quote, as <stdin>:LINE). */
  policyText?: string;
}

/** An AbortSignal (structurally: a DOM or Node AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** One of denialSignatures: a pattern a stderr line of a denial matches. */
export interface DenialSignature {
  readonly name: string;
  readonly pattern: RegExp;
  /** A line the pattern matches (the tests check it). */
  readonly example?: string;
}

/**
 * A stderr line recognised as a kernel denial (best effort). It is the
 * command's own text: untrusted (the command chooses what it prints), a hint
 * for the model at most, never a reason to widen the policy.
 */
export interface Denial {
  /** The line, without its newline, clipped to 4096 characters. */
  line: string;
  /** The path the line names, as printed (possibly relative to the command's cwd); absent when none is recognised. */
  path?: string;
  /** The name of the signature that matched. */
  signature: string;
  /**
   * 'carve': under workspace-write, a new entry directly in the workspace's
   * own folder, which the carve of .git (and the other read-only entries)
   * leaves read-only on purpose: name it in the policy's `outputs` (or
   * extend the preset of the tool that makes it).
   */
  reason?: 'carve';
  /** With reason 'carve': the entry's name ('target'), as the command printed it. */
  entry?: string;
  /** With reason 'carve': the fix, naming `outputs` and the entry ('target/' for a folder, 'target' for a file). */
  advice?: string;
  /** Where the denial came from: the command's stderr (its own text, untrusted). */
  source: 'stderr';
}

/**
 * A denial the kernel refused, as `landlock-policy learn` recorded and
 * classified it (observe: true). The path is the kernel's (canonical,
 * absolute); its name was chosen by whoever made the file (escaped as
 * \xNN where it holds control bytes or invalid UTF-8).
 */
export interface ObservedDenial {
  /** 'sandbox': the policy denied it (what an escalation covers); 'on-purpose': refused on purpose (`reason` says why); 'file-permissions': not the sandbox. */
  cause: 'sandbox' | 'on-purpose' | 'file-permissions';
  /** 'read', 'write', 'create', 'execute', 'TCP connect'... as learn names them. */
  access: string;
  /** The path (absent for a port). */
  path?: string;
  /** The port of a TCP connect or bind. */
  port?: number;
  /** The second path of a rename or link (the ptrace way). */
  path2?: string;
  /** The audit way: `path` is the folder created or removed in. */
  folder?: true;
  count: number;
  /** The programs that tried (absolute paths). */
  programs: string[];
  /** Why, for a denial that is not the sandbox's (or the fix for an output). */
  reason?: string;
  /** How it was observed: the kernel's audit records or ptrace. */
  source: 'audit' | 'ptrace';
}

/** What an observed run saw (observe: true); null otherwise. */
export interface Observed {
  method: 'audit' | 'ptrace';
  /** The effective mode of the policy the run used, as the compiler reports it. */
  mode: Mode | null;
  denials: ObservedDenial[];
  /** learn's notes (what it could not see, and why). */
  notes: string[];
  /** Processes the command left running, killed after learn's grace period. */
  leftRunning: number;
  /** Denials the kernel did not record (rate limits, a lost record). */
  notRecorded: number;
}

/**
 * What the compiler would add to the run's policy to allow exactly its
 * sandbox denials: grants (paths absolute, outputs workspace-relative,
 * "NAME/" for a folder) and ports, or, only when nothing narrower covers
 * them in read-only, the workspace-write mode. Never danger-full-access.
 */
export type EscalationPolicy =
  | { outputs?: string[]; rw?: string[]; ro?: string[]; connect?: number[]; bind?: number[]; mode?: undefined }
  | { mode: 'workspace-write' };

/** The narrowest wider policy for one retry, computed by the compiler from the kernel's denials (frozen). */
export interface Escalation {
  policy: EscalationPolicy;
  /** The same as policy lines (escaped), to show the user. */
  toml: string;
  /** The indices in observed.denials this escalation allows. */
  covers: number[];
}

/** A denial no escalation will ever cover (final): a protected, hidden, carved or secret path, or one learn never offers. */
export interface Refused {
  path: string;
  access: string;
  /** The compiler's one line of why. */
  reason: string;
  reasonKind: 'protected' | 'hidden' | 'carve' | 'secret' | 'not-offered';
}

/** The launcher confined the command, then could not execute it (the `exec_failed` status line); or, unconfined, the spawn failed. */
export interface ExecFailure {
  /** 126: found but not executable (including execute denied by the ruleset); 127: not found. */
  exit: number;
  error: string;
}

/** The command ran (or was about to) under Landlock: the status is the command's own, whatever it printed. */
export interface SandboxConfined {
  confined: true;
  unconfined: false;
  launcherError: null;
  /** Non-null when exec failed after confinement: the command never ran. */
  execFailed: ExecFailure | null;
  /** The policy's mode; null for raw flags or a policy file. */
  mode: Mode | null;
  /** 'partial' when something requested is not enforced (notice says what). */
  enforcement: 'full' | 'partial';
  abi: number;
  /** What is not enforced, '' when nothing. */
  notice: string;
  /** The launcher's version. */
  version: string;
  /** The scopes in force for the command (the status line's "scopes", every layer's), sorted; [] when none. */
  scopes: Scope[];
  /** Landlock layers (launchers) in the argv: 2 for compose = "nest". */
  layers: number;
}

/** The launcher failed (or wrote no status): the command never ran. */
export interface SandboxLauncherFailed {
  confined: false;
  unconfined: false;
  /** Why: the launcher's own error, or what it did instead of reporting (killed, no line, a truncated line...). */
  launcherError: string;
  execFailed: null;
  mode: Mode | null;
  enforcement: 'none';
  abi: null;
  notice: null;
  version: null;
  scopes: null;
  layers: number;
}

/** danger-full-access: no launcher, the command ran unconfined, on purpose. */
export interface SandboxUnconfined {
  confined: false;
  unconfined: true;
  launcherError: null;
  /** Non-null when the command could not be spawned. */
  execFailed: ExecFailure | null;
  mode: Mode | null;
  enforcement: 'none';
  abi: null;
  notice: null;
  version: null;
  scopes: null;
  layers: 0;
}

export type Sandbox = SandboxConfined | SandboxLauncherFailed | SandboxUnconfined;

/** What spawn()'s result resolves to. */
export interface SpawnResult {
  /** What was spawned: the launcher argv with --status-fd, or the command alone (danger-full-access). */
  argv: string[];
  /** The exit status, null when killed by a signal or never started. */
  status: number | null;
  signal: string | null;
  sandbox: Sandbox;
  /**
   * Denials recognised in stderr (best effort; at most 1000); empty unless
   * confined, or when stderr was not a pipe. The command's own text:
   * untrusted, a hint for the model, never a reason to widen the policy.
   */
  denied: Denial[];
  /** options.timeout expired and the command was sent killSignal. */
  timedOut: boolean;
  /** options.signal aborted the run and the command was sent killSignal. */
  aborted: boolean;
  /** The compiler's warnings (stderr) for a compiled policy, else '' (an observed run: also a learn report it could not read). */
  warnings: string;
  /** The policy the call ran under (a frozen copy of the one given: an object, a file's path, or the raw flags). */
  policy: Readonly<RunPolicy>;
  /** observe: true, confined: what the kernel refused; null without observe, under danger-full-access, or when no report came. */
  observed: Observed | null;
  /** The compiler's escalation for the observed sandbox denials (pass it to widen()); null when none or not observed. */
  escalation: Escalation | null;
  /** Observed denials no escalation covers, with the reason; [] when none or not observed. */
  refused: Refused[];
  /**
   * When the command ran confined and exited non-zero: the compiler's one
   * line saying what the sandbox refuses (new entries at a carved workspace
   * root need `outputs`; `landlock-policy learn` shows every denial). Data
   * of the compiler, never scraped from the command's output; null otherwise.
   */
  failureHint: string | null;
}

/** What run() resolves to. */
export interface RunResult extends SpawnResult {
  /** The command's stdout, UTF-8, at most maxBuffer bytes. */
  stdout: string;
  stderr: string;
  /** Whether stdout / stderr went past maxBuffer (the rest was read and dropped). */
  truncated: { stdout: boolean; stderr: boolean };
}

/** Options of run() and spawn(): wrap()'s, plus how to run. */
export interface RunOptions extends WrapOptions {
  /** Working directory of the command; default the workspace (options.workspace, the policy's workspace, else process.cwd()). */
  cwd?: string;
  /** Milliseconds before the command is sent killSignal (timedOut: true); none by default. */
  timeout?: number;
  /** Aborting it sends killSignal (aborted: true); already aborted: nothing runs and run() rejects with an AbortError. */
  signal?: AbortSignalLike;
  /** Default 'SIGTERM'. */
  killSignal?: string | number;
  /** Signatures for `denied`; default denialSignatures. */
  denialSignatures?: readonly DenialSignature[];
  /**
   * Run the command through `landlock-policy learn` (audit, else ptrace)
   * for the denials the kernel refused: `observed`, `escalation`,
   * `refused`. A compiled policy only; stdin carries the policy (the
   * command reads EOF). Default false.
   */
  observe?: boolean;
}

export interface RunOnlyOptions extends RunOptions {
  /** Written to the command's stdin, which is then closed (closed at once without it). Not with observe (a TypeError). */
  input?: string | Uint8Array;
  /** Bytes of stdout and of stderr kept (each); default 16 MiB; the rest is drained and `truncated` says so. */
  maxBuffer?: number;
}

/** run()'s options with observe (true, or a boolean): no input, as stdin carries the policy. */
export type ObservedRunOptions = Omit<RunOnlyOptions, 'input' | 'observe'> & { observe?: boolean; input?: undefined };

/** How spawn() connects fds 0-2 ('pipe' by default); Node's stdio values. fd 3 and up are the status fds. */
export type StdioValue = 'pipe' | 'inherit' | 'ignore' | 'overlapped' | number | object | null | undefined;
export interface SpawnOptions extends RunOptions {
  stdio?: 'pipe' | 'inherit' | 'ignore' | readonly StdioValue[];
}

/** A readable stream, as far as these types promise (a Node stream.Readable). */
export interface ReadableLike {
  on(event: 'data', listener: (chunk: any) => void): this;
  on(event: string, listener: (...args: any[]) => void): this;
  setEncoding(encoding: string): this;
  pipe<T>(destination: T, options?: { end?: boolean }): T;
}
/** A writable stream, as far as these types promise (a Node stream.Writable). */
export interface WritableLike {
  write(chunk: any, callback?: (error?: Error | null) => void): boolean;
  end(chunk?: any, callback?: () => void): this;
  on(event: string, listener: (...args: any[]) => void): this;
}
/** Node's ChildProcess, as far as these types promise (cast it with @types/node for more). */
export interface ChildProcessLike {
  readonly pid?: number;
  readonly stdin: WritableLike | null;
  readonly stdout: ReadableLike | null;
  readonly stderr: ReadableLike | null;
  kill(signal?: string | number): boolean;
  on(event: string, listener: (...args: any[]) => void): this;
}

/** The raw flags for run()/spawn(): without statusFd (run() owns it), and without mode (that is a CompiledPolicy). */
export type RunFlags = Omit<Policy, 'statusFd'> & { mode?: undefined };
/** A policy for run()/spawn(): a compiled one (an object with a mode, or a TOML file's path), or the raw flags. */
export type RunPolicy = CompiledPolicy | string | RunFlags;

/** The launcher's vocabulary, generated from launcher/cli_flags.h. */
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

/**
 * Runs argv through the launcher (wrap()'s argv plus --status-fd) and
 * classifies the result: sandbox.confined (the command's own status),
 * sandbox.launcherError (the launcher failed, the command never ran),
 * sandbox.execFailed, denied. Rejects, before anything runs, when wrap()
 * throws or options.signal is already aborted.
 */
export declare function run(argv: readonly string[], policy?: RunPolicy, options?: RunOnlyOptions & { observe?: false }): Promise<RunResult>;
/** The observed run(): no input (stdin carries the policy to the compiler). */
export declare function run(argv: readonly string[], policy: CompiledPolicy | string, options: ObservedRunOptions): Promise<RunResult>;
/** The streaming run(): the child (its stdio per options.stdio) and the classification once it closed. Throws where run() rejects. */
export declare function spawn(argv: readonly string[], policy?: RunPolicy, options?: SpawnOptions): { child: ChildProcessLike; result: Promise<SpawnResult> };
/** The EACCES / EPERM dialect of common tools, tried in order on each stderr line (best effort). */
export declare const denialSignatures: readonly DenialSignature[];
/** The lines of text that match a signature, as run() reports them in `denied`. */
export declare function findDenials(text: string, signatures?: readonly DenialSignature[]): Denial[];
/**
 * The policy object for one retry: the policy `result` ran under plus
 * `escalation`, which must be `result.escalation` itself. Throws for any
 * other object, a result without escalation or under a policy file, or
 * nothing wider. Remembers nothing.
 */
export declare function widen(result: SpawnResult, escalation: Escalation): CompiledPolicy;
/** One escaped line about the run for the model (kernel denials, refused paths, the escalation to ask for); never the command's text. */
export declare function denialMarker(result: SpawnResult): string;

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
  run: typeof run;
  spawn: typeof spawn;
  denialSignatures: typeof denialSignatures;
  findDenials: typeof findDenials;
  widen: typeof widen;
  denialMarker: typeof denialMarker;
};
export default landlockRun;
