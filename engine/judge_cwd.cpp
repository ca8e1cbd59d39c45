// The working directory of a command line: `cd`, `pushd` and `popd` in every form, the scopes a
// subshell's `cd` is confined to, and when the folder is not known any more; the repository a
// git command loads from there.
#include <cstdint>

#include "engine/builtin_code.hpp"
#include "engine/judge.hpp"
#include "engine/script_scope.hpp"
#include "engine/variable_paths.hpp"

namespace vigie::engine {

namespace {

// Whether `path` has a `..` component right after a name (`u/../x`, `/a/b/..`): what a symbolic
// link there would resolve otherwise than the text. Or a process's `root` or `cwd` below a name
// (`p/self/root/etc/passwd` with `ln -s /proc p`): another folder's files.
bool up_through_name(std::string_view path) {
  std::size_t start = 0;
  bool after_name = false;
  std::string_view prev;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view c = path.substr(start, end - start);
    if (c == ".." && after_name) return true;
    if ((c == "root" || c == "cwd") &&
        (prev == "self" || prev == "thread-self" ||
         (!prev.empty() && prev.find_first_not_of("0123456789") == std::string_view::npos)))
      return true;
    if (!c.empty() && c != ".") {
      after_name = c != "..";
      prev = c;
    }
    start = end + 1;
  }
  return false;
}

// The first element of a script scope: no context is named so.
constexpr std::string_view kScriptMark = "\x01script";

}  // namespace

std::vector<std::string> script_scope(const void* ctx) {
  return {std::string(kScriptMark), std::to_string(reinterpret_cast<std::uintptr_t>(ctx))};
}

bool is_script_scope(const std::vector<std::string>& scope) {
  return !scope.empty() && scope[0] == kScriptMark;
}

// `ln -s /usr u; cat u/../etc/passwd`: a path the kernel resolves through a link the line made.
Part Judge::link_up_part(const shell::WordView& w, const char* what) const {
  if (!w.pattern || !up_through_name(*w.pattern)) return {};
  return builtin_ask(Builtin::paths_dynamic,
                     fmt::format("the {} `{}` goes up (`..`) from a name the line may make a "
                                 "symbolic link: a human must check it",
                                 what, excerpt(w.text)));
}

// `eval cd ~`, `trap 'cd /' DEBUG`: a `cd` in a script this shell runs (`cds` were tracked
// before it) moves this shell's folder, from then on unknown.
void Judge::scripts_moved(const shell::CommandView& cmd, const NormalizedCommand& n,
                          std::size_t cds) {
  // The scripts are judged: the folders copied for them end (engine/script_scope.hpp).
  if (!extra_cwds_.empty() || !unknown_cwd_scopes_.empty()) {
    const std::vector<std::string> mine = script_scope(&cmd.context);
    std::erase_if(extra_cwds_, [&](const OtherCwd& o) { return o.scope == mine; });
    std::erase_if(unknown_cwd_scopes_, [&](const auto& sc) { return sc == mine; });
  }
  if (cds_tracked_ != cds && runs_in_this_shell(n.name))
    unknown_cwd_scopes_.push_back(subshell_scope(cmd.context));
}

// `ln -s /usr u`, `cp -s`: from this command on, a path may go up from a link the line made.
void Judge::note_links(const NormalizedCommand& n, std::string_view line) {
  const std::string& name = n.name;  // each command reaches here: two bytes compared
  if (links_maybe_ || name.size() != 2 ||
      !((name[0] == 'l' && name[1] == 'n') || (name[0] == 'c' && name[1] == 'p')))
    return;
  for (const auto& f : n.files)
    if (f.second_name) {
      links_maybe_ = true;
      links_up_ = line.find("..") != std::string_view::npos;
      return;
    }
}

// The outermost contexts up to the last that runs in a subshell: what a `cd` there is confined
// to. With `lastpipe`, a pipeline's last command runs in this shell: a pipeline does not confine
// (and its other commands' `cd`s go to the folders any of them may be in).
std::vector<std::string> Judge::subshell_scope(const std::vector<std::string>& ctx) const {
  std::size_t end = 0;
  for (std::size_t i = 0; i < ctx.size(); ++i)
    if (ctx[i] == "subshell" || ctx[i] == "$()" || ctx[i] == "backtick" || ctx[i] == "<()" ||
        ctx[i] == ">()" || (ctx[i] == "pipeline" && !lastpipe_) || ctx[i] == "background")
      end = i + 1;
  return std::vector<std::string>(ctx.begin(), ctx.begin() + static_cast<std::ptrdiff_t>(end));
}

bool Judge::in_scope(const std::vector<std::string>& scope) const {
  if (scope.empty() || is_script_scope(scope)) return true;
  if (!cur_ctx_ || cur_ctx_->size() < scope.size()) return false;
  return std::equal(scope.begin(), scope.end(), cur_ctx_->begin());
}

bool Judge::cwd_unknown() const {
  return std::any_of(unknown_cwd_scopes_.begin(), unknown_cwd_scopes_.end(),
                     [&](const auto& sc) { return in_scope(sc); });
}

void Judge::track_cd(const shell::CommandView& cmd, const NormalizedCommand& n, std::string& cwd) {
  note_function_contexts(cmd, n);
  const std::string_view name = n.name;
  if (!n.name_static || (name != "cd" && name != "pushd" && name != "popd")) return;
  ++cds_tracked_;
  // A function the line defines may stand for it, or a DEBUG trap skip it: the folder it
  // names is only one the line may be in (engine/judge_shadowed_builtins.cpp).
  const bool may_not_run = cd_may_not_run(n);
  std::optional<std::string> target;
  bool unknown = name == "popd";
  bool operands = false;
  for (std::size_t k = 1; k < n.words.size() && !unknown; ++k) {
    const auto& w = n.words[k];
    if (!operands && w.literal && *w.literal == "--") {
      operands = true;
      continue;
    }
    if (!operands && w.literal && w.literal->size() > 1 && (*w.literal)[0] == '-' &&
        w.literal->find_first_not_of("LPe@", 1) == std::string::npos)
      continue;
    if (!w.pattern || w.has_glob ||
        (w.literal && (*w.literal == "-" || (*w.literal)[0] == '+' ||
                       (w.literal->size() > 1 && (*w.literal)[0] == '-'))))
      unknown = true;
    else
      target = *w.pattern;
    // `cd $HOME/src`, `cd "$PWD/sub"`: the folder they name, when the line leaves the variable
    // alone (as `cd` alone goes to the request's home).
    if (auto v = w.has_expansion ? variable_rooted(w.text) : std::nullopt) {
      const bool home_var = v->name == "HOME";
      if (!(home_var ? home_moved_ : pwd_moved_ || cwd_unknown())) {
        unknown = false;
        target = (home_var ? std::string("~") : cwd) + v->rest;
      }
    }
    break;
  }
  // `cd` alone goes to $HOME: the request's home, or the value `HOME=DIR cd` gives it.
  if (!unknown && !target && name != "popd") {
    target = home;
    for (const auto& a : n.assigns)
      if (a.name == "HOME") {
        if (a.value.literal && !a.value.literal->empty())
          target = *a.value.literal;
        else
          unknown = true;
      }
  }
  // `CDPATH=~ cd .ssh` goes to ~/.ssh: with CDPATH set, a folder not written from `/`, `.` or
  // `..` (bash's absolute_pathname) is looked up along it.
  if (target && cdpath_set_) {
    const std::string_view t = *target;
    const bool from_here = t.starts_with("/") || t.starts_with("~") || t == "." || t == ".." ||
                           t.starts_with("./") || t.starts_with("../");
    if (!from_here) unknown = true;
  }
  std::vector<std::string> scope = subshell_scope(cmd.context);
  // `ln -s /usr u; cd u; cat ../etc/passwd`: the kernel's `..` is the link target's parent.
  if (links_up_) unknown = true;
  if (unknown || !target) {
    unknown_cwd_scopes_.push_back(scope);
    return;
  }
  // `cd /proc/self/cwd/tests` is `tests` in the line's folder.
  Resolved r = resolve_in(proc_self(*target, cwd), cwd);
  // A folder past PATH_MAX is where no absolute path can name a file: from there on the
  // working folder is unknown (and the work per path stays bounded by the limit).
  if (!r.ok || r.path.size() > limits::cwd_bytes) {
    unknown_cwd_scopes_.push_back(scope);
    return;
  }
  bool top = cmd.context.size() <= 1 && !may_not_run;
  if (top) {
    cwd = r.path;
    // Already physical: the next paths resolve from it without looking it up again.
    cwd_key_ = cwd;
    cwd_physical_ = std::move(r);
  } else {
    add_other_cwd(r.path, std::move(scope));
  }
}

void Judge::add_other_cwd(std::string path, std::vector<std::string> scope) {
  if (std::any_of(extra_cwds_.begin(), extra_cwds_.end(),
                  [&](const OtherCwd& o) { return o.path == path && o.scope == scope; }))
    return;
  if (extra_cwds_.size() >= 16)
    unknown_cwd_scopes_.push_back(std::move(scope));
  else
    extra_cwds_.push_back({std::move(path), std::move(scope), std::nullopt});
}

// A command that joins the top-level list (a top-level command, or the first command of a
// compound right after one: its operator is the one joining the compound)
// ends the certainty of a `cd` unless it is joined by `&&`.
void Judge::cd_chain_before(const shell::CommandView& cmd, CdChain& chain) {
  const bool top = cmd.context.size() <= 1;
  // A substitution (`$(…)`, `<(…)`) is listed right after its command, with no operator: it
  // runs where that command does.
  const bool joins = top || (chain.prev_top && !cmd.op.empty());
  chain.prev_top = top;
  if (!joins || cmd.op == "&&") return;
  for (auto& b : chain.before) add_other_cwd(std::move(b), {});
  if (chain.overflow) unknown_cwd_scopes_.push_back({});
  chain.before.clear();
  chain.overflow = false;
  chain.or_seen = cmd.op == "||";
}

void Judge::cd_chain_after(const shell::CommandView& cmd, const std::string& before,
                           const std::string& cwd, CdChain& chain) {
  if (cmd.context.size() > 1 || before == cwd) return;
  // An earlier `||` in the list (or the `cd`'s own) means it may not have run at all.
  if (chain.or_seen)
    add_other_cwd(before, {});
  else if (chain.before.size() < 16)
    chain.before.push_back(before);
  else
    chain.overflow = true;
}

// The repository a git command loads (FileEffect::repository): outside the workspace and the
// project, its configuration (hooks, core.fsmonitor, core.pager…) is not the project's.
Part Judge::judge_repository(const shell::WordView& w, const std::string& base, bool base_unknown) {
  const bool relative =
      w.pattern && !w.pattern->empty() && (*w.pattern)[0] != '/' && (*w.pattern)[0] != '~';
  if (!w.pattern || w.has_glob || base_unknown || (relative && cwd_unknown()))
    return builtin_ask(Builtin::paths_foreign_repository,
                       fmt::format("git loads the configuration of a repository the line does "
                                   "not show (`{}`), which may run commands: a human must check it",
                                   w.text));
  const auto foreign = [&](const std::string& from) -> std::optional<std::string> {
    // `git status` run in the project's own folder: the project's repository, whatever links
    // lead there (the same path resolves the same way); no walk through the filesystem.
    if (*w.pattern == "." && from == project_lexical && !project_lexical.empty())
      return std::nullopt;
    Resolved r = resolve_in(*w.pattern, from);
    if (!r.ok) return w.text;  // a link loop, a NUL byte…: fail closed
    if (relative_to(resolved_paths().workspace, r.path) || relative_to(project(), r.path))
      return std::nullopt;
    return r.path;
  };
  std::optional<std::string> out = foreign(base);
  if (relative)
    for (const auto& other : extra_cwds_)
      if (!out && in_scope(other.scope)) out = foreign(other.path);
  if (!out) return {};
  return builtin_ask(
      Builtin::paths_foreign_repository,
      fmt::format("git runs in `{}`, outside the workspace and the project: that repository's "
                  "configuration (hooks, core.fsmonitor, core.pager, aliases…) may run commands; "
                  "a human must check it",
                  *out));
}

}  // namespace vigie::engine
