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

// Whether code point cp changes how the text around it reads without showing
// itself: the C1 controls and the bidirectional overrides and isolates (the
// launcher's acts_on_terminal, launcher/utf8.h), the bidirectional marks
// (U+200E, U+200F, U+061C) and the invisible format characters (U+200B-U+200D,
// U+2060-U+2064, U+FEFF).
bool hides_text(unsigned cp);

// The length of the valid UTF-8 sequence at s[i] when its code point
// hides_text (*cp receives it), else 0.
size_t hiding_sequence(std::string_view s, size_t i, unsigned *cp);

// s with every byte a terminal would act on shown as \xNN: C0 controls
// (newline and ESC included), DEL, what hides_text, and invalid UTF-8. Everything printed that came
// from a file, the file system or an argument goes through this (or
// printable_lines) before it reaches a terminal or a CI log.
std::string printable(std::string_view s);

// The same, but newlines are kept: for multi-line output such as explain.
std::string printable_lines(std::string_view s);

// Levenshtein distance, for "did you mean" hints.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to word if it is plausibly a typo of it, else "".
std::string nearest(std::string_view word, const std::vector<std::string_view> &candidates);

// "did you mean `rw`?" or "" when nothing is close; the valid list otherwise.
std::string suggestion(std::string_view word, const std::vector<std::string_view> &candidates);

// "a|b|c" -> a, b, c: the lists a table row holds in one string (the
// schema's shapes and choices, the builds' markers and outputs).
std::vector<std::string_view> split_bars(std::string_view rest);

// `a`, `b` or `c`
std::string join_quoted(const std::vector<std::string_view> &words);

}  // namespace llp
