// Small string checks shared by the parser and the path validation.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace llp {

// Strict UTF-8: no overlongs, no surrogates, nothing above U+10FFFF.
bool valid_utf8(std::string_view s);

// The first byte below 0x20 or 0x7f (NUL, newline, escape...), or npos.
size_t find_control(std::string_view s);

// s with control characters and invalid UTF-8 shown as \xNN, for messages:
// a diagnostic must never write a raw escape sequence to the terminal.
std::string printable(std::string_view s);

// Levenshtein distance, for "did you mean" hints.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to word if it is plausibly a typo of it, else "".
std::string nearest(std::string_view word, const std::vector<std::string_view> &candidates);

// "did you mean `rw`?" or "" when nothing is close; the valid list otherwise.
std::string suggestion(std::string_view word, const std::vector<std::string_view> &candidates);

// `a`, `b` or `c`
std::string join_quoted(const std::vector<std::string_view> &words);

}  // namespace llp
