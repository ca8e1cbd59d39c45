// corepack, Node's manager of package managers (handler `corepack`, options read as its
// clipanion parser does: long options by their exact name, `--name=VALUE` or `--name VALUE`).
//
// `corepack NAME[@VERSION] ARGS…` runs that package manager (npm, npx, pnpm, pnpx, yarn,
// yarnpkg) with ARGS: judged as that command, the version dropped (`corepack yarn@1.22.22
// prettier --write x` is `yarn prettier --write x`; yarnpkg is yarn). `enable` and `disable`
// write or delete shims in `--install-directory DIR` (`DIR/*`), or, without it, next to corepack
// in a folder the line does not show (asked). `use PATTERN` and `up` rewrite ./package.json
// (its `packageManager` field) and run that manager's install; `pack` writes its `-o FILE`
// (./corepack.tgz by default). `install`, `cache clean`: corepack's own cache.
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::in;
using program_words::lit;
using program_words::starts_with;

namespace {

// The package managers corepack runs, by the name given on its line, and the programs table's
// name for each.
struct Manager {
  std::string_view given;
  std::string_view program;
};
constexpr Manager kManagers[] = {{"npm", "npm"},   {"npx", "npx"},   {"pnpm", "pnpm"},
                                 {"pnpx", "pnpx"}, {"yarn", "yarn"}, {"yarnpkg", "yarn"}};

std::string_view manager_program(std::string_view word) {
  const std::size_t at = word.find('@');
  const std::string_view name = word.substr(0, at);
  for (const Manager& m : kManagers)
    if (m.given == name) return m.program;
  return {};
}

// The value of long option `name` among w[from…] (`--name=V` or `--name V`), or nullptr;
// `attached` holds an attached value's word.
const WordView* long_value(const Words& w, std::size_t from, std::string_view name,
                           WordView& attached) {
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if (*s == "--") return nullptr;
    if (*s == name) return i + 1 < w.size() ? &w[i + 1] : nullptr;
    if (starts_with(*s, name) && s->size() > name.size() && (*s)[name.size()] == '=') {
      attached = word_of(w[i], s->substr(name.size() + 1));
      return &attached;
    }
  }
  return nullptr;
}

void add(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  add_word_file(out, t, w, From::operand, std::move(entry));
}

}  // namespace

void corepack_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  if (w.size() < 2) return;
  const std::string* cmd = lit(w, 1);
  if (!cmd) {
    out.escalations.push_back("corepack with a command that is not static");
    return;
  }
  if (const std::string_view prog = manager_program(*cmd); !prog.empty()) {
    Words argv(w.begin() + 1, w.end());
    argv[0] = word_of(w[1], std::string(prog));
    out.argvs.push_back(std::move(argv));
    return;
  }
  WordView attached;
  if (*cmd == "enable" || *cmd == "disable") {
    const Touch t = *cmd == "enable" ? Touch::write : Touch::delete_;
    if (const WordView* dir = long_value(w, 2, "--install-directory", attached))
      add_folder_files(out, *dir, From::option, "corepack " + *cmd + " --install-directory");
    else if (t == Touch::write)
      out.escalations.push_back("corepack enable: shims written next to corepack");
    else
      out.escalations.push_back("corepack disable: shims deleted next to corepack");
    return;
  }
  if (*cmd == "use" || *cmd == "up") {
    add(out, Touch::write, word_of(w[1], "package.json"), "corepack " + *cmd);
    const std::string* pattern = lit(w, 2);
    const std::string_view prog = pattern ? manager_program(*pattern) : std::string_view{};
    if (*cmd == "use" && !prog.empty()) {
      out.argvs.push_back({word_of(w[2], std::string(prog)), word_of(w[2], "install")});
    } else {
      out.escalations.push_back("corepack " + *cmd +
                                ": runs the project's package manager install");
    }
    return;
  }
  if (*cmd == "pack") {
    const WordView* o = long_value(w, 2, "--output", attached);
    if (!o) o = long_value(w, 2, "-o", attached);
    add(out, Touch::write, o ? *o : word_of(w[1], "corepack.tgz"), "corepack pack");
    return;
  }
  if (in(*cmd, {"install", "cache", "prepare", "hydrate", "-h", "--help", "-v", "--version"}))
    return;
  out.escalations.push_back("corepack " + *cmd + ": a command vigie does not know");
}

}  // namespace vigie::engine
