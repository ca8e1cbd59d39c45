// The commands a command runs as argvs (`find -exec`, launchers, package runners: the
// normalized command's `nested_argvs`), judged as commands of their own, one level deeper.
#include "engine/judge.hpp"
#include "engine/normalize_internal.hpp"

namespace vigie::engine {

void Judge::judge_argvs(const shell::CommandView& cmd, const NormalizedCommand& n,
                        std::string_view line, const std::string& cwd, unsigned depth) {
  // Each level copies the words it runs (`npx cross-env npx cross-env … CMD`): bounded like
  // nested scripts, before the work.
  if (depth + 1 > kMaxScriptDepth) return depth_part();
  bool first = true;
  for (const auto& argv : n.nested_argvs) {
    shell::CommandView sub;
    sub.argv = argv;
    sub.context = cmd.context;
    sub.context.push_back("exec");
    // What the command runs may read its input (`docker exec -i c sh <<< 'CMD'`): the here-
    // strings and here-documents go with it. Only the first one's (an input is read once; a
    // copy per `find -exec` would grow as their product).
    if (first)
      for (const auto& r : n.redirects)
        if (r.fd == 0 && (r.op == "<<<" || r.op == "<<" || r.op == "<<-"))
          sub.redirects.push_back(r);
    first = false;
    judge_command(sub, normalize(sub, p.commands.normalize), line, cwd, depth + 1);
  }
}

}  // namespace vigie::engine
