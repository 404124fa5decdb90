# shellcheck shell=bash
# shellcheck disable=SC2016 # policy text is literal
# esc: no raw terminal escape (ESC, BEL, C1 CSI/OSC) reaches the
# terminal from an untrusted file or from a name on disk.
# Sourced by tests/hostile/hostile.sh (class "esc").

ESC=$'\e' BEL=$'\a' CSI=$'\xc2\x9b' OSC=$'\xc2\x9d'
esc_phase2() {  # esc_phase2 [OPTION...]: every subcommand's stdout and stderr are free of them
  local sub
  for sub in check explain; do
    lp "$sub" "$@" "$(UP)"; want_rc 0 1; no_ctl_bytes
  done
  lp why "$@" "$(UP)" "$W/x"; want_rc 0 1; no_ctl_bytes
  # The argv itself carries paths byte for byte (that is its job): its diagnostics may not.
  lp argv --format nul "$@" "$(UP)" -- true; want_rc 0 1; no_ctl_bytes stderr
}
esc_project() {  # esc_project NAME TEXT [OPTION...]: a project policy holding TEXT
  begin esc "$1"
  project_user_policy
  printf '%s\n' "$2" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml"
  shift 2
  esc_phase2 "$@"
  end
}
esc_project comment-esc "version = 1
rx = [\"/\"] # ${ESC}]52;c;SGVsbG8=${BEL} clipboard"
esc_project comment-c1 "version = 1
rx = [\"/\"] # ${CSI}31m red ${OSC}52;c;SGVsbG8=${BEL}"
esc_project key-escaped-esc 'version = 1
"\u001b]52;c;SGVsbG8=\u0007" = 1'
esc_project key-raw-esc "version = 1
\"${ESC}[31mkey\" = 1"
esc_project key-c1 "version = 1
\"${CSI}31mkey${OSC}0;title${BEL}\" = 1"
esc_project key-escaped-c1 'version = 1
"\u009b31mkey\u009d0;title" = 1'
esc_project scope-esc 'version = 1
scopes = ["\u001b]52;c;SGVsbG8=\u0007"]'
esc_project scope-c1 "version = 1
scopes = [\"${CSI}31mx${OSC}0;t\"]"
esc_project grant-path-esc 'version = 1
ro = ["/tmp/\u001b]52;c;SGVsbG8=\u0007"]'
# Selecting a profile that does not exist lists the ones that do, including
# those of an untrusted file the user's policy extends.
begin esc profile-name-esc
extends_user_policy
printf '%s\n' 'version = 1' '[profiles."\u001b]52;c;SGVsbG8=\u0007"]' 'strict = true' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
esc_phase2 --profile nope
end

# The `why` texts of an untrusted file's grants and hidden paths (explain prints them).
esc_project grant-why-text 'version = 1
rw = [{ path = "${WORKSPACE}", why = "\u001b]52;c;SGVsbG8=\u0007" }]
hide = [{ path = "${WORKSPACE}/h", why = "\u009b31m\u009d0;t\u0007" }]'

# Directory names in the workspace: the `.git` walk warns about them.
for v in "git-dir-esc:${ESC}]52;c;SGVsbG8=${BEL}dir" "git-dir-c1-csi:${CSI}31mdir" "git-dir-c1-osc:${OSC}52;c;SGVsbG8=${BEL}dir"; do
  name=${v%%:*} dir=${v#*:}
  begin esc "$name"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
  printf '%s' "$dir" | stage dirname
  plant "mkdir -p \"$W/\$(cat $S/stage/dirname)/.git/hooks\""
  esc_phase2
  end
done

# explain lists the complement: the siblings of a hidden path, by name.
begin esc explain-complement-names
mkdir -p "$W/private" && own "$W"
user_policy <<'TOML'
version = 1
mode = "read-only"
hide = ["${WORKSPACE}/private"]
TOML
printf '%s' "${ESC}]52;c;SGVsbG8=${BEL}dir" | stage d1
printf '%s' "${CSI}31mdir" | stage d2
plant "mkdir \"$W/\$(cat $S/stage/d1)\" \"$W/\$(cat $S/stage/d2)\" && touch \"$W/\$(cat $S/stage/d1)file\""
esc_phase2
end
