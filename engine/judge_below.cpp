// Judging the paths a command names without the table's knowing what it does with them (the
// named paths of engine/named_paths.cpp: explicit rules only), and a folder read with everything
// below it (the deny and ask rules below it).
#include <typeinfo>

#include "engine/fs_decision.hpp"
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
    if (!part.rule && f.entry == kGlobExpansion && restricting_rule(access)) {
      // `echo $d/*`: the shell lists a folder the value chooses (glob_listings.cpp), which any
      // explicit rule restricting reads may cover.
      fold(acc, builtin_ask(Builtin::paths_dynamic,
                            fmt::format("the glob `{}` lists a folder that is not static: a "
                                        "human must check it",
                                        excerpt(f.word.text))));
      return;
    }
  } else {
    if (harmless_device(*f.word.pattern)) return;
    // The folders bash lists for a glob (`cat ~/*/x` lists what `~/*` names): its own glob,
    // which skips the names starting with `.` (engine/judge_dot_globs.cpp).
    bash_glob_ = f.entry == kGlobExpansion && f.word.has_glob && !dotglob_maybe();
    part = f.word.has_glob ? judge_glob(*f.word.pattern, access, cwd, pt, true)
                           : judge_path(*f.word.pattern, access, cwd, &pt);
    bash_glob_ = false;
  }
  if (f.recursive && f.listing && !f.word.has_glob && !pt.text.empty()) {
    // `echo ~/**`: the folders below are listed (judge_below); bash's `**` enters none that
    // starts with `.` unless the line may turn `dotglob` on.
    FileEffect listed = f;
    listed.skip_hidden = f.entry == kGlobExpansion && !dotglob_maybe();
    judge_below(pt.text, listed, t, part);
  } else if (f.recursive && !f.word.has_glob && !pt.text.empty() &&
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

// Whether an explicit path rule denies or asks for `access` somewhere.
bool Judge::restricting_rule(Access access) const {
  for (const auto& r : p.paths.rules)
    if (r.effect != Effect::allow && (static_cast<int>(r.access) & static_cast<int>(access)) != 0)
      return true;
  return false;
}

namespace {

// Whether a recursive listing of a folder above `path` lists `path` (`find ~` lists `~/.ssh`'s
// names; `find .` only looks at `.env`, as `ls -l .` does): when the real filesystem shows a
// folder there, or the rule was written as one (`deny secrets/`). Where the filesystem shows
// nothing (absent, WASM, a declared one), a rule outside the project is taken for a folder
// (`~/.ssh`, `/etc`: fail closed), one inside it for a file: nothing there is listed.
bool listed_below(const FileSystem* fs, const std::string& path, bool written_as_folder,
                  const std::string& project) {
  if (written_as_folder) return true;
  if (fs && typeid(*fs) == typeid(DecisionFileSystem)) {
    const auto kind = static_cast<const DecisionFileSystem*>(fs)->entry(path).kind;
    if (kind == RealEntry::Kind::folder || kind == RealEntry::Kind::link) return true;
    if (kind == RealEntry::Kind::other) return false;
  }
  return project == "/" || !is_component_prefix(project, path);
}

}  // namespace

// A folder read with everything below it (`grep -r x .`, `cp -r ~ /tmp`) or listed with the
// folders below it (`ls -R ~`, `find ~ -name id_rsa`): the deny and ask path rules below it are
// met too. As an ask, naming the rule: the program may skip what they cover (`--exclude`,
// `-prune`), which the table does not follow; a rule on the folder itself already decided.
void Judge::judge_below(const std::string& folder, const FileEffect& f, TraceEntry& t, Part& part) {
  if (part.effect >= Effect::ask) return;
  const ResolvedPaths& resolved = resolved_paths();
  for (std::size_t i = 0; i < resolved.rule_paths.size(); ++i) {
    const std::string& rp = resolved.rule_paths[i];
    if (rp.size() <= folder.size() || !is_component_prefix(folder, rp)) continue;
    // `rg KEY ~` skips `~/.ssh`: a rule path with a hidden name below the folder is not met.
    if (f.skip_hidden && rp.find("/.", folder == "/" ? 0 : folder.size()) != std::string::npos)
      continue;
    if (f.listing && !listed_below(fs, rp, resolved.rule_folders[i], resolved.project)) continue;
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
        "a recursive {} (`{}`) of `{}` reaches `{}`, which the policy restricts{}: a human "
        "must check it",
        f.listing ? "listing" : "read", f.entry, folder, rp, why);
    a.never_remember = true;
    fold(part, a);
    return;
  }
}

}  // namespace vigie::engine
