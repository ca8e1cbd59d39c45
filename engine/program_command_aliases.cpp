// Commands in every spelling their program accepts (engine/program_handlers.hpp,
// `command_spellings`): an alias (`helm uninstall`, `helm delete`, `helm del`, `helm un`;
// `cargo r`; `pnpm rm`), a top-level command and its management form (`docker rm`
// and `docker container rm`, `docker rmi` and `docker image rm`), a command and the options that
// make another one do its job (`terraform destroy`, `terraform apply -destroy`). A deny or ask
// rule written with one spelling meets the others: the command is also judged (by those rules
// only) under each other spelling. Only programs of the programs table are read here.
#include <algorithm>
#include <iterator>
#include <string>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

// One command of some programs (space-separated), each spelling its words after the program's
// global options (`PROGRAM COMMAND --help` lists the aliases).
struct Spellings {
  std::string_view programs;
  std::string_view forms[5];
};
constexpr std::string_view kContainers = "docker podman nerdctl";
constexpr Spellings kCommands[] = {
    {kContainers, {"rm", "container rm", "container remove"}},
    {kContainers, {"rmi", "image rm", "image remove"}},
    {kContainers, {"ps", "container ls", "container list", "container ps"}},
    {kContainers, {"images", "image ls", "image list"}},
    {kContainers, {"run", "container run"}},
    {kContainers, {"create", "container create"}},
    {kContainers, {"exec", "container exec"}},
    {kContainers, {"kill", "container kill"}},
    {kContainers, {"stop", "container stop"}},
    {kContainers, {"start", "container start"}},
    {kContainers, {"restart", "container restart"}},
    {kContainers, {"pause", "container pause"}},
    {kContainers, {"unpause", "container unpause"}},
    {kContainers, {"attach", "container attach"}},
    {kContainers, {"commit", "container commit"}},
    {kContainers, {"cp", "container cp"}},
    {kContainers, {"diff", "container diff"}},
    {kContainers, {"export", "container export"}},
    {kContainers, {"logs", "container logs"}},
    {kContainers, {"port", "container port"}},
    {kContainers, {"rename", "container rename"}},
    {kContainers, {"stats", "container stats"}},
    {kContainers, {"top", "container top"}},
    {kContainers, {"update", "container update"}},
    {kContainers, {"wait", "container wait"}},
    {kContainers, {"build", "image build", "buildx build", "builder build"}},
    {kContainers, {"history", "image history"}},
    {kContainers, {"import", "image import"}},
    {kContainers, {"load", "image load"}},
    {kContainers, {"pull", "image pull"}},
    {kContainers, {"push", "image push"}},
    {kContainers, {"save", "image save"}},
    {kContainers, {"tag", "image tag"}},
    {kContainers, {"volume rm", "volume remove"}},
    {kContainers, {"volume ls", "volume list"}},
    {kContainers, {"network rm", "network remove"}},
    {kContainers, {"network ls", "network list"}},
    {kContainers, {"context rm", "context remove"}},
    {kContainers, {"context ls", "context list"}},
    {kContainers, {"secret rm", "secret remove"}},
    {kContainers, {"config rm", "config remove"}},
    // git's built-in synonyms (engine/program_git.cpp calls command_spellings_at for them).
    {"git", {"add", "stage"}},
    {"git", {"init", "init-db"}},
    {"git", {"remote remove", "remote rm"}},
    // helm 3's aliases.
    {"helm", {"uninstall", "delete", "del", "un"}},
    {"helm", {"list", "ls"}},
    // cargo's built-in aliases.
    {"cargo", {"build", "b"}},
    {"cargo", {"check", "c"}},
    {"cargo", {"doc", "d"}},
    {"cargo", {"run", "r"}},
    {"cargo", {"test", "t"}},
    {"cargo", {"remove", "rm"}},
    // pnpm's.
    {"pnpm", {"remove", "rm", "uninstall", "un"}},
    {"pnpm", {"install", "i"}},
    {"pnpm", {"update", "up", "upgrade"}},
    {"pnpm", {"list", "ls"}},
    {"pnpm", {"test", "t", "tst"}},
    {"pnpm", {"run", "run-script"}},
    {"pnpm", {"link", "ln"}},
    {"pnpm", {"rebuild", "rb"}},
    {"pnpm", {"install-test", "it"}},
    // conda's, mamba's.
    {"conda mamba micromamba", {"remove", "uninstall"}},
    // terraform's destroy mode of apply.
    {"terraform tofu", {"destroy", "apply -destroy"}},
};

// rustup's proxies: a first word `+TOOLCHAIN` picks the toolchain (`cargo +nightly run`), the
// command is the words after it.
constexpr std::string_view kToolchainProxies =
    "cargo rustc rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver cargo-miri rust-gdb "
    "rust-lldb";

// Whether the table's entry `c` is for `program`; entries of one program list follow each other
// (kContainers' 41): `skip` remembers a list that did not name it, so that it is read once.
bool for_program(const Spellings& c, std::string_view program, std::string_view& skip) {
  if (c.programs.data() == skip.data() && c.programs.size() == skip.size()) return false;
  if (program_words::in_words(c.programs, program)) return true;
  skip = c.programs;
  return false;
}

// Whether `word` is the form's option `opt` (`-destroy`): options of the forms are Go flags, the
// programs that have them (terraform) read `-destroy`, `--destroy` and `-destroy=true` alike.
bool option_is(std::string_view opt, std::string_view word) {
  if (word.starts_with("--")) word.remove_prefix(1);
  if (const std::size_t eq = word.find('='); eq != std::string_view::npos) {
    const std::string_view v = word.substr(eq + 1);
    if (v != "true" && v != "1" && v != "t" && v != "T" && v != "TRUE" && v != "True") return false;
    word = word.substr(0, eq);
  }
  return word == opt;
}

// The words of a form found in a command: how many, and at which indexes.
struct Found {
  std::size_t n = 0;
  std::size_t at[5] = {};
  bool in_order = true;  // the words follow each other (else the options were apart)
};

// Where the words of `form` (space-separated) are from w[at]: its commands word after word, its
// options (`-destroy`) among the options that follow, up to the first operand. n == 0: absent.
Found form_at(std::string_view form, const Words& w, std::size_t at) {
  Found f;
  std::size_t next = at;
  while (!form.empty() && f.n < std::size(f.at)) {
    const std::size_t sp = form.find(' ');
    const std::string_view word = form.substr(0, sp);
    std::size_t i = next;
    if (word.starts_with('-')) {
      while (i < w.size() && w[i].literal && w[i].literal->starts_with('-') &&
             *w[i].literal != "--" && !option_is(word, *w[i].literal))
        ++i;
      if (i >= w.size() || !w[i].literal || !option_is(word, *w[i].literal)) return {};
    } else if (i >= w.size() || !w[i].literal || *w[i].literal != word) {
      return {};
    }
    if (i != next) f.in_order = false;
    f.at[f.n++] = i;
    next = i + 1;
    if (sp == std::string_view::npos) break;
    form.remove_prefix(sp + 1);
  }
  return f;
}

}  // namespace

bool has_command_spellings(std::string_view program) {
  if (program_words::in_words(kToolchainProxies, program)) return true;
  if (program == "git")
    return false;  // its handler calls command_spellings_at (`git status`
                   // stays fast)
  std::string_view skip;
  for (const Spellings& c : kCommands)
    if (for_program(c, program, skip)) return true;
  return false;
}

std::string_view container_top_level(std::string_view sub) {
  for (const Spellings& c : kCommands) {
    if (c.programs != kContainers || c.forms[0].find(' ') != std::string_view::npos) continue;
    for (std::string_view f : c.forms)
      if (f.size() == 10 + sub.size() && f.starts_with("container ") && f.ends_with(sub))
        return c.forms[0];
  }
  return {};
}

void command_spellings(std::string_view program, const ProgramDecl& decl, const Words& words,
                       ProgramEffects& out) {
  // `cargo +nightly run` is `cargo run` on another toolchain: judged also without the toolchain.
  const Words* wp = &words;
  Words stripped;
  if (words.size() >= 2 && words[1].literal && words[1].literal->size() > 1 &&
      (*words[1].literal)[0] == '+' && program_words::in_words(kToolchainProxies, program)) {
    if (words.size() > limits::judged_paths) {
      out.escalations.push_back(
          fmt::format("a command of more than {} words in another spelling", limits::judged_paths));
      return;
    }
    stripped = words;
    stripped.erase(stripped.begin() + 1);
    out.deny_argvs.push_back(stripped);
    wp = &stripped;
  }
  const Words& w = *wp;
  // The command's first word, after the program's global options (those its table entry or its
  // `PROGRAM:options` entry declare with a value take the next word).
  std::string key(program);
  key += ":options";
  const ProgramDecl* globals = find_program(key);
  if (!globals) globals = &decl;
  std::size_t at = 1;
  while (at < w.size()) {
    if (!w[at].literal) return;
    const std::string& s = *w[at].literal;
    if (s == "--") return;
    if (s.size() < 2 || s[0] != '-') break;
    at += option_next_word(*globals, s) == NextWord::taken ? 2 : 1;
  }
  command_spellings_at(program, w, at, out);
}

void command_spellings_at(std::string_view program, const Words& w, std::size_t at,
                          ProgramEffects& out) {
  if (at >= w.size()) return;
  std::string_view skip;
  for (const Spellings& c : kCommands) {
    if (!for_program(c, program, skip)) continue;
    Found written;
    std::string_view as_written;
    for (std::string_view f : c.forms) {
      const Found found = f.empty() ? Found{} : form_at(f, w, at);
      if (found.n > written.n) {  // the longest form written (`container rm` over a lone `rm`)
        written = found;
        as_written = f;
      }
    }
    if (written.n == 0) continue;
    // Each spelling copies the command: bounded before the copies (a longer one is asked).
    if (w.size() > limits::judged_paths) {
      out.escalations.push_back(
          fmt::format("a command of more than {} words in another spelling", limits::judged_paths));
      return;
    }
    for (std::string_view f : c.forms) {
      // The form as written is the command itself, unless its options were apart from it
      // (`terraform apply -auto-approve -destroy` is also `apply -destroy -auto-approve`).
      if (f.empty() || (f == as_written && written.in_order)) continue;
      Words argv(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(at));
      for (std::string_view rest = f; !rest.empty();) {
        const std::size_t sp = rest.find(' ');
        argv.push_back(synthesized(w[at], std::string(rest.substr(0, sp)), 0));
        if (sp == std::string_view::npos) break;
        rest.remove_prefix(sp + 1);
      }
      const std::size_t *used = written.at, *used_end = used + written.n;
      for (std::size_t i = at; i < w.size(); ++i)
        if (std::find(used, used_end, i) == used_end) argv.push_back(w[i]);
      out.deny_argvs.push_back(std::move(argv));
    }
    return;
  }
}

}  // namespace vigie::engine
