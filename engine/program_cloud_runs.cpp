// Programs the cloud clients run that their lines name only as option values or settings.
//
// gcloud's `compute ssh|scp` (and `compute tpus tpu-vm ssh|scp`, any release track) run the
// local ssh or scp with the words of each `--ssh-flag`/`--scp-flag` among its options:
// `--ssh-flag="-o ProxyCommand=CMD"` runs CMD here, `--scp-flag="-S PROG"` runs PROG. A flag that
// forwards ports or sets verbosity (`-L 8080:localhost:8080`, `-v`) runs nothing more.
#include "engine/program_cloud_runs.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include "engine/program_words.hpp"

namespace vigie::engine {

using program_words::lit;
using shell::WordView;

namespace {

// ssh's and scp's short options that can make them run or load a program the flag names:
// `-o` (ProxyCommand, LocalCommand, KnownHostsCommand, PKCS11Provider…), `-F` (a config naming
// them), `-I` (a PKCS#11 library), `-S` (scp's program; ssh's control socket, over-asked).
constexpr std::string_view kRunLetters = "oFIS";
// Their short options that take a value (the rest of a cluster is that value: `-L8080:…`).
constexpr std::string_view kValuedLetters = "BbcDEeFIiJLlmOoPpQRSWw";

// Whether the words of one flag's value can make ssh or scp run a program.
bool flag_runs(std::string_view value) {
  std::size_t at = 0;
  while (at < value.size()) {
    while (at < value.size() && (value[at] == ' ' || value[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < value.size() && value[end] != ' ' && value[end] != '\t') ++end;
    const std::string_view word = value.substr(at, end - at);
    at = end;
    // A quote in the flag is read by gcloud's own splitting: not known here.
    if (word.find_first_of("'\"\\") != std::string_view::npos) return true;
    if (word.size() < 2 || word[0] != '-') continue;
    if (word[1] == '-') return true;  // not an option of ssh's
    for (std::size_t i = 1; i < word.size(); ++i) {
      if (kRunLetters.find(word[i]) != std::string_view::npos) return true;
      if (kValuedLetters.find(word[i]) != std::string_view::npos) break;
    }
  }
  return false;
}

// Keys of aws's configuration whose value is a program it runs (a profile's credentials
// helper, the pager of its output).
constexpr std::string_view kAwsProgramKeys[] = {"credential_process", "cli_pager"};

}  // namespace

void gcloud_ssh_flags(const std::vector<WordView>& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if (*s == "--") return;  // ssh's own words (gcloud_commands asks for them)
    std::string_view name = *s;
    const std::size_t eq = name.find('=');
    name = name.substr(0, eq);
    if (name != "--ssh-flag" && name != "--scp-flag") continue;
    const std::string* value = eq != std::string_view::npos ? s : lit(w, i + 1);
    if (eq == std::string_view::npos && i + 1 < w.size()) ++i;
    const std::string_view v =
        value ? std::string_view(*value).substr(eq != std::string_view::npos ? eq + 1 : 0) : "";
    if (!value || flag_runs(v))
      out.escalations.push_back("gcloud " + std::string(name) +
                                ": options of the ssh it runs that can run a program");
  }
}

// `aws configure set KEY VALUE` (KEY in any profile: `profile.dev.credential_process`); an empty
// VALUE (`cli_pager ""`, the usual way to turn the pager off) names no program.
void aws_configure(const std::vector<WordView>& w, const std::vector<std::size_t>& ops,
                   ProgramEffects& out) {
  if (ops.size() < 3 || !lit(w, ops[1]) || *lit(w, ops[1]) != "set") return;
  const std::string* key = lit(w, ops[2]);
  if (!key) {
    out.escalations.push_back("aws configure set with a key that is not static");
    return;
  }
  const std::string_view last = std::string_view(*key).substr(key->rfind('.') + 1);
  if (std::find(std::begin(kAwsProgramKeys), std::end(kAwsProgramKeys), last) ==
      std::end(kAwsProgramKeys))
    return;
  const std::string* value = ops.size() > 3 ? lit(w, ops[3]) : nullptr;
  if (value && value->empty()) return;
  out.escalations.push_back("aws configure set " + std::string(last) +
                            ": a program aws runs later");
}

}  // namespace vigie::engine
