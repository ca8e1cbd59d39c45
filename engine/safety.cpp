#include "engine/safety.hpp"

#include "engine/safety_checks.hpp"

#include "engine/programs.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "engine/options.hpp"
#include "engine/paths.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

bool in(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

// ---------------------------------------------------------------------------------------------
// Targets: how broad is the path a destructive command is given?
// ---------------------------------------------------------------------------------------------

// The top-level folders of macOS and Linux whose loss breaks the machine (seed 003's list).
constexpr std::string_view kSystemRoots[] = {
    "/etc",
    "/usr",
    "/bin",
    "/sbin",
    "/var",
    "/lib",
    "/lib64",
    "/boot",
    "/proc",
    "/sys",
    "/dev",
    "/run",
    "/opt",
    "/System",
    "/Library",
    "/Users",
    "/Applications",
    "/private",
    "/Volumes",
    "/Network",
    "/cores",
    "/home",
    "/root",
    "/srv",
    "/snap",
    "/lib32",
    "/libx32",
    "/nix",
    "/private/etc",
    "/private/var",
    "/System/Library",
    "/usr/bin",
    "/usr/lib",
    "/usr/local",
    "/usr/sbin",
    "/usr/share",
    "/var/lib",
    "/var/db",
};

enum class Broad {
  none,
  wildcard,      // `*`, `./*`, `.*`, `*.*`: every file of a cwd that could be anywhere
  relative,      // `.`, `..`, `./`: the cwd or its parent
  root,          // `/`, `/*`
  home,          // `~`, `$HOME`, the home folder written out
  system,        // `/etc`, `/usr/*`, an ancestor of home
  project,       // the project folder itself, its contents, or an ancestor
  unset_prefix,  // `$DIR/`, `$DIR/*`: catastrophic if DIR is empty or unset
};

struct Target {
  Broad broad = Broad::none;
  std::string shown;  // the word as written
  bool catastrophic() const {
    return broad == Broad::wildcard || broad == Broad::root || broad == Broad::home ||
           broad == Broad::project;
  }
};

std::string reason_of(const Target& t, const SafetyContext& ctx) {
  switch (t.broad) {
    case Broad::wildcard:
      return "this glob expands to every file of the working directory, which could be `/` or "
             "your home folder";
    case Broad::relative:
      return "this relative path is too broad: the working directory could be `/` or your home "
             "folder";
    case Broad::root:
      return "this would erase the entire filesystem";
    case Broad::home:
      return "this is your home folder";
    case Broad::system:
      return "this is a critical system folder";
    case Broad::project:
      return "this would wipe the current project folder (`" + ctx.project_root + "`)";
    case Broad::unset_prefix:
      return "if the variable is empty or unset, this becomes a path at the root of the "
             "filesystem";
    case Broad::none:
      break;
  }
  return {};
}

// One path component against a glob component (`*`, `?`, `[...]`); no `/` inside either.
bool glob_component(std::string_view p, std::string_view s) {
  std::size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = si;
    } else if (pi < p.size() && p[pi] == '[') {
      auto close = p.find(']', pi + 2);
      bool ok = false;
      if (close != std::string_view::npos) {
        std::string_view set = p.substr(pi + 1, close - pi - 1);
        bool neg = !set.empty() && (set[0] == '!' || set[0] == '^');
        if (neg) set.remove_prefix(1);
        bool hit = false;
        for (std::size_t k = 0; k < set.size(); ++k) {
          if (k + 2 < set.size() && set[k + 1] == '-') {
            hit = hit || (s[si] >= set[k] && s[si] <= set[k + 2]);
            k += 2;
          } else {
            hit = hit || s[si] == set[k];
          }
        }
        ok = hit != neg;
      }
      if (ok) {
        pi = close + 1;
        ++si;
      } else if (star != std::string_view::npos) {
        pi = star + 1;
        si = ++mark;
      } else {
        return false;
      }
    } else if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
      ++pi;
      ++si;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

std::vector<std::string_view> components(std::string_view path) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < path.size()) {
    while (i < path.size() && path[i] == '/') ++i;
    std::size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    if (j > i) out.push_back(path.substr(i, j - i));
    i = j;
  }
  return out;
}

bool has_glob_chars(std::string_view s) {
  return s.find_first_of("*?[") != std::string_view::npos;
}

// A normalized glob path (absolute) against a normalized absolute path, component by component.
bool glob_path(std::string_view pattern, std::string_view path) {
  auto pc = components(pattern), sc = components(path);
  if (pc.size() != sc.size()) return false;
  for (std::size_t i = 0; i < pc.size(); ++i) {
    // A leading dot is only matched explicitly (`*` does not match `.ssh`).
    if (!sc[i].empty() && sc[i][0] == '.' && !pc[i].empty() && pc[i][0] != '.') return false;
    if (!glob_component(pc[i], sc[i])) return false;
  }
  return true;
}

// A trailing component that matches (nearly) everything: `*`, `.*`, `*.*`, `**`, `.??*`.
bool match_all_component(std::string_view c) {
  return c.find('*') != std::string_view::npos &&
         c.find_first_not_of("*.?") == std::string_view::npos;
}

// The word as a path form: its quote-removed value with globs and a leading `~` kept, or, for
// a word with a parameter expansion, a rewriting of the common spellings (`$HOME`, `${HOME}`,
// `$PWD`, `$(pwd)`). `unset_rest`: the rest of a word that starts with another variable.
struct Form {
  std::string path;
  bool glob = false;
  bool tilde = false;
  std::optional<std::string> unset_rest;
  bool valid = false;
};

Form form_of(const WordView& w, const SafetyContext& ctx) {
  Form f;
  if (w.pattern && !w.has_expansion) {
    f.path = *w.pattern;
    f.glob = w.has_glob;
    f.tilde = w.has_tilde;
    f.valid = true;
    return f;
  }
  // Remove double quotes (a quoted `"$HOME"` expands the same), then look at a leading
  // expansion. Anything else dynamic in the rest makes the word unknown.
  std::string t;
  for (char c : w.text)
    if (c != '"') t += c;
  std::string var, rest;
  if (starts_with(t, "${")) {
    auto close = t.find('}');
    if (close == std::string::npos) return f;
    var = t.substr(2, close - 2);
    rest = t.substr(close + 1);
  } else if (starts_with(t, "$(pwd)") || starts_with(t, "`pwd`")) {
    var = "PWD";
    rest = t.substr(starts_with(t, "$(") ? 6 : 5);
  } else if (starts_with(t, "$")) {
    std::size_t i = 1;
    while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
    if (i == 1) return f;
    var = t.substr(1, i - 1);
    rest = t.substr(i);
  } else {
    return f;
  }
  if (rest.find_first_of("$`'\\") != std::string::npos) return f;
  std::string uvar;
  for (char c : var) uvar += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  f.glob = has_glob_chars(rest) && w.has_glob;
  if (uvar.find("HOME") != std::string::npos) {
    // `$HOME`, `${HOME}`, and home under any other spelling (`${NSHomeDirectory()}` in seed 003).
    f.path = "~" + rest;
    f.tilde = true;
  } else if (uvar == "PWD") {
    if (ctx.cwd.empty()) return f;
    f.path = ctx.cwd + rest;
  } else {
    f.unset_rest = rest;
    return f;
  }
  f.valid = true;
  return f;
}

// Resolves `p` (absolute, normalized) through symlinks: every component but the last, or all
// of them when `follow_last` (a trailing slash or glob: the command goes inside).
std::string follow_links(const std::string& p, bool follow_last, const SafetyContext& ctx) {
  if (!ctx.fs || p == "/") return p;
  if (follow_last) {
    Resolved r = resolve_path(p, "/", ctx.home, ctx.fs);
    return r.ok ? r.path : p;
  }
  auto slash = p.find_last_of('/');
  std::string parent = slash == 0 ? "/" : p.substr(0, slash);
  Resolved r = resolve_path(parent, "/", ctx.home, ctx.fs);
  if (!r.ok) return p;
  return (r.path == "/" ? "" : r.path) + p.substr(slash);
}

Broad classify_absolute(const std::string& p, bool glob, const SafetyContext& ctx) {
  auto matches = [&](std::string_view candidate) {
    return glob ? glob_path(p, candidate) : p == candidate;
  };
  if (matches("/")) return Broad::root;
  std::string home = ctx.home.empty() ? "" : lexical_normalize(ctx.home);
  if (!home.empty() && home != "/" && matches(home)) return Broad::home;
  for (auto r : kSystemRoots)
    if (matches(r)) return Broad::system;
  if (!glob && !home.empty() && p != home && is_component_prefix(p, home)) return Broad::system;
  if (!ctx.project_root.empty()) {
    std::string proj = lexical_normalize(ctx.project_root);
    if (proj != "/" && (matches(proj) || (!glob && is_component_prefix(p, proj))))
      return Broad::project;
  }
  return Broad::none;
}

// How broad `w` is as the target of a recursive delete, a move to /dev/null, a recursive chmod.
// `literal_first`: seed 003's order, where the written forms `.`, `..`, `*` are judged before
// resolution (user context); in a root context only resolution counts for `.` and `..`.
// Brace expansion of an unquoted, expansion-free word: `/{etc,usr}` -> `/etc`, `/usr`. One
// level after another, 64 words at most (beyond that the word is left unknown); `{1..3}`
// ranges are not expanded (they never spell a path of interest).
std::vector<std::string> expand_braces(const std::string& text) {
  std::vector<std::string> done, todo{text};
  while (!todo.empty()) {
    std::string s = std::move(todo.back());
    todo.pop_back();
    auto open = s.find('{');
    std::size_t close = std::string::npos, depth = 0;
    std::vector<std::size_t> commas;
    for (std::size_t i = open; open != std::string::npos && i < s.size(); ++i) {
      if (s[i] == '{') ++depth;
      if (s[i] == '}' && --depth == 0) {
        close = i;
        break;
      }
      if (s[i] == ',' && depth == 1) commas.push_back(i);
    }
    if (open == std::string::npos || close == std::string::npos || commas.empty()) {
      done.push_back(std::move(s));
      continue;
    }
    std::size_t from = open + 1;
    commas.push_back(close);
    for (std::size_t c : commas) {
      todo.push_back(s.substr(0, open) + s.substr(from, c - from) + s.substr(close + 1));
      from = c + 1;
    }
    if (done.size() + todo.size() > 64) return {};
  }
  return done;
}

Target classify(const WordView& w, const SafetyContext& ctx, const std::string* chdir);

Target classify_braces(const WordView& w, const SafetyContext& ctx, const std::string* chdir) {
  Target t;
  t.shown = w.text;
  if (w.has_expansion || w.text.find_first_of("'\"\\") != std::string::npos) return t;
  for (const auto& alt : expand_braces(w.text)) {
    WordView a;
    a.text = alt;
    a.pattern = alt;
    a.has_glob = alt.find_first_of("*?[") != std::string::npos;
    a.has_tilde = !alt.empty() && alt[0] == '~';
    if (!a.has_glob && !a.has_tilde) a.literal = alt;
    Target at = classify(a, ctx, chdir);
    if (at.broad != Broad::none) {
      at.shown = w.text;
      return at;
    }
  }
  return t;
}

Target classify(const WordView& w, const SafetyContext& ctx, const std::string* chdir) {
  if (w.has_brace && !w.pattern) return classify_braces(w, ctx, chdir);
  Target t;
  t.shown = w.text;
  Form f = form_of(w, ctx);
  if (f.unset_rest) {
    // `$DIR/`, `$DIR/*`, `$DIR/etc`: judged as if DIR were empty.
    WordView rest;
    rest.text = *f.unset_rest;
    rest.pattern = *f.unset_rest;
    rest.has_glob = w.has_glob;
    if (!f.unset_rest->empty() && (*f.unset_rest)[0] == '/') {
      Target inner = classify(rest, ctx, chdir);
      if (inner.broad == Broad::root || inner.broad == Broad::system) t.broad = Broad::unset_prefix;
    }
    return t;
  }
  if (!f.valid || f.path.empty()) return t;

  // Peel the trailing match-all globs: `X/*` deletes everything X holds.
  std::string base = f.path;
  bool tail = false;
  bool trailing_slash = base.size() > 1 && base.back() == '/';
  if (f.glob) {
    while (true) {
      while (base.size() > 1 && base.back() == '/') base.pop_back();
      auto slash = base.find_last_of('/');
      std::string_view last = slash == std::string::npos ? std::string_view(base)
                                                         : std::string_view(base).substr(slash + 1);
      if (!match_all_component(last)) break;
      tail = true;
      if (slash == std::string::npos) {
        base.clear();
        break;
      }
      base.resize(slash == 0 ? 1 : slash);
    }
  }
  std::string written = base;
  while (written.size() > 1 && written.back() == '/') written.pop_back();

  // The written forms of seed 003.
  if (tail && (written.empty() || written == ".")) {
    t.broad = Broad::wildcard;
    return t;
  }
  Broad written_broad = Broad::none;
  if (written == "." || written == ".." || written == "./.." || written == "../..")
    written_broad = Broad::relative;

  // Resolve lexically (and through symlinks when a filesystem is given).
  std::string abs;
  if (f.tilde) {
    std::string_view rest = written;
    rest.remove_prefix(1);
    std::size_t user_end = rest.find('/');
    std::string_view user = rest.substr(0, user_end);
    std::string_view after = user_end == std::string_view::npos ? "" : rest.substr(user_end);
    if (!user.empty()) {
      // `~bob`: another user's home; its content is as precious as ours.
      if (lexical_normalize("/x" + std::string(after)) == "/x") t.broad = Broad::home;
      return t;
    }
    if (ctx.home.empty()) {
      if (lexical_normalize("/x" + std::string(after)) == "/x") t.broad = Broad::home;
      return t;
    }
    abs = ctx.home + std::string(after);
  } else if (!written.empty() && written[0] == '/') {
    abs = written;
  } else {
    std::string cwd = ctx.cwd;
    if (chdir) cwd = (!chdir->empty() && (*chdir)[0] == '/') ? *chdir : cwd + "/" + *chdir;
    if (cwd.empty() || cwd[0] != '/') {
      t.broad = written_broad;
      return t;
    }
    abs = cwd + "/" + (written.empty() ? "." : written);
  }
  std::string norm = lexical_normalize(abs);
  bool glob_inside = f.glob && has_glob_chars(norm);
  if (!glob_inside) norm = follow_links(norm, tail || trailing_slash, ctx);
  Broad resolved = classify_absolute(norm, glob_inside, ctx);
  if (ctx.root_context) {
    t.broad = resolved;
  } else {
    t.broad = written_broad != Broad::none ? written_broad : resolved;
  }
  return t;
}

// Operands of a command: words after the name that are not options (before `--`), skipping
// the arguments of `arg_shorts` / `arg_longs` options.
std::vector<std::size_t> operands(const Words& w, std::string_view arg_shorts = {},
                                  std::initializer_list<std::string_view> arg_longs = {}) {
  std::vector<std::size_t> out;
  bool options_done = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!options_done && s) {
      if (*s == "--") {
        options_done = true;
        continue;
      }
      if (s->size() > 2 && starts_with(*s, "--")) {
        std::string_view n = std::string_view(*s).substr(2);
        if (n.find('=') == std::string_view::npos && in(n, arg_longs)) ++i;
        continue;
      }
      if (s->size() > 1 && (*s)[0] == '-') {
        for (std::size_t k = 1; k < s->size(); ++k)
          if (arg_shorts.find((*s)[k]) != std::string_view::npos) {
            if (k + 1 == s->size()) ++i;
            break;
          }
        continue;
      }
    }
    out.push_back(i);
  }
  return out;
}

bool has_literal_option(const Words& w, std::string_view opt) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if (*s == "--") return false;
    if (*s == opt) return true;
  }
  return false;
}

// A block device: a whole disk or a partition, not /dev/null, /dev/zero, a tty...
bool is_block_device(std::string_view p) {
  if (!starts_with(p, "/dev/")) return false;
  std::string_view d = p.substr(5);
  for (std::string_view pre : {"sd", "hd", "vd", "xvd", "nvme", "disk", "rdisk", "mmcblk", "md",
                               "dm-", "mapper/", "loop", "sr", "nbd", "zd", "mtd", "ada", "da"})
    if (starts_with(d, pre) && d.size() > pre.size()) return true;
  return false;
}

// A hit of check `c`: `why` (the start of the message, naming the target) and the table's
// advice; `catastrophic_target` decides RootKeeps::by_target.
SafetyHit hit(SafetyCheck c, std::string why, bool catastrophic_target = false) {
  const SafetyCheckInfo& i = safety_check_info(c);
  why += ' ';
  why += i.advice;
  bool keep =
      i.root == RootKeeps::always || (i.root == RootKeeps::by_target && catastrophic_target);
  return {std::string(i.id), std::move(why), i.effect, keep};
}

void add(std::vector<SafetyHit>& hits, const SafetyContext& ctx, SafetyHit h) {
  if (ctx.disabled.count(h.id)) return;
  if (ctx.root_context && !h.catastrophic) return;
  for (const auto& e : hits)
    if (e.id == h.id) return;  // one hit per check and command
  hits.push_back(std::move(h));
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

void check_rm(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (has_literal_option(w, "--no-preserve-root")) {
    add(hits, ctx,
        hit(SafetyCheck::rm_no_preserve_root,
            "Refused: `rm --no-preserve-root` only exists to bypass the safeguard against "
            "deleting `/`; it is never needed for real work."));
  }
  if (!has_option(w, 1, spec_for("rm", "-r"))) return;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t i : operands(w)) {
    Target t = classify(w[i], ctx, chdir);
    if (t.broad == Broad::none) continue;
    std::string why = reason_of(t, ctx);
    if (t.broad == Broad::project) {
      add(hits, ctx,
          hit(SafetyCheck::rm_project_folder, "Refused: `rm -r " + t.shown + "`: " + why + "."));
    } else if (t.broad == Broad::unset_prefix) {
      add(hits, ctx,
          hit(SafetyCheck::rm_unset_variable,
              "Refused without confirmation: `rm -r " + t.shown + "`: " + why + "."));
    } else if (ctx.root_context) {
      if (!t.catastrophic()) continue;  // `/usr`, `/etc`: the root context's own business
      add(hits, ctx,
          hit(SafetyCheck::rm_catastrophic, "Refused: `rm -r " + t.shown + "`: " + why + "."));
    } else {
      add(hits, ctx,
          hit(SafetyCheck::rm_dangerous_target, "Refused: `rm -r " + t.shown + "`: " + why + ".",
              t.catastrophic()));
    }
  }
}

// `piped_to_rm`: the pipeline feeds find's output to `xargs rm` (check_pipeline).
void check_find(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits,
                bool piped_to_rm = false) {
  const Words& w = c.words;
  // `-delete`, or `-exec rm …` / `-execdir rm …`: every match is removed.
  bool deletes = piped_to_rm || has_literal_option(w, "-delete");
  for (const auto& argv : c.nested_argvs)
    if (!argv.empty())
      if (auto n = command_name(argv[0]); n && in(lower(*n), {"rm", "unlink", "shred", "rmdir"}))
        deletes = true;
  if (!deletes) return;
  // The starting points, as the programs table's find handler reads them.
  std::vector<std::size_t> roots = find_start_points(w);
  std::size_t i = roots.empty() ? 1 : roots.back() + 1;
  // A filter (`-name '*.pyc'`) makes `find . … -delete` a scoped cleanup: only an unfiltered
  // delete of the working folder counts as broad; roots like `/` or `~` are broad regardless.
  bool filtered = false;
  for (std::size_t k = i; k < w.size(); ++k)
    if (const std::string* s = lit(w, k);
        s &&
        in(*s, {"-name",      "-iname",      "-path",  "-ipath", "-regex", "-iregex",   "-newer",
                "-mtime",     "-mmin",       "-atime", "-amin",  "-ctime", "-cmin",     "-size",
                "-empty",     "-user",       "-group", "-perm",  "-inum",  "-samefile", "-links",
                "-wholename", "-iwholename", "-lname", "-ilname"}))
      filtered = true;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t r : roots) {
    Target t = classify(w[r], ctx, chdir);
    if (t.broad == Broad::none || t.broad == Broad::unset_prefix) continue;
    if (filtered && (t.broad == Broad::relative || t.broad == Broad::project)) continue;
    add(hits, ctx,
        hit(SafetyCheck::find_delete_broad_root,
            "Refused: `find " + t.shown + " ... -delete`: " + reason_of(t, ctx) +
                ", and `find -delete` recursively removes everything that matches."));
  }
}

void check_perms(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                 std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (!has_option(w, 1, spec_for(name, "-R"))) return;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t i : operands(w, "", {"reference", "from"})) {
    Target t = classify(w[i], ctx, chdir);
    // The project and `.` are where an agent legitimately fixes permissions.
    if (t.broad == Broad::none || t.broad == Broad::project || t.broad == Broad::relative ||
        t.broad == Broad::unset_prefix)
      continue;
    add(hits, ctx,
        hit(SafetyCheck::perms_recursive_on_root,
            "Refused: `" + name + " -R ... " + t.shown + "`: " + reason_of(t, ctx) +
                "; changing permissions or ownership recursively there can make the system or "
                "your account unusable."));
  }
}

void check_mv(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  auto ops = operands(w, "tS", {"target-directory", "suffix"});
  bool to_null = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if ((*s == "-t" || *s == "--target-directory") && lit(w, i + 1) &&
        *lit(w, i + 1) == "/dev/null")
      to_null = true;
    if (*s == "--target-directory=/dev/null" || *s == "-t/dev/null") to_null = true;
  }
  if (!ops.empty() && lit(w, ops.back()) && *lit(w, ops.back()) == "/dev/null") {
    to_null = true;
    ops.pop_back();
  }
  if (!to_null) return;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t i : ops) {
    Target t = classify(w[i], ctx, chdir);
    if (t.broad == Broad::none || t.broad == Broad::unset_prefix) continue;
    add(hits, ctx,
        hit(SafetyCheck::mv_to_devnull, "Refused: moving `" + t.shown +
                                            "` to `/dev/null` destroys it (" + reason_of(t, ctx) +
                                            ")."));
  }
}

void check_disk(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (name == "dd") {
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const std::string* s = lit(w, i);
          s && starts_with(*s, "of=") && is_block_device(s->substr(3)))
        add(hits, ctx,
            hit(SafetyCheck::disk_dd, "Refused: `dd` writing to the block device `" + s->substr(3) +
                                          "` overwrites a disk irreversibly."));
  }
  if (starts_with(name, "mkfs") || starts_with(name, "newfs") ||
      in(name, {"mke2fs", "mkswap", "wipefs", "mkdosfs", "mkntfs", "mkexfatfs", "blkdiscard"})) {
    add(hits, ctx,
        hit(SafetyCheck::disk_mkfs,
            "Refused: `" + name + "` formats or wipes a device, destroying everything on it."));
  }
  if (name == "diskutil" && w.size() > 1 && w[1].literal) {
    std::string verb = lower(*w[1].literal);
    if (in(verb,
           {"erasedisk", "erasevolume", "zerodisk", "randomdisk", "secureerase", "partitiondisk",
            "reformat", "deletevolume", "splitpartition", "mergepartitions"}) ||
        (in(verb, {"apfs", "cs", "ar"}) && w.size() > 2 && w[2].literal &&
         lower(*w[2].literal).find("delete") != std::string::npos))
      add(hits, ctx,
          hit(SafetyCheck::disk_erase, "Refused: `diskutil " + *w[1].literal +
                                           "` erases or repartitions a disk irreversibly."));
  }
  if ((name == "shred" || name == "sgdisk" || name == "fdisk" || name == "sfdisk" ||
       name == "parted") &&
      std::any_of(w.begin() + 1, w.end(),
                  [](const WordView& x) { return x.literal && is_block_device(*x.literal); }) &&
      (name == "shred" || name == "sfdisk" || has_literal_option(w, "--zap-all") ||
       has_literal_option(w, "-Z") || name == "parted" || name == "fdisk")) {
    add(hits, ctx,
        hit(SafetyCheck::disk_erase,
            "Refused: `" + name + "` on a block device rewrites or erases a disk."));
  }
  // Writes to a device through a redirection, tee or cp.
  auto device_hit = [&](const std::string& dev) {
    add(hits, ctx,
        hit(SafetyCheck::disk_device_write,
            "Refused: writing to the block device `" + dev + "` overwrites a disk irreversibly."));
  };
  for (const auto& r : c.redirects)
    if (in(r.op, {">", ">>", ">|", "&>", "&>>", "<>"}) && r.target.literal &&
        is_block_device(*r.target.literal))
      device_hit(*r.target.literal);
  if (name == "tee" || name == "cp" || name == "cat") {
    auto ops = operands(w);
    for (std::size_t k = 0; k < ops.size(); ++k) {
      bool dest = name == "tee" || (name == "cp" && k + 1 == ops.size());
      if (dest && w[ops[k]].literal && is_block_device(*w[ops[k]].literal))
        device_hit(*w[ops[k]].literal);
    }
  }
}

void check_git(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (w.size() < 2 || !lit(w, 1) || *lit(w, 1) != "push") return;
  bool force = has_option(w, 2, spec_for("git push", "-f"));
  if (!force) {
    for (std::size_t i : operands(w, "o", {"push-option", "repo", "receive-pack", "exec"}))
      if (i >= 2 && lit(w, i) && starts_with(*lit(w, i), "+")) force = true;
  }
  if (!force) return;
  add(hits, ctx,
      hit(SafetyCheck::git_force_push,
          "A force push rewrites the remote branch and can destroy other people's commits."));
}

// A downloader whose output is a script.
bool is_downloader(std::string_view n) {
  return in(n, {"curl", "wget", "fetch", "http", "https", "xh", "aria2c", "lynx", "links", "w3m"});
}

// A stage that runs its standard input as code: a shell without `-c` or a script file,
// an interpreter reading `-` or nothing.
bool runs_stdin(const NormalizedCommand& s) {
  if (s.words.empty() || !s.name_static) return false;
  std::string n = lower(s.name);
  bool shell = is_shell(n) || in(n, {"fish", "tcsh", "csh", "busybox"});
  bool interp =
      starts_with(n, "python") || starts_with(n, "perl") || starts_with(n, "ruby") ||
      starts_with(n, "php") ||
      in(n, {"node", "nodejs", "deno", "bun", "osascript", "pwsh", "powershell", "lua", "tclsh"});
  if (!shell && !interp) return false;
  for (std::size_t i = 1; i < s.words.size(); ++i) {
    const std::string* w = lit(s.words, i);
    if (!w) return false;
    if (*w == "-" || *w == "-s" || *w == "--") return true;
    if ((*w)[0] == '-' || (*w)[0] == '+') {
      if (shell && w->find('c') != std::string::npos && (*w)[1] != '-') return false;
      if (!shell && (*w == "-c" || *w == "-e" || *w == "-m" || *w == "--eval")) return false;
      continue;
    }
    return false;  // a script file: stdin is data
  }
  return true;
}

// Fork bombs: `NAME(){ ... NAME | NAME & ... }; NAME`, with any name and spacing, and
// `function NAME { ... }`. The body must call the function at least twice, with a pipe or a
// background `&`, and the function must be called after its definition.
bool is_name_char(char c) {
  return !std::isspace(static_cast<unsigned char>(c)) && !std::strchr("(){};|&<>'\"`$", c);
}

// `function NAME {` and `function NAME() {` rewritten as `NAME(){`.
std::string without_function_keyword(std::string_view line) {
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    std::size_t f = line.find("function", i);
    bool word_start = f != std::string_view::npos &&
                      (f == 0 || std::isspace(static_cast<unsigned char>(line[f - 1])) ||
                       std::strchr(";&|({", line[f - 1]));
    if (f == std::string_view::npos) break;
    std::size_t j = f + 8;
    if (!word_start || j >= line.size() || !std::isspace(static_cast<unsigned char>(line[j]))) {
      out.append(line.substr(i, j - i));
      i = j;
      continue;
    }
    while (j < line.size() && std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    std::size_t n = j;
    while (n < line.size() && is_name_char(line[n])) ++n;
    std::size_t k = n;
    while (k < line.size() && std::isspace(static_cast<unsigned char>(line[k]))) ++k;
    if (k + 1 < line.size() && line[k] == '(' && line[k + 1] == ')') k += 2;
    while (k < line.size() && std::isspace(static_cast<unsigned char>(line[k]))) ++k;
    if (n == j || k >= line.size() || line[k] != '{') {
      out.append(line.substr(i, j - i));
      i = j;
      continue;
    }
    out.append(line.substr(i, f - i));
    out.append(line.substr(j, n - j));
    out.append("(){");
    i = k + 1;
  }
  out.append(line.substr(std::min(i, line.size())));
  return out;
}

// One pass over the line without blanks, then a constant or logarithmic amount of work per
// definition: a line of 1 MiB of `f(){ ` (every brace unclosed) or of nested definitions is
// linear, where scanning each body and each suffix was quadratic.
std::optional<std::string> fork_bomb_name(std::string_view line) {
  std::string s;  // the line without blanks
  {
    std::string rewritten = without_function_keyword(line);
    s.reserve(rewritten.size());
    for (char c : rewritten)
      if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  }
  const std::size_t n = s.size();
  constexpr std::uint32_t kNone = UINT32_MAX;
  if (n >= kNone) return std::nullopt;
  auto is_delim = [](char c) { return c == '|' || c == '&' || c == ';'; };

  // The definitions `NAME(){`, in order, and the set of their names.
  struct Def {
    std::uint32_t name_begin, open;  // s[name_begin, open - 2) is NAME, s[open] is `{`
  };
  std::vector<Def> defs;
  std::unordered_set<std::string_view> names;
  for (std::size_t p = s.find("(){"); p != std::string::npos; p = s.find("(){", p + 1)) {
    std::size_t b = p;
    while (b > 0 && is_name_char(s[b - 1])) --b;
    if (b == p) continue;
    defs.push_back({static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(p + 2)});
    names.insert(std::string_view(s).substr(b, p - b));
  }
  if (defs.empty()) return std::nullopt;

  // One pass: matching braces (a stack), the delimiters `|&;`, the pipes and backgrounds, the
  // segments between two consecutive delimiters that are a defined name or `$0` (by text: the
  // left delimiter's positions), and the last maximal run of name characters of each name.
  std::vector<std::uint32_t> close_of(n, kNone);
  std::vector<std::uint32_t> stack, delims, pipes;
  std::unordered_map<std::string_view, std::vector<std::uint32_t>> segments;
  std::unordered_map<std::string_view, std::uint32_t> last_run;
  const std::string_view sv(s);
  std::size_t prev_delim = std::string::npos;
  for (std::size_t k = 0; k < n; ++k) {
    char c = s[k];
    if (c == '{') stack.push_back(static_cast<std::uint32_t>(k));
    if (c == '}' && !stack.empty()) {
      close_of[stack.back()] = static_cast<std::uint32_t>(k);
      stack.pop_back();
    }
    if (is_name_char(c) && (k == 0 || !is_name_char(s[k - 1]))) {
      std::size_t r = k;
      while (r < n && is_name_char(s[r])) ++r;
      auto run = sv.substr(k, r - k);
      if (names.count(run)) last_run[run] = static_cast<std::uint32_t>(k);
    }
    if (!is_delim(c)) continue;
    delims.push_back(static_cast<std::uint32_t>(k));
    if (c != ';') pipes.push_back(static_cast<std::uint32_t>(k));
    if (prev_delim != std::string::npos) {
      auto seg = sv.substr(prev_delim + 1, k - prev_delim - 1);
      if (seg == "$0" || names.count(seg))
        segments[seg].push_back(static_cast<std::uint32_t>(prev_delim));
    }
    prev_delim = k;
  }

  // Segments of text `text` lying between two delimiters d1 < d2 with lo <= d1 and d2 <= hi.
  auto count_between = [&](std::string_view text, std::size_t lo, std::size_t hi) -> long {
    auto it = segments.find(text);
    if (it == segments.end() || hi < lo + text.size() + 1) return 0;
    const auto& v = it->second;  // left delimiters, ascending
    auto from = std::lower_bound(v.begin(), v.end(), lo);
    auto to = std::upper_bound(v.begin(), v.end(), hi - text.size() - 1);
    return to > from ? to - from : 0;
  };

  for (const Def& def : defs) {
    std::size_t e = close_of[def.open];  // the body is s[i, e)
    if (e == kNone) continue;
    std::size_t i = def.open + 1;
    auto name = sv.substr(def.name_begin, def.open - 2 - def.name_begin);
    // Must fork: a `|` or `&` in the body.
    auto pipe = std::lower_bound(pipes.begin(), pipes.end(), i);
    if (pipe == pipes.end() || *pipe >= e) continue;
    // Calls itself at least twice: body segments (split on `|&;`) equal to NAME or `$0`.
    auto is_call = [&](std::size_t b, std::size_t end) {
      auto seg = sv.substr(b, end - b);
      return seg == name || seg == "$0";
    };
    std::size_t first = *std::lower_bound(delims.begin(), delims.end(), i);  // exists: a pipe
    std::size_t last = *(std::lower_bound(delims.begin(), delims.end(), e) - 1);
    long calls = is_call(i, first) + is_call(last + 1, e);
    if (last > first) calls += count_between(name, first, last) + count_between("$0", first, last);
    if (calls < 2) continue;
    // Called afterwards: a run of name characters equal to NAME after the body.
    auto run = last_run.find(name);
    if (run != last_run.end() && run->second > e) return std::string(name);
  }
  return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

std::optional<SafetyHit> check_line(std::string_view line, const SafetyContext& ctx) {
  // Seed 003: the root daemon leaves fork bombs to the operator (not catastrophic for data).
  if (ctx.root_context ||
      ctx.disabled.count(std::string(safety_check_info(SafetyCheck::fork_bomb).id)))
    return std::nullopt;
  if (line.size() > (1u << 20)) return std::nullopt;  // the shell parser refuses it anyway
  auto name = fork_bomb_name(line);
  if (!name) return std::nullopt;
  return hit(SafetyCheck::fork_bomb,
             "Refused: this is a fork bomb (the function `" + *name +
                 "` calls itself in the background until the machine runs out of processes and "
                 "stops responding).");
}

std::vector<SafetyHit> check_command(const NormalizedCommand& cmd, const SafetyContext& ctx) {
  std::vector<SafetyHit> hits;
  if (cmd.words.empty() || !cmd.name_static) {
    // Redirections of a bare command (`> /dev/sda`) still count.
    if (cmd.words.empty()) check_disk(cmd, "", ctx, hits);
    return hits;
  }
  // Case-insensitive: macOS filesystems run `RM` as `rm`.
  std::string name = lower(cmd.name);
  if (name == "rm") check_rm(cmd, ctx, hits);
  if (name == "find") check_find(cmd, ctx, hits);
  if (name == "chmod" || name == "chown" || name == "chgrp") check_perms(cmd, name, ctx, hits);
  if (name == "mv") check_mv(cmd, ctx, hits);
  if (name == "git") check_git(cmd, ctx, hits);
  check_disk(cmd, name, ctx, hits);
  return hits;
}

namespace {

// `stage(i)` is the i-th of `n` stages.
template <typename Stage>
std::vector<SafetyHit> pipeline_hits(std::size_t n, const Stage& stage, const SafetyContext& ctx) {
  std::vector<SafetyHit> hits;
  // `find / | xargs rm -rf`: the same as `find / -delete`. One pass from the end says whether
  // a later stage removes files through xargs (a pipeline of 100,000 stages stays linear).
  std::vector<bool> removes_after(n, false);
  bool removes = false;
  for (std::size_t i = n; i-- > 0;) {
    removes_after[i] = removes;
    const auto& wr = stage(i).wrappers;
    if (std::find(wr.begin(), wr.end(), "xargs") != wr.end() &&
        in(lower(stage(i).name), {"rm", "unlink", "shred", "rmdir"}))
      removes = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (removes_after[i] && lower(stage(i).name) == "find") check_find(stage(i), ctx, hits, true);
  // A download piped into a stage that runs its input: the first download and the first such
  // stage after it (a later download has no stage after it that the first one lacks).
  std::size_t i = 0;
  while (i < n && !(stage(i).name_static && is_downloader(lower(stage(i).name)))) ++i;
  for (std::size_t j = i + 1; j < n; ++j) {
    if (!runs_stdin(stage(j))) continue;
    add(hits, ctx,
        hit(SafetyCheck::pipe_to_shell,
            "Piping a download straight into `" + stage(j).name + "` runs code nobody has read."));
    return hits;
  }
  return hits;
}

}  // namespace

std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& stages,
                                      const SafetyContext& ctx) {
  return pipeline_hits(
      stages.size(), [&](std::size_t i) -> const NormalizedCommand& { return stages[i]; }, ctx);
}

std::vector<SafetyHit> check_pipeline(const std::vector<NormalizedCommand>& cmds,
                                      const std::vector<std::size_t>& stages,
                                      const SafetyContext& ctx) {
  return pipeline_hits(
      stages.size(), [&](std::size_t i) -> const NormalizedCommand& { return cmds[stages[i]]; },
      ctx);
}

std::vector<std::vector<std::size_t>> pipelines_of(const std::vector<shell::CommandView>& cmds) {
  std::vector<std::vector<std::size_t>> out;
  // The open pipeline of each nesting context: a `|` continues the pipeline of its own context.
  // Hashed: 100,000 commands 60 contexts deep made the ordered map's comparisons a hot spot.
  struct ContextHash {
    std::size_t operator()(const std::vector<std::string>& v) const noexcept {
      std::size_t h = v.size();
      for (const auto& s : v) h = h * 1000003u ^ std::hash<std::string_view>()(s);
      return h;
    }
  };
  std::unordered_map<std::vector<std::string>, std::size_t, ContextHash> open;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const auto& c = cmds[i];
    bool piped = c.op == "|" || c.op == "|&";
    auto it = open.find(c.context);
    if (piped && it != open.end()) {
      out[it->second].push_back(i);
    } else {
      open[c.context] = out.size();
      out.push_back({i});
    }
  }
  return out;
}

std::vector<std::string> safety_check_names() {
  std::vector<std::string> out;
  for (const auto& c : kSafetyChecks) out.emplace_back(c.id);
  return out;
}

}  // namespace vigie::engine
