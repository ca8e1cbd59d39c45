// git subcommands that run a program the line names (engine/program_git.cpp): `git bisect run`,
// `git for-each-repo`, `git merge-index`, `git hook run`, `git remote-ext`; those that run one it
// does not show (a server, a browser, man, the diff and merge tools); and the commands git
// knows, for `help.autocorrect`, which runs the command git guesses for an unknown word.
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include "engine/program_git_subcommands.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::in;
using program_words::lit;
using program_words::lit_is;
using program_words::starts_with;
using Id = git_subcommands::Id;

// git 2.39's commands (`git --list-cmds=main`), sorted.
constexpr std::string_view kCommands[] = {"add",
                                          "add--interactive",
                                          "am",
                                          "annotate",
                                          "apply",
                                          "archive",
                                          "bisect",
                                          "bisect--helper",
                                          "blame",
                                          "branch",
                                          "bugreport",
                                          "bundle",
                                          "cat-file",
                                          "check-attr",
                                          "check-ignore",
                                          "check-mailmap",
                                          "check-ref-format",
                                          "checkout",
                                          "checkout--worker",
                                          "checkout-index",
                                          "cherry",
                                          "cherry-pick",
                                          "clean",
                                          "clone",
                                          "column",
                                          "commit",
                                          "commit-graph",
                                          "commit-tree",
                                          "config",
                                          "count-objects",
                                          "credential",
                                          "credential-cache",
                                          "credential-cache--daemon",
                                          "credential-store",
                                          "daemon",
                                          "describe",
                                          "diagnose",
                                          "diff",
                                          "diff-files",
                                          "diff-index",
                                          "diff-tree",
                                          "difftool",
                                          "difftool--helper",
                                          "env--helper",
                                          "fast-export",
                                          "fast-import",
                                          "fetch",
                                          "fetch-pack",
                                          "filter-branch",
                                          "fmt-merge-msg",
                                          "for-each-ref",
                                          "for-each-repo",
                                          "format-patch",
                                          "fsck",
                                          "fsck-objects",
                                          "fsmonitor--daemon",
                                          "gc",
                                          "get-tar-commit-id",
                                          "grep",
                                          "hash-object",
                                          "help",
                                          "hook",
                                          "http-backend",
                                          "http-fetch",
                                          "http-push",
                                          "imap-send",
                                          "index-pack",
                                          "init",
                                          "init-db",
                                          "instaweb",
                                          "interpret-trailers",
                                          "log",
                                          "ls-files",
                                          "ls-remote",
                                          "ls-tree",
                                          "mailinfo",
                                          "mailsplit",
                                          "maintenance",
                                          "merge",
                                          "merge-base",
                                          "merge-file",
                                          "merge-index",
                                          "merge-octopus",
                                          "merge-one-file",
                                          "merge-ours",
                                          "merge-recursive",
                                          "merge-recursive-ours",
                                          "merge-recursive-theirs",
                                          "merge-resolve",
                                          "merge-subtree",
                                          "merge-tree",
                                          "mergetool",
                                          "mktag",
                                          "mktree",
                                          "multi-pack-index",
                                          "mv",
                                          "name-rev",
                                          "notes",
                                          "pack-objects",
                                          "pack-redundant",
                                          "pack-refs",
                                          "patch-id",
                                          "pickaxe",
                                          "prune",
                                          "prune-packed",
                                          "pull",
                                          "push",
                                          "quiltimport",
                                          "range-diff",
                                          "read-tree",
                                          "rebase",
                                          "receive-pack",
                                          "reflog",
                                          "remote",
                                          "remote-ext",
                                          "remote-fd",
                                          "remote-ftp",
                                          "remote-ftps",
                                          "remote-http",
                                          "remote-https",
                                          "repack",
                                          "replace",
                                          "request-pull",
                                          "rerere",
                                          "reset",
                                          "restore",
                                          "rev-list",
                                          "rev-parse",
                                          "revert",
                                          "rm",
                                          "send-email",
                                          "send-pack",
                                          "sh-i18n--envsubst",
                                          "shell",
                                          "shortlog",
                                          "show",
                                          "show-branch",
                                          "show-index",
                                          "show-ref",
                                          "sparse-checkout",
                                          "stage",
                                          "stash",
                                          "status",
                                          "stripspace",
                                          "submodule",
                                          "submodule--helper",
                                          "subtree",
                                          "switch",
                                          "symbolic-ref",
                                          "tag",
                                          "unpack-file",
                                          "unpack-objects",
                                          "update-index",
                                          "update-ref",
                                          "update-server-info",
                                          "upload-archive",
                                          "upload-archive--writer",
                                          "upload-pack",
                                          "var",
                                          "verify-commit",
                                          "verify-pack",
                                          "verify-tag",
                                          "version",
                                          "web--browse",
                                          "whatchanged",
                                          "worktree",
                                          "write-tree"};
static_assert(std::is_sorted(std::begin(kCommands), std::end(kCommands)),
              "kCommands is sorted: git_known_subcommand searches it");

// `git for-each-repo --config=KEY [--] ARGS…`: git runs `git -C REPO ARGS…` in each repository
// the key lists: asked, and the git line of ARGS judged (`-c alias.x='!CMD' x`, `rm -r .`).
void for_each_repo(const Words& w, std::size_t at, ProgramEffects& out) {
  out.escalations.push_back(
      "git for-each-repo runs git in each repository a configuration key lists");
  std::size_t k = at + 1;
  for (; k < w.size() && lit(w, k) && starts_with(*lit(w, k), "-"); ++k) {
    const std::string& s = *lit(w, k);
    if (s == "--") {
      ++k;
      break;
    }
    if (s.size() > 2 && s.find('=') == std::string::npos &&
        std::string_view("--config").starts_with(s))
      ++k;  // `--config KEY`, `--conf KEY`
  }
  if (k >= w.size()) return;
  Words argv{w[0]};
  argv.insert(argv.end(), w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
  out.argvs.push_back(std::move(argv));
}

// `git merge-index [-o] [-q] PROGRAM (-a | [--] FILE…)`: PROGRAM runs on each unmerged file.
void merge_index(const Words& w, std::size_t at, ProgramEffects& out) {
  out.escalations.push_back("git merge-index runs its program on each unmerged file");
  std::size_t k = at + 1;
  while (k < w.size() && lit(w, k) && in(*lit(w, k), {"-o", "-q"})) ++k;
  if (k < w.size()) out.argvs.push_back(Words{w[k]});
}

// `git help -w|--web [TOPIC]` opens the page in a browser (`help.browser`, `web.browser`, else one
// git guesses): a program the line does not show. A page shown by man or info (`git help log`,
// the default) and the lists git prints (`-a`, `-g`) are read only. parse-options takes short
// flags in a cluster (`-wm`: the last wins, asked all the same) and an unambiguous start of a
// long name (`--we`); `--` ends the options.
bool help_opens_browser(const Words& w, std::size_t at) {
  // `git -c help.format=web help TOPIC` (`html`): the browser too.
  for (std::size_t k = 1; k + 1 < at; ++k)
    if (lit_is(w, k, "-c") && lit(w, k + 1)) {
      const std::string kv = policy::ascii_lower(*lit(w, k + 1));
      if (kv == "help.format=web" || kv == "help.format=html") return true;
    }
  for (std::size_t k = at + 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    const std::string_view v = *s;
    if (v == "--") return false;
    if (v[1] != '-' ? v.find('w') != std::string_view::npos
                    : std::string_view("web").starts_with(v.substr(2, v.find('=') - 2)))
      return true;
  }
  return false;
}

// `git remote add [-f] [-t BRANCH] [-m HEAD] [--mirror=…] [--[no-]tags] NAME URL`, `git remote
// set-url [--push] [--add|--delete] NAME URL [OLD]`: a URL written as a local path (`/srv/repo`,
// `file://…`) is a repository git reads, at once with `-f`, at the next fetch or push otherwise:
// judged as a transfer's repository.
void remote_url(const Words& w, std::size_t at, ProgramEffects& out) {
  std::size_t k = at + 1;
  while (k < w.size() && lit(w, k) && starts_with(*lit(w, k), "-")) ++k;  // `-v`
  if (!lit_is(w, k, "add") && !lit_is(w, k, "set-url")) return;
  const std::string entry = "git remote " + *lit(w, k) + " URL";
  std::vector<std::size_t> operands;
  for (++k; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (s && *s == "--") {
      for (++k; k < w.size(); ++k) operands.push_back(k);
      break;
    }
    if (s && s->size() > 1 && (*s)[0] == '-') {
      if (in(*s, {"-t", "-m", "--track", "--master"})) ++k;  // its value, the next word
      continue;
    }
    operands.push_back(k);
  }
  if (operands.size() < 2) return;
  const WordView& r = w[operands[1]];
  const std::string* t = r.literal ? &*r.literal : r.pattern ? &*r.pattern : nullptr;
  if (const std::string_view v = t ? named_path(*t) : std::string_view(); !v.empty())
    add_word_file(out, Touch::read, v.size() == t->size() ? r : word_of(r, std::string(v)),
                  From::operand, entry);
}

// `git clang-format [OPTIONS] [COMMIT] [-- FILE…]` (argparse: a unique start of a long name)
// rewrites the lines that differ from COMMIT in the files of the work tree, which the line does
// not name, or in the files after `--` (not with `--diff` or `--diffstat` before `--`: printed);
// `--style=file:PATH` reads PATH.
void clang_format(const Words& w, std::size_t at, ProgramEffects& out) {
  bool prints = false;
  for (std::size_t k = at + 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    if (*s == "--") {  // the files it is limited to: rewritten, or read for the diff it prints
      for (++k; k < w.size(); ++k)
        add_word_file(out, prints ? Touch::read : Touch::write, w[k], From::operand,
                      "git clang-format FILE");
      break;
    }
    const std::string_view v = *s;
    if (v == "--diff" || (v.size() > 6 && std::string_view("--diffstat").starts_with(v)))
      prints = true;
    const std::size_t eq = v.find('=');
    const std::string_view name = v.substr(0, eq);
    if (name.size() < 5 || !std::string_view("--style").starts_with(name)) continue;
    const WordView* value = eq != std::string_view::npos ? &w[k]
                            : k + 1 < w.size()           ? &w[k + 1]
                                                         : nullptr;
    const std::string* text = value ? value->literal ? &*value->literal : nullptr : nullptr;
    if (!text) continue;
    const std::string_view style = eq != std::string_view::npos
                                       ? std::string_view(*text).substr(eq + 1)
                                       : std::string_view(*text);
    if (style.starts_with("file:"))
      add_word_file(out, Touch::read, word_of(*value, std::string(style.substr(5))), From::option,
                    "git clang-format --style=file:");
  }
  if (!prints) add_tree_write(out, "git clang-format (the lines it reformats)");
}

// `git difftool|mergetool --tool-help`: the tools it lists, none run. difftool's parse-options
// takes a unique start (`--tool-h`) and lets `--no-tool-help` undo it; git-mergetool.sh reads
// `--tool-help` whole (`--tool-h` is `--tool` with a value) and stops at its first operand.
bool tool_help(bool difftool, const Words& w, std::size_t at) {
  bool help = false;
  for (std::size_t k = at + 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    const std::string_view v = *s;
    if (v == "--" || (!difftool && !v.starts_with("-"))) break;
    if (!difftool)
      help = help || v == "--tool-help" || v.starts_with("--tool-help=");
    else if (v.size() > 6 && std::string_view("--tool-help").starts_with(v))
      help = true;
    else if (v.size() > 9 && std::string_view("--no-tool-help").starts_with(v))
      help = false;
  }
  return help;
}

}  // namespace

bool git_known_subcommand(std::string_view s) {
  return std::binary_search(std::begin(kCommands), std::end(kCommands), s);
}

bool git_autocorrects(std::string_view key_value) {
  const std::size_t eq = key_value.find('=');
  if (policy::ascii_lower(key_value.substr(0, eq)) != "help.autocorrect") return false;
  if (eq == std::string_view::npos) return true;  // `-c help.autocorrect`: true
  const std::string v = policy::ascii_lower(key_value.substr(eq + 1));
  return !in(v, {"0", "never", "false", "no", "off"});
}

void git_runners(Id id, const Words& w, std::size_t at, ProgramEffects& out) {
  switch (id) {
    case Id::bisect:
      // `git bisect run CMD…` (`git bisect--helper run`): CMD runs at each step.
      if (lit_is(w, at + 1, "run") || lit_is(w, at + 1, "--bisect-run")) {
        out.escalations.push_back("git bisect run");
        if (at + 2 < w.size())
          out.argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(at) + 2, w.end());
      }
      // `git bisect replay FILE`: the log it reads (and replays).
      if ((lit_is(w, at + 1, "replay") || lit_is(w, at + 1, "--bisect-replay")) &&
          at + 2 < w.size())
        add_word_file(out, Touch::read, w[at + 2], From::operand, "git bisect replay");
      break;
    case Id::for_each_repo:
      for_each_repo(w, at, out);
      break;
    case Id::merge_index:
      merge_index(w, at, out);
      break;
    case Id::hook:
      // `git hook run NAME`: the repository's hook NAME, a program the line does not show.
      if (lit_is(w, at + 1, "run") || !lit(w, at + 1))
        out.escalations.push_back("git hook run runs one of the repository's hooks");
      for (std::size_t k = at + 2; k < w.size(); ++k) {
        const std::string* s = lit(w, k);
        if (!s || *s == "--") break;
        if (starts_with(*s, "--to-stdin="))
          add_word_file(out, Touch::read, word_of(w[k], s->substr(11)), From::option,
                        "git hook run --to-stdin");
        else if (*s == "--to-stdin" && k + 1 < w.size())
          add_word_file(out, Touch::read, w[++k], From::option, "git hook run --to-stdin");
      }
      break;
    case Id::remote_ext:
      git_remote_ext(w, at, out);
      break;
    case Id::clang_format:
      clang_format(w, at, out);
      break;
    case Id::remote:
      remote_url(w, at, out);
      break;
    // A server of the repositories below its folders (any repository with `--export-all` and
    // none named), gitweb's server and the browser it opens, git-shell (the commands of
    // ~/git-shell-commands), a browser: programs the line does not show.
    case Id::daemon:
      out.escalations.push_back("git daemon serves repositories over the network");
      break;
    case Id::instaweb:
      out.escalations.push_back("git instaweb starts a web server and a browser");
      break;
    case Id::shell:
      out.escalations.push_back("git shell runs the commands it is given or its own");
      break;
    case Id::web_browse:
      out.escalations.push_back("git web--browse opens a browser");
      break;
    case Id::help:
      if (help_opens_browser(w, at)) out.escalations.push_back("git help --web opens a browser");
      break;
    // The tool the configuration names (`diff.tool`, `difftool.NAME.cmd`; else one git guesses
    // among those installed), as `git diff --ext-diff` runs `diff.external`; difftool--helper,
    // the script difftool runs, has no list to print.
    case Id::difftool:
    case Id::mergetool:
      if (lit_is(w, at, "difftool--helper") || !tool_help(id == Id::difftool, w, at))
        out.escalations.push_back(std::string("git ") +
                                  (id == Id::difftool ? "difftool" : "mergetool") +
                                  " runs the tool its configuration names");
      break;
    default:
      break;
  }
}

}  // namespace vigie::engine
