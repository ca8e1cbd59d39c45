// The programs table, the formatters and fixers of the ecosystems beyond Python's core, Go's,
// clang's and JavaScript's core (black, isort, gofmt, clang-format, prettier, eslint and ruff are
// in engine/programs_table_tools.cpp; the subcommands that format, `cargo fmt`, `mix format`, `zig
// fmt`…, in engine/program_format_commands.cpp). The legend of the columns is in
// engine/programs_table.cpp. Each rewrites its operands in place, or does once an option says
// so (`!U`; `!Z`: with no operand, the files of the current folder); notebooks' tools.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsFixers[] = {
  // Notebooks: `jupyter nbconvert` (handler `sub`, engine/program_subcommands.cpp) writes its
  // output next to each notebook, or rewrites it (`--inplace`), or into `--output-dir`;
  // nbstripout strips the outputs of the notebooks in place, `--install` sets a git filter
  // (a command git runs later: asked); `jupyter execute` runs notebooks, and with `--inplace`
  // rewrites them.
  {"jupyter", "", "", "sub", ""},
  {"jupyter:nbconvert jupyter-nbconvert", "m", "*m", "",
   "--inplace!U --stdout!R --output-dir=b --output=w --to=v --template=v --execute "
   "--allow-errors --config=r --log-level=v --ExecutePreprocessor.timeout=v"},
  {"jupyter:trust jupyter-trust", "m", "*r", "", "--reset"},
  {"jupyter:execute jupyter-execute", "m", "*r", "",
   "--inplace!U --output=w --allow-errors --kernel_name=v --timeout=v --startup_timeout=v"},
  // papermill runs a notebook (its code: a script file) and writes the executed copy.
  {"papermill", "m", "xw", "",
   "-p|--parameters=v -r|--parameters_raw=v -f|--parameters_file=r -y|--parameters_yaml=v "
   "-b|--parameters_base64=v -k|--kernel=v -l|--language=v --cwd=c --prepare-only "
   "--log-output --no-log-output --stdout-file=w --stderr-file=w --execution-timeout=v "
   "--start-timeout=v --report-mode --request-save-on-cell-execute --autosave-cell-every=v"},
  {"nbstripout", "m", "*M", "",
   "--install!! --uninstall!! --attributes=w --global --system --python=v -f|--force "
   "-t|--textconv!R --dry-run!R -s|--status!N --is-installed!N --keep-count --keep-output "
   "--keep-id --extra-keys=v --keep-metadata-keys=v --drop-empty-cells --drop-tagged-cells=v "
   "--strip-init-cells --max-size=v --mode=v -o|--stdout!R -y|--yes"},
  // ---- Python: rewritten in place by default, or with -i --------------------------------------
  {"pyupgrade add-trailing-comma reorder-python-imports", "pm", "*w", "", "--exit-zero-even-if-changed"},
  {"autoflake", "pm", "*r", "",
   "-i|--in-place!U -c|--check!R -cd|--check-diff!R -r|--recursive -j|--jobs=v --config=r"},
  {"docformatter", "pm", "*r", "",
   "-i|--in-place!U -c|--check!R -r|--recursive --config=r"},
  {"pycln", "m", "*M", "", "-c|--check!R -d|--diff!R --config=r"},
  {"flynt", "pm", "*M", "", "-d|--dry-run!R --stdout!R -f|--fail-on-change"},
  {"djlint", "m", "*r", "", "--reformat!U --check --lint --configuration=r"},
  {"yamlfix", "m", "*M", "", "--check!R -c|--config-file=r"},
  {"mdformat", "pm", "*M", "", "--check!R"},
  // pytest (argparse without abbreviations): syrupy's and pytest-snapshot's `--snapshot-update`
  // rewrites snapshot files the line does not name; `--basetemp DIR` is emptied first;
  // `--pdbcls MOD:CLASS` loads a debugger class. `-p PLUGIN`, `-o cache_dir=DIR` and
  // `--rootdir DIR`: engine/program_task_runners.cpp.
  {"pytest py.test", "m", "*r", "fmt-command",
   "--snapshot-update!K -k=v -m=v -p=v -c=r -o|--override-ini=v --rootdir=v --basetemp=d "
   "--pdbcls=v "
   "--junitxml|--junit-xml=w --html=w --cov=v --cov-report=s -n|--numprocesses=v --maxfail=v "
   "--tb=v -W=v --deselect=v --ignore=v --confcutdir=v --durations=v --log-file=w --debug?w "
   "--report-log=w --junit-prefix=v"},
  // ---- other languages ---------------------------------------------------------------------
  {"nixfmt alejandra", "m", "*M", "", "-c|--check!R"},
  {"scalafmt", "m", "*M", "",
   "--test!R --check!R --list!R -l!R --stdout!R --stdin!R --diff!R -c|--config=r --mode=v "
   "--non-interactive -q|--quiet"},
  {"stylua", "m", "*M", "", "-c|--check!R --verify -f|--config-path=r"},
  {"swiftformat", "m", "*M", "", "--lint!R --dryrun!R --config=r"},
  {"swift-format", "m", "*r", "", "-i|--in-place!U --configuration=r"},
  {"ktlint", "m", "*r", "", "-F|--format!U"},
  {"google-java-format", "m", "*r", "", "-i|-r|--replace!U"},
  {"clang-tidy", "m", "*r", "",
   "--fix!U --fix-errors!U -fix!U -fix-errors!U --export-fixes=w -export-fixes=w "
   "--config-file=r -config-file=r --vfsoverlay=r -vfsoverlay=r --load=r!! -load=r!! "
   "--format-style=z -format-style=z "
   "--store-check-profile=g -store-check-profile=g"},
  // clang-apply-replacements DIR: the change files (YAML) below DIR are read and the files
  // they name rewritten (DIR's files: role M); `--remove-change-desc-files` deletes them (!D);
  // `--style=file:PATH` and `--style-config=DIR` (its `.clang-format`) are read (LLVM's options:
  // one or two dashes).
  {"clang-apply-replacements", "m", "M", "",
   "--remove-change-desc-files!D -remove-change-desc-files!D --format -format --style=z "
   "-style=z --style-config=r -style-config=r --help!N -help!N --version!N -version!N"},
  {"cmake-format", "m", "*r", "", "-i|--in-place!U -o|--outfile-path=w -c|--config-files=r"},
  {"rubocop", "m", "*r", "",
   "-a|--autocorrect!Z -A|--autocorrect-all!Z -x|--fix-layout!Z --auto-correct!Z "
   "--auto-correct-all!Z -c|--config=r -o|--out=w"},
  {"standardrb", "m", "*r", "", "--fix!Z"},
  {"phpcbf", "m", "*M", "", "--standard=v --extensions=v"},
  {"elm-format", "m", "*r", "", "--yes!U --validate!R --output=w"},
  {"ormolu fourmolu", "m", "*r", "", "-i!U -m|--mode=v"},
  {"cabal-fmt", "m", "*r", "", "-i|--inplace!U"},
  {"shellharden", "m", "*r", "", "--replace!U --transform --check --suggest"},
  {"markdownlint markdownlint-cli2", "m", "*r", "", "--fix!U -o|--output=w -c|--config=r"},
  {"codespell", "pm", "*r", "", "-w|--write-changes!Z -I|--ignore-words=r"},
  {"typos", "m", "*r", "", "-w|--write-changes!Z --config=r"},
  {"gofumpt goimports golines", "m", "*r", "", "-w|--write-output!U -l -d"},
  // ---- programs whose subcommand formats (handler `fmt-command`: one entry each, the handler
  // finds its rows by the entry's first name) ------------------------------------------------
  {"mix", "m", "", "fmt-command", ""},
  {"dart", "m", "", "fmt-command", ""},
  {"zig", "m", "", "fmt-command", ""},
  {"taplo", "m", "", "fmt-command", ""},
  {"dprint", "m", "", "fmt-command", ""},
  {"buf", "m", "", "fmt-command", ""},
  {"sqlfluff", "m", "", "fmt-command", ""},
  {"gci", "m", "", "fmt-command", ""},
  {"php-cs-fixer", "m", "", "fmt-command", ""},
  {"packer", "m", "", "fmt-command", ""},
  {"pre-commit", "m", "", "fmt-command", "-c|--config=r"},
  // ---- task runners (handler `fmt-command`, read by engine/program_task_runners.cpp) ---------
  // rustup (clap): `run TOOLCHAIN CMD…` runs CMD; a toolchain that is a folder is asked.
  {"rustup", "s", "", "fmt-command",
   "-v|--verbose -q|--quiet -h|--help!N -V|--version!N"},
  // just (clap): `-c|--command CMD…`, `--shell`, `--chooser`, `-d DIR` are read by the handler;
  // `-f FILE` is the justfile it runs.
  {"just", "m", "", "fmt-command",
   "-f|--justfile=r --dotenv-path|-E=r --dotenv-filename=r --color=v --dump-format=v "
   "--list-heading=v --list-prefix=v -n|--dry-run -q|--quiet -v|--verbose -g|--global-justfile "
   "-l|--list?v --summary --evaluate --dump --fmt --check --unstable --yes -h|--help!N "
   "-V|--version!N"},
  // rake (Ruby's OptionParser: long prefixes): `-e|-E|-p CODE` is Ruby it runs (the handler);
  // `-r LIB`, `-I DIR`, `-R DIR` load code from where they name: asked; `-g` runs ~/.rake's.
  {"rake", "pm", "", "fmt-command",
   "-f|--rakefile=r -r|--require=r!! -I|--libdir=r!! -R|--rakelibdir|--rakelib=r!! "
   "-e|--execute=v -E|--execute-continue=v -p|--execute-print=v -C|--directory=c "
   "-j|--jobs?v -t|--trace?v -T|--tasks?v -D|--describe?v -W|--where?v --backtrace?v "
   "--job-stats?v --suppress-backtrace=v -g|--system -G|--no-system -N|--no-search|--nosearch "
   "-n|--dry-run -P|--prereqs -A|--all -m|--multitask -q|--quiet -s|--silent -v|--verbose "
   "-B|--build-all --comments --rules -X|--no-deprecation-warnings -V|--version!N "
   "-h|--help!N"},
  // tox 4: `exec -- CMD…` runs CMD; `-x|--override KEY=VALUE` changes what it runs (handler).
  {"tox", "m", "", "fmt-command",
   "-c|--conf=r -x|--override=v --root=c --workdir=b -e=v -f=v -m=v --result-json=w "
   "--installpkg=r --hashseed=v --discover=r -i|--index-url=v --skip-env=v "
   "--exit-and-dump-after=v --colored=v --runner=v -r|--recreate -n|--notest "
   "-p|--parallel?v -o|--parallel-live -q|--quiet -v|--verbose --skip-missing-interpreters?v "
   "--no-provision?w --no-recreate-pkg --develop --list-dependencies -h|--help!N "
   "--version!N"},
  // golangci-lint (cobra: long options by their exact name): `run --fix` and `fmt` rewrite the
  // packages' Go files; its reports and profiles are written.
  {"golangci-lint", "m", "", "fmt-command",
   "-c|--config=r --no-config --default=v -E|--enable=v -D|--disable=v -p|--presets=v --fast "
   "--fast-only --enable-only=v --timeout=v --tests --build-tags=v --out-format=v --new "
   "--new-from-rev=v --new-from-patch=r --new-from-merge-base=v --whole-files --fix "
   "--max-issues-per-linter=v --max-same-issues=v --uniq-by-line -j|--concurrency=v "
   "-v|--verbose --color=v --path-prefix=v --path-mode=v --sort-results --show-stats "
   "--allow-parallel-runners --allow-serial-runners --issues-exit-code=v --skip-dirs=v "
   "--skip-files=v --exclude-dirs=v --exclude-files=v --print-resources-usage "
   "--cpu-profile-path=w --mem-profile-path=w --trace-path=w --output.text.path=w "
   "--output.json.path=w --output.checkstyle.path=w --output.junit-xml.path=w "
   "--output.sarif.path=w --output.html.path=w --output.code-climate.path=w "
   "--output.tab.path=w --output.teamcity.path=w -d|--diff --stdin -h|--help!N"},
  // prisma's `format` rewrites the schema (`--schema PATH`, else prisma/schema.prisma).
  {"prisma", "m", "", "fmt-command", "--schema=w --check --help!N -h!N"},
  {"terragrunt", "m", "", "fmt-command", "--terragrunt-working-dir=c --working-dir=c"},
  // GNU indent rewrites each operand in place (a backup beside it), unless the output is named
  // (`-o FILE`: an operand here, written too) or standard output (`-st`).
  {"indent", "m", "*m", "", "--output-file=w!R -st|--standard-output!R"},
};
// clang-format on

const std::size_t kProgramsFixersCount = sizeof(kProgramsFixers) / sizeof(kProgramsFixers[0]);

}  // namespace vigie::engine
