// The programs table, git's part: `git` itself and its subcommands (the legend of the columns
// is in engine/programs_table.cpp).
#include "engine/programs_decl.hpp"

namespace vigie::engine {

// clang-format off
const ProgramSource kProgramsGit[] = {
  // ---- git ------------------------------------------------------------------------------------
  // `git` itself: global options (engine/programs.cpp, git handler), then its subcommands
  // declared as "git SUB" (git's parse-options accepts unambiguous long prefixes). Flag role F:
  // a forced push (implies `--force` for deny rules); value role k: `key=value` configuration.
  {"git", "", "", "git", ""},
  {"git clone", "pm", "rg", "",
   "-u|--upload-pack=x --template=r!! -c|--config=k -o|--origin=v -b|--branch=v --reference=r "
   "--reference-if-able=r --separate-git-dir=g --depth=v --shallow-since=v --shallow-exclude=v "
   "-j|--jobs=v --filter=v --server-option=v --bundle-uri=u --recurse-submodules?v"},
  {"git fetch git pull", "pm", "", "",
   "--upload-pack=x -o|--server-option=v --depth=v --deepen=v --shallow-since=v "
   "--shallow-exclude=v -j|--jobs=v --negotiation-tip=v --refmap=v --recurse-submodules?v "
   "-S|--gpg-sign?v!! --verify-signatures!! -s|--strategy=v -X|--strategy-option=v --log?v "
   "-r|--rebase?v"},
  {"git ls-remote", "pm", "", "",
   "--upload-pack=x --exec=x --exit-code --get-url -q|--quiet --heads --branches -b -t|--tags "
   "--refs --symref --sort=v -o|--server-option=v"},
  // fetch-pack reads its options by exact name (`--upload-pack=CMD`, `--exec=CMD`: run).
  {"git fetch-pack", "", "", "",
   "--upload-pack|--exec=x --depth=v --shallow-since=v --shallow-exclude=v"},
  {"git push git send-pack", "pm", "", "",
   "--receive-pack|--exec=x -f|--force --force-with-lease?v --force-if-includes "
   "--mirror!F -o|--push-option=v --repo=v --signed?v --recurse-submodules=v"},
  {"git archive", "pm", "", "",
   "-o|--output=w --remote=v --exec=x --prefix=v --format=v --add-file=r --add-virtual-file=v"},
  {"git format-patch", "pm", "", "",
   "-o|--output-directory=g --output=w --signature-file=r --subject-prefix=v --signature=v"},
  {"git send-email", "pm", "*r", "",
   "--to-cmd=x --cc-cmd=x --header-cmd=x --sendmail-cmd=x --smtp-server=v!! --to=v --cc=v "
   "--bcc=v --from=v --subject=v --in-reply-to=v --compose-encoding=v --smtp-user=v"},
  // `--show-signature`, `--verify-signatures`, `-S`/`--gpg-sign`, `git tag -s|-u|-v` run gpg
  // (`gpg.program`, a program the configuration may name): asked.
  {"git diff git log git show git whatchanged git range-diff git diff-files git diff-index "
   "git diff-tree git shortlog", "pm", "", "",
   "--output=w --ext-diff!! --textconv!! --no-index!V -S=v -G=v --grep=v --author=v --since=v --until=v "
   "-n|--max-count=v --format=v --pretty?v --stat?v -U|--unified=v -O=r -L=v --find-object=v "
   "--relative?v --show-signature!! --mailmap --use-mailmap"},
  // cat-file prints the objects its input names with `--batch`, `--batch-command` (the line
  // does not show them; `--batch-check` prints their type and size only); `--path=PATH` is the
  // object's path in the tree its operand names (read); textconv drivers and filters are
  // programs the repository's configuration names (as `git diff --textconv`).
  {"git cat-file", "pm", "", "",
   "--batch?v!! --batch-command?v!! --batch-check?v --batch-all-objects --path=r --textconv!! "
   "--filters!! -e -p -t -s --allow-unknown-type --buffer -z -Z --unordered --follow-symlinks"},
  // `--get KEY [VALUE-PATTERN]` and its kin read (flag R); `--unset KEY [VALUE-PATTERN]` and
  // the section actions remove or rename (flag C): neither sets a value.
  {"git config", "pm", "", "",
   "-f|--file=w --blob=j --type=v --default=v -e|--edit!! --global!G --system!G --get!R "
   "--get-all!R --get-regexp!R --get-urlmatch!R --get-color!R --get-colorbool!R --unset!C "
   "--unset-all!C --rename-section!C --remove-section!C"},
  {"git apply git am", "pm", "*r", "",
   "--unsafe-paths!! --directory=w --build-fake-ancestor=w -p=v --exclude=v --include=v -C=v "
   "--whitespace=v -S|--gpg-sign?v!! --patch-format=v --resolvemsg=v"},
  // Each with its own options: git takes any unambiguous prefix of one (`git checkout --forc`
  // is `--force`; in `git switch` it is ambiguous with `--force-create`, refused).
  // `git restore --staged` alone restores the index, not the files (`--worktree` too: both).
  // `--pathspec-from-file=LIST` names the files in LIST: files of the work tree the line does
  // not show (flag K).
  {"git checkout", "pm", "*M", "",
   "-b=v -B=v --orphan=v -t|--track?v --conflict=v --pathspec-from-file=r!K -f|--force!K "
   "--ours --theirs -m|--merge -p|--patch --overlay --no-overlay --detach "
   "--ignore-other-worktrees --recurse-submodules?v --no-recurse-submodules --progress "
   "--no-progress --overwrite-ignore --no-overwrite-ignore --guess --no-guess -l -q|--quiet "
   "--ignore-skip-worktree-bits --pathspec-file-nul"},
  {"git restore", "pm", "*M", "",
   "-s|--source=v --pathspec-from-file=r!K -S|--staged!R -W|--worktree!U --ours --theirs -m|--merge "
   "--conflict=v -p|--patch --overlay --no-overlay --ignore-unmerged --recurse-submodules?v "
   "--no-recurse-submodules --progress --no-progress -q|--quiet --ignore-skip-worktree-bits "
   "--pathspec-file-nul"},
  {"git switch", "pm", "*M", "",
   "-c|--create=v -C|--force-create=v --orphan=v -t|--track?v --conflict=v -f|--force!K "
   "--discard-changes!K --detach -d -m|--merge --guess --no-guess --ignore-other-worktrees "
   "--recurse-submodules?v --no-recurse-submodules --progress --no-progress -q|--quiet"},
  // `git reset --hard` (and `--merge`, `--keep`) rewrites the tracked files of the work tree.
  {"git reset", "pm", "", "",
   "--hard!K --merge!K --keep!K --soft --mixed -N -q|--quiet -p|--patch --pathspec-from-file=r "
   "--recurse-submodules?v --no-recurse-submodules --refresh --no-refresh"},
  // `git rm -r DIR` removes every file below DIR; `--cached` only the index entries.
  {"git rm", "pm", "*d", "",
   "--pathspec-from-file=r!K -r!Q --cached!C -f|--force -n|--dry-run!C -q|--quiet --ignore-unmatch "
   "--sparse --pathspec-file-nul"},
  {"git mv", "pm", "*d$w", "", ""},
  {"git clean", "pm", "*d", "", "-e|--exclude=v -n|--dry-run!R"},
  // `git subtree add|pull|merge --prefix=DIR`: DIR's files are written (`split` and `push` only
  // read them: judged as written too).
  {"git subtree", "m", "", "",
   "-P|--prefix=g -m|--message=v --squash --annotate=v -b|--branch=v --onto=v --rejoin "
   "--ignore-joins -q|--quiet -d|--debug"},
  // `git add PATHSPEC` stages every file below it, untracked ones included (read into the
  // repository); `-A` without a pathspec, every file of the work tree. `git commit PATHSPEC`
  // commits the tracked files below it. Their operands are pathspecs (engine/program_git.cpp);
  // `--pathspec-from-file=LIST`, pathspecs the line does not show (a list of files: asked).
  {"git add git stage", "pm", "", "",
   "--pathspec-from-file=l --chmod=v -A|--all|--no-ignore-removal"},
  {"git commit", "pm", "", "",
   "-F|--file=r -t|--template=r -m|--message=v -C|--reuse-message=v -c|--reedit-message=v "
   "--author=v --date=v --fixup=v --squash=v --pathspec-from-file=l -S|--gpg-sign?v!! "
   "--cleanup=v --trailer=v -u|--untracked-files?v"},
  {"git tag", "pm", "", "",
   "-F|--file=r -m|--message=v -s|--sign!! -u|--local-user=v!! -v|--verify!! --sort=v "
   "--format=v"},
  {"git grep", "pm", "p*r", "",
   "-O|--open-files-in-pager?x --textconv!! -a|--text -f=P -e=p --max-depth=v "
   "-A|--after-context=v -B|--before-context=v -C|--context=v -m|--max-count=v --threads=v"},
  // difftool and mergetool run the tool the configuration names (engine/program_git_runners.cpp:
  // asked); difftool takes git diff's options (`--no-index A B` reads both), mergetool's operands
  // are the conflicted files it rewrites; `-O FILE` is the order file, read.
  {"git difftool", "pm", "", "",
   "-x|--extcmd=x -t|--tool=v -O=r --no-index!V --output=w --tool-help -d|--dir-diff -g|--gui "
   "--no-gui -y|--no-prompt --prompt --trust-exit-code --no-trust-exit-code"},
  {"git mergetool", "pm", "*m", "", "-t|--tool=v -O=r --tool-help -y|--no-prompt --prompt "
   "-g|--gui --no-gui"},
  // cherry-pick and revert: `-s` is `--signoff` (the strategy is `--strategy` only).
  {"git cherry-pick git revert", "pm", "", "",
   "-S|--gpg-sign?v!! --strategy=v -X|--strategy-option=v -m|--mainline=v --cleanup=v"},
  {"git rebase", "pm", "", "",
   "-x|--exec=x --onto=v -s|--strategy=v -X|--strategy-option=v -S|--gpg-sign?v!! --empty=v"},
  {"git bisect git filter-branch git filter-repo", "pm", "", "", ""},
  // `--reference REPO`: a repository whose objects the submodule's clone borrows (read); the
  // helper's `clone --path DIR`, the folder it clones into.
  {"git submodule git submodule--helper", "pm", "", "",
   "--reference=r -b|--branch=v --name=v --depth=v -j|--jobs=v --filter=v -n|--summary-limit=v "
   "--path=g --prefix=v --url=v"},
  {"git init git init-db", "pm", "g", "", "--template=r!! --separate-git-dir=g -b|--initial-branch=v "
   "--object-format=v --shared?v"},
  {"git worktree", "pm", "", "", "-b=v -B=v --reason=v"},
  {"git bundle", "pm", "-m*-", "", "--version=v"},
  // git daemon reads its options by exact name; git instaweb through rev-parse --parseopt.
  {"git daemon", "", "*r", "",
   "--access-hook=x --base-path=c --pid-file=w --interpolated-path=v --user-path?v --timeout=v "
   "--init-timeout=v --max-connections=v --listen=v --port=v --user=v --group=v --enable=v "
   "--disable=v --allow-override=v --forbid-override=v --log-destination=v"},
  {"git instaweb", "pm", "", "",
   "-d|--httpd=x -b|--browser=x -m|--module-path=r -p|--port=v -l|--local --start --stop "
   "--restart"},

  // ---- git subcommands that read or write files by name --------------------------------
  // blame reads the file (and `--contents`, `-S` revs file); hash-object and update-index read
  // their operands; merge-file rewrites its first operand unless `-p`.
  {"git blame git annotate", "pm", "*r", "",
   "--contents=r -S=r --ignore-revs-file=r --ignore-rev=v -L=v --date=v --abbrev?v -C?v -M?v "
   "--since=v"},
  // `--stdin-paths`, update-index's `--stdin`: the files read are named by the input, which
  // the line does not show (asked, as `tar -T`; hash-object's `--stdin` hashes the input itself).
  {"git hash-object", "pm", "*r", "", "-t=v --path=v --stdin-paths!! -w --stdin --literally"},
  {"git update-index", "pm", "*r", "", "--cacheinfo=v --chmod=v --stdin!! -z --add --remove"},
  {"git merge-file", "pm", "m*r", "", "-p|--stdout!R -L=v --marker-size=v --diff-algorithm=v"},
  {"git notes", "pm", "", "", "-F|--file=r -m|--message=v -C|--reuse-message=v -c=v --ref=v"},
  {"git mailsplit", "", "*r", "", "-o=g"},
  {"git merge", "pm", "", "",
   "-F|--file=r -m|--message=v -s|--strategy=v -X|--strategy-option=v -S|--gpg-sign?v!! "
   "--verify-signatures!!"},
  // `git stash push -- PATHS` resets the paths it saves (written).
  // `pop`, `apply` and `branch` bring files back (engine/program_git.cpp); `-u`, `-a` remove the
  // untracked files they save.
  {"git stash", "pm", "*w", "",
   "-m|--message=v --pathspec-from-file=l -u|--include-untracked!K -a|--all!K"},
  {"git fast-import git fast-export", "pm", "", "",
   "--export-marks=w --import-marks=r --import-marks-if-exists=r --export-pack-edges=w"},
  {"git credential-store", "pm", "", "", "--file=w"},
  {"git credential-cache", "pm", "", "", "--socket=w --timeout=v"},
  {"git read-tree", "pm", "", "", "--index-output=w --prefix=v -u!K"},
  // `--stdin`: it writes the files its input names, which the line does not show.
  {"git checkout-index", "pm", "*w", "", "--prefix=g --stage=v -a|--all!K --stdin!K"},
  // Reports written into a folder under names of their own; mailinfo writes its two operands;
  // interpret-trailers rewrites its operands with `--in-place`; the pack commands read their
  // operands (receive-pack and upload-pack: a repository).
  {"git bugreport git diagnose", "pm", "", "",
   "-o|--output-directory=g -s|--suffix=v --mode=v --diagnose?v"},
  {"git mailinfo", "", "ww", "",
   "-k -b -u -n -m|--message-id --scissors --no-scissors --encoding=v --quoted-cr=v"},
  {"git interpret-trailers", "pm", "*r", "",
   "-i|--in-place!W --trailer=v --where=v --if-exists=v --if-missing=v"},
  {"git index-pack git verify-pack", "pm", "*r", "",
   "-o=w --keep?v --index-version=v --threads=v --max-input-size=v --object-format=v"},
  {"git upload-pack git receive-pack git upload-archive", "pm", "r", "", "--timeout=v"},
  {"git ls-files", "pm", "", "", "-X|--exclude-from=r -x|--exclude=v --exclude-per-directory=v "
   "--with-tree=v --format=v --abbrev?v"},
  {"git fmt-merge-msg", "pm", "", "", "-F|--file=r -m|--message=v --log?v"},
  // `write` writes the graph (the multi-pack index) below the object folder `--object-dir` names.
  {"git commit-graph", "pm", "", "", "--object-dir=g"},
  // `--refs-snapshot=FILE`: the references multi-pack-index write reads from FILE.
  {"git multi-pack-index", "pm", "", "",
   "--object-dir=g --refs-snapshot=r --preferred-pack=v --batch-size=v"},
  // commit-tree reads the message of `-F FILE`; repack writes the pack of pruned objects under
  // the prefix `--expire-to` names (PREFIX-HASH.pack, judged as PREFIX).
  {"git commit-tree", "pm", "", "", "-F=r -m=v -p=v -S|--gpg-sign?v!!"},
  {"git repack", "pm", "", "",
   "-a -A --cruft -d -f -F -n -q|--quiet -l|--local -b|--write-bitmap-index -i|--delta-islands "
   "-k|--keep-unreachable --pack-kept-objects -m|--write-midx "
   "--expire-to=w --cruft-expiration=v --unpack-unreachable=v --window=v --window-memory=v "
   "--depth=v --threads=v --max-pack-size=v --keep-pack=v -g|--geometric=v"},
  // quiltimport reads the series file and the patches of its folder (`--series`, `--patches`).
  {"git quiltimport", "pm", "", "",
   "--series=r --patches=R --author=v -n|--dry-run --keep-non-patch"},
  // git-clang-format (clang's, on the PATH): `--binary PROGRAM` is the formatter it runs.
  {"git clang-format git clang-format-14", "pm", "", "",
   "--binary=x --commit=v --extensions=v --style=z --diff --diffstat -f|--force -p|--patch "
   "-q|--quiet --staged|--cached -v|--verbose"},
  // `git pack-objects BASE`: writes BASE-HASH.pack and BASE-HASH.idx (judged as BASE).
  {"git pack-objects", "pm", "w", "",
   "--stdout --revs --all --stdin-packs --cruft --window=v --depth=v --window-memory=v "
   "--max-pack-size=v --threads=v --compression=v --keep-pack=v --filter=v --missing=v "
   "--index-version=v --unpack-unreachable?v --cruft-expiration=v --uri-protocol=v -q"},
};
// clang-format on

const std::size_t kProgramsGitCount = sizeof(kProgramsGit) / sizeof(kProgramsGit[0]);

}  // namespace vigie::engine
