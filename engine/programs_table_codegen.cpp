// The programs table, builders' outputs: the compilers and code generators of the JVM, Rust
// and schema languages (javac's class, source and header folders; protoc's `--LANG_out`
// folders, handler `protoc`, engine/program_codegen.cpp; flatc, thrift, openapi-generator),
// bundlers and minifiers, site and document builders (sphinx-build, mkdocs, hugo, jekyll, TeX,
// latexmk, ghostscript, qpdf, pdftk), packagers and reports (pyinstaller, coverage, mypy),
// the build tools that name where they write (Maven, Gradle, Bazel, Composer), and the tools
// that rewrite a file in place on request (xmlstarlet ed -L, tidy -m, 2to3 -w,
// sops -i). Role b: an output folder with every file below it, named after the inputs. The
// legend of the columns is in engine/programs_table.cpp.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsCodegen[] = {
  // javac: the annotation processors it loads (`-processorpath`, `--processor-module-path`) and
  // the JVM's `-J` options (`-J-javaagent:`, `-J-XX:OnError=`), a compiler plugin
  // (`-Xplugin:NAME`) and the processors `-processor` names run code: asked; `-Xstdout FILE`
  // writes its messages to FILE. Without `-d`, each class file is written beside its source:
  // judged as the source written (a rule on its folder meets it). javap likewise takes `-J`.
  {"javac", "m@", "*m", "fmt-command",
   "-d=b!R -s=b -h=b -cp|-classpath|--class-path=r -sourcepath|--source-path=r "
   "-bootclasspath|--boot-class-path=r -processorpath|--processor-path=v!! -p|--module-path=r "
   "--module-source-path=v --processor-module-path=v!! -J?v!! -Xstdout=w "
   "-source|--source=v -target|--target=v "
   "--release=v -encoding|--encoding=v -processor=v!! --add-modules=v --add-exports=v "
   "--add-reads=v --limit-modules=v --patch-module=v --system=v --upgrade-module-path=v "
   "-m|--module=v -extdirs=v -endorseddirs=v -g -nowarn -verbose -deprecation -parameters "
   "-Werror --enable-preview -implicit:none -implicit:class -proc:none -proc:only -proc:full "
   "-version|--version!N -help|--help!N"},
  {"javap", "m@", "*r", "",
   "-J?v!! -cp|-classpath|--class-path=r --module-path=r --system=v -bootclasspath=r "
   "-m|--module=v --multi-release=v -l -c -s -p -v -verbose -public -protected -private "
   "-package -constants -sysinfo -version|--version!N -help|--help!N"},
  // Other compilers' outputs: kotlinc and scalac `-d` (a folder or a jar), ghc `-o` and its
  // output folders (one dash, exact names; without `-outputdir`, the `.o` and `.hi` files are
  // written beside the source: judged as the source written), swiftc, nvcc, the GNU assembler.
  {"kotlinc kotlinc-jvm", "m@", "*r", "",
   "-d=b -cp|-classpath=v -jvm-target=v -module-name=v -include-runtime -no-stdlib "
   "-no-reflect -script -language-version=v -api-version=v -jdk-home=r -Xplugin=r!! "
   "-version!N -help!N"},
  {"scalac", "m@", "*r", "",
   "-d=b -cp|-classpath|--class-path=v -sourcepath|--source-path=v -encoding=v -release=v "
   "-deprecation -feature -unchecked -explain -version!N -help!N"},
  {"ghc", "m@", "*m", "",
   "-o=w -outputdir=b!R -odir=b -hidir=b -stubdir=b -dumpdir=b -hiedir=b -i?v -package=v "
   "-package-db=r -main-is=v -threaded -rtsopts?v -dynamic -static -shared -c -e=p "
   "--make --interactive -prof -fforce-recomp -Wall -Werror -O -O0 -O1 -O2"},
  {"swiftc", "m@", "*r", "",
   "-o=w -module-name=v -emit-module-path=w -emit-objc-header-path=w -output-file-map=r "
   "-I=v -L=v -l?v -F=v -sdk=v -target=v -j=v -emit-library -emit-executable -emit-module "
   "-emit-object -parse-as-library -O -Onone -Osize -g -v -version!N -help!N"},
  {"nvcc", "m", "*r", "",
   "-o|--output-file=w -odir|--output-directory=b -ccbin|--compiler-bindir=r -I|--include-path=v "
   "-MF|--dependency-output=w -keep-dir|--keep-dir=g -include|--pre-include=r -time|--time=w "
   "-fdevice-time-trace|--fdevice-time-trace=w -optf|--options-file=r!! "
   "-arbin|--archiver-binary=r!! -isystem|--system-include=v -ldir|--libdevice-directory=v "
   "-MT|--dependency-target-name=v "
   "-L|--library-path=v -l|--library=v -D|--define-macro=v -arch|--gpu-architecture=v "
   "-code|--gpu-code=v -gencode|--generate-code=v -Xcompiler|--compiler-options=v "
   "-Xlinker|--linker-options=v -std=v -O?v -c|--compile -G|--device-debug -g|--debug "
   "-lineinfo|--generate-line-info -shared --version!N -h|--help!N"},
  // The GNU assembler: its words are read as `gcc -Wa,` passes them (handler `cc`,
  // engine/program_compilers.cpp: `-o`, `--MD FILE`, the listings `-a…=FILE` written, `-I DIR`
  // read, `@FILE` asked).
  {"as gas", "m@", "", "cc", ""},
  // Front-end builders: their output folder.
  {"parcel", "m", "*r", "",
   "--dist-dir=b -d|--out-dir=b --cache-dir=b --public-url=v --target=v --config=r "
   "--no-cache --no-source-maps -p|--port=v --host=v --no-hmr"},
  {"ng", "m", "", "", "--output-path=b -c|--configuration=v --base-href=v --project=v"},
  {"protoc grpc_tools.protoc", "", "", "protoc", ""},
  {"flatc", "m", "*r", "",
   "-o=b -I=v --conform=r --conform-includes=v --include-prefix=v --bfbs-filenames=v "
   "--root-type=v --filename-suffix=v --filename-ext=v"},
  {"openapi-generator openapi-generator-cli swagger-codegen", "", "", "sub", ""},
  {"openapi-generator:generate openapi-generator-cli:generate swagger-codegen:generate", "m", "",
   "", "-o|--output=b -i|--input-spec=r -g|--generator-name=v -l|--lang=v -c|--config=r "
   "-t|--template-dir=r --additional-properties=v --global-property=v -p=v"},
  // rustc, rustdoc: `-C linker=PROG`, `-Z codegen-backend=LIB`, `--emit KIND=PATH`… are read by
  // the handler (engine/program_rustc.cpp).
  {"rustc", "m@", "*r", "rustc",
   "-o=w --out-dir=b --emit=v -L=i --extern=i -C|--codegen=v -Z=v --crate-type=v --crate-name=v "
   "--edition=v --target=v --cfg=v -l=v --cap-lints=v --sysroot=r --error-format=v --json=v "
   "--explain=v -A|--allow=v -W|--warn=v -D|--deny=v -F|--forbid=v --print=v --test -O -g "
   "-V|--version!N -h|--help!N"},
  // rustdoc: `-o DIR`, `--persist-doctests DIR` written; `--test-builder` and `--runtool` run
  // the doctests' compiler and runner.
  {"rustdoc", "m@", "*r", "rustc",
   "-o|--out-dir|--output=b -L=i --extern=i -C|--codegen=v -Z=v --crate-type=v --crate-name=v "
   "--edition=v --target=v --cfg=v --sysroot=r --output-format=v --html-in-header=r "
   "--html-before-content=r --html-after-content=r --markdown-css=v --extend-css=r --theme=r "
   "--check-theme=r --test-builder=x --runtool=x --runtool-arg=v --persist-doctests=b "
   "--test-args=v --default-theme=v --resource-suffix=v --playground-url=v -w=v --test "
   "-V|--version!N -h|--help!N"},
  // wasm-pack, bun and deno (subcommands of programs the table runs through
  // engine/program_subcommands.cpp or the runners' handler).
  {"wasm-pack", "", "", "sub", ""},
  {"wasm-pack:build wasm-pack:pack", "m", "*r", "",
   "-d|--out-dir=b --out-name=v -t|--target=v --scope=v --mode=v --release --dev --profiling"},
  {"bun:build", "m", "*r", "",
   "--outdir=b --outfile=w --sourcemap?v --target=v --format=v --minify --splitting "
   "--external=v -e=v --define=v --public-path=v --root=v --entry-naming=v --chunk-naming=v"},
  {"deno:compile", "m", "r*-", "",
   "-o|--output=w --target=v --include=r --icon=r -A|--allow-all --config=r -c=r"},
  {"deno:bundle", "m", "rw", "", "-o|--output=w --outdir=b --config=r -c=r --platform=v"},
  // Minifiers and style compilers: `-o FILE`, or the second operand.
  {"uglifyjs uglify-js", "m", "*r", "",
   "-o|--output=w -c|--compress?v -m|--mangle?v -b|--beautify?v -f|--format?v "
   "--source-map=v --config-file=r -e|--enclose?v -p|--parse=v --name-cache=w"},
  {"terser", "m", "*r", "",
   "-o|--output=w -c|--compress?v -m|--mangle?v -f|--format?v --config-file=r "
   "--source-map=v --name-cache=w -p|--parse=v"},
  {"svgo", "m", "*M", "",
   "-o|--output=w!R -f|--folder=b -i|--input=w --config=r -p|--precision=v --pretty "
   "--indent=v -r|--recursive -q|--quiet --show-plugins!N --string=v"},
  {"sass node-sass", "m", "rw", "",
   "-I|--load-path=r -s|--style=v --no-source-map --source-map --embed-sources --update "
   "-w|--watch --stdin --charset --no-charset -q|--quiet --color --no-color -o|--output=b"},
  {"lessc", "m", "rw", "",
   "--include-path=v --source-map?v -x|--compress --rootpath=v --plugin=v --global-var=v "
   "--modify-var=v"},
  // Maven (commons-cli: long prefixes) and Gradle: the build files are the project's code;
  // an init script or a settings file given on the line can run anything (handler `mvn`).
  // Gradle (handler `fmt-command`, engine/program_task_runners.cpp): `-p DIR` builds there,
  // `-D` may set its JVM; its user home holds init scripts it runs (`init.d/`): asked.
  {"mvn mvnw", "pm", "", "mvn",
   "-f|--file=r -s|--settings=r -gs|--global-settings=r -t|--toolchains=r "
   "-gt|--global-toolchains=r -l|--log-file=w -emp|--encrypt-master-password?v "
   "-ep|--encrypt-password?v "
   "-D|--define=v -P|--activate-profiles=v -pl|--projects=v -rf|--resume-from=v -T|--threads=v"},
  {"gradle gradlew", "m", "", "fmt-command",
   "-I|--init-script=r!! -b|--build-file=r -c|--settings-file=r -p|--project-dir=c "
   "-g|--gradle-user-home=w!! --project-cache-dir=w -D|--system-prop=v -P|--project-prop=v "
   "-x|--exclude-task=v --include-build=r!!"},
  // Ant (single-dash long names): `-lib PATH` adds jars it loads, `-logger`, `-listener`,
  // `-inputhandler` and `-main` name classes it runs: asked.
  {"ant", "", "", "",
   "-f|-file|-buildfile=r -l|-logfile=w -propertyfile=r -lib=r!! -logger=v!! -listener=v!! "
   "-inputhandler=v!! -main=v!! -s|-find=r -D?v -nice=v -q|-quiet -v|-verbose -d|-debug "
   "-e|-emacs -k|-keep-going -S|-silent -noinput -nouserlib -noclasspath -autoproxy "
   "-diagnostics!N -version!N -h|-help!N -p|-projecthelp!N"},
  // Bazel: the startup options before the command name where it writes (its output trees, the
  // caches, the convenience symlinks' prefix); the BUILD files are the project's code.
  // `--run_under=CMD` runs the target through CMD, `--workspace_status_command=CMD` at each
  // build; a credential helper and the server's JDK are programs it runs (asked); the JVM's
  // `--host_jvm_args` are read by engine/program_task_runners.cpp; `--script_path` writes a
  // script, `--profile` the build's profile.
  {"bazel bazelisk", "m", "", "fmt-command",
   "--output_base=b --output_user_root=b --install_base=b --bazelrc=r!! --symlink_prefix=g "
   "--disk_cache=b --repository_cache=b --distdir=r --override_repository=v --config=v "
   "-c|--compilation_mode=v --define=v --copt=v --jobs=v -k|--keep_going --run_under=x "
   "--script_path=w --workspace_status_command=x --credential_helper=v!! --server_javabase=r!! "
   "--host_jvm_args=v --profile=w --execution_log_json_file=w --execution_log_binary_file=w "
   "--build_event_json_file=w --build_event_text_file=w --build_event_binary_file=w"},
  // Composer (Symfony console): `-d DIR` is the project it installs into (vendor/ below it).
  {"composer composer.phar", "m", "", "",
   "-d|--working-dir=e --no-plugins --no-scripts --no-cache -n|--no-interaction -q|--quiet "
   "--ansi --no-ansi --profile -v|--verbose --no-dev --prefer-dist --prefer-source "
   "--prefer-install=v -o|--optimize-autoloader -a|--classmap-authoritative --ignore-platform-reqs "
   "--ignore-platform-req=v --dry-run --with=v -W|--with-all-dependencies"},
  // Site and document builders: the output folder, with every file below it.
  {"sphinx-build", "pm", "RM*r", "",
   "-b|--builder=v -M=v -d|--doctree-dir=b -c|--conf-dir=r -D|--define=v -A|--html-define=v "
   "-t|--tag=v -j|--jobs=v -w|--warning-file=w -a|--write-all -E|--fresh-env -n|--nitpicky "
   "-N|--no-color -v|--verbose -q|--quiet -Q|--silent -W|--fail-on-warning --keep-going -T"},
  {"mkdocs", "", "", "sub", ""},
  {"mkdocs:build", "m", "", "",
   "-d|--site-dir=b -f|--config-file=r -t|--theme=v -c|--clean --dirty -s|--strict -q|--quiet "
   "-v|--verbose"},
  {"hugo", "m", "", "",
   "-d|--destination=b --cacheDir=b -s|--source=c -c|--contentDir=r --config=r --themesDir=r "
   "-b|--baseURL=v -e|--environment=v -t|--theme=v -D|--buildDrafts -F|--buildFuture --minify "
   "--gc --cleanDestinationDir"},
  // Asciidoctor: the output file (`-o`), or the folder (`-D`), else the output beside each
  // source (judged as the source written); `-r LIB` loads Ruby code.
  {"asciidoctor asciidoctor-pdf asciidoctor-epub3", "m", "*m", "",
   "-o|--out-file=w!R -D|--destination-dir=b!R -B|--base-dir=r -R|--source-dir=r -r|--require=r!! "
   "-a|--attribute=v -b|--backend=v -d|--doctype=v -S|--safe-mode=v -T|--template-dir=r "
   "-E|--template-engine=v --failure-level=v -s|--no-header-footer -n|--section-numbers "
   "-q|--quiet -v|--verbose -w|--warnings -t|--timings --trace"},
  {"jekyll", "", "", "sub", ""},
  {"jekyll:build jekyll:b jekyll:serve jekyll:s jekyll:server", "m", "", "",
   "-d|--destination=b -s|--source=c --config=v -w|--watch --drafts --future --incremental "
   "-b|--baseurl=v -P|--port=v -H|--host=v --livereload"},
  // TeX: `-output-directory DIR` (one or two dashes, `=` or a space); `-shell-escape` lets
  // the document run commands (asked). latexmk's options need `=`; `-e CODE` and `-r FILE`
  // are Perl it runs, `-pdflatex=CMD` a command line.
  {"pdflatex xelatex lualatex latex tex pdftex luatex etex", "m", "*r", "",
   "-output-directory|--output-directory=b -aux-directory|--aux-directory=b "
   "-jobname|--jobname=v -interaction|--interaction=v -output-format|--output-format=v "
   "-fmt|--fmt=v -synctex|--synctex=v -shell-escape|--shell-escape|-enable-write18!! "
   "-no-shell-escape|--no-shell-escape -halt-on-error -file-line-error -draftmode -recorder"},
  {"latexmk", "m", "*r", "",
   "-outdir|--outdir|-output-directory|--output-directory=b -auxdir|--auxdir|-aux-directory=b "
   "-jobname|--jobname=v -e=v!! -r=r!! -pdflatex|--pdflatex=x -xelatex|--xelatex=x "
   "-lualatex|--lualatex=x -latex|--latex=x -shell-escape|--shell-escape!! -pdf -pdflua -pdfxe "
   "-pdfdvi -pdfps -ps -dvi -c -C -f -g -gg -pvc -pv -quiet -silent -interaction=v -bibtex "
   "-bibtex- -nobibtex -cd -use-make -usepretex -norc -time -recorder -recorder- -synctex=v "
   "-view=v"},
  // Ghostscript: `-sOutputFile=FILE` (`-sOutputFile FILE`), `-o FILE`; its -d/-s/-r/-g/-I take
  // attached values (`-dNOPAUSE`, `-sDEVICE=pdfwrite`).
  {"gs gsc gswin64c", "", "*r", "",
   "-sOutputFile|--output=w -o=w -d?v -s?v -r?v -g?v -I=v -f=r -q -P -Z?v -h!N "
   "--version!N"},
  {"pdftk pdftk.pdftk-java", "", "", "pdftk", ""},
  {"qpdf", "m", "rw", "",
   "--replace-input!W --password=v --decrypt --linearize --qdf --object-streams=v "
   "--compress-streams=v --min-version=v --force-version=v --empty --rotate=v --split-pages?v "
   "--check!R --show-npages!R --json?v!R"},
  // Reports, caches and packagers.
  {"coverage", "", "", "sub", ""},
  {"coverage:html", "pm", "*r", "",
   "-d|--directory=b --data-file=r --rcfile=r --title=v --include=v --omit=v --precision=v "
   "--fail-under=v --show-contexts --skip-covered --skip-empty -i|--ignore-errors -q|--quiet"},
  {"coverage:xml coverage:json coverage:lcov", "pm", "*r", "",
   "-o=w --data-file=r --rcfile=r --include=v --omit=v --fail-under=v --pretty-print "
   "--show-contexts --skip-empty -i|--ignore-errors -q|--quiet"},
  {"coverage:combine", "pm", "*r", "",
   "-a|--append --data-file=w --keep --rcfile=r -q|--quiet --debug=v"},
  {"coverage:erase", "pm", "", "", "--data-file=d --rcfile=r -q|--quiet --debug=v"},
  {"coverage:report coverage:annotate coverage:debug", "pm", "*r", "",
   "--data-file=r --rcfile=r -d|--directory=b --include=v --omit=v --precision=v "
   "--fail-under=v --format=v --sort=v --show-missing -m --skip-covered --skip-empty "
   "-i|--ignore-errors -q|--quiet --contexts=v --debug=v"},
  // poppler's converters (single-dash options, anywhere on the line): IN, then OUT (a file, or
  // the prefix of the files written: `pdftoppm in.pdf out` writes out-1.ppm…); pdfunite's last
  // operand.
  // pdftotext and pdftohtml given IN only write beside it (handler `pdf`,
  // engine/program_convert.cpp).
  {"pdftotext pdftohtml", "m", "rw", "pdf",
   "-f=v -l=v -r=v -rx=v -ry=v -x=v -y=v -W=v -H=v -opw=v -upw=v -enc=v -eol=v -zoom=v "
   "-fmt=v -scale-to=v -scale-to-x=v -scale-to-y=v -sep=v -cropbox -layout -raw -nopgbrk "
   "-htmlmeta -bbox -bbox-layout -png -jpeg -tiff -svg -pdf -ps -eps -j -all -list -q -v "
   "-fixed=v -colspacing=v -wbt=v"},
  {"pdftoppm pdftocairo pdfimages pdfseparate", "m", "rw", "",
   "-f=v -l=v -r=v -rx=v -ry=v -x=v -y=v -W=v -H=v -opw=v -upw=v -enc=v -eol=v -zoom=v "
   "-fmt=v -scale-to=v -scale-to-x=v -scale-to-y=v -sep=v -cropbox -layout -raw -nopgbrk "
   "-htmlmeta -bbox -bbox-layout -png -jpeg -tiff -svg -pdf -ps -eps -j -all -list -q -v "
   "-sz=v -jpegopt=v -tiffcompression=v -freetype=v -thinlinemode=v -aa=v -aaVector=v "
   "-antialias=v -paper=v -paperw=v -paperh=v -icc=r -displayprofile=r -defaultgrayprofile=r "
   "-defaultrgbprofile=r -defaultcmykprofile=r"},
  {"pdfunite", "m", "*r$w", "", "-v"},
  // uudecode (sharutils, AutoOpts): without `-o`, the output is the file its input's header
  // names (asked); `-R|--save-opts[=FILE]` writes the options (by default ~/.sharrc),
  // `-r|--load-opts FILE` reads them (engine/program_task_runners.cpp).
  {"uudecode", "pm", "*r", "fmt-command",
   "-o|--output-file=w -c|--ignore-chmod -R|--save-opts?w -r|--load-opts=r --no-load-opts "
   "-h|--help!N -!|--more-help!N -v|--version?v!N"},
  {"coverage:run", "pm", "x*-", "",
   "-m|--module=p --data-file=w --rcfile=r --source=v --include=v --omit=v --context=v "
   "--concurrency=v -L|--pylib -a|--append -p|--parallel-mode --branch --timid"},
  // mypy runs `--python-executable` to find its packages. pylint (argparse, prefixes):
  // `--init-hook` is Python code it runs first; `--load-plugins` modules of its path.
  {"pylint", "pm", "*r", "",
   "--init-hook=E --rcfile=r --output=w --load-plugins=v -j|--jobs=v -d|--disable=v "
   "-e|--enable=v --disable-all --enable-all-extensions -f|--output-format=v "
   "--ignore=v --ignore-patterns=v --ignore-paths=v -E|--errors-only -v|--verbose "
   "--fail-under=v --fail-on=v --exit-zero --recursive?v --py-version=v --source-roots=v "
   "--max-line-length=v -r|--reports?v -s|--score?v --msg-template=v --generate-rcfile!N "
   "--generate-toml-config!N --version!N -h|--help!N --long-help!N"},
  {"mypy dmypy", "pm", "*r", "",
   "--cache-dir=b --config-file=r --junit-xml=w --html-report=b --txt-report=b --xml-report=b "
   "--linecount-report=b --linecoverage-report=b --lineprecision-report=b --any-exprs-report=b "
   "--cobertura-xml-report=b -p|--package=v -m|--module=v -c|--command=v --python-version=v "
   "--python-executable=x --strict --ignore-missing-imports --install-types!! "
   "--non-interactive"},
  {"pyinstaller", "pm", "*r", "",
   "--distpath=b --workpath=b --specpath=b -n|--name=v --add-data=v --add-binary=v -p|--paths=v "
   "--hidden-import|--hiddenimport=v --additional-hooks-dir=r --runtime-hook=r -i|--icon=r "
   "--upx-dir=r --key=v -F|--onefile -D|--onedir -w|--windowed -c|--console -y|--noconfirm "
   "--clean --log-level=v"},
  {"mongodump", "m", "", "",
   "-o|--out=b --archive?w --uri=v -d|--db=v -c|--collection=v -h|--host=v --port=v "
   "-u|--username=v -p|--password=v -q|--query=v --queryFile=r --gzip --oplog --config=r"},
  {"mongoexport", "m", "", "",
   "-o|--out=w --uri=v -d|--db=v -c|--collection=v -h|--host=v --port=v -u|--username=v "
   "-p|--password=v -q|--query=v --queryFile=r --type=v -f|--fields=v --fieldFile=r --config=r"},
  // Go's flag package: one or two dashes, `=` or a space; options end at the first operand.
  {"mkcert", "s", "", "",
   "-cert-file|--cert-file=w -key-file|--key-file=w -p12-file|--p12-file=w -csr|--csr=r "
   "-install|--install!! -uninstall|--uninstall!! -client|--client -ecdsa|--ecdsa "
   "-pkcs12|--pkcs12 -CAROOT|--CAROOT!N"},
  // In-place rewriters: xmlstarlet's `ed -L`, tidy's `-m`, 2to3's `-w`, sops' `-i`.
  {"xmlstarlet xml", "", "", "sub", ""},
  {"xmlstarlet:ed xmlstarlet:edit xml:ed xml:edit", "m", "*r", "",
   "-L|--inplace!W -u|--update=v -v|--value=v -d|--delete=v -i|--insert=v -a|--append=v "
   "-s|--subnode=v -t|--type=v -n|--name=v -N=v -r|--rename=v -m|--move=v -x|--expr=v "
   "-P|--pf -S|--ps -O|--omit-decl"},
  {"tidy", "m", "*r", "",
   "-m|-modify|--modify!W -o|-output|--output-file=w -f|-file|--error-file=w -config=r "
   "-asxml -xml -asxhtml -ashtml -indent -quiet -upper -clean -bare -numeric -errors -utf8 "
   "-ascii -latin1 -raw -omit -wrap=v -language=v -access=v -show-warnings=v "
   "-show-body-only=v -version!N -help!N"},
  {"2to3 2to3-3 python-m:lib2to3", "pm", "*r", "",
   "-w|--write!U -W|--write-unchanged-files!U -n|--nobackups -o|--output-dir=b -f|--fix=v "
   "-x|--nofix=v -j|--processes=v -p|--print-function -e|--exec-function --add-suffix=v "
   "-l|--list-fixes!N -d|--doctests_only -v|--verbose"},
  // `sops exec-env FILE CMD`, `exec-file`: CMD is run (engine/program_sops.cpp).
  {"sops", "m", "*r", "sops",
   "--output=w -i|--in-place!W -e|--encrypt -d|--decrypt -r|--rotate --config=r "
   "--input-type=v --output-type=v --kms=v --pgp=v --age=v --gcp-kms=v --azure-kv=v "
   "--hc-vault-transit=v --extract=v --set=v --unset=v --filename-override=v"},
  {"thrift", "s", "r", "",
   "-o=b -out=b -I=v -gen|--gen=v -r|-recurse -v|-verbose -strict -debug -allow-neg-keys "
   "-allow-64bit-consts -version|--version!N -help|--help!N"},
  // Parser and scanner generators: each output an option names is written (`-o`, the header,
  // reports, graphs); a skeleton is m4 code, which can run commands (`m4_esyscmd`): read and
  // asked; bison `-u` rewrites the grammar itself.
  {"bison yacc byacc", "pm", "r", "",
   "-o|--output=w --defines?w --header?w -H?w -b|--file-prefix=w --report-file=w -g|--graph?w "
   "--html?w -x|--xml?w -S|--skeleton=r!! -u|--update!W -L|--language=v -D|--define=v "
   "-F|--force-define=v -p|--name-prefix=v -r|--report=v -W|--warnings?v -f|--feature?v "
   "-M|--file-prefix-map=v --color?v --style=r -d -k|--token-table -l|--no-lines -t|--debug "
   "-v|--verbose -y|--yacc -h|--help!N -V|--version!N --print-localedir!N --print-datadir!N"},
  {"flex lex flex++", "pm", "*r", "",
   "-o|--outfile=w --header-file=w --tables-file?w -S|--skel=r!! -P|--prefix=v -C?v "
   "--yyclass=v -t|--stdout -h|--help!N -V|--version!N"},
};
// clang-format on

const std::size_t kProgramsCodegenCount = sizeof(kProgramsCodegen) / sizeof(kProgramsCodegen[0]);

}  // namespace vigie::engine
