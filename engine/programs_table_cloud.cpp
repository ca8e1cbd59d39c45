// The programs table, continued (engine/programs_table.cpp has the legend of styles, operand
// shapes and roles): cloud and hosting clients (gh, aws, gsutil, gcloud, helm, terraform,
// kubectl's file options), ssh-agent's and ssh-copy-id's key files, and the archivers ar, pax
// and unrar. Read after `kProgramsTools` by engine/programs_index.cpp (a name's first entry
// wins). Entries named `PROGRAM:COMMAND[:SUB]` hold one subcommand's options, read by the
// program's handler (engine/program_gh.cpp, engine/program_cloud.cpp,
// engine/program_archives.cpp).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsCloud[] = {
  // ---- file transfer clients whose `-c` runs their command language (`put FILE`, `!CMD`):
  // judged as a line (its file words meet the path rules) and asked; lftp's `-f`/`-e` likewise.
  {"lftp", "m", "-", "",
   "-c=x -e=x -f=r!! -u|--user=v -p|--port=v -d|--debug --norc --rcfile=r!!"},
  {"smbclient", "m", "-", "",
   "-c|--command=x -A|--authentication-file=r -U|--user=v -W|--workgroup=v -D|--directory=v "
   "-T|--tar=v -s|--configfile=r -l|--log-basename=v -m|--max-protocol=v -p|--port=v "
   "-I|--ip-address=v -N|--no-pass -k|--kerberos -L|--list=v -E -g"},
  // ---- gh (engine/program_gh.cpp): a command gh does not know is an extension or an alias
  // (asked); each known subcommand's options are the entry `gh:COMMAND:SUB` (pflag: `-F=V` is
  // `-F V`, no long prefixes, options after operands).
  {"gh", "", "", "gh", ""},
  {"gh:gist:create gh:gist:new", "m", "*r", "",
   "-f|--filename=v -d|--desc=v -w|--web -p|--public"},
  {"gh:gist:edit", "m", "-*-", "", "-a|--add=r -f|--filename=v -d|--desc=v -r|--remove=v"},
  {"gh:gist:clone gh:repo:clone", "m", "-g", "", "-u|--upstream-remote-name=v --no-upstream"},
  {"gh:repo:create gh:repo:new", "m", "-", "",
   "-s|--source=r -p|--template=v -d|--description=v -h|--homepage=v -t|--team=v "
   "-g|--gitignore=v -l|--license=v -r|--remote=v -c|--clone --push --public --private "
   "--internal --disable-issues --disable-wiki --include-all-branches --add-readme"},
  {"gh:repo:deploy-key", "m", "-r", "", "-t|--title=v -w|--allow-write -R|--repo=v"},
  {"gh:api", "m", "-", "",
   "--input=r -F|--field=f -f|--raw-field=v -H|--header=v -X|--method=v -q|--jq=v "
   "-t|--template=v -p|--preview=v --hostname=v --cache=v --paginate --slurp -i|--include "
   "--silent --verbose"},
  // release create|upload TAG FILE[#LABEL]…: the files are read (the handler drops `#LABEL`).
  {"gh:release:create gh:release:new", "m", "-*r", "",
   "-F|--notes-file=r -n|--notes=v -t|--title=v --target=v -d|--draft -p|--prerelease "
   "--discussion-category=v --generate-notes --notes-start-tag=v --latest?v --verify-tag "
   "--notes-from-tag --fail-on-no-commits -R|--repo=v"},
  {"gh:release:upload", "m", "-*r", "", "--clobber -R|--repo=v"},
  {"gh:release:edit", "m", "-", "",
   "-F|--notes-file=r -n|--notes=v -t|--title=v --tag=v --target=v --draft?v --prerelease?v "
   "--latest?v --discussion-category=v --verify-tag -R|--repo=v"},
  {"gh:release:download", "m", "-", "",
   "-D|--dir=g -O|--output=w -p|--pattern=v -A|--archive=v --clobber --skip-existing -R|--repo=v"},
  {"gh:run:download", "m", "-", "", "-D|--dir=g -n|--name=v -p|--pattern=v -R|--repo=v"},
  {"gh:issue:create gh:issue:new", "m", "-", "",
   "-F|--body-file=r -b|--body=v -t|--title=v -a|--assignee=v -l|--label=v -m|--milestone=v "
   "-p|--project=v -T|--template=v -e|--editor -w|--web --recover=r -R|--repo=v"},
  {"gh:issue:edit", "m", "-", "",
   "-F|--body-file=r -b|--body=v -t|--title=v --add-assignee=v --remove-assignee=v "
   "--add-label=v --remove-label=v --add-project=v --remove-project=v -m|--milestone=v "
   "--remove-milestone -R|--repo=v"},
  {"gh:issue:comment gh:pr:comment", "m", "-", "",
   "-F|--body-file=r -b|--body=v -e|--editor -w|--web --edit-last --delete-last "
   "--create-if-none --yes -R|--repo=v"},
  {"gh:pr:create gh:pr:new", "m", "-", "",
   "-F|--body-file=r -b|--body=v -t|--title=v -B|--base=v -H|--head=v -a|--assignee=v "
   "-l|--label=v -m|--milestone=v -p|--project=v -r|--reviewer=v -T|--template=v -d|--draft "
   "-f|--fill --fill-first --fill-verbose -e|--editor -w|--web --dry-run --no-maintainer-edit "
   "--recover=r -R|--repo=v"},
  {"gh:pr:edit", "m", "-", "",
   "-F|--body-file=r -b|--body=v -t|--title=v -B|--base=v --add-assignee=v "
   "--remove-assignee=v --add-label=v --remove-label=v --add-project=v --remove-project=v "
   "--add-reviewer=v --remove-reviewer=v -m|--milestone=v --remove-milestone -R|--repo=v"},
  {"gh:pr:review", "m", "-", "",
   "-F|--body-file=r -b|--body=v -a|--approve -c|--comment -r|--request-changes -R|--repo=v"},
  {"gh:pr:merge", "m", "-", "",
   "-F|--body-file=r -b|--body=v -t|--subject=v -A|--author-email=v --match-head-commit=v "
   "-d|--delete-branch --admin --auto --disable-auto -m|--merge -r|--rebase -s|--squash "
   "-R|--repo=v"},
  {"gh:secret:set", "m", "-", "",
   "-f|--env-file=r -b|--body=v -e|--env=v -o|--org=v -u|--user -v|--visibility=v "
   "-r|--repos=v -a|--app=v --no-store --no-repos-selected -R|--repo=v"},
  {"gh:variable:set", "m", "-", "",
   "-f|--env-file=r -b|--body=v -e|--env=v -o|--org=v -v|--visibility=v -r|--repos=v -R|--repo=v"},
  {"gh:workflow:run", "m", "-", "", "-F|--field=f -f|--raw-field=v -r|--ref=v --json -R|--repo=v"},
  {"gh:ssh-key:add gh:gpg-key:add", "m", "r", "", "-t|--title=v --type=v"},
  {"gh:attestation:verify", "m", "r", "",
   "-b|--bundle=r --custom-trusted-root=r -o|--owner=v -R|--repo=v --signer-workflow=v "
   "--signer-repo=v --cert-identity=v --cert-oidc-issuer=v --predicate-type=v --hostname=v"},
  {"gh:codespace:cp", "m", "*r$w", "",
   "-c|--codespace=v -e|--expand -p|--profile=v -r|--recursive -R|--repo=v --repo-owner=v"},
  {"gh:agent-task:create", "m", "-", "",
   "-F|--from-file=r -b|--base=v --custom-agent=v --follow -R|--repo=v"},

  // ---- cloud clients (engine/program_cloud.cpp) ------------------------------------------
  // aws: any parameter value `file://PATH` or `fileb://PATH` reads PATH; `s3 cp|mv|sync` read
  // their local sources and write their local destination; other commands' operand is the
  // file they write (`s3api get-object … OUTFILE`). `aws:s3` lists aws's global options and
  // those of `aws s3 …`: in `aws s3 …` every other option is a flag, elsewhere one with a value.
  {"aws", "", "", "cloud", ""},
  // aws's and gcloud's global options, before the service (read for a rule's positional words:
  // `aws --profile p s3 rm` is `aws s3 rm`).
  {"aws:options", "m", "", "",
   "--profile=v --region=v --output=v --endpoint-url=v --query=v --ca-bundle=r "
   "--cli-read-timeout=v --cli-connect-timeout=v --color=v --cli-binary-format=v --debug "
   "--no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt "
   "--no-cli-auto-prompt"},
  {"gcloud:options", "m", "", "",
   "--project=v --billing-project=v --account=v --configuration=v --format=v --verbosity=v "
   "--impersonate-service-account=v --flags-file=r --trace-token=v --access-token-file=r "
   "--log-http -q|--quiet --user-output-enabled?v"},
  {"aws:s3", "", "", "",
   "--debug --dryrun --dry-run --quiet --recursive --only-show-errors --no-progress "
   "--follow-symlinks --no-follow-symlinks --no-guess-mime-type --ignore-glacier-warnings "
   "--force-glacier-transfer --delete --exact-timestamps --size-only --no-overwrite --force "
   "--human-readable --summarize --cli-auto-prompt --no-cli-auto-prompt --version --help "
   "--include=v --exclude=v --acl=v --sse=v --sse-c=v --sse-c-key=v --sse-kms-key-id=v "
   "--sse-c-copy-source=v --sse-c-copy-source-key=v --storage-class=v --grants=v "
   "--website-redirect=v --content-type=v --cache-control=v --content-disposition=v "
   "--content-encoding=v --content-language=v --expires=v --source-region=v --page-size=v "
   "--metadata=v --metadata-directive=v --expected-size=v --request-payer=v --copy-props=v "
   "--checksum-mode=v --checksum-algorithm=v --profile=v --region=v --output=v "
   "--endpoint-url=v --query=v --ca-bundle=r --cli-read-timeout=v --cli-connect-timeout=v "
   "--color=v --cli-binary-format=v"},
  // gsutil: global options (`-o SECTION:KEY=VALUE`: a key naming a file, a path or a folder
  // reads VALUE), then `cp|mv|rsync` with local operands (`-I` reads the names on its standard
  // input: asked; rsync `-d` deletes what the local destination has more).
  {"gsutil", "", "", "cloud", ""},
  {"gsutil:global", "s", "", "", "-h=v -o=v -u=v -i=v -D -d -m -q -b -v"},
  {"gsutil:cp gsutil:mv gsutil:rsync", "m", "", "",
   "-a=v -j=v -s=v -z=v -x=v -y=v -L=w -I!! -A -c -C -d -D -e -i -J -M -n -p -P -r -R -u -U -v -Z "
   "--stet"},
  // gcloud: `--flags-file=FILE` and every `--…-file`/`--…-from-file` value (`KEY=PATH,…`)
  // read; `gcloud storage cp|mv|rsync` like gsutil's.
  // Deployment clients, transfers and images that send a folder with everything below it
  // (engine/program_uploads.cpp).
  {"vercel netlify fly flyctl railway firebase wrangler surge az croc wormhole borg mksquashfs "
   "genisoimage mkisofs duplicity buildah", "", "", "upload", ""},
  {"gcloud", "", "", "cloud", ""},
  {"gcloud:storage", "m", "", "",
   "-a|--canned-acl=v --cache-control=v --content-disposition=v --content-encoding=v "
   "--content-language=v --content-type=v --custom-time=v --custom-metadata=v "
   "--storage-class|-s=v -x|--exclude=v -j|--gzip-in-flight=v -z|--gzip-local=v "
   "-L|--manifest-path=w -I|--read-paths-from-stdin!! --encryption-key=v --decryption-keys=v "
   "--project=v --billing-project=v --account=v --configuration=v --format=v --verbosity=v "
   "--impersonate-service-account=v --flags-file=r --additional-headers=v"},
  // helm: `-f|--values`, `--set-file K=PATH`, its configuration files; `--post-renderer` runs a
  // program; `helm plugin …` and a command helm does not know (a plugin) are asked.
  {"helm", "", "", "cloud", ""},
  {"helm:options", "m", "", "",
   "-f|--values=r --set-file=v --kubeconfig=r --registry-config=r --repository-config=r "
   "--repository-cache=w --ca-file=r --cert-file=r --key-file=r --keyring=r --post-renderer=x "
   "--post-renderer-args=v -d|--destination=g --untardir=g --output-dir=g --starter=r "
   "-n|--namespace=v --kube-context=v --kube-token=v --kube-as-user=v --kube-as-group=v "
   "--kube-apiserver=v --kube-ca-file=r --kube-tls-server-name=v --burst-limit=v --qps=v "
   "--set=v --set-string=v --set-json=v --set-literal=v --version=v --repo=v --username=v "
   "--password=v --description=v --timeout=v --wait?v -o|--output=v --name-template=v "
   "--labels=v --show-only|-s=v --api-versions=v --kube-version=v "
   "--release-name --debug"},
  // terraform: `-chdir=DIR` (where it works), `-var-file`, `-state`, `-state-out`, `-backup`,
  // `-out` (a plan written), `-plan` (read); `-plugin-dir` holds provider programs it runs
  // (asked). Go's flag package: `-name=V`, `-name V`, and the same with two dashes; a boolean
  // takes its value only attached (`-check`, `-write=false`).
  {"terraform tofu", "", "", "cloud", ""},
  // ansible's ad-hoc commands: `-m shell|command|raw -a 'CMD'` runs CMD on the hosts.
  {"ansible", "", "", "cloud", ""},
  {"salt salt-call", "", "", "cloud", ""},
  {"terraform:options", "m", "", "",
   "-var-file|--var-file=r -state|--state=w -state-out|--state-out=w -backup|--backup=w "
   "-out|--out=w -plan|--plan=r -plugin-dir|--plugin-dir=r!! -from-module|--from-module=r "
   "-generate-config-out|--generate-config-out=w -test-directory|--test-directory=r "
   "-fs-mirror|--fs-mirror=r -var|--var=v -target|--target=v -replace|--replace=v "
   "-lock|--lock?v -lock-timeout|--lock-timeout=v -input|--input?v "
   "-parallelism|--parallelism=v -refresh|--refresh?v -get|--get?v -lockfile|--lockfile=v "
   "-platform|--platform=v -net-mirror|--net-mirror=v -filter|--filter=v -type|--type=v "
   "-config|--config=r -backend-config|--backend-config=v -write|--write?v -list|--list?v "
   "-diff|--diff?v -check|--check?v -recursive|--recursive -destroy|--destroy "
   "-refresh-only|--refresh-only -auto-approve|--auto-approve -json|--json -no-color|--no-color "
   "-upgrade|--upgrade -reconfigure|--reconfigure -migrate-state|--migrate-state "
   "-force-copy|--force-copy -raw|--raw -compact-warnings|--compact-warnings"},
  // kustomize (handler `sub`): `build DIR -o FILE|DIR` writes what `-o` names, `localize
  // TARGET DEST` a copy into DEST; `--enable-exec` and `--enable-helm` run programs.
  {"kustomize", "", "", "sub", ""},
  {"kustomize:build", "m", "r", "",
   "-o|--output=w --load-restrictor=v --enable-helm!! --helm-command=x --enable-exec!! "
   "--enable-alpha-plugins!! --mount=v --network --env=v -e=v --reorder=v"},
  {"kustomize:localize", "m", "rg", "", "--scope=r --no-verify"},
  // kubectl's options that name files (engine/program_containers.cpp; pflag).
  {"kubectl:options", "m", "", "",
   "-f|--filename=r -k|--kustomize=r --from-file=i --from-env-file=r --kubeconfig=r "
   "--certificate-authority=r --client-certificate=r --client-key=r --cache-dir=w "
   "--patch-file=r --cert=r --key=r --output-directory=g --token=v -n|--namespace=v --context=v -s|--server=v "
   "--user=v --cluster=v -v|--v=v --as=v --as-group=v --request-timeout=v -c|--container=v "
   "--pod-running-timeout=v -l|--selector=v -o|--output=v --template=r --field-selector=v "
   "-p|--patch=v --type=v -i|--stdin -t|--tty -R|--recursive"},

  // docker's, podman's and nerdctl's subcommands that read or write files by name
  // (engine/program_containers.cpp, `container_files`): `docker:SUB[:SUB2]`.
  {"docker:load docker:image:load", "m", "", "", "-i|--input=r -q|--quiet --platform=v"},
  {"docker:save docker:image:save docker:export docker:container:export", "m", "", "",
   "-o|--output=w --platform=v"},
  {"docker:import docker:image:import", "m", "r", "",
   "-c|--change=v -m|--message=v --platform=v"},
  {"docker:secret:create docker:config:create", "m", "-r", "",
   "-d|--driver=v -l|--label=v --template-driver=v"},
  {"docker:stack:deploy", "m", "", "",
   "-c|--compose-file=r --prune --resolve-image=v --with-registry-auth -d|--detach -q|--quiet"},
  {"docker:context:import", "m", "-r", "", ""},
  {"docker:context:export", "m", "-w", "", ""},
  {"docker:buildx:bake", "m", "", "",
   "-f|--file=r --set=v --metadata-file=w --allow=v --builder=v --call=v --progress=v "
   "--provenance=v --sbom=v --load --push --print --check --no-cache --pull"},
  {"docker:plugin:create", "m", "-r", "", "--compress"},
  {"docker:kube:play docker:play:kube", "m", "*r", "",
   "--configmap=r --authfile=r --cert-dir=r --log-driver=v --network=v --build?v --replace "
   "--start?v --userns=v --ip=v --mac-address=v --annotation=v --log-opt=v --publish=v"},

  // ---- ssh keys ----------------------------------------------------------------------------
  // ssh-add reads the private keys it is given; `-s`/`-S` load a PKCS#11 or security-key
  // provider library into the agent (asked); ssh-copy-id reads `-i FILE` and FILE.pub (the
  // handler adds FILE.pub) and takes ssh's `-o` options.
  {"ssh-add", "", "*r", "",
   "-t=v -E=v -h=v -H=r -s=r!! -S=r!! -e=v -T -d -D -l -L -k -K -c -q -v -x -X -C -M"},
  {"ssh-copy-id", "s", "-", "ssh", "-i=r -F=r -o=v -p=v -t=v -f -n -s -x -h!N -?!N"},

  // ---- archivers (engine/program_archives.cpp) --------------------------------------------
  // ar KEY[MODS] ARCHIVE MEMBER…: the key letter says what is read and written; pax's modes
  // (`-r` extracts names the archive holds, absolute ones included: asked); unrar COMMAND
  // -SWITCHES ARCHIVE [NAMES…] [DIR/].
  {"ar", "", "", "archive", ""},
  {"jar", "", "", "archive", ""},
  {"pax", "", "", "archive",
   "-f=v -s=v -o=v -x=v -b=v -p=v -B=v -E=v -G=v -T=v -U=v -r -w -a -c -d -i -j -k -l -n -t -u "
   "-v -X -z -H -L -P -0"},
  {"unrar rar", "", "", "archive", ""},
  // cabextract, unar, lha: the members written in the current folder or `-d`/`-o`/`w=` DIR.
  {"cabextract unar lha lhasa", "", "", "archive", ""},
  // unsquashfs IMAGE [NAMES…]: the members are written below `-d DIR` (`squashfs-root` when none).
  {"unsquashfs", "", "r*-", "",
   "-d|-dest=g -ef|-extract-file=r -ex|-exclude-file=r -p|-processors=v -da|-data-queue=v "
   "-fr|-frag-queue=v -o|-offset=v -f|-force -n|-no-progress -i|-info -li|-linfo -l|-ls "
   "-ll|-lls -s|-stat -cat -lc -llc -q|-quiet -v|-version!N -h|-help!N"},
  // cpio's modes (engine/program_archives.cpp): `-i` keeps absolute names unless
  // `--no-absolute-filenames` (asked), `-o` and `-p` read the names on their standard input
  // (asked), `-p DIR` writes into DIR.
  // dpkg-deb's commands are options (`-x DEB DIR` extracts into DIR: `DIR/*`; `-e DEB [DIR]`,
  // DIR defaults to ./DEBIAN; `-b DIR [DEB]` reads DIR, writes DEB or `DIR.deb`); dpkg hands
  // the same ones to dpkg-deb. Options stop at the first operand; long ones by exact name.
  // `--root`, `--instdir` (and `--admindir`, its database) are folders dpkg installs into;
  // `--update-avail`, `--merge-avail` read their Packages file.
  {"dpkg-deb", "s", "", "archive",
   "-b|--build -c|--contents -I|--info -W|--show -f|--field -e|--control -x|--extract "
   "-X|--vextract -R|--raw-extract --ctrl-tarfile --fsys-tarfile -v|--verbose -D|--debug "
   "--showformat=v --deb-format=v --nocheck --root-owner-group --threads-max=v "
   "--uniform-compression --no-uniform-compression -z=v -Z=v -S=v --help!N --version!N"},
  {"dpkg", "s", "", "archive",
   "-b|--build -c|--contents -I|--info -f|--field -e|--control -x|--extract -X|--vextract "
   "--ctrl-tarfile --fsys-tarfile -i|--install --unpack -A|--record-avail -R|--recursive "
   "-r|--remove -P|--purge --configure -a|--pending -l|--list -L|--listfiles -s|--status "
   "-S|--search -p|--print-avail -C|--audit -G|--refuse-downgrade -O|--selected-only "
   "-E|--skip-same-version -B|--auto-deconfigure --no-act --dry-run --simulate "
   "--admindir=g --instdir=g --root=g --update-avail=r --merge-avail=r --log=w --status-fd=v --status-logger=x --pre-invoke=x "
   "--post-invoke=x "
   "--path-exclude=v --path-include=v -D|--debug?v --no-triggers --triggers "
   "--help!N --version!N"},
  {"cpio", "pm", "", "archive",
   "--rsh-command=x -F|--file=v -O=w -I=r -E|--pattern-file=r -D|--directory=c -H|--format=v "
   "-R|--owner=v -M|--message=v -C|--io-size=v --block-size=v --device-independent "
   "--reproducible -o|--create -i|--extract -p|--pass-through -t|--list -d|--make-directories "
   "-v|--verbose -u|--unconditional -0|--null -a|--reset-access-time -A|--append -b|--swap -B "
   "-c -f|--nonmatching -l|--link -L|--dereference -m|--preserve-modification-time "
   "-n|--numeric-uid-gid -r|--rename -s|--swap-bytes -S|--swap-halfwords -V|--dot --to-stdout "
   "--only-verify-crc --no-absolute-filenames --absolute-filenames --no-preserve-owner --sparse "
   "--quiet --warning=v --rename-batch-file=r --force-local --ignore-devno --renumber-inodes "
   "--help!N --version!N"},
  // ---- object stores, registries and backups (handler `sub`: the subcommand's entry) ---------
  // A copy's local sources are read with all below them, its local destination written (URLs
  // and `ALIAS/BUCKET` remote paths are not local: a remote path that looks local is judged as
  // one, never less strictly).
  {"azcopy s3cmd mc restic oras crane ansible-vault", "", "", "sub", ""},
  {"azcopy:copy azcopy:cp azcopy:sync", "m", "*R$w", "",
   "--recursive --from-to=v --include-pattern=v --exclude-pattern=v --include-path=v "
   "--exclude-path=v --list-of-files=l --log-level=v --overwrite=v --put-md5 --check-md5=v "
   "--block-size-mb=v --cap-mbps=v --delete-destination=v --dry-run!R"},
  {"s3cmd:get", "m", "*-$w", "", "-c|--config=r -r|--recursive --force --skip-existing"},
  {"s3cmd:put", "m", "*R$-", "",
   "-c|--config=r -r|--recursive --exclude-from=r --include-from=r -P|--acl-public"},
  {"s3cmd:sync", "m", "*R$w", "",
   "-c|--config=r --delete-removed --exclude-from=r --include-from=r --dry-run!R"},
  {"mc:cp mc:mirror", "m", "*R$w", "",
   "-r|--recursive --overwrite --remove --watch -w --attr=v --storage-class=v --limit-upload=v "
   "--limit-download=v --exclude=v --newer-than=v --older-than=v"},
  {"mc:mv", "m", "*D$w", "", "-r|--recursive --attr=v --storage-class=v"},
  {"restic:backup", "m", "*R", "",
   "--files-from=l --files-from-raw=l --files-from-verbatim=l --exclude-file=r "
   "--iexclude-file=r --stdin-filename=v --tag=v --host=v -e|--exclude=v --iexclude=v "
   "--one-file-system -x --dry-run -n"},
  {"restic:restore", "m", "-", "",
   "-t|--target=g --include=v --exclude=v --iinclude=v --iexclude=v --host=v --path=v "
   "--tag=v --verify --dry-run"},
  {"oras:pull", "m", "-", "", "-o|--output=g --config=w --platform=v --include-subject"},
  {"oras:push", "m", "-*r", "",
   "--config=r --annotation-file=r --export-manifest=w --artifact-type=v --platform=v"},
  {"crane:export crane:pull", "m", "-*w", "", "--format=v --platform=v --cache_path=g"},
  {"crane:push crane:append", "m", "r-", "", "-f|--new_layer=r --oci-empty-base --platform=v"},
  // ansible-vault rewrites its files in place (`view` reads them; `--output` elsewhere); the
  // password file may be a script ansible runs.
  {"ansible-vault:encrypt ansible-vault:decrypt ansible-vault:rekey ansible-vault:edit "
   "ansible-vault:create", "m", "*m", "",
   "--output=w --vault-password-file|--vault-pass-file=r --new-vault-password-file=r "
   "--vault-id=v --new-vault-id=v --encrypt-vault-id=v -J|--ask-vault-password "
   "--ask-vault-pass -v|--verbose"},
  // vagrant's `ssh` is a launcher (engine/program_launchers_managers.cpp); `upload SOURCE
  // [DESTINATION] [NAME]` reads SOURCE.
  {"vagrant:upload", "m", "r--", "", "-t|--temporary -c|--compress -C|--compression-type=v"},
  {"ansible-vault:view", "m", "*r", "",
   "--vault-password-file|--vault-pass-file=r --vault-id=v -J|--ask-vault-password"},
};
// clang-format on

const std::size_t kProgramsCloudCount = sizeof(kProgramsCloud) / sizeof(kProgramsCloud[0]);

}  // namespace vigie::engine
