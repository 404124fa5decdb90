# shellcheck shell=bash
# dos: untrusted input cannot hang or kill the compiler.
# Sourced by tests/hostile/hostile.sh (class "dos").

begin dos project-fifo
project_user_policy
plant "mkfifo $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp argv --format nul "$(UP)" -- true
want_refused
end

begin dos project-symlink-to-dev-zero
project_user_policy
plant "ln -s /dev/zero $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp explain "$(UP)"
want_rc 1
end

begin dos project-5mib
project_user_policy
plant "{ echo 'version = 1'; yes '# padding padding padding padding padding padding padding' | head -c 5242880; } >$W/.landlock.toml"
lp check "$(UP)"
want_rc 1
lp argv --format nul "$(UP)" -- true
want_refused
end

begin dos project-is-a-folder
project_user_policy
plant "mkdir $W/.landlock.toml"
lp check "$(UP)"
want_rc 1
end

begin dos untrusted-extends-fifo
extends_user_policy
printf 'version = 1\nextends = ["fifo"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml && mkfifo $W/.landlock/fifo"
lp check "$(UP)"
want_rc 0 1  # an error, or the extends ignored with a warning: either way, no hang
end

begin dos untrusted-extends-dev-zero
extends_user_policy
printf 'version = 1\nextends = ["/dev/zero"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/p.toml $W/.landlock/base.toml"
lp check "$(UP)"
want_rc 0 1
end

# A diamond of extends: eight files, each extending the next one ten times
# (no cycle, within the depth limit): 10^7 loads unless each file is loaded once.
begin dos untrusted-extends-fan-out
extends_user_policy
for i in 0 1 2 3 4 5 6 7; do
  if [ "$i" = 7 ]; then echo 'version = 1'; else
    printf 'version = 1\nextends = ['; for _ in 1 2 3 4 5 6 7 8 9; do printf '"f%s.toml", ' $((i + 1)); done
    printf '"f%s.toml"]\n' $((i + 1))
  fi | stage "f$i.toml"
done
printf 'version = 1\nextends = ["f0.toml"]\n' | stage p.toml
plant "mkdir -p $W/.landlock && cp $S/stage/f?.toml $W/.landlock/ && cp $S/stage/p.toml $W/.landlock/base.toml"
lp check "$(UP)"
want_rc 0 1
end

begin dos project-symlink-to-dev-stdin
project_user_policy
plant "ln -s /dev/stdin $W/.landlock.toml"
lp check "$(UP)"  # stdin is /dev/null here; a terminal would block
want_rc 0 1
end
