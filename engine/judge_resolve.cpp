// Resolving the paths of a request: from the line's working folder (looked up once for all the
// paths judged in it), within the request's budget of resolver steps (limits::path_steps).
#include "engine/judge.hpp"
#include "engine/limits.hpp"

namespace vigie::engine {

Resolved Judge::resolve_in(std::string_view path, const std::string& cwd) {
  Resolved r = resolve_from(path, cwd);
  if (r.over_budget && !path_steps_hit_) {
    // Checked before each step (engine/paths.cpp): the paths left are not resolved, and the
    // request is asked whatever its other parts say (a `cd` or a `git -C` folder that fails
    // to resolve would otherwise only make its own paths unknown).
    path_steps_hit_ = true;
    d.error = r.error + ": a human must check it";
    add(builtin_ask(Builtin::limits_path_steps, *d.error));
  }
  return r;
}

Resolved Judge::resolve_from(std::string_view path, const std::string& cwd) {
  // `rm LINK`: the link itself, its folder resolved (engine/judge_link_names.cpp).
  if (keep_link_) {
    keep_link_ = false;
    if (auto kept = resolve_keeping_link(path, cwd)) return std::move(*kept);
  }
  // Absolute and `~` paths need no folder; a folder that is not absolute fails as before.
  if (path.empty() || path[0] == '/' || path[0] == '~' || cwd.empty() || cwd[0] != '/')
    return resolve_path(path, cwd, home, fs, &path_steps_);
  // The line's folder, or one of the other folders it may be in (each looked up once: paths
  // judged from each in turn do not look the folders up again).
  const Resolved* phys = nullptr;
  if (cwd_physical_ && cwd_key_ == cwd) phys = &*cwd_physical_;
  for (std::size_t i = 0; !phys && i < extra_cwds_.size(); ++i) {
    OtherCwd& o = extra_cwds_[i];
    if (o.path != cwd) continue;
    if (!o.physical) o.physical = resolve_path(cwd, "/", home, fs, &path_steps_);
    phys = &*o.physical;
  }
  if (!phys) {
    cwd_key_ = cwd;
    cwd_physical_ = resolve_path(cwd, "/", home, fs, &path_steps_);
    phys = &*cwd_physical_;
  }
  // A folder that does not resolve: the path is resolved from it as written, which reports
  // the same failure with the path's own words.
  if (!phys->ok) return resolve_path(path, cwd, home, fs, &path_steps_);
  Resolved r = resolve_path_in(path, phys->path, home, fs, &path_steps_);
  if (!phys->symlinks_followed.empty())
    r.symlinks_followed.insert(r.symlinks_followed.begin(), phys->symlinks_followed.begin(),
                               phys->symlinks_followed.end());
  return r;
}

Part Judge::unresolved_part(const std::string& raw, const Resolved& r) {
  if (r.over_budget)
    return builtin_ask(Builtin::limits_path_steps,
                       fmt::format("the path `{}` is not resolved: {}", excerpt(raw), r.error));
  Part out;
  out.effect = Effect::ask;
  out.rule = builtin(Builtin::paths_unresolvable, Effect::ask);
  out.message = fmt::format("the path `{}` cannot be resolved: {}", excerpt(raw), r.error);
  // A limit, reported as the other limits are (docs/limits.md, `symlinks`).
  if (r.symlink_limit && !d.error) d.error = out.message;
  return out;
}

}  // namespace vigie::engine
