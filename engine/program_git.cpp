// Handler `git` of the programs table: git's global options (git.c: exact spellings, no
// abbreviations) and its subcommands' paths, pathspecs and programs. Its configuration keys
// (`-c KEY=VALUE`, `git config`) are judged in engine/program_git_config.cpp.
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <string>

#include "engine/program_git_subcommands.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::in;
using program_words::lit;
using program_words::lit_is;
using program_words::starts_with;

namespace gs = git_subcommands;
using Sub = git_subcommands::Entry;

// A word git would take for a revision rather than a path: `HEAD`, `HEAD~2`, `main^`, `@{1}`,
// `FETCH_HEAD`, `refs/…`, `origin/main`, an abbreviated or full object name.
bool looks_like_revision(std::string_view s) {
  if (s.empty() || s.find(':') != std::string_view::npos) return false;  // REV:PATH: an object
  if (s.find_first_of("~^@") != std::string_view::npos || s.ends_with("HEAD") ||
      starts_with(s, "refs/") || starts_with(s, "origin/") || starts_with(s, "upstream/"))
    return true;
  return s.size() >= 7 && s.size() <= 64 &&
         s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// `git show HEAD:.env`, `git cat-file -p :0:.env`, `git diff A:x B:x`: an object named by a
// revision and a path (`REV:PATH`; `:PATH` and `:N:PATH` in the index) is that path's content
// in the repository, read; a tree reader reads it with everything below it (`HEAD:` is the
// top). PATH is from the repository's top (FileEffect::top_relative: judged from the folder the
// command works in and the folders above it), but `./x` and `../x`, from that folder.
// A word that is not static and holds a `:` names an object the line does not show.
// The object readers and tree readers are git_subcommands' (`git ls-tree` reads a tree's names
// only; `git unpack-file BLOB` writes the blob's content into a file of the current folder).
void object_paths(const Sub& g, const Words& w, std::size_t from, ProgramEffects& out) {
  if (!(g.traits & gs::object_reader)) return;
  const bool tree = g.traits & gs::tree_reader;
  const std::string entry = "git " + std::string(g.name) + " REV:PATH";
  for (std::size_t k = from; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (s && (*s == "--" || *s == "--no-index")) return;  // paths follow, or no objects at all
    if (!s) {
      if (w[k].text.find(':') != std::string::npos)
        add_word_file(out, Touch::read, w[k], From::operand, entry);
      continue;
    }
    const auto object = git_object_path(*s);
    if (!object) continue;
    std::string_view path = *object;
    if (path.empty()) {
      if (!tree) continue;
      path = ".";
    }
    const std::size_t at = out.files.size();
    if (tree) {
      FileEffect f{Touch::read, word_of(w[k], std::string(path)), From::operand, entry};
      f.recursive = true;
      out.files.push_back(std::move(f));
    } else {
      add_word_file(out, Touch::read, word_of(w[k], std::string(path)), From::operand, entry);
    }
    if (out.files.size() > at) out.files.back().top_relative = git_top_relative(*object);
  }
}

// The pathspecs of a content reader (git_subcommands' pathspec readers: history, diffs, blame;
// add and commit, into the repository; every file below a pathspec is read): every word after
// `--`, and among the operands before it those git would take for pathspecs anyway (a wildcard,
// magic `:(…)`; every operand of a pathspec-only subcommand: `git add icon@2x.png`). `git log
// -L1,2:FILE` (`-L:FUNC:FILE`) reads FILE.
void pathspec_reads(const Sub& g, const Words& w, std::size_t from, const ParsedArgs& args,
                    ProgramEffects& out) {
  if (!(g.traits & gs::pathspec_reader)) return;
  const bool only = g.traits & gs::pathspec_only;
  const std::string entry = "git " + std::string(g.name) + " pathspec";
  std::size_t dashdash = w.size();
  for (std::size_t k = from; k < w.size(); ++k)
    if (lit_is(w, k, "--")) {
      dashdash = k;
      break;
    }
  // `git --icase-pathspecs log -- .ENV`: every pathspec matches names in any case.
  bool icase = false;
  for (std::size_t k = 1; k + 1 < from; ++k) icase = icase || lit_is(w, k, "--icase-pathspecs");
  // Only excludes (`-- ':!src'`) select every other file: the whole tree.
  bool selects = false, excludes = false;
  const auto read = [&](const WordView& x) {
    (git_pathspec_read(x, entry, out, icase) ? selects : excludes) = true;
  };
  for (std::size_t k = dashdash + 1; k < w.size(); ++k) read(w[k]);
  // git grep's first operand is its pattern; its table shape reads the paths after it.
  for (std::size_t k : g.id == gs::Id::grep ? std::vector<std::size_t>{} : args.operands) {
    const std::string* s = lit(w, k);
    if (k >= dashdash) continue;
    if (!s) {  // a revision or a path the line does not show; add's and commit's are paths
      if (only) read(w[k]);
      continue;
    }
    // Before `--` git takes a word for a path when it is not a revision (`git diff secrets`,
    // a folder): one that does not look like a revision is judged as a pathspec too.
    if (only || starts_with(*s, ":(") ||
        (s->find(':') == std::string::npos && !looks_like_revision(*s)))
      read(w[k]);
  }
  if (excludes && !selects) git_whole_tree(out, w[0], entry + " (only excludes: every other file)");
  // `git log --all -p`, `-S`/`-G`: the patches of every branch's commits, every blob the
  // repository holds (the whole tree, as `git log -p -- '*'`).
  if ((g.traits & gs::revision_paths) && git_all_patches(w, from, dashdash))
    git_whole_tree(out, w[0], entry + " (the patches of every branch)");
  // `-L1,2:FILE` (`-L:FUNC:FILE`) reads FILE; `--find-object=REV:PATH` prints the patches of
  // PATH's content; `--relative=DIR` shows the changes below DIR.
  for (const auto& o : args.options) {
    if (!o.value) continue;
    const std::string* text = o.value->literal   ? &*o.value->literal
                              : o.value->pattern ? &*o.value->pattern
                                                 : nullptr;
    if (!text) {
      if (o.spelling == "-L" || starts_with(o.spelling, "--find-object") ||
          starts_with(o.spelling, "--relative"))
        add_word_file(out, Touch::read, *o.value, From::option, "git " + o.spelling);
      continue;
    }
    const std::string& v = *text;
    std::size_t colon = std::string::npos;
    if (o.spelling == "-L") colon = v.rfind(':');
    if (starts_with(o.spelling, "--find-object")) colon = v.find(':');
    if (colon != std::string::npos)
      add_word_file(out, Touch::read, synthesized(*o.value, v.substr(colon + 1), colon + 1),
                    From::option, "git " + o.spelling);
    if (starts_with(o.spelling, "--relative") && !v.empty())
      git_pathspec_read(*o.value, entry, out, icase);
  }
}

// `git archive [OPTIONS] TREE-ISH [PATH…]`: each path, a pathspec (pathspec_read: its magic and
// git's globs), is archived with everything below it (read from the repository, as the folder the
// command works in names it); only excludes (`':!src'`) archive every other file.
void archive_paths(const Words& w, std::size_t from, ProgramEffects& out) {
  bool tree_ish = false, dashdash = false, selects = false, excludes = false;
  for (std::size_t k = from; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!dashdash && s && *s == "--") {
      dashdash = true;
      continue;
    }
    if (!dashdash && s && s->size() > 1 && (*s)[0] == '-') {
      if (in(*s, {"-o", "--output", "--remote", "--exec", "--prefix", "--format", "--add-file",
                  "--add-virtual-file", "--mtime"}))
        ++k;
      continue;
    }
    if (!tree_ish && !dashdash) {
      tree_ish = true;
      continue;
    }
    if (s && s->find(':') != std::string::npos && !starts_with(*s, ":"))
      continue;  // REV:PATH: object_paths
    if (s) {     // a pathspec (magic, git's globs)
      (git_pathspec_read(w[k], "git archive PATH", out) ? selects : excludes) = true;
      continue;
    }
    FileEffect f{Touch::read, w[k], From::operand, "git archive PATH"};
    f.recursive = true;
    out.files.push_back(std::move(f));
  }
  if (excludes && !selects)
    git_whole_tree(out, w[0], "git archive (only excludes: every other file)");
}

// `git submodule [--quiet] foreach [--recursive] CMD…`: CMD, its words joined, is a shell line
// run in each submodule.
void submodule_foreach(const Words& w, std::size_t from, ProgramEffects& out) {
  std::size_t k = from;
  while (k < w.size() && lit(w, k) && !lit_is(w, k, "foreach") && (*lit(w, k))[0] == '-') ++k;
  if (!lit_is(w, k, "foreach")) return;
  out.escalations.push_back("git submodule foreach");
  for (++k; k < w.size() && lit(w, k) && in(*lit(w, k), {"--recursive", "-q", "--quiet"}); ++k) {
  }
  std::string line;
  for (; k < w.size(); ++k) {
    if (!lit(w, k)) return;  // not static: asked above
    line += (line.empty() ? "" : " ") + *lit(w, k);
  }
  if (!line.empty()) out.scripts.push_back(std::move(line));
}

// `git filter-branch --tree-filter CMD …`: the filters and `--setup` are shell lines it runs
// (git-filter-branch.sh evaluates them), `--opt CMD` or `--opt=CMD`.
void filter_branch_commands(const Words& w, std::size_t from, ProgramEffects& out) {
  static constexpr std::string_view kCommands[] = {
      "--env-filter", "--tree-filter",   "--index-filter",    "--parent-filter",
      "--msg-filter", "--commit-filter", "--tag-name-filter", "--setup"};
  for (std::size_t k = from; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    if (*s == "--") return;
    const std::string_view key = std::string_view(*s).substr(0, s->find('='));
    if (std::find(std::begin(kCommands), std::end(kCommands), key) == std::end(kCommands)) continue;
    if (key.size() < s->size())
      out.scripts.push_back(s->substr(key.size() + 1));
    else if (k + 1 < w.size() && lit(w, k + 1))
      out.scripts.push_back(*lit(w, ++k));
  }
}

// git's global options without a value (git.c).
constexpr std::string_view kGlobalFlags[] = {"--no-pager",
                                             "-p",
                                             "--paginate",
                                             "-P",
                                             "--bare",
                                             "--no-replace-objects",
                                             "--literal-pathspecs",
                                             "--no-literal-pathspecs",
                                             "--glob-pathspecs",
                                             "--noglob-pathspecs",
                                             "--icase-pathspecs",
                                             "--no-optional-locks",
                                             "--no-advice",
                                             "--no-lazy-fetch"};

// The operands' paths of a command run with `--work-tree DIR` (judged below DIR as well, once
// the handler is done: git_work_tree_paths) and where they start in out.files.
struct WorkTree {
  std::optional<WordView> dir;
  std::size_t from = static_cast<std::size_t>(-1);
};

void git_handler(std::string_view name, const Words& w, ProgramEffects& out, WorkTree& work) {
  std::size_t i = 1;
  std::optional<WordView> git_dir;  // `--git-dir DIR`: the repository, wherever git runs
  bool autocorrect = false;         // `-c help.autocorrect=1`: an unknown word runs a guess
  // Global options (git.c: exact spellings, no abbreviations). One git does not know here
  // hides where the subcommand starts: asked.
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s) {
      out.escalations.push_back("git with a word that is not static where an option may stand");
      return;
    }
    std::string_view v = *s;
    // The subcommand (or an empty word): every global option below starts with `-`.
    if (v.size() < 2 || v[0] != '-') break;
    if (v == "-C") {
      if (i + 1 < w.size()) {
        chain_chdir(out.chdir, w[i + 1]);
        add_word_file(out, Touch::read, *out.chdir, From::option, "git -C");
      }
      i += 2;
    } else if (v == "-c") {
      if (i + 1 < w.size()) git_config_value(w[i + 1], out);
      autocorrect = autocorrect || (lit(w, i + 1) && git_autocorrects(*lit(w, i + 1)));
      i += 2;
    } else if (v == "--config-env" || starts_with(v, "--config-env=")) {
      // `--config-env=key=ENVVAR`: the value comes from the environment.
      std::string_view kv = v == "--config-env" ? (lit(w, i + 1) ? std::string_view(*lit(w, i + 1))
                                                                 : std::string_view())
                                                : v.substr(13);
      // Its value is not on the line: `help.autocorrect` may be on.
      const std::string key = policy::ascii_lower(kv.substr(0, kv.find('=')));
      autocorrect = autocorrect || key == "help.autocorrect";
      if (git_key_runs_command(kv) || kv.empty() || git_key_names_file(key) ||
          git_key_value_decides(key) || key == "format.outputdirectory")
        out.escalations.push_back("git --config-env " + std::string(kv.substr(0, kv.find('='))));
      i += v == "--config-env" ? 2 : 1;
    } else if (v == "--exec-path" || starts_with(v, "--exec-path=")) {
      if (v != "--exec-path") out.escalations.push_back("git --exec-path");
      ++i;
    } else if (in(v, {"--git-dir", "--work-tree"})) {
      // The repository git writes (its index, refs, logs: even `git status` refreshes the
      // index), and the work tree it reads.
      const Touch t = v == "--git-dir" ? Touch::write : Touch::read;
      if (i + 1 < w.size()) {
        add_word_file(out, t, w[i + 1], From::option, "git " + std::string(v));
        (t == Touch::write ? git_dir : work.dir) = w[i + 1];
      }
      i += 2;
    } else if (starts_with(v, "--git-dir=") || starts_with(v, "--work-tree=")) {
      auto eq = v.find('=');
      const Touch t = starts_with(v, "--git-dir=") ? Touch::write : Touch::read;
      add_word_file(out, t, word_of(w[i], std::string(v.substr(eq + 1))), From::option,
                    "git " + std::string(v.substr(0, eq)));
      (t == Touch::write ? git_dir : work.dir) = word_of(w[i], std::string(v.substr(eq + 1)));
      ++i;
    } else if (in(v, {"--namespace", "--super-prefix", "--attr-source", "--list-cmds"})) {
      i += 2;
    } else if (v == "--shallow-file") {
      // The file git reads the repository's shallow commits from; global options go on after
      // it.
      if (i + 1 < w.size())
        add_word_file(out, Touch::read, w[i + 1], From::option, "git --shallow-file");
      i += 2;
    } else if (std::find(std::begin(kGlobalFlags), std::end(kGlobalFlags), v) !=
                   std::end(kGlobalFlags) ||
               starts_with(v, "--namespace=") || starts_with(v, "--super-prefix=") ||
               starts_with(v, "--attr-source=") || starts_with(v, "--list-cmds=")) {
      ++i;
    } else if (in(v, {"--version", "-v", "--help", "-h", "--html-path", "--man-path",
                      "--info-path"})) {
      return;  // prints a version, a path, or help (`git --help log` is `git help log`)
    } else {
      out.escalations.push_back("git with a global option it does not know (" + std::string(v) +
                                "): where its subcommand starts is not known");
      return;
    }
  }
  if (i >= w.size()) return;
  const std::string* sub = lit(w, i);
  if (!sub) {
    out.escalations.push_back("git with a subcommand that is not static");
    return;
  }
  // `git SUBCOMMAND`, the table's name of the subcommand: in a buffer on the stack when short
  // (nearly always), else in a string.
  std::array<char, 48> buf;
  std::string long_full;
  std::string_view full;
  if (const std::size_t n = name.size() + 1 + sub->size(); n <= buf.size()) {
    std::memcpy(buf.data(), name.data(), name.size());
    buf[name.size()] = ' ';
    std::memcpy(buf.data() + name.size() + 1, sub->data(), sub->size());
    full = std::string_view(buf.data(), n);
  } else {
    long_full = std::string(name) + " " + *sub;
    full = long_full;
  }
  const ProgramDecl* p = find_program(full);
  const std::string_view subcommand = *sub;
  const Sub g = git_subcommands::find(subcommand);
  using Id = gs::Id;
  if (autocorrect && !git_known_subcommand(subcommand))
    out.escalations.push_back("git -c help.autocorrect with `" + std::string(subcommand) +
                              "`: git runs the command it guesses");
  // The repository whose configuration git loads (hooks, `core.fsmonitor`, `core.pager`,
  // aliases…): `--git-dir`, else the one found from the folder git works in. `clone`, `init`,
  // `version` and `help` start from none.
  if (!(g.traits & gs::no_repository) && !files_full(out)) {
    FileEffect& repo = out.files.emplace_back();  // built in place: every git command has it
    if (git_dir) {
      repo.word = *git_dir;
    } else {  // word_of(w[0], "."), written into the fresh word
      repo.word.text.assign(1, '.');
      repo.word.literal.same_as_text();
      repo.word.pattern.same_as_text();
      repo.word.span = w[0].span;
    }
    repo.from = From::option;
    // (Appended to the new, empty entry: a copy into its own buffer, without replace's checks.)
    repo.entry.append("git repository", 14);
    repo.repository = true;
  }
  // Its synonyms (`git stage` is `git add`, `git remote rm` is `git remote remove`): judged by
  // deny and ask rules in each spelling.
  if (g.traits & gs::synonym) command_spellings_at(name, w, i, out);
  git_runners(g.id, w, i, out);
  if (g.id == Id::verify_commit || g.id == Id::verify_tag) git_runs_gpg(w, i, out);
  // `git maintenance start|register`: the repository's maintenance scheduled to run later
  // (crontab, systemd timers, launchd), as `crontab` and `at` schedule commands.
  if (g.id == Id::maintenance && i + 1 < w.size() &&
      (!lit(w, i + 1) || in(*lit(w, i + 1), {"start", "register"})))
    out.escalations.push_back("git maintenance " +
                              (lit(w, i + 1) ? *lit(w, i + 1) : std::string("…")) +
                              ": schedules commands to run later");
  if (g.id == Id::submodule) submodule_foreach(w, i + 1, out);
  if (g.id == Id::filter_branch || g.id == Id::filter_repo) {
    out.escalations.push_back(std::string(full));
    if (g.id == Id::filter_branch) filter_branch_commands(w, i + 1, out);
  }
  // `git sparse-checkout set|add|reapply|init|disable`: files of the work tree removed or brought
  // back, which the line does not name (`git sparse-checkout set src` removes tests/).
  if (g.id == Id::sparse_checkout && i + 1 < w.size() && lit(w, i + 1) &&
      in(*lit(w, i + 1), {"set", "add", "reapply", "init", "disable"}))
    add_tree_write(out, "git sparse-checkout " + *lit(w, i + 1));
  // `git worktree add [-b B] PATH`, `move A B`, `remove P`; `git submodule add URL [PATH]`.
  if (g.id == Id::worktree || g.id == Id::submodule)
    git_folder_targets(g.id == Id::worktree, subcommand, w, i + 1, out);
  // `git log --help` is `git help log`: it runs man (and its pager), info or a browser.
  for (std::size_t k = i + 1; k < w.size(); ++k)
    if (lit_is(w, k, "--help")) {
      out.escalations.push_back("git " + std::string(subcommand) +
                                " --help (man, info or a browser)");
      break;
    }
  object_paths(g, w, i + 1, out);
  if (g.id == Id::archive) archive_paths(w, i + 1, out);
  if (g.id == Id::bundle && lit_is(w, i + 1, "create") && i + 2 < w.size()) {
    add_word_file(out, Touch::write, w[i + 2], From::operand, "git bundle create");
    // `git bundle create - --all`: every blob of the revisions, printed.
    if (lit_is(w, i + 2, "-")) git_whole_tree(out, w[0], "git bundle create - (every blob)");
  }
  // `git fast-export --all`: every blob of the revisions, printed (not with `--no-data`).
  if (g.id == Id::fast_export &&
      std::none_of(w.begin() + static_cast<std::ptrdiff_t>(i) + 1, w.end(),
                   [](const WordView& x) { return x.literal && *x.literal == "--no-data"; }))
    git_whole_tree(out, w[0], "git fast-export (every blob)");
  if ((g.id == Id::stash || g.id == Id::reflog) && git_log_like(w, i, out)) return;
  if (!p) return;
  // The subcommand's words are read in place (indexes stay those of `w`; `w[i]` is the
  // subcommand).
  const Words& sw = w;
  ParsedArgs args = parse_args(*p, w, i + 1);
  git_undo_negated(w, args);
  OperandState st;
  apply_options(full, args, out, st);
  work.from = out.files.size();  // the operands' paths from here
  // `git merge -s NAME` (pull, rebase): a strategy git does not build in is the program
  // git-merge-NAME, found on the PATH.
  for (const ParsedOption& o : args.options)
    if (o.decl && !o.decl->longs.empty() && o.decl->longs[0] == "strategy" &&
        (!o.value || !o.value->literal ||
         !in(*o.value->literal, {"ort", "recursive", "resolve", "octopus", "ours", "subtree"})))
      out.escalations.push_back(std::string(full) + " " + o.spelling +
                                ": a merge strategy git runs as a program");
  pathspec_reads(g, w, i + 1, args, out);
  // The repository a transfer names first, when written as a local path (`git fetch /srv/repo`,
  // `git push ../other main`, `file:///srv/repo`): read. A remote's name or a URL is not one.
  if ((g.traits & gs::transfer) && !args.operands.empty()) {
    const WordView& r = sw[args.operands[0]];
    const std::string* t = r.literal ? &*r.literal : r.pattern ? &*r.pattern : nullptr;
    if (const std::string_view v = t ? named_path(*t) : std::string_view(); !v.empty())
      add_word_file(out, Touch::read, v.size() == t->size() ? r : word_of(r, std::string(v)),
                    From::operand, "git " + std::string(subcommand) + " repository");
  }
  // `git clone URL` without a folder: the repository's name, after the URL's last `/` or `:`
  // without `.git` (`NAME.git` with `--bare` or `--mirror`), is the folder it creates (git
  // refuses one that exists and holds files): a write of that name.
  if (g.id == Id::clone && args.operands.size() == 1 && sw[args.operands[0]].literal) {
    const bool bare = std::any_of(sw.begin(), sw.end(), [](const WordView& x) {
      return x.literal && (*x.literal == "--bare" || *x.literal == "--mirror");
    });
    for (std::string& base : git_url_folders(*sw[args.operands[0]].literal, bare))
      add_word_file(out, Touch::write, word_of(sw[args.operands[0]], std::move(base)),
                    From::operand, "git clone (the repository's folder)");
  }
  // `git -C DIR init`: the repository is created in DIR, DIR/.git (`git init` in the current
  // folder is the project's own).
  if (g.id == Id::init && args.operands.empty() && out.chdir)
    add_word_file(out, Touch::write, word_of(w[i], ".git"), From::operand, std::string(full));
  if (g.id == Id::push || g.id == Id::send_pack) {
    for (std::size_t k : args.operands)
      if (sw[k].literal && !sw[k].literal->empty() && (*sw[k].literal)[0] == '+') st.forced = true;
    if (st.forced) out.implied.push_back("--force");
    return;
  }
  if (g.id == Id::config) {
    // `git config [--global] KEY VALUE`, `git config set KEY VALUE`: the first operand.
    std::size_t first = 0;
    if (!args.operands.empty() && lit_is(sw, args.operands[0], "set")) first = 1;
    // `--get KEY PATTERN` (flag R), `--unset KEY PATTERN` (flag C): no value is set.
    const bool reads = st.override_touch == 'r';
    if (args.operands.size() > first + 1 && !reads && !st.no_paths) {
      const WordView& key = sw[args.operands[first]];
      const WordView& val = sw[args.operands[first + 1]];
      if (!key.literal) {
        out.escalations.push_back("git config with a key that is not static");
      } else {
        std::string kv = *key.literal + "=" + (val.literal ? *val.literal : std::string("$"));
        git_config_value(word_of(key, kv), out, "git config");
        if (!out.implied.empty()) {
          out.implied.clear();
          out.escalations.push_back("git config " + ascii_lower(*key.literal) + " (a forced push)");
        }
      }
    }
    if (st.global) {
      // `--system` is /etc/gitconfig; `--global`, ~/.gitconfig.
      const bool system = std::any_of(args.options.begin(), args.options.end(), [](const auto& o) {
        return o.decl && !o.decl->longs.empty() && o.decl->longs[0] == "system";
      });
      WordView g = word_of(w[i], system ? "/etc/gitconfig" : "~/.gitconfig");
      if (!system) {
        g.literal.reset();
        g.has_tilde = true;
      }
      add_word_file(out, Touch::write, g, From::option,
                    system ? "git config --system" : "git config --global");
    } else if (args.operands.size() > first + 1 && !reads &&
               !std::any_of(args.options.begin(), args.options.end(), [](const ParsedOption& o) {
                 return o.decl && !o.decl->shorts.empty() && o.decl->shorts[0] == 'f';
               })) {
      WordView cfg = word_of(w[i], ".git/config");
      add_word_file(out, Touch::write, cfg, From::option, "git config");
    }
    return;
  }
  if (g.id == Id::apply || g.id == Id::am) {
    // The last spelling wins: `--check --no-check` applies.
    const bool check_only =
        git_flag_stays(w, i + 1, {"--check", "--stat", "--numstat", "--summary", "--cached"});
    if (!check_only) add_tree_write(out, std::string(full) + " (files its patches name)");
  }
  // `git stash pop|apply|branch` writes back the files the stash holds.
  if (g.id == Id::stash && !args.operands.empty() &&
      (lit_is(sw, args.operands[0], "pop") || lit_is(sw, args.operands[0], "apply") ||
       lit_is(sw, args.operands[0], "branch"))) {
    add_tree_write(out, "git stash " + *sw[args.operands[0]].literal);
    return;
  }
  // `git stash`, `git stash push|save` without a pathspec: the changes it saves are undone in
  // every file of the work tree (with a pathspec, the paths are its operands, written).
  if (g.id == Id::stash && (args.operands.empty() || lit_is(sw, args.operands[0], "save") ||
                            (args.operands.size() == 1 && lit_is(sw, args.operands[0], "push")))) {
    add_tree_write(out, "git stash (the changes it saves are undone)");
    return;
  }
  // `git add -A` without a pathspec stages every file of the work tree, untracked ones included
  // (git 2: from any folder; judged from the folder git works in, as `git add .`).
  if ((g.id == Id::add || g.id == Id::stage) && args.operands.empty() &&
      std::any_of(args.options.begin(), args.options.end(),
                  [](const ParsedOption& o) { return o.decl && o.decl->shorts == "A"; })) {
    const std::size_t at = out.files.size();
    add_word_file(out, Touch::read, out.chdir ? *out.chdir : word_of(w[i], "."), From::operand,
                  std::string(full) + " (every file of the work tree)");
    if (out.files.size() > at) out.files.back().recursive = true;
  }
  // `git grep` reads every file below each pathspec, or below the folder it runs in (also when
  // it searches a revision's whole tree: `git grep KEY HEAD`).
  if (g.id == Id::grep) {
    st.recursive = true;
    const std::size_t patterns = st.pattern_given ? 0 : 1;
    bool whole_tree = args.operands.size() <= patterns;
    // Pathspecs after `--` narrow a revision's tree to them.
    const auto dashes =
        std::find_if(sw.begin() + static_cast<std::ptrdiff_t>(i) + 1, sw.end(),
                     [](const WordView& x) { return x.literal && *x.literal == "--"; });
    const auto after = static_cast<std::size_t>(dashes - sw.begin());
    const bool pathspecs =
        dashes != sw.end() && !args.operands.empty() && args.operands.back() > after;
    for (std::size_t k = patterns; k < args.operands.size() && !whole_tree && !pathspecs; ++k)
      if (const std::string* o = lit(sw, args.operands[k]);
          o && (looks_like_revision(*o) || git_branch_like(*o)))
        whole_tree = true;
    if (whole_tree) {
      add_word_file(out, Touch::read, out.chdir ? *out.chdir : word_of(w[i], "."), From::operand,
                    std::string(full) + " (the files below the folder)");
      out.files.back().recursive = true;
    }
  }
  // `git clean` removes untracked files everywhere below the folder (or below each pathspec).
  if (g.id == Id::clean) st.recursive = true;
  if (g.id == Id::clean && args.operands.empty() && st.override_touch != 'r') {
    add_word_file(out, Touch::delete_, out.chdir ? *out.chdir : word_of(w[i], "."), From::operand,
                  std::string(full));
    out.files.back().recursive = true;
  }
  const std::size_t operands_from = out.files.size();
  apply_operands(full, p->operands, sw, args.operands, st, out);
  git_magic_pathspecs(out, operands_from);
  // `git diff HEAD~1 .env`, `git log -p .env`, `git show HEAD .env`: without `--`, git takes an
  // operand that names a file as a path (after the revisions): one written as a path meets the
  // explicit path rules, as the words after `--` do.
  if (g.traits & gs::revision_paths) {
    std::size_t dashdash = w.size();
    for (std::size_t k = i + 1; k < w.size(); ++k)
      if (lit_is(w, k, "--")) {
        dashdash = k;
        break;
      }
    for (std::size_t k : args.operands) {
      if (k >= dashdash) break;
      const std::string* x = lit(w, k);
      if (x && x->find(':') != std::string::npos) continue;  // REV:PATH: object_paths
      add_named_path(w[k], std::string(full) + " path", out.files);
    }
  }
}

}  // namespace

// Adapted to `HandlerFn` for the table (engine/program_handler_table.cpp).
void git_entry(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  git_transports(w, out);
  WorkTree work;
  git_handler(name, w, out, work);
  if (work.dir && work.from < out.files.size()) git_work_tree_paths(*work.dir, work.from, out);
}

}  // namespace vigie::engine
