// The interpreters column of the programs table (engine/programs_decl.hpp): programs that run
// code given to them (a script, `-c CODE`, their standard input), by kind: 's' a shell of the
// sh family, 'i' an interpreter, 'e' an editor (its operands are edits). Read with the programs
// table by engine/programs_index.cpp (`is_shell`, `is_interpreter` in engine/normalize.cpp).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const InterpreterSource kInterpreters[] = {
  {"sh bash zsh dash ksh ash mksh yash posh ksh93 pdksh oksh loksh rbash hush osh ysh oil", 's', false},
  {"python pypy ruby perl php lua node tclsh wish pwsh jruby luajit jshell guile racket", 'i', true},
  {"nodejs deno bun bunx npx pnpx irb R Rscript julia osascript powershell awk gawk mawk nawk "
   "busybox fish tcsh csh expect scala kotlin groovy elixir erl escript swift dotnet java jjs "
   "source . fc watch script ssh su runuser pkexec systemd-run uvx pipx ts-node tsx m4 dc "
   "mongosh mongo mysqlsh ipython ipython3 jrunscript gnuplot octave ghci swipl sbcl clisp "
   "clojure maxima rc es nu xonsh elvish pwsh.exe powershell.exe py",
   'i', false},
  // Editors: they run commands typed into them (`:!cmd`, `M-x shell`), and their operands are
  // the files they edit (written).
  {"vim vi nvim ex view gvim rvim vimdiff emacs nano pico ed micro kak hx mcedit jed editor "
   "sensible-editor select-editor vim.basic vim.tiny red nvi helix subl sublime_text gedit "
   "gnome-text-editor emacsclient joe jmacs jstar jpico ne mg elvis nvim-qt mvim macvim xed "
   "pluma leafpad mousepad kate kwrite geany notepadqq code code-insiders codium vscodium "
   "cursor zed windsurf", 'e', false},
};
// clang-format on

const std::size_t kInterpreterCount = sizeof(kInterpreters) / sizeof(kInterpreters[0]);

}  // namespace vigie::engine
