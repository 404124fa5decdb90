#!/bin/sh
# The C++ files `make format` formats and suite 05 checks (.clang-format):
# every *.cpp and *.h git tracks, one a line, the launcher's folder included
# (its line budget, suite 15, counts the lines as clang-format lays them
# out, so no line is won by squeezing). toml++ and doctest come from
# Debian's packages, not the tree; a table whose rows must keep one line
# each is fenced in its file with `// clang-format off`.
cd "${LLR_ROOT:-.}" || exit 1
git ls-files '*.cpp' '*.h'
