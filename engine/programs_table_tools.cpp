// The programs table, continued (engine/programs_table.cpp has the legend of styles, operand
// shapes and roles): binutils, checkers and converters that read or rewrite their operands,
// programs that run other programs (run-parts, heaptrack, memusage, sotruss, perf, xdg-open),
// shells and interpreters, and the programs whose words are data. Read after `kPrograms` by
// engine/programs_index.cpp (a name's first entry wins).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsTools[] = {
  // ---- binutils: readers of object files ---------------------------------------------------
  // Style v: the cross and LLVM spellings too (`aarch64-linux-gnu-objdump`, `llvm-nm-17`).
  // `--plugin FILE` loads a shared object into the program: read, and at least asked.
  {"nm gcc-nm", "pmv@", "*r", "",
   "-t|--radix=v -f|--format=v --target=v -C|--demangle?v --ifunc-chars=v --unicode=v "
   "--plugin=r!! --help!N -V|--version!N"},
  {"objdump", "pmv@", "*r", "",
   "-P|--private=v -b|--target=v -m|--architecture=v -j|--section=v -M|--disassembler-options=v "
   "-I|--include=r -C|--demangle?v --disassemble?v --source-comment?v --dwarf?v -W?v --ctf?v "
   "--sframe?v --endian=v --unicode=v --start-address=v --stop-address=v --insn-width=v "
   "--adjust-vma=v --prefix=v --prefix-strip=v --dwarf-depth=v --dwarf-start=v --ctf-parent=v "
   "--visualize-jumps?v --disassembler-color=v --help!N -v|--version!N"},
  {"readelf", "pmv@", "*r", "",
   "-x|--hex-dump=v -p|--string-dump=v -R|--relocated-dump=v -w|--debug-dump?v -C|--demangle?v "
   "--dwarf-depth=v --dwarf-start=v --ctf=v --ctf-parent=v --ctf-symbols=v --ctf-strings=v "
   "--sframe?v --sym-base=v --unicode=v -U=v -H|--help!N -v|--version!N"},
  {"size", "pmv@", "*r", "", "--format=v --radix=v --target=v --help!N -V|--version!N"},
  // Operands are addresses (addr2line) and symbols (c++filt), not paths; c++filt reads `@FILE`.
  {"addr2line", "pmv", "*-", "",
   "-b|--target=v -e|--exe=r -j|--section=v -C|--demangle?v -h|--help!N -v|--version!N"},
  {"c++filt", "pmv@", "*-", "", "-s|--format=v -h|--help!N -v|--version!N"},
  // strip rewrites its operands in place; `-o FILE` writes FILE and only reads the operand.
  {"strip", "pmv@", "*m", "",
   "-o|--output-file=w!R --keep-symbols=r --strip-symbols=r -I|--input-target=v "
   "-O|--output-target=v -F|--target=v -R|--remove-section=v "
   "--remove-relocations=v -N|--strip-symbol=v --keep-section=v -K|--keep-symbol=v "
   "--plugin=r!! -h|--help!N -V|--version!N"},
  {"ranlib gcc-ranlib", "pmv@", "*m", "", "--plugin=r!! -h|-H|--help!N -V|-v|--version!N"},
  // objcopy IN [OUT]: IN is rewritten in place when OUT is absent; read and written either way.
  {"objcopy", "pmv@", "mw", "",
   "-I|--input-target=v -O|--output-target=v -B|--binary-architecture=v -F|--target=v "
   "-j|--only-section=v -R|--remove-section=v --remove-relocations=v -N|--strip-symbol=v "
   "--strip-unneeded-symbol=v --keep-section=v -K|--keep-symbol=v -L|--localize-symbol=v "
   "--globalize-symbol=v -G|--keep-global-symbol=v -W|--weaken-symbol=v -i|--interleave?v "
   "-b|--byte=v --interleave-width=v --gap-fill=v --pad-to=v --set-start=v --srec-len=v "
   "--alt-machine-code=v --verilog-data-width=v "
   "--change-start|--adjust-start=v --change-addresses|--adjust-vma=v "
   "--change-section-address|--adjust-section-vma=v --change-section-lma=v "
   "--change-section-vma=v --set-section-flags=v --set-section-alignment=v "
   "--rename-section=v --reverse-bytes=v --redefine-sym=v --add-symbol=v --subsystem=v "
   "--heap=v --stack=v --image-base=v --section-alignment=v --file-alignment=v "
   "--prefix-symbols=v --prefix-sections=v --prefix-alloc-sections=v --long-section-names=v "
   "--elf-stt-common=v --compress-debug-sections?v "
   "--add-section=i --update-section=i --dump-section=o --add-gnu-debuglink=r "
   "--only-keep-debug --extract-dwo --redefine-syms=r --strip-symbols=r "
   "--strip-unneeded-symbols=r --keep-symbols=r --localize-symbols=r --globalize-symbols=r "
   "--keep-global-symbols=r --weaken-symbols=r --plugin=r!! -h|--help!N -V|--version!N"},

  // ---- checkers, converters, lookups ---------------------------------------------------------
  {"shasum", "pm", "*r", "",
   "-a|--algorithm=v -c|--check -b|--binary -t|--text -U|--UNIVERSAL -0|--01 -s|--status "
   "--tag -q|--quiet --ignore-missing -w|--warn --strict -h|--help!N -v|--version!N"},
  // look STRING [FILE] (default /usr/share/dict/words).
  {"look", "pm", "-r", "", "-t|--terminate=v -a|--alternative -d|--alphanum -f|--ignore-case "
   "-h|--help!N -V|--version!N"},
  {"pr", "pm", "*r", "",
   "-h|--header=v -w|--width=v -W|--page-width=v -l|--length=v -o|--indent=v "
   "-N|--first-line-number=v -e|--expand-tabs?v -i|--output-tabs?v -n|--number-lines?v "
   "-s|--separator?v -S|--sep-string?v -C|--columns=v --pages=v --help!N --version!N"},
  {"shellcheck", "pm", "*r", "",
   "-C|--color?v -i|--include=v -e|--exclude=v --extended-analysis=v -f|--format=v "
   "-o|--enable=v -P|--source-path=r -s|--shell=v -S|--severity=v -W|--wiki-link-count=v "
   "--rcfile=r -a|--check-sourced -x|--external-sources --norc --list-optional -V|--version!N"},
  // xmllint takes its long options with one dash or two (`-output F`, `--output F`).
  {"xmllint", "m", "*r", "",
   "-o|--output|-output=w --dtdvalid|-dtdvalid=r --relaxng|-relaxng=r --schema|-schema=r "
   "--schematron|-schematron=r --dtdvalidfpi|-dtdvalidfpi=v --maxmem|-maxmem=v "
   "--encode|-encode=v --pretty|-pretty=v --pattern|-pattern=v --xpath|-xpath=v "
   "--path|-path=v --shell|-shell!! --xinclude|-xinclude!! --noent|-noent!! --version!N"},
  // yq, tomlq, xq (jq over YAML, TOML, XML): jq's filter then files; `-i` rewrites the files.
  // `--slurpfile NAME FILE` and `--rawfile NAME FILE` (jq's too) take two words, which the
  // syntax cannot declare: without a value, both are operands, so FILE is read (NAME over-read).
  // mikefarah's yq: `load*()` read files (handler `jq`), `-s`/`--split-exp` writes a file per
  // document under names from the data (asked; the same `-s` is jq's slurp in the jq wrapper).
  {"yq tomlq xq", "pm", "p*r", "jq",
   "-i|--in-place|--inplace!W -w|--width=v --yaml-output-grammar-version|--yml-out-ver=v "
   "--xml-root=v --xml-item-depth=v --xml-force-list=v -f|--from-file=P --arg=v --argjson=v "
   "--slurpfile --rawfile --args --jsonargs --indent=v -L|--library-path=r "
   "-o|--output-format=v -p|--input-format=v --expression=p -s!! --split-exp=v!! "
   "--security-disable-file-ops -h|--help!N --version!N"},
  // zipinfo ZIP [MEMBER...]; zipgrep PATTERN ZIP [MEMBER...]: members are names in the archive.
  {"zipinfo", "s", "r*-", "", "-x=v -1 -2 -s -m -l -v -h -M -t -T -z -C"},
  {"zipgrep", "s", "pr*-", "", "-e=p -f=P"},
  {"ldd", "pm", "*r", "", "-d|--data-relocs -r|--function-relocs -u|--unused -v|--verbose "
   "--help!N --version!N"},
  {"lsattr", "m", "*r", "", "-R -V!N -a -d -l -p -v"},
  {"namei", "pm", "*r", "", "-x|--mountpoints -m|--modes -o|--owners -l|--long "
   "-n|--nosymlinks -v|--vertical -Z|--context -h|--help!N -V|--version!N"},

  // ---- converters, compressors, archivers, crypto tools (engine/program_convert.cpp) -------
  // dos2unix and its aliases rewrite their operands in place; `-n IN OUT` pairs (handler).
  {"dos2unix unix2dos mac2unix unix2mac", "m", "*m", "dos2unix",
   "-n|--newfile -o|--oldfile -c|--convmode=v -i|--info?v!R -O|--to-stdout!R -k|--keepdate "
   "-q|--quiet -f|--force -s|--safe -b|--keep-bom -r|--remove-bom -m|--add-bom "
   "-u|--keep-utf16 -ul|--assume-utf16le -ub|--assume-utf16be -l|--newline -e|--add-eol "
   "-v|--verbose -F|--follow-symlink -R|--replace-symlink -S|--skip-symlink --allow-chown "
   "--no-allow-chown -ascii -iso -7 -1252 -437 -850 -860 -863 -865 -gb|--gb18030 "
   "-h|--help!N -V|--version!N -L|--license!N"},
  // Diff viewers: read their operands; delta pipes through a pager it may be told to run.
  {"delta", "m", "*r", "",
   "--pager=x --config=r --features=v --syntax-theme=v --width=v -w=v --tabs=v "
   "--wrap-max-lines=v --line-numbers-left-format=v --line-numbers-right-format=v "
   "--hyperlinks-file-link-format=v --navigate-regex=v --file-style=v --hunk-header-style=v "
   "--minus-style=v --plus-style=v --zero-style=v --diff-highlight --diff-so-fancy "
   "--side-by-side -s -n --line-numbers --navigate --dark --light --help!N -V|--version!N"},
  {"difft difftastic", "m", "*r", "",
   "--display=v --color=v --background=v --syntax-highlight=v --context=v --width=v "
   "--tab-width=v --language=v --override=v --override-binary=v --byte-limit=v "
   "--graph-limit=v --parse-error-limit=v --sort-paths --strip-cr=v --exit-code "
   "--skip-unchanged --missing-as-empty --ignore-comments --check-only --list-languages!N "
   "--dump-syntax=r --dump-ts=r --help!N --version!N"},
  // brotli keeps its input (unless `-j`) and writes IN.br; `-o FILE` writes FILE.
  {"brotli unbrotli", "pm", "*r", "compress",
   "-c|--stdout!R -t|--test!R -d|--decompress -k|--keep -j|--rm!W -f|--force -n|--no-copy-stat "
   "-o|--output=w -S|--suffix=v -q|--quality=v -w|--lgwin=v -D|--dictionary=r -Z|--best "
   "-v|--verbose -h|--help!N -V|--version!N"},
  // 7-Zip: `7z COMMAND ARCHIVE [FILES] [-SWITCHES]` (handler `7z`).
  {"7z 7za 7zr 7zz", "", "", "7z", ""},
  // age (Go's flag package: `-o`, `--o`, `-output`, `--output`, `-o=F`).
  {"age", "m", "*r", "goflags",
   "-o|--o|-output|--output=w -i|--i|-identity|--identity=r "
   "-R|--R|-recipients-file|--recipients-file=r -r|--r|-recipient|--recipient=v "
   "-j=v!! -e|--e|-encrypt|--encrypt -d|--d|-decrypt|--decrypt -a|--a|-armor|--armor "
   "-p|--p|-passphrase|--passphrase -version|--version!N -h|--help!N"},
  {"age-keygen", "m", "*r", "goflags",
   "-o|--o|-output|--output=w -y|--y -pq|--pq -version|--version!N -h|--help!N"},
  // The go command (Go's flag package: `-name=V`, `-name V`, with one or two dashes): `-exec
  // PROG` runs the test binaries through PROG, `-toolexec 'CMD ARGS'` runs every tool through
  // CMD, `-vettool PROG` is run by `go vet`; `-o` writes, `-C DIR` is where it works (and where
  // `go build` writes its binary: role e).
  {"go", "m", "*-", "fmt-command",
   "-toolexec|--toolexec=x -exec|--exec=x -vettool|--vettool=x -o|--o=w -C|--C=e "
   "-modfile|--modfile=r -overlay|--overlay=r -pgo|--pgo=r -coverprofile|--coverprofile=w "
   "-cpuprofile|--cpuprofile=w -memprofile|--memprofile=w -blockprofile|--blockprofile=w "
   "-mutexprofile|--mutexprofile=w -trace|--trace=w -outputdir|--outputdir=g "
   "-mod|--mod=v -tags|--tags=v -ldflags|--ldflags=v -gcflags|--gcflags=v "
   "-asmflags|--asmflags=v -gccgoflags|--gccgoflags=v -buildmode|--buildmode=v "
   "-compiler|--compiler=v -p|--p=v -run|--run=v -bench|--bench=v -count|--count=v "
   "-timeout|--timeout=v -cpu|--cpu=v -parallel|--parallel=v -benchtime|--benchtime=v "
   "-covermode|--covermode=v -coverpkg|--coverpkg=v -shuffle|--shuffle=v -fuzz|--fuzz=v "
   "-fuzztime|--fuzztime=v -list|--list=v -skip|--skip=v -installsuffix|--installsuffix=v "
   "-buildvcs|--buildvcs=v -f|--f=v -json -v -x -n -race -cover -a -work -short -failfast "
   "-benchmem -linkshared -modcacherw -msan -asan -trimpath -m -u -t -d"},
  // gpg takes unambiguous prefixes of its long options (`--outp`) and no option after an
  // operand; every option of GnuPG 2.2 (`gpg --dump-options`) is declared, aliases as spellings
  // of one (`--clearsign`, `--dearmour`). Operands are files read (key names over-read); handler
  // `gpg`: names derived without `-o`, `show-photos` (runs the photo viewer).
  {"gpg gpg2", "p", "*r", "gpg",
   "-s|--sign --clear-sign|--clearsign -b|--detach-sign -e|--encrypt --encrypt-files "
   "-c|--symmetric --store -d|--decrypt --decrypt-files --verify --verify-files "
   "-k|--list-keys|--list-public-keys|--list-key --list-signatures|--list-sigs|--list-sig "
   "--check-signatures|--check-sigs|--check-sig --fingerprint -K|--list-secret-keys "
   "--generate-key|--gen-key --quick-generate-key|--quick-gen-key --quick-add-uid|--quick-adduid "
   "--quick-add-key|--quick-addkey --quick-revoke-uid|--quick-revuid --quick-set-expire "
   "--quick-set-primary-uid --full-generate-key|--full-gen-key --generate-revocation|--gen-revoke "
   "--delete-keys --delete-secret-keys --quick-sign-key --quick-lsign-key --quick-revoke-sig "
   "--sign-key --lsign-key --edit-key|--key-edit --change-passphrase|--passwd "
   "--generate-designated-revocation|--desig-revoke --export --send-keys "
   "--receive-keys|--recv-keys --search-keys --refresh-keys --locate-keys --locate-external-keys "
   "--fetch-keys --show-keys|--show-key --export-secret-keys --export-secret-subkeys "
   "--export-ssh-key --import --fast-import --card-status --edit-card|--card-edit --change-pin "
   "--list-config --list-gcrypt-config --gpgconf-list --gpgconf-test --list-packets "
   "--export-ownertrust --import-ownertrust --update-trustdb --check-trustdb --fix-trustdb "
   "--list-trustdb --dearmor|--dearmour --enarmor|--enarmour --print-md --print-mds --gen-prime "
   "--gen-random --server --tofu-policy --delete-secret-and-public-keys --rebuild-keydb-caches "
   "-v|--verbose --no-verbose -q|--quiet --no-tty --no-greeting "
   "--debug=v --debug-level=v --debug-all --debug-iolbf --display-charset|--charset=v "
   "--options=r!! --no-options --logger-fd=v --log-file=w --logger-file=w "
   "--debug-quick-random --homedir=w --faked-system-time=v --default-key=v --encrypt-to=v "
   "--no-encrypt-to --hidden-encrypt-to=v --encrypt-to-default-key --default-recipient=v "
   "--default-recipient-self --no-default-recipient --group=v --ungroup=v --no-groups "
   "--compliance=v --gnupg --no-pgp2 --no-pgp6 --no-pgp7 --no-pgp8 --rfc2440 --rfc4880 "
   "--rfc4880bis --openpgp --pgp6 --pgp7 --pgp8 --default-new-key-algo=v --min-rsa-length=v "
   "--always-trust --trust-model=v --photo-viewer=x --known-notation=v --agent-program=x "
   "--dirmngr-program=x --exit-on-status-write-error --limit-card-insert-tries=v "
   "--enable-progress-filter --temp-directory=w --exec-path=v!! --expert --no-expert "
   "--no-secmem-warning --require-secmem --no-require-secmem --no-permission-warning "
   "-n|--dry-run -i|--interactive --default-sig-expire=v --ask-sig-expire "
   "--no-ask-sig-expire --default-cert-expire=v --ask-cert-expire --no-ask-cert-expire "
   "--default-cert-level=v --min-cert-level=v --ask-cert-level --no-ask-cert-level "
   "--only-sign-text-ids --enable-large-rsa --disable-large-rsa --enable-dsa2 "
   "--disable-dsa2 --personal-cipher-preferences=v --personal-digest-preferences=v "
   "--personal-compress-preferences=v --default-preference-list=v --default-keyserver-url=v "
   "--no-expensive-trust-checks --allow-non-selfsigned-uid --no-allow-non-selfsigned-uid "
   "--allow-freeform-uid --no-allow-freeform-uid --preserve-permissions "
   "--default-cert-check-level=v --tofu-default-policy=v --lock-once --lock-multiple "
   "--lock-never --compress-algo|--compression-algo=v --bzip2-decompress-lowmem "
   "--completes-needed=v --marginals-needed=v --max-cert-depth=v --trustdb-name=w "
   "--auto-check-trustdb --no-auto-check-trustdb --force-ownertrust --multifile "
   "--input-size-hint=v --utf8-strings --no-utf8-strings --set-filesize=v --no-literal "
   "-N|--set-notation=v --sig-notation=v --cert-notation=v --set-policy-url=v "
   "--sig-policy-url=v --cert-policy-url=v --sig-keyserver-url=v -a|--armor|--armour "
   "--no-armor|--no-armour -o|--output=w --max-output=v --comment=v --default-comment "
   "--no-comments --emit-version --no-emit-version --no-version --not-dash-escaped "
   "--escape-from-lines --no-escape-from-lines --mimemode -t|--textmode --no-textmode "
   "--set-filename=v --for-your-eyes-only --no-for-your-eyes-only --show-notation "
   "--no-show-notation --show-session-key --use-embedded-filename "
   "--no-use-embedded-filename --unwrap --mangle-dos-filenames --no-mangle-dos-filenames "
   "--no-symkey-cache --skip-verify --list-only -z|--compress-level=v "
   "--bzip2-compress-level=v --disable-signer-uid --auto-key-locate=v --no-auto-key-locate "
   "--auto-key-import --no-auto-key-import --auto-key-retrieve --no-auto-key-retrieve "
   "--include-key-block --no-include-key-block --disable-dirmngr --keyserver=v "
   "--keyserver-options=v --key-origin=v --import-options=v --import-filter=v "
   "--export-options=v --export-filter=v --merge-only --allow-secret-key-import "
   "--list-options=v --show-photos!! --no-show-photos --show-policy-url "
   "--no-show-policy-url --with-colons --with-tofu-info --with-key-data --with-sig-list "
   "--with-sig-check --with-fingerprint --with-subkey-fingerprint "
   "--with-subkey-fingerprints --with-icao-spelling --with-keygrip --with-secret "
   "--with-wkd-hash --with-key-origin --fast-list-mode --fixed-list-mode --legacy-list-mode "
   "--print-pka-records --print-dane-records --keyid-format=v --show-keyring "
   "-r|--recipient=v -R|--hidden-recipient=v -f|--recipient-file=r "
   "-F|--hidden-recipient-file=r --remote-user=v --throw-keyids --no-throw-keyids "
   "-u|--local-user=v --trusted-key=v --sender=v --try-secret-key=v --try-all-secrets "
   "--no-default-keyring --no-keyring --keyring=w --primary-keyring=w --secret-keyring=w "
   "--skip-hidden-recipients --no-skip-hidden-recipients --override-session-key=v "
   "--override-session-key-fd=v --s2k-mode=v --s2k-digest-algo=v --s2k-cipher-algo=v "
   "--s2k-count=v --require-backsigs --require-cross-certification --no-require-backsigs "
   "--no-require-cross-certification --verify-options=v --enable-special-filenames "
   "--no-random-seed-file --no-sig-cache --ignore-time-conflict --ignore-valid-from "
   "--ignore-crc-error --ignore-mdc-error --disable-cipher-algo=v --disable-pubkey-algo=v "
   "--cipher-algo=v --digest-algo=v --cert-digest-algo=v --override-compliance-check "
   "--allow-weak-key-signatures --allow-weak-digest-algos --weak-digest=v "
   "--allow-multisig-verification --allow-multiple-messages --no-allow-multiple-messages "
   "--batch --no-batch --yes --no --status-fd=v --status-file=w --attribute-fd=v "
   "--attribute-file=w --command-fd=v --command-file=r --passphrase=v --passphrase-fd=v "
   "--passphrase-file=r --passphrase-repeat=v --pinentry-mode=v --force-sign-key "
   "--request-origin=v --display=v --ttyname=v --ttytype=v --lc-ctype=v --lc-messages=v "
   "--xauthority=v --no-autostart --forbid-gen-key --require-compliance "
   "--use-only-openpgp-card --rfc2440-text --no-rfc2440-text --personal-cipher-prefs=v "
   "--personal-digest-prefs=v --personal-compress-prefs=v --sign-with=v --user=v "
   "--use-agent --no-use-agent --gpg-agent-info=v --reader-port=v --ctapi-driver=v!! "
   "--pcsc-driver=v!! --disable-ccid --honor-http-proxy --tofu-db-format=v --sk-comments "
   "--no-sk-comments --compress-keys --compress-sigs --force-v3-sigs --no-force-v3-sigs "
   "--force-v4-certs --no-force-v4-certs --no-mdc-warning --force-mdc --no-force-mdc "
   "--disable-mdc --no-disable-mdc --help!N --version!N --warranty!N --dump-option-table!N "
   "--dump-options!N"},

  // openssl takes `-opt`, `--opt` and `-opt=value`; `file:PATH` password sources are read
  // (handler `openssl`, engine/program_convert.cpp: `openssl engine` asked); digests read their
  // operands. `-config FILE` may load an engine (`dynamic_path`), as OPENSSL_CONF may: asked.
  // `cms -certsout FILE` writes FILE; `ca -outdir DIR` writes certificates into DIR.
  {"openssl", "m", "-*r", "openssl",
   "-in|--in=r -out|--out=w -inkey|--inkey=r -key|--key=r -keyout|--keyout=w "
   "-config|--config=r!! -CAfile|--CAfile=r -CApath|--CApath=r -CAkey|--CAkey=r "
   "-CAserial|--CAserial=w -CAcreateserial|--CAcreateserial -CA|--CA=r -cert|--cert=r -signkey|--signkey=r "
   "-certfile|--certfile=r -signer|--signer=r -recip|--recip=r -rand|--rand=r "
   "-writerand|--writerand=w -engine|--engine=v!! -provider-path|--provider-path=r!! "
   "-passin|--passin=v -passout|--passout=v -pass|--pass=v -kfile|--kfile=r "
   "-extfile|--extfile=r -keylogfile|--keylogfile=w -sess_out|--sess_out=w "
   "-sess_in|--sess_in=r -msgfile|--msgfile=w -reqout|--reqout=w -respout|--respout=w "
   "-reqin|--reqin=r -respin|--respin=r -issuer|--issuer=r -content|--content=r "
   "-data|--data=r -sigfile|--sigfile=r -signature|--signature=r -peerkey|--peerkey=r "
   "-paramfile|--paramfile=r -dhparam|--dhparam=r -chainCAfile|--chainCAfile=r "
   "-verifyCAfile|--verifyCAfile=r -cert_chain|--cert_chain=r -dcert|--dcert=r "
   "-dkey|--dkey=r -untrusted|--untrusted=r -trusted|--trusted=r -CRLfile|--CRLfile=r "
   "-crl_download -provider|--provider=v -outform|--outform=v -inform|--inform=v "
   "-subj|--subj=v -days|--days=v -newkey|--newkey=v -connect|--connect=v "
   "-servername|--servername=v -name|--name=v -nameopt|--nameopt=v -sigopt|--sigopt=v "
   "-pkeyopt|--pkeyopt=v -macopt|--macopt=v -md|--md=v -cipher|--cipher=v "
   "-certsout|--certsout=w -outdir|--outdir=g -chainCApath|--chainCApath=r "
   "-verifyCApath|--verifyCApath=r"},

  // ---- formatters and fixers: files rewritten in place, a folder with every file below it ----
  {"black", "pm", "*M", "",
   "--check!R --diff!R -l|--line-length=v -t|--target-version=v --config=r --include=v "
   "--exclude=v --extend-exclude=v --force-exclude=v --stdin-filename=v -W|--workers=v "
   "--required-version=v --python-cell-magics=v -c|--code=v!R"},
  {"isort", "pm", "*M", "",
   "-c|--check-only|--check!R --diff!R --sp|--settings-path|--settings-file=r "
   "--src|--src-path=v --profile=v -l|--line-length=v -j|--jobs=v --skip=v --skip-glob=v"},
  {"autopep8", "pm", "*r", "",
   "-i|--in-place!U -d|--diff --global-config=r --max-line-length=v --select=v --ignore=v "
   "-r|--recursive -j|--jobs=v -a|--aggressive -p|--pep8-passes=v"},
  {"yapf", "pm", "*r", "",
   "-i|--in-place!U -d|--diff --style=v -e|--exclude=v -l|--lines=v -p|--parallel -r|--recursive "
   "-m|--print-modified"},
  {"rustfmt", "pm", "*M", "",
   "--check!R --emit=v --edition=v --config-path=r --config=v --backup --color=v --print-config=v"},
  {"gofmt", "m", "*r", "", "-w!U -l -d -s -e -r=v -cpuprofile=w"},
  {"clang-format", "m", "*r", "",
   "-i!U --style=z -style=z --files=l -files=l --assume-filename=v --fallback-style=v --lines=v "
   "--offset=v --length=v "
   "--dry-run -n --Werror --output-replacements-xml"},
  {"shfmt", "pm", "*r", "",
   "-w|--write!U -l|--list -d|--diff -i|--indent=v -ln|--language-dialect=v -s|--simplify "
   "-mn|--minify -f|--find"},
  {"prettier", "pm", "*r", "",
   "-w|--write!U -c|--check -l|--list-different --config=r --ignore-path=r --plugin=v!! "
   "--parser=v --stdin-filepath=v --log-level=v --cache-location=w"},
  {"eslint eslint_d", "pm", "*r", "",
   "--fix!U --fix-dry-run -c|--config=r --rulesdir=r!! --plugin=v!! "
   "--resolve-plugins-relative-to=r -f|--format=v -o|--output-file=w --ignore-path=r "
   "--cache-location=w --ext=v --parser=v --env=v --global=v --rule=v --max-warnings=v"},
  {"ruff", "m", "-*r", "fmt-command", "--fix!U --unsafe-fixes --config=v --select=v --ignore=v "
   "--extend-select=v --line-length=v --target-version=v --output-file=w --cache-dir=w"},
  // ---- programs that run programs ----------------------------------------------------------
  // tcpdump's `-z CMD` runs CMD on each file it rotates (the operands are the filter).
  {"tcpdump", "m", "*-", "",
   "-w=w -r=r -F=r -V=r -z=x -Z|--relinquish-privileges=v -i|--interface=v -c=v -s|--snapshot-length=v "
   "-C=v -G=v -W=v -T=v -y|--linktype=v -E=v -M=v -B|--buffer-size=v -j|--time-stamp-type=v "
   "-Q|--direction=v --time-stamp-precision=v --count --immediate-mode --print --version!N "
   "-h|--help!N -n -v -X -x -A -e -l -q -t -p -S -U -D!N -K -N -O -L!N"},
  // aria2c's event hooks run a program with the download's details; its URIs are fetched
  // (handler `aria2c`, engine/program_curl.cpp).
  {"aria2c", "pm", "", "aria2c",
   "--on-download-complete=x --on-download-start=x --on-download-error=x --on-download-pause=x "
   "--on-download-stop=x --on-bt-download-complete=x -d|--dir=g -o|--out=w -i|--input-file=r "
   "--conf-path=r!! -l|--log=w --save-session=w --load-cookies=r --save-cookies=w "
   "--certificate=r --private-key=r --ca-certificate=r --netrc-path=r"},
  // A virtual environment is created in its folder operand (`python3 -m venv DIR`): every file
  // below DIR is written (role M), so a rule below it decides; `--clear` empties it first.
  {"venv virtualenv", "pm", "*M", "",
   "--prompt=v -p|--python=v --system-site-packages --symlinks --copies --clear --upgrade "
   "--without-pip --upgrade-deps --without-scm-ignore-files"},
  // yt-dlp (python optparse: unambiguous long prefixes): `--exec CMD` runs CMD after each
  // download (`--exec before_dl:CMD`); `-o` is the output template, `-P` its folder.
  {"yt-dlp youtube-dl", "pm", "*-", "",
   "--exec=x --exec-before-download=x --no-exec -o|--output=w -P|--paths=g -a|--batch-file=r "
   "--config-locations|--config-location=r!! --cookies=r --download-archive=w --load-info-json=r "
   "--netrc-location=r --cache-dir=w --ffmpeg-location=x --external-downloader=x!! "
   "--downloader=x!! --external-downloader-args=v --downloader-args=v --postprocessor-args=v "
   "--print-to-file=v -f|--format=v --merge-output-format=v -r|--limit-rate=v -R|--retries=v"},
  // rclone COMMAND SOURCE… DEST: local sources read with all below them, the local destination
  // a folder written under names the line does not show (`sync` also deletes there; remote
  // paths `name:path` are not local); a `--config` file and `--password-command` are asked.
  {"rclone", "m", "-*R$g", "",
   "--config=r!! --password-command=x --filter-from=r --include-from=r --exclude-from=r "
   "--files-from=l --log-file=w --backup-dir=w --compare-dest=r --copy-dest=r --suffix=v "
   "--transfers=v --checkers=v --bwlimit=v --include=v --exclude=v --filter=v -P|--progress "
   "-v|--verbose -n|--dry-run!R -i|--interactive"},
  // rpm's macros: `%(CMD)` in `--eval` or `--define` runs CMD with a shell, and the files of
  // `--macros`/`--rcfile` define macros the line does not show: asked.
  {"rpm rpmbuild rpmspec", "pm", "", "",
   "-E|--eval=v!! -D|--define=v!! --macros=r!! --rcfile=r!! --load=r!! --root=c --dbpath=c "
   "--pipe=x"},
  // run-parts DIR runs every executable in DIR: the folder is run like an interpreter's script
  // (exec, judged as a read of it), and `allow run-parts` covers it; `--test` and `--list`
  // run nothing, and path rules meet the folder the same way.
  {"run-parts", "pm", "x", "",
   "--test --list -u|--umask=v -a|--arg=v --regex=v -v|--verbose -d|--debug --report "
   "--reverse --exit-on-error --stdin --lsbsysinit --new-session -h|--help!N -V|--version!N"},
  {"heaptrack", "s", "", "wrapper",
   "-o|--output=w -p|--pid=v!P -a|--analyze=r!N -r|--raw -d|--debug!! --use-inject "
   "--record-only -h|--help!N -v|--version!N"},
  {"memusage", "ps", "", "wrapper",
   "-n|--progname=v -p|--png=w -d|--data=w -u|--unbuffered -b|--buffer=v --no-timer -m|--mmap "
   "-t|--time-based -T|--total --title=v -x|--x-size=v -y|--y-size=v --help!N --usage!N "
   "-V|--version!N"},
  {"sotruss", "ps", "", "wrapper",
   "-F|--from=v -T|--to=v -e|--exit -f|--follow -o|--output=w --help!N --usage!N --version!N"},
  // Containers' init and privilege droppers: the command follows their options (and, for
  // the droppers, a user or a limit). tini: getopt `+hsp:vwgle:`; dumb-init: getopt_long;
  // catatonit: getopt `+ghLPV`; softlimit (daemontools, s6): each option takes a number. The
  // ones that keep the user are safe wrappers (allow rules look through them); the droppers
  // are not (like sudo).
  {"tini", "sS", "", "wrapper", "-h!N --version!N -s -p=v -v -w -g -l!N -e=v"},
  {"dumb-init", "psS", "", "wrapper",
   "-c|--single-child -r|--rewrite=v -v|--verbose -V|--version!N -h|--help!N"},
  {"catatonit", "sS", "", "wrapper", "-g -h!N -L -P!N -V!N"},
  {"gosu su-exec setuidgid envuidgid s6-setuidgid s6-envuidgid", "s", "-", "wrapper",
   "--help!N --version!N"},
  {"softlimit s6-softlimit", "sS", "", "wrapper",
   "-m=v -a=v -d=v -s=v -l=v -f=v -p=v -o=v -c=v -r=v -t=v"},
  {"chpst", "s", "", "wrapper",
   "-u=v -U=v -b=v -e=r -n=v -l=w -L=w -m=v -d=v -o=v -p=v -f=v -c=v -v -P -0 -1 -2"},
  {"cgexec", "sS", "", "wrapper", "-g=v --sticky -h!N"},
  {"trickle", "sS", "", "wrapper", "-h!N -v!N -V -s -d=v -u=v -w=v -t=v -l=v -n=r"},
  {"nocache with-contenv box64 box86", "sS", "", "wrapper", ""},
  // Ubuntu's run-one family (one instance of CMD at a time, again and again), zsh's precommand
  // modifiers, the GPU and game launchers, systemd-inhibit (CMD runs holding a lock),
  // with-lock-ex (chiark-utils: LOCKFILE, then CMD).
  {"run-one run-this-one keep-one-running run-one-constantly run-one-until-success "
   "run-one-until-failure nocorrect noglob gamemoderun prime-run primusrun", "sS", "", "wrapper",
   ""},
  {"mangohud", "sS", "", "wrapper", "--dlsym"},
  {"vglrun", "sS", "", "wrapper",
   "-d=v -c=v -q=v -fps=v -ir=v -gamma=v -ld=v -st=v -np -sp -nodl -v +v -tr +tr -64 -32"},
  {"optirun", "psS", "", "wrapper",
   "-b|--bridge=v -c|--compress=v -d|--display=v -C|--config=r -l|--ldpath=v --failsafe "
   "--no-failsafe --no-xorg --debug -q|--quiet -v|--verbose --help!N --version!N"},
  {"systemd-inhibit", "ps", "", "wrapper",
   "--what=v --who=v --why=v --mode=v --list!N --no-pager --no-legend -h|--help!N "
   "--version!N"},
  {"with-lock-ex", "s", "w", "wrapper", "-w -q -f"},
  // Shells outside the sh family, by their command line: the launchers' table
  // (engine/program_launchers_managers.cpp).
  {"fish csh tcsh rc es nu xonsh elvish pwsh powershell powershell.exe pwsh.exe", "", "",
   "launcher", ""},
  {"lockf timelimit empty distrobox-host-exec host-spawn launchctl adb pm2 minikube vagrant", "",
   "", "launcher", ""},
  // Windows' command interpreter: `cmd /c LINE` (engine/program_cmd.cpp).
  {"cmd cmd.exe CMD CMD.EXE", "", "", "cmd", ""},
  // Runners, sandboxes, emulators, schedulers and detachers whose options are their own: the
  // launchers' table (engine/program_launchers_runners.cpp).
  {"hyperfine watch watchexec reflex pueue tsp sem parallel dtach abduco fdmove envdir s6-envdir setlock "
   "s6-setlock lckdo pgrphack zrun ifne pee mispipe systemd-nspawn lxc-attach machinectl "
   "lxc incus multipass devcontainer stack cabal onchange "
   "toolbox distrobox distrobox-enter schroot fakechroot ccache sccache distcc icecc tsocks "
   "graftcp catchsegv nq mpirun mpiexec orterun srun sbatch aa-exec sandbox-exec flatpak-spawn "
   "retry flatpak snap devbox pixi flox xterm uxterm urxvt rxvt rxvt-unicode konsole "
   "x-terminal-emulator "
   "alacritty gnome-terminal mate-terminal xfce4-terminal terminator tilix lxterminal kitty foot "
   "nodemon wezterm guix wsl wsl.exe daemon zellij mosh et "
   "nsjail minijail0 proot rr schedtool daemonize start-stop-daemon qemu-aarch64 "
   "qemu-aarch64_be qemu-alpha qemu-arm qemu-armeb qemu-hexagon qemu-hppa qemu-i386 "
   "qemu-loongarch64 qemu-m68k qemu-microblaze qemu-microblazeel qemu-mips qemu-mips64 "
   "qemu-mips64el qemu-mipsel qemu-mipsn32 qemu-mipsn32el qemu-or1k qemu-ppc qemu-ppc64 "
   "qemu-ppc64le qemu-riscv32 qemu-riscv64 qemu-s390x qemu-sh4 qemu-sh4eb qemu-sparc "
   "qemu-sparc32plus qemu-sparc64 qemu-x86_64 qemu-xtensa qemu-xtensaeb qemu-aarch64-static "
   "qemu-arm-static qemu-armeb-static qemu-i386-static qemu-mips-static qemu-mipsel-static "
   "qemu-mips64-static qemu-mips64el-static qemu-ppc-static qemu-ppc64-static "
   "qemu-ppc64le-static qemu-riscv32-static qemu-riscv64-static qemu-s390x-static "
   "qemu-sparc64-static qemu-x86_64-static", "", "", "launcher", ""},
  // perf: the subcommands that run a command are asked (handler `perf`, engine/program_perf.cpp).
  {"perf", "", "", "perf", ""},
  // They open a file or URL with a program the line does not show (chosen by the desktop's
  // MIME settings; it may run the file): the operand is run (exec), and the command is asked
  // unless an allow names the program (like an interpreter's script).
  // A desktop entry given to xdg-open runs its `Exec=` line: asked (handler `launcher`,
  // engine/program_launchers_desktop.cpp).
  {"xdg-open", "s", "*x", "launcher", "--help!N --manual!N --version!N"},
  {"sensible-browser", "s", "*x", "", "--help!N --manual!N --version!N"},
  // ---- readers and senders of files given to options --------------------------------------
  // info (texinfo): `-f FILE` read, `-o FILE`/`--dribble` written; an operand with `/`: a file.
  {"info", "pm", "*r", "",
   "-f|--file=r -o|--output=w -d|--directory=r --dribble=w --restore=r --init-file=r "
   "-n|--node=v -k|--apropos=v --index-search=v -v|--variable=v -a|--all -O|--show-options "
   "--usage --vi-keys -w|--where!N -h|--help!N --version!N"},
  // Mail senders attach files (mailutils `-A`, s-nail/heirloom `-a`; bsd-mailx's `-a` is a
  // header, read as a path too: only a false ask), quote them (`-q`), and mailutils' `-E`
  // runs a command.
  {"mail mailx bsd-mailx s-nail mail.mailutils", "pm", "*-", "",
   "-A|--attach=r -a|--append=r -q|--quote=r -E|--exec=x -f|--file?r -s|--subject=v -c|--cc=v "
   "-b|--bcc=v -r|--return-address=v -S|--set=v -u|--user=v -t|--to -n|--norc -N|--nosum "
   "-i|--ignore -e|--exist -H|--headers -p|--print -v|--verbose -V|--version!N --help!N"},
  // mutt: `-a FILE…` attaches, `-i FILE` includes, `-H FILE` is a draft, `-F FILE` its rc
  // file; `-e CMD` runs a muttrc command (its `source "CMD|"` runs a program): asked.
  {"mutt neomutt", "m", "*-", "",
   "-a=r -i=r -H=r -F=r -f=r -e=v!! -s=v -c=v -b=v -m=v -Q=v -A=v -d=v -D -E -n -N -p -R -x "
   "-y -z -Z -h!N -v!N"},
  // groff in unsafe mode (`-U`) runs the commands its input holds (`.sy`, `.pso`); `-l` hands
  // the output to the print spooler: asked. Its inputs are read.
  {"groff", "m", "*r", "",
   "-U!! -l!! -d=v -f=v -F=r -I=r -K=v -L=v -m=v -M=r -n=v -o=v -P=v -r=v -T=v -w=v -W=v -D=v "
   "-a -b -c -C -e -E -g -G -i -j -k -N -p -R -s -S -t -V -X -z -Z -h!N -v!N"},
  // ---- shells and interpreters: a script file operand is run; inline code is not a path ------
  // The shells' own settings (`-e`, `-u`, `-x`, `-o pipefail`, `--norc`) run nothing more than
  // the script; `-i` and `-l` (the start files), `-E` (ksh93's ~/.kshrc), `-k` (the script's
  // assignment arguments put in its environment) and `--debugger` do:
  // not declared, so an allow of the shell alone does not cover them.
  {"sh bash zsh dash ksh ash mksh yash posh ksh93 rbash", "s", "x*-", "",
   "-c!C -o=v -O=v --rcfile=r --init-file=r -s!C -a -b -e -f -h -m -n -p -t -u -v -x -B -C "
   "-H -P -T --norc --noprofile --posix --verbose --noediting --restricted"},
  // `py` is Windows' launcher (`py -3.12 -c CODE`: its version selector is one more option).
  {"python python2 python3 pypy pypy3 py", "s", "x*-", "",
   "-c=p -m=p -W=v -X=v -Q=v -V|--version!N -h|--help!N -u -B -O -I -E -s -S -b -d -q -v -P -R -x"},
  // node: `--experimental_loader` is `--experimental-loader` (its options' `_` is `-`).
  {"node nodejs", "s_", "x*-", "",
   "-e|--eval=p -p|--print=p -pe=p -r|--require=r --import=r --loader=r --experimental-loader=r "
   "-C|--conditions=v --inspect?v --title=v -v|--version!N -h|--help!N -c|--check --no-warnings "
   "--enable-source-maps --trace-warnings --trace-uncaught --max-old-space-size=v --input-type=v "
   "--env-file=r --env-file-if-exists=r --test --redirect-warnings=w --report-directory=g "
   "--report-filename=w --diagnostic-dir=g --cpu-prof-dir=g --heap-prof-dir=g --logfile=w "
   "--experimental-config-file=r --openssl-config=r --tls-keylog=w --icu-data-dir=r "
   "--test-reporter-destination=w --test-reporter=v --test-name-pattern=v "
   "--test-skip-pattern=v --test-concurrency=v --test-timeout=v --cpu-prof-name=w "
   "--heap-prof-name=w --snapshot-blob=w --build-snapshot-config=r --watch-path=r "
   "--experimental-sea-config=r --experimental-policy=r --policy-integrity=v "
   "--trace-event-file-pattern=w --trace-event-categories=v --stack-trace-limit=v "
   "--secure-heap=v --secure-heap-min=v --unhandled-rejections=v --watch --cpu-prof --heap-prof "
   "--prof --build-snapshot --experimental-test-coverage --preserve-symlinks"},
  {"perl", "s", "x*-", "",
   "-e=p -E=p -M=M -m=M -I=r -x?c -i?v!W -v|--version!N -h|--help!N -w -W -X -T -t -c -s -n!R "
   "-p!R -a -l -0 -F=v"},
  {"ruby", "s", "x*-", "",
   "-e=p -r=r -I=r -C=c -E=v -i?v!W -v|--version!N -h|--help!N -w -W?v -n!R -p!R -a -l -c -d "
   "-s --disable=v --enable=v"},
  {"php", "s", "x*-", "",
   "-r=p -f=x -c=r -d=n -B=p -R=p -F=x -E=p -S=v!S -t=R -v|--version!N -h|--help!N -l -n"},
  {"lua luajit lua5.1 lua5.2 lua5.3 lua5.4", "s", "x*-", "", "-e=p -l=v -i -v -E -W"},
  {"Rscript", "s", "x*-", "", "-e=p --default-packages=v --vanilla --no-environ --verbose"},
  {"julia", "s", "x*-", "",
   "-e|--eval=p -E|--print=p -L|--load=x -J|--sysimage=r --project?v -t|--threads=v "
   "-p|--procs=v --startup-file=v --history-file=v -q|--quiet -i -O|--optimize?v"},
  // Tcl (`exec CMD`), expect (`-c CMDS`; `spawn`, `exec`, `system`), AppleScript (`-e STMT`,
  // `do shell script "CMD"`): engine/code_commands.cpp reads the commands their code runs.
  {"tclsh wish", "s", "x*-", "", "-encoding=v"},
  {"expect", "s", "x*-", "", "-c=p -f=r -b=r -i -d -D=v -n -N -v -h!N"},
  {"osascript", "s", "x*-", "", "-e=p -l=v -s=v -i"},
  // dc: `!CMD` runs CMD with a shell (engine/code_commands.cpp); `-f FILE` a script, read.
  {"dc", "pm", "x*x", "", "-e|--expression=p -f|--file=r -V|--version!N -h|--help!N"},
  // script (util-linux): its operand is the typescript written (`typescript`, handler `script`:
  // none nor `-I/-O/-B` given), the logs `-I/-O/-B/-T/-t` too; `-c LINE`: normalize_scripts.cpp.
  {"script", "pm", "w", "script",
   "-a|--append -c|--command=v -e|--return -E|--echo=v -f|--flush -I|--log-in=w -O|--log-out=w "
   "-B|--log-io=w -T|--log-timing=w -t|--timing?w -m|--logging-format=v -o|--output-limit=v "
   "-q|--quiet -V|--version!N -h|--help!N"},
  // ---- programs and builtins whose words are data, not files -------------------------------
  // Strings, numbers, names, process ids: they read no file they are given (`echo /etc/x`
  // prints it; `test -f`, `[` and `type` look at a name, not into a file). Declared so that
  // their words are not taken for paths read (a program not in the table: engine/named_paths.cpp).
  // kill, pkill, killall: signal names in any case (engine/program_signals.cpp).
  // pkill and pgrep `-F FILE` read the process ids from FILE (procps, getopt_long).
  {"kill killall", "", "*-", "signals", ""},
  {"pkill", "pm", "*-", "signals", "-F|--pidfile=r"},
  {"pgrep", "pm", "*-", "", "-F|--pidfile=r"},
  {"echo printf true false sleep expr seq yes basename dirname which "
   "whereis type hostname uname id whoami groups printenv tty nproc getconf locale logname users "
   "test [ pwd export declare typeset local readonly set unset shift read mapfile readarray "
   "alias unalias trap wait fg bg disown exit return break continue let getopts umask "
   "ulimit shopt ps free uptime", "", "*-", "", ""},
  // bash's `jobs -x CMD ARGS` runs CMD (its `%N` words replaced by process group ids); without
  // `-x` its words are job specs.
  {"jobs", "s", "", "wrapper", "-l -n -p -r -s -x!X --help!N"},
};
// clang-format on

const std::size_t kProgramsToolsCount = sizeof(kProgramsTools) / sizeof(kProgramsTools[0]);

}  // namespace vigie::engine
