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
  // second).
  for (std::size_t n = 1; n < operands.size() && n < 3; ++n) {
    const std::size_t at = operands[n];
    if (!own[at].literal) return;
    const std::string word = lower(*own[at].literal);
    const std::size_t slash = word.find('/');
    std::string_view kind_text = std::string_view(word).substr(0, slash);
    if (kind_text.find(',') != std::string_view::npos)
      kind_text = kind_text.substr(0, kind_text.find(','));
    kind_text = kind_text.substr(0, kind_text.find('.'));  // `deployments.apps`
    const Kind* kind = find_kind(kind_text);
    if (!kind) continue;
    const std::string name = slash == std::string::npos ? std::string() : word.substr(slash + 1);
    for (std::string_view spelling : kind->names) {
      if (spelling.empty()) continue;
      if (spelling == *own[at].literal && name.empty()) continue;  // the line itself
      Words argv(own.begin(), own.begin() + static_cast<std::ptrdiff_t>(at));
      argv.push_back(synthesized(own[at], std::string(spelling), 0));
      if (!name.empty()) argv.push_back(synthesized(own[at], name, slash + 1));
      argv.insert(argv.end(), own.begin() + static_cast<std::ptrdiff_t>(at) + 1, own.end());
      out.deny_argvs.push_back(std::move(argv));
    }
    return;
  }
}

}  // namespace vigie::engine
