// What bash and the kernel do that changes which file a path names or reruns code held in a
// variable: kept apart from decide so that each can be read and tested on its own.
#include "engine/shell_semantics.hpp"

#include "engine/descriptor_paths.hpp"
#include "engine/normalize.hpp"
#include "engine/programs.hpp"
#include "engine/programs_decl.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace vigie::engine {

bool tilde_quoted(std::string_view text, bool tilde) {
  if (!tilde) {
    if (text.starts_with('$')) text.remove_prefix(1);  // `$"~/x"`, `$'~/x'`
    return !text.empty() && (text[0] == '"' || text[0] == '\'' || text[0] == '\\');
  }
  if (!text.starts_with('~')) return false;  // `"$d/x"` with `d=~`: the home folder
  // The tilde-prefix runs to the first unquoted `/`: a quote or escape in it keeps the `~`.
  for (std::size_t i = 1; i < text.size() && text[i] != '/'; ++i)
    if (text[i] == '"' || text[i] == '\'' || text[i] == '\\') return true;
  return false;
}

bool opens_as_given(std::string_view entry, bool redirect) {
  if (redirect) return true;  // bash opens it
  // Style `~` of the programs table (engine/programs_table.cpp): the program never expands a
  // `~` in the names it is given. The entry names the program first (`cat operand`).
  const ProgramName p = program_name(entry.substr(0, entry.find(' ')));
  return p.program != ProgramName::kNone &&
         std::string_view(program_source(p.program).style).find('~') != std::string_view::npos;
}

std::string word_path(const shell::WordView& w) {
  const std::string& p = *w.pattern;
  return p.starts_with('~') && tilde_quoted(w.text, w.has_tilde) ? "./" + p : p;
}

// `/proc/self/root/X` is `/X` and `/proc/self/cwd/X` is `X` in the command's folder, for the
// process that opens them: not vigie's own process, whose /proc entries the filesystem would
// show. Also `/proc/thread-self/…` and `/proc/PID/…`.
std::string proc_self(const std::string& raw, const std::string& cwd) {
  if (raw.find("proc") == std::string::npos && cwd.find("proc") == std::string::npos &&
      raw.find("/fd") == std::string::npos && cwd.find("/fd") == std::string::npos)
    return raw;
  std::string abs = !raw.empty() && raw[0] == '/' ? raw : cwd + "/" + raw;
  std::vector<std::string> stack;
  std::size_t i = 0;
  bool changed = false;
  while (i <= abs.size()) {
    std::size_t j = abs.find('/', i);
    if (j == std::string::npos) j = abs.size();
    std::string c = abs.substr(i, j - i);
    i = j + 1;
    if (c.empty() || c == ".") continue;
    if (c == "..") {
      // `/dev/fd` is a link to `/proc/self/fd`: its parent is `/proc/self`.
      if (stack.size() == 2 && stack[0] == "dev" && stack[1] == "fd") {
        stack = {"proc", "self"};
        changed = true;
        continue;
      }
      if (!stack.empty()) stack.pop_back();
      continue;
    }
    stack.push_back(c);
    auto is_pid = [](const std::string& x) {
      return x == "self" || x == "thread-self" ||
             (!x.empty() && x.find_first_not_of("0123456789") == std::string::npos);
    };
    // `/proc/PID/task/TID/cwd`: a thread's folders, as its process's.
    if (stack.size() == 5 && stack[0] == "proc" && is_pid(stack[1]) && stack[2] == "task" &&
        is_pid(stack[3]) && (stack[4] == "root" || stack[4] == "cwd"))
      stack.erase(stack.begin() + 2, stack.begin() + 4);
    if (stack.size() == 3 && stack[0] == "proc" && is_pid(stack[1]) &&
        (stack[2] == "root" || stack[2] == "cwd")) {
      bool root = stack[2] == "root";
      stack.clear();
      changed = true;
      if (!root) {
        std::string base = proc_self(cwd, "/");
        for (std::size_t a = 1; a <= base.size();) {
          std::size_t b = base.find('/', a);
          if (b == std::string::npos) b = base.size();
          if (b > a) stack.push_back(base.substr(a, b - a));
          a = b + 1;
        }
      }
    }
  }
  if (!changed) return raw;
  std::string out;
  for (const auto& c : stack) out += "/" + c;
  return out.empty() ? "/" : out;
}

namespace {

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The number of subscripts in `s`: a `[` right after a name character (`a[x]`), or the key of a
// compound assignment (`z=([x]=1)`, `([1]=a [x]=b)`: after `(` or a blank, its `]` followed by
// `=` or `+=`), which is arithmetic for an indexed array; a key of digits names no variable
// (`([0]=a)`). One pass: brackets nest.
std::size_t subscripts(std::string_view s) {
  std::size_t n = 0;
  std::vector<std::size_t> keys;  // for each open `[`: where it is, or npos when after a name
  for (std::size_t i = s.find('['); i < s.size(); i = s.find_first_of("[]", i + 1)) {
    if (s[i] == '[') {
      const char before = i > 0 ? s[i - 1] : '\0';
      n += name_char(before);
      const bool key = before == '(' || before == ' ' || before == '\t' || before == '\n';
      keys.push_back(key ? i : std::string_view::npos);
    } else if (!keys.empty()) {
      const std::string_view rest = s.substr(i + 1);
      const std::size_t at = keys.back();
      keys.pop_back();
      if (at != std::string_view::npos && (rest.starts_with('=') || rest.starts_with("+=")))
        n += s.substr(at + 1, i - at - 1).find_first_not_of("0123456789 \t") !=
             std::string_view::npos;
    }
  }
  return n;
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// The first variable that changes what runs or where (is_dangerous_variable) and that a
// mechanism other than an assignment sets: a named descriptor's redirection, `{NAME}>FILE` or
// `{NAME}<FILE` (NAME gets the descriptor's number, `exec {PATH}>/dev/null` makes PATH `10`;
// `{HOME[0]}>FILE` sets an element of HOME, which `$HOME` reads),
// and a named coprocess, `coproc NAME COMPOUND` (NAME gets an array of two descriptors). Read
// from the line's text, quoted or not (fail closed). Empty when there is none.
std::string descriptor_assignment(std::string_view line) {
  const auto name_end = [&](std::size_t k) {
    if (k >= line.size() || !name_char(line[k]) ||
        std::isdigit(static_cast<unsigned char>(line[k])))
      return k;
    while (k < line.size() && name_char(line[k])) ++k;
    return k;
  };
  for (std::size_t i = line.find('{'); i != std::string_view::npos; i = line.find('{', i + 1)) {
    if (i > 0 && line[i - 1] == '$') continue;  // `${PATH}>out`: an expansion
    const std::size_t e = name_end(i + 1);
    if (e == i + 1) continue;
    std::size_t close = e;
    if (close < line.size() && line[close] == '[') {  // `{HOME[0]}>x` sets HOME too
      int depth = 0;
      for (; close < line.size(); ++close) {
        if (line[close] == '[') {
          ++depth;
        } else if (line[close] == ']' && --depth == 0) {
          break;
        }
      }
      ++close;  // past the `]` (or the end)
    }
    if (close + 1 >= line.size() || line[close] != '}') continue;
    if (line[close + 1] != '>' && line[close + 1] != '<') continue;
    const std::string_view name = line.substr(i + 1, e - i - 1);
    if (is_dangerous_variable(name)) return std::string(name);
  }
  for (std::size_t i = line.find("coproc"); i != std::string_view::npos;
       i = line.find("coproc", i + 6)) {
    if (i > 0 && (name_char(line[i - 1]) || line[i - 1] == '$' || line[i - 1] == '-')) continue;
    std::size_t k = i + 6;
    if (k >= line.size() || !blank(line[k])) continue;
    while (k < line.size() && blank(line[k])) ++k;
    const std::size_t e = name_end(k);
    if (e == k) continue;
    std::size_t b = e;
    while (b < line.size() && blank(line[b])) ++b;
    // A compound command after the name (`coproc PATH { …; }`); else NAME is the command.
    const std::string_view rest = line.substr(b);
    bool compound = rest.starts_with('{') || rest.starts_with('(') || rest.starts_with("[[");
    for (std::string_view kw : {"while", "until", "if", "for", "select", "case"})
      compound = compound || (rest.starts_with(kw) &&
                              (rest.size() == kw.size() || !name_char(rest[kw.size()])));
    const std::string_view name = line.substr(k, e - k);
    if (b > e && compound && is_dangerous_variable(name)) return std::string(name);
  }
  return "";
}

}  // namespace

bool evaluates_again(std::string_view line, const std::vector<std::string>& held_code) {
  for (std::string_view k : {"$((", "$[", "((", "[[", "${!", "@P}", "let "})
    if (line.find(k) != std::string_view::npos) return true;
  for (std::size_t i = line.find("${"); i != std::string_view::npos; i = line.find("${", i + 2)) {
    std::size_t j = i + 2;
    if (j < line.size() && (line[j] == '@' || line[j] == '*')) ++j;  // `${@:x}`
    while (j < line.size() && name_char(line[j])) ++j;
    if (j >= line.size()) break;
    // `${arr[x]}`: a subscript is arithmetic.
    if (line[j] == '[') return true;
    // `${s:x}`, `${s:0:x}`: a substring's offset and length are arithmetic (not `${s:-w}`,
    // `${s:=w}`, `${s:?w}`, `${s:+w}`).
    if (line[j] == ':' && j + 1 < line.size() &&
        std::string_view("-=?+").find(line[j + 1]) == std::string_view::npos)
      return true;
  }
  // `a[x]=1`, `read a[x]`, `unset 'a[x]'`, `test -v a[x]`, `z=([x]=1)`: a subscript after a
  // name, or an indexed array's key, is arithmetic, quoted or not (a builtin reads its words as
  // names). Those inside the held values themselves (`x='a[$(id)]'`) do not count.
  std::size_t held = 0;
  for (const auto& code : held_code) held += subscripts(code);
  return subscripts(line) > held;
}

bool history_expands(std::string_view line, std::size_t newline) {
  // Both options, by any spelling: `set -o history`, `shopt -so history`; `set -H`, `set -Ho
  // history`, `set -o histexpand`. A name or a cluster anywhere counts (fail closed).
  const std::size_t history = line.find("history");
  if (history == std::string_view::npos) return false;
  std::size_t on = line.find("histexpand");
  for (std::size_t i = line.find('-'); i != std::string_view::npos && i < on;
       i = line.find('-', i + 1)) {
    if (i > 0 && !blank(line[i - 1]) && line[i - 1] != '\n' && line[i - 1] != ';') continue;
    std::size_t k = i + 1;
    while (k < line.size() && std::isalpha(static_cast<unsigned char>(line[k])) && line[k] != 'H')
      ++k;
    if (k < line.size() && line[k] == 'H') on = i;
  }
  if (on == std::string_view::npos) return false;
  // The lines after the one that turns both on.
  std::size_t from = line.find('\n', std::max(history, on));
  if (from == std::string_view::npos || from < newline) return false;
  bool sq = false, dq = false;
  for (std::size_t i = from; i < line.size(); ++i) {
    const char c = line[i];
    if (sq) {
      sq = c != '\'';
    } else if (c == '\\') {
      ++i;
    } else if (c == '\'' && !dq) {
      sq = true;
    } else if (c == '"') {
      dq = !dq;
    } else if (c == '^' && line[i - 1] == '\n') {
      return true;  // `^old^new`: the line before, with old replaced
    } else if (c == '!' && i + 1 < line.size()) {
      // bash's history_no_expand_chars: a blank, a newline, `=` or `(` after `!`.
      const char next = line[i + 1];
      if (!blank(next) && next != '\n' && next != '=' && next != '(') return true;
    }
  }
  return false;
}

std::string arithmetic_assignment(std::string_view line) {
  if (std::string name = descriptor_assignment(line); !name.empty()) return name;
  bool arithmetic = evaluates_again(line, {});
  for (std::size_t i = line.find("let"); !arithmetic && i != std::string_view::npos;
       i = line.find("let", i + 3))
    arithmetic = (i == 0 || !name_char(line[i - 1])) && i + 3 < line.size() &&
                 (line[i + 3] == ' ' || line[i + 3] == '\t');
  if (!arithmetic) return "";
  const auto skip_spaces = [&](std::size_t k) {
    while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
    return k;
  };
  for (std::size_t i = 0; i < line.size();) {
    if (!name_char(line[i]) || std::isdigit(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    bool lower = false;
    for (; i < line.size() && name_char(line[i]); ++i)
      if (std::islower(static_cast<unsigned char>(line[i]))) lower = true;
    if (lower || (start > 0 && (name_char(line[start - 1]) || line[start - 1] == '$'))) continue;
    const std::string_view name = line.substr(start, i - start);
    std::size_t k = i;
    if (k < line.size() && line[k] == '[') {  // `PATH[0] = 1`
      k = line.find(']', k);
      if (k == std::string_view::npos) break;
      ++k;
    }
    k = skip_spaces(k);
    std::string_view rest = line.substr(k);
    bool assigns = rest.starts_with("++") || rest.starts_with("--") ||
                   (rest.starts_with("=") && !rest.starts_with("==")) ||
                   (rest.size() >= 2 && rest[1] == '=' &&
                    std::string_view("+-*/%&^|").find(rest[0]) != std::string_view::npos) ||
                   rest.starts_with("<<=") || rest.starts_with(">>=");
    if (!assigns) {  // `++PATH`, `-- PATH`
      std::size_t b = start;
      while (b > 0 && (line[b - 1] == ' ' || line[b - 1] == '\t')) --b;
      assigns = b >= 2 && ((line[b - 1] == '+' && line[b - 2] == '+') ||
                           (line[b - 1] == '-' && line[b - 2] == '-'));
    }
    if (assigns && is_dangerous_variable(name)) return std::string(name);
  }
  return "";
}

// Whether `path` (absolute, or relative to `cwd`) names a file below an open descriptor
// (`/dev/fd/3/x`, `/dev/stdout/x`, `/proc/self/fd/3/x`, `/proc/PID/fd/3/x`): the kernel follows
// the descriptor, which a redirection may have opened on any folder (`3<tests`), and vigie's own
// descriptors say nothing of it. `..` is folded up to the number (`/dev/../dev/fd/3/x`,
// `/proc/self/fd/../fd/3/x`), not after it: there it climbs from the descriptor's folder.
// A relative path that names a descriptor through the folder (`cd /dev/fd; echo x >0`,
// `cd /dev; bash stdin`) counts too: which file the descriptor is on is not judged.
bool below_descriptor(std::string_view path, std::string_view cwd) {
  const DescriptorPath d = descriptor_path(path, cwd);
  return d.below || (d.fd >= 0 && !path.starts_with('/'));
}

}  // namespace vigie::engine
