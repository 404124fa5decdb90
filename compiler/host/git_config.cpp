#include "git_config.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>
#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"
#include "read.h"

namespace llp {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
std::string lowered(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), lower);
  return s;
}

// A cursor over one config file's text, following git's config.c rules.
class ConfigParser {
 public:
  explicit ConfigParser(std::string_view text) : text_(text) {}

  GitConfigText parse() {
    GitConfigText out;
    // git skips a UTF-8 byte order mark at the start of a config file.
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (is_space(c) || c == '\n') {
        ++pos_;
      } else if (c == '#' || c == ';') {
        skip_line();
      } else if (c == '[') {
        if (!section()) return incomplete(out);
      } else if (is_key_char(c) && !section_.empty()) {
        std::string key;
        std::string value;
        if (!entry(key, value)) return incomplete(out);
        out.entries.emplace_back(section_ + "." + key, std::move(value));
      } else {
        return incomplete(out);
      }
    }
    return out;
  }

 private:
  static GitConfigText incomplete(GitConfigText &out) {
    out.complete = false;
    return std::move(out);
  }
  bool more() const { return pos_ < text_.size(); }
  void skip_line() {
    while (more() && text_[pos_] != '\n') ++pos_;
  }

  // [section], [section "subsection"] or the old [section.subsection].
  bool section() {
    ++pos_;
    std::string name;
    while (more() && (is_key_char(text_[pos_]) || text_[pos_] == '.')) name += lower(text_[pos_++]);
    if (name.empty()) return false;
    while (more() && is_space(text_[pos_])) ++pos_;
    if (more() && text_[pos_] == '"') {
      ++pos_;
      std::string sub;
      while (more() && text_[pos_] != '"') {
        if (text_[pos_] == '\n') return false;
        if (text_[pos_] == '\\') ++pos_;
        if (!more()) return false;
        sub += text_[pos_++];
      }
      if (!more()) return false;
      ++pos_;
      name += "." + sub;
    }
    if (!more() || text_[pos_] != ']') return false;
    ++pos_;
    section_ = name;
    return true;
  }

  // name [= value]: a value runs to the end of the line, with quotes,
  // backslash escapes and continuation lines; a comment ends it.
  bool entry(std::string &key, std::string &value) {
    while (more() && is_key_char(text_[pos_])) key += lower(text_[pos_++]);
    while (more() && is_space(text_[pos_])) ++pos_;
    if (!more() || text_[pos_] == '\n' || text_[pos_] == '#' || text_[pos_] == ';') {
      skip_line();
      value = "true";
      return true;
    }
    if (text_[pos_] != '=') return false;
    ++pos_;
    bool quoted = false;
    size_t kept = 0;  // the length without trailing unquoted spaces
    bool started = false;
    while (more()) {
      char c = text_[pos_++];
      if (c == '\n') {
        if (quoted) return false;
        break;
      }
      if (!quoted && (c == '#' || c == ';')) {
        skip_line();
        break;
      }
      if (is_space(c) && !quoted) {
        if (started) value += c;
        continue;
      }
      if (c == '"') {
        quoted = !quoted;
        started = true;
        kept = value.size();
        continue;
      }
      if (c == '\\') {
        if (!more()) return false;
        char e = text_[pos_++];
        if (e == '\n') continue;  // a continuation line
        if (e == 'n') c = '\n';
        else if (e == 't') c = '\t';
        else if (e == 'b') c = '\b';
        else if (e == '\\' || e == '"') c = e;
        else return false;
      }
      value += c;
      started = true;
      kept = value.size();
    }
    if (quoted) return false;
    value.resize(kept);
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string section_;
};

bool is_include_key(const std::string &key) {
  return key == "include.path" || (key.starts_with("includeif.") && key.ends_with(".path"));
}

// "~/x" with home, or the path unchanged; "" when it cannot be expanded.
std::string expand_home(const std::string &path, const std::string &home) {
  if (path == "~" || path.starts_with("~/")) return home.empty() ? "" : home + path.substr(1);
  if (path.starts_with("~")) return "";  // ~user: another user's home, not looked up
  return path;
}

void read_config(const std::string &file, const std::string &home, GitConfigFacts &facts, int depth) {
  if (facts.files_read >= kMaxGitConfigFiles) {
    facts.too_many = true;
    return;
  }
  ++facts.files_read;
  // A missing file says nothing, as for git; any other failure leaves what
  // it says unknown, and the carve must not guess.
  // /dev/null is how git's docs say to read no global or system config.
  if (file == "/dev/null") return;
  struct stat st {};
  if (stat(file.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR)) return;
  std::string text;
  std::string error;
  if (!read_policy_file(file, text, error)) {
    facts.failures.push_back(file + ": " + error);
    return;
  }
  GitConfigText parsed = parse_git_config(text);
  if (!parsed.complete) facts.failures.push_back(file + ": a line this reader does not understand");
  for (const auto &[key, value] : parsed.entries) {
    if (key == "core.hookspath") {
      std::string path = expand_home(value, home);
      if (!path.empty()) facts.hooks_paths.push_back(path);
    } else if (key == "extensions.objectformat") {
      facts.sha256 = lowered(value) == "sha256";
    } else if (is_include_key(key)) {
      if (value.starts_with("%(prefix)/"))
        continue;  // relative to git's install prefix: not a file the repository holds
      std::string path = expand_home(value, home);
      if (path.empty()) continue;
      if (!path.starts_with('/')) path = join_path(parent_path(file), path);
      path = lexical_normalize(path);
      facts.includes.push_back(path);
      // git's own bound on include depth; a loop ends here too.
      if (depth < 10) read_config(path, home, facts, depth + 1);
    }
  }
}

// A buffered reader of an index file, which may be large.
class IndexReader {
 public:
  IndexReader(int fd, size_t limit) : fd_(fd), limit_(limit) {}
  bool bytes(void *into, size_t n) {
    auto *out = static_cast<unsigned char *>(into);
    while (n > 0) {
      if (at_ == end_ && !fill()) return false;
      size_t take = std::min(n, end_ - at_);
      std::memcpy(out, buffer_ + at_, take);
      at_ += take;
      out += take;
      n -= take;
      consumed_ += take;
    }
    return true;
  }
  bool skip(size_t n) {
    unsigned char scratch[64];
    while (n > 0) {
      size_t take = std::min(n, sizeof scratch);
      if (!bytes(scratch, take)) return false;
      n -= take;
    }
    return true;
  }
  bool byte(unsigned char &c) { return bytes(&c, 1); }
  bool u32(uint32_t &v) {
    unsigned char b[4];
    if (!bytes(b, 4)) return false;
    v = (uint32_t{b[0]} << 24) | (uint32_t{b[1]} << 16) | (uint32_t{b[2]} << 8) | uint32_t{b[3]};
    return true;
  }
  size_t consumed() const { return consumed_; }

 private:
  bool fill() {
    if (consumed_ >= limit_) return false;  // checked while reading: a file that grows is bounded too
    while (true) {
      ssize_t n = read(fd_, buffer_, sizeof buffer_);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      at_ = 0;
      end_ = static_cast<size_t>(n);
      return true;
    }
  }
  int fd_;
  size_t limit_;
  unsigned char buffer_[16384] = {};
  size_t at_ = 0, end_ = 0, consumed_ = 0;
};

// The variable-length integer of index version 4 (git's varint.c).
bool varint(IndexReader &in, uint64_t &value) {
  unsigned char c = 0;
  if (!in.byte(c)) return false;
  value = c & 127;
  while (c & 128) {
    if (!in.byte(c) || value > (UINT64_MAX >> 8)) return false;
    value = ((value + 1) << 7) | (c & 127);
  }
  return true;
}

bool failed(std::string &why, std::string text) {
  why = std::move(text);
  return false;
}

bool parse_index(IndexReader &in, bool sha256, std::vector<std::string> &paths, std::string &why) {
  char signature[4];
  uint32_t version = 0;
  uint32_t count = 0;
  if (!in.bytes(signature, 4) || std::memcmp(signature, "DIRC", 4) != 0 || !in.u32(version) || !in.u32(count)) {
    why = "not a git index (no DIRC header)";
    return false;
  }
  if (version < 2 || version > 4) {
    why = "index version " + std::to_string(version) + " (git writes 2 to 4)";
    return false;
  }
  const size_t hash = sha256 ? 32 : 20;
  std::string previous;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t start = in.consumed();
    uint32_t stat_words[10];
    for (uint32_t &w : stat_words)
      if (!in.u32(w)) return failed(why, "the index ends inside entry " + std::to_string(i));
    unsigned char flags[2];
    if (!in.skip(hash) || !in.bytes(flags, 2)) return failed(why, "the index ends inside entry " + std::to_string(i));
    if ((flags[0] & 0x40) && (version < 3 || !in.skip(2)))
      return failed(why, "a malformed extended entry in the index");
    std::string name;
    if (version == 4) {
      uint64_t strip = 0;
      if (!varint(in, strip) || strip > previous.size()) return failed(why, "a malformed path in the index");
      name = previous.substr(0, previous.size() - strip);
    }
    unsigned char c = 0;
    while (true) {
      if (!in.byte(c)) return failed(why, "the index ends inside a path");
      if (c == 0) break;
      name += static_cast<char>(c);
      if (name.size() > 65536) return failed(why, "a path longer than 64 KiB in the index");
    }
    if (version < 4) {
      // Padded with NULs to a multiple of 8 bytes (the NUL read above is the first).
      const size_t length = in.consumed() - start;
      const size_t padded = (length + 7) / 8 * 8;
      if (!in.skip(padded - length)) return failed(why, "the index ends inside an entry's padding");
    }
    const uint32_t mode = stat_words[6];
    if ((mode & 0170000) == 0160000) paths.push_back(name);
    previous = std::move(name);
  }
  return true;
}

}  // namespace

GitConfigText parse_git_config(std::string_view text) { return ConfigParser(text).parse(); }

void read_git_config(const std::string &file, const std::string &home, GitConfigFacts &facts) {
  read_config(file, home, facts, 0);
}

bool gitmodules_paths(const std::string &file, std::vector<std::string> &paths, std::string &why) {
  // A missing file names no submodule; anything else not read whole leaves
  // a submodule path unknown, and its .git could be planted: as for a config.
  struct stat st {};
  if (stat(file.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR)) return true;
  std::string text;
  if (!read_policy_file(file, text, why)) return false;
  GitConfigText parsed = parse_git_config(text);
  for (const auto &[key, value] : parsed.entries)
    if (key.starts_with("submodule.") && key.ends_with(".path") && !value.empty()) paths.push_back(value);
  if (!parsed.complete) why = "a line this reader does not understand";
  return parsed.complete;
}

bool index_gitlinks(const std::string &file, bool sha256, std::vector<std::string> &paths, std::string &why,
                    size_t &budget) {
  // O_NONBLOCK: a FIFO planted in place of the index must not block the compile.
  int fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return true;
    why = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    why = "not a regular file";
    return false;
  }
  if (static_cast<unsigned long long>(st.st_size) > budget) {
    close(fd);
    why = "larger than the " + std::to_string(budget >> 20) + " MiB left to read of indexes in this compile";
    return false;
  }
  IndexReader in(fd, budget);
  bool ok = parse_index(in, sha256, paths, why);
  close(fd);
  if (!ok && in.consumed() >= budget) why = "it grew past the indexes this compile may read";
  budget -= std::min(budget, in.consumed());
  return ok;
}

}  // namespace llp
