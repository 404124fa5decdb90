#include "help.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "../plan/modes.h"
#include "../policy/schema.h"
#include "args.h"
#include "option_table.h"

namespace llp {

namespace {

// What follows the subcommands' usage lines, before the options (listed
// from the option table, options_text()); each {TOKEN} is filled from a
// table (filled()), so no list here restates one.
constexpr std::string_view kBeforeOptions =
    "       landlock-policy {top-level} | SUBCOMMAND --help\n\n"
    "Options (a value follows a space or `=`: --diagnostics=github):\n";

// What follows the options.
constexpr std::string_view kAfterOptions =
    "\n"
    "In scripts, prefer `landlock-policy exec`; else check the argv before use:\n"
    "  argv=$(landlock-policy argv --format shell p.toml -- make) || exit 1\n"
    "  eval \"$argv\"\n"
    "A failed `argv --format shell` prints a line that fails when evaluated.\n\n"
    "Without a COMMAND, argv ends with \"--\": append the command yourself.\n"
    "POLICY.toml \"-\" reads the policy from standard input (learn: not with --write).\n"
    "A word after POLICY.toml without -- before it is refused, with where the -- goes.\n"
    "A policy file inside the workspace, ${TMPDIR}, /tmp or /dev/shm is refused (an\n"
    "earlier confined run could have rewritten it), and so is a policy file, an extends\n"
    "file or the launcher reached through a folder owned by anyone but you or root, or\n"
    "writable by group or others without the sticky bit (as ssh checks its own\n"
    "files); check, explain and why only warn about the policy file.\n"
    "init NAME writes ~/.config/landlock-policy/NAME.toml; init without one prints.\n"
    "argv, exec and learn prepare the run: they create the policy's missing outputs\n"
    "and the presets' missing cache folders; check, explain and why create nothing.\n"
    "learn runs the command as exec does, watched through the kernel's Landlock audit\n"
    "records where it can (ABI 7 and CAP_AUDIT_READ) or else with ptrace (--way picks\n"
    "one), then reports on stderr what the sandbox denied and the grants to add\n"
    "(--format json: to --report FILE, or to the open descriptor --report-fd N, closed\n"
    "before the command starts, written once the run is over; else stderr);\n"
    "--write NEW.toml writes them as a policy extending POLICY.toml.\n"
    "Its exit status is the command's.\n"
    "exec --ask (on a terminal) watches the run as learn does; after a failure whose\n"
    "denials the sandbox made have an escalation, it shows it and asks once to re-run\n"
    "the command with it (default no; nothing saved).\n"
    "Exit: 0 success, 1 invalid policy (diagnostics on stderr), 2 usage error.\n"
    "Format: man 5 landlock-policy\n";

// Where an option's text starts: in --help, and in SUBCOMMAND --help (whose
// usages are longer: each states its values); no line passes kWidth.
constexpr size_t kTopColumn = 23;
constexpr size_t kSubcommandColumn = 30;
constexpr size_t kWidth = 80;

// The spellings landlock-policy takes instead of a subcommand: "--help | -h | --version".
std::string top_level() {
  std::vector<std::string_view> spellings;
  for (const OptionSpec &row : kOptions)
    if (names_word(row.subcommands, kTopLevel)) spellings.push_back(row.spelling);
  return join_names(spellings, " | ", " | ", false);
}

// text with each {TOKEN} replaced: an option of the subcommand by its usage
// (option_usage: "--format shell|json|nul|record"), {shells}, {settable}
// (the schema's settable keys) or {top-level}.
std::string filled(std::string_view text, std::string_view subcommand) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find('{', at);
    const size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) break;
    out += text.substr(at, open - at);
    const std::string token(text.substr(open + 1, close - open - 1));
    const OptionSpec *row = find_option(subcommand, token);
    std::vector<std::string_view> shells(std::begin(kCompletionShells), std::end(kCompletionShells));
    if (token == "shells") out += join_names(shells, "|", "|", false);
    else if (token == "settable") out += join_names(schema::settable_keys(), ", ", " or ", false);
    else if (token == "top-level") out += top_level();
    else if (row) out += option_usage(*row);
    else out += "{" + token + "}";  // not a token: as written
    at = close + 1;
  }
  return out + std::string(text.substr(std::min(at, text.size())));
}

std::string usage_line(const Subcommand &sub) {
  std::string name(sub.name);
  name.resize(std::max<size_t>(name.size() + 1, 8), ' ');
  return "landlock-policy " + name + filled(sub.usage, sub.name) + "\n";
}

// text's words in lines that end by kWidth, each line after the first
// indented to column (the first goes on where the caller's line is, at column).
std::string wrapped(std::string_view text, size_t column) {
  std::string out;
  size_t line = column;  // the current line's length
  bool line_empty = true;
  while (!text.empty()) {
    const size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text.remove_prefix(space == std::string_view::npos ? text.size() : space + 1);
    if (word.empty()) continue;
    if (!line_empty && line + 1 + word.size() > kWidth) {
      out += "\n" + std::string(column, ' ');
      line = column;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++line;
    }
    out += word;
    line += word.size();
    line_empty = false;
  }
  return out;
}

// An option as the helps list it: head (its usage) after two spaces, then
// each paragraph from column on a line of its own, wrapped; a head too long
// for the column puts the first paragraph on the next line.
std::string described(const std::string &head, const std::vector<std::string> &paragraphs, size_t column) {
  std::string text = "  " + head;
  if (text.size() < column) {
    text.resize(column, ' ');
  } else {
    text += "\n" + std::string(column, ' ');
  }
  for (size_t i = 0; i < paragraphs.size(); ++i) {
    if (i > 0) text += "\n" + std::string(column, ' ');
    text += wrapped(paragraphs[i], column);
  }
  return text + "\n";
}

// --help's paragraph for a row: the subcommands that take it when not every
// one that reads a policy does, or when its spelling has other rows; its
// value when the head does not show it; then what it does.
std::string top_level_paragraph(const OptionSpec &row, bool spelling_has_other_rows, bool show_value) {
  std::string lead;
  if (spelling_has_other_rows || !taken_by_every_policy_subcommand(row)) lead = takers(row);
  const std::string usage = option_usage(row);
  if (show_value && usage.size() > row.spelling.size()) lead += " (" + usage.substr(row.spelling.size() + 1) + ")";
  if (!lead.empty()) lead += ": ";
  return lead + option_summary(row);
}

// Every option of the table once for each spelling, in the table's order:
// a spelling whose rows differ (--format, --mode, --write) heads one
// paragraph for each row, naming its subcommands and its value.
std::string options_text() {
  std::string text;
  std::vector<std::string_view> listed;
  for (const OptionSpec &first : kOptions) {
    if (std::find(listed.begin(), listed.end(), first.spelling) != listed.end()) continue;
    listed.push_back(first.spelling);
    std::vector<const OptionSpec *> rows;
    for (const OptionSpec &row : kOptions)
      if (row.spelling == first.spelling) rows.push_back(&row);
    const std::string usage = option_usage(first);
    const bool one_usage =
        std::all_of(rows.begin(), rows.end(), [&](const OptionSpec *row) { return option_usage(*row) == usage; });
    std::vector<std::string> paragraphs(rows.size());
    std::transform(rows.begin(), rows.end(), paragraphs.begin(),
                   [&](const OptionSpec *row) { return top_level_paragraph(*row, rows.size() > 1, !one_usage); });
    text += described(one_usage ? usage : std::string(first.spelling), paragraphs, kTopColumn);
  }
  return text;
}

}  // namespace

// A {--OPTION} in a summary would be the row of its first subcommand.
std::string option_summary(const OptionSpec &row) {
  return filled(row.summary, row.subcommands.substr(0, row.subcommands.find(' ')));
}

std::string help_text() {
  std::string text;
  for (const Subcommand &sub : kSubcommands) text += (text.empty() ? "usage: " : "       ") + usage_line(sub);
  return text + filled(kBeforeOptions, "argv") + options_text() + std::string(kAfterOptions);
}

std::string subcommand_help(const Subcommand &sub) {
  std::string text = "usage: " + usage_line(sub) + "\n" + std::string(sub.about) + "\n";
  std::string options;
  for (const OptionSpec &row : kOptions)
    if (names_word(row.subcommands, sub.name))
      options += described(option_usage(row), {option_summary(row)}, kSubcommandColumn);
  if (!options.empty()) text += "\nOptions:\n" + options;
  return text + "\nMore: landlock-policy --help; man 1 landlock-policy\n";
}

std::string takers(const OptionSpec &row) {
  std::vector<std::string_view> names;
  for (const Subcommand &sub : kSubcommands)
    if (names_word(row.subcommands, sub.name)) names.push_back(sub.name);
  return join_names(names, ", ", ", ", false);
}

bool taken_by_every_policy_subcommand(const OptionSpec &row) {
  return std::all_of(std::begin(kSubcommands), std::end(kSubcommands), [&](const Subcommand &sub) {
    return sub.operands != Operands::Policies || names_word(row.subcommands, sub.name);
  });
}

}  // namespace llp
