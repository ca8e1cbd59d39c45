// The programs table, the desktop's file tools (rename, trash-cli, gio, wipe) and the other
// version control systems: Subversion's and Mercurial's commands that delete, move, copy, check
// out or rewrite files (handler `sub`: `NAME:SUB` entries, engine/program_subcommands.cpp); and
// the environment managers' subcommands that write a folder (uv, poetry, pdm, conda: the same
// entries, read by the launchers' handler when no launcher takes the subcommand). The legend of
// the columns is in engine/programs_table.cpp.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsDesktop[] = {
  // rename: util-linux's EXPR REPL FILE…, Perl's CODE FILE… (engine/program_rename.cpp): each
  // FILE renamed, as `mv`'s source.
  {"rename rename.ul file-rename prename perl-rename", "", "", "rename", ""},
  // ---- deleters: what goes to the trash is gone from its place ------------------------------
  {"trash trash-put", "pm", "*D", "",
   "-d|--directory -f|--force -i|--interactive -r|-R|--recursive -v|--verbose --trash-dir=v "
   "-h|--help!N --version!N"},
  {"wipe", "", "*D", "",
   "-r -R -f -i -q -s -c -D -e -Z -k -F -v -V -h -l=v -x=v -X=v -p=v -b=v -M=v -S=v"},
  // ---- gio (GOption: options after operands, long options by their exact names) -------------
  {"gio", "", "", "sub", ""},
  {"gio:trash gio:remove", "m", "*D", "", "-f|--force --empty --restore --list"},
  {"gio:copy", "m", "*r$w", "",
   "-T|--no-target-directory!I -p|--progress -i|--interactive -b|--backup -P|--no-dereference "
   "--preserve --default-permissions"},
  {"gio:move", "m", "*D$w", "",
   "-T|--no-target-directory!I -p|--progress -i|--interactive -b|--backup "
   "-C|--no-copy-fallback"},
  {"gio:save", "m", "w", "",
   "-b|--backup -c|--create -a|--append -p|--private -u|--unlink-on-cancel -v|--print-etag "
   "-e|--etag=v"},
  {"gio:mkdir", "m", "*w", "", "-p|--parent"},
  {"gio:rename", "m", "D-", "", ""},
  {"gio:cat", "m", "*r", "", ""},
  // ---- desktop launches (handler `launcher`: engine/program_launchers_desktop.cpp) ----------
  // A desktop entry's `Exec=` line, or the application a desktop setting chooses, is a program
  // the line does not show: asked; the entry and the files handed to it read. `gio launch
  // FILE.desktop [FILE…]`; `gtk-launch APP [URI…]` (APP a desktop id, not a path; GOption:
  // options after operands, exact long names); dex (argparse: long prefixes; `-p` prints a key,
  // `-d` runs nothing; `-a` runs every autostart entry, `-c PATH` writes a new one, in `-t DIR`);
  // kioclient's `exec URL`; the openers (xdg-open: engine/programs_table_tools.cpp) run what
  // they open (role x), asked when it is a desktop entry; exo-open's `--launch TYPE [PARAM…]`
  // runs a preferred application (a terminal's parameters: its command line).
  {"gio:launch", "m", "r*r", "launcher", "-h|--help!N"},
  {"gtk-launch", "m", "-*r", "launcher",
   "-h|--help!N --help-all!N --help-gtk!N -v|--version!N --class=v --name=v --display=v "
   "--gdk-debug=v --gdk-no-debug=v --gtk-debug=v --gtk-no-debug=v --gtk-module=v!! "
   "--g-fatal-warnings"},
  {"dex", "pm", "*r", "launcher",
   "-h|--help!N -V|--version!N -p|--property=v!N -d|--dry-run!N --test!N -a|--autostart "
   "-c|--create=r -t|--target-directory=g -e|--environment=v -s|--search-paths=v --term=v "
   "--action=v -w|--wait -v|--verbose"},
  {"kioclient kioclient5 kioclient6", "", "", "launcher", ""},
  {"kde-open kde-open5 kde-open6", "m", "x-", "launcher",
   "-h|--help!N --help-all!N -v|--version!N --author!N --license!N --platform=v --display=v"},
  {"exo-open", "m", "*x", "launcher",
   "-h|--help!N -V|--version!N --launch=v --working-directory=c"},
  // ---- Subversion (options after operands, long options by their exact names) --------------
  {"svn", "", "", "sub", ""},
  {"svn:rm svn:delete svn:del svn:remove", "m", "*D", "",
   "--keep-local!R -m|--message=v -F|--file=r --force --targets=r -q|--quiet"},
  {"svn:mv svn:move svn:rename svn:ren", "m", "*D$w", "",
   "-m|--message=v -F|--file=r --force --parents -r|--revision=v -q|--quiet"},
  {"svn:cp svn:copy", "m", "*r$w", "",
   "-m|--message=v -F|--file=r --parents -r|--revision=v -q|--quiet --pin-externals"},
  {"svn:checkout svn:co svn:export", "m", "-g", "",
   "-r|--revision=v --depth=v --force -q|--quiet --ignore-externals --native-eol=v"},
  {"svn:revert", "m", "*w", "", "-R|--recursive!Q --depth=v --targets=r -q|--quiet"},
  {"svn:patch", "m", "^r", "", "--dry-run!R --strip=v --reverse-diff --ignore-whitespace"},
  // A file's content in the repository (`git show HEAD:FILE`'s kind): read.
  {"svn:cat svn:blame svn:praise svn:annotate svn:ann", "m", "*r", "",
   "-r|--revision=v --ignore-keywords -v|--verbose -g|--use-merge-history -x|--extensions=v "
   "--force"},
  // ---- Mercurial --------------------------------------------------------------------------
  {"hg", "", "", "sub", ""},
  {"hg:rm hg:remove", "m", "*D", "", "-A|--after -f|--force -I|--include=v -X|--exclude=v"},
  {"hg:mv hg:move hg:rename", "m", "*D$w", "",
   "-A|--after -f|--force -I|--include=v -X|--exclude=v"},
  {"hg:cp hg:copy", "m", "*r$w", "", "-A|--after -f|--force -I|--include=v -X|--exclude=v"},
  {"hg:clone", "m", "-g", "",
   "-u|--updaterev=v -r|--rev=v -b|--branch=v --pull -U|--noupdate -e|--ssh=x --remotecmd=x"},
  {"hg:revert", "m", "*w", "",
   "-a|--all!K -C|--no-backup -r|--rev=v -d|--date=v -I|--include=v -X|--exclude=v"},
  {"hg:update hg:up hg:checkout hg:co", "m", "", "", "-C|--clean!K -r|--rev=v -d|--date=v"},
  {"hg:cat hg:annotate hg:blame", "m", "*r", "",
   "-o|--output=w -r|--rev=v -I|--include=v -X|--exclude=v -T|--template=v --decode -a|--text "
   "-u|--user -d|--date -n|--number -c|--changeset -l|--line-number -w|--ignore-all-space"},
  {"hg:import hg:patch", "m", "^r", "",
   "--no-commit -p|--strip=v --prefix=v -m|--message=v --bypass!R"},
  // ---- the environment managers' subcommands that write a folder (their `run`/`exec` are
  // launchers: engine/program_launchers_managers.cpp) ------------------------------------------
  // Trusting a file of code that the program runs later (direnv's `.envrc` on `cd`, mise's
  // configuration's tasks and hooks): asked (handler `trust`).
  {"direnv:allow direnv:permit direnv:grant mise:trust rtx:trust", "m", "*r", "trust",
   "-a|--all --ignore --untrust --show -y|--yes -q|--quiet -v|--verbose"},
  {"uv:build poetry:build pdm:build", "m", "*-", "", "-o|--out-dir|--output=b -d|--dest=b"},
  // `python -m build [SRCDIR]` (pypa/build, also `pyproject-build`): the wheel and sdist in
  // `-o DIR`, else in SRCDIR/dist (engine/program_build_env.cpp).
  {"build pyproject-build", "pm", "*-", "",
   "-o|--outdir=b -s|--sdist -w|--wheel -n|--no-isolation -x|--skip-dependency-check "
   "--installer=v -C|--config-setting=v --config-json=v -v|--verbose -q|--quiet "
   "-V|--version!N -h|--help!N"},
  {"uv:venv", "m", "M", "", "-p|--python=v --prompt=v --seed --system-site-packages"},
  // Lock exports: the requirements file written.
  {"uv:export poetry:export pdm:export", "m", "", "",
   "-o|--output|--output-file=w -f|--format=v --no-hashes --without-hashes --frozen --locked "
   "--all-extras --extras=v -E=v --with=v --without=v --only=v --no-dev --dev -G|--group=v"},
  // pip-compile (pip-tools): without `-o`, IN.in's pins are written to IN.txt beside it (judged
  // as the input written, so a rule on its folder meets it).
  {"pip-compile", "m", "*m", "",
   "-o|--output-file=w!R -c|--constraint=r --cache-dir=b --pip-args=v -U|--upgrade "
   "-P|--upgrade-package=v --generate-hashes --allow-unsafe --strip-extras --extra=v "
   "-i|--index-url=v --extra-index-url=v -f|--find-links=v --resolver=v -q|--quiet -v|--verbose"},
  // RubyGems and Bundler: the folder gems are installed into.
  {"gem", "", "", "sub", ""},
  {"gem:install", "m", "*-", "",
   "-i|--install-dir=b -n|--bindir=b --build-root=b -v|--version=v -s|--source=v "
   "-g|--file?r -N|--no-document --user-install --no-user-install --conservative --force"},
  {"bundle:install", "m", "", "",
   "--path=b --binstubs?b --standalone?v --gemfile=r --jobs=v --retry=v --without=v --with=v "
   "--deployment --frozen --local --quiet --redownload"},
  {"uv:pip", "m", "-*-", "",
   "-t|--target=b --prefix=b -r|--requirement=r -c|--constraint=r -o|--output-file=w"},
  {"conda:create mamba:create micromamba:create conda:install mamba:install micromamba:install",
   "m", "", "", "-p|--prefix=b -n|--name=v --file=r"},
  // ---- build systems' and SDKs' subcommands that write a folder -----------------------------
  // meson (handler `sub`): `setup BUILDDIR [SOURCEDIR]` writes the build folder (as `cmake -B`;
  // `meson BUILDDIR` is `meson setup BUILDDIR`, engine/program_build_env.cpp); `compile`,
  // `install`, `dist` work in `-C DIR` and write there, `test`, `configure` work in it.
  {"meson", "", "", "sub", ""},
  {"meson:setup", "m", "wr", "",
   "-D=v --prefix=v --buildtype=v --backend=v --native-file=r --cross-file=r --wipe "
   "--reconfigure --default-library=v -Dwerror=v"},
  // `install --destdir DIR` stages the installed files below DIR; `test --wrapper CMD` runs each
  // test through CMD (`--gdb`: under gdb). `devenv CMD…` and `subprojects foreach CMD…` run a
  // command (engine/program_task_runners.cpp).
  {"meson:compile meson:install meson:configure meson:dist meson:introspect", "m", "", "",
   "-C=c -j|--jobs=v --destdir=b"},
  {"meson:test", "m", "", "",
   "-C=c -j|--jobs=v --wrapper|--wrap=x --gdb!! --gdb-path=x --setup=v --suite=v "
   "--no-suite=v --num-processes=v -t|--timeout-multiplier=v --repeat=v --logbase=v "
   "--test-args=v -v|--verbose -q|--quiet --no-rebuild --benchmark --list --print-errorlogs"},
  {"meson:devenv", "s", "", "fmt-command", "-C=c -w|--workdir=c --dump?w --dump-format=v"},
  {"meson:subprojects", "s", "", "fmt-command", "--sourcedir=c --types=v --num-processes=v"},
  // The subcommands of interpreters the table does not declare otherwise (dotnet, deno): read
  // by engine/normalize_scripts.cpp (`undeclared_interpreter`). dotnet's `-o DIR` is the
  // output folder; `dotnet format`, `deno fmt` rewrite the folders they are given. MSBuild's
  // switches in every spelling (`/p:`, `-p:`, `--property:`), its properties that run a
  // command or name code, its binary log and loggers, and a project in another folder:
  // engine/program_task_runners.cpp.
  {"dotnet:build dotnet:publish dotnet:pack dotnet:clean dotnet:test dotnet:run dotnet:restore "
   "dotnet:msbuild", "m", "", "fmt-command",
   "-o|--output=b -c|--configuration=v -f|--framework=v -r|--runtime=v --project=r "
   "-p|--property=v -v|--verbosity=v -a|--arch=v --os=v --no-restore --no-build "
   "--results-directory=b --diag=w -s|--settings=r -l|--logger=v"},
  {"dotnet:new", "m", "", "", "-o|--output=b -n|--name=v --force --dry-run!R"},
  {"dotnet:format", "m", "*M", "",
   "--verify-no-changes!R --include=v --exclude=v -v|--verbosity=v --severity=v "
   "--diagnostics=v --no-restore"},
  {"deno:fmt", "m", "*M", "", "--check!R --config=r --ext=v --ignore=v --line-width=v"},
};
// clang-format on

const std::size_t kProgramsDesktopCount = sizeof(kProgramsDesktop) / sizeof(kProgramsDesktop[0]);

}  // namespace vigie::engine
