// Values that assignments earlier in a line give to variables (line_variables.hpp).
#include "engine/line_variables.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>

#include "engine/code_scan.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {
namespace {

bool ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
using code_scan::ident_char;

// One assignment statement the line always runs: where its name starts, where it ends, and the
// value it gives.
struct Set {
  std::size_t name_at;
  std::size_t end;
  std::string value;
  bool splits = false;   // holds blanks or glob characters: unquoted, bash would split or glob it
  bool pattern = false;  // a loop's glob item: the value is one of the names it matches
  bool tilde = false;    // starts with a `~` the shell expanded (`d=~/.ssh`, `d=$HOME/.ssh`)
};
struct Variable {
  std::string name;
  std::vector<Set> sets;
  bool usable = true;
};

// The line's variables, by name (a line of many assignments stays linear).
struct Variables {
  std::vector<Variable> all;
  std::unordered_map<std::string, std::size_t> index;
  bool home_fixed = false;  // the line names HOME only as `$HOME` or `${HOME}`
  Variable* find(std::string_view name) {
    auto it = index.find(std::string(name));
    return it == index.end() ? nullptr : &all[it->second];
  }
  const Variable* find(std::string_view name) const {
    auto it = index.find(std::string(name));
    return it == index.end() ? nullptr : &all[it->second];
  }
  Variable& add(const std::string& name) {
    if (Variable* v = find(name)) return *v;
    index.emplace(name, all.size());
    all.push_back({name, {}, true});
    return all.back();
  }
};

// The value of `name` at byte `at` of the line: the last assignment that ends before it (the
// assignments are in the line's order).
const Set* value_at(const Variables& vars, std::string_view name, std::size_t at) {
  const Variable* v = vars.find(name);
  if (!v || !v->usable) return nullptr;
  auto after = std::upper_bound(v->sets.begin(), v->sets.end(), at,
                                [](std::size_t a, const Set& s) { return a < s.end; });
  return after == v->sets.begin() ? nullptr : &*std::prev(after);
}

// `$NAME` or `${NAME}` at `text[i]` (a `$`): the name, and `i` moved past it; nullopt for any
// other expansion.
std::optional<std::string_view> simple_expansion(std::string_view text, std::size_t& i) {
  std::size_t j = i + 1;
  const bool braced = j < text.size() && text[j] == '{';
  if (braced) ++j;
  if (j >= text.size() || !ident_start(text[j])) return std::nullopt;
  const std::size_t b = j;
  while (j < text.size() && ident_char(text[j])) ++j;
  const std::string_view name = text.substr(b, j - b);
  if (braced) {
    if (j >= text.size() || text[j] != '}') return std::nullopt;
    ++j;
  }
  i = j;
  return name;
}

// The value of a word's source text with its `$NAME` expansions put in, or nullopt when it holds
// anything else that is not static (another expansion, a glob, a brace, a tilde) or an unquoted
// value bash would split or glob. With `tilde`, the value may start with the home folder: a
// leading unquoted `~` or `~/`, `$HOME` when the line never sets it, or a variable holding such
// a value (never elsewhere in the word: `a$d` with `d=~/x` is `a/home/…`); `*tilde` says whether
// it does, the result then starting with `~`.
std::optional<std::string> expand(std::string_view text, const Variables& vars, std::size_t at,
                                  std::size_t& budget, bool* is_pattern = nullptr,
                                  bool* tilde = nullptr) {
  std::string out;
  if (tilde) *tilde = false;
  bool dq = false;
  bool pattern = false;      // a loop's glob item or an unquoted glob is in it: a glob
  bool quoted_glob = false;  // a `*`, `?` or `[` it holds as a character
  const auto add = [&](std::string_view piece) {
    if (piece.find_first_of("*?[") != std::string_view::npos) quoted_glob = true;
    out += piece;
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '$') {
      std::optional<std::string_view> name = simple_expansion(text, i);
      if (!name) return std::nullopt;
      if (*name == "HOME" && tilde && out.empty() && vars.home_fixed &&
          (i == text.size() || text[i] == '/')) {
        *tilde = true;
        out += '~';
        continue;
      }
      const Set* v = value_at(vars, *name, at);
      if (!v || (!dq && v->splits)) return std::nullopt;
      if (v->tilde) {
        if (!tilde || !out.empty()) return std::nullopt;
        *tilde = true;
      }
      if (v->value.size() > budget) return std::nullopt;  // values put in many times (`g=$f$f`)
      budget -= v->value.size();
      if (v->pattern) {
        // Quoted only: a name the glob matches may hold blanks, which would split it.
        if (!dq || !is_pattern) return std::nullopt;
        pattern = true;
        out += v->value;
      } else {
        add(v->value);
      }
      continue;
    }
    if (c == '`') return std::nullopt;
    if (dq) {
      if (c == '"') {
        dq = false;
      } else if (c == '\\' && i + 1 < text.size() &&
                 std::string_view("$`\"\\\n").find(text[i + 1]) != std::string_view::npos) {
        if (text[i + 1] != '\n') add(text.substr(i + 1, 1));
        ++i;
      } else {
        add(text.substr(i, 1));
      }
      ++i;
      continue;
    }
    if (c == '\'') {
      const std::size_t close = text.find('\'', i + 1);
      if (close == std::string_view::npos) return std::nullopt;
      add(text.substr(i + 1, close - i - 1));
      i = close + 1;
      continue;
    }
    if (c == '"') {
      dq = true;
      ++i;
      continue;
    }
    if (c == '\\') {
      if (i + 1 >= text.size()) return std::nullopt;
      if (text[i + 1] != '\n') add(text.substr(i + 1, 1));
      i += 2;
      continue;
    }
    if (c == '*' || c == '?' || c == '[') {
      // `$d/*.py`: a glob of the value's folder, when the caller takes a pattern.
      if (!is_pattern) return std::nullopt;
      pattern = true;
      out += c;
      ++i;
      continue;
    }
    if (c == '~' && tilde && i == 0 && (text.size() == 1 || text[1] == '/')) {
      *tilde = true;
      out += c;
      ++i;
      continue;
    }
    if (c == '{' || c == '~') return std::nullopt;
    out += c;
    ++i;
  }
  if (dq || (pattern && quoted_glob)) return std::nullopt;
  if (is_pattern) *is_pattern = pattern;
  return out;
}

// Marks unusable each variable the line names other than by one of its assignments or a
// `$NAME`/`${NAME}` (`read f`, `for f in`, `${f:=x}`): one pass over the line's words.
void check_names(std::string_view line, Variables& vars) {
  for (std::size_t p = 0; p < line.size();) {
    if (!ident_char(line[p])) {
      ++p;
      continue;
    }
    std::size_t end = p;
    while (end < line.size() && ident_char(line[end])) ++end;
    Variable* v = ident_start(line[p]) ? vars.find(line.substr(p, end - p)) : nullptr;
    const std::size_t at = p;
    p = end;
    if (!v || !v->usable) continue;
    if (std::binary_search(v->sets.begin(), v->sets.end(), at, [](const auto& a, const auto& b) {
          if constexpr (std::is_same_v<std::decay_t<decltype(a)>, Set>)
            return a.name_at < b;
          else
            return a < b.name_at;
        }))
      continue;
    if (at > 0 && line[at - 1] == '$') continue;
    if (at > 1 && line[at - 1] == '{' && line[at - 2] == '$' && end < line.size() &&
        line[end] == '}')
      continue;
    // An option or a path's part (`bash -c`, `src/c`, `a.c`) never names a variable.
    if (at > 0 && (line[at - 1] == '-' || line[at - 1] == '/' || line[at - 1] == '.')) continue;
    v->usable = false;
  }
}

// Whether the line names HOME only in `$HOME` and `${HOME}` (nothing sets it: `HOME=/x`,
// `read HOME`, `export HOME`), so that `$HOME` is the home folder the request gives.
bool home_only_expanded(std::string_view line) {
  for (std::size_t at = line.find("HOME"); at != std::string_view::npos;
       at = line.find("HOME", at + 1)) {
    const bool plain = at > 0 && line[at - 1] == '$';
    const bool braced = at > 1 && line[at - 1] == '{' && line[at - 2] == '$' &&
                        at + 4 < line.size() && line[at + 4] == '}';
    if (!plain && !braced) return false;
  }
  return true;
}

// Variables the shell itself sets or reads as it runs (`cd` moves PWD, `read` sets REPLY, PATH
// finds programs): never substituted.
constexpr std::string_view kShellVariables =
    " PWD OLDPWD HOME PATH CDPATH IFS RANDOM SRANDOM SECONDS LINENO PPID UID EUID REPLY OPTARG "
    "OPTIND HISTCMD SHLVL HOSTNAME PIPESTATUS GLOBIGNORE HISTFILE SHELLOPTS PS4 ENV _ ";

bool shell_variable(std::string_view name) {
  if (name.starts_with("BASH") || name.starts_with("COMP_")) return true;
  const std::size_t at = kShellVariables.find(name);
  return at != std::string_view::npos && kShellVariables[at - 1] == ' ' &&
         kShellVariables[at + name.size()] == ' ';
}

// A statement the line always runs, at its top level: not after `&&` or `||`, not in a
// subshell, a pipeline, a loop, a condition or a function.
bool top_statement(const shell::CommandView& c) {
  return c.redirects.empty() && c.context.size() == 1 &&
         (c.op.empty() || c.op == ";" || c.op == "\n" || c.op == "&");
}

// `export`, `declare`, `typeset`, `readonly` with only `NAME=VALUE` words: assignments too.
bool declaration(const shell::CommandView& c) {
  if (c.argv.size() < 2 || !c.argv[0].literal || !c.assigns.empty()) return false;
  const std::string& n = *c.argv[0].literal;
  return n == "export" || n == "declare" || n == "typeset" || n == "readonly";
}

bool statement(const shell::CommandView& c) {
  return top_statement(c) && (c.argv.empty() || declaration(c));
}

// One assignment of a statement: its name, where the name starts and the assignment ends, and
// its value (`literal`, else the source text of the value). `usable`: a plain one.
struct Item {
  std::string_view name;
  std::size_t name_at = 0, end = 0;
  const std::string* literal = nullptr;
  std::string_view text;
  bool usable = false;
  bool text_is_value = false;  // a declaration's word: `text` is already the value
  bool tilde = false;          // and it starts with an unquoted `~` or `~/` (`export d=~/x`)
};

std::vector<Item> items_of(const shell::CommandView& c) {
  std::vector<Item> out;
  for (const auto& a : c.assigns)
    out.push_back({a.name, a.span.begin, a.span.end, a.value.literal ? &*a.value.literal : nullptr,
                   a.value.text,
                   !a.append && !a.value.has_brace && !a.value.text.starts_with("(")});
  if (!declaration(c)) return out;
  for (std::size_t k = 1; k < c.argv.size(); ++k) {
    const shell::WordView& w = c.argv[k];
    const std::size_t eq = w.text.find('=');
    if (!w.literal || eq == std::string::npos || eq == 0 ||
        !std::all_of(w.text.begin(), w.text.begin() + static_cast<std::ptrdiff_t>(eq),
                     ident_char)) {
      out.push_back({});  // `export -n f`, `declare "f=x"`: a statement vigie does not read
      continue;
    }
    Item it{
        std::string_view(w.text).substr(0, eq), w.span.begin, w.span.end, nullptr, {}, true, true};
    it.text = std::string_view(*w.literal).substr(eq + 1);
    const std::string_view raw = std::string_view(w.text).substr(eq + 1);
    it.tilde = raw.starts_with('~') && (raw.size() == 1 || raw[1] == '/');
    out.push_back(it);
  }
  return out;
}

// A loop the line opens with (`for f in *.py; do`, `select f in .env README; do`): its name
// holds one of its items (a glob: one of the names it matches) from the header on. Items are
// plain characters and quoted runs without expansions; at most limits::loop_items of them.
struct LoopItem {
  std::string value;
  bool glob = false;  // unquoted `*` or `?`: the names it matches
};
struct LeadingLoop {
  std::string_view name;
  std::size_t name_at = 0;
  std::vector<LoopItem> items;
};

// One item of a loop's header at line[i], `i` moved past it: plain characters and quoted runs
// without expansions ('…', "…" without `$`, a backquote or a backslash). nullopt for anything
// else (an expansion, a tilde, a brace, an escape), and for a glob with quoted parts.
std::optional<LoopItem> loop_item(std::string_view line, std::size_t& i) {
  // Characters the shell takes as they are (and `*`, `?`: a glob), nothing it would expand,
  // quote or split.
  constexpr std::string_view kPlain =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+,:@%=*?";
  LoopItem item;
  bool quoted = false;
  const std::size_t from = i;
  while (i < line.size()) {
    const char c = line[i];
    if (kPlain.find(c) != std::string_view::npos) {
      if (c == '*' || c == '?') item.glob = true;
      item.value += c;
      ++i;
    } else if (c == '\'' || c == '"') {
      const std::size_t close = line.find(c, i + 1);
      if (close == std::string_view::npos) return std::nullopt;
      const std::string_view inner = line.substr(i + 1, close - i - 1);
      if (c == '"' && inner.find_first_of("$`\\") != std::string_view::npos) return std::nullopt;
      item.value += inner;
      quoted = true;
      i = close + 1;
    } else {
      break;
    }
  }
  if (i == from || (quoted && item.glob)) return std::nullopt;
  if (i < line.size() && std::string_view(" \t;\n").find(line[i]) == std::string_view::npos)
    return std::nullopt;
  return item;
}

std::optional<LeadingLoop> leading_loop(std::string_view line) {
  const auto blanks = [&](std::size_t& i, bool newlines) {
    const std::size_t from = i;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || (newlines && line[i] == '\n')))
      ++i;
    return i > from;
  };
  const auto word = [&](std::size_t& i, std::string_view w) {
    if (line.substr(i, w.size()) != w) return false;
    i += w.size();
    return true;
  };
  const std::size_t lead = line.find_first_not_of(" \t");
  if (lead == std::string_view::npos || (line[lead] != 'f' && line[lead] != 's'))
    return std::nullopt;
  std::size_t i = lead;
  if (!(word(i, "for") || word(i, "select")) || !blanks(i, false)) return std::nullopt;
  LeadingLoop loop;
  loop.name_at = i;
  if (i >= line.size() || !ident_start(line[i])) return std::nullopt;
  while (i < line.size() && ident_char(line[i])) ++i;
  loop.name = line.substr(loop.name_at, i - loop.name_at);
  if (!blanks(i, false) || !word(i, "in") || !blanks(i, false)) return std::nullopt;
  while (i < line.size() && line[i] != ';' && line[i] != '\n') {
    if (loop.items.size() == limits::loop_items) return std::nullopt;
    std::optional<LoopItem> item = loop_item(line, i);
    if (!item) return std::nullopt;
    loop.items.push_back(std::move(*item));
    blanks(i, false);
  }
  if (loop.items.empty() || i >= line.size()) return std::nullopt;
  ++i;
  blanks(i, true);
  if (!word(i, "do") || i >= line.size() || (line[i] != ' ' && line[i] != '\t' && line[i] != '\n'))
    return std::nullopt;
  return loop;
}

void rewrite(shell::WordView& w, const Variables& vars, std::size_t& budget) {
  if (w.literal || w.has_brace || w.text.find('$') == std::string::npos) return;
  bool pattern = false;
  bool tilde = false;
  std::optional<std::string> v = expand(w.text, vars, w.span.begin, budget, &pattern, &tilde);
  if (!v) return;
  if (pattern || tilde) {
    w.literal.reset();
    w.has_glob = pattern;
  } else {
    w.literal = *v;
  }
  w.has_tilde = tilde;
  w.pattern = *v;
  w.has_expansion = false;
}

}  // namespace

std::size_t leading_loop_items(std::string_view line) {
  std::optional<LeadingLoop> loop = leading_loop(line);
  return loop && loop->items.size() > 1 ? loop->items.size() : 0;
}

void substitute_line_variables(std::vector<shell::CommandView>& cmds, std::string_view line,
                               std::size_t item) {
  std::optional<LeadingLoop> loop = leading_loop(line);
  // Several items and none chosen: the loop's name is a word the line does not show.
  if (loop && loop->items.size() > 1 && item >= loop->items.size()) loop.reset();
  if (!loop && std::none_of(cmds.begin(), cmds.end(), statement)) return;
  if (line.find("IFS") != std::string_view::npos) return;
  // First where each variable is set, and whether the line names it otherwise; then the values,
  // in the order the line sets them (a value may use one set before it).
  Variables vars;
  if (loop) {
    Variable& v = vars.add(std::string(loop->name));
    LoopItem& it = loop->items[loop->items.size() == 1 ? 0 : item];
    // Unquoted, an empty item leaves no word, and blanks or glob characters split or glob.
    const bool splits = it.value.empty() || it.value.find_first_of(" \t\n*?[") != std::string::npos;
    v.sets.push_back(
        {loop->name_at, loop->name_at + loop->name.size(), std::move(it.value), splits, it.glob});
    if (shell_variable(loop->name)) v.usable = false;
  }
  bool unread = false;  // a declaration word vigie does not read: every variable is left alone
  for (const auto& c : cmds) {
    const bool counts = statement(c);
    for (const Item& it : items_of(c)) {
      if (it.name.empty()) {
        unread = true;
        continue;
      }
      if (!std::all_of(it.name.begin(), it.name.end(), ident_char)) continue;
      Variable& v = vars.add(std::string(it.name));
      if (!counts || !it.usable || shell_variable(it.name)) {
        v.usable = false;
        continue;
      }
      v.sets.push_back({it.name_at, it.end, {}});
    }
  }
  if (unread) return;
  // The loop's name set elsewhere too: left alone (a loop in a pipeline or the background runs
  // in a subshell, and the value after it is the one set before).
  if (loop && vars.find(loop->name)->sets.size() > 1) vars.find(loop->name)->usable = false;
  check_names(line, vars);
  vars.home_fixed = home_only_expanded(line);
  // The bytes values may add to the line's words, in all: linear in the line.
  std::size_t budget = 2 * line.size() + 4096;
  std::vector<std::size_t> next(vars.all.size(), 0);  // the next of each variable's sets
  for (const auto& c : cmds) {
    if (!statement(c)) continue;
    for (const Item& it : items_of(c)) {
      Variable* v = vars.find(it.name);
      if (!v || !v->usable) continue;
      Set& set = v->sets[next[static_cast<std::size_t>(v - vars.all.data())]++];
      std::optional<std::string> value;
      bool tilde = false;
      if (it.literal) {
        value = *it.literal;
      } else if (it.text_is_value) {
        value = std::string(it.text);
        tilde = it.tilde;  // `export d=~/.ssh`: a declaration's value is expanded too
      } else {
        value = expand(it.text, vars, it.name_at, budget, nullptr, &tilde);
      }
      if (!value) {
        v->usable = false;
        continue;
      }
      set.tilde = tilde;
      set.splits = value->find_first_of(" \t\n*?[") != std::string::npos;
      set.value = std::move(*value);
    }
  }
  if (std::none_of(vars.all.begin(), vars.all.end(), [](const Variable& v) { return v.usable; }))
    return;
  for (auto& c : cmds) {
    for (auto& w : c.argv) rewrite(w, vars, budget);
    for (auto& w : c.glob_words) rewrite(w, vars, budget);  // `for f in "$d"/*`
    for (auto& r : c.redirects)
      if (r.op != "<<" && r.op != "<<-") rewrite(r.target, vars, budget);
  }
}

}  // namespace vigie::engine
