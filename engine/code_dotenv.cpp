// Inline code that loads a `.env` file without naming it (`code_loads_dotenv`): python-dotenv's
// `load_dotenv()`, `dotenv_values()`, `find_dotenv()`, python-decouple's `config()`; JavaScript's
// `require("dotenv").config()`, `import "dotenv/config"`, node's `process.loadEnvFile()`; Ruby's
// `Dotenv.load`, `require "dotenv/load"`; Deno's `@std/dotenv/load`. Each reads `./.env`
// (find_dotenv also the parents' `.env`) into the process, as `dotenv CMD` does
// (engine/program_launchers.cpp). A call that names its file (`load_dotenv("x.env")`,
// `config({path: p})`) reads that file: its literal is judged as a path (engine/named_paths.cpp), a
// path built at run time is asked (engine/code_paths_built.cpp).
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "engine/code_dotenv.hpp"
#include "engine/code_dynamic.hpp"
#include "engine/program_handlers.hpp"

namespace vigie::engine {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

// The text between the parentheses of the call opening at code[open] (`(`): nested brackets
// and string literals are skipped; an unclosed call runs to the end.
std::string_view call_arguments(std::string_view code, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '\'' || c == '"' || c == '`') {
      std::size_t j = i + 1;
      while (j < code.size() && code[j] != c) j += code[j] == '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && --depth == 0)
      return code.substr(open + 1, i - open - 1);
  }
  return code.substr(open + 1);
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// python-dotenv's loaders, each `NAME(dotenv_path=None, stream=None, …)`: the default file when
// no argument gives the path (none, or keywords only: `load_dotenv(override=True)`), or when
// the path is `find_dotenv()` with no name of its own. django-environ's `Env.read_env()` and
// django-dotenv's `read_dotenv()` read `.env` the same way.
constexpr std::string_view kPythonLoaders[] = {"load_dotenv", "dotenv_values", "find_dotenv",
                                               "read_dotenv", "read_env"};

bool python_default(std::string_view args) {
  args = trimmed(args);
  if (args.empty()) return true;
  // The first argument: positional (the path) unless it is `NAME=` (a keyword).
  std::size_t k = 0;
  while (k < args.size() && word_char(args[k])) ++k;
  const std::size_t after = args.find_first_not_of(" \t", k);
  if (k > 0 && after != std::string_view::npos && args[after] == '=' &&
      (after + 1 >= args.size() || args[after + 1] != '=')) {
    const std::string_view key = args.substr(0, k);
    return key != "dotenv_path" && key != "stream" && key != "path" && key != "filename";
  }
  return args.starts_with("find_dotenv(") && trimmed(call_arguments(args, 11)).empty();
}

// Module names whose loading reads `./.env`: dotenv's and dotenvx's preload (`-r dotenv/config`,
// `import "dotenv/config"`), dotenv-flow's, Ruby's `dotenv/load`, Deno's `@std/dotenv/load`.
constexpr std::string_view kLoadingModules[] = {"dotenv/config", "dotenvx/config",
                                                "dotenv-flow/config", "dotenv/load"};

// The JavaScript packages whose `config()` reads `./.env` unless given `{path}`.
constexpr std::string_view kJsPackages[] = {"dotenv", "@dotenvx/dotenvx", "dotenv-flow"};

bool names_js_package(std::string_view code) {
  for (std::string_view p : kJsPackages)
    for (char q : {'"', '\'', '`'})
      for (std::size_t at = code.find(p); at != std::string_view::npos; at = code.find(p, at + 1))
        if (at > 0 && code[at - 1] == q && at + p.size() < code.size() && code[at + p.size()] == q)
          return true;
  return false;
}

// node's options whose value is the next word (`-e CODE`, `--title T`): not the script.
constexpr std::string_view kNodeValued[] = {"-e",
                                            "--eval",
                                            "-p",
                                            "--print",
                                            "-pe",
                                            "-r",
                                            "--require",
                                            "--import",
                                            "--loader",
                                            "--experimental-loader",
                                            "-C",
                                            "--conditions",
                                            "--title",
                                            "--input-type",
                                            "--env-file",
                                            "--env-file-if-exists",
                                            "--max-old-space-size",
                                            "--stack-trace-limit",
                                            "--watch-path",
                                            "--test-reporter",
                                            "--test-name-pattern",
                                            "--unhandled-rejections"};

bool node_valued(std::string_view o) {
  for (std::string_view v : kNodeValued)
    if (o == v) return true;
  return false;
}

}  // namespace

void node_preload_dotenv(const std::vector<shell::WordView>& w, std::vector<FileEffect>& out) {
  const shell::WordView* loader = nullptr;
  std::size_t i = 1;
  for (; i < w.size(); ++i) {
    if (!w[i].literal) return;
    const std::string& s = *w[i].literal;
    if (s == "--") {
      ++i;
      break;
    }
    if (s.size() < 2 || s[0] != '-') break;  // the script: its arguments follow
    std::string_view module;
    const auto eq = s.find('=');
    const std::string key = s.substr(0, eq);
    if (eq != std::string::npos) {
      if (key == "--require" || key == "--import") module = std::string_view(s).substr(eq + 1);
    } else if (node_valued(s) && i + 1 < w.size()) {
      if ((s == "-r" || s == "--require" || s == "--import") && w[i + 1].literal)
        module = *w[i + 1].literal;
      ++i;
    }
    if (!module.empty() && module_loads_dotenv(module)) loader = &w[i];
  }
  if (!loader) return;
  // `dotenv_config_path=FILE` among the script's arguments: that file instead.
  for (std::size_t k = i + 1; k < w.size(); ++k)
    if (w[k].literal && w[k].literal->starts_with("dotenv_config_path=")) {
      out.push_back({Touch::read, synthesized(w[k], w[k].literal->substr(19), 19), From::option,
                     "node -r dotenv/config (dotenv_config_path)"});
      return;
    }
  out.push_back({Touch::read, word_of(*loader, ".env"), From::option,
                 "node -r dotenv/config (loads ./.env)"});
}

bool module_loads_dotenv(std::string_view module) {
  for (std::string_view ext : {".js", ".mjs", ".cjs", ".ts"})
    if (module.ends_with(ext)) module.remove_suffix(ext.size());
  for (std::string_view m : kLoadingModules)
    if (module.ends_with(m) &&
        (module.size() == m.size() || module[module.size() - m.size() - 1] == '/'))
      return true;
  return false;
}

bool code_loads_dotenv(std::string_view code) {
  // Every module, loader and package below holds "nv" (`dotenv`, `Dotenv`, `read_env`,
  // `loadEnvFile`), but python-decouple's `config`: code with neither loads nothing, and most
  // code is such.
  if (code.find("nv") == std::string_view::npos && code.find("decouple") == std::string_view::npos)
    return false;
  // A module that loads `./.env` when it is imported, in any string literal (`require(
  // "dotenv/config")`, `import "dotenv/config"`, `require "dotenv/load"`, Deno's
  // `"jsr:@std/dotenv/load"`).
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char q = code[i];
    if (q != '\'' && q != '"' && q != '`') continue;
    std::size_t j = i + 1;
    while (j < code.size() && code[j] != q) j += code[j] == '\\' ? 2 : 1;
    if (j >= code.size()) break;
    const std::string_view s = code.substr(i + 1, j - i - 1);
    for (std::string_view m : kLoadingModules) {
      const std::size_t at = s.find(m);
      if (at != std::string_view::npos &&
          (at == 0 || s[at - 1] == '/' || s[at - 1] == '@' || s[at - 1] == ':'))
        return true;
    }
    i = j;
  }
  const bool js_package = names_js_package(code);
  // python-decouple's `config("KEY")` reads the `.env` (or settings.ini) of the caller's folder
  // or the nearest parent.
  const bool decouple = code.find("decouple") != std::string_view::npos;
  // The bytes the calls' arguments may take, in all: a call left open runs to the end of the
  // code, so `f(f(f(…` read the rest once per call (16,000 calls took 1.2 s). Past it the code
  // is taken to load `./.env` (fail closed); real code nests a few calls deep.
  std::size_t budget = 32 * code.size() + 65536;
  bool over = false;
  const auto arguments = [&](std::size_t open) {
    const std::string_view a = call_arguments(code, open);
    over = over || a.size() > budget;
    budget -= std::min(budget, a.size());
    return a;
  };
  // The calls, by name (a method's too: `dotenv.load_dotenv()`, `environ.Env.read_env()`).
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (!word_char(code[i]) || (i > 0 && word_char(code[i - 1]))) continue;
    std::size_t e = i;
    while (e < code.size() && word_char(code[e])) ++e;
    const std::string_view name = code.substr(i, e - i);
    const std::size_t open = code.find_first_not_of(" \t", e);
    const bool call = open != std::string_view::npos && code[open] == '(';
    const std::string_view args = call ? arguments(open) : std::string_view{};
    if (over) return true;
    for (std::string_view p : kPythonLoaders)
      if (name == p && call && python_default(args)) return true;
    // JavaScript: the package's `config()` or `configDotenv()` without a `path` (dotenv, dotenvx,
    // dotenv-flow's `{node_env}`), node's own `process.loadEnvFile()` (20.12) without a file.
    if (js_package && (name == "config" || name == "configDotenv") && call &&
        args.find("path") == std::string_view::npos)
      return true;
    if (name == "loadEnvFile" && call && trimmed(args).empty()) return true;
    if (decouple && (name == "config" || name == "AutoConfig") && call) return true;
    // Ruby's `Dotenv.load`, `Dotenv.load!`, `Dotenv.overload` without a file (`Dotenv.load
    // "x.env"` names it).
    if (name == "Dotenv" && e + 1 < code.size() && code[e] == '.') {
      std::size_t m = e + 1;
      while (m < code.size() && word_char(code[m])) ++m;
      const std::string_view method = code.substr(e + 1, m - e - 1);
      if (method != "load" && method != "overload") continue;
      if (m < code.size() && code[m] == '!') ++m;
      const std::size_t next = code.find_first_not_of(" \t", m);
      if (next == std::string_view::npos || code[next] == ';' || code[next] == '\n' ||
          code[next] == ')' || (code[next] == '(' && trimmed(arguments(next)).empty()) || over)
        return true;
    }
    i = e - 1;
  }
  return false;
}

}  // namespace vigie::engine
