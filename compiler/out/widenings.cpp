#include "widenings.h"

#include <algorithm>

#include "state_text.h"

namespace llp {

void report_widenings(const Context &ctx, std::vector<Widening> widenings) {
  std::sort(widenings.begin(), widenings.end());
  widenings.erase(std::unique(widenings.begin(), widenings.end()), widenings.end());
  for (const Widening &w : widenings)
    ctx.diags.strict_warning(ctx.strict, w.loc, widening_text(w),
                             "a project policy may only narrow yours; move this to your own policy if you want it");
}

}  // namespace llp
