// Handler `upload` (named in engine/programs_table_cloud.cpp): deployment clients, transfer
// tools and image builders that pack a folder with everything below it and send it elsewhere
// (a hosting service, another machine, an archive). What they leave out (`.vercelignore`,
// `.gcloudignore`, a configuration's publish folder) is not shown, so the folder is read
// recursively: a deny or ask path rule below it makes the command ask, as `tar czf x.tgz .`.
// One table, `kUploads`: the command's words, the options naming the folder, the other options
// with a value, the operands' shape (engine/programs_table.cpp's letters), and whether the
// current folder is sent when nothing else is named.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using program_words::in_words;
using program_words::lit;
using program_words::lit_is;
using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct Upload {
  std::string_view program;  // as the programs table names it
  std::string_view command;  // the words that select the upload, space-separated; "" none
  // With no command words: a first operand that is another command of the program (no upload).
  std::string_view others;
  std::string_view folder_options;  // options whose value is a folder sent
  std::string_view value_options;   // the other options that take a value
  std::string_view shape;           // the operands after the command (R: sent, w: written…)
  bool here;                        // nothing named: the current folder is sent
};

constexpr Upload kUploads[] = {
    // `vercel [DIR]`, `vercel deploy [DIR]`, `--cwd DIR`: the project folder.
    {"vercel", "",
     "deploy alias bisect build certs dev dns domains env git help init inspect link list "
     "ls login logout logs project projects promote pull redeploy remove rm "
     "rollback secrets switch teams whoami integration blob cache target telemetry "
     "install open curl mcp microfrontends",
     "--cwd",
     "-t --token -A --local-config -S --scope -e --env -b --build-env -m --meta "
     "--regions --archive --target -Q --global-config",
     "R", true},
    {"vercel", "deploy", "", "--cwd",
     "-t --token -A --local-config -S --scope -e --env -b --build-env -m --meta --regions "
     "--archive --target -Q --global-config",
     "R", true},
    // `netlify deploy [--dir DIR] [--functions DIR]`: the publish folder (netlify.toml's when
    // not given: not shown) and the functions.
    {"netlify", "deploy", "", "-d --dir --functions",
     "-a --auth -s --site -m --message --alias --filter --context --timeout", "-", true},
    {"fly", "deploy", "", "",
     "-a --app -c --config -i --image --dockerfile --build-arg -e --env "
     "--strategy -r --region --vm-size --build-secret --label",
     "R", true},
    {"fly", "launch", "", "",
     "-a --app -c --config -i --image --dockerfile -r --region --org "
     "--name --vm-size --from",
     "R", true},
    {"flyctl", "deploy", "", "",
     "-a --app -c --config -i --image --dockerfile --build-arg -e "
     "--env --strategy -r --region --vm-size --build-secret --label",
     "R", true},
    {"railway", "up", "", "", "-s --service -e --environment", "R", true},
    // `firebase deploy`: firebase.json's public folder and functions (not shown).
    {"firebase", "deploy", "", "", "--only --except -P --project -m --message", "-", true},
    // `wrangler pages deploy DIR` (`publish`, its old name).
    {"wrangler", "pages deploy", "", "", "--project-name --branch --commit-hash --commit-message",
     "R", true},
    {"wrangler", "pages publish", "", "", "--project-name --branch --commit-hash --commit-message",
     "R", true},
    // `surge [DIR] [DOMAIN]`.
    {"surge", "",
     "login logout whoami list teardown token plan card invite revoke ssl encrypt "
     "config audit dns zone bust files nuke help",
     "-p --project", "-d --domain -e --endpoint", "R-", true},
    // `az webapp up`: the current folder, zipped.
    {"az", "webapp up", "", "",
     "-n --name -g --resource-group -p --plan -l --location -r --runtime --sku --os-type "
     "--launch-file --subscription --app-service-environment",
     "-", true},
    // `buildah bud|build [CONTEXT]`: the build context, as `docker build`'s.
    {"buildah", "bud", "", "",
     "-f --file -t --tag --build-arg --layers --format --authfile "
     "--platform --target --secret --volume -v",
     "R", true},
    {"buildah", "build", "", "",
     "-f --file -t --tag --build-arg --layers --format --authfile "
     "--platform --target --secret --volume -v",
     "R", true},
    // Transfers to another machine: `croc send PATH…`, `wormhole send PATH`.
    {"croc", "send", "", "",
     "--relay --relay6 --pass --curve --ip --socks5 --connect --throttleUpload --multicast "
     "-c --code --text -t --port --transfers --hash --exclude",
     "*R", false},
    {"wormhole", "send", "", "", "--code --text --code-length --appid --relay-url --transit-helper",
     "*R", false},
    // Backups and images: `borg create REPO::NAME PATH…`, `mksquashfs SRC… DEST`,
    // `genisoimage -o OUT PATH…` (mkisofs), `duplicity [full|incr] SRC URL`.
    {"borg", "create", "", "",
     "-e --exclude --exclude-from --pattern --patterns-from -C --compression --comment "
     "--timestamp -c --checkpoint-interval --chunker-params --files-cache --stdin-name "
     "--paths-from-stdin",
     "-*R", false},
    {"mksquashfs", "", "", "",
     "-comp -b -ef -pf -sort -processors -mem -root-becomes -e -Xcompression-level -throttle",
     "*R$w", false},
    {"genisoimage mkisofs", "", "", "",
     "-o -V -A -p -P -b -c -x -m -exclude-list -path-list -sort -abstract -biblio -copyright "
     "-publisher -preparer -volset -sysid -appid -input-charset -output-charset -hide -hidden "
     "-hide-joliet -e -eltorito-boot -eltorito-catalog -boot-load-size",
     "*R", false},
    {"duplicity", "",
     "full incremental incr restore verify collection-status list-current-files remove-older-than "
     "remove-all-but-n-full remove-all-inc-of-but-n-full cleanup",
     "",
     "--encrypt-key --sign-key --exclude --include --exclude-filelist --include-filelist "
     "--archive-dir --name --volsize --full-if-older-than -t --time",
     "R-", false},
    {"duplicity", "full", "", "", "--encrypt-key --sign-key --exclude --include --archive-dir",
     "R-", false},
    {"duplicity", "incremental", "", "", "--encrypt-key --sign-key --exclude --include", "R-",
     false},
    {"duplicity", "incr", "", "", "--encrypt-key --sign-key --exclude --include", "R-", false},
};

// The words of `w` split into options (and their values) and operands, for one entry: the
// operands' indexes, and the folder options' values.
struct Split {
  std::vector<std::size_t> operands;
  std::vector<WordView> folders;
};

Split split_words(const Upload& u, const Words& w) {
  Split s;
  bool dashdash = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* t = lit(w, i);
    if (dashdash || !t || t->size() < 2 || (*t)[0] != '-') {
      s.operands.push_back(i);
      continue;
    }
    if (*t == "--") {
      dashdash = true;
      continue;
    }
    const std::size_t eq = t->find('=');
    const std::string name = t->substr(0, eq);
    const bool folder = in_words(u.folder_options, name);
    if (!folder && !in_words(u.value_options, name)) continue;  // a flag
    if (eq != std::string::npos) {
      if (folder) s.folders.push_back(word_of(w[i], t->substr(eq + 1)));
      continue;
    }
    if (i + 1 < w.size() && folder) s.folders.push_back(w[i + 1]);
    ++i;
  }
  return s;
}

// Whether `u` is the command `w` runs, and where its own operands start in `operands`.
bool selects(const Upload& u, const Words& w, const std::vector<std::size_t>& operands,
             std::size_t& first) {
  first = 0;
  std::string_view words = u.command;
  while (!words.empty()) {
    const std::size_t sp = words.find(' ');
    const std::string_view want = words.substr(0, sp);
    if (first >= operands.size() || !lit(w, operands[first]) || *lit(w, operands[first]) != want)
      return false;
    ++first;
    words = sp == std::string_view::npos ? std::string_view() : words.substr(sp + 1);
  }
  if (!u.command.empty() || operands.empty()) return true;
  const std::string* op = lit(w, operands[0]);
  return !op || !in_words(u.others, *op);
}

}  // namespace

// `buildah unshare [-m|--mount VAR=CONTAINER] [CMD…]`: CMD runs on the host, in a user
// namespace; without one, an interactive shell (asked).
void buildah_unshare(const Words& w, ProgramEffects& out) {
  std::size_t i = 1;
  for (; i < w.size() && lit(w, i) && lit(w, i)->size() > 1 && (*lit(w, i))[0] == '-'; ++i)
    if (lit(w, i)->find('=') == std::string::npos &&
        in_words("--root --runroot --storage-driver --storage-opt --log-level --registries-conf "
                 "--cgroup-manager --userns-uid-map --userns-gid-map",
                 *lit(w, i)))
      ++i;
  if (!lit_is(w, i, "unshare")) return;
  for (++i; i < w.size() && lit(w, i) && lit(w, i)->size() > 1 && (*lit(w, i))[0] == '-'; ++i) {
    if (*lit(w, i) == "--") {
      ++i;
      break;
    }
    if (*lit(w, i) == "-m" || *lit(w, i) == "--mount") ++i;
  }
  if (i >= w.size()) {
    out.escalations.push_back("buildah unshare without a command (an interactive shell)");
    return;
  }
  out.argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
}

void upload_handler(const ProgramDecl&, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  add_named_words(name, w, out);  // what the table below does not model
  if (name == "buildah") buildah_unshare(w, out);
  for (const Upload& u : kUploads) {
    if (!in_words(u.program, name)) continue;
    const Split s = split_words(u, w);
    std::size_t first = 0;
    if (!selects(u, w, s.operands, first)) continue;
    const std::string entry = std::string(name) + (u.command.empty() ? "" : " ") +
                              std::string(u.command) + " (the folder it sends)";
    const std::size_t before = out.files.size();
    for (const WordView& f : s.folders) add_word_file(out, Touch::read, f, From::option, entry);
    OperandState st;
    apply_operands(
        entry, std::string(u.shape), w,
        std::vector<std::size_t>(s.operands.begin() + static_cast<long>(first), s.operands.end()),
        st, out);
    const bool sent = std::any_of(out.files.begin() + static_cast<long>(before), out.files.end(),
                                  [](const FileEffect& f) { return f.recursive; });
    if (!sent && s.folders.empty() && u.here)
      add_word_file(out, Touch::read, word_of(w[0], "."), From::operand, entry);
    for (auto f = out.files.begin() + static_cast<long>(before); f != out.files.end(); ++f)
      if (f->touch == Touch::read && !f->named) f->recursive = true;
    return;
  }
}

}  // namespace vigie::engine
