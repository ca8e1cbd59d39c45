// Programs whose subcommand rewrites source files in place (handler `fmt-command`): `ruff
// format`, `ruff check --fix`, `cargo fmt`, `cargo fix`, `cargo clippy --fix`, `cargo insta
// accept`, `go fmt`, `go fix`, `mix format`, `dart format`, `zig fmt`, `taplo fmt`, `dprint fmt`,
// `buf format -w`, `sqlfluff fix`, `gci write`, `php-cs-fixer fix`, `packer fmt`, `pre-commit
// run` (its hooks rewrite the files they check), `golangci-lint run --fix`, `golangci-lint fmt`,
// `prisma format`, `terragrunt hclfmt`; and `cargo new|init DIR` (a new project's files
// in DIR). Its entries also include the task runners and build tools read by
// engine/program_task_runners.cpp (rustup, just, rake, tox, gradle, bazel, pytest, dotnet's
// MSBuild commands…). The subcommands are one table; the program's own
// options and operands are the programs table's (engine/programs_table_tools.cpp,
// engine/programs_table_fixers.cpp).
#include <string>
#include <string_view>

#include "engine/program_data.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_task_runners.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct FormatCommand {
  std::string_view program;
  std::string_view sub;
  // Options (or words: `cargo insta accept`) that make it rewrite (empty: it always does), and
  // options that make it only report.
  std::string_view writes_with;
  std::string_view reads_with;
  // What its operands are: 'p' paths (a folder with every file below it), 'k' Go packages
  // (`./...`: the folder and below; `./pkg`: the folder's files), '-' none (the whole project).
  char operands;
  // The files of a folder it rewrites (`**/*.rs`): a narrowed tree, at most asked, that a rule
  // on other files (`.env`) does not meet; empty: any file. A file operand is also judged as
  // written.
  std::string_view below;
};

constexpr FormatCommand kFormatCommands[] = {
    {"ruff", "format", "", "--check --diff", 'p', "**/*.py*"},
    {"ruff", "check", "--fix --unsafe-fixes", "--no-fix --diff", 'p', "**/*.py*"},
    {"cargo", "fmt", "", "--check", '-', "**/*.rs"},
    {"go", "fmt", "", "-n", 'k', "**/*.go"},
    {"cargo", "fix", "", "", '-', "**/*.rs"},
    {"cargo", "clippy", "--fix", "", '-', "**/*.rs"},
    {"cargo", "insta", "accept review --accept", "--check", '-', "**/*.snap"},
    {"go", "fix", "", "", 'k', "**/*.go"},
    {"mix", "format", "", "--check-formatted --dry-run", 'p', "**/*.ex*"},
    {"dart", "format", "", "-o --output", 'p', "**/*.dart"},
    {"dart", "fix", "--apply", "--dry-run", 'p', "**/*.dart"},
    {"zig", "fmt", "", "--check", 'p', "**/*.zig"},
    {"taplo", "fmt", "", "--check", 'p', "**/*.toml"},
    {"taplo", "format", "", "--check", 'p', "**/*.toml"},
    {"dprint", "fmt", "", "", 'p', ""},
    {"buf", "format", "-w --write", "", 'p', "**/*.proto"},
    {"sqlfluff", "fix", "", "", 'p', "**/*.sql"},
    {"sqlfluff", "format", "", "", 'p', "**/*.sql"},
    {"gci", "write", "", "", 'p', "**/*.go"},
    {"php-cs-fixer", "fix", "", "--dry-run", 'p', "**/*.php"},
    {"packer", "fmt", "", "-check", 'p', "**/*.pkr.hcl"},
    {"pre-commit", "run", "", "", '-', ""},
    {"golangci-lint", "run", "--fix", "", 'k', "**/*.go"},
    {"golangci-lint", "fmt", "", "-d --diff --stdin", 'k', "**/*.go"},
    {"prisma", "format", "", "--check", '-', "**/*.prisma"},
    {"terragrunt", "hclfmt", "", "--check --terragrunt-check --diff", '-', "**/*.hcl"},
    // Not formatters, but the same effect: a new project's files written in the folder named
    // (the current one without an operand).
    {"cargo", "new", "", "", 'p', ""},
    {"cargo", "init", "", "", 'p', ""},
};

// zig's subcommands that write besides `fmt`: `zig cc`/`zig c++` are clang's driver (cc's
// options: `-o FILE`); `zig build-exe|build-lib|build-obj|test|translate-c` write what
// `-femit-KIND=PATH` names; `zig build -p|--prefix DIR` installs into DIR. True when `sub` was
// one of them.
bool zig_effects(std::string_view name, const std::string& sub, const Words& w, std::size_t at,
                 ProgramEffects& out) {
  const std::string entry = std::string(name) + " " + sub;
  if (sub == "cc" || sub == "c++") {
    if (const ProgramDecl* cc = find_program("cc"))
      cc_handler(*cc, entry, Words(w.begin() + static_cast<std::ptrdiff_t>(at), w.end()), out);
    return true;
  }
  const bool emits = sub == "build-exe" || sub == "build-lib" || sub == "build-obj" ||
                     sub == "test" || sub == "translate-c" || sub == "run";
  if (!emits && sub != "build") return false;
  for (std::size_t k = at + 1; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (!s) continue;
    if (emits && s->starts_with("-femit-") && s->find('=') != std::string::npos) {
      const std::size_t eq = s->find('=');
      add_word_file(out, Touch::write, synthesized(w[k], s->substr(eq + 1), eq + 1), From::option,
                    entry + " " + s->substr(0, eq));
    } else if (!emits && (*s == "-p" || *s == "--prefix") && k + 1 < w.size()) {
      rewrite_tree(out, w[++k], entry + " " + *s, "");
    } else if (!emits && s->starts_with("--prefix=")) {
      rewrite_tree(out, synthesized(w[k], s->substr(9), 9), entry + " --prefix", "");
    }
  }
  return true;
}

// Whether the command names its configuration file (pre-commit's `-c|--config`).
bool given_config(const ParsedArgs& args) {
  for (const ParsedOption& o : args.options)
    if (o.decl && option_name(*o.decl) == "--config") return true;
  return false;
}

}  // namespace

void rewrite_tree(ProgramEffects& out, const WordView& dir, std::string entry,
                  std::string_view below) {
  const std::size_t at = out.files.size();
  add_word_file(out, Touch::write, dir, From::operand, std::move(entry));
  if (out.files.size() == at) return;
  out.files.back().recursive = true;
  out.files.back().below = std::string(below);
}

void format_command_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                            ProgramEffects& out) {
  const bool go = p.names.front() == "go";
  ParsedArgs args = go ? parse_args_eq(p, w, 1) : parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  // The task runners' and build tools' entries of this handler (engine/program_task_runners.cpp).
  if (task_runner_effects(p, name, w, args, out)) return;
  // `cargo +nightly fmt`: rustup's toolchain word comes before the subcommand.
  std::size_t first = 0;
  while (first < args.operands.size() && w[args.operands[first]].literal &&
         w[args.operands[first]].literal->starts_with('+'))
    ++first;
  if (first >= args.operands.size() || !w[args.operands[first]].literal) return;
  const std::string& sub = *w[args.operands[first]].literal;
  if (p.names.front() == "zig" && zig_effects(name, sub, w, args.operands[first], out)) return;
  if (p.names.front() == "cargo" && cargo_effects(name, sub, w, args.operands[first], out)) return;
  if (go && go_effects(name, sub, w, args.operands[first], out)) return;
  // pre-commit: `try-repo REPO` fetches a repository's hooks and runs them; `install` and
  // `install-hooks` write git hooks (`.git/hooks/*`, run by later git commands);
  // `autoupdate` rewrites the configuration to the hooks' newest revisions.
  if (p.names.front() == "pre-commit") {
    const std::string entry = std::string(name) + " " + sub;
    if (sub == "try-repo")
      out.escalations.push_back(entry + ": fetches a repository's hooks and runs them");
    else if (sub == "install" || sub == "install-hooks" || sub == "init-templatedir")
      out.escalations.push_back(entry + ": installs git hooks that later git commands run");
    else if (sub == "autoupdate" && !given_config(args))
      add_word_file(out, Touch::write, word_of(w[0], ".pre-commit-config.yaml"), From::operand,
                    entry);
  }
  for (const FormatCommand& c : kFormatCommands) {
    if (c.program != p.names.front() || c.sub != sub) continue;
    // The subcommand's own options follow it; `cargo fmt -- --check` passes them to rustfmt.
    bool writes = c.writes_with.empty(), reads = false;
    std::vector<std::size_t> paths;
    for (std::size_t k = args.operands[first] + 1; k < w.size(); ++k) {
      const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
      if (!s) continue;
      const std::string opt = s->substr(0, s->find('='));
      writes = writes || program_words::in_words(c.writes_with, opt);
      reads = reads || program_words::in_words(c.reads_with, opt);
    }
    if (c.operands != '-') paths.assign(args.operands.begin() + first + 1, args.operands.end());
    if (!writes || reads) return;
    const std::string entry = std::string(name) + " " + sub;
    WordView here = word_of(w[0], ".");
    // No operand: the whole tree, or its files of one kind; any file (`pre-commit run`): files
    // of the work tree the line does not name (engine/tree_writes.cpp).
    if (paths.empty() && c.below.empty())
      add_tree_write(out, entry);
    else if (paths.empty())
      rewrite_tree(out, here, entry, c.below);
    for (std::size_t k : paths) {
      const WordView& o = w[k];
      if (c.operands == 'k' && o.literal && o.literal->ends_with("/...")) {
        std::string dir = o.literal->substr(0, o.literal->size() - 4);
        rewrite_tree(out, word_of(o, dir.empty() ? "." : dir), entry, c.below);
      } else if (c.operands == 'k') {
        rewrite_tree(out, o, entry, "*.go");  // a package: the folder's files
      } else {
        rewrite_tree(out, o, entry, c.below);
      }
    }
    return;
  }
}

}  // namespace vigie::engine
