// Operand conditions (docs/language.md, "Operand conditions"): three-valued, like the matcher.
// A word that is not static, a glob that may or may not reach a folder, a path that cannot be
// resolved: the answer is `unknown`, never a guess.
#include "engine/conditions.hpp"

#include <algorithm>

#include "engine/compiled.hpp"
#include "engine/options.hpp"
#include "engine/paths.hpp"

namespace vigie::engine {

namespace {

enum class Tri : std::uint8_t { no, maybe, yes };

// The rule's paths, resolved for this request like path rules (`.` is the project root,
// relative paths are relative to it, `~` is the request's home, symlinks followed).
struct Prefixes {
  std::vector<std::string> paths;
  bool unresolved = false;  // one of them could not be resolved: "outside it" is never sure
};

Prefixes resolve_prefixes(const std::vector<std::string>& raw, const ConditionContext& c) {
  Prefixes out;
  for (const auto& p : raw) {
    Resolved r = resolve_path(p == "." ? c.project : p, c.project, c.home, c.fs, c.steps);
    if (r.ok)
      out.paths.push_back(std::move(r.path));
    else
      out.unresolved = true;
  }
  return out;
}

// One path a command touches, as far as it is known.
struct Touched {
  enum class Kind : std::uint8_t { path, glob, unknown };
  Kind kind = Kind::unknown;
  std::string path;  // path: the resolved path; glob: the resolved folder its matches are under
};

bool has_dotdot(std::string_view s) {
  std::size_t i = 0;
  while (i <= s.size()) {
    std::size_t j = s.find('/', i);
    if (j == std::string_view::npos) j = s.size();
    if (s.substr(i, j - i) == "..") return true;
    i = j + 1;
  }
  return false;
}

bool same_word(const shell::WordView& a, const shell::WordView& b) {
  return a.text == b.text && a.span.begin == b.span.begin && a.span.end == b.span.end;
}

Touched touched(const shell::WordView& w, const std::optional<std::string>& base,
                const ConditionContext& c) {
  Touched t;
  if (!w.pattern) return t;  // not static
  std::string v = *w.pattern;
  if (v.empty()) return t;
  // A placeholder for paths found at run time (`find -exec rm {} ;`, `fd -x rm {/}`).
  if (v.find('{') != std::string::npos && v.find('}') != std::string::npos) return t;
  // A quoted `~` is a file named `~`, not the home folder.
  if (v[0] == '~' && !w.has_tilde) v = "./" + v;
  bool absolute = v[0] == '/' || (v[0] == '~' && w.has_tilde);
  if (!absolute && !base) return t;  // relative to a folder that is not known
  std::string_view from = absolute ? std::string_view("/") : std::string_view(*base);
  if (w.has_glob) {
    // Every match is under the glob's fixed folder, unless the glob climbs out with `..`.
    std::size_t g = v.find_first_of("*?[");
    if (g == std::string::npos) g = v.size();
    if (has_dotdot(std::string_view(v).substr(g))) return t;
    std::size_t slash = v.rfind('/', g);
    std::string folder = slash == std::string::npos ? "." : v.substr(0, slash == 0 ? 1 : slash);
    Resolved r = resolve_path(folder, from, c.home, c.fs, c.steps);
    if (!r.ok) return t;
    t.kind = Touched::Kind::glob;
    t.path = std::move(r.path);
    return t;
  }
  Resolved r = resolve_path(v, from, c.home, c.fs, c.steps);
  if (!r.ok) return t;
  t.kind = Touched::Kind::path;
  t.path = std::move(r.path);
  return t;
}

// Whether what `t` touches is inside one of `p`.
Tri inside_any(const Touched& t, const Prefixes& p) {
  if (t.kind == Touched::Kind::unknown) return Tri::maybe;
  for (const auto& pre : p.paths)
    if (is_component_prefix(pre, t.path)) return Tri::yes;
  if (t.kind == Touched::Kind::glob) {
    // A prefix below the glob's folder: some matches may be inside it, others not.
    for (const auto& pre : p.paths)
      if (is_component_prefix(t.path, pre)) return Tri::maybe;
  }
  return p.unresolved ? Tri::maybe : Tri::no;
}

ConditionResult all_of_and(ConditionResult a, ConditionResult b) {
  if (a == ConditionResult::fails || b == ConditionResult::fails) return ConditionResult::fails;
  if (a == ConditionResult::unknown || b == ConditionResult::unknown)
    return ConditionResult::unknown;
  return ConditionResult::holds;
}

// `inside P…`: every touched path is inside some P, and there is at least one.
ConditionResult inside_clause(const std::vector<Touched>& ts, const Prefixes& p) {
  if (ts.empty()) return ConditionResult::fails;
  bool maybe = false;
  for (const auto& t : ts) {
    Tri in = inside_any(t, p);
    if (in == Tri::no) return ConditionResult::fails;
    maybe = maybe || in == Tri::maybe;
  }
  return maybe ? ConditionResult::unknown : ConditionResult::holds;
}

// `outside P…`: some touched path is outside every P.
ConditionResult outside_clause(const std::vector<Touched>& ts, const Prefixes& p) {
  bool maybe = false;
  for (const auto& t : ts) {
    Tri in = inside_any(t, p);
    if (in == Tri::no) return ConditionResult::holds;
    maybe = maybe || in == Tri::maybe;
  }
  return maybe ? ConditionResult::unknown : ConditionResult::fails;
}

// The words a `without` looks at: the view the pattern was matched against. Allow rules see
// the command with only the safe wrappers removed; deny and ask rules the command with every
// wrapper removed, or as written when the pattern names the wrapper (`deny sudo without -n`).
const std::vector<shell::WordView>& option_words(const CommandPattern& p,
                                                 const NormalizedCommand& n) {
  if (p.effect == Effect::allow) return n.allow_words();
  if (!p.items.empty() && p.items[0].kind == Tok::Kind::word && p.items[0].text != n.name &&
      !n.allow_words().empty()) {
    auto name = command_name(n.allow_words().front());
    if (name && *name == p.items[0].text) return n.allow_words();
  }
  return n.words;
}

// `without OPT…`: none of the options is given.
ConditionResult without_clause(const std::vector<OptionSpec>& specs,
                               const std::vector<shell::WordView>& words) {
  for (const auto& spec : specs)
    if (has_option(words, 1, spec)) return ConditionResult::fails;
  // An option could hide in a word that is not static (`git checkout $X`), before `--`.
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i].literal && *words[i].literal == "--") break;
    if (!words[i].literal) return ConditionResult::unknown;
  }
  return ConditionResult::holds;
}

}  // namespace

ConditionResult check_conditions(const CommandPattern& p, const NormalizedCommand& n,
                                 const ConditionContext& c) {
  const Conditions& cond = p.conditions;
  if (cond.empty()) return ConditionResult::holds;
  ConditionResult out = ConditionResult::holds;
  if (!cond.without.empty()) out = without_clause(cond.without, option_words(p, n));
  if (out == ConditionResult::fails || (!cond.inside && !cond.outside)) return out;

  // The folder relative paths start from: the command's cwd, then the folder it changes to
  // (`git -C dir`, `env -C dir`), when that is static.
  std::string cwd = c.cwd.empty() ? c.project : c.cwd;
  std::optional<std::string> base = cwd;
  if (n.chdir) {
    base.reset();
    if (n.chdir->pattern && !n.chdir->has_glob) {
      Resolved r = resolve_path(*n.chdir->pattern, cwd, c.home, c.fs, c.steps);
      if (r.ok) base = std::move(r.path);
    }
  }
  std::vector<Touched> ts;
  // `xargs` adds operands read at run time: they may be any path.
  if (std::find(n.wrappers.begin(), n.wrappers.end(), "xargs") != n.wrappers.end())
    ts.emplace_back();
  for (const auto& f : n.files) {
    if (f.from == From::redirect) continue;  // redirections are judged as edits, not here
    if (f.named) continue;  // a program the table does not declare touches no path here
    bool is_chdir = n.chdir && same_word(f.word, *n.chdir);
    ts.push_back(touched(f.word, is_chdir ? std::optional<std::string>(cwd) : base, c));
  }
  if (cond.inside) out = all_of_and(out, inside_clause(ts, resolve_prefixes(*cond.inside, c)));
  if (cond.outside) out = all_of_and(out, outside_clause(ts, resolve_prefixes(*cond.outside, c)));
  return out;
}

}  // namespace vigie::engine
