// Judging the paths a command names without the table's knowing what it does with them (the
// named paths of engine/named_paths.cpp: explicit rules only), and a folder read with everything
// below it (the deny and ask rules below it).
#include "engine/judge.hpp"

namespace vigie::engine {

// A word of a program the table does not declare that names a path (engine/named_paths.cpp):
// only an explicit path rule that restricts reading it (or writing it, for a write) counts
// (`deny ~/.ssh` denies `gron ~/.ssh/id_rsa`); the workspace, the defaults and a path that does
// not resolve say nothing, since the program may not read it at all.
void Judge::judge_named(const FileEffect& f, const std::string& cwd, TraceEntry& t, Part& acc) {
  // A write named by inline code (`open(p, "w")`) meets the rules on writes too (protected
  // globs); still only explicit rules.
  const Access access = f.touch == Touch::read ? Access::read : Access::write;
  if (!paths_matter(access)) return;
  TraceEntry pt;
  Part part;
  if (!f.word.pattern) {  // `"$PWD/.env"`, `$HOME/.ssh/id_rsa` (engine/named_paths.cpp)
    part = variable_rooted_part(f.word, access, cwd, pt);
  } else {
    if (harmless_device(*f.word.pattern)) return;
    part = f.word.has_glob ? judge_glob(*f.word.pattern, access, cwd, pt, true)
                           : judge_path(*f.word.pattern, access, cwd, &pt);
  }
  if (f.recursive && !f.word.has_glob && !pt.text.empty() &&
      (part.effect == Effect::allow || !part.rule || part.rule->builtin)) {
    // `shutil.rmtree(p)`: the explicit rules below the folder (`deny ~/.ssh` under `~`).
    TraceEntry bt;
    part = judge_glob(pt.text + (pt.text == "/" ? "" : "/") + "**", access, "/", bt, true, true);
    pt.matched = std::move(bt.matched);
  }
  if (part.effect == Effect::allow || !part.rule || part.rule->builtin) return;
  for (auto& m : pt.matched) t.matched.push_back(m);
  fold(acc, part);
}

// A folder read with everything below it (`grep -r x .`, `cp -r ~ /tmp`): the deny and ask path
// rules below it are met too. As an ask, naming the rule: the program may skip what they cover
// (`--exclude`), which the table does not follow; a rule on the folder itself already decided.
void Judge::judge_below(const std::string& folder, const FileEffect& f, TraceEntry& t, Part& part) {
  if (part.effect >= Effect::ask) return;
  for (const auto& rp : resolved_paths().rule_paths) {
    if (rp.size() <= folder.size() || !is_component_prefix(folder, rp)) continue;
    // `rg KEY ~` skips `~/.ssh`: a rule path with a hidden name below the folder is not met.
    if (f.skip_hidden && rp.find("/.", folder == "/" ? 0 : folder.size()) != std::string::npos)
      continue;
    TraceEntry rt;
    Part below = judge_path(rp, Access::read, "/", &rt);
    if (below.effect == Effect::allow || !below.rule || below.rule->builtin) continue;
    for (auto& m : rt.matched) t.matched.push_back(m);
    Part a;
    a.effect = Effect::ask;
    a.rule = std::move(below.rule);
    a.rule.mut().effect = Effect::ask;
    std::string why = below.message.empty() ? "" : fmt::format(" ({})", below.message);
    a.message = fmt::format(
        "a recursive read (`{}`) of `{}` reaches `{}`, which the policy restricts{}: a human "
        "must check it",
        f.entry, folder, rp, why);
    a.never_remember = true;
    fold(part, a);
    return;
  }
}

}  // namespace vigie::engine
