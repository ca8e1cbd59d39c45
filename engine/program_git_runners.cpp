// git subcommands that run a program the line names (engine/program_git.cpp): `git bisect run`,
// `git for-each-repo`, `git merge-index`, `git hook run`, `git remote-ext`; and the commands git
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
    default:
      break;
  }
}

}  // namespace vigie::engine
