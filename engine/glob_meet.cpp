#include "engine/glob_meet.hpp"

#include "grammar/limits.hpp"

#include <algorithm>
#include <bitset>
#include <cctype>
#include <cstdint>
#include <string>

namespace vigie::engine {

namespace {

// The members of a named class, `[:name:]` (POSIX and bash's `word`), as bytes. Letters above
// 127 (a UTF-8 locale) are counted in the classes that may hold them; an unknown name is every
// byte.
std::bitset<256> class_members(std::string_view name) {
  std::bitset<256> s;
  auto range = [&](unsigned lo, unsigned hi) {
    for (unsigned v = lo; v <= hi; ++v) s.set(v);
  };
  auto high = [&] { range(128, 255); };
  if (name == "upper" || name == "alpha" || name == "alnum" || name == "word") range('A', 'Z');
  if (name == "lower" || name == "alpha" || name == "alnum" || name == "word") range('a', 'z');
  if (name == "digit" || name == "alnum" || name == "word" || name == "xdigit") range('0', '9');
  if (name == "xdigit") {
    range('a', 'f');
    range('A', 'F');
  }
  if (name == "word") s.set('_');
  if (name == "upper" || name == "lower" || name == "alpha" || name == "alnum" || name == "word")
    high();
  if (name == "space") {
    range('\t', '\r');
    s.set(' ');
  }
  if (name == "blank") {
    s.set(' ');
    s.set('\t');
  }
  if (name == "cntrl") {
    range(0, 31);
    s.set(127);
  }
  if (name == "print" || name == "graph" || name == "punct") {
    range(name == "print" ? 0x20 : 0x21, 0x7e);
    if (name == "punct")
      for (unsigned v = 0; v < 128; ++v)
        if ((v >= '0' && v <= '9') || (v >= 'a' && v <= 'z') || (v >= 'A' && v <= 'Z')) s.reset(v);
    high();
  }
  if (s.none()) s.set();
  return s;
}

// One element of a bracket expression at `g[i]`: a single byte (`x`, `\x`, `[.x.]`) or a
// set (`[:class:]`, `[=x=]`, a multi-byte collating name). Advances `i` past it.
struct Element {
  bool single = true;
  unsigned char byte = 0;
  std::bitset<256> set;
};
// Where the name of `[:`, `[.` or `[=` at `from` ends (its `:]`, `.]`, `=]`): a scan, or a
// binary search in the memo's index.
std::size_t name_end(std::string_view g, char kind, std::size_t from, BracketMemo* memo) {
  const char close[3] = {kind, ']', 0};
  if (!memo) return g.find(close, from);
  if (!memo->indexed) {
    memo->indexed = true;
    for (std::size_t k = 0; k + 1 < g.size(); ++k)
      if (g[k + 1] == ']') {
        if (g[k] == ':') memo->name_ends[0].push_back(k);
        if (g[k] == '.') memo->name_ends[1].push_back(k);
        if (g[k] == '=') memo->name_ends[2].push_back(k);
      }
  }
  const auto& ends = memo->name_ends[kind == ':' ? 0 : kind == '.' ? 1 : 2];
  const auto it = std::lower_bound(ends.begin(), ends.end(), from);
  return it == ends.end() ? std::string_view::npos : *it;
}

Element bracket_element(std::string_view g, std::size_t& i, BracketMemo* memo) {
  Element e;
  if (g[i] == '[' && i + 1 < g.size() && (g[i + 1] == ':' || g[i + 1] == '.' || g[i + 1] == '=')) {
    const char kind = g[i + 1];
    std::size_t end = name_end(g, kind, i + 2, memo);
    if (end != std::string_view::npos) {
      std::string_view name = g.substr(i + 2, end - i - 2);
      i = end + 2;
      if (kind == ':') {
        e.single = false;
        e.set = class_members(name);
      } else if (name.size() == 1) {
        e.byte = static_cast<unsigned char>(name[0]);
        if (kind == '=') {  // an equivalence class: the letter and its accented forms
          e.single = false;
          e.set.set(e.byte);
          for (unsigned v = 128; v < 256; ++v) e.set.set(v);
        }
      } else {
        e.single = false;
        e.set.set();
      }
      return e;
    }
  }
  if (g[i] == '\\' && i + 1 < g.size()) ++i;
  e.byte = static_cast<unsigned char>(g[i++]);
  return e;
}

}  // namespace

std::optional<BracketSet> bracket_set(std::string_view g, std::size_t open, BracketMemo* memo) {
  std::size_t i = open + 1;
  const bool neg = i < g.size() && (g[i] == '!' || g[i] == '^');
  if (neg) ++i;
  BracketSet out;
  bool first = true;
  std::vector<std::size_t> read;  // the elements read, for the memo when nothing closes
  if (memo && memo->open_ends.size() != g.size()) memo->open_ends.assign(g.size(), 0);
  while (i < g.size()) {
    if (g[i] == ']' && !first) {
      if (neg) out.set.flip();
      out.set.reset('/');  // a bracket never matches `/`
      out.end = i;
      return out;
    }
    if (memo && memo->open_ends[i]) break;  // read before by a scan that closed nothing
    if (g[i] != ']') read.push_back(i);     // (a first `]` is a member: not the same read)
    first = false;
    Element lo = bracket_element(g, i, memo);
    if (lo.single && i + 1 < g.size() && g[i] == '-' && g[i + 1] != ']') {
      ++i;
      Element hi = bracket_element(g, i, memo);
      if (hi.single) {
        for (unsigned v = lo.byte; v <= hi.byte; ++v) out.set.set(v);
      } else {
        out.set.set(lo.byte);
        out.set.set('-');
        out.set |= hi.set;
      }
      continue;
    }
    if (lo.single)
      out.set.set(lo.byte);
    else
      out.set |= lo.set;
  }
  if (memo)
    for (std::size_t k : read) memo->open_ends[k] = 1;
  return std::nullopt;
}

namespace {

// One token of a component glob: a set of characters, or a star.
struct Tok {
  bool star = false;
  std::bitset<256> set;
};

// Parses a component glob into tokens; an unterminated `[` is a literal `[`.
std::vector<Tok> tokens(std::string_view g) {
  std::vector<Tok> out;
  out.reserve(g.size());
  BracketMemo memo;
  for (std::size_t i = 0; i < g.size(); ++i) {
    Tok t;
    char c = g[i];
    if (c == '*') {
      if (!out.empty() && out.back().star) continue;
      t.star = true;
    } else if (c == '?') {
      t.set.set();
    } else if (c == '[') {
      if (auto b = bracket_set(g, i, &memo)) {
        t.set = b->set;
        i = b->end;
      } else {
        t.set.set(static_cast<unsigned char>('['));
      }
    } else if (c == '\\' && i + 1 < g.size()) {
      t.set.set(static_cast<unsigned char>(g[++i]));
    } else {
      t.set.set(static_cast<unsigned char>(c));
    }
    out.push_back(t);
  }
  return out;
}

bool meet(const std::vector<Tok>& a, const std::vector<Tok>& b) {
  // reach[i][j]: a[i..] and b[j..] can still match a common string. Filled backwards.
  std::size_t A = a.size(), B = b.size();
  std::vector<char> r((A + 1) * (B + 1), 0);
  auto at = [&](std::size_t i, std::size_t j) -> char& { return r[i * (B + 1) + j]; };
  at(A, B) = 1;
  for (std::size_t i = A + 1; i-- > 0;)
    for (std::size_t j = B + 1; j-- > 0;) {
      if (i == A && j == B) continue;
      bool ok = false;
      if (i < A && a[i].star) ok = at(i + 1, j) || (j < B && at(i, j + 1));
      if (!ok && j < B && b[j].star) ok = at(i, j + 1) || (i < A && at(i + 1, j));
      if (!ok && i < A && j < B && !a[i].star && !b[j].star)
        ok = (a[i].set & b[j].set).any() && at(i + 1, j + 1);
      at(i, j) = ok;
    }
  return at(0, 0);
}

// While a `ShellGlobDots` lives (glob_meet.hpp): the first glob compared is bash's, `dotglob`
// off.
thread_local bool shell_dots = false;

// Whether bash's leading-dot rule holds for the component glob `g`: it does not start with a
// literal `.` (`\.` is one; `[.]` and `?` are not), and holds no `(` (an extglob, a zsh
// qualifier: they keep matching dot-files).
bool skips_dots(std::string_view g) {
  if (!shell_dots || g.empty() || g[0] == '.' || (g.size() > 1 && g[0] == '\\' && g[1] == '.'))
    return false;
  return g.find('(') == std::string_view::npos;
}

// `a`'s tokens for a name that does not start with `.`: the first set loses `.`; a leading
// star is either empty (the next set loses `.`) or a first byte other than `.` and `/`, then a
// star. One list, or two for a leading star.
std::vector<std::vector<Tok>> without_leading_dot(std::vector<Tok> a) {
  if (a.empty()) return {std::move(a)};
  if (!a[0].star) {
    a[0].set.reset('.');
    return {std::move(a)};
  }
  std::vector<Tok> empty_star(a.begin() + 1, a.end());
  if (!empty_star.empty()) empty_star[0].set.reset('.');  // stars collapse: a set follows
  Tok first;
  first.set.set();
  first.set.reset('.');
  first.set.reset('/');
  a.insert(a.begin(), first);
  return {std::move(empty_star), std::move(a)};
}

std::vector<std::string_view> components(std::string_view p) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i <= p.size()) {
    std::size_t j = p.find('/', i);
    if (j == std::string_view::npos) j = p.size();
    if (j > i && p.substr(i, j - i) != ".") out.push_back(p.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// Component lists; `**` in `rule` is any number of components.
bool meet_paths(const std::vector<std::string_view>& t, std::size_t i,
                const std::vector<std::string_view>& g, std::size_t j, int budget,
                std::size_t* cells) {
  if (budget <= 0) return true;  // too intricate: assume they meet (fail closed)
  if (j == g.size()) return i == t.size();
  if (g[j] == "**") {
    for (std::size_t k = i; k <= t.size(); ++k)
      if (meet_paths(t, k, g, j + 1, budget - 1, cells)) return true;
    return false;
  }
  if (i == t.size()) return false;
  return component_globs_meet(t[i], g[j], cells) &&
         meet_paths(t, i + 1, g, j + 1, budget - 1, cells);
}

}  // namespace

// Takes `cost` from the budget (none: no bound); false, and the budget emptied, when it does not
// hold it. 64-bit: a product of two sizes does not fit a 32-bit size_t (WASM).
static bool take(std::size_t* budget, std::uint64_t cost) {
  if (!budget) return true;
  if (cost > *budget) {
    *budget = 0;
    return false;
  }
  *budget -= static_cast<std::size_t>(cost);
  return true;
}

// What splitting `path` into components costs: its bytes, and a slot of the list per component.
static std::uint64_t split_cost(std::string_view path) {
  return path.size() + 64 * static_cast<std::uint64_t>(std::count(path.begin(), path.end(), '/'));
}

bool component_globs_meet(std::string_view a, std::string_view b, std::size_t* budget) {
  // Checked before the work: at most one token per byte of each side, and the table of their
  // pairs.
  const std::uint64_t A = a.size(), B = b.size();
  if (!take(budget, (A + 1) * (B + 1) + 8 * (A + B))) return true;
  if (!skips_dots(a)) return meet(tokens(a), tokens(b));
  // Bash's leading-dot rule: the name both match does not start with `.` (twice the table for
  // a leading star, counted once more).
  if (!take(budget, (A + 2) * (B + 1))) return true;
  const std::vector<Tok> tb = tokens(b);
  for (const auto& ta : without_leading_dot(tokens(a)))
    if (meet(ta, tb)) return true;
  return false;
}

bool path_globs_meet(std::string_view target, std::string_view rule, std::size_t* budget) {
  if (!take(budget, split_cost(target) + split_cost(rule))) return true;
  auto t = components(target);
  if (t.empty()) return false;
  bool folder = !rule.empty() && rule.back() == '/';
  if (rule.find('/') == std::string_view::npos) return component_globs_meet(t.back(), rule, budget);
  if (!rule.empty() && rule[0] == '/') rule.remove_prefix(1);
  auto g = components(rule);
  if (folder) g.push_back("**");
  // `a/**` also covers `a` itself.
  return meet_paths(t, 0, g, 0, 4096, budget);
}

namespace {

// The paths taken for files while a `KnownFiles` lives (glob_meet.hpp).
thread_local const std::vector<std::string>* known_files = nullptr;

bool known_file(std::string_view path) {
  return known_files &&
         std::find(known_files->begin(), known_files->end(), path) != known_files->end();
}

}  // namespace

KnownFiles::KnownFiles(std::vector<std::string> paths)
    : paths_(std::move(paths)), outer_(known_files) {
  known_files = &paths_;
}

KnownFiles::~KnownFiles() {
  known_files = outer_;
}

namespace {

// With bash's leading-dot rule (ShellGlobDots): whether the glob components `t[i..]` can name
// `p[j..]`, a folder above it or a path below it. `**` (globstar; without it one name, as `*`)
// is any number of folders, none starting with `.`. `steps` bounds the work: spent, they meet.
bool reaches_skipping_dots(const std::vector<std::string_view>& t, std::size_t i,
                           const std::vector<std::string_view>& p, std::size_t j, int& steps,
                           std::size_t* budget) {
  if (--steps < 0) return true;  // too intricate: assume they meet (fail closed)
  if (i == t.size() || j == p.size()) return true;
  if (t[i] == "..") return true;  // climbs out: assume it may reach
  if (t[i] == "**") {
    // Last, it names one name at least, not the folder it is in.
    for (std::size_t k = j;; ++k) {
      if ((k > j || i + 1 < t.size()) && reaches_skipping_dots(t, i + 1, p, k, steps, budget))
        return true;
      if (k == p.size() || p[k][0] == '.') return false;
    }
  }
  return component_globs_meet(t[i], p[j], budget) &&
         reaches_skipping_dots(t, i + 1, p, j + 1, steps, budget);
}

}  // namespace

ShellGlobDots::ShellGlobDots(bool on) : outer_(shell_dots) {
  shell_dots = on;
}

ShellGlobDots::~ShellGlobDots() {
  shell_dots = outer_;
}

bool glob_reaches_prefix(std::string_view target, std::string_view prefix, std::size_t* budget) {
  if (!take(budget, split_cost(target) + split_cost(prefix))) return true;
  auto t = components(target);
  auto p = components(prefix);
  if (known_file(prefix)) {
    // A file holds nothing below it: the glob meets it when it can name it or a folder above it
    // (`**` as a whole component is any number of components, as in ripgrep's globs).
    if (std::find(t.begin(), t.end(), "..") != t.end()) return true;  // climbs out
    for (std::size_t k = 1; k <= p.size(); ++k) {
      const std::vector<std::string_view> above(p.begin(), p.begin() + static_cast<long>(k));
      if (meet_paths(above, 0, t, 0, 4096, budget)) return true;
    }
    return false;
  }
  if (shell_dots) {
    int steps = 4096;
    return reaches_skipping_dots(t, 0, p, 0, steps, budget);
  }
  for (std::size_t i = 0; i < t.size() && i < p.size(); ++i) {
    if (t[i] == "**") return true;
    if (t[i] == "..") return true;  // climbs out: assume it may reach
    if (!component_globs_meet(t[i], p[i], budget)) return false;
  }
  return true;
}

std::optional<std::vector<std::string>> brace_expand(std::string_view text, std::size_t max) {
  if (text.size() > limits::brace_word_bytes ||
      text.find_first_of("'\"$`\\") != std::string_view::npos)
    return std::nullopt;
  std::vector<std::string> done;
  std::vector<std::string> work{std::string(text)};
  while (!work.empty()) {
    std::string w = std::move(work.back());
    work.pop_back();
    // The first `{…}` with a top-level `,` or `..`.
    std::size_t open = std::string::npos, close = std::string::npos;
    std::vector<std::size_t> commas;
    for (std::size_t i = 0; i < w.size() && close == std::string::npos; ++i) {
      if (w[i] != '{') continue;
      int depth = 0;
      commas.clear();
      for (std::size_t k = i; k < w.size(); ++k) {
        if (w[k] == '{') ++depth;
        if (w[k] == '}' && --depth == 0) {
          if (!commas.empty() || w.substr(i + 1, k - i - 1).find("..") != std::string::npos) {
            open = i;
            close = k;
          }
          break;
        }
        if (w[k] == ',' && depth == 1) commas.push_back(k);
      }
    }
    if (open == std::string::npos) {
      done.push_back(std::move(w));
      if (done.size() > max) return std::nullopt;
      continue;
    }
    std::string pre = w.substr(0, open), post = w.substr(close + 1);
    std::vector<std::string> alts;
    if (commas.empty()) {
      std::string body = w.substr(open + 1, close - open - 1);
      auto dots = body.find("..");
      std::string lo = body.substr(0, dots), hi = body.substr(dots + 2);
      if (auto d2 = hi.find(".."); d2 != std::string::npos) hi.resize(d2);  // `{1..9..2}`
      try {
        if (lo.size() == 1 && hi.size() == 1 && !std::isdigit(static_cast<unsigned char>(lo[0]))) {
          char a = lo[0], b = hi[0];
          for (int c = a; a <= b ? c <= b : c >= b; c += a <= b ? 1 : -1)
            alts.push_back(std::string(1, static_cast<char>(c)));
        } else {
          // Counted in unsigned arithmetic: `{M..M}` at the bounds of a 64-bit number neither
          // overflows nor loops, and the count is checked before anything is built.
          const long long a = std::stoll(lo), b = std::stoll(hi);
          const auto ua = static_cast<unsigned long long>(a),
                     ub = static_cast<unsigned long long>(b);
          const unsigned long long span = a <= b ? ub - ua : ua - ub;
          if (span >= max) return std::nullopt;
          for (unsigned long long k = 0; k <= span; ++k)
            alts.push_back(std::to_string(a <= b ? static_cast<long long>(ua + k)
                                                 : static_cast<long long>(ua - k)));
        }
      } catch (...) {
        done.push_back(std::move(w));  // not a sequence: bash keeps it as written
        continue;
      }
    } else {
      std::size_t from = open + 1;
      for (std::size_t c : commas) {
        alts.push_back(w.substr(from, c - from));
        from = c + 1;
      }
      alts.push_back(w.substr(from, close - from));
    }
    if (alts.size() + work.size() + done.size() > max) return std::nullopt;
    for (auto& a : alts) work.push_back(pre + a + post);
  }
  return done;
}

}  // namespace vigie::engine
