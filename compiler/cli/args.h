// landlock-policy's command line: the subcommand's options, parsed into a
// Cli (main.cpp runs the subcommand), and the --help text.
#pragma once
#include <string>
#include <vector>

#include "../compile.h"
#include "../out/annotate.h"
#include "option_table.h"

namespace llp {

struct Cli {
  std::string subcommand;
  std::vector<std::string> files;  // positional arguments before "--"
  std::vector<std::string> command;
  std::string format, mode;
  std::string write_file, report_file;  // learn --write NEW.toml, --report FILE
  std::string way = "auto";             // learn --way
  int report_fd = -1;                   // learn --report-fd N; -1 when not given
  DiagFormat diagnostics = DiagFormat::Text;
  bool write = false;
  bool short_form = false;  // explain --short
  bool help = false;        // --help after the subcommand
  bool ask = false;         // exec --ask: after a denied failure, offer the escalation once
  CompileOptions options;
};

// Parses everything after the subcommand (argv[2]...); "" on success, else
// the usage error. An option's value is the next argument, or follows `=`
// (--diagnostics=github).
std::string parse_cli(int argc, char **argv, Cli &cli);

// An option with its value as --help shows it: "--target host|portable".
std::string option_usage(const OptionSpec &row);

}  // namespace llp
