# shellcheck shell=bash
# shellcheck disable=SC2016 # policy text is literal
# leak: an untrusted file cannot make the compiler print bytes of a file
# the attacker chose (or of the environment: CI tokens).
# Sourced by tests/hostile/hostile.sh (class "leak").

# leak_phase2 [EXTRA_SECRET]: check, argv, explain and why print no secret.
leak_phase2() {
  local sub
  for sub in check explain; do
    lp "$sub" "$(UP)"; want_rc 0 1; no_secrets "$@"
  done
  lp why "$(UP)" "$W/x"; want_rc 0 1; no_secrets "$@"
  lp argv --format nul "$(UP)" -- true; want_rc 0 1; no_secrets "$@"
}
for target in environ:/proc/self/environ ssh-key:~/.ssh/id_ed25519 netrc:~/.netrc; do
  name=${target%%:*} file=${target#*:}
  begin leak "project-extends-$name"
  project_user_policy
  printf 'version = 1\nextends = ["%s"]\n' "$file" | stage p.toml
  plant "cp $S/stage/p.toml $W/.landlock.toml"
  leak_phase2
  end

  # The user's extends reach an untrusted workspace file, which extends further.
  begin leak "untrusted-extends-$name"
  extends_user_policy
  printf 'version = 1\nextends = ["%s"]\n' "$file" | stage p.toml
  plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
  leak_phase2
  end
done

# The user's extends target in the workspace is swapped for a symlink to a
# secret: reached through the workspace, it is untrusted and never echoed.
begin leak extends-file-swapped-for-netrc-symlink
mkdir -p "$W/.landlock" && echo 'version = 1' >"$W/.landlock/base.toml" && own "$W"  # shipped in the repository
extends_user_policy
plant "rm $W/.landlock/base.toml && ln -s $H/.netrc $W/.landlock/base.toml"
leak_phase2
end

# extends by a relative path climbing out of the workspace.
begin leak untrusted-extends-dotdot-netrc
extends_user_policy
printf 'version = 1\nextends = ["../../home/.netrc"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
leak_phase2
end

# A broken TOML line after an extends of a secret: the project's own line may
# be shown, never the secret's.
begin leak project-broken-toml-line
project_user_policy
printf 'version = 1\nextends = ["~/.netrc", "~/.ssh/id_ed25519", "/proc/self/environ"]\nthis is = not toml\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
leak_phase2
end

for target in netrc:"$H/.netrc" ssh-key:"$H/.ssh/id_ed25519" environ:/proc/self/environ; do
  name=${target%%:*} file=${target#*:}
  begin leak "project-symlink-to-$name"
  project_user_policy
  plant "ln -s $file $W/.landlock.toml"
  leak_phase2
  end
done

# The project policy's folder is a symlink out of the workspace, to a folder
# of the user's that holds a file of that name.
begin leak project-through-symlinked-folder
mkdir -p "$H/.private" && printf 'token = DIR-SECRET-4 is not TOML\n' >"$H/.private/policy.toml" && own "$H/.private"
user_policy <<'TOML'
version = 1
mode = "workspace-write"
project = "${WORKSPACE}/.landlock/policy.toml"
TOML
plant "ln -s $H/.private $W/.landlock"
leak_phase2 DIR-SECRET-4
end

# (Beyond issue 10's list.) An untrusted file names the secret environment
# variable in a grant: the expanded value must not be echoed in a diagnostic.
begin leak untrusted-env-variable-in-diagnostic
project_user_policy
printf 'version = 1\nro = ["${env.LLR_HOSTILE_TOKEN}"]\nrw = ["/${env.LLR_HOSTILE_TOKEN}/x"]\n' | stage p.toml
plant "cp $S/stage/p.toml $W/.landlock.toml"
leak_phase2
end
