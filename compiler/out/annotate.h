// Diagnostics for machines: one line per diagnostic in the form editors and
// CI log parsers read (gcc), or GitHub Actions workflow commands that show
// up as annotations on the file and line (github). The human form with the
// source line and a caret is Diagnostics::render (diag.cpp).
#pragma once
#include <string>
#include <string_view>

#include "../base/diag.h"
#include "../base/quote.h"

namespace llp {

enum class DiagFormat { Text, Gcc, Github };

// --diagnostics F: each format's name (the completion offers them in this order).
struct DiagFormatName {
  std::string_view name;
  DiagFormat format;
};
inline constexpr DiagFormatName kDiagFormats[] = {
    {"text", DiagFormat::Text},
    {"gcc", DiagFormat::Gcc},
    {"github", DiagFormat::Github},
};

// A row of kDiagFormats by name; false for anything else.
bool parse_diag_format(std::string_view name, DiagFormat &out);

// Every diagnostic in the order render() prints them. For github, file
// names under repository_root (GITHUB_WORKSPACE; "" for none) are made
// relative to it, as the runner needs to place the annotation. A warning
// about the environment (diag.h, Concern) is printed in text only when
// to_terminal (stderr is one), always in gcc (an editor's), never in github.
std::string render_diagnostics(const Diagnostics &diags, const Sources &sources, DiagFormat format,
                               const std::string &repository_root = {}, bool to_terminal = false);

}  // namespace llp
