// Symlinks already on disk (a cloned repository's, an extracted archive's, `apps/web/.env ->
// ../../.env`): a path spelled out is resolved through them (engine/paths.cpp), but a glob is
// judged by its text (Judge::judge_glob) and a folder read recursively by the rules below it.
// Here the shell's expansion of a glob is listed on the filesystem (declared or real) and each
// match that goes through a link is judged as the path spelled out; a recursive read that
// follows links (`grep -R`, `cp -rL`, `tar -h`) meets the targets of the links below its
// folder; a recursive change through a folder that is a link (`rm -rf tests/` with `tests ->
// ../shared`) meets the protected globs below the folder as written. Each entry listed is one
// of the request's resolver steps (limits::path_steps) and each link judged one of its judged
// paths (limits::judged_paths): past either the request is asked.
#include <string>
#include <string_view>
#include <typeinfo>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/fs.hpp"
#include "engine/fs_decision.hpp"
#include "engine/judge.hpp"

namespace vigie::engine {

namespace {

// Programs that read through the links below the folders they read recursively, and the
// options that say so (GNU grep 3.8, coreutils 9.1, tar 1.34, rsync 3.2, zip 3.0, findutils
// 4.9). `longs` are whole words (an unambiguous prefix of a `--` one counts, as getopt takes
// it); `shorts` are letters of a short cluster.
struct FollowRow {
  std::string_view program;
  std::string_view shorts;
  std::string_view longs;
  bool unless = false;  // the options say NOT to follow (zip stores a link's file unless -y)
  bool runs = false;    // only when it runs a program on each file (`find -L … -exec`)
};

constexpr FollowRow kFollowRows[] = {
    {"grep", "R", "--dereference-recursive"},
    {"cp", "L", "--dereference"},
    {"tar", "h", "--dereference"},
    {"rsync", "Lk", "--copy-links --copy-dirlinks --copy-unsafe-links"},
    {"zip", "y", "--symlinks", true},
    {"find", "", "-L -follow", false, true},
};

constexpr std::string_view kFindRuns[] = {"-exec", "-execdir", "-ok", "-okdir"};

bool names_long(std::string_view longs, std::string_view word) {
  if (const std::size_t eq = word.find('='); eq != std::string_view::npos)
    word = word.substr(0, eq);
  for (std::size_t a = 0; a < longs.size();) {
    std::size_t b = std::min(longs.find(' ', a), longs.size());
    const std::string_view l = longs.substr(a, b - a);
    if (l == word || (word.size() >= 4 && word.starts_with("--") && l.starts_with(word)))
      return true;
    a = b + 1;
  }
  return false;
}

// Whether `s` holds an unescaped `*`, `?` or `[`.
bool has_glob_byte(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\')
      ++i;
    else if (s[i] == '*' || s[i] == '?' || s[i] == '[')
      return true;
  }
  return false;
}

std::string unescaped(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

// A listed name as a glob that matches only itself.
std::string escaped(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string child_path(const std::string& folder, std::string_view name) {
  std::string out = folder == "/" ? std::string() : folder;
  out += '/';
  out += name;
  return out;
}

struct Listed {
  std::string name;
  bool link = false;
  bool folder = false;  // a folder to walk for links (declared: one with links below it)
};

// Whether the filesystem is one of the engine's own: the declared one and the native real one,
// listed here directly. An embedder's own FileSystem is listed through FileSystem::list.
bool own_fs(const FileSystem* fs) {
  return as_virtual(fs) != nullptr || (fs && typeid(*fs) == typeid(DecisionFileSystem));
}

// Whether the filesystem can be listed: the engine's own, or an embedder's that answers `list`
// (asked once per decision, for the root, with no entry wanted).
bool listable(const FileSystem* fs) {
  if (own_fs(fs)) return true;
  std::vector<FileSystem::Entry> none;
  return fs != nullptr && fs->list("/", 0, none);
}

// The entries of the folder `dir` (absolute, as written: resolved first), one step each.
void list_folder(Judge& j, const std::string& dir, std::vector<Listed>& out) {
  out.clear();
  Resolved r = j.resolve_in(dir, "/");
  if (!r.ok) return;
  if (const VirtualFileSystem* v = as_virtual(j.fs)) {
    v->for_each_child(r.path, [&](std::string_view name) {
      if (j.path_steps_.left == 0) return;
      --j.path_steps_.left;
      const std::string full = child_path(r.path, name);
      out.push_back({std::string(name), v->link_at(full) != nullptr, v->links_at_or_below(full)});
    });
    return;
  }
  // The declared filesystem is listed in place; the real one and an embedder's through
  // FileSystem::list. Each entry is one of the request's resolver steps.
  std::vector<FileSystem::Entry> entries;
  const std::size_t max = j.path_steps_.left;
  if (!j.fs->list(r.path, max, entries)) return;
  for (auto& e : entries) {
    if (j.path_steps_.left == 0) break;
    --j.path_steps_.left;
    out.push_back({std::move(e.name), e.link, e.folder});
  }
}

// Whether `name` in the folder `dir` (as written) is a link; one that cannot be told is taken
// for one (the path is then judged, and asked if it does not resolve).
bool is_link(Judge& j, const std::string& dir, const std::string& name) {
  Resolved r = j.resolve_in(dir, "/");
  if (!r.ok) return true;
  const std::string full = child_path(r.path, name);
  if (const VirtualFileSystem* v = as_virtual(j.fs)) return v->link_at(full) != nullptr;
  if (!own_fs(j.fs)) return j.fs->read_link(full).has_value();
  return static_cast<const DecisionFileSystem*>(j.fs)->entry(full).kind == RealEntry::Kind::link;
}

// The ask of limits::judged_paths (once per request).
Part judged_paths_part(Judge& j) {
  Part lim;
  lim.effect = Effect::ask;
  lim.rule = builtin(Builtin::limits_judged_paths, Effect::ask);
  lim.message = fmt::format("the request touches more than {} paths: a human must check it",
                            limits::judged_paths);
  if (!j.paths_limit_hit_) {
    j.paths_limit_hit_ = true;
    j.d.error = lim.message;
  }
  return lim;
}

// Whether the command reads through the links below the folders it reads (kFollowRows).
bool follows_links(const NormalizedCommand& n) {
  const FollowRow* row = nullptr;
  for (const auto& r : kFollowRows)
    if (n.name == r.program) row = &r;
  if (row == nullptr) return false;
  bool named = false, runs = false;
  for (std::size_t i = 1; i < n.words.size(); ++i) {
    const std::string& w = n.words[i].pattern ? *n.words[i].pattern : n.words[i].text;
    if (w == "--" && !row->runs) break;
    for (auto r : kFindRuns) runs = runs || w == r;
    if (names_long(row->longs, w)) named = true;
    // `-rL`; tar's first word is a cluster without its dash (`tar chf x.tar d`).
    const bool cluster = (w.size() > 1 && w[0] == '-' && w[1] != '-') ||
                         (i == 1 && row->program == "tar" && !w.empty() && w[0] != '-');
    if (cluster && !row->shorts.empty() && w.find_first_of(row->shorts) != std::string::npos)
      named = true;
  }
  if (row->runs && !runs) return false;
  return named != row->unless;
}

}  // namespace

std::string Judge::lexical_path(const std::string& raw, const std::string& cwd, bool in_process) {
  std::string lex = raw;
  if (lex.size() >= 1 && lex[0] == '~' && (lex.size() == 1 || lex[1] == '/'))
    lex = home + lex.substr(1);
  else if (lex.empty() || lex[0] != '/')
    lex = cwd + "/" + lex;
  lex = lexical_normalize(in_process ? lex : proc_self(lex, cwd));
  if (fold_case()) fold_ascii_case_in_place(lex);
  return lex;
}

void Judge::protect_as_written(const std::string& lex, std::vector<std::uint32_t>& hits,
                               bool* failed) {
  const auto& pp = p.paths;
  const bool fc = fold_case();
  const auto set = [fc](const GlobSet& g) -> const GlobSet& { return fc ? g.case_folded() : g; };
  const std::string_view base = basename_of(lex);
  if (pp.protect.size() > 0)
    if (auto rel = relative_to(paths_->workspace, lex))
      for (auto x : set(pp.protect).match(*rel, base, failed)) hits.push_back(x);
  if (pp.protect_home.size() > 0)
    if (auto hr = relative_to(paths_->home, lex))
      for (auto x : set(pp.protect_home).match(*hr, base, failed)) hits.push_back(x);
  if (pp.protect_root.size() > 0 && lex.size() > 1)
    for (auto x : set(pp.protect_root).match(std::string_view(lex).substr(1), base, failed))
      hits.push_back(x);
  std::sort(hits.begin(), hits.end());
  hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
}

void Judge::judge_links_below(const std::string& folder, const FileEffect& f, TraceEntry& t,
                              Part& part) {
  if (!listable(fs) || part.effect == Effect::deny) return;
  if (const VirtualFileSystem* v = as_virtual(fs); v && !v->links_at_or_below(folder)) return;
  std::vector<std::string> todo{folder};
  std::unordered_set<std::string> seen{folder};
  std::vector<Listed> entries;
  while (!todo.empty() && path_steps_.left > 0) {  // spent: conclude() asks
    const std::string dir = std::move(todo.back());
    todo.pop_back();
    list_folder(*this, dir, entries);
    for (const auto& e : entries) {
      std::string full = child_path(dir, e.name);
      if (!e.link) {
        if (e.folder && seen.insert(full).second) todo.push_back(std::move(full));
        continue;
      }
      if (++paths_judged_ > limits::judged_paths) return fold(part, judged_paths_part(*this));
      TraceEntry lt;
      Part lp = judge_path(full, Access::read, "/", &lt);
      // A link to a folder: the rules below its target, and the links there.
      if (!lt.text.empty() && lp.effect != Effect::deny) {
        judge_below(lt.text, f, t, lp);
        if (seen.insert(lt.text).second) todo.push_back(lt.text);
      }
      for (auto& m : lt.matched) t.matched.push_back(m);
      fold(part, std::move(lp));
      if (part.effect == Effect::deny) return;
    }
  }
}

void Judge::judge_links(const NormalizedCommand& n, const FileEffect& f, Access access,
                        const std::string& base, const std::string& resolved, TraceEntry& t,
                        Part& part) {
  const bool writes = f.touch == Touch::write || f.touch == Touch::delete_;
  const auto below = [&](const std::string& folder) {
    // As judge_files does for a folder changed recursively.
    TraceEntry gt;
    Part b = judge_glob(folder + (folder == "/" ? "" : "/") + (f.below.empty() ? "**" : f.below),
                        access, "/", gt, false, true);
    if (!f.below.empty() && b.effect == Effect::deny) b.effect = Effect::ask;
    for (auto& m : gt.matched) t.matched.push_back(m);
    return b;
  };
  if (!f.word.pattern) return;
  // `"~"/x`: a folder `~` for a program that opens it as bash gives it (shell_semantics.hpp).
  const std::string pat =
      opens_as_given(f.entry, f.from == From::redirect) ? word_path(f.word) : *f.word.pattern;
  if (!f.word.has_glob) {
    if (resolved.empty()) return;
    if (writes) {
      // `rm -rf tests/` with `tests` a link out of the workspace: `tests/**` as written.
      const std::string lex = lexical_path(pat, base, false);
      if (lex != resolved) fold(part, below(lex));
    } else if (follows_links(n)) {
      judge_links_below(resolved, f, t, part);
    }
    return;
  }
  if (!listable(fs)) return;
  // The glob as an absolute pattern (`~+`, `~user`: judge_glob asks).
  std::string g = pat;
  if (!g.empty() && g[0] == '~') {
    if (g.size() > 1 && g[1] != '/') return;
    g = home + g.substr(1);
  } else if (g.empty() || g[0] != '/') {
    g = base + "/" + g;
  }
  const bool trailing = g.size() > 1 && g.back() == '/';
  std::vector<std::string_view> comps = split_components(g);
  std::size_t first = 0;
  while (first < comps.size() && !has_glob_byte(comps[first])) ++first;
  if (first == comps.size()) return;
  struct Match {
    std::string path;
    bool linked = false;  // a component from the first glob on is a link
  };
  std::string prefix;
  for (std::size_t k = 0; k < first; ++k) prefix += "/" + unescaped(comps[k]);
  const bool walk = !writes && f.recursive && follows_links(n);
  // Bash's own glob skips the names starting with `.` (engine/judge_dot_globs.cpp).
  const bool skips_dots = bash_glob_skips_dots(n, f);
  std::vector<Match> cur{{prefix.empty() ? "/" : prefix, false}}, next;
  std::vector<Listed> entries;
  for (std::size_t k = first; k < comps.size() && !cur.empty(); ++k) {
    next.clear();
    const bool last = k + 1 == comps.size();
    if (has_glob_byte(comps[k])) {
      for (const auto& m : cur) {
        list_folder(*this, m.path, entries);
        for (const auto& e : entries) {
          const ShellGlobDots dots(skips_dots);
          if (!component_globs_meet(comps[k], escaped(e.name), &glob_cells_)) {
            if (glob_cells_ == 0) return fold(part, glob_limit_part(Part{}));
            continue;
          }
          // The last component's matches without a link are judged by the glob's text.
          if (last && !walk && !m.linked && !e.link) continue;
          if (next.size() >= limits::judged_paths) return fold(part, judged_paths_part(*this));
          next.push_back({child_path(m.path, e.name), m.linked || e.link});
        }
      }
    } else {
      const std::string name = unescaped(comps[k]);
      for (auto& m : cur) {
        const bool link = !m.linked && name != "." && name != ".." && is_link(*this, m.path, name);
        next.push_back({child_path(m.path, name), m.linked || link});
      }
    }
    cur.swap(next);
  }
  for (const auto& m : cur) {
    if (!m.linked && !walk) continue;
    if (++paths_judged_ > limits::judged_paths) return fold(part, judged_paths_part(*this));
    TraceEntry mt;
    // `rm t?` with `tl` a link: the link goes, not its target (engine/judge_link_names.cpp).
    kept_link_ = false;
    keep_link_ = !trailing && removes_name(f);
    Part mp = judge_path(trailing ? m.path + "/" : m.path, access, "/", &mt);
    keep_link_ = false;
    const bool link_itself = std::exchange(kept_link_, false);
    if (link_itself) fold(mp, link_rule_part(m.path, mt.text, access, &mt));
    if (f.recursive && !mt.text.empty() && !link_itself) {
      if (writes)
        fold(mp, below(mt.text));
      else if (m.linked)
        judge_below(mt.text, f, t, mp);
      if (walk) judge_links_below(mt.text, f, t, mp);
    }
    for (auto& x : mt.matched) t.matched.push_back(x);
    if (m.linked)
      fold(part, std::move(mp));
    else if (mp.effect != Effect::allow && mp.rule)
      fold(part, std::move(mp));
  }
}

}  // namespace vigie::engine
