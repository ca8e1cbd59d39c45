// Files of the work tree a command rewrites without naming them: a patch read from the input
// (`patch -p1 < x.diff`, `git apply x.patch`, `git am`), a stash brought back (`git stash pop`),
// the tree reset to a commit (`git reset --hard`, `git checkout -f`, `git read-tree -u`,
// `git checkout-index -a`). Option flag `K` and operand shape `^` in the programs table
// (engine/programs_table.cpp); git's subcommand words in engine/program_git.cpp.
#include <string>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

void add_tree_write(ProgramEffects& out, std::string entry) {
  // Any file below the folder the command works in (`.`, resolved from `-C`/`-d` when given):
  // which ones is in the patch or the commit, not on the line, so a rule below it is met at
  // most as an ask (`below` narrows the recursion to `**`: engine/judge_paths.cpp).
  FileEffect f;
  f.touch = Touch::write;
  f.word.text = ".";
  f.word.literal = ".";
  f.word.pattern = ".";
  f.from = From::operand;
  f.entry = std::move(entry);
  f.recursive = true;
  f.below = "**";
  out.files.push_back(std::move(f));
}

}  // namespace vigie::engine
