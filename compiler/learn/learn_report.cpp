#include "learn_report.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../out/explain.h"
#include "../plan/normalise.h"
#include "../host/paths.h"
#include "../base/text.h"

namespace llp {

using learn_arch::Call;
using Cause = LearnCause;

const char *kind_name(LearnKind k) {
  switch (k) {
    case LearnKind::Read: return "read";
    case LearnKind::List: return "list";
    case LearnKind::Write: return "write";
    case LearnKind::Execute: return "execute";
    case LearnKind::Create: return "create";
    case LearnKind::Remove: return "remove";
    case LearnKind::Across: return "rename/link across";
    case LearnKind::Truncate: return "truncate";
    case LearnKind::Ioctl: return "device ioctl";
    case LearnKind::Connect: return "TCP connect";
    case LearnKind::Bind: return "TCP bind";
  }
  return "?";
}

const char *cause_name(Cause c) {
  return c == Cause::Sandbox ? "sandbox" : c == Cause::OnPurpose ? "on-purpose" : "file-permissions";
}

namespace {

bool writes(LearnKind k) {
  return k == LearnKind::Write || k == LearnKind::Create || k == LearnKind::Remove || k == LearnKind::Across || k == LearnKind::Truncate ||
         k == LearnKind::Ioctl;
}

bool exists(const std::string &p) {
  struct stat st {};
  return lstat(p.c_str(), &st) == 0;
}

bool is_dir(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_regular(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_device(const std::string &p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode));
}

// The path with its folder canonical (the last component as named: removing
// or creating a symlink acts on the link), or wholly canonical when follow.
std::string canon(const std::string &p, bool follow) {
  if (follow) return canonical_or_lexical(p);
  std::string parent = parent_path(p);
  if (parent.empty()) return p;
  std::string base = p.substr(parent.size() == 1 ? 1 : parent.size() + 1);
  return join_path(canonical_or_lexical(parent), base);
}

// The folder an entry is created in or removed from.
std::string folder_of(const Finding &f) { return f.folder ? f.path : parent_path(f.path); }

// Whether this user may do it outside the sandbox: faccessat with the
// effective ids, on the object or, to create or remove, on its folder.
// Never performs the operation. "" when allowed, else why not.
std::string outside(const Finding &f) {
  auto check = [](const std::string &p, int mode) -> std::string {
    if (faccessat(AT_FDCWD, p.c_str(), mode, AT_EACCESS) == 0 || errno == ENOENT) return {};
    return std::strerror(errno);
  };
  switch (f.kind) {
    case LearnKind::Read: return check(f.path, R_OK);
    case LearnKind::List: return check(f.path, R_OK | X_OK);
    case LearnKind::Write: case LearnKind::Truncate: return check(f.path, W_OK);
    case LearnKind::Ioctl: return {};  // the device was opened: its permissions allowed that
    case LearnKind::Execute: return check(f.path, X_OK);
    case LearnKind::Create: case LearnKind::Remove: return check(folder_of(f), W_OK | X_OK);
    case LearnKind::Across: {
      struct stat a {}, b {};
      if (stat(parent_path(f.path).c_str(), &a) == 0 && stat(parent_path(f.path2).c_str(), &b) == 0 &&
          a.st_dev != b.st_dev)
        return "they are on different file systems";
      std::string e = check(parent_path(f.path), W_OK | X_OK);
      return e.empty() ? check(parent_path(f.path2), W_OK | X_OK) : e;
    }
    case LearnKind::Connect: case LearnKind::Bind: return {};
  }
  return {};
}

std::string trim_newline(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

long unprivileged_port_start() {
  FILE *f = std::fopen("/proc/sys/net/ipv4/ip_unprivileged_port_start", "re");
  long v = 1024;
  if (f) {
    if (std::fscanf(f, "%ld", &v) != 1) v = 1024;
    std::fclose(f);
  }
  return v;
}

bool net_restricted(const Plan &p) { return p.outer.net.restricted || (p.nested && p.inner.net.restricted); }

std::string base_name(const std::string &p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// A TOML basic string; false when s is not UTF-8 (TOML cannot hold it).
bool toml_string(const std::string &s, std::string &out) {
  if (!valid_utf8(s)) return false;
  out = "\"";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') out += std::string("\\") + c;
    else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else out += c;
  }
  out += "\"";
  return true;
}

// A path as the policy format writes it literally: `$` is `$$` (expand.h),
// so a name the command chose (d/${env.TOKEN}) is never expanded later.
std::string literal_path(const std::string &p) {
  std::string out;
  for (char c : p) {
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

// A name safe to show inside `outputs = ["NAME"]` as is.
bool plain_name(const std::string &name) {
  if (name.empty() || name == "." || name == "..") return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-' || c == '+' || c == '@';
  });
}

// A path for a shell: ~/'rest' or 'path', every ' closed and escaped.
std::string shell_quoted(const std::string &home, const std::string &p) {
  std::string rest = p, out;
  if (!home.empty() && home != "/" && is_within(p, home) && p != home) {
    out = "~/";
    rest = p.substr(home.size() + 1);
  }
  out += '\'';
  for (char c : rest) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + '\'';
}

// A JSON string of the printable() form: valid UTF-8 whatever the bytes.
std::string json_string(const std::string &s) {
  std::string out = "\"";
  for (char c : printable(s)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Creates path (flags: O_EXCL or O_TRUNC|O_NOFOLLOW) holding text; "" or why not.
// O_TRUNC: only a regular file is truncated and written (a FIFO would hang,
// a device act): it is opened without blocking and checked first.
std::string create_file(const std::string &path, int flags, const std::string &text) {
  bool truncate = (flags & O_TRUNC) != 0;
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (flags & ~O_TRUNC), 0644);
  if (fd < 0) return errno == ENXIO ? std::string("not a regular file") : std::strerror(errno);
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return "not a regular file";
  }
  if ((truncate && ftruncate(fd, 0) != 0) || fcntl(fd, F_SETFL, 0) != 0) {
    int e = errno;
    close(fd);
    return std::strerror(e);
  }
  FILE *f = fdopen(fd, "w");
  if (!f) {
    int e = errno;
    close(fd);
    return std::strerror(e);
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int e = errno;
  if (std::fclose(f) != 0 && ok) ok = false, e = errno;
  return ok ? std::string() : std::strerror(e);
}

// Makes the leaf folder path (its folder must exist), relative to an fd of
// that folder, never following a symlink in the leaf's place.
std::string make_leaf(const std::string &path) {
  std::string parent = parent_path(path);
  int dir = open(parent.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) return std::strerror(errno);
  int rc = mkdirat(dir, base_name(path).c_str(), 0700);
  int e = errno;
  close(dir);
  return rc == 0 || e == EEXIST ? std::string() : std::strerror(e);
}

}  // namespace

std::string learn_create_file(const std::string &path, int flags, const std::string &text) {
  return create_file(path, flags, text);
}

std::vector<Finding> findings_of(const TracedDenial &d) {
  std::vector<Finding> out;
  auto add = [&](LearnKind k, const std::string &raw, bool follow) {
    Finding f;
    f.kind = k;
    f.path = canon(raw, follow);
    out.push_back(std::move(f));
  };
  switch (d.call) {
    case Call::Open: case Call::Openat: case Call::Openat2: case Call::Creat: {
      uint64_t acc = d.flags & O_ACCMODE;
      if ((d.flags & O_CREAT) && !exists(d.path)) add(LearnKind::Create, d.path, false);
      else if (acc != O_RDONLY) add(LearnKind::Write, d.path, true);
      else if (d.flags & O_TRUNC) add(LearnKind::Truncate, d.path, true);
      else add(is_dir(d.path) ? LearnKind::List : LearnKind::Read, d.path, true);
      break;
    }
    case Call::Execve: case Call::Execveat: add(LearnKind::Execute, d.path, true); break;
    case Call::Mkdir: case Call::Mkdirat: case Call::Mknod: case Call::Mknodat: case Call::Symlink:
    case Call::Symlinkat:
      add(LearnKind::Create, d.path, false);
      out.back().made_folder = d.call == Call::Mkdir || d.call == Call::Mkdirat;
      break;
    case Call::Unlink: case Call::Unlinkat: case Call::Rmdir: add(LearnKind::Remove, d.path, false); break;
    case Call::Truncate: add(LearnKind::Truncate, d.path, true); break;
    case Call::Ioctl: add(LearnKind::Ioctl, d.path, true); break;
    case Call::Rename: case Call::Renameat: case Call::Renameat2: case Call::Link: case Call::Linkat: {
      bool link = d.call == Call::Link || d.call == Call::Linkat;
      if (d.error == EXDEV) {
        add(LearnKind::Across, d.path, false);
        out.back().path2 = canon(d.path2, false);
      } else {
        if (!link) add(LearnKind::Remove, d.path, false);
        add(LearnKind::Create, d.path2, false);
      }
      break;
    }
    case Call::Connect: case Call::Bind: {
      Finding f;
      f.kind = d.call == Call::Connect ? LearnKind::Connect : LearnKind::Bind;
      f.port = d.port;
      out.push_back(std::move(f));
      break;
    }
    case Call::Other: break;
  }
  for (Finding &f : out) {
    f.programs.insert(d.program);
    f.changed = d.changed;
  }
  return out;
}

std::vector<Finding> findings_of(const AuditDenial &d) {
  std::vector<Finding> out;
  auto has = [&](const std::string &b) { return std::find(d.blockers.begin(), d.blockers.end(), b) != d.blockers.end(); };
  auto any = [&](const char *prefix) {
    return std::any_of(d.blockers.begin(), d.blockers.end(), [&](const std::string &b) { return b.rfind(prefix, 0) == 0; });
  };
  auto add = [&](LearnKind k, bool folder) {
    Finding f;
    f.kind = k;
    f.folder = folder;
    f.kernel = true;
    if (k == LearnKind::Connect || k == LearnKind::Bind) f.port = d.port;
    else f.path = d.path;
    out.push_back(std::move(f));
  };
  if (has("net.connect_tcp")) add(LearnKind::Connect, false);
  else if (has("net.bind_tcp")) add(LearnKind::Bind, false);
  else if (d.across) add(LearnKind::Across, true);
  else if (has("fs.refer")) {
    // One side of a rename or link between folders: the kernel lists what
    // this folder lacks (for the source, all the destination has). The
    // source needs removing, the destination creating.
    if (any("fs.remove_")) add(LearnKind::Remove, true);
    else if (any("fs.make_")) add(LearnKind::Create, true);
  } else {
    // One access for the object, the strongest asked: an exec also asks to
    // read, a write to an ungranted file often to read as well.
    const std::pair<const char *, LearnKind> order[] = {{"fs.execute", LearnKind::Execute}, {"fs.write_file", LearnKind::Write},
                                                   {"fs.truncate", LearnKind::Truncate}, {"fs.read_file", LearnKind::Read},
                                                   {"fs.read_dir", LearnKind::List}, {"fs.ioctl_dev", LearnKind::Ioctl}};
    for (const auto &[blocker, kind] : order)
      if (has(blocker)) {
        add(kind, false);
        break;
      }
    // Creating and removing name the folder (a rename may need both).
    if (any("fs.make_")) add(LearnKind::Create, true);
    if (any("fs.remove_")) add(LearnKind::Remove, true);
  }
  for (Finding &f : out) f.programs.insert(d.program);
  return out;
}

void classify(const CompileResult &r, Finding &f, int error) {
  const Plan &p = r.plan;
  auto set = [&](Cause c, std::string reason) {
    f.cause = c;
    f.reason = std::move(reason);
  };
  if (f.kind == LearnKind::Connect || f.kind == LearnKind::Bind) {
    if (!p.sandboxed || !net_restricted(p)) return set(Cause::Permissions, "not the sandbox: its TCP is not restricted");
    if (!f.kernel && f.kind == LearnKind::Bind && geteuid() != 0 && f.port < unprivileged_port_start())
      return set(Cause::Permissions, "a port below net.ipv4.ip_unprivileged_port_start needs privilege");
    return set(Cause::Sandbox, {});
  }
  if (!p.sandboxed) return set(Cause::Permissions, "not the sandbox: danger-full-access has none");
  if (f.changed)
    return set(Cause::OnPurpose, "the path changed between the call's entry and its exit (another thread rewrote it): "
                                 "what the command used is unknown, so nothing is suggested");
  if (!f.kernel && error == EPERM)
    return set(Cause::Permissions, "EPERM: Landlock answers EACCES or EXDEV, so something else refused it");
  if (f.kind == LearnKind::Ioctl && !is_device(f.path))
    return set(Cause::Permissions, "not the sandbox: Landlock restricts ioctl on devices only");
  const Coverage covered = cover(p, f.path, writes(f.kind) ? Access::Rw : Access::Ro);
  if (covered.hidden) return set(Cause::OnPurpose, trim_newline(why(r, f.path, writes(f.kind))));
  if (!f.kernel) {
    if (std::string e = outside(f); !e.empty())
      return set(Cause::Permissions, "refused outside the sandbox too (" + e + ")");
  }
  if (writes(f.kind)) {
    bool in_folder = f.kind == LearnKind::Create || f.kind == LearnKind::Remove || f.kind == LearnKind::Across;
    const Carved *carved = covered.carved;
    const Carved *carved2 = f.path2.empty() ? nullptr : cover(p, f.path2, Access::Rw).carved;
    if (carved2 && (!carved || carved2 < carved)) carved = carved2;  // the first in the plan's order
    if (carved)
      return set(Cause::OnPurpose, trim_newline(why(r, f.path, true)) + "; read-only inside a writable grant (" +
                                       carved->written + ": " + origin_text(*carved) + "); to allow it, the policy change is " +
                                       (carved->by == CarvedBy::Default ? "[protect] keep_writable = [\"" + carved->written + "\"]"
                                                                        : std::string("removing its [protect] read_only entry")) +
                                       ", not a grant");
    bool carved_folder =
        in_folder && std::find(p.carved_folders.begin(), p.carved_folders.end(), folder_of(f)) != p.carved_folders.end();
    if (carved_folder && f.kind == LearnKind::Create && folder_of(f) == p.workspace) {
      std::string name = f.folder ? std::string() : base_name(f.path);
      if (!plain_name(name)) name = "NAME";
      return set(Cause::OnPurpose, "the workspace root is read-only so that .git stays protected; the fix is "
                                   "`outputs = [\"" + name + "\"]` in the policy (made before each run, and writable), "
                                   "not a grant on the workspace");
    }
    if (carved_folder)
      return set(Cause::OnPurpose, trim_newline(why(r, f.path, true)) + "; nothing can be created or removed directly in " +
                                       folder_of(f) + ", a folder on the way to a read-only exception; create it in a "
                                       "subfolder, or create it outside the sandbox and compile again (an existing entry "
                                       "stays writable)");
    if (covered.protection)
      return set(Cause::OnPurpose, trim_newline(why(r, f.path, true)) + "; protected: " + protected_text(*covered.protection));
  }
  set(Cause::Sandbox, {});
  if (is_device(f.path) &&
      (f.kind == LearnKind::Read || f.kind == LearnKind::Write || f.kind == LearnKind::Truncate || f.kind == LearnKind::Ioctl)) {
    f.grant = f.path;  // /dev/tty, not all of /dev
    f.access = f.kind == LearnKind::Read ? Access::Ro : Access::Rw;  // device ioctl comes with rw
    return;
  }
  switch (f.kind) {
    case LearnKind::List: f.grant = f.path, f.access = Access::Ro; break;
    case LearnKind::Read: case LearnKind::Execute: f.grant = parent_path(f.path), f.access = Access::Ro; break;
    case LearnKind::Write: case LearnKind::Truncate: case LearnKind::Ioctl:
      f.grant = is_dir(f.path) ? f.path : parent_path(f.path), f.access = Access::Rw;
      break;
    // Across: the source's folder lacks rights the destination's has; give it the same.
    case LearnKind::Create: case LearnKind::Remove: case LearnKind::Across: f.grant = folder_of(f), f.access = Access::Rw; break;
    case LearnKind::Connect: case LearnKind::Bind: break;
  }
}

Learner::Learner(const CompileResult &r, const LearnOptions &o) : r_(r), o_(o) {
  if (!o.home.empty()) home_ = canonical_or_lexical(lexical_normalize(o.home));
  const char *path_env = std::getenv("PATH");
  table_ = refusal_table(o.home, path_env ? path_env : "", r.plan);
}

void Learner::add_finding(Finding f, int error) {
  classify(r_, f, error);
  if (f.cause == Cause::Sandbox && f.port < 0) narrow(f);
  // A path that changed under the call is a finding of its own: it never
  // merges with (and so never hides or becomes) a real denial of that path.
  auto key = std::make_tuple(static_cast<int>(f.kind), f.path, f.path2 + (f.changed ? "\n(changed)" : ""), f.port);
  auto [it, fresh] = index_.emplace(key, findings_.size());
  if (fresh) findings_.push_back(f);
  Finding &kept = findings_[it->second];
  ++kept.count;
  kept.programs.insert(f.programs.begin(), f.programs.end());
}

// The narrowest grant that works, never one the protection table refuses
// (learn_refuse.h): a leaf folder a tool made inside a folder every tool
// shares, made before the rerun; a file read or run alone when its folder
// cannot be granted; else refused on purpose, with the preset that covers it.
void Learner::narrow(Finding &f) const {
  auto refuse = [&](const std::string &reason) {
    f.cause = Cause::OnPurpose;
    f.reason = reason;
    f.grant.clear();
  };
  std::string program = f.programs.empty() ? std::string() : base_name(*f.programs.begin());
  auto preset_hint = [&](const std::string &folder) {
    std::vector<std::string> presets = presets_covering(table_, folder, program);
    std::string hint;
    if (!presets.empty()) {
      hint = "; the preset that covers it: ";
      for (size_t i = 0; i < presets.size(); ++i) hint += (i ? ", " : "") + presets[i];
    }
    hint += "; or make the leaf folder the tool uses (mkdir -p " + shell_quoted(home_, join_path(folder, "TOOL")) +
            ") and learn again";
    if (f.folder) hint += " (the audit way names only the folder; --way ptrace names the entry)";
    return hint;
  };
  if (f.kind == LearnKind::Create && !f.folder && shared_folder(table_, f.path))
    return refuse("never suggested: " + shown(f.path) + " is shared by every tool, never granted whole" + preset_hint(f.path));
  if (f.kind == LearnKind::Create && !f.folder && f.made_folder && shared_folder(table_, parent_path(f.path))) {
    if (std::string refused = learn_refusal(table_, f.path, true); !refused.empty())
      return refuse("never suggested: " + refused);
    f.grant = f.path;
    f.create_first = true;
    return;
  }
  bool write = f.access == Access::Rw;
  std::string refused = learn_refusal(table_, f.grant, write);
  if (refused.empty()) return;
  // Read or run only: a file written alone in a folder that cannot be
  // granted (a dotfile in the home) may well be read later as configuration.
  bool on_file = f.kind == LearnKind::Read || f.kind == LearnKind::Execute;
  if (on_file && !f.folder && f.grant != f.path && is_regular(f.path) && learn_refusal(table_, f.path, write).empty()) {
    f.grant = f.path;  // the file alone, not its folder
    return;
  }
  std::string reason = "never suggested: " + refused;
  if (shared_folder(table_, f.grant)) reason += preset_hint(f.grant);
  refuse(reason);
}

void Learner::add(const TracedDenial &d) {
  bool pair = !d.path2.empty() && d.error != EXDEV;
  for (Finding &f : findings_of(d)) {
    // A rename or link fails as a whole: keep only the half no grant allows.
    if (pair && writable(parent_path(f.path))) continue;
    add_finding(std::move(f), d.error);
  }
}

void Learner::add(const AuditDenial &d) {
  for (Finding &f : findings_of(d)) add_finding(std::move(f), 0);
}

void Learner::suggest() {
  // A policy that sets `workspace` cannot be extended (only a main policy
  // may set it): its grants are then suggested unchecked, and --write refuses.
  unextendable_ = compiler_refusal(toml_file({}, ""));
  std::map<std::pair<std::string, std::string>, Suggestion> by;
  for (Finding &f : findings_) {
    if (f.cause != Cause::Sandbox) continue;
    Suggestion s;
    if (f.port >= 0) s.section = f.kind == LearnKind::Connect ? "connect" : "bind", s.port = f.port;
    else s.section = access_name(f.access), s.path = f.grant;
    Suggestion &kept = by.emplace(std::make_pair(s.section, s.path + std::to_string(s.port)), s).first->second;
    for (const std::string &prog : f.programs)
      kept.reasons.insert((prog.empty() ? std::string("?") : base_name(prog)) + " " + kind_name(f.kind));
    kept.findings.push_back(&f);
    kept.create_first = kept.create_first || f.create_first;
  }
  std::vector<Suggestion> all;
  all.reserve(by.size());
  for (auto &[key, s] : by) all.push_back(std::move(s));
  // Each grant alone must compile: what the compiler refuses (a writable
  // grant containing home, a protected path...) is refused on purpose.
  std::vector<Suggestion> ok;
  for (Suggestion &s : all) {
    s.optional = s.port < 0 && !exists(s.path);
    if (!render(s)) continue;
    std::string refusal = unextendable_.empty() ? compiler_refusal(toml_file({&s}, "")) : alone_refusal(s);
    if (refusal.empty()) {
      ok.push_back(s);
      continue;
    }
    for (Finding *f : s.findings)
      f->cause = Cause::OnPurpose, f->reason = "the compiler refuses the grant " + s.section + " " + s.path + ": " + refusal;
  }
  // A grant inside a wider accepted one of at least its access adds nothing.
  for (Suggestion &s : ok) {
    auto wider = std::find_if(ok.begin(), ok.end(), [&](const Suggestion &o) {
      if (&o == &s || o.port >= 0 || s.port >= 0 || !is_within(s.path, o.path)) return false;
      if (s.section == "rw" && o.section == "ro") return false;
      return o.path != s.path || (o.section == "rw" && s.section == "ro");
    });
    if (wider == ok.end()) continue;
    wider->reasons.insert(s.reasons.begin(), s.reasons.end());
    s.section.clear();
  }
  for (Suggestion &s : ok)
    if (!s.section.empty() && render(s)) suggestions_.push_back(s);
}

std::string Learner::toml_file(const std::vector<const Suggestion *> &list, const std::string &way) const {
  std::string base;
  (void)toml_string(o_.policy_file, base);
  return "# Written by landlock-policy learn" + (way.empty() ? std::string() : " (" + way + ")") +
         "; review every grant before use.\nversion = 1\nextends = [" + base + "]\n" + toml_body(list);
}

std::string Learner::toml_body(const std::vector<const Suggestion *> &list) {
  std::string out;
  for (const char *section : {"ro", "rw"}) {
    std::string items;
    for (const Suggestion *s : list)
      if (s->section == section) items += "  " + s->toml + ",\n";
    if (!items.empty()) out += std::string(section) + " = [\n" + items + "]\n";
  }
  std::string net;
  for (const char *section : {"connect", "bind"}) {
    std::string ports;
    for (const Suggestion *s : list)
      if (s->section == section) ports += (ports.empty() ? "" : ", ") + std::to_string(s->port);
    if (!ports.empty()) net += std::string(section) + " = [" + ports + "]\n";
  }
  if (!net.empty()) out += "\n[network]\n" + net;
  return out;
}

std::string Learner::text_report(const RunSummary &t) const {
  int counts[3] = {0, 0, 0};
  for (const Finding &f : findings_) ++counts[static_cast<int>(f.cause)];
  std::string out = "landlock-policy learn (" + t.way + "): the command exited " + std::to_string(t.status) + "; " +
                    std::to_string(counts[0]) + " denied by the sandbox, " + std::to_string(counts[1]) +
                    " refused on purpose, " + std::to_string(counts[2]) + " not the sandbox\n";
  if (t.not_recorded > 0)
    out += "note: " + std::to_string(t.not_recorded) + " more denials were only counted (the first " +
           std::to_string(kMaxTracedDenials) + " are reported)\n";
  if (t.left_running > 0)
    out += t.way == "audit"
               ? "note: processes the command left running still held its sandbox " +
                     std::to_string(kLeftRunningGraceSeconds) +
                     " s after it exited; learning ended and they were killed, their later denials are not reported\n"
               : "note: " + std::to_string(t.left_running) + " process(es) the command left running were still traced " +
                     std::to_string(kLeftRunningGraceSeconds) + " s after it exited; learning ended and they were killed\n";
  for (const std::string &n : t.notes) out += "note: " + printable(n) + "\n";
  const char *titles[3] = {"denied by the sandbox:", "refused on purpose (never suggested):",
                           "not the sandbox (file permissions or another rule; not suggested):"};
  for (int c = 0; c < 3; ++c) {
    if (!counts[c]) continue;
    out += std::string(titles[c]) + "\n";
    for (const Finding &f : findings_) {
      if (static_cast<int>(f.cause) != c) continue;
      // Every field on one line of its own: a name the command chose
      // (a newline in a path) cannot start a line of the report.
      out += "  " + std::string(kind_name(f.kind)) + " " + printable(object(f)) + "  (" + std::to_string(f.count) +
             (f.count == 1 ? " time" : " times") + ", by " + printable(programs(f)) + ")\n";
      if (!f.reason.empty()) out += "    " + printable(f.reason) + "\n";
    }
  }
  if (!suggestions_.empty()) {
    out += "suggested policy change (paste into " + printable(o_.policy_file) + ", or use --write NEW.toml):\n";
    if (!unextendable_.empty())
      out += "  (checked alone, not with the policy: --write cannot extend it: " + printable(unextendable_) + ")\n";
    out += toml_body(pointers());
    for (const Suggestion &s : suggestions_)
      if (s.create_first && !exists(s.path))
        out += "before the rerun, make the leaf folder (--write makes it): mkdir " + printable(shell_quoted(home_, s.path)) +
               "\n";
  }
  return out;
}

std::string Learner::json_report(const RunSummary &t) const {
  std::string out = "{\n  \"schema\": \"landlock-policy-learn/1\",\n  \"method\": \"" + t.way + "\",\n  \"policy\": " +
                    json_string(o_.policy_file) + ",\n  \"status\": " + std::to_string(t.status) +
                    ",\n  \"left_running\": " + std::to_string(t.left_running) + ",\n  \"not_recorded\": " +
                    std::to_string(t.not_recorded) + ",\n  \"notes\": [";
  for (size_t i = 0; i < t.notes.size(); ++i) out += (i ? ", " : "") + json_string(t.notes[i]);
  out += "],\n  \"denials\": [";
  for (size_t i = 0; i < findings_.size(); ++i) {
    const Finding &f = findings_[i];
    out += std::string(i ? "," : "") + "\n    {\"cause\": \"" + cause_name(f.cause) + "\", \"access\": \"" +
           kind_name(f.kind) + "\"";
    if (f.port >= 0) out += ", \"port\": " + std::to_string(f.port);
    else out += ", \"path\": " + json_string(f.path);
    if (!f.path2.empty()) out += ", \"path2\": " + json_string(f.path2);
    if (f.folder) out += ", \"folder\": true";
    out += ", \"count\": " + std::to_string(f.count) + ", \"programs\": [";
    bool first = true;
    for (const std::string &p : f.programs) out += (first ? "" : ", ") + json_string(p), first = false;
    out += "]";
    if (!f.reason.empty()) out += ", \"reason\": " + json_string(f.reason);
    out += "}";
  }
  out += std::string(findings_.empty() ? "" : "\n  ") + "],\n  \"suggestions\": [";
  for (size_t i = 0; i < suggestions_.size(); ++i) {
    const Suggestion &s = suggestions_[i];
    out += std::string(i ? "," : "") + "\n    {\"section\": \"" + s.section + "\"";
    if (s.port >= 0) out += ", \"port\": " + std::to_string(s.port);
    else out += ", \"path\": " + json_string(s.path) + ", \"optional\": " + (s.optional ? "true" : "false");
    out += ", \"why\": " + json_string(why_text(s)) + ", \"toml\": " + json_string(s.toml);
    if (s.create_first) out += ", \"create_first\": true";  // a leaf folder to make before the rerun
    out += "}";
  }
  out += std::string(suggestions_.empty() ? "" : "\n  ") + "]\n}\n";
  return out;
}

std::string Learner::write_policy(const std::string &way) const {
  if (!unextendable_.empty())
    return "not written: a policy cannot extend " + o_.policy_file + " (" + unextendable_ +
           "); paste the suggested lines into it instead";
  std::string text = toml_file(pointers(), way);
  std::string name = o_.write_file;
  if (name.empty() || name[0] != '/') {
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return std::string("getcwd: ") + std::strerror(errno);
    name = join_path(cwd, name);
  }
  CompileResult c = o_.compile_text(name, text);
  if (!c.ok) return "the learned policy does not compile, not written:\n" + c.rendered();
  // O_EXCL: never overwrite (nor follow a planted symlink).
  std::string e = create_file(name, O_EXCL, text);
  if (!e.empty()) return o_.write_file + ": " + e;
  for (const Suggestion &s : suggestions_)
    if (s.create_first && !exists(s.path))
      if (std::string m = make_leaf(s.path); !m.empty()) return "wrote " + o_.write_file + ", but mkdir " + s.path + ": " + m;
  return {};
}

std::vector<const Suggestion *> Learner::pointers() const {
  std::vector<const Suggestion *> list(suggestions_.size());
  std::transform(suggestions_.begin(), suggestions_.end(), list.begin(), [](const Suggestion &s) { return &s; });
  return list;
}

// Whether every layer grants the folder writable already.
bool Learner::writable(const std::string &folder) const {
  const Plan &p = r_.plan;
  if (!covering_grant(p.outer.grants, folder, Access::Rw)) return false;
  return !p.nested || covering_grant(p.inner.grants, folder, Access::Rw);
}

std::string Learner::shown(const std::string &p) const {
  if (!home_.empty() && home_ != "/" && is_within(p, home_)) return "~" + p.substr(home_.size());
  return p;
}

std::string Learner::object(const Finding &f) {
  if (f.port >= 0) return "port " + std::to_string(f.port);
  if (f.folder) return (f.kind == LearnKind::Across ? "from " : "in ") + f.path;
  return f.path + (f.path2.empty() ? "" : " -> " + f.path2);
}

std::string Learner::programs(const Finding &f) {
  std::string out;
  for (const std::string &p : f.programs) out += (out.empty() ? "" : ", ") + (p.empty() ? "?" : p);
  return out;
}

std::string Learner::why_text(const Suggestion &s) {
  std::string out = "learned:";
  for (const std::string &r : s.reasons) out += " " + r + ",";
  out.pop_back();
  return out;
}

bool Learner::render(Suggestion &s) const {
  if (s.port >= 0) {
    s.toml = std::string("[network] ") + s.section + " = [" + std::to_string(s.port) + "]";
    return true;
  }
  std::string path, reason;
  if (!toml_string(literal_path(shown(s.path)), path) || !toml_string(why_text(s), reason)) return false;
  s.toml = "{ path = " + path + (s.optional ? ", optional = true" : "") + ", why = " + reason + " }";
  return true;
}

// When the original cannot be extended: the grant in a policy of its own
// (the compiler's rules for /, home and the built-in protected paths),
// and the original's protected paths, each way.
std::string Learner::alone_refusal(const Suggestion &s) const {
  std::string workspace;
  if (!toml_string(r_.plan.workspace, workspace)) return "the workspace is not UTF-8";
  std::string refusal =
      compiler_refusal("version = 1\nmode = \"custom\"\nworkspace = " + workspace + "\n" + toml_body({&s}));
  if (!refusal.empty() || s.section != "rw") return refusal;
  for (const Protected &entry : r_.plan.protected_entries) {
    const std::string &prot = entry.path;
    if (is_within(s.path, prot) || is_within(prot, s.path)) return "protected: " + protected_text(entry);
  }
  return {};
}

// "" when the policy compiles, else its first error.
std::string Learner::compiler_refusal(const std::string &text) const {
  // A name of its own: never the policy it extends (that would be a cycle).
  CompileResult c = o_.compile_text(parent_path(o_.policy_file) + "/.learn-check-" + std::to_string(getpid()) + ".toml", text);
  if (c.ok) return {};
  const auto &all = c.diags.all();
  auto e = std::find_if(all.begin(), all.end(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
  return e != all.end() ? e->message : "it does not compile";
}

}  // namespace llp
