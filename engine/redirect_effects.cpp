// What redirections do to files (`> f` writes f, `< f` reads it; `2>&1`, here-documents and
// harmless devices touch none), and which devices are harmless: shared by every command's
// effects (engine/programs.hpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

bool harmless_device(std::string_view t) {
  return t == "/dev/null" || t == "/dev/stdout" || t == "/dev/stderr" || t == "/dev/stdin" ||
         t == "/dev/tty" || t == "/dev/zero" || t == "/dev/random" || t == "/dev/urandom" ||
         (t.size() > 8 && t.compare(0, 8, "/dev/fd/") == 0 &&
          std::all_of(t.begin() + 8, t.end(), [](char c) { return c >= '0' && c <= '9'; }));
}

void redirect_effects(const std::vector<shell::RedirectView>& redirects,
                      std::vector<FileEffect>& out) {
  for (const auto& r : redirects) {
    const std::string& op = r.op;
    if (op == "<<" || op == "<<-" || op == "<<<") continue;  // data
    const std::string* t = r.target.literal   ? &*r.target.literal
                           : r.target.pattern ? &*r.target.pattern
                                              : nullptr;
    bool dup = op == ">&" || op == "<&";
    if (dup) {
      // `2>&1`, `>&-`: a descriptor. `>&FILE` (bash: like `&>FILE`) writes FILE.
      if (op == "<&") continue;
      if (t && (t->empty() || *t == "-" ||
                std::all_of(t->begin(), t->end(), [](char c) { return c >= '0' && c <= '9'; }) ||
                (t->back() == '-' && std::all_of(t->begin(), t->end() - 1,
                                                 [](char c) { return c >= '0' && c <= '9'; }))))
        continue;
      if (!t && r.fd >= 0 && r.fd != 1) continue;  // `2>&$fd`: a descriptor
    }
    if (t && harmless_device(*t)) continue;
    bool writes = op == ">" || op == ">>" || op == ">|" || op == "&>" || op == "&>>" ||
                  op == "<>" || op == ">&";
    bool reads = op == "<" || op == "<>";
    if (writes) out.push_back({Touch::write, r.target, From::redirect, op});
    if (reads) out.push_back({Touch::read, r.target, From::redirect, op});
  }
}

}  // namespace vigie::engine
