// What bash and the kernel do that changes which file a path names or reruns code held in a
// variable: kept apart from decide so that each can be read and tested on its own.
#include "engine/shell_semantics.hpp"

#include "engine/normalize.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace vigie::engine {

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

// The number of `[` right after a name character in `s` (`a[x]`).
std::size_t subscripts(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = s.find('['); i != std::string_view::npos; i = s.find('[', i + 1))
    n += i > 0 && name_char(s[i - 1]);
  return n;
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
  // `a[x]=1`, `read a[x]`, `unset 'a[x]'`, `test -v a[x]`: a subscript after a name is
  // arithmetic, quoted or not (a builtin reads its words as names). Those inside the held values
  // themselves (`x='a[$(id)]'`) do not count.
  std::size_t held = 0;
  for (const auto& code : held_code) held += subscripts(code);
  return subscripts(line) > held;
}

std::string arithmetic_assignment(std::string_view line) {
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
// descriptors say nothing of it. `..` is not folded: it climbs from the descriptor's folder.
bool below_descriptor(std::string_view path, std::string_view cwd) {
  if (path.find("dev") == path.npos && path.find("proc") == path.npos &&
      cwd.find("/dev") == cwd.npos && cwd.find("/proc") == cwd.npos)
    return false;
  std::string abs;
  if (path.empty() || path[0] != '/') {
    abs.assign(cwd);
    abs += '/';
  }
  abs += path;
  std::vector<std::string_view> parts;
  for (std::size_t a = 0; a < abs.size();) {
    const std::size_t b = std::min(abs.find('/', a), abs.size());
    const std::string_view c = std::string_view(abs).substr(a, b - a);
    if (!c.empty() && c != ".") parts.push_back(c);
    if (parts.size() > 5) break;
    a = b + 1;
  }
  const auto digits = [](std::string_view c) {
    return !c.empty() && c.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (parts.size() >= 3 && parts[0] == "dev") {
    if (parts[1] == "fd" && digits(parts[2]) && parts.size() >= 4) return true;
    if ((parts[1] == "stdin" || parts[1] == "stdout" || parts[1] == "stderr")) return true;
  }
  return parts.size() >= 5 && parts[0] == "proc" && parts[2] == "fd" && digits(parts[3]);
}

}  // namespace vigie::engine
