// The targets of the safety checks: how broad is the path a destructive command is given
// (`/`, home, a system folder, the project, a bare wildcard, `$DIR/` with DIR maybe unset)?
// Resolved lexically against cwd and home, with brace expansion; with a FileSystem, symlinks too.
#include "engine/safety_internal.hpp"

#include "engine/glob_meet.hpp"
#include "engine/paths.hpp"

namespace vigie::engine::safety {

namespace {

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

}  // namespace

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
      return "this would wipe the current project folder (`" + std::string(ctx.project_root) + "`)";
    case Broad::unset_prefix:
      return "if the variable is empty or unset, this becomes a path at the root of the "
             "filesystem";
    case Broad::none:
      break;
  }
  return {};
}

namespace {

// One path component against a glob component (`*`, `?`, `[...]`); no `/` inside either.
bool glob_component(std::string_view p, std::string_view s) {
  std::size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = si;
    } else if (pi < p.size() && p[pi] == '[' && bracket_set(p, pi)) {
      auto b = bracket_set(p, pi);
      if (b->set.test(static_cast<unsigned char>(s[si]))) {
        pi = b->end + 1;
        ++si;
      } else if (star != std::string_view::npos) {
        pi = star + 1;
        si = ++mark;
      } else {
        return false;
      }
    } else if (pi + 1 < p.size() && p[pi] == '\\' && p[pi + 1] == s[si]) {
      pi += 2;
      ++si;
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
    f.path = std::string(ctx.cwd) + rest;
  } else {
    f.unset_rest = rest;
    return f;
  }
  f.valid = true;
  return f;
}

// Resolves `p` (absolute, normalized) through symlinks: every component but the last, or all
// of them when `follow_last` (a trailing slash or glob: the command goes inside). A path that
// does not resolve, or past the request's budget, is judged as written.
std::string follow_links(const std::string& p, bool follow_last, const SafetyContext& ctx) {
  if (!ctx.fs || p == "/") return p;
  if (follow_last) {
    Resolved r = resolve_path(p, "/", ctx.home, ctx.fs, ctx.steps);
    return r.ok ? r.path : p;
  }
  auto slash = p.find_last_of('/');
  std::string parent = slash == 0 ? "/" : p.substr(0, slash);
  Resolved r = resolve_path(parent, "/", ctx.home, ctx.fs, ctx.steps);
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

}  // namespace

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
    abs = std::string(ctx.home) + std::string(after);
  } else if (!written.empty() && written[0] == '/') {
    abs = written;
  } else {
    std::string cwd(ctx.cwd);
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

std::vector<std::size_t> operands(const Words& w, std::string_view arg_shorts,
                                  std::initializer_list<std::string_view> arg_longs) {
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

bool is_block_device(std::string_view p) {
  if (!starts_with(p, "/dev/")) return false;
  std::string_view d = p.substr(5);
  for (std::string_view pre : {"sd", "hd", "vd", "xvd", "nvme", "disk", "rdisk", "mmcblk", "md",
                               "dm-", "mapper/", "loop", "sr", "nbd", "zd", "mtd", "ada", "da"})
    if (starts_with(d, pre) && d.size() > pre.size()) return true;
  return false;
}

}  // namespace vigie::engine::safety
