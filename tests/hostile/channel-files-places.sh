# shellcheck shell=bash
# Channel family `files` (issue 28, items 5 and 9): a file the unconfined side
# reads later, by where it lies. Sourced by tests/hostile/hostile.sh, which
# gives the world ($H $W $TT $OUT $AGENT), the helpers and the counters.
#
# Item 5: the user's policy, an `extends` file or the launcher is read or run
# unconfined at the next compile. It must lie where no earlier run could have
# written: not /tmp (every run whose TMPDIR was unset could write it, whatever
# TMPDIR says now), not /dev/shm, and, as ssh checks its own files, not
# beneath a folder owned by anyone but the user or root, or writable by
# group or others without the sticky bit (a read-only mount is not writable).
# Item 9: a workspace inside ${TMPDIR} gets a private temp folder; it must
# lie outside ${TMPDIR} and /tmp, where another workspace's run (whose
# ${TMPDIR} is writable) can neither write into it nor plant its name.
# shellcheck disable=SC2016,SC2153,SC2034 # $OUT, LAST, UENV...: hostile.sh's world

# places_dir BASE: a folder of this scenario's under /tmp or /dev/shm, the
# test user's, in $P (not a command substitution: places_done must see it);
# removed by places_done (the world under $T is removed with $T).
P=""
places_dir() {
  P=$(mktemp -d "$1/llr-places.XXXXXX") || { P=""; return 1; }
  chmod 755 "$P" && own "$P"
}
places_done() { [ -n "$P" ] && rm -rf "$P"; P=""; return 0; }

# The policy an earlier run writes over the user's: it grants $OUT.
widened_policy() { printf 'version = 1\nmode = "workspace-write"\nrw = ["%s"]\n' "$OUT"; }

# places_phase2 POLICY [LAUNCHER]: the user's next compile and run, with
# TMPDIR elsewhere ($TT): refused, and nothing written outside or run.
places_phase2() {
  local with=()
  [ -n "${2:-}" ] && with=(--launcher "$2")
  lp argv --format nul "${with[@]}" "$1" -- true
  want_refused
  lp exec "${with[@]}" "$1" -- "$OP" write "$OUT/escaped"
  want_refused
  absent "$OUT/escaped"
  absent "$OUT/marker"
}

# ---- item 5: /tmp counts whatever TMPDIR says, /dev/shm for the launcher too
begin files policy-under-tmp-with-tmpdir-elsewhere
if places_dir /tmp; then
  printf 'version = 1\nmode = "workspace-write"\n' | pol "$P/user.toml"
  widened_policy | stage widened.toml
  # An earlier run (CI, cron, a harness) had TMPDIR unset: /tmp was its temp folder.
  UENV=(TMPDIR=/tmp)
  plant "cp $S/stage/widened.toml $P/user.toml"
  UENV=()
  places_phase2 "$P/user.toml"
  grep -qF "lies inside /tmp" "$ERRF" || bad "the refusal does not name /tmp (stderr: $(stderr_says))"
else
  bad "cannot make a folder under /tmp"
fi
places_done
end

begin files extends-under-tmp-with-tmpdir-elsewhere
if places_dir /tmp; then
  echo 'version = 1' | pol "$P/base.toml"
  user_policy <<TOML
version = 1
mode = "workspace-write"
extends = ["$P/base.toml"]
TOML
  printf 'version = 1\nrw = ["%s"]\n' "$OUT" | stage widened.toml
  UENV=(TMPDIR=/tmp)
  plant "cp $S/stage/widened.toml $P/base.toml"
  UENV=()
  # Untrusted now, and outside the workspace: not read, the compile fails.
  places_phase2 "$(UP)"
else
  bad "cannot make a folder under /tmp"
fi
places_done
end

for base in /tmp /dev/shm; do
  begin files "launcher-under-$(echo "${base#/}" | tr / -)-with-tmpdir-elsewhere"
  if [ ! -w "$base" ]; then
    skip_scenario "$base is not writable here"
  elif places_dir "$base"; then
    cp "$L" "$P/landlock-run" && chmod 755 "$P/landlock-run" && own "$P/landlock-run"
    user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
    fake_launcher "$OUT/marker" | stage fake-launcher
    # An earlier run that could write there: TMPDIR unset for /tmp; for
    # /dev/shm, a policy that granted it (a browser's tests use it).
    printf 'version = 1\nmode = "workspace-write"\nrw = ["/dev/shm"]\n' | pol "$CONF/shm.toml"
    UENV=(TMPDIR=/tmp)
    lp exec --launcher "$L" "$CONF/shm.toml" -- sh -c "cp $S/stage/fake-launcher $P/landlock-run"
    [ "$rc" = 0 ] || bad "the confined plant failed (exit $rc: $(stderr_says))"
    UENV=()
    places_phase2 "$(UP)" "$P/landlock-run"
    grep -qF "lies inside $base" "$ERRF" || bad "the refusal does not name $base (stderr: $(stderr_says))"
  else
    bad "cannot make a folder under $base"
  fi
  places_done
  end
done

# ---- item 5: folders on the way that someone else can write or owns
# A group member (or anyone, for 0777) rewrites the file between two runs;
# no second user is at hand, so the test user rewrites it unconfined,
# standing in for them. The compile must refuse before that matters.
for mode in 775 777; do
  for what in policy extends launcher; do
    begin files "$what-through-folder-mode-$mode"
    mkdir -p "$S/shared" && chmod "$mode" "$S/shared" && own "$S/shared"
    pfile=$(UP) lfile=""
    user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
    case $what in
      policy)
        widened_policy | pol "$S/shared/user.toml"
        pfile=$S/shared/user.toml ;;
      extends)
        printf 'version = 1\nrw = ["%s"]\n' "$OUT" | pol "$S/shared/base.toml"
        user_policy <<TOML
version = 1
mode = "workspace-write"
extends = ["$S/shared/base.toml"]
TOML
        ;;
      launcher)
        fake_launcher "$OUT/marker" >"$S/shared/landlock-run"
        chmod 755 "$S/shared/landlock-run" && own "$S/shared"
        lfile=$S/shared/landlock-run ;;
    esac
    places_phase2 "$pfile" "$lfile"
    grep -qF "the folder $S/shared is writable by" "$ERRF" || bad "the refusal does not name the folder (stderr: $(stderr_says))"
    grep -qF "chmod go-w" "$ERRF" || bad "the refusal does not give the fix (stderr: $(stderr_says))"
    end
  done
done

# Another user's folder: its owner can swap what is inside.
for what in policy launcher; do
  begin files "$what-through-another-users-folder"
  if [ -z "$IS_ROOT" ]; then
    skip_scenario "needs root to make a folder of another user's"
  else
    mkdir -p "$S/theirs"
    user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
    pfile=$(UP) lfile=""
    if [ "$what" = policy ]; then
      widened_policy | pol "$S/theirs/user.toml"
      pfile=$S/theirs/user.toml
    else
      fake_launcher "$OUT/marker" >"$S/theirs/landlock-run" && chmod 755 "$S/theirs/landlock-run"
      lfile=$S/theirs/landlock-run
    fi
    chown "$((TEST_UID - 1)):$TEST_GID" "$S/theirs" && chmod 755 "$S/theirs"
    places_phase2 "$pfile" "$lfile"
    grep -qF "the folder $S/theirs is owned by uid $((TEST_UID - 1))" "$ERRF" || bad "the refusal does not name the owner (stderr: $(stderr_says))"
    end
  fi
done

# Not refused: a sticky folder (only an entry's owner may replace it), and a
# folder on a read-only mount (a Kubernetes emptyDir mounted read-only, 0777).
begin files launcher-in-sticky-folder-accepted
mkdir -p "$S/sticky" && cp "$L" "$S/sticky/landlock-run" && chmod 755 "$S/sticky/landlock-run" && own "$S/sticky"
chmod 1777 "$S/sticky"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
lp argv --format nul --launcher "$S/sticky/landlock-run" "$(UP)" -- true
want_rc 0
argv_load
[ "${ARGV[0]:-}" = "$S/sticky/landlock-run" ] || bad "argv[0] is '${ARGV[0]:-}'"
end

# in_ro_ns DIR CMD...: CMD as the test user, with DIR bind-mounted read-only on itself.
in_ro_ns() {
  local dir=$1; shift
  CALL=$((CALL + 1))
  OUTF=$S/out.$CALL ERRF=$S/err.$CALL LAST=$(words "$@")
  (cd "$W" && exec "${NS[@]}" sh -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 99; shift; exec "$@"' sh "$dir" \
    timeout -k 2 20 prlimit --as=1073741824 -- "${AS[@]}" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$H" \
    TMPDIR="$TT" "$@" >"$OUTF" 2>"$ERRF" </dev/null)
  rc=$?
  [ "$rc" = 99 ] && bad "the read-only bind mount failed: $(stderr_says)"
  return 0
}
begin files launcher-in-read-only-emptydir-accepted
if [ ${#NS[@]} -eq 0 ]; then
  skip_scenario "needs root or unprivileged user namespaces (unshare -rm) for a read-only bind mount"
else
  mkdir -p "$S/emptydir" && cp "$L" "$S/emptydir/landlock-run" && chmod 755 "$S/emptydir/landlock-run"
  chmod 777 "$S/emptydir"
  user_policy <<'TOML'
version = 1
mode = "workspace-write"
TOML
  # Writable, the same folder is refused; mounted read-only, it is used.
  lp argv --format nul --launcher "$S/emptydir/landlock-run" "$(UP)" -- true
  want_refused
  in_ro_ns "$S/emptydir" "$LP" exec --launcher "$S/emptydir/landlock-run" "$(UP)" -- "$OP" write "$W/ran"
  want_rc 0
  content "$W/ran" x
fi
end

# ---- item 9: the private temp folder of a workspace inside ${TMPDIR}
argv_no_rw_under() {  # argv_no_rw_under DIR: no writable grant is DIR or inside it
  local i; for ((i = 1; i < ${#ARGV[@]}; i++)); do
    case ${ARGV[i - 1]} in --rw | --rw-try) ;; *) continue ;; esac
    case ${ARGV[i]} in "$1" | "$1"/*) bad "the argv grants ${ARGV[i]} writable" ;; esac
  done; return 0
}
# private_tmp_of WS: the TMPDIR a run of $AGENT in workspace WS gets (in $PRIV).
private_tmp_of() {
  U_CWD=$1 lp exec "$AGENT" -- sh -c 'printf %s "$TMPDIR"'
  PRIV=$(cat "$OUTF")
  want_rc 0
  case $PRIV in
    "" | "$TT" | "$TT"/* | /tmp | /tmp/*) bad "the private temp folder is '$PRIV', inside \${TMPDIR} or /tmp" ;;
  esac
}
for where in state runtime; do
  begin files "private-tmp-not-writable-by-another-workspace-$where"
  mkdir -p "$TT/ws-a" && own "$TT/ws-a"
  if [ "$where" = runtime ]; then
    mkdir -p "$S/run" && own "$S/run" && chmod 700 "$S/run"
    UENV=(XDG_RUNTIME_DIR="$S/run")
  fi
  private_tmp_of "$TT/ws-a"
  [ "$where" = state ] && case $PRIV in "$H/.local/state/landlock-policy/tmp/"*) ;; *) bad "not under ~/.local/state: $PRIV" ;; esac
  [ "$where" = runtime ] && case $PRIV in "$S/run/landlock-policy/"*) ;; *) bad "not under \$XDG_RUNTIME_DIR: $PRIV" ;; esac
  # Run A writes a script in its temp folder, to run it later.
  U_CWD=$TT/ws-a lp exec "$AGENT" -- sh -c 'echo "echo built" >"$TMPDIR/build.sh"'
  want_rc 0
  # Run B: another workspace ($W), ${TMPDIR} writable, appends to it.
  lp exec "$AGENT" -- sh -c "echo 'echo pwned' >>'$PRIV/build.sh'"
  content "$PRIV/build.sh" "echo built"
  # ... and no grant of B's covers the root of the private folders.
  lp argv --format nul "$AGENT" -- true
  argv_load
  argv_no_rw_under "${PRIV%/*}"
  UENV=()
  end
done

begin files private-tmp-name-planted-as-fifo
mkdir -p "$TT/ws-a" && own "$TT/ws-a"
private_tmp_of "$TT/ws-a"
# Run B (${TMPDIR} writable) puts a FIFO where A's folder is.
lp exec "$AGENT" -- sh -c "rmdir '$PRIV'; mkfifo '$PRIV'"
[ -p "$PRIV" ] && bad "run B replaced the private temp folder with a FIFO"
# A's next compile and run still work, in its own folder.
U_CWD=$TT/ws-a lp exec "$AGENT" -- sh -c 'echo ok >"$TMPDIR/f" && cat "$TMPDIR/f"'
want_rc 0
want_out ok
end
