#include "text.h"

#include <algorithm>

namespace llp {

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = 0;
    unsigned cp = 0;
    if ((c & 0xe0) == 0xc0) len = 2, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0) len = 3, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0) len = 4, cp = c & 0x07;
    else return false;
    if (i + len > s.size()) return false;
    for (size_t k = 1; k < len; ++k) {
      auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3f);
    }
    static constexpr unsigned kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += len;
  }
  return true;
}

size_t find_control(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return i;
  }
  return std::string_view::npos;
}

std::string printable(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  bool utf8 = valid_utf8(s);
  std::string out;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || (!utf8 && u >= 0x80)) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

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
    if (d <= limit && (best.empty() || d < best_distance)) best = c, best_distance = d;
  }
  return best;
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
