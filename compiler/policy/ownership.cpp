#include "ownership.h"

#include <cstdio>
#include <cstring>
#include <unistd.h>

#include "../base/quote.h"

namespace llp {

namespace {

std::string octal(unsigned mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", mode & 07777);
  return text;
}

}  // namespace

std::string ownership_problem(const std::string &what, const OwnershipCheck &check) {
  const std::string where = (check.is_file ? "the file " : "the folder ") + check.where;
  std::string why;
  switch (check.verdict) {
    case PathOwnership::Safe: return {};
    case PathOwnership::OtherOwner:
      why = " is owned by uid " + std::to_string(check.owner) + ", neither you (uid " + std::to_string(geteuid()) +
            ") nor root: its owner can replace what lies beneath it";
      break;
    case PathOwnership::GroupWritable:
      why = " is writable by its group (mode " + octal(check.mode) +
            ", no sticky bit): any member can replace what lies beneath it";
      break;
    case PathOwnership::OthersWritable:
      why = " is writable by everyone (mode " + octal(check.mode) +
            ", no sticky bit): anyone can replace what lies beneath it";
      break;
    case PathOwnership::Unreadable: why = std::string(" cannot be examined: ") + std::strerror(check.error); break;
  }
  if (check.is_file && check.verdict != PathOwnership::Unreadable) {
    why = check.verdict == PathOwnership::OtherOwner
              ? " is owned by uid " + std::to_string(check.owner) + ", neither you nor root: its owner can rewrite it"
              : " is writable by group or others (mode " + octal(check.mode) + "): they can rewrite it";
  }
  return what + " is not yours alone: " + where + why;
}

std::string ownership_hint(const OwnershipCheck &check) {
  const std::string quoted = shell_quote(check.where);
  std::string fix;
  switch (check.verdict) {
    case PathOwnership::Safe: return {};
    case PathOwnership::OtherOwner: fix = "keep it where every folder on the way is yours or root's"; break;
    case PathOwnership::GroupWritable:
    case PathOwnership::OthersWritable: fix = "run `chmod go-w " + quoted + "`, or keep it elsewhere"; break;
    case PathOwnership::Unreadable: fix = "make " + quoted + " readable, or keep it elsewhere"; break;
  }
  return fix +
         " (as ssh checks its own files: every folder on the way, and the file, owned by you or root and "
         "writable by no one else, unless sticky like /var/tmp or on a read-only mount)";
}

}  // namespace llp
