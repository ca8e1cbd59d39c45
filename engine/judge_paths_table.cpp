// The path rules as a request sees them: resolved for its project, home and filesystem (cached
// on the policy for a declared filesystem), the project root, and whether the filesystem tells
// `.ENV` from `.env` (the case rule, engine/fs_case.cpp).
#include <typeinfo>

#include "engine/fs.hpp"
#include "engine/fs_case.hpp"
#include "engine/fs_decision.hpp"
#include "engine/judge.hpp"

namespace vigie::engine {

const ResolvedPaths& Judge::resolved_paths() {
  if (!paths_) {
    // A declared filesystem never changes: the table resolved through it is cached on the
    // policy. Any other (the real one) is resolved again for each decision.
    const std::uint64_t fs_id = fs_snapshot_id(fs);
    if (fs_id != 0) paths_ = p.paths_cache->find(fs_id, project_lexical, home);
    if (!paths_) {
      paths_ = resolve_path_rules(p.paths, project_lexical, home, fs, fold_case());
      if (fs_id != 0) p.paths_cache->put(fs_id, project_lexical, home, paths_);
    }
  }
  return *paths_;
}

const std::string& Judge::project() {
  if (paths_) return paths_->project;
  if (!project_resolved_) {
    // With a declared filesystem the cached table holds it (and is needed soon after).
    if (fs_snapshot_id(fs) != 0) return resolved_paths().project;
    project_resolved_ = resolve_path(project_lexical, "/", home, fs).path;
    if (fold_case()) fold_ascii_case_in_place(*project_resolved_);
  }
  return *project_resolved_;
}

bool Judge::fold_case() {
  if (!fold_case_) {
    switch (p.paths.case_rule) {
      case CaseRule::on:
        fold_case_ = true;
        break;
      case CaseRule::off:
        fold_case_ = false;
        break;
      case CaseRule::auto_:
        // The real filesystem says, for the project's folder; a declared one (tests, WASM)
        // tells case apart unless the policy says otherwise.
        fold_case_ = (is_native_real(fs) || (fs && typeid(*fs) == typeid(DecisionFileSystem))) &&
                     real_folder_case_insensitive(project_lexical);
        break;
    }
  }
  return *fold_case_;
}

const PathTable& Judge::path_table(Part& out) {
  const ResolvedPaths& rp = resolved_paths();
  if (rp.unplaced && out.effect < Effect::ask) {
    Part u;
    u.effect = Effect::ask;
    u.rule = ref(rp.unplaced->rule);
    u.rule.mut().effect = Effect::ask;
    u.message = rp.unplaced->message;
    out = std::move(u);
  }
  return rp.table;
}

}  // namespace vigie::engine
