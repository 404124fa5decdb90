#include "output_file.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace llp {

int create_output_file(int dir, const std::string &name, bool executable) {
  const mode_t mode = executable ? 0777 : 0666;
  const int fd = openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd < 0) return errno;
  const struct timespec old_times[2] = {{kOutputFileTime, 0}, {kOutputFileTime, 0}};
  int error = 0;
  if (futimens(fd, old_times) != 0) error = errno;
  close(fd);
  // O_EXCL made it ours just now: removing it again removes nothing else.
  if (error != 0) unlinkat(dir, name.c_str(), 0);
  return error;
}

}  // namespace llp
