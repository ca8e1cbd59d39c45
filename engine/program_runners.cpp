// Package runners (engine/program_runners.hpp): npx, pnpx, bunx, `npm exec`, `npm init PKG`,
// `yarn dlx`, `pnpm dlx`, `bun x` fetch a package and run its binary, code vigie cannot see.
// `named_code_word` finds the word that names the package, so that an allow rule covers the
// command only when it names that word (engine/judge_command.cpp). A script of the project's
// package.json (`npm run build`, `npm test`, `yarn build`) is the project's own code: a bare
// allow covers it, like a script file (`allow python3` covers `python3 tool.py`; seed 002's
// `allowed_commands: [npm]` allows `npm test`). The handler (`runner`, named in
// engine/programs_table.cpp) adds what runs a shell line (`npm exec -c`, `npm explore PKG --
// CMD`, `yarn exec`, `pnpm exec`: judged as nested scripts, and at least asked).
#include "engine/program_runners.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// What a subcommand of a runner does.
enum class Runs : char {
  nothing,  // a built-in that runs no named code (install, ls, config…)
  next,     // the next operand names a package fetched and run (exec PKG, dlx PKG, create PKG)
  script,   // a script of the project's package.json (run NAME, test, start, `yarn NAME`): the
            // project's own code, covered by a bare allow like a script file (`python3 tool.py`)
  shell,    // the operands are a shell line (yarn exec, bun exec)
  code,     // code the line does not show or an allow of the program cannot cover: a REPL,
            // inline code (`deno eval CODE`, `bun repl`): the rule must name the subcommand
  explore,  // npm explore PKG -- CMD…: a shell line in the package's folder
  install,  // install PKG, add PKG: the packages named are fetched and their lifecycle scripts
            // (preinstall, install, postinstall) run, unless `--ignore-scripts`: an allow rule
            // must name the install (`allow npm install`); with no package named, the
            // project's declared dependencies (its own choice, like `npm run`): a bare allow
};

struct Sub {
  std::string_view name;
  Runs runs;
  std::string_view alias_of = {};  // an alias: the command it stands for
};

// npm 11 (lib/utils/cmd-list.js): commands and aliases (with the command each stands for),
// resolved by unambiguous prefix like npm's `deref` (an exact alias first). Only those that run
// named code are marked.
constexpr Sub kNpm[] = {
    {"exec", Runs::next},
    {"x", Runs::next, "exec"},
    {"run", Runs::script},
    {"run-script", Runs::script, "run"},
    {"rum", Runs::script, "run"},
    {"urn", Runs::script, "run"},
    {"test", Runs::script},
    {"t", Runs::script, "test"},
    {"tst", Runs::script, "test"},
    {"start", Runs::script},
    {"stop", Runs::script},
    {"restart", Runs::script},
    {"install-test", Runs::script},
    {"it", Runs::script, "install-test"},
    {"install-ci-test", Runs::script},
    {"cit", Runs::script, "install-ci-test"},
    {"sit", Runs::script, "install-ci-test"},
    {"clean-install-test", Runs::script, "install-ci-test"},
    {"init", Runs::next},
    {"create", Runs::next, "init"},
    {"innit", Runs::next, "init"},
    {"explore", Runs::explore},
    // The others, for prefixes: they run no code the rule must name.
    {"access", Runs::nothing},
    {"adduser", Runs::nothing},
    {"approve-scripts", Runs::nothing},
    {"audit", Runs::nothing},
    {"bugs", Runs::nothing},
    {"cache", Runs::nothing},
    {"ci", Runs::nothing},
    {"completion", Runs::nothing},
    {"config", Runs::nothing},
    {"dedupe", Runs::nothing},
    {"deny-scripts", Runs::nothing},
    {"deprecate", Runs::nothing},
    {"diff", Runs::nothing},
    {"dist-tag", Runs::nothing},
    {"docs", Runs::nothing},
    {"doctor", Runs::nothing},
    {"edit", Runs::nothing},
    {"explain", Runs::nothing},
    {"find-dupes", Runs::nothing},
    {"fund", Runs::nothing},
    {"get", Runs::nothing},
    {"help", Runs::nothing},
    {"help-search", Runs::nothing},
    {"install", Runs::install},
    {"install-scripts", Runs::nothing},
    {"link", Runs::nothing},
    {"ll", Runs::nothing},
    {"login", Runs::nothing},
    {"logout", Runs::nothing},
    {"ls", Runs::nothing},
    {"org", Runs::nothing},
    {"outdated", Runs::nothing},
    {"owner", Runs::nothing},
    {"pack", Runs::nothing},
    {"ping", Runs::nothing},
    {"pkg", Runs::nothing},
    {"prefix", Runs::nothing},
    {"profile", Runs::nothing},
    {"prune", Runs::nothing},
    {"publish", Runs::nothing},
    {"query", Runs::nothing},
    {"rebuild", Runs::nothing},
    {"repo", Runs::nothing},
    {"root", Runs::nothing},
    {"sbom", Runs::nothing},
    {"search", Runs::nothing},
    {"set", Runs::nothing},
    {"shrinkwrap", Runs::nothing},
    {"stage", Runs::nothing},
    {"star", Runs::nothing},
    {"stars", Runs::nothing},
    {"team", Runs::nothing},
    {"token", Runs::nothing},
    {"trust", Runs::nothing},
    {"undeprecate", Runs::nothing},
    {"uninstall", Runs::nothing},
    {"unpublish", Runs::nothing},
    {"unstar", Runs::nothing},
    {"update", Runs::nothing},
    {"version", Runs::nothing},
    {"view", Runs::nothing},
    {"whoami", Runs::nothing},
    {"author", Runs::nothing, "owner"},
    {"home", Runs::nothing, "docs"},
    {"issues", Runs::nothing, "bugs"},
    {"info", Runs::nothing, "view"},
    {"show", Runs::nothing, "view"},
    {"find", Runs::nothing, "search"},
    {"add", Runs::install, "install"},
    {"unlink", Runs::nothing, "uninstall"},
    {"remove", Runs::nothing, "uninstall"},
    {"rm", Runs::nothing, "uninstall"},
    {"r", Runs::nothing, "uninstall"},
    {"un", Runs::nothing, "uninstall"},
    {"rb", Runs::nothing, "rebuild"},
    {"list", Runs::nothing, "ls"},
    {"ln", Runs::nothing, "link"},
    {"i", Runs::install, "install"},
    {"u", Runs::nothing, "update"},
    {"up", Runs::nothing, "update"},
    {"c", Runs::nothing, "config"},
    {"s", Runs::nothing, "search"},
    {"se", Runs::nothing, "search"},
    {"ddp", Runs::nothing, "dedupe"},
    {"v", Runs::nothing, "view"},
    {"clean-install", Runs::nothing, "ci"},
    {"why", Runs::nothing, "explain"},
    {"la", Runs::nothing, "ll"},
    {"verison", Runs::nothing, "version"},
    {"ic", Runs::nothing, "ci"},
    {"in", Runs::install, "install"},
    {"ins", Runs::install, "install"},
    {"inst", Runs::install, "install"},
    {"insta", Runs::install, "install"},
    {"instal", Runs::install, "install"},
    {"isnt", Runs::install, "install"},
    {"isnta", Runs::install, "install"},
    {"isntal", Runs::install, "install"},
    {"isntall", Runs::install, "install"},
    {"install-clean", Runs::nothing, "ci"},
    {"isntall-clean", Runs::nothing, "ci"},
    {"hlep", Runs::nothing, "help"},
    {"dist-tags", Runs::nothing, "dist-tag"},
    {"upgrade", Runs::nothing, "update"},
    {"udpate", Runs::nothing, "update"},
    {"ogr", Runs::nothing, "org"},
    {"add-user", Runs::nothing, "adduser"},
};

// yarn (1 and berry) and pnpm run a script for a word that is not one of their commands (pnpm
// then falls back to `exec`): only their built-ins run nothing named. Exact names.
constexpr Sub kYarnPnpm[] = {
    {"run", Runs::script},        {"dlx", Runs::next},
    {"exec", Runs::shell},        {"create", Runs::next},
    {"node", Runs::nothing},      {"x", Runs::next},
    {"add", Runs::install},       {"install", Runs::install},
    {"i", Runs::install},         {"remove", Runs::nothing},
    {"rm", Runs::nothing},        {"uninstall", Runs::nothing},
    {"upgrade", Runs::nothing},   {"up", Runs::nothing},
    {"update", Runs::nothing},    {"why", Runs::nothing},
    {"info", Runs::nothing},      {"list", Runs::nothing},
    {"ls", Runs::nothing},        {"outdated", Runs::nothing},
    {"audit", Runs::nothing},     {"cache", Runs::nothing},
    {"config", Runs::nothing},    {"init", Runs::nothing},
    {"version", Runs::nothing},   {"versions", Runs::nothing},
    {"login", Runs::nothing},     {"logout", Runs::nothing},
    {"pack", Runs::nothing},      {"publish", Runs::nothing},
    {"link", Runs::nothing},      {"unlink", Runs::nothing},
    {"licenses", Runs::nothing},  {"bin", Runs::nothing},
    {"help", Runs::nothing},      {"import", Runs::nothing},
    {"owner", Runs::nothing},     {"tag", Runs::nothing},
    {"team", Runs::nothing},      {"check", Runs::nothing},
    {"global", Runs::nothing},    {"store", Runs::nothing},
    {"root", Runs::nothing},      {"prune", Runs::nothing},
    {"fetch", Runs::nothing},     {"dedupe", Runs::nothing},
    {"explain", Runs::nothing},   {"plugin", Runs::nothing},
    {"set", Runs::nothing},       {"get", Runs::nothing},
    {"npm", Runs::nothing},       {"workspaces", Runs::nothing},
    {"autoclean", Runs::nothing}, {"policies", Runs::nothing},
    {"patch", Runs::nothing},     {"setup", Runs::nothing},
    {"env", Runs::nothing},       {"doctor", Runs::nothing},
    {"deploy", Runs::nothing},    {"rebuild", Runs::nothing},
    {"rb", Runs::nothing},        {"constraints", Runs::nothing},
    {"stage", Runs::nothing},
};

// bun: `bun FILE` runs a file (judged as a path it runs, like `node FILE`); a word that is not
// a file or a command is a script.
constexpr Sub kBun[] = {
    {"run", Runs::script},       {"x", Runs::next},          {"create", Runs::next},
    {"exec", Runs::shell},       {"test", Runs::script},     {"install", Runs::install},
    {"i", Runs::install},        {"add", Runs::install},     {"a", Runs::install},
    {"remove", Runs::nothing},   {"rm", Runs::nothing},      {"update", Runs::nothing},
    {"outdated", Runs::nothing}, {"link", Runs::nothing},    {"unlink", Runs::nothing},
    {"pm", Runs::nothing},       {"build", Runs::nothing},   {"init", Runs::nothing},
    {"upgrade", Runs::nothing},  {"publish", Runs::nothing}, {"audit", Runs::nothing},
    {"info", Runs::nothing},     {"patch", Runs::nothing},   {"why", Runs::nothing},
    {"repl", Runs::code},
};

// deno: `deno FILE` and `deno run FILE` run a file of the project (the interpreter's own rule);
// `run`, `serve`, `test`, `bench`, `install` and `compile` of a URL or an `npm:`/`jsr:`
// specifier fetch code and run it (the rule must name it); `eval CODE`, `repl` and `jupyter`
// run code the line does not show.
constexpr Sub kDeno[] = {
    {"run", Runs::script},          {"serve", Runs::script},     {"test", Runs::script},
    {"bench", Runs::script},        {"task", Runs::script},      {"install", Runs::script},
    {"compile", Runs::script},      {"eval", Runs::code},        {"repl", Runs::code},
    {"jupyter", Runs::code},        {"fmt", Runs::nothing},      {"lint", Runs::nothing},
    {"check", Runs::nothing},       {"doc", Runs::nothing},      {"info", Runs::nothing},
    {"cache", Runs::nothing},       {"add", Runs::nothing},      {"remove", Runs::nothing},
    {"init", Runs::nothing},        {"types", Runs::nothing},    {"coverage", Runs::nothing},
    {"upgrade", Runs::nothing},     {"outdated", Runs::nothing}, {"uninstall", Runs::nothing},
    {"completions", Runs::nothing}, {"help", Runs::nothing},
};

// A module fetched from elsewhere: `https://…`, `npm:pkg`, `jsr:@scope/pkg`.
bool remote_module(std::string_view s) {
  return s.find("://") != std::string_view::npos || s.substr(0, 4) == "npm:" ||
         s.substr(0, 4) == "jsr:";
}

using program_words::starts_with;

// npm's deref: an exact name, else the one name the word is a prefix of (`installTest` is
// `install-test`).
const Sub* npm_command(std::string_view word) {
  std::string kebab;
  if (std::any_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
    for (char c : word) {
      if (c >= 'A' && c <= 'Z') kebab += '-';
      kebab += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    word = kebab;
  }
  const Sub* found = nullptr;
  for (const auto& s : kNpm)
    if (s.name == word) return &s;
  for (const auto& s : kNpm) {
    if (starts_with(s.name, word)) {
      if (found) return nullptr;
      found = &s;
    }
  }
  return found;
}

const Sub* exact(std::string_view word, const Sub* begin, const Sub* end) {
  const Sub* s = std::find_if(begin, end, [&](const Sub& x) { return x.name == word; });
  return s == end ? nullptr : s;
}

// The entry whose options parse the words: npx, pnpx, bunx have their own; npm, yarn, pnpm
// share one; bun is not in the table (its first operand is found without options).
struct Found {
  std::size_t sub = kNoCode;  // the subcommand's index (kNoCode: the program is the runner)
  Runs runs = Runs::nothing;
  std::string_view command;  // npm: the command the subcommand's word names (`pub`: publish)
  std::vector<std::size_t> operands;
};

Found find_sub(std::string_view name, const Words& w) {
  Found f;
  const ProgramDecl* d = find_program(name);
  if (d) {
    ParsedArgs a = parse_args(*d, w, 1);
    f.operands = std::move(a.operands);
  } else {
    for (std::size_t i = 1; i < w.size(); ++i)
      if (!(w[i].literal && !w[i].literal->empty() && (*w[i].literal)[0] == '-'))
        f.operands.push_back(i);
  }
  if (name == "npx" || name == "pnpx" || name == "bunx") {
    f.runs = Runs::next;
    return f;
  }
  if (f.operands.empty()) return f;
  f.sub = f.operands.front();
  // Words before the command that only choose where it runs: `pnpm recursive CMD` (`pnpm -r`),
  // `yarn workspace NAME CMD`, `yarn workspaces foreach [options] CMD` (its first word that is
  // a command of yarn's, else its first operand: a script).
  if (name == "pnpm" || name == "yarn") {
    const auto at = [&](std::size_t k) {
      return k < f.operands.size() ? program_words::lit(w, f.operands[k]) : nullptr;
    };
    const std::string* first = at(0);
    std::size_t skip = 0;
    if (first && name == "pnpm" && *first == "recursive") skip = 1;
    if (first && name == "yarn" && *first == "workspace") skip = 2;
    if (first && name == "yarn" && *first == "workspaces" && at(1) && *at(1) == "foreach") {
      skip = 2;
      for (std::size_t k = 2; k < f.operands.size(); ++k)
        if (const std::string* c = at(k);
            c && exact(*c, std::begin(kYarnPnpm), std::end(kYarnPnpm))) {
          skip = k;
          break;
        }
    }
    if (skip >= f.operands.size()) return f;
    f.sub = f.operands[skip];
  }
  const WordView& word = w[f.sub];
  if (!word.literal) {
    f.runs = Runs::next;  // a subcommand that is not static: it may be `exec`, the rule must
    f.sub = kNoCode;      // name it
    return f;
  }
  const std::string& s = *word.literal;
  const Sub* sub = nullptr;
  if (name == "npm") {
    sub = npm_command(s);
    f.runs = sub ? sub->runs : Runs::nothing;  // npm refuses an unknown command
    if (sub) f.command = sub->alias_of.empty() ? sub->name : sub->alias_of;
    return f;
  }
  if (name == "deno") {
    sub = exact(s, std::begin(kDeno), std::end(kDeno));
    if (!sub) return f;  // `deno FILE`, or a word deno refuses
    f.runs = sub->runs;
    if (f.runs == Runs::script && s != "task")
      for (std::size_t k : f.operands)
        if (k > f.sub && w[k].literal && remote_module(*w[k].literal)) f.runs = Runs::next;
    return f;
  }
  if (name == "bun") {
    sub = exact(s, std::begin(kBun), std::end(kBun));
    if (!sub && (s.find('/') != std::string::npos || s.find('.') != std::string::npos))
      return f;  // a file: the interpreter's own rule (engine/judge_command.cpp)
  } else {
    sub = exact(s, std::begin(kYarnPnpm), std::end(kYarnPnpm));
    // `yarn global add PKG`: an install, from the word `add` on.
    if (s == "global" && f.operands.size() > 1 && w[f.operands[1]].literal &&
        *w[f.operands[1]].literal == "add") {
      f.sub = f.operands[1];
      f.runs = Runs::install;
      return f;
    }
  }
  f.runs = sub ? sub->runs : Runs::script;
  return f;
}

bool is_runner(std::string_view name) {
  return name == "npm" || name == "npx" || name == "yarn" || name == "pnpm" || name == "pnpx" ||
         name == "bun" || name == "bunx" || name == "deno";
}

}  // namespace

std::size_t named_code_word(std::string_view name, const std::vector<shell::WordView>& words) {
  if (name == "docker" || name == "podman" || name == "nerdctl")
    return container_image_word(name, words);
  if (!is_runner(name)) return kNoCode;
  Found f = find_sub(name, words);
  switch (f.runs) {
    case Runs::next: {
      // The operand after the subcommand (npx, pnpx, bunx: the first operand).
      auto it = f.sub == kNoCode ? f.operands.begin()
                                 : std::find(f.operands.begin(), f.operands.end(), f.sub) + 1;
      return it == f.operands.end() ? kNoCode : *it;
    }
    case Runs::install: {
      // A package named (`npm i lodash`), unless scripts are off: the rule must name the
      // install (`allow npm install`, `allow npm install lodash`), not only the program.
      for (const auto& w : words)
        if (w.literal &&
            (*w.literal == "--ignore-scripts" || *w.literal == "--ignore-scripts=true"))
          return kNoCode;
      auto it = std::upper_bound(f.operands.begin(), f.operands.end(), f.sub);
      return it == f.operands.end() ? kNoCode : f.sub;
    }
    case Runs::code:
      return f.sub;  // `deno eval CODE`, `bun repl`: the rule names the subcommand
    case Runs::shell:
    case Runs::explore:
      // The shell line's first word (`bun exec CMD`, `npm explore PKG -- CMD`).
      for (std::size_t k : f.operands)
        if (k > f.sub + (f.runs == Runs::explore ? 1 : 0)) return k;
      return kNoCode;
    default:
      return kNoCode;
  }
}

// `npx prettier --write x`, `npm exec -- eslint --fix x`, `yarn prettier --write x`: a package
// whose binary the programs table declares (a formatter, a linter) does what that program does
// with the words after it (`prettier@3` is prettier, and so is deno's `npm:prettier`). A package
// that runs a command or code
// (`npx cross-env A=1 CMD`, `npx concurrently LINE`, `npx shx rm -rf x`, `npx tsx -e CODE`)
// runs it: its words are judged as a command of their own.
void package_effects(std::string_view runner, const Words& w, std::size_t k, ProgramEffects& out) {
  if (k >= w.size() || !w[k].literal) return;
  std::string pkg = *w[k].literal;
  if (pkg.starts_with("npm:")) pkg.erase(0, 4);  // deno's `npm:prettier@3`
  if (auto at = pkg.find('@', 1); at != std::string::npos) pkg.resize(at);
  const ProgramName pn = program_name(pkg);
  if (w.size() - k > limits::judged_paths) {
    // Copied and judged word by word at each level: bounded before the copy.
    out.escalations.push_back(
        fmt::format("a package's command of more than {} words", limits::judged_paths));
    return;
  }
  Words argv(w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
  // A runner, a wrapper, an interpreter or a launcher runs what follows: judged as a command
  // (`npx npx rm -rf x` is `npx rm -rf x`; the levels are bounded like nested scripts).
  // An interpreter the table does not declare (`npx tsx -e CODE`, `npx ts-node`) as well.
  if ((pn.decl && (pn.wrapper || pn.interpreter || pn.decl->handler == "launcher" ||
                   pn.decl->handler == "runner")) ||
      (!pn.decl && table_interpreter(pn, pkg))) {
    argv[0] = synthesized(w[k], pkg, 0);
    out.argvs.push_back(std::move(argv));
    return;
  }
  // The package's program, under the package's name: a deny or ask rule on that name meets it
  // (`deny rm -rf` and `npx rm -rf x`); an allow of it does not extend to the package.
  out.deny_argvs.push_back(argv);
  out.deny_argvs.back()[0] = synthesized(w[k], pkg, 0);
  // npm reads its own options anywhere up to a `--` and hands the package what is left:
  // `npm exec rm -- -rf x` runs `rm -rf x`. The deny view also sees it without the `--`.
  if (runner == "npm") {
    auto dashes = std::find_if(argv.begin() + 1, argv.end(),
                               [](const WordView& a) { return a.literal && *a.literal == "--"; });
    if (dashes != argv.end()) {
      out.deny_argvs.push_back(out.deny_argvs.back());
      auto& copy = out.deny_argvs.back();
      copy.erase(copy.begin() + (dashes - argv.begin()));
    }
  }
  if (!pn.decl) return;
  ProgramEffects fx;
  program_effects(pn.decl, pkg, argv, fx);
  for (auto& f : fx.files) out.files.push_back(std::move(f));
  for (auto& e : fx.escalations) out.escalations.push_back(std::move(e));
  // What the package's program runs in turn (`npx corepack pnpm exec CMD`, `npx cmake -E rm`).
  for (auto& sc : fx.scripts) out.scripts.push_back(std::move(sc));
  for (auto& a : fx.argvs) out.argvs.push_back(std::move(a));
}

namespace {

// `yarn exec CMD…`, `bun exec LINE`: the words from `from` on, joined, are a shell line run.
void shell_line_effects(const std::string& entry, const Words& w, std::size_t from,
                        ProgramEffects& out) {
  std::string line;
  for (std::size_t k = from; k < w.size(); ++k) {
    if (!w[k].literal) {
      out.escalations.push_back(entry + " with a command that is not static");
      return;
    }
    line += (line.empty() ? "" : " ") + *w[k].literal;
  }
  out.escalations.push_back(entry + ": runs a shell command");
  if (!line.empty()) out.scripts.push_back(line);
}

}  // namespace

bool runner_package_subcommand(std::string_view name, const Words& w, ProgramEffects& out) {
  if (!is_runner(name)) return false;
  const Found f = find_sub(name, w);
  // `bun exec LINE` (bun is not in the table: runner_handler does not see it).
  if (name == "bun" && f.sub != kNoCode && f.runs == Runs::shell) {
    shell_line_effects("bun exec", w, f.sub + 1, out);
    return true;
  }
  if (name == "bun" && f.sub != kNoCode && f.runs == Runs::script && w[f.sub].literal &&
      *w[f.sub].literal == "run") {
    // `bun run NAME …` runs a script, a file or the binary of a package named NAME: the deny
    // view sees the package's command (`bun run rm -rf x`); the rest is judged as a file's.
    auto next = std::upper_bound(f.operands.begin(), f.operands.end(), f.sub);
    if (next == f.operands.end()) return false;
    ProgramEffects fx;
    package_effects(name, w, *next, fx);
    for (auto& a : fx.deny_argvs) out.deny_argvs.push_back(std::move(a));
    return false;
  }
  if (f.sub == kNoCode || f.runs != Runs::next) return false;
  package_effects(name, w, named_code_word(name, w), out);
  return true;
}

void runner_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  runner_manifest_effects(name, w, out);
  package_effects(name, w, named_code_word(name, w), out);
  if (name == "yarn" || name == "pnpm") {
    // `yarn prettier …` runs the package's binary when no script has that name, and so does
    // `yarn run prettier …` (`yarn workspace W run`): the word after `run`.
    Found y = find_sub(name, w);
    std::size_t pkg = y.runs == Runs::script ? y.sub : kNoCode;
    if (pkg != kNoCode && w[pkg].literal && *w[pkg].literal == "run") {
      auto next = std::upper_bound(y.operands.begin(), y.operands.end(), pkg);
      pkg = next == y.operands.end() ? kNoCode : *next;
    }
    if (pkg != kNoCode) package_effects(name, w, pkg, out);
  }
  Found f = find_sub(name, w);
  if (f.sub == kNoCode) {
    // `npx tool .env`, `bunx tool -e .env`: the package's arguments, as `npm exec`'s below.
    const std::size_t pkg = f.runs == Runs::next ? named_code_word(name, w) : kNoCode;
    if (pkg == kNoCode) return;
    const std::string entry = std::string(name) + " " + w[pkg].text;
    for (std::size_t k = pkg + 1; k < w.size(); ++k) add_named_path(w[k], entry, out.files);
    return;
  }
  // npm's command as npm resolves it (`npm pub` is `npm publish`): a deny or ask rule on the
  // command meets the line under that name too.
  std::string command = w[f.sub].literal ? *w[f.sub].literal : "";
  if (!f.command.empty() && f.command != command) {
    // The copy is bounded before it is made (a longer command is asked).
    if (w.size() > limits::judged_paths) {
      out.escalations.push_back(
          fmt::format("an npm command of more than {} words", limits::judged_paths));
    } else {
      out.deny_argvs.push_back(w);
      out.deny_argvs.back()[f.sub] = synthesized(w[f.sub], std::string(f.command), 0);
    }
    command = f.command;
  }
  std::string entry = std::string(name) + " " + command;
  if (command == "pack" || command == "publish") {
    // `npm pack`, `npm publish [DIR]`: the package's files, every file below its folder that
    // the manifest's `files` and `.npmignore` do not leave out (not shown), are packed and
    // uploaded: the folder read with everything below it, as `tar czf x.tgz .`.
    bool folder = false;
    for (std::size_t k : f.operands) {
      const std::string* s = k > f.sub && w[k].literal ? &*w[k].literal : nullptr;
      if (!s || s->empty() || !(s->front() == '.' || s->front() == '/' || s->front() == '~'))
        continue;
      const std::size_t before = out.files.size();
      add_word_file(out, Touch::read, w[k], From::operand, entry + " (the package's files)");
      if (out.files.size() > before) out.files.back().recursive = true;
      folder = true;
    }
    if (!folder) {
      const std::size_t before = out.files.size();
      add_word_file(out, Touch::read, word_of(w[f.sub], "."), From::operand,
                    entry + " (the package's files)");
      if (out.files.size() > before) out.files.back().recursive = true;
    }
    return;
  }
  if (f.runs == Runs::shell || f.runs == Runs::explore) {
    // `yarn exec CMD…`, `npm explore PKG -- CMD…`: the words, joined, are a shell line.
    std::size_t from = f.sub + 1;
    if (f.runs == Runs::explore) {
      from = f.sub + 2;
      if (from < w.size() && w[from].literal && *w[from].literal == "--") ++from;
    }
    shell_line_effects(entry, w, from, out);
  } else if (f.runs == Runs::script || f.runs == Runs::next) {
    // `npm run build -- ~/.ssh/id_rsa`, `npx tool /etc/x`: the script's or the package's
    // arguments, judged by the explicit path rules when they name a path.
    for (std::size_t k = f.sub + 1; k < w.size(); ++k) add_named_path(w[k], entry, out.files);
  }
}

}  // namespace vigie::engine
