// The commands a command runs as argvs (`find -exec`, launchers, package runners: the
// normalized command's `nested_argvs`), judged as commands of their own, one level deeper; and
// the argvs matched by the deny and ask rules only (`deny_argvs`: `npx rm -rf x`).
#include <algorithm>

#include <fmt/format.h>

#include "engine/conditions.hpp"
#include "engine/judge.hpp"
#include "engine/match.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/xargs_input.hpp"

namespace vigie::engine {

// A command's words as its messages and trace show them.
std::vector<std::string> Judge::argv_of(const std::vector<shell::WordView>& words) {
  std::vector<std::string> v;
  for (const auto& w : words) v.push_back(w.literal ? *w.literal : w.text);
  return v;
}

std::string Judge::join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) {
    if (!s.empty()) s += ' ';  // (an empty first word: none, as before)
    s += x;
  }
  return s;
}

std::string Judge::joined(const std::vector<shell::WordView>& words) {
  std::string s;
  for (const auto& w : words) {
    if (!s.empty()) s += ' ';
    s += w.literal ? *w.literal : w.text;
  }
  return s;
}

void Judge::judge_argvs(const shell::CommandView& cmd, const NormalizedCommand& n,
                        std::string_view line, const std::string& cwd, unsigned depth) {
  // Each level copies the words it runs (`npx cross-env npx cross-env … CMD`): bounded like
  // nested scripts, before the work.
  if (depth + 1 > kMaxScriptDepth) return depth_part();
  // The folder they run in: the command's own when it changes it (`cmake -E chdir DIR CMD`,
  // `pnpm --dir DIR exec CMD`), resolved as judge_files resolves it; one that is not static
  // (`cmake -E chdir "$D" CMD`) makes what they run somewhere the line does not show: asked.
  std::string here = cwd;
  bool here_unknown = false;
  if (n.chdir) {
    here_unknown = true;
    if (n.chdir->pattern && !n.chdir->has_glob) {
      Resolved r = resolve_in(*n.chdir->pattern, cwd);
      if (r.ok) {
        here = std::move(r.path);
        here_unknown = false;
      }
    }
  }
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
    NormalizedCommand m = normalize(sub, p.commands.normalize);
    // `busybox xargs …`, `find -exec xargs …`: the words xargs reads (engine/xargs_input.hpp).
    if (runs_xargs(m)) xargs_input(m, nullptr, p.commands.normalize);
    if (here_unknown)
      m.escalations.push_back("a command run in `" + n.chdir->text +
                              "`, a folder that is not static");
    judge_command(sub, m, line, here, depth + 1);
  }
}

void Judge::deny_argvs_part(const NormalizedCommand& n, const std::string& cwd, TraceEntry& t,
                            Part& acc) {
  // One level: the argv is normalized (its wrappers seen through) and matched, not run.
  for (const auto& argv : n.deny_argvs) {
    if (!copy_needs_judging(p.commands, n, argv)) continue;
    shell::CommandView sub;
    sub.argv = argv;
    const NormalizedCommand m = normalize(sub, p.commands.normalize);
    PatternMatches ms;
    match_command(p.commands, m, ms);
    for (const auto& mt : ms) {
      const CommandPattern& cp = p.commands.patterns[mt.pattern];
      if (cp.effect == Effect::allow) continue;
      const ConditionResult cr = cp.conditions.empty()
                                     ? ConditionResult::holds
                                     : check_conditions(cp, m, condition_context(cwd));
      if (cr == ConditionResult::fails) continue;
      const RuleRef& r = p.rules[cp.rule].ref;
      note_match(r, &t);
      Part part;
      part.effect =
          mt.certain && cr == ConditionResult::holds ? cp.effect : std::min(cp.effect, Effect::ask);
      part.rule = r;
      part.message = p.rules[cp.rule].message;
      if (part.message.empty())
        part.message = fmt::format("`{}` runs `{}`, which meets the rule `{}`", shown(n, t),
                                   joined(m.words), r.id);
      fold(acc, std::move(part));
    }
  }
}

}  // namespace vigie::engine
