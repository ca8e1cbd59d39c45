// The programs table continued (engine/programs_table.cpp gives the syntax): database clients
// and data tools. psql, mysql and duckdb read SQL and client commands from their options and
// operands (handlers in engine/program_sql_clients.cpp, the text in engine/program_sql_text.cpp);
// mongosh runs JavaScript (an interpreter: engine/programs_table_interpreters.cpp); mlr, dasel,
// httpie/xh, xsltproc and csvsql have handlers in engine/program_data_tools.cpp; split and
// csplit in engine/program_split.cpp. Then the readers, comparers and compressors whose letters
// differ between programs that once shared a row (zcat, cmp, diff, diff3, sdiff, comm, join,
// truncate, fallocate, zstd, lz4), Info-ZIP's zip (handler `archive`,
// engine/program_archives.cpp), and csvtool, updatedb and unshar.
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsData[] = {
  // psql [OPTION]... [DBNAME [USERNAME]]: `-c` SQL or backslash commands, `-o |CMD` pipes.
  {"psql", "pm", "", "psql",
   "-c|--command=v -f|--file=r -o|--output=w -L|--log-file=w -h|--host=v -U|--username=v "
   "-d|--dbname=v -p|--port=v -v|--set|--variable=v -P|--pset=v -F|--field-separator=v "
   "-R|--record-separator=v -T|--table-attr=v -l|--list -V|--version!N -X|--no-psqlrc "
   "-1|--single-transaction --help?v -a|--echo-all -b|--echo-errors -e|--echo-queries "
   "-E|--echo-hidden -n|--no-readline -q|--quiet -s|--single-step -S|--single-line "
   "-A|--no-align --csv -H|--html -t|--tuples-only -x|--expanded -z|--field-separator-zero "
   "-0|--record-separator-zero -w|--no-password -W|--password"},
  // mysql and MariaDB's client: `-e` and `--init-command` SQL and client commands; my_getopt
  // takes long prefixes, `--loose-NAME` and `_` for `-` (the handler rewrites those).
  {"mysql mariadb", "pm", "", "mysql",
   "-e|--execute=v --init-command=v --init-command-add=v -h|--host=v -u|--user=v "
   "-p|--password?v -P|--port=v -D|--database=v -S|--socket=v --defaults-file=r "
   "--defaults-extra-file=r --defaults-group-suffix=v --login-path=v --pager?x!! --tee=w "
   "--load-data-local-dir=r --local-infile?v --plugin-dir=r!! --default-auth=v "
   "--character-sets-dir=r --ssl-ca=r --ssl-capath=r --ssl-cert=r --ssl-key=r --ssl-crl=r "
   "--ssl-crlpath=r --server-public-key-path=r --ssl-cipher=v --ssl-mode=v --tls-version=v "
   "--tls-ciphersuites=v --protocol=v --debug?v!! --connect-timeout=v --max-allowed-packet=v "
   "--net-buffer-length=v --select-limit=v --max-join-size=v --delimiter=v "
   "--default-character-set=v --bind-address=v --prompt=v --histignore=v --system-command?v "
   "-B|--batch -N|--skip-column-names -t|--table -H|--html -X|--xml -s|--silent -v|--verbose "
   "-V|--version!N -f|--force -A|--no-auto-rehash -U|--safe-updates -q|--quick -r|--raw "
   "-n|--unbuffered -E|--vertical -b|--no-beep -c|--comments -C|--compress "
   "-G|--named-commands -i|--ignore-spaces -o|--one-database -w|--wait -W|--pipe "
   "--print-defaults --no-defaults --help!N"},
  // PostgreSQL's dump and restore tools (getopt_long): `-f FILE` the dump or script written
  // (`-` the standard output); pg_restore reads its archive operand and `-L` list.
  {"pg_dump", "pm", "*-", "",
   "-f|--file=w -F|--format=v -j|--jobs=v -n|--schema=v -N|--exclude-schema=v -t|--table=v "
   "-T|--exclude-table=v -Z|--compress=v -d|--dbname=v -h|--host=v -p|--port=v "
   "-U|--username=v --role=v -E|--encoding=v -S|--superuser=v -e|--extension=v "
   "--lock-wait-timeout=v --section=v --snapshot=v --exclude-table-data=v "
   "--exclude-table-and-children=v --exclude-table-data-and-children=v --table-and-children=v "
   "--exclude-extension=v --extra-float-digits=v --rows-per-insert=v --include-foreign-data=v "
   "--filter=r -a|--data-only -b|--large-objects|--blobs -B|--no-large-objects|--no-blobs "
   "-c|--clean -C|--create -O|--no-owner -R|--no-reconnect -s|--schema-only "
   "-x|--no-privileges|--no-acl -v|--verbose -w|--no-password -W|--password --if-exists "
   "--inserts --column-inserts --attribute-inserts --no-comments --no-publications "
   "--no-security-labels --no-subscriptions --no-tablespaces --no-toast-compression "
   "--no-unlogged-table-data --quote-all-identifiers --serializable-deferrable "
   "--use-set-session-authorization --disable-dollar-quoting --disable-triggers "
   "--enable-row-security --load-via-partition-root --no-sync --strict-names --binary-upgrade "
   "-V|--version!N -?|--help!N"},
  {"pg_dumpall", "pm", "", "",
   "-f|--file=w -d|--dbname=v -h|--host=v -l|--database=v -p|--port=v -U|--username=v "
   "--role=v -E|--encoding=v -S|--superuser=v --exclude-database=v --extra-float-digits=v "
   "--rows-per-insert=v --lock-wait-timeout=v --filter=r -a|--data-only -c|--clean "
   "-g|--globals-only -O|--no-owner -r|--roles-only -s|--schema-only -t|--tablespaces-only "
   "-x|--no-privileges|--no-acl -v|--verbose -w|--no-password -W|--password --if-exists "
   "--inserts --column-inserts --no-comments --no-role-passwords --no-sync "
   "-V|--version!N -?|--help!N"},
  {"pg_restore", "pm", "r", "",
   "-f|--file=w -d|--dbname=v -F|--format=v -j|--jobs=v -L|--use-list=r -n|--schema=v "
   "-N|--exclude-schema=v -t|--table=v -T|--trigger=v -P|--function=v -I|--index=v "
   "-h|--host=v -p|--port=v -U|--username=v --role=v -S|--superuser=v --section=v --filter=r "
   "-a|--data-only -c|--clean -C|--create -e|--exit-on-error -l|--list -O|--no-owner "
   "-s|--schema-only -x|--no-privileges|--no-acl -1|--single-transaction -v|--verbose "
   "-w|--no-password -W|--password --if-exists --no-comments --disable-triggers "
   "--no-data-for-failed-tables --no-publications --no-security-labels --no-subscriptions "
   "--no-table-access-method --no-tablespaces --strict-names --use-set-session-authorization "
   "--enable-row-security -V|--version!N -?|--help!N"},
  // ffmpeg (engine/program_media.cpp): its inputs read, its outputs written.
  {"ffmpeg", "", "", "ffmpeg", ""},
  // The dump and import tools: `-r` writes the dump, `--tab=DIR` writes a file per table.
  {"mysqldump mariadb-dump mysqlpump", "pm", "", "mysql",
   "-r|--result-file=w -T|--tab=g --log-error=w --defaults-file=r --defaults-extra-file=r "
   "--defaults-group-suffix=v --login-path=v --plugin-dir=r!! --default-auth=v "
   "--character-sets-dir=r --ssl-ca=r --ssl-capath=r --ssl-cert=r --ssl-key=r --ssl-crl=r "
   "--ssl-crlpath=r --init-command=v -h|--host=v -u|--user=v -p|--password?v -P|--port=v "
   "-S|--socket=v --protocol=v -w|--where=v --ignore-table=v --default-character-set=v "
   "--fields-terminated-by=v --fields-enclosed-by=v --fields-optionally-enclosed-by=v "
   "--fields-escaped-by=v --lines-terminated-by=v --compatible=v --set-gtid-purged=v "
   "--master-data?v --source-data?v --dump-slave?v --dump-replica?v --net-buffer-length=v "
   "--max-allowed-packet=v --debug?v!! -B|--databases -A|--all-databases --tables "
   "-e|--extended-insert -V|--version!N --help!N"},
  {"mysqlimport mariadb-import", "pm", "-*r", "mysql",
   "--defaults-file=r --defaults-extra-file=r --plugin-dir=r!! --character-sets-dir=r "
   "--ssl-ca=r --ssl-cert=r --ssl-key=r -h|--host=v -u|--user=v -p|--password?v -P|--port=v "
   "-S|--socket=v -c|--columns=v --fields-terminated-by=v --fields-enclosed-by=v "
   "--fields-optionally-enclosed-by=v --fields-escaped-by=v --lines-terminated-by=v "
   "--ignore-lines=v --default-character-set=v --debug?v!! -L|--local -V|--version!N --help!N"},
  {"mysqlbinlog mariadb-binlog", "pm", "*r", "mysql",
   "-r|--result-file=w --defaults-file=r --defaults-extra-file=r --plugin-dir=r!! "
   "-h|--host=v -u|--user=v -p|--password?v -P|--port=v -S|--socket=v -d|--database=v "
   "--start-datetime=v --stop-datetime=v -j|--start-position=v --stop-position=v "
   "--debug?v!! -V|--version!N --help!N"},
  // redis-cli [OPTIONS] [cmd [arg...]]: options stop at the command; `--rdb` and
  // `--functions-rdb` write a dump, `--eval` reads a Lua script the server runs.
  {"redis-cli valkey-cli", "s", "", "redis",
   "-h=v -p=v -s=v -a=v -u=v -r=v -i=v -n=v -d=v -D=v -t=v -X=v --user=v --pass=v --askpass "
   "--rdb=w --functions-rdb=w --eval=r!! --ldb --ldb-sync-mode --cluster=v --tls --sni=v "
   "--cacert=r --cacertdir=r --cert=r --key=r --insecure --tls-ciphers=v --tls-ciphersuites=v "
   "--pattern=v --quoted-pattern=v --count=v --memkeys-samples=v --keystats-samples=v "
   "--intrinsic-latency=v --lru-test=v --pipe-timeout=v --show-pushes=v -2 -3 -x -e -c "
   "--raw --no-raw --csv --json --quoted-json --stat --latency --latency-history "
   "--latency-dist --replica --slave --pipe --bigkeys --memkeys --keystats --hotkeys --scan "
   "--no-auth-warning --verbose --help!N --version!N"},
  // mongosh and the legacy mongo shell: JavaScript, an interpreter (`--eval` is inline code);
  // every operand may be a script (the first may be the server's address instead).
  {"mongosh mongo", "m", "*x", "",
   "--eval=p -f|--file=r --host=v --port=v -u|--username=v -p|--password?v "
   "--authenticationDatabase=v --authenticationMechanism=v --awsIamSessionToken=v "
   "--gssapiServiceName=v --sspiHostnameCanonicalization=v --sspiRealmOverride=v --tls "
   "--tlsCertificateKeyFile=r --tlsCertificateKeyFilePassword=v --tlsCAFile=r --tlsCRLFile=r "
   "--tlsCertificateSelector=v --tlsDisabledProtocols=v --tlsAllowInvalidHostnames "
   "--tlsAllowInvalidCertificates --tlsFIPSMode --tlsUseSystemCA --apiVersion=v --apiStrict "
   "--apiDeprecationErrors --nodb --norc --quiet --verbose --shell --json?v --retryWrites?v "
   "--cryptSharedLibPath=r!! --csfleLibraryPath=r!! --keyVaultNamespace=v --kmsURL=v "
   "--awsAccessKeyId=v --awsSecretAccessKey=v --awsSessionToken=v --browser=x --oidcFlows=v "
   "--oidcRedirectUri=v --build-info!N -h|--help!N --version!N"},
  // duckdb [OPTIONS] [FILE [SQL...]]: the database is read and written; `-c`, `-cmd`, `-s`
  // and the operands after it are SQL or dot commands (sqlite3's shell, engine/program_sqlite);
  // `-ui` installs and starts the UI extension (asked). Like sqlite3's shell, one dash or two.
  {"duckdb", "m", "m*-", "duckdb",
   "-c|--c=v -s|--s=v -cmd|--cmd=v -f|--f=r -init|--init=r -readonly|--readonly -safe|--safe "
   "-unsigned "
   "-batch -bail -csv -json -line -list -markdown -table -box -html -ascii -echo -header "
   "-noheader -newline=v -nullvalue=v -separator=v -storage-version=v -no-stdin -interactive "
   "-column -quote -ui!! -version!N -help!N"},
  // Miller: main flags, then VERB [FLAGS] [ARGS] {then VERB…} {FILE…} (handler `mlr`).
  {"mlr miller", "s", "", "mlr",
   "--from=r --mfrom=r --load=r!! --mload=r!! --prepipe=x --prepipex=x -s=r!! --files=r!! -n -I "
   "--ofmt=v --fs=v --ifs=v --ofs=v --ps=v --ips=v --ops=v --rs=v --irs=v --ors=v "
   "--ifs-regex=v --ips-regex=v -i=v -o=v --io=v --tz=v --nr-progress-mod=v "
   "--records-per-batch=v --fflatsep=v --oflatsep=v --key-color=v --value-color=v "
   "--pass-color=v --fail-color=v --help-color=v --version!N --help!N"},
  // dasel: `-f` read; `-o`/`--out` written; `put`/`delete` without `-o` rewrite the `-f` file.
  {"dasel", "pm", "", "dasel",
   "-f|--file=r -o|--out=w -r|--read=v -w|--write=v -p|--parser=v -s|--selector=v "
   "-t|--type=v -v|--value=v -i|--input=v --var=v --root -m|--multiple -c|--compact "
   "--colour --color --pretty --plain -n|--null --escape-html --version!N -h|--help!N"},
  {"gron", "m", "*r", "",
   "-u|--ungron -c|--colorize -m|--monochrome -s|--stream -k|--insecure -j|--json "
   "-v|--values --no-sort --version!N -h|--help!N"},
  // csvkit: argparse (long prefixes, options anywhere); file operands read. A letter that takes
  // a value in one tool and not in another (`-r`, `-i`, `-n`) is a flag: a value read as a file
  // is at worst a file too many, a file taken for a value would be missed.
  {"csvlook csvcut csvgrep csvjson csvstat csvformat csvsort csvstack csvjoin csvclean "
   "in2csv", "pm", "*r", "",
   "-d|--delimiter=v -q|--quotechar=v -u|--quoting=v -p|--escapechar=v -z|--maxfieldsize=v "
   "-e|--encoding=v -L|--locale=v --null-value=v --date-format=v --datetime-format=v "
   "-K|--skip-lines=v -y|--snifflimit=v -c|--columns=v -C|--not-columns=v -m|--match=v "
   "--regex=v -f|--file=r --indent=v -k|--key=v --lat=v --lon=v --type=v "
   "--geometry=v --crs=v --freq-count=v --decimal-format=v -D|--out-delimiter=v "
   "-Q|--out-quotechar=v -U|--out-quoting=v -P|--out-escapechar=v "
   "-M|--out-lineterminator=v -g|--groups=v --group-name=v --max-rows=v "
   "--max-columns=v --max-column-width=v --max-precision=v -s|--schema=r --sheet=v "
   "--write-sheets=v!! --encoding-xls=v -t|--tabs -H|--no-header-row -v|--verbose "
   "-l|--linenumbers -I|--no-inference -r -i -n -V|--version!N -h|--help!N"},
  // csvsql, sql2csv: `--db sqlite:///F` opens F (handler); `--query` may name a file.
  {"csvsql sql2csv", "pm", "*r", "csvsql",
   "--db=v --query=r -i|--dialect=v --prefix=v --before-insert=v --after-insert=v "
   "--tables=v --unique-constraint=v --db-schema=v --chunk-size=v --min-col-len=v "
   "--col-len-multiplier=v -d|--delimiter=v -q|--quotechar=v -e|--encoding=v "
   "-y|--snifflimit=v -K|--skip-lines=v --insert --no-create --create-if-not-exists "
   "--overwrite --no-constraints -H|--no-header-row -V|--version!N -h|--help!N"},
  // xsltproc [OPTIONS] STYLESHEET FILE...: one dash or two; the stylesheet may write any file
  // (exsl:document) unless `--nowrite`, or only under `--writesubtree DIR` (handler `xslt`).
  {"xsltproc", "m", "*r", "xslt",
   "-o|--output|-output=w --writesubtree|-writesubtree=g --param|-param=v "
   "--stringparam|-stringparam=v --path|-path=r --maxdepth|-maxdepth=v "
   "--maxvars|-maxvars=v --maxparserdepth|-maxparserdepth=v --seed-rand|-seed-rand=v "
   "--encoding|-encoding=v --xinclude|-xinclude!! --xincludestyle|-xincludestyle!! "
   "--nowrite|-nowrite --nomkdir|-nomkdir --nonet|-nonet --novalid|-novalid "
   "--noout|-noout --html|-html --huge|-huge --catalogs|-catalogs --load-trace|-load-trace "
   "--timing|-timing --profile|-profile --verbose|-v -V|--version!N"},
  // httpie and xh: METHOD URL ITEM...; `@FILE` items read (handler `httpie`); `--download`
  // writes into the current folder, or the `-o` file.
  {"http https xh xhs", "pm", "", "httpie",
   "-o|--output=w -d|--download!O -c|--continue --session=v --session-read-only=v "
   "-A|--auth-type=v -a|--auth=v --bearer=v --cert=r --cert-key=r --cert-key-pass=v "
   "--verify=v --ssl=v --ciphers=v --proxy=v --boundary=v --raw=v --pretty=v -s|--style=v "
   "--response-charset=v --response-mime=v --format-options=v -p|--print=v "
   "-P|--history-print=v --max-headers=v --max-redirects=v --timeout=v --default-scheme=v "
   "--http-version=v --resolve=v --interface=v --unix-socket=v --generate=v -f|--form "
   "-j|--json --multipart -x|--compress -h|--headers -m|--meta -b|--body -v|--verbose --all "
   "-S|--stream -q|--quiet --offline --chunked -F|--follow --check-status --path-as-is "
   "-I|--ignore-stdin --unsorted --sorted --debug --traceback --curl --curl-long "
   "--ignore-netrc --native-tls --https --version!N --help!N --manual!N"},
  // logger [OPTIONS] [MESSAGE]: `-f` and `--journald=FILE` read a file.
  {"logger", "pm", "", "",
   "-f|--file=r --journald?r -p|--priority=v -t|--tag=v -n|--server=v -P|--port=v "
   "-u|--socket=v -S|--size=v --id?v --msgid=v --sd-id=v --sd-param=v --rfc5424?v "
   "--socket-errors?v -i -e|--skip-empty --no-act --octet-count --prio-prefix -s|--stderr "
   "-T|--tcp -d|--udp --rfc3164 -h|--help!N -V|--version!N"},
  // split and csplit: their pieces are named PREFIX + a generated suffix (handler `split`).
  {"split", "pm~", "r-", "split",
   "-a|--suffix-length=v -b|--bytes=v -C|--line-bytes=v -l|--lines=v -n|--number=v "
   "--additional-suffix=v --filter=x -t|--separator=v -d --numeric-suffixes?v "
   "-x --hex-suffixes?v -e|--elide-empty-files -u|--unbuffered --verbose"},
  {"csplit", "pm", "r*-", "split",
   "-b|--suffix-format=v -f|--prefix=v -n|--digits=v -k|--keep-files -z|--elide-empty-files "
   "-s|--quiet|--silent --suppress-matched"},

  // ---- the rows of programs that share a name's letters with another (from each `--help`) --
  // zcat and friends: gzip's `-a` (--ascii) and `-f` are flags, `-l` lists; zstd's `-T#`, `-M#`
  // take only an attached number (`-D=DICT`: handler `compress` drops the `=`).
  {"zcat bzcat xzcat zstdcat lzcat lz4cat brcat", "pm~", "*r", "compress",
   "--files0-from=l -S|--suffix=v --format=v -D=r --files?r --files0?r -l|--list!R "
   "-a|--ascii -f|--force -c|--stdout!R -d|--decompress -k|--keep -q|--quiet -v|--verbose"},
  // diff's `-i` (--ignore-case) and `-n` (--rcs) are flags; cmp's take a value.
  {"diff zdiff xzdiff bzdiff lzdiff", "pm~", "*r", "",
   "-C=v --context?v -U=v --unified?v -I|--ignore-matching-lines=v -x|--exclude=v "
   "-X|--exclude-from=r -S|--starting-file=v --from-file=r --to-file=r -F|--show-function-line=v "
   "--label=v -W|--width=v --tabsize=v -D|--ifdef=v --line-format=v --old-line-format=v "
   "--new-line-format=v --unchanged-line-format=v --color?v --palette=v --horizon-lines=v "
   "--old-group-format=v --new-group-format=v --changed-group-format=v "
   "--unchanged-group-format=v -i|--ignore-case -n|--rcs --diff-program=x -r|--recursive!Q"},
  {"cmp zcmp xzcmp bzcmp lzcmp", "pm~", "*r", "",
   "-i|--ignore-initial=v -n|--bytes=v -b|--print-bytes -l|--verbose -s|--quiet|--silent"},
  // diff3's `-i`, `-x` (--overlap-only) and `-X` are flags.
  {"diff3", "pm", "*r", "",
   "-L|--label=v --diff-program=x -A|--show-all -e|--ed -E|--show-overlap -3|--easy-only "
   "-x|--overlap-only -X -i -m|--merge -a|--text --strip-trailing-cr -T|--initial-tab"},
  // sdiff's `-W` (--ignore-all-space) and `-i` (--ignore-case) are flags; `-o FILE` is written.
  {"sdiff", "pm", "*r", "",
   "-o|--output=w -w|--width=v -I|--ignore-matching-lines=v --tabsize=v --diff-program=x "
   "-i|--ignore-case -E|--ignore-tab-expansion -Z|--ignore-trailing-space "
   "-b|--ignore-space-change -W|--ignore-all-space -B|--ignore-blank-lines --strip-trailing-cr "
   "-a|--text -l|--left-column -s|--suppress-common-lines -t|--expand-tabs -d|--minimal "
   "-H|--speed-large-files"},
  // comm's `-1 -2 -3` are flags, join's `-1 FIELD -2 FIELD` take a value.
  {"paste", "pm~", "*r", "", "-d|--delimiters=v -s|--serial -z|--zero-terminated"},
  {"comm", "pm~", "*r", "",
   "-1 -2 -3 --check-order --nocheck-order --output-delimiter=v --total -z|--zero-terminated"},
  {"join", "pm~", "*r", "",
   "-t=v -1=v -2=v -j=v -o=v -a=v -v=v -e=v -i|--ignore-case --check-order --nocheck-order "
   "--header -z|--zero-terminated"},
  // truncate's `-o` (--io-blocks) is a flag; fallocate's `-o OFFSET` takes a value.
  {"truncate", "pm~", "*w", "",
   "-s|--size=v -r|--reference=r -o|--io-blocks -c|--no-create"},
  {"fallocate", "pm", "*w", "",
   "-o|--offset=v -l|--length=v -c|--collapse-range -d|--dig-holes -i|--insert-range "
   "-n|--keep-size -p|--punch-hole -z|--zero-range -x|--posix -v|--verbose"},
  // zstd: `-T#`, `-M#`, `-B#`, `-b#`, `-e#`, `-i#` take an attached number only, `-S` is a flag;
  // `-o=FILE`, `-D=DICT` drop the `=` (handler `compress`); `--trace LOG` appends to LOG. zstd
  // and lz4 know their long options by exact names only (no prefixes).
  {"zstd unzstd", "m", "*w", "compress",
   "-c|--stdout!R --to-stdout!R -t|--test!R -l|--list!R -d|--decompress|--uncompress "
   "-z|--compress -k|--keep -f|--force --rm -o|--output=w -D=r --patch-from=r --filelist=l "
   "--output-dir-flat=w --output-dir-mirror=w --trace=w -r|--recursive --format=v --fast?v "
   "--long?v --memory?v --stream-size=v --size-hint=v --maxdict=v --dictID=v --priority=v "
   "--auto-threads=v --train?v --train-cover?v --train-fastcover?v --train-legacy?v "
   "--target-compressed-block-size=v -T -M -B -b -e -i -S -q|--quiet -v|--verbose"},
  // zip (Info-ZIP) takes options anywhere; `-i@LIST`, `-x@LIST` read LIST; `-qTTCMD` (style z)
  // is `-q -TT CMD`, `-O=FILE` `-O FILE`; `-u`, `-f` alone read the files the archive names.
  // Every option `zip -so` lists as taking a value is declared (`-s 1m`, `-ds 1`, `-UN quit`:
  // else the value is read as the archive), and the two-letter flags that start as `-s` does
  // (`-sf` shows the files, it is not `-s f`).
  {"zip", "pmz", "w*r", "archive",
   "-TT|--unzip-command=x -O|--output-file|--out=w -b|--temp-path=g -x|--exclude=a -i|--include=a "
   "-n|--suffixes=v -P|--password=v -t|--from-date=v -tt|--before-date=v -Z|--compression-method=v "
   "-@|--names-stdin!! -r|--recurse-paths!Q -m|--move!D -lf|--logfile-path=w -la|--log-append "
   "-li|--log-info -u|--update -f|--freshen -s|--split-size=v -ds|--dot-size=v -UN|--unicode=v "
   "-sp|--split-pause -sv|--split-verbose -sb|--split-bell -sc|--show-command -sd|--show-debug "
   "-sf|--show-files -so|--show-options -su|--show-unicode -sU|--show-just-unicode"},
  // csvtool (OCaml's Arg: options anywhere, `-o=FILE` too): handler `csvtool`,
  // engine/program_data_runners.cpp (the command word, `call CMD` runs CMD).
  {"csvtool", "m", "", "csvtool", "-t=v -u=v -o=w -z -help|--help"},
  // updatedb (plocate's and mlocate's; findutils' shell script): `-o` the database written,
  // `-U` the tree whose names it stores; findutils' `--findoptions` are find's (`-exec`).
  {"updatedb updatedb.plocate updatedb.mlocate updatedb.findutils", "pm", "", "",
   "-o|--output=w -U|--database-root=R -f|--add-prunefs=v -n|--add-prunenames=v "
   "-e|--add-prunepaths=v --add-single-prunepath=v -b|--block-size=v --prune-bind-mounts=v "
   "--prunefs=v --prunenames=v --prunepaths=v -l|--require-visibility=v -v|--verbose "
   "-V|--version -h|--help --localpaths=R --netpaths=R --localuser=v --netuser=v --dbformat=v "
   "--old-format --findoptions=v!!"},
  // unshar (GNU sharutils): handler `unshar`, engine/program_data_runners.cpp (runs each
  // archive with sh, in `-d DIR`); `-R`, `--save-opts` write the option state, `-r` reads it.
  {"unshar", "pm", "*r", "unshar",
   "-d|--directory=e -c|--overwrite -f|--force -E|--split-at=v -e|--exit-0 -D|--debug "
   "-v|--version?v -h|--help --more-help!! -R|--save-opts?w -r|--load-opts=r --no-load-opts"},
  // lz4: `-l` compresses in the legacy format (`--list` lists); `IN OUT` writes OUT.
  {"lz4 unlz4", "m", "*w", "compress",
   "-c|--stdout!R -t|--test!R --list!R -d|--decompress|--uncompress -z|--compress -k|--keep "
   "-f|--force --rm -D=r -m|--multiple -r|--recursive -l -B -b -e -i -q|--quiet -v|--verbose "
   "--fast?v --best --content-size --no-frame-crc --sparse --no-sparse --favor-decSpeed"},
};
// clang-format on

const std::size_t kProgramsDataCount = sizeof(kProgramsData) / sizeof(kProgramsData[0]);

}  // namespace vigie::engine
