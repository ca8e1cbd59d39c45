// Judging paths: the prefix rules resolved for the request, workspace-only, protected globs,
// files run by third parties, globs, and every path a command touches (engine/programs.hpp).
#include "engine/fs.hpp"
#include "engine/judge.hpp"
#include "engine/limits.hpp"
#include "engine/script_scope.hpp"
#include "engine/variable_paths.hpp"
#include "grammar/shell/brace_words.hpp"

namespace vigie::engine {

namespace {

// A word that begins with bash's `~+` (the shell's folder, paths.cpp) or a `~` bash leaves as is.
bool names_shell_folder(const shell::WordView& w) {
  const std::string& p = *w.pattern;
  if (p.starts_with('~') && tilde_quoted(w.text, w.has_tilde)) return true;
  return w.has_tilde && p.starts_with("~+") && (p.size() == 2 || p[2] == '/');
}

}  // namespace

// Judges one path: prefix rules (most specific wins, tie -> deny), workspace-only, protected
// globs (writes) and the third-party class (writes). Returns the most restrictive part; an
// allow here only means "in scope".
Part Judge::judge_path(const std::string& raw, Access access, const std::string& cwd,
                       TraceEntry* trace) {
  Part out;
  if (below_descriptor(raw, cwd))
    return builtin_ask(Builtin::paths_dynamic,
                       fmt::format("the path `{}` is below an open descriptor, which may be any "
                                   "folder (`3<DIR`): a human must check it",
                                   excerpt(raw)));
  const std::string in_process = proc_self(raw, cwd);
  Resolved r = resolve_in(in_process, cwd);
  // On a case-insensitive filesystem `.ENV` is `.env`: the path meets the rules (folded the same
  // way, engine/paths_cache.cpp) by its folded name, which names the same file there.
  const bool fc = fold_case();
  if (fc) fold_ascii_case_in_place(r.path);
  if (trace) trace->text = r.path;
  if (!r.ok) return unresolved_part(raw, r);
  const PathTable& table = path_table(out);
  const std::string& ws = paths_->workspace;
  auto m = table.lookup(r.path, access);
  if (tracing)
    for (const auto& all : table.all_matches(r.path, access))
      if (all.rule != UINT32_MAX) note_match(ref(all.rule), trace);
  if (m && m->rule != UINT32_MAX && m->effect != Effect::allow && m->effect >= out.effect) {
    out.effect = m->effect;
    out.rule = ref(m->rule);
    out.message = p.rules[m->rule].message;
    if (out.message.empty())
      out.message = fmt::format("`{}` needs approval under this policy", r.path);
  } else if (!r.symlinks_followed.empty() || in_process != raw) {
    // `/etc/os-release` is a link to /usr/lib/os-release: a rule that restricts the path as
    // written (the link itself, inside /etc) counts too. Only a deny or an ask: the link's own
    // folder never widens what its target allows. `/dev/fd/../../etc/passwd` is
    // `/proc/etc/passwd` for the kernel (`/dev/fd` is a link to `/proc/self/fd`), but a tool
    // that folds `..` first reads `/etc/passwd`: the path as written, folded, counts too.
    const std::string lex = lexical_path(raw, cwd, in_process != raw);
    auto lm = table.lookup(lex, access);
    if (lm && lm->rule != UINT32_MAX && lm->effect != Effect::allow) {
      note_match(ref(lm->rule), trace);
      out.effect = lm->effect;
      out.rule = ref(lm->rule);
      out.message = p.rules[lm->rule].message;
      if (out.message.empty())
        out.message = fmt::format("`{}` needs approval under this policy", lex);
    }
  }
  if (!m && out.effect == Effect::allow && p.paths.workspace_only &&
      (p.paths.workspace_only_commands || !in_command_)) {
    out.effect = Effect::deny;
    out.rule = builtin(Builtin::paths_workspace_only, Effect::deny);
    out.message = fmt::format(
        "`{}` is outside the workspace (`{}`): only paths inside it may be used", r.path, ws);
  }
  if ((static_cast<int>(access) & static_cast<int>(Access::write)) != 0) {
    auto rel = relative_to(ws, r.path);
    std::string_view base = basename_of(r.path);
    const auto& pp = p.paths;
    if (pp.protect.size() > 0 || pp.protect_home.size() > 0 || pp.protect_root.size() > 0) {
      bool failed = false;
      std::vector<std::uint32_t> hits;
      const auto set = [fc](const GlobSet& g) -> const GlobSet& {
        return fc ? g.case_folded() : g;
      };
      if (pp.protect.size() > 0) hits = set(pp.protect).match(rel ? *rel : "", base, &failed);
      if (pp.protect_home.size() > 0) {
        if (auto hr = relative_to(paths_->home, r.path))
          for (auto x : set(pp.protect_home).match(*hr, base, &failed)) hits.push_back(x);
      }
      if (pp.protect_root.size() > 0 && r.path.size() > 1)
        for (auto x : set(pp.protect_root).match(std::string_view(r.path).substr(1), base, &failed))
          hits.push_back(x);
      // A link on the way (`tests` -> ../shared/tests): the globs also meet the path as written.
      if (!r.symlinks_followed.empty())
        protect_as_written(lexical_path(raw, cwd, in_process != raw), hits, &failed);
      std::sort(hits.begin(), hits.end());
      if (!hits.empty()) {
        Effect e = mode == Mode::auto_ ? Effect::deny : Effect::ask;
        if (e > out.effect || !out.rule) {
          out.effect = std::max(out.effect, e);
          out.rule = ref(hits.front());
          out.rule.mut().effect = e;
          out.message = p.rules[hits.front()].message;
        }
        out.never_remember = true;
        for (auto h : hits) note_match(ref(h), trace);
      }
    }
    if (p.paths.third_party && out.effect < Effect::ask) {
      auto prel = relative_to(project(), r.path);
      std::optional<std::string> cls;
      std::optional<std::uint32_t> custom;
      if (prel) {
        if (p.paths.third_party_globs.size() > 0) {
          auto hits = (fc ? p.paths.third_party_globs.case_folded() : p.paths.third_party_globs)
                          .match(*prel, base);
          if (!hits.empty()) custom = hits.front();
        } else {
          cls = third_party_class(*prel, fc);
          if (cls == "binary" && !p.paths.binary) cls.reset();  // `binary on` opts in
        }
      } else {
        cls =
            startup_class(r.path, paths_->home, fc);  // `~/.bashrc`, `/usr/local/bin/x`, `/dev/sda`
        if (cls == "system" && second_name_) cls.reset();
      }
      if (cls || custom) {
        out.effect = Effect::ask;
        if (custom)
          out.rule = ref(*custom);
        else
          out.rule = builtin(Builtin::paths_third_party, Effect::ask, *cls);
        out.rule.mut().effect = Effect::ask;
        out.message = fmt::format(
            "`{}` {} ({}): changing it needs a dedicated human approval", prel ? *prel : r.path,
            cls == "system" ? "belongs to the system" : "is run by third parties",
            cls ? *cls : "listed by the policy");
        out.never_remember = true;
        note_match(*out.rule, trace);
      }
    }
  }
  return out;
}

// Whether any path rule could restrict this access: when none can, a path that is not
// static needs no human.
bool Judge::paths_matter(Access access) const {
  const auto& pr = p.paths;
  if (!pr.rules.empty() || pr.workspace_only) return true;
  bool write = (static_cast<int>(access) & static_cast<int>(Access::write)) != 0;
  return write && (pr.protect.size() > 0 || pr.protect_home.size() > 0 ||
                   pr.protect_root.size() > 0 || pr.third_party);
}

Part Judge::judge_word_path(const shell::WordView& w, Access access, const std::string& cwd,
                            TraceEntry& t, const char* what) {
  if (!paths_matter(access)) return {};
  if (!w.pattern) {
    // `/{etc,tmp}/x`: each word of the brace expansion.
    if (w.has_brace && !w.has_expansion) {
      if (auto alts = brace_expand(w.text)) {
        Part out;
        for (const auto& a : *alts) {
          shell::WordView aw;
          aw.text = a;
          aw.pattern = a;
          aw.has_glob = a.find_first_of("*?[") != std::string::npos;
          aw.has_tilde = !a.empty() && a[0] == '~';
          if (!aw.has_glob && !aw.has_tilde) aw.literal = a;
          fold(out, judge_word_path(aw, access, cwd, t, what));
        }
        return out;
      } else if (auto words = shell::brace_words(w.text)) {
        // `{'.env',x}`, `~/{".ssh",x}/id_rsa`: quoted items, each word judged with its quoted
        // characters literal (an empty word names no file).
        Part out;
        for (const auto& b : *words) {
          if (b.value.empty()) continue;
          shell::WordView aw;
          aw.text = b.value;
          aw.has_glob = b.has_glob;
          aw.has_tilde = b.has_tilde;
          aw.pattern = b.has_glob ? b.pattern : b.value;
          if (!aw.has_glob && !aw.has_tilde) aw.literal = b.value;
          fold(out, judge_word_path(aw, access, cwd, t, what));
        }
        return out;
      }
    }
    Part part =
        builtin_ask(Builtin::paths_dynamic,
                    fmt::format("the {} `{}` is not static: a human must check it", what, w.text));
    if (w.has_expansion) fold(part, variable_rooted_part(w, access, cwd, t));
    return part;
  }
  std::string v = tilde_as_written_ ? word_path(w) : *w.pattern;  // `"~"/x`: a folder `~`
  if (harmless_device(v)) return {};
  if (w.has_tilde && pwd_moved_) {
    // `~+` (`~0`, `~+0`) is $PWD, which the line sets (`PWD=/etc; cat ~+/passwd`).
    const std::string_view prefix = std::string_view(v).substr(0, v.find('/'));
    if (prefix == "~+" || prefix == "~0" || prefix == "~+0")
      return builtin_ask(Builtin::paths_dynamic,
                         fmt::format("the {} `{}` starts with `{}`, the value of PWD, which the "
                                     "line sets: a human must check it",
                                     what, excerpt(w.text), prefix));
  }
  if (w.has_glob) return judge_glob(v, access, cwd, t);
  Part part = judge_path(v, access, cwd, &t);
  if (links_maybe_ && !second_name_) fold(part, link_up_part(w, what));  // not `ln -s ../x a`'s
  return part;
}

Part Judge::variable_rooted_part(const shell::WordView& w, Access access, const std::string& cwd,
                                 TraceEntry& t) {
  std::optional<VariableRooted> v = variable_rooted(w.text, true);
  if (!v) return {};
  const bool home = v->name == "HOME";
  if (home ? home_moved_ : (pwd_moved_ || cwd_unknown())) return {};
  TraceEntry vt;
  Part out = judge_path((home ? std::string("~") : cwd) + v->rest, access, cwd, &vt);
  for (auto& m : vt.matched) t.matched.push_back(m);
  return out;
}

Part Judge::protect_part(std::uint32_t rule) {
  Part out;
  out.effect = mode == Mode::auto_ ? Effect::deny : Effect::ask;
  out.rule = ref(rule);
  out.rule.mut().effect = out.effect;
  out.message = p.rules[rule].message;
  out.never_remember = true;
  return out;
}

// A glob: the folder it expands in (its fixed prefix), and every rule that a path it can
// match would meet: deny/ask path rules below that folder, protected globs and files run by
// third parties (writes).
Part Judge::judge_glob(const std::string& raw, Access access, const std::string& cwd, TraceEntry& t,
                       bool explicit_only, bool below) {
  // The comparisons' budget spent (limits::glob_meet_cells): no more of them.
  if (glob_cells_ == 0) return glob_limit_part(Part{});
  const ShellGlobDots dots(bash_glob_ && !below);  // bash's own glob: engine/judge_dot_globs.cpp
  // A tilde prefix expands before the glob: `~+/t*` (and `~0`, `~+0`) is the working folder;
  // `~-`, `~N` and `~user` name folders the line does not show.
  std::string v = raw;
  if (!v.empty() && v[0] == '~' && !(v.size() == 1 || v[1] == '/')) {
    const std::size_t end = std::min(v.find('/'), v.size());
    const std::string_view prefix = std::string_view(v).substr(0, end);
    if (prefix == "~+" || prefix == "~0" || prefix == "~+0")
      v = cwd + v.substr(end);
    else
      return builtin_ask(Builtin::paths_dynamic,
                         fmt::format("the path `{}` starts with a folder the line does not show "
                                     "(`{}`): a human must check it",
                                     excerpt(raw), excerpt(prefix)));
  }
  // `/proc/self/cwd/.e*` is a glob in the command's folder; a glob that may name a process's
  // folder (`/proc/*/cwd/x`, `/proc/[s]elf/root/x`) names a folder the line does not show.
  if (v.find("proc") != std::string::npos || v.find("/fd") != std::string::npos) {
    v = proc_self(v, cwd);
    std::vector<std::string> comps;
    const std::string abs = !v.empty() && v[0] == '/' ? v : cwd + "/" + v;
    for (std::size_t a = 0; a < abs.size();) {
      std::size_t b = std::min(abs.find('/', a), abs.size());
      if (b > a) comps.push_back(abs.substr(a, b - a));
      a = b + 1;
    }
    if (comps.size() > 2 && component_globs_meet(comps[0], "proc", &glob_cells_))
      for (std::size_t k = 2; k < comps.size(); ++k)
        if (component_globs_meet(comps[k], "cwd", &glob_cells_) ||
            component_globs_meet(comps[k], "root", &glob_cells_))
          return builtin_ask(
              Builtin::paths_dynamic,
              fmt::format("the glob `{}` may name a process's folder (/proc/PID/cwd, root): a "
                          "human must check it",
                          raw));
  }
  auto star = v.find_first_of("*?[");
  auto slash = v.rfind('/', star);
  std::string folder = slash == std::string::npos ? "." : v.substr(0, slash == 0 ? 1 : slash);
  Part out = judge_path(folder, access, cwd, &t);
  if (explicit_only && out.rule && out.rule->builtin) out = Part{};  // workspace-only, defaults
  std::string folder_resolved = t.text;
  // The glob as an absolute pattern.
  std::string g = v;
  if (g.size() >= 2 && g[0] == '~' && g[1] == '/')
    g = home + g.substr(1);
  else if (g.empty() || g[0] != '/')
    g = cwd + "/" + g;
  // Folded on a case-insensitive filesystem, with the rules' texts and the home folder: the
  // letters of a pattern component then meet either case (bash matches them case-sensitively,
  // unless `nocaseglob`: this only ever meets more).
  const bool fc = fold_case();
  if (fc) fold_ascii_case_in_place(g);
  std::string home_folded;
  if (fc) home_folded = fold_ascii_case(this->home);
  const std::string& home = fc ? home_folded : this->home;
  const auto folded = [fc](std::string_view text, std::string& keep) -> std::string_view {
    if (!fc) return text;
    keep = fold_ascii_case(text);
    return keep;
  };
  const ResolvedPaths& resolved = resolved_paths();
  // Each rule the glob is compared with costs a few cells besides its components' (so the budget
  // also bounds the number of comparisons), and a rule's folder the glob may reach is judged as a
  // path (resolved through the filesystem): about as much as a comparison of 16,384 cells.
  constexpr std::size_t kRuleCells = 16;
  constexpr std::size_t kReachedCells = 16384;
  const auto spent = [&](std::size_t cells) {
    glob_cells_ -= std::min(glob_cells_, cells);
    return glob_cells_ == 0;
  };
  for (const auto& rp : resolved.rule_paths) {
    if (spent(kRuleCells)) return glob_limit_part(out);
    if (!folder_resolved.empty() && is_component_prefix(rp, folder_resolved)) continue;
    if (!glob_reaches_prefix(g, rp, &glob_cells_)) continue;
    if (spent(kReachedCells)) return glob_limit_part(out);
    TraceEntry rt;
    fold(out, judge_path(rp, access, "/", &rt));
    for (auto& m : rt.matched) t.matched.push_back(m);
  }
  if ((static_cast<int>(access) & static_cast<int>(Access::write)) == 0) return out;
  std::string lg = lexical_normalize(g);
  auto rel_to = [&](const std::string& root) -> std::optional<std::string> {
    if (root == "/") return lg.substr(1);
    if (lg.size() > root.size() && lg.compare(0, root.size(), root) == 0 && lg[root.size()] == '/')
      return lg.substr(root.size() + 1);
    return std::nullopt;
  };
  auto ws_rel = rel_to(resolved.workspace);
  auto home_rel = rel_to(home);
  for (std::uint32_t ri : p.paths.protect_rules) {
    if (spent(kRuleCells)) return glob_limit_part(out);
    std::string text_folded;
    std::string_view text = folded(p.rules[ri].text, text_folded);
    if (text.substr(0, 8) == "protect ") text.remove_prefix(8);
    // Below a folder changed recursively (`rm -r DIR`): the globs rooted at a folder
    // (`tests/**`, `~/.config/x/*`). A name matched at any depth (`*.lock`, `**/x`) would meet
    // every folder, files included (the line does not say which operand is a folder). A plain
    // name (`.env`) is met, as an ask (whether the file is there is not shown), by a change of
    // the workspace itself or a folder holding it (`chmod -R 777 .`, `git clean -fdx`), as a
    // path rule naming it is.
    if (below && (text.find('/') == std::string_view::npos || text[0] == '*')) {
      if (text.find_first_of("*?[") != std::string_view::npos || folder_resolved.empty() ||
          !is_component_prefix(folder_resolved, resolved.workspace))
        continue;
      note_match(ref(ri), &t);
      Part may = protect_part(ri);
      may.effect = Effect::ask;
      may.rule.mut().effect = Effect::ask;
      fold(out, std::move(may));
      continue;
    }
    std::optional<std::string> target;
    std::string_view rule = text;
    std::string rooted;  // the rule below its root, when the glob's own root is a glob
    if (text.substr(0, 2) == "~/") {
      target = home_rel;
      rule.remove_prefix(1);
      // `/h*/u/.ssh/x`: a glob that may name the home folder meets the rule below it.
      if (!target && glob_reaches_prefix(lg, home, &glob_cells_)) {
        rooted = home.substr(1) + std::string(rule);
        target = lg.substr(1);
        rule = rooted;
      }
    } else if (text.substr(0, 1) == "/") {
      target = lg.substr(1);
    } else {
      target = ws_rel;
      if (!target && text.find('/') == std::string_view::npos) {
        target = lg.substr(1);
      } else if (!target && glob_reaches_prefix(lg, resolved.workspace, &glob_cells_)) {
        // `/p*/tests/a`: a glob that may name the workspace meets the rule below it.
        rooted = resolved.workspace.substr(1) + "/" + std::string(rule);
        target = lg.substr(1);
        rule = rooted;
      }
    }
    if (!target || !path_globs_meet(*target, rule, &glob_cells_)) continue;
    if (glob_cells_ == 0) return glob_limit_part(out);
    note_match(ref(ri), &t);
    fold(out, protect_part(ri));
  }
  if (p.paths.third_party && out.effect < Effect::ask && !below && !rel_to(project())) {
    // A glob outside the project that may name a file run at startup (`~/.bash*`).
    for (const auto& [glob, cls] : startup_globs()) {
      if (cls == "system" && second_name_) continue;
      const bool from_home = glob[0] == '~';
      std::optional<std::string> target = from_home ? home_rel : std::optional(lg.substr(1));
      std::string glob_folded;
      if (!target || !path_globs_meet(*target, folded(glob, glob_folded).substr(from_home ? 1 : 0),
                                      &glob_cells_))
        continue;
      Part tp = builtin_ask(Builtin::paths_third_party,
                            fmt::format("`{}` may name a file run at startup or by the system "
                                        "({}): changing it needs a dedicated human approval",
                                        v, cls));
      tp.rule = builtin(Builtin::paths_third_party, Effect::ask, cls);
      tp.never_remember = true;
      fold(out, tp);
      break;
    }
  }
  if (p.paths.third_party && out.effect < Effect::ask && !below) {
    if (auto prel = rel_to(project()))
      for (const auto& [glob, cls] : default_third_party_globs())
        if (std::string gf; (cls != "binary" || p.paths.binary) &&
                            path_globs_meet(*prel, folded(glob, gf), &glob_cells_)) {
          Part tp;
          tp.effect = Effect::ask;
          tp.rule = builtin(Builtin::paths_third_party, Effect::ask, cls);
          tp.message = fmt::format(
              "`{}` may name a file run by third parties ({}): changing it needs a dedicated "
              "human approval",
              v, cls);
          tp.never_remember = true;
          fold(out, tp);
          break;
        }
  }
  return out;
}

// The mode's default for a change to a file (what an Edit/Write tool call gets).
Part Judge::edit_default(const std::string& shown) const {
  Part dp;
  dp.from_default = true;
  Effect def = mode_default(RequestKind::edit, "");
  dp.effect = def;
  if (def == Effect::deny) {
    dp.rule = builtin(Builtin::mode_readonly, Effect::deny);
    dp.message = builtin_text(BuiltinMessage::readonly_files);
  } else if (def == Effect::ask) {
    dp.message.reserve(shown.size() + 10);
    dp.message.append("change `").append(shown).append("`?");
  }
  return dp;
}

// Every path the command touches (engine/programs.hpp: operands, option values,
// redirections). Reads and runs are judged by the path rules; writes and deletes also by the
// protected globs and files run by third parties. A write through a redirection also gets the
// mode's default for an edit, like a Write tool call; a write through the operands of a
// command the policy allows (by a rule or an allow default) is covered by that allow.
void Judge::judge_files(const NormalizedCommand& n, bool explicit_allow, const std::string& cwd,
                        TraceEntry& t, Part& acc) {
  // The scripts this command runs (judged next) run in the folders a subshell's `cd` moved it
  // to: copied for them (engine/script_scope.hpp; Judge::scripts_moved removes the copies).
  if (cur_ctx_ && (!extra_cwds_.empty() || !unknown_cwd_scopes_.empty())) {
    const auto reaches = [&](const std::vector<std::string>& sc) {
      return !sc.empty() && !is_script_scope(sc) && in_scope(sc);
    };
    const std::size_t known = extra_cwds_.size(), unknown = unknown_cwd_scopes_.size();
    for (std::size_t i = 0; i < known; ++i)
      if (reaches(extra_cwds_[i].scope))
        extra_cwds_.push_back({extra_cwds_[i].path, script_scope(cur_ctx_), std::nullopt});
    for (std::size_t i = 0; i < unknown; ++i)
      if (reaches(unknown_cwd_scopes_[i])) unknown_cwd_scopes_.push_back(script_scope(cur_ctx_));
  }
  if (n.files.empty()) return;
  // The folder the program works in: `cwd` unless it changes it (`git -C DIR`, `make -C DIR`).
  std::string chdir_path;
  // `git -C "$D"`, `make -C src*`: the folder the program works in is not known.
  bool fcwd_unknown = n.chdir.has_value();
  if (n.chdir && n.chdir->pattern && !n.chdir->has_glob) {
    Resolved r = resolve_in(*n.chdir->pattern, cwd);
    if (r.ok) {
      chdir_path = std::move(r.path);
      fcwd_unknown = false;
    }
  }
  const std::string& fcwd = n.chdir && !fcwd_unknown ? chdir_path : cwd;
  for (const auto& f : n.files) {
    if (f.named && !paths_matter(f.touch == Touch::read ? Access::read : Access::write))
      continue;  // no rule can meet it: no work
    if (++paths_judged_ > limits::judged_paths) {
      // Checked before the work it bounds: each path is resolved through the filesystem.
      if (!paths_limit_hit_) {
        paths_limit_hit_ = true;
        Part lim;
        lim.effect = Effect::ask;
        lim.rule = builtin(Builtin::limits_judged_paths, Effect::ask);
        lim.message = fmt::format("the request touches more than {} paths: a human must check it",
                                  limits::judged_paths);
        d.error = lim.message;
        fold(acc, lim);
      }
      return;
    }
    if (f.named) {
      judge_named(f, fcwd, t, acc);
      continue;
    }
    bool writes = f.touch == Touch::write || f.touch == Touch::delete_;
    Access access = f.touch == Touch::delete_ ? Access::both
                    : writes                  ? Access::write
                                              : Access::read;
    bool is_chdir = n.chdir && f.from != From::redirect && f.word.text == n.chdir->text &&
                    f.word.span.begin == n.chdir->span.begin;
    const bool from_cwd = f.from == From::redirect || is_chdir || f.before_chdir;  // else `fcwd`
    const std::string& base = from_cwd ? cwd : fcwd;
    // `git status` in the project's own folder reads that folder as `ls` does: the repository's
    // part only, no path lookup (the common case of every git command).
    const bool project_repo = f.repository && f.word.pattern && *f.word.pattern == "." &&
                              !fcwd_unknown && base == project_lexical;
    // Folded after the path's own part: `paths.dynamic` names a folder that is not known first.
    // The project's own repository, from one known folder only, is never foreign: no work.
    const Part repo = f.repository && !(project_repo && !project_lexical.empty() &&
                                        !cwd_unknown() && extra_cwds_.empty())
                          ? judge_repository(f.word, base, fcwd_unknown && !from_cwd)
                          : Part{};
    if ((!writes && !paths_matter(access)) || project_repo) {  // nothing can restrict this read
      fold(acc, repo);
      continue;
    }
    TraceEntry pt;
    const char* what = f.from == From::redirect ? "redirection target" : "path";
    second_name_ = f.second_name;
    Part part;  // `rm LINK`: the link itself, not its target (engine/judge_link_names.cpp)
    bash_glob_ = bash_glob_skips_dots(n, f);  // for the extra folders below too
    const bool link_itself = judge_operand_path(f, access, base, pt, what, part);
    if (f.top_relative) judge_from_top(f, access, base, t, part);
    // `~+` (`~0`, `~+0`) is the shell's own folder, as `$PWD` is: relative like `a.py` (a
    // `cd` in a subshell moves it too).
    bool relative = f.word.pattern && !f.word.pattern->empty() && (*f.word.pattern)[0] != '/' &&
                    ((*f.word.pattern)[0] != '~' || names_shell_folder(f.word));
    if (relative && paths_matter(access)) {
      // The line may be elsewhere (a `cd` in a subshell, a condition...): judge from there too.
      for (const auto& other : extra_cwds_) {
        if (!in_scope(other.scope)) continue;
        TraceEntry ot;
        fold(part, judge_word_path(f.word, access, other.path, ot, what));
        for (auto& m : ot.matched) t.matched.push_back(m);
      }
      if (cwd_unknown())
        fold(part, builtin_ask(Builtin::paths_dynamic,
                               fmt::format("the {} `{}` is relative and the working directory is "
                                           "not known after a `cd`: a human must check it",
                                           what, f.word.text)));
      if (fcwd_unknown && !from_cwd)
        fold(part, builtin_ask(Builtin::paths_dynamic,
                               fmt::format("the {} `{}` is relative to `{}`, a folder that is not "
                                           "static: a human must check it",
                                           what, f.word.text, n.chdir->text)));
    }
    bash_glob_ = false;
    for (auto& m : pt.matched) t.matched.push_back(m);
    if (f.recursive && !f.word.has_glob && !pt.text.empty() && !link_itself) {
      if (writes) {
        // `rm -r src`, `chmod -R 777 .`, `mv src /tmp`: every path below the folder is
        // changed, so every rule a path below it meets (path rules, protected globs, files run
        // by third parties) decides as for that path.
        // Narrowed to `**/NAME` (`find DIR -name NAME -delete`), a rule below the folder is met
        // only if files of that name are there, which the line does not show: at most asked.
        TraceEntry gt;
        Part below =
            judge_glob(pt.text + (pt.text == "/" ? "" : "/") + (f.below.empty() ? "**" : f.below),
                       access, "/", gt, false, true);
        if (!f.below.empty() && below.effect == Effect::deny) below.effect = Effect::ask;
        fold(part, below);
        for (auto& m : gt.matched) t.matched.push_back(m);
      } else {
        judge_below(pt.text, f, t, part);
      }
    }
    // Symlinks on disk: a glob's matches through them, a linked folder changed recursively, the
    // links below a folder read by a program that follows them (engine/judge_glob_links.cpp).
    if (f.word.has_glob || (f.recursive && !link_itself))
      judge_links(n, f, access, base, pt.text, t, part);
    if (writes && part.effect == Effect::allow) {
      std::string resolved = pt.text;
      if (resolved.empty() && f.word.pattern && !f.word.has_glob)
        resolved = resolve_in(*f.word.pattern, base).path;
      bool covered = explicit_allow && f.from != From::redirect;
      if (!covered) fold(part, edit_default(resolved.empty() ? f.word.text : resolved));
    }
    second_name_ = false;
    fold(acc, part);
    fold(acc, repo);
  }
}

}  // namespace vigie::engine
