// escape-threads N PATH: starts N threads (and a thread started by a thread);
// each one, and the main thread, tries to create PATH.K. Prints one line per
// attempt, "K ok" or "K ERRNO", in thread order. Landlock domains are
// per-thread: this proves every thread of the command is confined.
#include <fcntl.h>
#include <pthread.h>

#include "payload.h"

namespace {
const char *g_path;
const char *g_result[66];
long g_number[66];  // thread K's argument is &g_number[K]

void attempt(long k) {
  char path[4096];
  size_t n = strlen(g_path);
  if (n > sizeof path - 8) _exit(2);
  memcpy(path, g_path, n);
  path[n++] = '.';
  if (k >= 10) path[n++] = static_cast<char>('0' + k / 10);
  path[n++] = static_cast<char>('0' + k % 10);
  path[n] = '\0';
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  g_result[k] = fd >= 0 ? "ok" : payload::errno_name(errno);
  if (fd >= 0) close(fd);
}

void *grandchild(void *arg) {
  attempt(*static_cast<long *>(arg));
  return nullptr;
}

void *child(void *arg) {
  long k = *static_cast<long *>(arg);
  attempt(k);
  if (k == 1) {  // thread 1 also starts a thread of its own: number 65
    pthread_t t;
    if (pthread_create(&t, nullptr, grandchild, &g_number[65]) != 0) _exit(3);
    pthread_join(t, nullptr);
  }
  return nullptr;
}
}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  long threads = payload::number(argv[1]);
  if (threads < 1 || threads > 64) return 2;
  g_path = argv[2];
  pthread_t t[65];
  for (long k = 0; k <= 65; ++k) g_number[k] = k;
  for (long k = 1; k <= threads; ++k)
    if (pthread_create(&t[k], nullptr, child, &g_number[k]) != 0) return 3;
  attempt(0);
  for (long k = 1; k <= threads; ++k) pthread_join(t[k], nullptr);
  bool all_ok = true;
  for (long k = 0; k <= 65; ++k) {
    if (!g_result[k]) continue;
    char num[4] = {static_cast<char>(k >= 10 ? '0' + k / 10 : '0' + k), static_cast<char>('0' + k % 10), 0, 0};
    if (k < 10) num[1] = '\0';
    payload::out(num);
    payload::out(" ");
    payload::out(g_result[k]);
    payload::out("\n");
    all_ok = all_ok && strcmp(g_result[k], "ok") == 0;
  }
  return all_ok ? 0 : 1;
}
