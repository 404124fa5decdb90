// The terminal `exec --ask` asks its one question on: the controlling
// terminal (/dev/tty), opened before anything runs and never inherited by
// the command (close-on-exec; the command has its own standard streams).
// Before the question the terminal is given back as it was before the run
// (its settings, and the foreground to this process's group), and whatever
// was typed ahead or queued during the run is discarded, so that neither the
// command nor a keystroke meant for it answers. docs/policy-format.md,
// "Asking once: exec --ask".
#pragma once
#include <string>
#include <sys/types.h>
#include <termios.h>

namespace llp {

enum class Answer { Yes, No, EndOfInput, Interrupted };

class Terminal {
 public:
  Terminal() = default;
  Terminal(const Terminal &) = delete;
  Terminal &operator=(const Terminal &) = delete;
  ~Terminal();

  // "" when standard input and standard error are terminals and /dev/tty
  // opens; else why not. Remembers the settings and the foreground.
  std::string open();
  // After the run: the settings and the foreground back, what was typed
  // ahead discarded; "" or why the question cannot be asked.
  std::string take_back();
  bool show(const std::string &text) const;
  // Shows question, reads one line: Yes for y or yes (any case) alone, No
  // for anything else; Ctrl-D, Ctrl-C (SIGINT or SIGQUIT while asking) say so.
  Answer ask(const std::string &question) const;

 private:
  int fd_ = -1;
  struct termios settings_ {};
  bool have_settings_ = false;
  bool was_foreground_ = false;
};

// Whether this process still has a child, after reaping the ones that
// ended: exec --ask is the run's subreaper, so false means no process of
// the run is left (an orphan of the run comes back to it, not to init).
bool children_left();

// Whether the descriptor fd is a terminal (isatty): a person may be
// reading what is written to it.
bool is_terminal(int fd);

}  // namespace llp
