// The programs table, the checkers, scanners and report writers of a project (linters, security
// and licence scanners, test runners' reports, code indexers), diagram and binary tools: what
// they read (their operands, their configuration) and the reports, tags and images they write.
// The legend of the columns is in engine/programs_table.cpp; the index reads this part after the
// others (`kTableParts`, engine/programs_index.cpp).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// trivy's options, the same for each of its subcommands.
constexpr const char* kTrivyOptions =
    "-o|--output=w -c|--config=r --cache-dir=g --ignorefile=r --secret-config=r --template=v "
    "-f|--format=v -s|--severity=v --skip-dirs=v --skip-files=v --scanners=v --input=r "
    "--ignore-policy=r --config-policy=r --config-data=r --exit-code=v -q|--quiet -d|--debug "
    "--timeout=v -h|--help!N";

// clang-format off
const ProgramSource kProgramsCheckers[] = {
  // ---- linters and scanners: their operands read, their reports written; the secret scanners
  // (trivy, gitleaks) read every file below a folder, hidden ones included, the current folder
  // when none is named (shape `*H`: their findings print what they read) --------------------
  // flake8 and bandit (argparse: unambiguous prefixes), semgrep (click: exact names), cobra's
  // scanners (trivy and gitleaks by subcommand, handler `sub`; syft, grype, terraform-docs:
  // exact names).
  {"flake8", "pm", "*r", "",
   "--output-file=w --config=r --append-config=r --format=v --select=v --ignore=v "
   "--extend-ignore=v --extend-select=v --exclude=v --extend-exclude=v --filename=v "
   "--max-line-length=v --max-complexity=v --per-file-ignores=v -j|--jobs=v --tee --count "
   "--statistics --show-source --benchmark -q|--quiet -v|--verbose --exit-zero --isolated "
   "--bug-report!N --version!N -h|--help!N"},
  {"bandit", "pm", "*r", "",
   "-o|--output=w -c|--configfile=r -b|--baseline=r --ini=r -f|--format=v --msg-template=v "
   "-t|--tests=v -s|--skip=v -x|--exclude=v -p|--profile=v -a|--aggregate=v -n|--number=v "
   "-r|--recursive!Q -l|--level -i|--confidence -q|--quiet --silent -v|--verbose -d|--debug "
   "--exit-zero --severity-level=v --confidence-level=v --ignore-nosec --version!N "
   "-h|--help!N"},
  {"semgrep", "m", "*r", "",
   "-o|--output=w --json-output=w --sarif-output=w --text-output=w --junit-xml-output=w "
   "--gitlab-sast-output=w --gitlab-secrets-output=w --emacs-output=w --vim-output=w "
   "-c|-f|--config=r --exclude=v --include=v --exclude-rule=v --severity=v -l|--lang=v "
   "-e|--pattern=v --timeout=v -j|--jobs=v --baseline-commit=v --max-target-bytes=v --json "
   "--sarif --text --quiet --verbose --metrics=v --version!N -h|--help!N"},
  {"trivy gitleaks", "", "", "sub", ""},
  {"trivy:fs trivy:filesystem trivy:rootfs trivy:config trivy:repo trivy:repository", "m", "*H",
   "", kTrivyOptions},
  {"trivy:image trivy:sbom trivy:vm trivy:k8s trivy:kubernetes", "m", "*r", "", kTrivyOptions},
  {"gitleaks:detect gitleaks:dir gitleaks:directory gitleaks:protect gitleaks:git", "m", "*H", "",
   "-r|--report-path=w -c|--config=r -f|--report-format=v -s|--source=c --baseline-path=r "
   "--gitleaks-ignore-path=r -i|--ignore-gitleaks-allow=v --report-template=r --log-opts=v "
   "-l|--log-level=v --max-target-megabytes=v --redact?v --exit-code=v --no-banner --no-git "
   "--staged --pre-commit -v|--verbose -h|--help!N"},
  {"syft", "m", "*r", "",
   "-o|--output=o --file=w -c|--config=r --exclude=v --scope=v --platform=v --from=v "
   "--source-name=v --source-version=v -q|--quiet -v|--verbose --version!N -h|--help!N"},
  {"grype", "m", "*r", "",
   "-o|--output=v --file=w -c|--config=r --exclude=v --fail-on=v --only-fixed --only-notfixed "
   "--add-cpes-if-none --platform=v --from=v -q|--quiet -v|--verbose --version!N -h|--help!N"},
  {"terraform-docs", "m", "*r", "",
   "--output-file=w -c|--config=r --output-template=v --output-mode=v --recursive "
   "--recursive-path=v --version!N -h|--help!N"},
  // checkov (argparse): `-d DIR` and `-f FILE` are what it checks; `--external-checks-dir` loads
  // Python checks (code): asked.
  {"checkov", "pm", "", "",
   "-d|--directory=R -f|--file=r --output-file-path=g -o|--output=v --config-file=r "
   "--external-checks-dir=r!! --external-checks-git=v!! --baseline=r --skip-path=v "
   "--framework=v --check=v --skip-check=v --quiet --compact --version!N -h|--help!N"},
  // ---- test runners' reports ----------------------------------------------------------------
  {"rspec", "pm", "*r", "",
   "-o|--out=w -I=r -r|--require=r -O|--options=r -f|--format=v -e|--example=v "
   "-t|--tag=v --default-path=r --pattern=v --exclude-pattern=v --seed=v --order=v "
   "--only-failures --next-failure --fail-fast?v --dry-run --version!N -h|--help!N"},
  {"phpunit", "", "*r", "",
   "--log-junit=w --log-teamcity=w --testdox-html=w --testdox-text=w --testdox-xml=w "
   "--coverage-html=g --coverage-clover=w --coverage-cobertura=w --coverage-crap4j=w "
   "--coverage-php=w --coverage-text?w --coverage-xml=g --bootstrap=r -c|--configuration=r "
   "--include-path=r --cache-directory=g --filter=v --group=v --exclude-group=v "
   "--testsuite=v --no-configuration --stop-on-failure --version!N -h|--help!N"},
  {"hurl", "pm", "*r", "",
   "-o|--output=w --report-html=g --report-junit=w --report-json=g --report-tap=w "
   "-c|--cookie-jar=w -b|--cookie=r --variables-file=r --file-root=c --cacert=r -E|--cert=r "
   "--key=r --variable=v --glob=v --test --json --verbose --very-verbose --version!N "
   "-h|--help!N"},
  // ---- code indexers: `-f FILE` (universal-ctags, cscope) written; `-L`/`-i` lists of files
  // ---------------------------------------------------------------------------------------------
  {"ctags ctags-universal uctags exuberant-ctags etags", "pm", "*r", "",
   "-f|-o|--output=w -L=l --options=r --options-maybe=r --optlib-dir=R -R|--recurse!Q "
   "-a|--append -e -u -x --extras=v "
   "--fields=v --kinds-all=v --languages=v --exclude=v --tag-relative?v --sort?v "
   "--version!N --help!N"},
  {"cscope", "", "*r", "",
   "-f=w -i=l -I=r -s=r -F=r -P=v -p=v -b -R!Q -q -k -u -d -c -e -l -L -C -T -U -v -V!N "
   "-h!N"},
  // cloc (Getopt::Long: unambiguous prefixes); `--vcs=CMD` may be a command that lists files.
  {"cloc", "pm", "*r", "",
   "--out=w --report-file=w --sql=w --exclude-list-file=r --list-file=l --read-lang-def=r "
   "--force-lang-def=r --read-binary-files --vcs=x --exclude-dir=v --include-lang=v "
   "--exclude-lang=v --include-ext=v --exclude-ext=v --by-file --json --csv --yaml --xml --md "
   "--quiet --git --diff --version!N --help!N"},
  // ---- diagrams: graphviz's layout programs take `-ofile`/`-o file`, `-O` writes next to each
  // input (judged as writing it); mermaid-cli (commander: exact names). plantuml writes each
  // image beside its source (a folder operand: beside the files in it), or in `-o DIR`, which
  // when relative is taken from the source's folder: the sources are judged written either way.
  // ---------------------------------------------------------------------------------------------
  {"dot neato circo twopi fdp sfdp osage patchwork", "", "*r", "",
   "-o=w -O!W -T=v -K=v -G=v -N=v -E=v -l=r -s?v -n?v -y -x -v -q?v -P -V!N"},
  {"mmdc", "m", "", "",
   "-i|--input=r -o|--output=w -c|--configFile=r -C|--cssFile=r -p|--puppeteerConfigFile=r "
   "-I|--svgId=v -t|--theme=v -w|--width=v -H|--height=v -b|--backgroundColor=v "
   "-s|--scale=v -e|--outputFormat=v -f|--pdfFit -q|--quiet -V|--version!N -h|--help!N"},
  {"plantuml", "", "*M", "",
   "-o|-output=g -config=r -I=r -charset=v -failfast -failfast2 -nbthread=v -pipe -quiet "
   "-verbose -version!N -help!N"},
  // wkhtmltopdf and wkhtmltoimage: pages (files or URLs) read, the last operand written.
  {"wkhtmltopdf wkhtmltoimage", "m", "*r$w", "",
   "--cookie-jar=w --user-style-sheet=r --header-html=r --footer-html=r --allow=r "
   "--cache-dir=g -T|--margin-top=v -B|--margin-bottom=v -L|--margin-left=v "
   "-R|--margin-right=v -s|--page-size=v -O|--orientation=v --title=v -q|--quiet "
   "--enable-local-file-access --disable-local-file-access -V|--version!N -h|--help!N"},
  // ---- binaries rewritten in place unless an output is named: upx (`-t`, `-l` only read),
  // patchelf (`--print-*` only read) -----------------------------------------------------------
  {"upx", "m", "*m", "",
   "-o=w -d|--decompress -t|--test!R -l|--list!R -k|--backup -f|--force -q|--quiet "
   "-v|--verbose -1 -2 -3 -4 -5 -6 -7 -8 -9 --best --lzma --brute --ultra-brute --overlay=v "
   "--exact -V|--version!N -h|--help!N"},
  {"patchelf", "", "*m", "",
   "--output=w --set-rpath=v --add-rpath=v --remove-rpath --force-rpath --shrink-rpath "
   "--set-interpreter=r --set-soname=v --add-needed=v --remove-needed=v --replace-needed=v "
   "--no-default-lib --page-size=v --print-rpath!R --print-interpreter!R --print-needed!R "
   "--print-soname!R --print-os-abi!R --debug --version!N --help!N"},
  // ---- device and browser tools ----------------------------------------------------------------
  // adb's file transfers (its `shell` is a launcher: engine/program_launchers_managers.cpp):
  // `pull REMOTE… LOCAL` writes LOCAL, `push LOCAL… REMOTE` reads each LOCAL.
  {"adb:pull", "m", "*-$w", "", "-a -z=v -Z"},
  {"adb:push", "m", "*r$-", "", "--sync -n -z=v -Z"},
  {"adb:install adb:install-multiple", "m", "*r", "", "-r -t -d -g -l -s --abi=v"},
  // Playwright's commands (handler `sub`): a page's screenshot or PDF written, codegen's script
  // and the storage state written, the test runner's output folder.
  {"playwright", "", "", "sub", ""},
  {"playwright:screenshot playwright:pdf", "m", "-w", "",
   "-b|--browser=v --channel=v --device=v --color-scheme=v --wait-for-selector=v "
   "--wait-for-timeout=v --full-page --paper-format=v --load-storage=r --save-storage=w "
   "--save-har=w --save-har-glob=v --proxy-server=v --proxy-bypass=v --user-agent=v "
   "--user-data-dir=g --viewport-size=v --timezone=v --lang=v --geolocation=v --timeout=v "
   "--ignore-https-errors --block-service-workers"},
  {"playwright:codegen playwright:open playwright:cr playwright:ff playwright:wk", "m", "-", "",
   "-o|--output=w --target=v --test-id-attribute=v -b|--browser=v --channel=v --device=v "
   "--color-scheme=v --load-storage=r --save-storage=w --save-har=w --save-har-glob=v "
   "--proxy-server=v --proxy-bypass=v --user-agent=v --user-data-dir=g --viewport-size=v "
   "--timezone=v --lang=v --geolocation=v --timeout=v --ignore-https-errors"},
  {"playwright:test", "m", "*-", "",
   "--output=g -c|--config=r --reporter=v -g|--grep=v --grep-invert=v --project=v "
   "-j|--workers=v --trace=v --shard=v --retries=v --timeout=v --repeat-each=v --headed "
   "--debug --ui --list --forbid-only --fully-parallel --last-failed --pass-with-no-tests "
   "--quiet --global-timeout=v --max-failures=v -x"},
  {"playwright:show-report playwright:show-trace", "m", "r", "", "--host=v --port=v"},
  {"playwright:merge-reports", "m", "*r", "", "--reporter=v -c|--config=r"},
  // sqlcmd (SQL Server): `-i FILE` read, `-o FILE` written.
  {"sqlcmd", "", "", "",
   "-i=r -o=w -Q=v -q=v -S=v -d=v -U=v -P=v -y=v -Y=v -s=v -w=v -h=v -t=v -l=v -e -b -r?v -W "
   "-x -X -E -C -N"},
};
// clang-format on

const std::size_t kProgramsCheckersCount = sizeof(kProgramsCheckers) / sizeof(kProgramsCheckers[0]);

}  // namespace vigie::engine
