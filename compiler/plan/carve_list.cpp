#include "carve_list.h"

#include <algorithm>
#include <iterator>

namespace llp {

bool carved_by_name(std::string_view name) {
  return std::any_of(std::begin(kCarveList), std::end(kCarveList),
                     [&](const CarveEntry &e) { return e.rule == CarveRule::Name && e.what == name; });
}

std::string carve_list_markdown() {
  std::string out = "| carved | why |\n| --- | --- |\n";
  for (const CarveEntry &e : kCarveList) {
    // A name is code; the other entries are already written as markdown.
    const std::string_view quote = e.rule == CarveRule::Name ? "`" : "";
    out.append("| ").append(quote).append(e.what).append(quote).append(" | ").append(e.why).append(" |\n");
  }
  return out;
}

}  // namespace llp
