// The programs table, the JavaScript tooling's part: the command-line tools of npm packages that
// agents run directly or through npx (engine/program_runners.cpp). The legend of the columns is
// in engine/programs_table.cpp. Their parsers (yargs, commander, minimist, mri) take options
// after operands and long options by their exact names only; yargs and commander split short
// clusters.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsJs[] = {
  // ---- wrappers and launchers ----------------------------------------------------------------
  // cross-env A=1 CMD…: the command runs with the assignments (engine/normalize.cpp).
  {"cross-env", "s", "=", "wrapper", ""},
  // shx CMD…: ShellJS's implementation of CMD (rm, cp, mv, sed -i, mkdir, touch, ln...), judged
  // as CMD itself.
  {"shx", "s", "", "wrapper", "--silent --verbose --noglob --help!N --version!N"},
  // Loaders of `.env` files and runners of several commands: the launchers' table
  // (engine/program_launchers_managers.cpp). foreman (Ruby) and honcho (Python) run a
  // Procfile's processes with `./.env` loaded (engine/program_launchers_dotenv.cpp).
  {"env-cmd dotenv dotenvx concurrently cross-env-shell foreman honcho", "", "", "launcher", ""},
  // Package runners (engine/program_runners.cpp): an allow rule must name the package or the
  // script they run (`allow npm run build`, `allow npx prettier`); `-c|--call` is a shell line.
  // npm's `-C` is `--prefix`; its `--editor`, `--browser`, `--shell` and `--git` (nopt: the value
  // attached or the next word) name programs it spawns (`npm edit`, `npm docs`, `npm explore`).
  // npm's nopt takes any unambiguous start of a long name (`--scr` is `--script-shell`) and a
  // long name after one dash (engine/program_runners_manifest.cpp); `--logs-dir` gets a log of
  // every command; `--node-gyp` and `--init-module` are JavaScript files it runs with node. A
  // config file given on the line (`--userconfig`, `--globalconfig`) can set `script-shell` and
  // `node-options`, pnpm's `--global-pnpmfile` is code it runs: asked.
  {"npm", "pm", "", "runner",
   "-g|--global!! -C|--prefix=w --dir|--cwd=c --cache=w --pack-destination=b --modules-folder=b "
   "--userconfig=r!! --globalconfig=r!! --registry=v -w|--workspace=v --tag=v --otp=v "
   "--script-shell=x --shell=x --editor=x --browser=x --git=x --node-options=v!! -c|--call=x "
   "--logs-dir=b --node-gyp=r!! --init-module=r!! --cafile=r"},
  {"yarn", "m", "", "runner",
   "-g|--global!! --prefix=w -C|--dir|--cwd=c --cache=w --pack-destination=b --modules-folder=b "
   "--userconfig=r!! --globalconfig=r!! --registry=v "
   "-w|--workspace=v --tag=v --otp=v --script-shell=x --node-options=v!! -c|--call=x"},
  // pnpm: `-w` is `--workspace-root` (no value), `-F|--filter` picks the packages.
  {"pnpm", "m", "", "runner",
   "-g|--global!! --prefix=w -C|--dir=c --cache=w --pack-destination=b --modules-folder=b "
   "--userconfig=r!! --globalconfig=r!! --registry=v -w|--workspace-root -r|--recursive "
   "-F|--filter=v --filter-prod=v --workspace-concurrency=v --reporter=v --loglevel=v "
   "--tag=v --otp=v --script-shell=x --node-options=v!! -c|--call=x --global-pnpmfile=r!!"},
  {"npx", "s", "p*-", "runner",
   "-p|--package=v -c|--call=x -y|--yes --no -q|--quiet --prefix=w -w|--workspace=v "
   "--registry=v -v|--version!N -h|--help!N"},
  {"pnpx", "s", "p*-", "runner", "--package=v -c|--shell-mode!! -s|--silent --allow-build=v"},
  {"bunx", "s", "p*-", "runner", "-p|--package=v --bun --silent --verbose"},
  // ---- deleters and copiers --------------------------------------------------------------------
  {"rimraf", "m", "*D", "",
   "--preserve-root --no-preserve-root -G|--no-glob -g|--glob -v|--verbose -V|--no-verbose "
   "-i|--interactive -I|--no-interactive --impl=v -h|--help!N"},
  {"del del-cli", "m", "*D", "", "-f|--force -d|--dry-run --dot"},
  {"cpy", "m", "*r$w", "", "--no-overwrite --parents!A --cwd=c --rename=v --dot --flat --concurrency=v"},
  {"copyfiles copyup", "m", "*r$w", "",
   "-u|--up=v -a|--all -f|--flat -e|--exclude=v -E|--error -V|--verbose -s|--soft -F|--follow"},
  {"ncp", "m", "*r$w", "", "--limit=v --filter=v --transform=v --clobber=v --stopOnErr"},
  {"mkdirp make-dir", "m", "*w", "", "-m|--mode=v -p|--print"},
  // ---- compilers and bundlers: the files and output folders they write (role b: every file
  // below the folder, named after the inputs) ----------------------------------------------------
  // tsc given files writes each one's `.js` beside it unless `--outDir`, `--outFile` or
  // `--noEmit` (judged as the source written).
  {"tsc", "m", "*m", "",
   "--outDir=b!R --outFile=w!R --noEmit!R --declarationDir=b --tsBuildInfoFile=w -p|--project=r "
   // tsc reads its options in any case.
   "--outdir=b!R --outfile=w!R --noemit!R --declarationdir=b --tsbuildinfofile=w --OUTDIR=b!R "
   "--OUTFILE=w!R"},
  {"babel", "m", "*r", "",
   "-d|--out-dir=b -o|--out-file=w --config-file=r --source-maps?v --relative"},
  {"esbuild", "m", "*r", "", "--outfile=w --outdir=b --metafile=w --tsconfig=r"},
  {"rollup", "m", "*r", "", "-o|--file=w -d|--dir=b -i|--input=r -c|--config?r"},
  // webpack-cli 4+: `webpack [ENTRIES…]`: each entry is read and bundled.
  {"webpack webpack-cli", "m", "*r", "", "-o|--output-path=b -c|--config=r --entry=r"},
  {"vite", "m", "", "", "--outDir=b -c|--config=r --emptyOutDir"},
  // ---- test runners that update snapshots: files of the work tree the line does not name ------
  {"jest", "m", "*-", "",
   "-u|--updateSnapshot!K -c|--config=r --outputFile=w --coverageDirectory=b --rootDir=v "
   "-t|--testNamePattern=v --setupFiles=r --setupFilesAfterEnv=r --globalSetup=r "
   "--globalTeardown=r --testEnvironment=v --reporters=v --transform=v"},
  {"vitest", "m", "*-", "",
   "-u|--update!K -c|--config=r --outputFile=w --root=v -r|--dir=v -t|--testNamePattern=v"},
  // ---- linters and formatters: files rewritten in place ---------------------------------------
  {"standard ts-standard semistandard xo", "m", "*r", "", "--fix!U"},
  {"stylelint", "m", "*r", "",
   "--fix!U -c|--config=r -o|--output-file=w --ignore-path=r --cache-location=w"},
  {"biome", "m", "-*r", "",
   "--write!U --apply!U --apply-unsafe!U --fix!U --unsafe --config-path=r --log-file=w"},
  // ---- static file servers (handler `serve`, engine/program_file_servers.cpp): the root, or the
  // current folder, read with every file below it; Python's `-m http.server` is one too --------
  {"http.server SimpleHTTPServer", "pm", "-", "serve",
   "-d|--directory=R -b|--bind=v -p|--protocol=v --cgi!!"},
  {"serve", "m", "R", "serve",
   "-l|--listen=v -p=v -s|--single -d|--debug -c|--config=r -n|--no-clipboard "
   "-u|--no-compression --no-etag -S|--symlinks -C|--cors --no-port-switching --ssl-cert=r "
   "--ssl-key=r --ssl-pass=r"},
  {"http-server", "m", "R", "serve",
   "-p|--port=v -a=v -d -i -g|--gzip -b|--brotli -e|--ext=v -s|--silent -c=v -U|--utc "
   "--proxy=v --username=v --password=v -S|--ssl -C|--cert=r -K|--key=r"},
  {"live-server", "m", "R", "serve",
   "--port=v --host=v --open=v --no-browser --watch=v --ignore=v --entry-file=v --mount=v "
   "--proxy=v --middleware=v!! --htpasswd=r --https=r --cors --no-css-inject --quiet"},
  {"miniserve", "m", "R", "serve",
   "-p|--port=v -i|--interfaces=v -a|--auth=v --auth-file=r -c|--color-scheme=v "
   "-u|--upload-files?g -U|--mkdir --tls-cert=r --tls-key=r"},
  {"darkhttpd", "", "R", "serve",
   "--port=v --addr=v --log=w --index=v --mimetypes=r --uid=v --gid=v --pidfile=w --chroot "
   "--daemon"},
  // ---- watchers: a command line run on each change -------------------------------------------
  {"chokidar chokidar-cli", "m", "*-", "",
   "-c|--command=x -d|--debounce=v -t|--throttle=v -s|--follow-symlinks -i|--ignore=v "
   "--initial --polling --poll-interval=v --poll-interval-binary=v --verbose --silent"},
  {"tsc-watch", "m", "", "",
   "--onSuccess=x --onFailure=x --onFirstSuccess=x --onCompilationStarted=x "
   "--onCompilationComplete=x --onEmit=x --onEmitDebounceMs=v --noClear --silent "
   "--signalEmittedFiles --maxNodeMem=v --compiler=r --outDir=b --outFile=w -p|--project=r"},
  // busybox's httpd (`busybox httpd`, `httpd -h HOME`): the current folder unless `-h`.
  {"httpd", "m", "", "serve",
   "-h=R -c=r -p=v -u=v -r=v -m=v -e=v -d=v -i -f -v"},
  // ---- scaffolders: a folder written under names the line does not show -----------------------
  {"degit tiged giget", "m", "-g", "", "-f|--force -v|--verbose -m|--mode=v"},
  {"create-react-app create-next-app create-vite", "m", "g", "", "--template=v"},
  // corepack NAME[@VERSION] ARGS: the package manager it runs; enable, use, pack
  // (engine/program_corepack.cpp).
  {"corepack", "s", "", "corepack", ""},
};
// clang-format on

const std::size_t kProgramsJsCount = sizeof(kProgramsJs) / sizeof(kProgramsJs[0]);

}  // namespace vigie::engine
