#include "text.h"

#include <algorithm>

#include "../../launcher/utf8.h"

namespace llp {

size_t find_control(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return i;
  }
  return std::string_view::npos;
}

namespace {

// The length of the valid UTF-8 sequence at s[i], or 0 when it is not one;
// *cp receives the code point. The rule is the launcher's (launcher/utf8.h).
size_t utf8_sequence(std::string_view s, size_t i, unsigned *cp) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(s.data() + i);
  return static_cast<size_t>(launcher::utf8_sequence(bytes, s.size() - i, cp));
}

void append_hex(std::string &out, unsigned char byte) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 15];
}

std::string escape(std::string_view s, bool keep_newlines) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == '\n' && keep_newlines) {
      out += '\n';
      ++i;
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      append_hex(out, c);
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    unsigned cp = 0;
    size_t len = utf8_sequence(s, i, &cp);
    if (len == 0) {
      append_hex(out, c);
      ++i;
      continue;
    }
    for (size_t k = 0; k < len; ++k) {
      if (hides_text(cp)) append_hex(out, static_cast<unsigned char>(s[i + k]));
      else out += s[i + k];
    }
    i += len;
  }
  return out;
}

}  // namespace

bool hides_text(unsigned cp) {
  if (launcher::acts_on_terminal(cp)) return true;
  if (cp == 0x061c || cp == 0x200e || cp == 0x200f || cp == 0xfeff) return true;
  if (cp >= 0x200b && cp <= 0x200d) return true;
  return cp >= 0x2060 && cp <= 0x2064;
}

size_t hiding_sequence(std::string_view s, size_t i, unsigned *cp) {
  size_t len = utf8_sequence(s, i, cp);
  return len > 0 && hides_text(*cp) ? len : 0;
}

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    unsigned cp = 0;
    size_t len = utf8_sequence(s, i, &cp);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

std::string printable(std::string_view s) { return escape(s, false); }

std::string printable_lines(std::string_view s) { return escape(s, true); }

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string nearest(std::string_view word, const std::vector<std::string_view> &candidates) {
  std::string best;
  size_t best_distance = 0;
  for (std::string_view c : candidates) {
    size_t d = edit_distance(word, c);
    // A typo changes a few characters, not most of them: "rx" -> "rw", never "x" -> "mode".
    size_t limit = std::max<size_t>(1, std::min(word.size(), c.size()) / 2);
    if (d <= limit && (best.empty() || d < best_distance)) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::vector<std::string_view> split_bars(std::string_view rest) {
  std::vector<std::string_view> out;
  while (!rest.empty()) {
    const size_t bar = rest.find('|');
    out.push_back(rest.substr(0, bar));
    rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
  }
  return out;
}

std::string join_quoted(const std::vector<std::string_view> &words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? " or " : ", ";
    out += "`" + std::string(words[i]) + "`";
  }
  return out;
}

std::string suggestion(std::string_view word, const std::vector<std::string_view> &candidates) {
  std::string best = nearest(word, candidates);
  if (!best.empty()) return "did you mean `" + best + "`?";
  return "valid here: " + join_quoted(candidates);
}

}  // namespace llp
