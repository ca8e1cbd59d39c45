// Paths that name an open file descriptor in any spelling, what a command's redirections open
// its descriptors on, and the text bash gives a program from an unquoted here-document.
#include "engine/descriptor_paths.hpp"

#include <algorithm>
#include <climits>

namespace vigie::engine {

namespace {

bool all_digits(std::string_view c) {
  return !c.empty() && c.find_first_not_of("0123456789") == std::string_view::npos;
}

int number(std::string_view c) {
  long long v = 0;
  for (char d : c) {
    v = v * 10 + (d - '0');
    if (v > INT_MAX) return INT_MAX;
  }
  return static_cast<int>(v);
}

bool process(std::string_view c) {
  return c == "self" || c == "thread-self" || all_digits(c);
}

// The descriptor the folded components name: `/dev/std{in,out,err}`, `/dev/fd/N`,
// `/proc/PID/fd/N` and `/proc/PID/task/TID/fd/N`; -1 for any other.
int at_descriptor(const std::vector<std::string_view>& s) {
  if (s.size() == 2 && s[0] == "dev") {
    if (s[1] == "stdin") return 0;
    if (s[1] == "stdout") return 1;
    if (s[1] == "stderr") return 2;
  }
  if (s.size() == 3 && s[0] == "dev" && s[1] == "fd" && all_digits(s[2])) return number(s[2]);
  if (s.size() == 4 && s[0] == "proc" && process(s[1]) && s[2] == "fd" && all_digits(s[3]))
    return number(s[3]);
  if (s.size() == 6 && s[0] == "proc" && process(s[1]) && s[2] == "task" && process(s[3]) &&
      s[4] == "fd" && all_digits(s[5]))
    return number(s[5]);
  return -1;
}

}  // namespace

DescriptorPath descriptor_path(std::string_view path, std::string_view cwd) {
  DescriptorPath out;
  if (path.find("dev") == path.npos && path.find("proc") == path.npos &&
      cwd.find("/dev") == cwd.npos && cwd.find("/proc") == cwd.npos)
    return out;
  std::string abs;
  if ((path.empty() || path[0] != '/') && !cwd.empty()) {
    abs.assign(cwd);
    abs += '/';
  }
  abs += path;
  const bool rooted = !abs.empty() && abs[0] == '/';
  std::vector<std::string_view> stack;
  for (std::size_t a = 0; a <= abs.size();) {
    const std::size_t b = std::min(abs.find('/', a), abs.size());
    const std::string_view c = std::string_view(abs).substr(a, b - a);
    a = b + 1;
    if (c.empty() || c == ".") continue;
    if (out.fd >= 0) {  // past the number: the kernel follows the descriptor
      out.below = true;
      return out;
    }
    if (c == "..") {
      // `/dev/fd` is a link to `/proc/self/fd`: its parent is `/proc/self`.
      if (stack.size() == 2 && stack[0] == "dev" && stack[1] == "fd")
        stack = {"proc", "self"};
      else if (!stack.empty() && stack.back() != "..")
        stack.pop_back();
      else if (!rooted)
        stack.push_back(c);
      continue;
    }
    stack.push_back(c);
    if (stack.size() > 6) return out;
    if (rooted) out.fd = at_descriptor(stack);
  }
  return out;
}

bool may_name_descriptor(std::string_view relative) {
  bool climbs = false;
  while (relative.starts_with("../") || relative.starts_with("./") || relative.starts_with("/")) {
    climbs = climbs || relative.starts_with("../");
    relative.remove_prefix(relative.find('/') + 1);
  }
  if (!climbs) return false;
  const DescriptorPath d = descriptor_path("/" + std::string(relative), "");
  return d.fd >= 0 && !d.below;
}

std::vector<OpenFile> open_files(const std::vector<shell::RedirectView>& redirects,
                                 std::size_t end) {
  std::vector<OpenFile> open;
  const auto find = [&](int fd) {
    return std::find_if(open.begin(), open.end(), [fd](const OpenFile& o) { return o.fd == fd; });
  };
  const auto set = [&](int fd, const shell::WordView* file, bool readable) {
    if (auto it = find(fd); it != open.end()) open.erase(it);
    if (file) open.push_back({fd, file, readable});
  };
  for (std::size_t i = 0; i < end && i < redirects.size(); ++i) {
    const auto& r = redirects[i];
    const std::string& op = r.op;
    if (r.fd < 0) continue;  // `{var}>`: a number the line does not show
    if (op == "<<" || op == "<<-" || op == "<<<") {
      set(r.fd, nullptr, false);  // a pipe or a deleted file
    } else if (op == "<&" || op == ">&") {
      const std::string* t = r.target.literal ? &*r.target.literal : nullptr;
      std::string_view m = t ? std::string_view(*t) : std::string_view();
      const bool moves = m.ends_with('-') && m.size() > 1;
      if (moves) m.remove_suffix(1);
      if (all_digits(m)) {
        const int from = number(m);
        const auto src = find(from);
        const OpenFile copy = src != open.end() ? *src : OpenFile{from, nullptr, false};
        set(r.fd, copy.file, copy.readable);
        if (moves && from != r.fd) set(from, nullptr, false);
      } else if (op == ">&" && t && *t != "-") {  // `>&FILE`: like `&>FILE`
        set(r.fd, &r.target, false);
        if (r.fd == 1) set(2, &r.target, false);
      } else {
        set(r.fd, nullptr, false);
      }
    } else if (op == "&>" || op == "&>>") {
      set(1, &r.target, false);
      set(2, &r.target, false);
    } else {
      set(r.fd, &r.target, op == "<" || op == "<>");
    }
  }
  return open;
}

int descriptor_word(const shell::WordView& w) {
  if (!w.literal) return -1;
  std::string_view s = *w.literal;
  if (s.starts_with('-') && s.find('=') != s.npos) s.remove_prefix(s.find('=') + 1);
  // Below one (`/dev/fd/3/x`): a path the judge asks for (engine/shell_semantics.hpp).
  const DescriptorPath d = descriptor_path(s, "");
  return d.below ? -1 : d.fd;
}

namespace {

// Programs that only read the descriptor paths among their operands: readers, and the shells
// and interpreters that read a script from one.
constexpr std::string_view kDescriptorReaders[] = {
    "cat", "head",   "tail",    "wc",        "grep",   "less", "more", "diff", "cmp",
    "jq",  "md5sum", "sha1sum", "sha256sum", "base64", "bash", "sh",   "dash", "zsh",
    "ksh", "source", ".",       "python3",   "python", "node", "perl", "ruby"};

}  // namespace

bool reads_descriptor_operands(std::string_view program) {
  return std::find(std::begin(kDescriptorReaders), std::end(kDescriptorReaders), program) !=
         std::end(kDescriptorReaders);
}

std::string descriptor_operand(std::string_view program, const std::vector<shell::WordView>& w,
                               const std::vector<shell::RedirectView>& redirects) {
  if (reads_descriptor_operands(program)) return "";
  const std::vector<OpenFile> open = open_files(redirects, redirects.size());
  for (std::size_t i = 1; i < w.size(); ++i) {
    const int fd = descriptor_word(w[i]);
    if (fd < 0) continue;
    for (const OpenFile& o : open)
      if (o.fd == fd && o.readable)
        return std::string(program) + " " + *w[i].literal +
               ": a descriptor the command opened on a file for reading, which it may open "
               "again for writing";
  }
  return "";
}

std::string heredoc_text(const shell::RedirectView& r) {
  if (!r.heredoc_body) return "";
  const std::string& b = *r.heredoc_body;
  if (r.heredoc_quoted || b.find('\\') == std::string::npos) return b;
  std::string out;
  out.reserve(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b[i] == '\\' && i + 1 < b.size()) {
      const char c = b[i + 1];
      if (c == '\n') {
        ++i;
        continue;
      }
      if (c == '\\' || c == '$' || c == '`') {
        out += c;
        ++i;
        continue;
      }
    }
    out += b[i];
  }
  return out;
}

}  // namespace vigie::engine
