// kubectl's resource kinds in every spelling it accepts (engine/program_handlers.hpp,
// `kubectl_kind_spellings`): singular, plural and short names (`namespace`, `namespaces`, `ns`),
// any case, a group after a dot (`deployments.apps`), `KIND/NAME` (`ns/prod`) and lists
// (`pods,services`). A deny or ask rule written with one spelling meets the others: the command
// is also judged (by those rules only) with the kind in each of its spellings.
#include <algorithm>
#include <array>
#include <string>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

// One kind: its spellings, singular first (kubectl api-resources: NAME, SHORTNAMES, KIND).
struct Kind {
  std::array<std::string_view, 4> names;
};
constexpr Kind kKinds[] = {
    {{"pod", "pods", "po"}},
    {{"service", "services", "svc"}},
    {{"deployment", "deployments", "deploy"}},
    {{"replicaset", "replicasets", "rs"}},
    {{"statefulset", "statefulsets", "sts"}},
    {{"daemonset", "daemonsets", "ds"}},
    {{"namespace", "namespaces", "ns"}},
    {{"node", "nodes", "no"}},
    {{"configmap", "configmaps", "cm"}},
    {{"secret", "secrets"}},
    {{"persistentvolumeclaim", "persistentvolumeclaims", "pvc"}},
    {{"persistentvolume", "persistentvolumes", "pv"}},
    {{"serviceaccount", "serviceaccounts", "sa"}},
    {{"ingress", "ingresses", "ing"}},
    {{"job", "jobs"}},
    {{"cronjob", "cronjobs", "cj"}},
    {{"endpoints", "ep"}},
    {{"event", "events", "ev"}},
    {{"horizontalpodautoscaler", "horizontalpodautoscalers", "hpa"}},
    {{"networkpolicy", "networkpolicies", "netpol"}},
    {{"customresourcedefinition", "customresourcedefinitions", "crd", "crds"}},
    {{"role", "roles"}},
    {{"rolebinding", "rolebindings"}},
    {{"clusterrole", "clusterroles"}},
    {{"clusterrolebinding", "clusterrolebindings"}},
    {{"poddisruptionbudget", "poddisruptionbudgets", "pdb"}},
    {{"storageclass", "storageclasses", "sc"}},
    {{"limitrange", "limitranges", "limits"}},
    {{"resourcequota", "resourcequotas", "quota"}},
    {{"replicationcontroller", "replicationcontrollers", "rc"}},
    {{"priorityclass", "priorityclasses", "pc"}},
    {{"certificatesigningrequest", "certificatesigningrequests", "csr"}},
};

const Kind* find_kind(std::string_view s) {
  for (const Kind& k : kKinds)
    for (std::string_view n : k.names)
      if (!n.empty() && n == s) return &k;
  return nullptr;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

void kubectl_kind_spellings(const Words& own, const std::vector<std::size_t>& operands,
                            ProgramEffects& out) {
  // Each spelling copies the command: bounded before the copies (a longer command is asked).
  if (own.size() > limits::judged_paths) {
    out.escalations.push_back(
        fmt::format("a kubectl command of more than {} words", limits::judged_paths));
    return;
  }
  // The first operand after the subcommand that names a kind (`rollout restart deploy/x`: the
  // second): a kind, a list of kinds (`ns,pods`) or KIND/NAME, and each KIND/NAME after it
  // (`delete deploy/x pod/y`). Each kind is judged in each of its spellings, at the first one's
  // place, with its name when it has one.
  constexpr std::size_t kMaxKinds = 16;  // each is copied for each of its spellings: collected
                                         // up to one more, then asked
  struct Item {
    std::size_t at;  // the operand's index in own
    std::string kind, name;
  };
  std::vector<Item> items;
  std::size_t first = 0;
  for (std::size_t n = 1; n < operands.size() && n < 3 && items.empty(); ++n) {
    const std::size_t at = operands[n];
    if (!own[at].literal) return;
    const std::string word = lower(*own[at].literal);
    const std::size_t slash = word.find('/');
    const std::string name = slash == std::string::npos ? std::string() : word.substr(slash + 1);
    std::string_view kinds = std::string_view(word).substr(0, slash);
    for (std::size_t k = 0; k <= kinds.size() && items.size() <= kMaxKinds;) {
      const std::size_t comma = std::min(kinds.find(',', k), kinds.size());
      items.push_back({at, std::string(kinds.substr(k, comma - k)), name});
      k = comma + 1;
    }
    if (!find_kind(items.front().kind.substr(0, items.front().kind.find('.')))) items.clear();
    first = at;
    if (items.empty() || slash == std::string::npos) continue;
    for (std::size_t m = n + 1; m < operands.size() && items.size() <= kMaxKinds; ++m) {
      const std::string* next = own[operands[m]].literal ? &*own[operands[m]].literal : nullptr;
      const std::size_t sl = next ? next->find('/') : std::string::npos;
      if (sl == std::string::npos) break;
      items.push_back({operands[m], lower(next->substr(0, sl)), lower(next->substr(sl + 1))});
    }
  }
  if (items.empty()) return;
  if (items.size() > kMaxKinds) {
    out.escalations.push_back(
        fmt::format("a kubectl command naming more than {} kinds", kMaxKinds));
    return;
  }
  for (const Item& item : items) {
    const Kind* kind = find_kind(std::string_view(item.kind).substr(0, item.kind.find('.')));
    if (!kind) continue;
    for (std::string_view spelling : kind->names) {
      if (spelling.empty()) continue;
      if (items.size() == 1 && item.name.empty() && spelling == *own[item.at].literal)
        continue;  // the line itself
      Words argv(own.begin(), own.begin() + static_cast<std::ptrdiff_t>(first));
      argv.push_back(synthesized(own[item.at], std::string(spelling), 0));
      if (!item.name.empty()) argv.push_back(synthesized(own[item.at], item.name, 0));
      for (std::size_t k = first + 1; k < own.size(); ++k)
        if (k != item.at) argv.push_back(own[k]);
      out.deny_argvs.push_back(std::move(argv));
    }
  }
}

}  // namespace vigie::engine
