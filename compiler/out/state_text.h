// The plan keeps states and origins as values (plan.h): what became of an
// output and a cache folder, what named a hidden path, where a rule of the
// command's environment came from, what a project policy tried that would
// widen yours. This is the one place they become text, for explain and the
// warnings; no code decides anything by reading that text.
#pragma once
#include <string>

#include "../plan/plan.h"
#include "../policy/widening.h"

namespace llp {

// "created by this compile: target/", "already there", "missing: ...".
std::string state_text(const Output &o);
// "created by this compile", "missing: ... (or: mkdir -p PATH)", "not created: ...".
std::string state_text(const CacheFolder &c);
// "hide list", "symlink target inside hidden ~/.ssh", "secret hidden by the mode (built-in secret)".
std::string origin_text(const Hidden &h);
// "[env] keep", "default of mode read-only", "project policy (default_unset = true)".
std::string origin_text(const EnvRule &r);
// "compose = \"nest\" costs one of the kernel's 16 Landlock layers", ...
std::string note_text(const Note &n);
// "a project policy may only narrow", "covered by rw `${WORKSPACE}` from mode ...".
std::string reason_text(const Dropped &d);
// "your policy", "project policy"; "" for the default.
std::string inherit_text(InheritFrom from);
// "project policy grant rw `build` widens what your policy grants: dropped",
// "a project policy cannot set `mode`: the mode is the user's choice", ...
std::string widening_text(const Widening &w);

}  // namespace llp
