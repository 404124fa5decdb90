// What the report's files (learn_report.h) ask the file system about a
// path, and the few helpers they share.
#pragma once
#include <string>

#include "learn_report.h"

namespace llp {

bool exists(const std::string &p);      // lstat: the name itself, a dangling symlink included
bool is_dir(const std::string &p);      // stat: followed
bool is_regular(const std::string &p);  // stat: followed
bool is_device(const std::string &p);   // stat: a character or block device

// The folder an entry is created in or removed from.
std::string folder_of(const Finding &f);

// The last component of p (p itself when it has no slash).
std::string base_name(const std::string &p);

// A path as the policy format writes it literally: `$` is `$$` (expand.h),
// so a name the command chose (d/${env.TOKEN}) is never expanded later.
std::string policy_literal(const std::string &p);

// A path for a shell: ~/'rest' or 'path', every ' closed and escaped.
std::string shell_quoted(const std::string &home, const std::string &p);

}  // namespace llp
