// How git reads some of its subcommands' options and operands (engine/program_git.cpp): the
// negations parse-options accepts (`--no-cached` after `--cached`), the folders `git worktree`
// and `git submodule add` write, the folder a clone creates, and the operands of a command run
// with `--work-tree DIR`, which git takes below DIR.
#include <algorithm>
#include <string>
#include <string_view>

#include "engine/program_git_subcommands.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;

// The words before `--` (the end of the options) from `from`.
std::size_t options_end(const Words& w, std::size_t from) {
  for (std::size_t k = from; k < w.size(); ++k)
    if (program_words::lit_is(w, k, "--")) return k;
  return w.size();
}

// `--no-NAME`, or `--no-` and a start of NAME (parse-options takes an unambiguous one; an
// ambiguous one git refuses, so taking it for a negation only judges more).
bool negates(std::string_view word, std::string_view name) {
  if (!starts_with(word, "--no-") || word.size() == 5 || word.find('=') != std::string_view::npos)
    return false;
  return starts_with(name, word.substr(5));
}

}  // namespace

void git_undo_negated(const Words& w, ParsedArgs& args) {
  const std::size_t end = options_end(w, 0);
  std::erase_if(args.options, [&](const ParsedOption& o) {
    if (!o.decl || (o.decl->flag != 'C' && o.decl->flag != 'R')) return false;
    for (std::size_t k = o.index + 1; k < end; ++k) {
      const std::string* s = lit(w, k);
      if (!s) continue;
      for (const std::string& name : o.decl->longs)
        if (negates(*s, name)) return true;
    }
    return false;
  });
}

bool git_flag_stays(const Words& w, std::size_t from, const std::vector<std::string_view>& flags) {
  std::vector<bool> on(flags.size(), false);
  const std::size_t end = options_end(w, from);
  for (std::size_t k = from; k < end; ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    for (std::size_t f = 0; f < flags.size(); ++f) {
      if (*s == flags[f]) on[f] = true;
      if (negates(*s, flags[f].substr(2))) on[f] = false;
    }
  }
  return std::find(on.begin(), on.end(), true) != on.end();
}

std::vector<std::string> git_url_folders(std::string_view url, bool bare) {
  // git_url_basename (dir.c): past the scheme and the user, without trailing slashes and
  // `/.git`, the last component after a `/` or `:`.
  if (const auto scheme = url.find("://"); scheme != std::string_view::npos)
    url.remove_prefix(scheme + 3);
  if (const auto at = url.find_first_of("/@"); at != std::string_view::npos && url[at] == '@')
    url.remove_prefix(at + 1);
  while (!url.empty() && url.back() == '/') url.remove_suffix(1);
  if (url.size() > 5 && url.ends_with("/.git")) url.remove_suffix(5);
  while (!url.empty() && url.back() == '/') url.remove_suffix(1);
  const std::size_t cut = url.find_last_of("/:");
  std::string_view base = cut == std::string_view::npos ? url : url.substr(cut + 1);
  std::vector<std::string> out;
  const auto add = [&](std::string_view b) {
    if (!b.empty() && b != "." && b != "..") out.push_back(std::string(b) + (bare ? ".git" : ""));
  };
  if (base.ends_with(".bundle")) {  // a bundle file, or a repository named so
    add(base.substr(0, base.size() - 7));
    add(base);
  } else {
    add(base.ends_with(".git") ? base.substr(0, base.size() - 4) : base);
  }
  return out;
}

void git_folder_targets(bool worktree, std::string_view subcommand, const Words& w,
                        std::size_t from, ProgramEffects& out) {
  std::size_t k = from;
  // `git submodule --quiet --cached add`: the script's options before the action.
  while (!worktree && k < w.size() && lit(w, k) && starts_with(*lit(w, k), "-") &&
         *lit(w, k) != "--")
    ++k;
  if (k + 1 >= w.size() || !lit(w, k)) return;
  const std::string& act = *lit(w, k);
  // The options that take a value: parse-options takes a long one by any start of its name
  // (`--reas`) and short ones in clusters (`-fb BRANCH`, `-bBRANCH`).
  const std::vector<std::string_view> longs =
      worktree ? std::vector<std::string_view>{"reason"}
               : std::vector<std::string_view>{"branch", "name", "reference", "depth"};
  const std::string_view shorts = worktree ? "bB" : "b";
  std::vector<std::size_t> ops;
  bool dashdash = false;
  for (std::size_t j = k + 1; j < w.size(); ++j) {
    const std::string* x = lit(w, j);
    if (x && !dashdash && *x == "--") {
      dashdash = true;
      continue;
    }
    if (!x || dashdash || x->size() < 2 || (*x)[0] != '-') {
      ops.push_back(j);
      continue;
    }
    if ((*x)[1] == '-') {
      const std::string_view name = std::string_view(*x).substr(2);
      if (name.find('=') == std::string_view::npos &&
          std::any_of(longs.begin(), longs.end(),
                      [&](std::string_view l) { return starts_with(l, name); }))
        ++j;
      continue;
    }
    for (std::size_t c = 1; c < x->size(); ++c)
      if (shorts.find((*x)[c]) != std::string_view::npos) {
        if (c + 1 == x->size()) ++j;  // else the rest of the word is the value
        break;
      }
  }
  const std::string entry = "git " + std::string(subcommand) + " " + act;
  for (std::size_t n = 0; n < ops.size(); ++n) {
    const bool target =
        worktree ? (act == "add" && n == 0) || (act == "move" && n == 1) : act == "add" && n == 1;
    if (target) add_word_file(out, Touch::write, w[ops[n]], From::operand, entry);
    if (worktree && (act == "remove" || (act == "move" && n == 0)))
      add_word_file(out, Touch::delete_, w[ops[n]], From::operand, entry);
  }
  // `git submodule add URL`: the folder is named after the URL, as a clone's.
  if (!worktree && act == "add" && ops.size() == 1) {
    if (!w[ops[0]].literal) {
      out.escalations.push_back(entry +
                                " URL: the folder is named after a URL the line does not "
                                "show");
      return;
    }
    for (std::string& name : git_url_folders(*w[ops[0]].literal, false))
      add_word_file(out, Touch::write, word_of(w[ops[0]], std::move(name)), From::operand,
                    entry + " (the folder named after the URL)");
  }
}

void git_work_tree_paths(const WordView& dir, std::size_t from, ProgramEffects& out) {
  const std::string* base = dir.literal                    ? &*dir.literal
                            : dir.pattern && !dir.has_glob ? &*dir.pattern
                                                           : nullptr;
  // `--work-tree=.`, `--work-tree=../..`: git runs inside it, its paths are from the current
  // folder, as judged.
  if (base) {
    std::string_view b = *base;
    while (starts_with(b, "./") || starts_with(b, "../")) b.remove_prefix(b.find('/') + 1);
    if (b.empty() || b == "." || b == "..") return;
  }
  std::string top = base ? *base : std::string();
  while (top.size() > 1 && top.back() == '/') top.pop_back();
  const std::size_t end = out.files.size();
  for (std::size_t k = from; k < end && !files_full(out); ++k) {
    const FileEffect& f = out.files[k];
    if (f.from != From::operand || f.repository) continue;
    if (!base) {
      out.escalations.push_back("git --work-tree with a folder the line does not show");
      return;
    }
    // The folder git works in (`git -C DIR clean`): the work tree's top.
    const bool at_chdir =
        out.chdir && f.word.span.begin == out.chdir->span.begin && f.word.text == out.chdir->text;
    const std::string* path = at_chdir         ? nullptr
                              : f.word.literal ? &*f.word.literal
                              : f.word.pattern ? &*f.word.pattern
                                               : nullptr;
    if (!path && !at_chdir) {
      out.escalations.push_back("git --work-tree with a path the line does not show");
      return;
    }
    if (path && (starts_with(*path, "/") || starts_with(*path, "~"))) continue;  // not below it
    FileEffect g = f;
    g.word = word_of(f.word, !path || *path == "." ? top : top + (top == "/" ? "" : "/") + *path);
    if (!dir.literal || (!at_chdir && !f.word.literal)) g.word.literal.reset();
    g.word.has_glob = !at_chdir && f.word.has_glob;
    g.word.has_tilde = !dir.literal && dir.has_tilde;
    g.top_relative = false;
    g.entry += " (below the work tree)";
    out.files.push_back(std::move(g));
  }
}

}  // namespace vigie::engine
