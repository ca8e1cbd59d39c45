// The path rules of a policy resolved for a request context, and their bounded, thread-safe
// cache on the compiled policy (engine/paths_cache.hpp).
#include "engine/paths_cache.hpp"

#include <fmt/format.h>

#include "engine/compiled.hpp"

namespace vigie::engine {

std::shared_ptr<const ResolvedPaths> resolve_path_rules(const PathRules& rules,
                                                        std::string_view project,
                                                        std::string_view home, const FileSystem* fs,
                                                        bool fold_case) {
  auto out = std::make_shared<ResolvedPaths>();
  out->project = resolve_path(project, "/", home, fs).path;
  out->home = resolve_path(home, "/", home, fs).path;
  // Folded after resolution: the filesystem resolves the names as written; the rules then meet
  // the request's paths folded the same way (engine/judge_paths.cpp).
  const std::string project_resolved = out->project;
  auto resolve_rule = [&](const std::string& raw) {
    Resolved r =
        resolve_path(raw == "." ? std::string_view(project_resolved) : std::string_view(raw),
                     project_resolved, home, fs);
    if (fold_case) fold_ascii_case_in_place(r.path);
    return r;
  };
  if (fold_case) {
    fold_ascii_case_in_place(out->project);
    fold_ascii_case_in_place(out->home);
  }
  out->workspace = resolve_rule(rules.workspace.empty() ? "." : rules.workspace).path;
  if (rules.workspace_only)
    out->table.add({out->workspace, Effect::allow, Access::both, UINT32_MAX});
  for (const auto& spec : rules.rules) {
    Resolved rp = resolve_rule(spec.path);
    if (rp.ok && out->table.add({rp.path, spec.effect, spec.access, spec.rule})) {
      if (spec.effect != Effect::allow) {
        out->rule_paths.push_back(std::move(rp.path));
        out->rule_folders.push_back(spec.path.size() > 1 && spec.path.back() == '/');
      }
      continue;
    }
    if (spec.effect != Effect::allow && !out->unplaced) {
      out->unplaced = ResolvedPaths::Unplaced{
          spec.rule, fmt::format("the path rule `{}` cannot be resolved ({}): a human must check",
                                 spec.path, rp.error.empty() ? "not absolute" : rp.error)};
    }
  }
  return out;
}

std::shared_ptr<const ResolvedPaths> PathsCache::find(std::uint64_t fs_id, std::string_view project,
                                                      std::string_view home) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& e : entries_) {
    if (e.fs_id == fs_id && e.project == project && e.home == home) {
      e.used = ++clock_;
      return e.paths;
    }
  }
  return nullptr;
}

void PathsCache::put(std::uint64_t fs_id, std::string_view project, std::string_view home,
                     std::shared_ptr<const ResolvedPaths> paths) const {
  // The keys are copied before the slot is touched: an allocation failure leaves it as it was,
  // never with one key of the new entry and the paths of the old one.
  std::string project_key(project), home_key(home);
  std::lock_guard<std::mutex> lock(mutex_);
  Entry* slot = &entries_[0];
  for (auto& e : entries_) {
    if (e.fs_id == fs_id && e.project == project && e.home == home) {  // another thread's
      slot = &e;
      break;
    }
    if (e.used < slot->used) slot = &e;  // empty entries have used == 0
  }
  slot->fs_id = fs_id;
  slot->project = std::move(project_key);
  slot->home = std::move(home_key);
  slot->paths = std::move(paths);
  slot->used = ++clock_;
}

}  // namespace vigie::engine
