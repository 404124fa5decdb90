#include "terminal.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace llp {

namespace {

// An answer is a word: a longer line is read to its end, and is a no.
constexpr size_t kMaxAnswer = 64;

// Set by SIGINT or SIGQUIT while the question waits: a handler reaches
// nothing but a global.
volatile sig_atomic_t g_interrupted = 0;

void note_interrupt(int /*signal*/) { g_interrupted = 1; }

// The signals that end the question, blocked outside ppoll so that one
// arriving before the wait is seen by it.
class InterruptWatch {
 public:
  InterruptWatch() {
    g_interrupted = 0;
    struct sigaction note {};
    note.sa_handler = note_interrupt;
    sigemptyset(&note.sa_mask);
    (void)sigaction(SIGINT, &note, &old_int_);
    (void)sigaction(SIGQUIT, &note, &old_quit_);
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGQUIT);
    (void)sigprocmask(SIG_BLOCK, &block, &old_mask_);
    waiting_ = old_mask_;
    sigdelset(&waiting_, SIGINT);
    sigdelset(&waiting_, SIGQUIT);
  }
  InterruptWatch(const InterruptWatch &) = delete;
  InterruptWatch &operator=(const InterruptWatch &) = delete;
  ~InterruptWatch() {
    (void)sigprocmask(SIG_SETMASK, &old_mask_, nullptr);
    (void)sigaction(SIGINT, &old_int_, nullptr);
    (void)sigaction(SIGQUIT, &old_quit_, nullptr);
  }
  // Waits until fd can be read: false when interrupted.
  bool wait(int fd) const {
    for (;;) {
      if (g_interrupted) return false;
      pollfd ready{fd, POLLIN, 0};
      const int n = ppoll(&ready, 1, nullptr, &waiting_);
      if (n > 0) return true;
      if (n < 0 && errno != EINTR) return true;  // the read says what is wrong
    }
  }

 private:
  struct sigaction old_int_ {};
  struct sigaction old_quit_ {};
  sigset_t old_mask_{};
  sigset_t waiting_{};
};

bool is_yes(const std::string &line) {
  std::string word;
  for (char c : line) word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return word == "y" || word == "yes";
}

}  // namespace

Terminal::~Terminal() {
  if (fd_ >= 0) close(fd_);
}

std::string Terminal::open() {
  if (isatty(0) != 1) return "standard input is not a terminal (the question needs one)";
  if (isatty(2) != 1) return "standard error is not a terminal (the question needs one)";
  fd_ = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0) return std::string("/dev/tty: ") + std::strerror(errno);
  have_settings_ = tcgetattr(fd_, &settings_) == 0;
  was_foreground_ = tcgetpgrp(fd_) == getpgrp();
  return {};
}

std::string Terminal::take_back() {
  // From the background (the run moved the foreground), changing the
  // terminal would stop this process with SIGTTOU: blocked meanwhile.
  sigset_t ttou;
  sigset_t before;
  sigemptyset(&ttou);
  sigaddset(&ttou, SIGTTOU);
  (void)sigprocmask(SIG_BLOCK, &ttou, &before);
  if (was_foreground_ && tcgetpgrp(fd_) != getpgrp()) (void)tcsetpgrp(fd_, getpgrp());
  // TCSAFLUSH: the settings back once the output is out, the input dropped.
  if (have_settings_) (void)tcsetattr(fd_, TCSAFLUSH, &settings_);
  (void)tcflush(fd_, TCIFLUSH);
  (void)sigprocmask(SIG_SETMASK, &before, nullptr);
  if (tcgetpgrp(fd_) != getpgrp()) return "this process is not in the terminal's foreground";
  // The run may have left the text attributes concealed or coloured: the
  // screen is drawn in the plain ones (SGR 0).
  return show("\033[0m") ? std::string() : std::string("cannot write to the terminal");
}

bool Terminal::show(const std::string &text) const {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

Answer Terminal::ask(const std::string &question) const {
  InterruptWatch interrupts;
  // Anything typed or queued before the question is on screen is dropped:
  // only a line typed after it answers.
  (void)tcflush(fd_, TCIFLUSH);
  if (!show(question)) return Answer::No;
  std::string line;
  for (;;) {
    if (!interrupts.wait(fd_)) {
      (void)show("\n");
      return Answer::Interrupted;
    }
    char c = 0;
    const ssize_t n = read(fd_, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      (void)show("\n");
      return line.empty() ? Answer::EndOfInput : Answer::No;
    }
    if (c == '\n') break;
    if (line.size() <= kMaxAnswer) line += c;
  }
  return is_yes(line) ? Answer::Yes : Answer::No;
}

bool children_left() {
  int status = 0;
  pid_t reaped = 0;
  do reaped = waitpid(-1, &status, WNOHANG | __WALL);
  while (reaped > 0 || (reaped < 0 && errno == EINTR));
  return !(reaped < 0 && errno == ECHILD);
}

bool is_terminal(int fd) { return isatty(fd) == 1; }

}  // namespace llp
