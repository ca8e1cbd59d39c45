// The built-in option table: each command's option spellings, one row per class (or per list
// of classes, implications, combinations, options that take an argument, commands that spell
// long options with one dash). Read by one loop in engine/options.cpp (`make_builtin`).
//
// The `classes` rows under "From the programs' help" were taken from `PROGRAM --help` (GNU
// coreutils 9.1, tar 1.34, sed 4.9, grep 3.8, curl 7.88, wget 1.21), `git SUBCOMMAND -h` (git
// 2.39), `docker SUBCOMMAND --help`, `kubectl SUBCOMMAND --help`, `pip SUBCOMMAND --help`, `cargo
// SUBCOMMAND --help`, systemctl/journalctl 252, procps 4 and psmisc 23: every option with a short
// and a long spelling (or several long ones), and those that take an argument.
#include "engine/options_table.hpp"

namespace vigie::engine {

namespace {

// clang-format off
constexpr BuiltinOptions kBuiltinOptions[] = {
    // What the help texts do not show as one line, or show otherwise.
    {OptionRow::option_class, "rm", "-i --interactive"},
    {OptionRow::implies, "cp", "-a>-r -a>-d"},
    {OptionRow::classes, "cp", "-d|--no-dereference"},
    {OptionRow::classes, "sed", "-i|--in-place -e|--expression= -f|--file="},
    {OptionRow::implies, "sed", "-i>-s"},
    // git: the classes shared by its subcommands (those below are each subcommand's own), and
    // the options that take an argument. --force-with-lease is NOT --force: long names are exact.
    {OptionRow::classes, "git", "-f|--force -q|--quiet -v|--verbose"},
    {OptionRow::takes_argument, "git", "-m -F -C -c -o --message --file --push-option "
                                       "--reuse-message --reedit-message --repo --exec "
                                       "--receive-pack --author --date --template"},
    {OptionRow::combines, "git branch", "-D=-d+-f -M=-m+-f -C=-c+-f"},
    {OptionRow::classes, "git switch", "-f|--force|--discard-changes"},
    {OptionRow::classes, "git add", "-A|--all|--no-ignore-removal"},
    // `git push --mirror` force-updates every ref it changes.
    {OptionRow::implies, "git push", "--mirror>--force"},
    // rsync (3.2): `-a` is `-rlptgoD`, `-D` is `--devices --specials`, `-P` is `--partial
    // --progress`; every `--delete-WHEN` deletes (`--del` is `--delete-during`).
    {OptionRow::classes, "rsync",
     "-v|--verbose -q|--quiet -c|--checksum -a|--archive -r|--recursive -R|--relative "
     "-b|--backup -u|--update -l|--links -L|--copy-links -k|--copy-dirlinks "
     "-K|--keep-dirlinks -H|--hard-links -p|--perms -E|--executability -A|--acls "
     "-X|--xattrs -o|--owner -g|--group -t|--times -O|--omit-dir-times "
     "-J|--omit-link-times -S|--sparse -n|--dry-run -W|--whole-file -x|--one-file-system "
     "-B|--block-size= -e|--rsh= -y|--fuzzy -C|--cvs-exclude -f|--filter= -z|--compress "
     "-h|--human-readable -i|--itemize-changes -T|--temp-dir= -m|--prune-empty-dirs "
     "-s|--secluded-args|--protect-args -0|--from0 -M|--remote-option= -I|--ignore-times "
     "--del|--delete-during"},
    {OptionRow::combines, "rsync", "-a=-r+-l+-p+-t+-g+-o+-D -D=--devices+--specials "
                                   "-P=--partial+--progress"},
    {OptionRow::implies, "rsync", "--delete-before>--delete --delete-during>--delete "
                                  "--delete-delay>--delete --delete-after>--delete "
                                  "--delete-excluded>--delete"},
    // npm (10): `--location=global` is `-g`; its config flags take `--flag=true`.
    {OptionRow::classes, "npm",
     "-g|--global|--location=global -f|--force -D|--save-dev -S|--save "
     "-E|--save-exact -O|--save-optional -P|--save-prod -B|--save-bundle -y|--yes "
     "-w|--workspace= -C|--prefix="},
    {OptionRow::option_class, "pip,pip3", "-U --upgrade"},
    // apt-get and apt (apt-get(8)): the help lists few of them.
    {OptionRow::classes, "apt-get,apt",
     "-y|--yes|--assume-yes -s|--simulate|--just-print|--dry-run|--recon|--no-act "
     "-d|--download-only -f|--fix-broken -m|--ignore-missing|--fix-missing -q|--quiet "
     "-u|--show-upgraded -b|--compile|--build -V|--verbose-versions -t|--target-release= "
     "-c|--config-file= -o|--option="},
    {OptionRow::option_class, "docker", "-f --force"},
    // Compose v2 (`docker compose`, and the standalone `docker-compose`).
    {OptionRow::classes, "docker compose down,docker-compose down",
     "-v|--volumes -t|--timeout="},
    {OptionRow::classes, "docker compose rm,docker-compose rm", "-f|--force -s|--stop -v|--volumes"},
    {OptionRow::classes, "docker compose up,docker-compose up",
     "-d|--detach -V|--renew-anon-volumes -t|--timeout="},
    {OptionRow::classes, "docker compose,docker-compose", "-f|--file= -p|--project-name="},
    {OptionRow::single_dash, "kill,pkill,killall", ""},
    {OptionRow::signals, "kill,pkill,killall",
     "HUP=1 INT=2 QUIT=3 ILL=4 TRAP=5 ABRT=6 BUS=7 FPE=8 KILL=9 USR1=10 SEGV=11 USR2=12 "
     "PIPE=13 ALRM=14 TERM=15 STKFLT=16 CHLD=17 CONT=18 STOP=19 TSTP=20 TTIN=21 TTOU=22 "
     "URG=23 XCPU=24 XFSZ=25 VTALRM=26 PROF=27 WINCH=28 IO=29 PWR=30 SYS=31"},
    {OptionRow::takes_argument, "git commit", "-m -F -C -c --message --file"},
    {OptionRow::takes_argument, "git push", "-o --push-option --repo"},
    {OptionRow::option_class, "sort", "-o --output"},
    {OptionRow::takes_argument, "sort", "-o -k -t -S -T"},
    {OptionRow::takes_argument, "tar", "-f -C --file --directory"},
    {OptionRow::takes_argument, "curl", "-X -d -H -u -A -e -F -T -x -w -m --request --data "
                                        "--header --user --form --upload-file"},
    {OptionRow::option_class, "grep", "-r -R --recursive --dereference-recursive"},
    // find speaks single-dash long options.
    {OptionRow::single_dash, "find,xcodebuild,java,javac,go,swiftc,clang,gcc,g++,clang++,xcrun,"
                             "plutil,defaults,tcpdump,ffmpeg,convert,magick,qemu-img,security,"
                             "codesign,dd", ""},
    {OptionRow::go_flags, "terraform,tofu,packer,vault,consul,nomad,go", ""},
    // From the programs' help.
    {OptionRow::classes, "tar",
     "-A|--catenate|--concatenate -c|--create -d|--diff|--compare -r|--append -t|--list "
     "-u|--update -x|--extract|--get -g|--listed-incremental= -G|--incremental -n|--seek "
     "-S|--sparse -C|--directory= -T|--files-from= -X|--exclude-from= -k|--keep-old-files "
     "-U|--unlink-first -W|--verify -O|--to-stdout -m|--touch "
     "-p|--preserve-permissions|--same-permissions -s|--preserve-order|--same-order -f|--file= "
     "-F|--info-script|--new-volume-script= -L|--tape-length= -M|--multi-volume "
     "-b|--blocking-factor= -B|--read-full-records -i|--ignore-zeros -H|--format= -V|--label= "
     "-a|--auto-compress -I|--use-compress-program= -j|--bzip2 -J|--xz "
     "-z|--gzip|--gunzip|--ungzip -Z|--compress|--uncompress -h|--dereference "
     "-K|--starting-file= -N|--newer|--after-date= -P|--absolute-names -l|--check-links "
     "-R|--block-number -v|--verbose -w|--interactive|--confirmation"},
    {OptionRow::classes, "cp",
     "-a|--archive -f|--force -i|--interactive -l|--link -L|--dereference -n|--no-clobber "
     "-P|--no-dereference -R|-r|--recursive -s|--symbolic-link -S|--suffix= "
     "-t|--target-directory= -T|--no-target-directory -u|--update -v|--verbose "
     "-x|--one-file-system"},
    {OptionRow::classes, "mv",
     "-f|--force -i|--interactive -n|--no-clobber -S|--suffix= -t|--target-directory= "
     "-T|--no-target-directory -u|--update -v|--verbose -Z|--context"},
    {OptionRow::classes, "rm",
     "-f|--force -r|-R|--recursive -d|--dir -v|--verbose"},
    {OptionRow::classes, "chmod",
     "-c|--changes -f|--silent|--quiet -v|--verbose -R|--recursive"},
    {OptionRow::classes, "chown",
     "-c|--changes -f|--silent|--quiet -v|--verbose -h|--no-dereference -R|--recursive"},
    {OptionRow::classes, "chgrp",
     "-c|--changes -f|--silent|--quiet -v|--verbose -h|--no-dereference -R|--recursive"},
    {OptionRow::classes, "ln",
     "-d|-F|--directory -f|--force -i|--interactive -L|--logical -n|--no-dereference "
     "-P|--physical -r|--relative -s|--symbolic -S|--suffix= -t|--target-directory= "
     "-T|--no-target-directory -v|--verbose"},
    {OptionRow::classes, "sed",
     "-n|--quiet|--silent -E|-r|--regexp-extended -s|--separate -u|--unbuffered -z|--null-data"},
    {OptionRow::classes, "grep",
     "-E|--extended-regexp -F|--fixed-strings -G|--basic-regexp -P|--perl-regexp -e|--regexp= "
     "-f|--file= -i|--ignore-case -w|--word-regexp -x|--line-regexp -z|--null-data "
     "-s|--no-messages -v|--invert-match -m|--max-count= -b|--byte-offset -n|--line-number "
     "-H|--with-filename -h|--no-filename -o|--only-matching -q|--quiet|--silent -a|--text "
     "-d|--directories= -D|--devices= -r|--recursive -R|--dereference-recursive "
     "-L|--files-without-match -l|--files-with-matches -c|--count -T|--initial-tab -Z|--null "
     "-B|--before-context= -A|--after-context= -C|--context= -U|--binary"},
    {OptionRow::classes, "xargs",
     "-0|--null -a|--arg-file= -d|--delimiter= -e|--eof -i|--replace -L|--max-lines= "
     "-n|--max-args= -o|--open-tty -P|--max-procs= -p|--interactive -r|--no-run-if-empty "
     "-s|--max-chars= -t|--verbose -x|--exit"},
    {OptionRow::classes, "curl",
     "-a|--append -E|--cert= -K|--config= -C|--continue-at= -b|--cookie= -c|--cookie-jar= "
     "-d|--data= -q|--disable -D|--dump-header= -f|--fail -F|--form= -P|--ftp-port= -G|--get "
     "-g|--globoff -I|--head -H|--header= -0|--http1 -i|--include -k|--insecure -4|--ipv4 "
     "-6|--ipv6 -j|--junk-session-cookies -l|--list-only -L|--location -m|--max-time= "
     "-n|--netrc -N|--no-buffer -o|--output= -Z|--parallel -#|--progress-bar -x|--proxy "
     "-U|--proxy-user= -p|--proxytunnel -Q|--quote= -r|--range= -e|--referer= "
     "-J|--remote-header-name -O|--remote-name -R|--remote-time -X|--request= -S|--show-error "
     "-s|--silent -Y|--speed-limit= -y|--speed-time= -2|--sslv2 -3|--sslv3 -t|--telnet-option= "
     "-z|--time-cond= -1|--tlsv1 -T|--upload-file= -B|--use-ascii -u|--user= -A|--user-agent= "
     "-v|--verbose -w|--write-out="},
    {OptionRow::classes, "wget",
     "-b|--background -e|--execute= -o|--output-file= -a|--append-output= -d|--debug "
     "-q|--quiet -v|--verbose -i|--input-file= -F|--force-html -B|--base= -t|--tries= "
     "-O|--output-document= -c|--continue -N|--timestamping -S|--server-response -T|--timeout= "
     "-w|--wait= -Q|--quota= -4|--inet4-only -6|--inet6-only -x|--force-directories "
     "-P|--directory-prefix= -E|--adjust-extension -U|--user-agent= -r|--recursive -l|--level= "
     "-k|--convert-links -K|--backup-converted -m|--mirror -p|--page-requisites -A|--accept= "
     "-R|--reject= -D|--domains= -H|--span-hosts -L|--relative -I|--include-directories= "
     "-X|--exclude-directories="},
    {OptionRow::classes, "touch",
     "-c|--no-create -d|--date= -h|--no-dereference -r|--reference="},
    {OptionRow::classes, "mkdir",
     "-m|--mode= -p|--parents -v|--verbose"},
    {OptionRow::classes, "rmdir",
     "-p|--parents -v|--verbose"},
    {OptionRow::classes, "install",
     "-C|--compare -d|--directory -g|--group= -m|--mode= -o|--owner= -p|--preserve-timestamps "
     "-s|--strip -S|--suffix= -t|--target-directory= -T|--no-target-directory -v|--verbose"},
    {OptionRow::classes, "sort",
     "-b|--ignore-leading-blanks -d|--dictionary-order -f|--ignore-case "
     "-g|--general-numeric-sort -i|--ignore-nonprinting -M|--month-sort "
     "-h|--human-numeric-sort -n|--numeric-sort -R|--random-sort -r|--reverse -c|--check= "
     "-C|--check= -k|--key= -m|--merge -o|--output= -s|--stable -S|--buffer-size= "
     "-t|--field-separator= -T|--temporary-directory= -u|--unique -z|--zero-terminated"},
    {OptionRow::classes, "tee",
     "-a|--append -i|--ignore-interrupts"},
    {OptionRow::classes, "shred",
     "-f|--force -n|--iterations= -s|--size= -v|--verbose -x|--exact -z|--zero"},
    {OptionRow::classes, "truncate",
     "-c|--no-create -o|--io-blocks -r|--reference= -s|--size="},
    {OptionRow::classes, "patch",
     "-l|--ignore-whitespace -c|--context -e|--ed -n|--normal -u|--unified -N|--forward "
     "-R|--reverse -E|--remove-empty-files -Z|--set-utc -T|--set-time -b|--backup -t|--batch "
     "-f|--force -s|--quiet"},
    {OptionRow::classes, "gzip",
     "-c|--stdout -d|--decompress -f|--force -k|--keep -l|--list -L|--license -n|--no-name "
     "-N|--name -q|--quiet -r|--recursive -S|--suffix= -t|--test -v|--verbose -1|--fast "
     "-9|--best"},
    {OptionRow::classes, "xz",
     "-z|--compress -d|--decompress -t|--test -l|--list -k|--keep -f|--force -c|--stdout "
     "-e|--extreme -T|--threads= -q|--quiet -v|--verbose -H|--long-help"},
    {OptionRow::classes, "zstd",
     "-k|--keep -d|--decompress -f|--force -c|--stdout -v|--verbose -q|--quiet"},
    {OptionRow::classes, "base64",
     "-d|--decode -i|--ignore-garbage -w|--wrap="},
    {OptionRow::classes, "timeout",
     "-k|--kill-after= -s|--signal= -v|--verbose"},
    {OptionRow::classes, "nice",
     "-n|--adjustment="},
    {OptionRow::classes, "env",
     "-i|--ignore-environment -0|--null -u|--unset= -C|--chdir= -S|--split-string= -v|--debug"},
    {OptionRow::classes, "git add",
     "-n|--dry-run -v|--verbose -i|--interactive -p|--patch -e|--edit -f|--force -u|--update "
     "-N|--intent-to-add -A|--all"},
    {OptionRow::classes, "git apply",
     "-N|--intent-to-add -3|--3way -R|--reverse -v|--verbose -q|--quiet"},
    {OptionRow::classes, "git branch",
     "-v|--verbose -q|--quiet -t|--track -u|--set-upstream-to= -r|--remotes -a|--all "
     "-d|--delete -m|--move -c|--copy -l|--list -f|--force -i|--ignore-case"},
    {OptionRow::classes, "git checkout",
     "-q|--quiet -m|--merge -d|--detach -t|--track -f|--force -2|--ours -3|--theirs -p|--patch"},
    {OptionRow::classes, "git cherry-pick",
     "-n|--no-commit -e|--edit -s|--signoff -m|--mainline= -X|--strategy-option= -S|--gpg-sign"},
    {OptionRow::classes, "git clean",
     "-q|--quiet -n|--dry-run -f|--force -i|--interactive -e|--exclude="},
    {OptionRow::classes, "git clone",
     "-v|--verbose -q|--quiet -n|--no-checkout -l|--local -s|--shared -j|--jobs= -o|--origin= "
     "-b|--branch= -u|--upload-pack= -c|--config= -4|--ipv4 -6|--ipv6"},
    {OptionRow::classes, "git commit",
     "-q|--quiet -v|--verbose -F|--file= -m|--message= -c|--reedit-message= "
     "-C|--reuse-message= -s|--signoff -t|--template= -e|--edit -S|--gpg-sign -a|--all "
     "-i|--include -p|--patch -o|--only -n|--no-verify -z|--null -u|--untracked-files"},
    {OptionRow::classes, "git config",
     "-f|--file= -l|--list -e|--edit -t|--type= -z|--null"},
    {OptionRow::classes, "git fetch",
     "-v|--verbose -q|--quiet -a|--append -f|--force -m|--multiple -t|--tags -j|--jobs= "
     "-p|--prune -P|--prune-tags -k|--keep -u|--update-head-ok -o|--server-option= -4|--ipv4 "
     "-6|--ipv6"},
    {OptionRow::classes, "git gc",
     "-q|--quiet"},
    {OptionRow::classes, "git init",
     "-q|--quiet -b|--initial-branch="},
    {OptionRow::classes, "git merge",
     "-e|--edit -s|--strategy= -X|--strategy-option= -m|--message= -F|--file= -v|--verbose "
     "-q|--quiet -S|--gpg-sign"},
    {OptionRow::classes, "git mv",
     "-v|--verbose -n|--dry-run -f|--force"},
    {OptionRow::classes, "git pull",
     "-v|--verbose -q|--quiet -r|--rebase -s|--strategy= -X|--strategy-option= -S|--gpg-sign "
     "-a|--append -f|--force -t|--tags -p|--prune -j|--jobs -k|--keep -o|--server-option= "
     "-4|--ipv4 -6|--ipv6"},
    {OptionRow::classes, "git push",
     "-v|--verbose -q|--quiet -d|--delete -n|--dry-run -f|--force -u|--set-upstream "
     "-o|--push-option= -4|--ipv4 -6|--ipv6"},
    {OptionRow::classes, "git rebase",
     "-q|--quiet -v|--verbose -n|--no-stat -f|--force-rebase -m|--merge -i|--interactive "
     "-S|--gpg-sign -x|--exec= -r|--rebase-merges -s|--strategy= -X|--strategy-option="},
    {OptionRow::classes, "git remote",
     "-v|--verbose"},
    {OptionRow::classes, "git reset",
     "-q|--quiet -p|--patch -N|--intent-to-add"},
    {OptionRow::classes, "git restore",
     "-s|--source= -S|--staged -W|--worktree -q|--quiet -m|--merge -2|--ours -3|--theirs "
     "-p|--patch"},
    {OptionRow::classes, "git revert",
     "-n|--no-commit -e|--edit -s|--signoff -m|--mainline= -X|--strategy-option= -S|--gpg-sign"},
    {OptionRow::classes, "git rm",
     "-n|--dry-run -q|--quiet -f|--force"},
    {OptionRow::classes, "git switch",
     "-c|--create= -C|--force-create= -q|--quiet -m|--merge -d|--detach -t|--track -f|--force"},
    {OptionRow::classes, "git tag",
     "-l|--list -d|--delete -v|--verify -a|--annotate -m|--message= -F|--file= -e|--edit "
     "-s|--sign -u|--local-user= -f|--force -i|--ignore-case"},
    {OptionRow::classes, "docker run",
     "-a|--attach= -c|--cpu-shares= -d|--detach -e|--env= -h|--hostname= -i|--interactive "
     "-l|--label= -m|--memory= -p|--publish= -P|--publish-all -q|--quiet -t|--tty -u|--user= "
     "-v|--volume= -w|--workdir="},
    {OptionRow::classes, "docker exec",
     "-d|--detach -e|--env= -i|--interactive -t|--tty -u|--user= -w|--workdir="},
    {OptionRow::classes, "docker rm",
     "-f|--force -l|--link -v|--volumes"},
    {OptionRow::classes, "docker rmi",
     "-f|--force"},
    {OptionRow::classes, "docker build",
     "-c|--cpu-shares= -f|--file= -m|--memory= -q|--quiet -t|--tag="},
    {OptionRow::classes, "docker push",
     "-a|--all-tags -q|--quiet"},
    {OptionRow::classes, "docker pull",
     "-a|--all-tags -q|--quiet"},
    {OptionRow::classes, "docker stop",
     "-s|--signal= -t|--timeout="},
    {OptionRow::classes, "docker kill",
     "-s|--signal="},
    {OptionRow::classes, "docker cp",
     "-a|--archive -L|--follow-link -q|--quiet"},
    {OptionRow::classes, "docker system prune",
     "-a|--all -f|--force"},
    {OptionRow::classes, "docker image prune",
     "-a|--all -f|--force"},
    {OptionRow::classes, "docker container prune",
     "-f|--force"},
    {OptionRow::classes, "docker volume rm",
     "-f|--force"},
    {OptionRow::classes, "docker volume prune",
     "-a|--all -f|--force"},
    {OptionRow::classes, "docker network rm",
     "-f|--force"},
    {OptionRow::classes, "docker login",
     "-p|--password= -u|--username="},
    {OptionRow::classes, "kubectl delete",
     "-A|--all-namespaces -f|--filename= -i|--interactive -k|--kustomize= -o|--output= "
     "-R|--recursive -l|--selector="},
    {OptionRow::classes, "kubectl apply",
     "-f|--filename= -k|--kustomize= -o|--output= -R|--recursive -l|--selector="},
    {OptionRow::classes, "kubectl exec",
     "-c|--container= -f|--filename= -q|--quiet -i|--stdin -t|--tty"},
    {OptionRow::classes, "kubectl run",
     "-f|--filename= -k|--kustomize= -l|--labels= -o|--output= -q|--quiet -R|--recursive "
     "-i|--stdin -t|--tty"},
    {OptionRow::classes, "kubectl create",
     "-f|--filename= -k|--kustomize= -o|--output= -R|--recursive -l|--selector="},
    {OptionRow::classes, "kubectl replace",
     "-f|--filename= -k|--kustomize= -o|--output= -R|--recursive"},
    {OptionRow::classes, "kubectl patch",
     "-f|--filename= -k|--kustomize= -o|--output= -p|--patch= -R|--recursive"},
    {OptionRow::classes, "kubectl scale",
     "-f|--filename= -k|--kustomize= -o|--output= -R|--recursive -l|--selector="},
    {OptionRow::classes, "kubectl drain",
     "-l|--selector="},
    {OptionRow::classes, "kubectl cordon",
     "-l|--selector="},
    {OptionRow::classes, "kubectl edit",
     "-f|--filename= -k|--kustomize= -o|--output= -R|--recursive"},
    {OptionRow::classes, "kubectl cp",
     "-c|--container="},
    {OptionRow::classes, "kubectl label",
     "-A|--all-namespaces -f|--filename= -k|--kustomize= -o|--output= -R|--recursive "
     "-l|--selector="},
    {OptionRow::classes, "kubectl annotate",
     "-A|--all-namespaces -f|--filename= -k|--kustomize= -o|--output= -R|--recursive "
     "-l|--selector="},
    {OptionRow::classes, "pip install",
     "-r|--requirement= -c|--constraint= -e|--editable= -t|--target= -U|--upgrade "
     "-I|--ignore-installed -C|--config-settings= -i|--index-url= -f|--find-links= "
     "-v|--verbose -q|--quiet"},
    {OptionRow::classes, "pip uninstall",
     "-r|--requirement= -y|--yes -v|--verbose -q|--quiet"},
    {OptionRow::classes, "pip download",
     "-c|--constraint= -r|--requirement= -d|--dest= -i|--index-url= -f|--find-links= "
     "-v|--verbose -q|--quiet"},
    {OptionRow::classes, "cargo install",
     "-f|--force -n|--dry-run -v|--verbose -q|--quiet -F|--features= -j|--jobs="},
    {OptionRow::classes, "cargo build",
     "-v|--verbose -q|--quiet -p|--package -F|--features= -r|--release -j|--jobs="},
    {OptionRow::classes, "cargo run",
     "-v|--verbose -q|--quiet -p|--package -F|--features= -j|--jobs= -r|--release"},
    {OptionRow::classes, "cargo publish",
     "-n|--dry-run -v|--verbose -q|--quiet -p|--package -F|--features= -j|--jobs="},
    {OptionRow::classes, "cargo clean",
     "-n|--dry-run -v|--verbose -q|--quiet -p|--package -r|--release"},
    {OptionRow::classes, "cargo test",
     "-q|--quiet -v|--verbose -p|--package -F|--features= -j|--jobs= -r|--release"},
    {OptionRow::classes, "cargo add",
     "-F|--features= -n|--dry-run -v|--verbose -q|--quiet -p|--package"},
    {OptionRow::classes, "cargo remove",
     "-n|--dry-run -v|--verbose -q|--quiet -p|--package"},
    {OptionRow::classes, "systemctl",
     "-H|--host= -M|--machine= -t|--type= -p|--property= -a|--all -l|--full -r|--recursive "
     "-T|--show-transaction -s|--signal= -q|--quiet -f|--force -n|--lines= -o|--output="},
    {OptionRow::classes, "journalctl",
     "-M|--machine= -m|--merge -D|--directory= -S|--since= -U|--until= -c|--cursor= -b|--boot "
     "-u|--unit= -t|--identifier= -p|--priority= -g|--grep= -k|--dmesg -o|--output= -n|--lines "
     "-r|--reverse -x|--catalog -a|--all -f|--follow -q|--quiet -e|--pager-end -N|--fields "
     "-F|--field="},
    {OptionRow::classes, "pkill",
     "-q|--queue= -e|--echo -c|--count -f|--full -g|--pgroup= -G|--group= -i|--ignore-case "
     "-n|--newest -o|--oldest -O|--older= -P|--parent= -s|--session= -t|--terminal= -u|--euid= "
     "-U|--uid= -x|--exact -F|--pidfile= -L|--logpidfile -r|--runstates= -A|--ignore-ancestors"},
    {OptionRow::classes, "killall",
     "-e|--exact -I|--ignore-case -g|--process-group -y|--younger-than -o|--older-than "
     "-i|--interactive -l|--list -q|--quiet -r|--regexp -s|--signal= -u|--user= -v|--verbose "
     "-w|--wait -n|--ns= -Z|--context="},
    {OptionRow::classes, "su",
     "-m|-p|--preserve-environment -w|--whitelist-environment= -g|--group= -G|--supp-group= "
     "-c|--command= -f|--fast -s|--shell= -P|--pty"},
    {OptionRow::classes, "dpkg",
     "-f|--field"},
};
// clang-format on

}  // namespace

std::span<const BuiltinOptions> builtin_option_rows() {
  return kBuiltinOptions;
}

}  // namespace vigie::engine
