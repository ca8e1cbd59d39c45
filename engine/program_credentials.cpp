// The credential and configuration files that commands read or write without naming them
// (programs.hpp, `credential_effects`): `gh auth token` prints the token of
// ~/.config/gh/hosts.yml, `kubectl config view --raw` the keys of ~/.kube/config, `ssh-keygen`
// writes ~/.ssh/id_*, `aws configure` ~/.aws, `docker login` ~/.docker/config.json. A policy's
// `deny ~/.ssh ~/.aws …` meets them. Using credentials to do something else (`aws s3 ls`, `ssh
// host`) is not counted: the command does not show them. Only the policy's own path rules meet
// these files (a `named` effect). One table, `kCredentialCommands`.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using program_words::in_words;
using program_words::lit;
using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct CredentialCommand {
  std::string_view program;
  // The command's words, in a row among the words that are not options (`auth token`); empty:
  // the program itself; a last word `$`: no other word after them (`aws configure` alone).
  std::string_view command;
  // Options that select it, any one anywhere (`--export-secret-keys`, curl's `-n`); empty: none
  // needed.
  std::string_view options;
  Touch touch;
  std::string_view files;  // in the home folder; a trailing `/`: a folder, every file below it
  // Options that make it touch nothing of these, or another file (`ssh-keygen -f FILE`,
  // `kubectl --kubeconfig FILE`, `ssh-keygen -l`).
  std::string_view unless = {};
};

constexpr CredentialCommand kCredentialCommands[] = {
    // Grouped by program (`kGroups`), git first (the commands most lines run are looked up
    // first). `Touch::read`: printed, the secrets reach the transcript; `Touch::write`: written.
    // git's store reads both files (the XDG one too); `credential-cache get` prints what the
    // cache daemon behind its socket holds; `reject` erases entries.
    {"git", "credential fill", "", Touch::read, "~/.git-credentials ~/.config/git/credentials"},
    {"git", "credential-store get", "", Touch::read, "~/.git-credentials ~/.config/git/credentials",
     "--file"},
    {"git", "credential approve", "", Touch::write, "~/.git-credentials ~/.config/git/credentials"},
    {"git", "credential reject", "", Touch::write, "~/.git-credentials ~/.config/git/credentials"},
    {"git", "credential-store store", "", Touch::write,
     "~/.git-credentials ~/.config/git/credentials", "--file"},
    {"git", "credential-store erase", "", Touch::write,
     "~/.git-credentials ~/.config/git/credentials", "--file"},
    {"git", "credential-cache get", "", Touch::read,
     "~/.cache/git/credential/ ~/.git-credential-cache/"},
    {"gh", "auth token", "", Touch::read, "~/.config/gh/hosts.yml"},
    {"gh", "auth login", "", Touch::write, "~/.config/gh/"},
    {"gh", "auth logout", "", Touch::write, "~/.config/gh/"},
    {"gh", "auth refresh", "", Touch::write, "~/.config/gh/"},
    {"gh", "auth setup-git", "", Touch::write, "~/.gitconfig"},
    {"kubectl", "config view", "--raw", Touch::read, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config set-context", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config set-cluster", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config set-credentials", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config use-context", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config delete-context", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"kubectl", "config set", "", Touch::write, "~/.kube/config", "--kubeconfig"},
    {"aws", "configure get", "", Touch::read, "~/.aws/credentials ~/.aws/config"},
    {"aws", "configure export-credentials", "", Touch::read, "~/.aws/credentials ~/.aws/config"},
    {"aws", "configure $", "", Touch::write, "~/.aws/"},
    {"aws", "configure set", "", Touch::write, "~/.aws/"},
    {"aws", "configure import", "", Touch::write, "~/.aws/"},
    {"aws", "configure sso", "", Touch::write, "~/.aws/"},
    {"gcloud", "auth print-access-token", "", Touch::read, "~/.config/gcloud/"},
    {"gcloud", "auth print-identity-token", "", Touch::read, "~/.config/gcloud/"},
    {"gcloud", "application-default print-access-token", "", Touch::read, "~/.config/gcloud/"},
    {"gcloud", "auth login", "", Touch::write, "~/.config/gcloud/"},
    {"gcloud", "auth activate-service-account", "", Touch::write, "~/.config/gcloud/"},
    {"gcloud", "application-default login", "", Touch::write, "~/.config/gcloud/"},
    {"gcloud", "config set", "", Touch::write, "~/.config/gcloud/"},
    {"gcloud", "init", "", Touch::write, "~/.config/gcloud/"},
    {"az", "account get-access-token", "", Touch::read, "~/.azure/"},
    {"az", "login", "", Touch::write, "~/.azure/"},
    {"gpg", "", "--export-secret-keys --export-secret-subkeys", Touch::read, "~/.gnupg/"},
    {"gpg", "",
     "--gen-key --generate-key --full-generate-key --full-gen-key --quick-generate-key "
     "--quick-gen-key --import --recv-keys --receive-keys --delete-keys --delete-secret-keys "
     "--delete-secret-and-public-keys --edit-key --sign-key --lsign-key --quick-sign-key "
     "--quick-add-key --quick-add-uid --import-ownertrust --change-passphrase --passwd",
     Touch::write, "~/.gnupg/", "--homedir"},
    {"curl", "", "-n --netrc --netrc-optional", Touch::read, "~/.netrc", "--netrc-file"},
    {"ssh-keygen", "", "", Touch::write, "~/.ssh/",
     "-f -l -L -y -F -e -i -Y -Q -D -B -r -k -s -u -M -A -H -R"},
    {"ssh-keygen", "", "-R -H", Touch::write, "~/.ssh/known_hosts", "-f"},
    {"ssh-keygen", "", "-F", Touch::read, "~/.ssh/known_hosts", "-f"},
    // `ssh -G HOST` prints the configuration it would use, the user's file's included.
    {"ssh", "", "-G", Touch::read, "~/.ssh/config", "-F"},
    {"npm", "login", "", Touch::write, "~/.npmrc", "--userconfig"},
    {"npm", "adduser", "", Touch::write, "~/.npmrc", "--userconfig"},
    {"npm", "logout", "", Touch::write, "~/.npmrc", "--userconfig"},
    {"pnpm", "login", "", Touch::write, "~/.npmrc"},
    {"docker", "login", "", Touch::write, "~/.docker/config.json", "--config"},
    {"docker", "logout", "", Touch::write, "~/.docker/config.json", "--config"},
    {"cargo", "login", "", Touch::write, "~/.cargo/credentials.toml"},
    {"cargo", "logout", "", Touch::write, "~/.cargo/credentials.toml"},
    {"heroku", "login", "", Touch::write, "~/.netrc"},
};

// Each program's rows, `[begin, end)` in the table (its rows are contiguous), and the distinct
// first words of their commands (a screen: `git status` is not `git credential fill`), found
// once. `any_line`: some row needs no command word.
constexpr std::size_t kMaxFirsts = 8;
struct Group {
  std::string_view program;
  std::size_t begin = 0, end = 0;
  bool any_line = false;
  std::array<std::string_view, kMaxFirsts> firsts{};
  std::size_t n_firsts = 0;
};
constexpr std::size_t kMaxGroups = 16;
constexpr std::array<Group, kMaxGroups> groups() {
  std::array<Group, kMaxGroups> g{};
  std::size_t n = 0;
  for (std::size_t k = 0; k < std::size(kCredentialCommands); ++k) {
    const CredentialCommand& e = kCredentialCommands[k];
    if (n == 0 || g[n - 1].program != e.program) g[n++] = {e.program, k, k};
    Group& x = g[n - 1];
    x.end = k + 1;
    const std::string_view first = e.command.substr(0, e.command.find(' '));
    if (first.empty()) x.any_line = true;
    bool known = first.empty();
    for (std::size_t f = 0; f < x.n_firsts; ++f) known = known || x.firsts[f] == first;
    if (!known) x.firsts[x.n_firsts++] = first;
  }
  return g;
}
constexpr std::array<Group, kMaxGroups> kGroups = groups();
static_assert(kGroups.back().program.empty(), "kMaxGroups: more programs than groups");
// The programs' first letters: a command of another letter is not looked up (the one-command
// path pays a load and a test).
constexpr std::array<bool, 256> first_letters() {
  std::array<bool, 256> t{};
  for (const Group& g : kGroups)
    if (!g.program.empty()) t[static_cast<unsigned char>(g.program.front())] = true;
  return t;
}
constexpr std::array<bool, 256> kFirstLetters = first_letters();

// Whether the word is the option `o` (`--netrc`, `--config=x`), or holds the short option `o`
// in a cluster of letters (`-sSn` holds `-n`).
bool is_option(const std::string& word, std::string_view o) {
  if (word == o || (o.starts_with("--") && word.starts_with(std::string(o) + "="))) return true;
  if (o.size() != 2 || o[0] != '-' || o[1] == '-' || word.size() < 3 || word[0] != '-' ||
      word[1] == '-')
    return false;
  for (std::size_t i = 1; i < word.size(); ++i)
    if (!((word[i] >= 'a' && word[i] <= 'z') || (word[i] >= 'A' && word[i] <= 'Z'))) return false;
  return word.find(o[1], 1) != std::string::npos;
}

bool any_option(const Words& w, std::string_view options) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    for (std::string_view rest = options; !rest.empty();) {
      const std::size_t sp = rest.find(' ');
      if (is_option(*s, rest.substr(0, sp))) return true;
      rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
    }
  }
  return false;
}

// Whether the command's words, in a row, stand among the words that are not options.
bool has_command(const Words& w, std::string_view command) {
  auto operand = [&w](std::size_t i) {
    const std::string* s = lit(w, i);
    return s && !s->starts_with("-") ? s : nullptr;
  };
  for (std::size_t start = 1; start < w.size(); ++start) {
    if (!operand(start)) continue;
    std::size_t k = start;
    std::string_view rest = command;
    while (!rest.empty() && rest != "$") {
      while (k < w.size() && !operand(k)) ++k;
      const std::size_t sp = rest.find(' ');
      if (k >= w.size() || *operand(k) != rest.substr(0, sp)) break;
      ++k;
      rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
    }
    if (rest == "$") {
      while (k < w.size() && !operand(k)) ++k;
      if (k >= w.size()) return true;
    } else if (rest.empty()) {
      return true;
    }
  }
  return false;
}

// The screen: some row needs no command word, or the line holds one of their first words.
bool may_apply(const Group& g, const Words& w) {
  if (g.any_line) return true;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    for (std::size_t f = 0; f < g.n_firsts; ++f)
      if (g.firsts[f].size() == s->size() && g.firsts[f] == *s) return true;
  }
  return false;
}

}  // namespace

void credential_effects(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name.empty() || !kFirstLetters[static_cast<unsigned char>(name.front())]) return;
  const Group* g = nullptr;
  for (const Group& x : kGroups) {
    if (x.program.empty()) break;
    if (x.program.size() == name.size() && x.program == name) {
      g = &x;
      break;
    }
  }
  if (!g || !may_apply(*g, w)) return;
  for (std::size_t k = g->begin; k < g->end; ++k) {
    const CredentialCommand& e = kCredentialCommands[k];
    if (!e.command.empty() && !has_command(w, e.command)) continue;
    if (!e.options.empty() && !any_option(w, e.options)) continue;
    if (!e.unless.empty() && any_option(w, e.unless)) continue;
    const std::string entry = std::string(name) + " (its own credentials or configuration)";
    for (std::string_view rest = e.files; !rest.empty();) {
      const std::size_t sp = rest.find(' ');
      const std::string_view f = rest.substr(0, sp);
      const bool folder = f.ends_with('/');
      const std::size_t before = out.files.size();
      add_word_file(out, e.touch, path_word(w[0], folder ? f.substr(0, f.size() - 1) : f),
                    From::operand, entry);
      // Judged by the policy's own path rules (`deny ~/.aws`), not by the classes of files
      // third parties run: logging in is not installing a hook (engine/named_paths.cpp).
      if (out.files.size() > before) {
        out.files.back().named = true;
        out.files.back().recursive = folder;
      }
      rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
    }
  }
}

}  // namespace vigie::engine
