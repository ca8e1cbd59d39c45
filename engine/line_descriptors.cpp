// Checks across a line's commands that engine/judge_line_checks.cpp makes: a write through a
// descriptor's path (`/dev/stdin`, `/dev/fd/3`) that reopens a file the line opened for reading,
// and the names of the files the line writes that a later command runs (folded, under `make -f`,
// in a nested script).
#include "engine/line_descriptors.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "engine/descriptor_paths.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

namespace {

// Commands that run a file named by their first operand, in a nested script's text.
constexpr std::array<std::string_view, 9> kRunners = {"source", ".",   "bash", "sh",  "zsh",
                                                      "dash",   "ksh", "exec", "make"};

bool writes(std::string_view op) {
  return op == ">" || op == ">>" || op == ">|" || op == "&>" || op == "&>>" || op == "<>" ||
         op == ">&";
}

// `x`, `./x`, `a//b`, `a/./b`: the same name.
std::string fold(std::string_view s) {
  std::string out;
  for (std::size_t a = 0; a <= s.size();) {
    const std::size_t b = std::min(s.find('/', a), s.size());
    const std::string_view c = s.substr(a, b - a);
    a = b + 1;
    if (c.empty() || c == ".") continue;
    if (!out.empty() || s.starts_with('/')) out += '/';
    out += c;
  }
  return out;
}

// Task runners and the files they run with no option naming one (their default names, matched
// without case: just's `justfile` in any case, rake's `Rakefile`/`rakefile.rb`), and the options
// that name another (`just -f FILE`, `rake -f FILE`, `invoke -c NAME` is a module: not a file).
struct DefaultRun {
  std::string_view programs;
  std::string_view files;    // base names, lowercase
  std::string_view options;  // options whose value is the file run
};
constexpr DefaultRun kDefaultRuns[] = {
    {"just", "justfile .justfile", "-f --justfile"},
    {"rake", "rakefile rakefile.rb", "-f --rakefile"},
    {"invoke inv", "tasks.py", "-r --search-root"},
    {"pytest py.test", "conftest.py", ""},
    {"make gmake", "makefile gnumakefile", ""},
};

// Whether two folded names may be the same file: equal, or one is the other's tail
// (`/project/x` and `x`, `y/x` and `x` after `cd y`): the folder is not known here.
bool same_file(std::string_view a, std::string_view b) {
  if (a.size() < b.size()) std::swap(a, b);
  return a == b ||
         (a.ends_with(b) && !b.empty() && b[0] != '/' && a[a.size() - b.size() - 1] == '/');
}

// Whether `name` is one of the space-separated `names`.
bool in_names(std::string_view names, std::string_view name) {
  for (std::size_t a = 0; a < names.size();) {
    const std::size_t b = std::min(names.find(' ', a), names.size());
    if (!name.empty() && names.substr(a, b - a) == name) return true;
    a = b + 1;
  }
  return false;
}

}  // namespace

std::string descriptor_reopen(const std::vector<NormalizedCommand>& cmds) {
  std::vector<int> read_fds;  // the descriptors the line opens on a file for reading
  for (const auto& n : cmds)
    for (const OpenFile& o : open_files(n.redirects, n.redirects.size()))
      if (o.readable && !(o.file->literal && harmless_device(*o.file->literal)))
        read_fds.push_back(o.fd);
  if (read_fds.empty()) return "";
  const auto opened = [&](int fd) {
    return std::find(read_fds.begin(), read_fds.end(), fd) != read_fds.end();
  };
  for (const auto& n : cmds) {
    for (std::size_t i = 0; i < n.redirects.size(); ++i) {
      const auto& r = n.redirects[i];
      if (!writes(r.op) || !r.target.literal) continue;
      const int fd = descriptor_word(r.target);
      if (fd < 0 || !opened(fd)) continue;
      // Opened by the command itself: engine/redirect_effects.cpp judges the write of its file.
      const auto own = open_files(n.redirects, i);
      if (std::any_of(own.begin(), own.end(), [fd](const OpenFile& o) { return o.fd == fd; }))
        continue;
      return *r.target.literal;
    }
    if (reads_descriptor_operands(n.name)) continue;
    for (std::size_t i = 1; i < n.words.size(); ++i)
      if (const int fd = descriptor_word(n.words[i]); fd >= 0 && opened(fd))
        return *n.words[i].literal;
  }
  return "";
}

std::string written_key(std::string_view path) {
  return fold(path);
}

std::string runs_written(const NormalizedCommand& n, const std::vector<std::string>& written) {
  const auto hit = [&](std::string_view s) {
    const std::string k = fold(s);
    return std::any_of(written.begin(), written.end(),
                       [&](const std::string& w) { return same_file(w, k); });
  };
  for (const auto& f : n.files)
    if (f.touch == Touch::exec && f.word.literal && hit(*f.word.literal)) return *f.word.literal;
  if (!n.words.empty() && n.words[0].literal &&
      n.words[0].literal->find('/') != std::string::npos && hit(*n.words[0].literal))
    return *n.words[0].literal;
  // `make -f FILE`, `--file=FILE`, `--makefile FILE`: make runs the recipes FILE holds.
  if (n.name == "make" || n.name == "gmake")
    for (std::size_t i = 1; i < n.words.size(); ++i) {
      if (!n.words[i].literal) continue;
      std::string_view s = *n.words[i].literal;
      std::string_view file;
      if ((s == "-f" || s == "--file" || s == "--makefile") && i + 1 < n.words.size() &&
          n.words[i + 1].literal)
        file = *n.words[i + 1].literal;
      else if (s.starts_with("--file=") || s.starts_with("--makefile="))
        file = s.substr(s.find('=') + 1);
      else if (s.starts_with("-f") && !s.starts_with("--"))
        file = s.substr(2);
      if (!file.empty() && hit(file)) return std::string(file);
    }
  // `echo … > .justfile && just x`, `… > conftest.py; pytest`: the file the task runner reads
  // by default (base names, any case; pytest's conftest.py in any folder it collects), or the
  // one its option names.
  for (const DefaultRun& d : kDefaultRuns) {
    if (!in_names(d.programs, n.name)) continue;
    for (const std::string& w : written) {
      std::string base = w.substr(w.rfind('/') + 1);
      std::transform(base.begin(), base.end(), base.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (in_names(d.files, base)) return w;
    }
    for (std::size_t i = 1; i + 1 < n.words.size(); ++i)
      if (n.words[i].literal && in_names(d.options, *n.words[i].literal) &&
          n.words[i + 1].literal && hit(*n.words[i + 1].literal))
        return *n.words[i + 1].literal;
  }
  // `bash -c 'source x'`, `eval 'sh x'`: a nested script that runs one of them (its words split
  // at blanks and separators, quotes dropped: a run it may hold is enough).
  for (const auto& script : n.nested_scripts) {
    std::vector<std::string> tokens;
    std::string cur;
    for (char c : script + "\n") {
      if (c == '\'' || c == '"') continue;
      if (std::string_view(" \t\n;&|()").find(c) != std::string_view::npos) {
        if (!cur.empty()) tokens.push_back(std::move(cur));
        cur.clear();
        if (c != ' ' && c != '\t') tokens.emplace_back(1, ';');
        continue;
      }
      cur += c;
    }
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      if (tokens[k] == ";" || !hit(tokens[k])) continue;
      const bool command = k == 0 || tokens[k - 1] == ";";
      const bool after_runner =
          k > 0 && (std::find(kRunners.begin(), kRunners.end(), tokens[k - 1]) != kRunners.end() ||
                    (tokens[k - 1].starts_with('-') && k > 1 &&
                     std::find(kRunners.begin(), kRunners.end(), tokens[k - 2]) != kRunners.end()));
      if (after_runner || (command && tokens[k].find('/') != std::string::npos)) return tokens[k];
    }
  }
  return "";
}

}  // namespace vigie::engine
