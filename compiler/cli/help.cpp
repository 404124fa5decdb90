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

// What follows the subcommands' usage lines; each {TOKEN} is filled from a
// table (filled()), so no list here restates one.
constexpr std::string_view kOptionsText =
    "       landlock-policy {top-level} | SUBCOMMAND --help\n\n"
    "Options (a value follows a space or `=`: --diagnostics=github):\n"
    "  --profile NAME       apply [profiles.NAME]\n"
    "  --set KEY=VALUE      override {settable}\n"
    "  {--target}  host (default): canonicalise on this machine;\n"
    "                       portable: paths as written, no existence checks\n"
    "  --launcher PATH      the landlock-run to emit (default: [launcher] path,\n"
    "                       else the one installed beside landlock-policy)\n"
    "  --unpinned           omit --expect-version from the argv\n"
    "  --short              explain: one line each for the mode, writable, outputs,\n"
    "                       hidden, network and scopes\n"
    "  --mode MODE          {mode-subcommands}: no POLICY.toml; the policy\n"
    "                       is what a file holding only mode = \"MODE\" gives (your\n"
    "                       own)\n"
    "  --diagnostics F      text (default: source line, caret, hint), gcc (one\n"
    "                       line each) or github (workflow annotations)\n"
    "  --format F           argv output: shell (one eval-safe line), json, nul,\n"
    "                       record (JSON {\"argv\", \"failure_hint\"}); required\n"
    "                       when stdout is not a terminal\n\n"
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

// The subcommands that take the row of spelling whose value is value, as a
// message lists them: "argv, exec, explain, learn".
std::string takers(std::string_view spelling, Value value) {
  std::vector<std::string_view> names;
  for (const Subcommand &sub : kSubcommands)
    for (const OptionSpec &row : kOptions)
      if (row.spelling == spelling && row.value == value && names_word(row.subcommands, sub.name))
        names.push_back(sub.name);
  return join_names(names, ", ", ", ", false);
}

// The spellings landlock-policy takes instead of a subcommand: "--help | -h | --version".
std::string top_level() {
  std::vector<std::string_view> spellings;
  for (const OptionSpec &row : kOptions)
    if (names_word(row.subcommands, kTopLevel)) spellings.push_back(row.spelling);
  return join_names(spellings, " | ", " | ", false);
}

// text with each {TOKEN} replaced: an option of the subcommand by its usage
// (option_usage: "--format shell|json|nul|record"), {shells}, or one of the
// options text's own tokens.
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
    else if (token == "mode-subcommands") out += takers("--mode", Value::Mode);
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

}  // namespace

std::string help_text() {
  std::string text;
  for (const Subcommand &sub : kSubcommands) text += (text.empty() ? "usage: " : "       ") + usage_line(sub);
  return text + filled(kOptionsText, "argv");
}

std::string subcommand_help(const Subcommand &sub) {
  std::string text = "usage: " + usage_line(sub) + "\n" + std::string(sub.about) + "\n";
  std::string options;
  for (const OptionSpec &row : kOptions) {
    if (!names_word(row.subcommands, sub.name)) continue;
    std::string usage = option_usage(row);
    // The summaries in one column; a longer usage puts its summary on the next line.
    constexpr size_t kColumn = 28;
    if (usage.size() < kColumn) {
      usage.resize(kColumn, ' ');
    } else {
      usage += "\n  " + std::string(kColumn, ' ');
    }
    options += "  " + usage + std::string(row.summary) + "\n";
  }
  if (!options.empty()) text += "\nOptions:\n" + options;
  return text + "\nMore: landlock-policy --help; man 1 landlock-policy\n";
}

}  // namespace llp
