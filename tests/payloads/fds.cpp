// Lists the file descriptors above 2 this process was started with (one
// number a line; nothing when there are none), without counting the
// directory fd it reads /proc/self/fd through.
#include <dirent.h>
#include <fcntl.h>

#include "payload.h"

int main() {
  int dir = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return payload::report(false);
  DIR *d = fdopendir(dir);
  if (!d) return payload::report(false);
  while (struct dirent *e = readdir(d)) {
    if (e->d_name[0] == '.') continue;
    long fd = payload::number(e->d_name);
    if (fd <= 2 || fd == dir) continue;
    payload::out(e->d_name);
    payload::out("\n");
  }
  return 0;
}
