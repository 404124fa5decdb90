#include "quote.h"

#include "text.h"

namespace llp {

namespace {

// \uXXXX for a code point of the basic plane: the form both JSON and TOML read.
std::string unicode_escape(unsigned cp) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 15];
  return out;
}

// The escapes JSON and TOML basic strings share: besides " and \, every
// control and every character that hides_text (text.h: bidirectional
// controls, invisible format characters) as \uXXXX, so that a file a user
// reviews reads as what it holds.
std::string escape_basic(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    auto byte = static_cast<unsigned char>(c);
    unsigned cp = 0;
    size_t hidden = byte >= 0x80 ? hiding_sequence(s, i, &cp) : 0;
    if (hidden > 0) {
      out += unicode_escape(cp);
      i += hidden;
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += unicode_escape(byte);
    } else {
      out += c;
    }
    ++i;
  }
  return out;
}

std::string github_escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

}  // namespace

// Inside single quotes every byte is literal except the quote itself,
// which closes, is escaped, and reopens: ' -> '\''
std::string single_quote(std::string_view arg) {
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

std::string shell_quote(std::string_view arg) {
  static constexpr std::string_view kSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-";
  if (!arg.empty() && arg.find_first_not_of(kSafe) == std::string_view::npos) return std::string(arg);
  return single_quote(arg);
}

bool json_string(std::string_view s, std::string &out) {
  if (!valid_utf8(s)) return false;
  out = "\"" + escape_basic(s) + "\"";
  return true;
}

bool toml_string(std::string_view s, std::string &out) { return json_string(s, out); }

std::string github_escape_data(std::string_view s) { return github_escape(s, false); }
std::string github_escape_property(std::string_view s) { return github_escape(s, true); }

}  // namespace llp
