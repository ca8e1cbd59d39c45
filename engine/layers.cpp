// Layers: `extends` parents and sub-agents can only restrict a decision; plugins vote
// Escouade's way (any deny, else any allow, else ask).
#include <algorithm>

#include "engine/judge.hpp"

namespace vigie::engine {

namespace {

void merge_matched(Decision& into, const Decision& from) {
  for (const auto& m : from.matched)
    if (std::none_of(into.matched.begin(), into.matched.end(),
                     [&](const RuleRef& r) { return r.id == m.id && r.file == m.file; }))
      into.matched.push_back(m);
  for (const auto& t : from.trace) into.trace.push_back(t);
  if (!into.error && from.error) into.error = from.error;
}

// Restricting combination: the more restrictive decision wins; on a tie, the first.
void restrict_with(Decision& d, const Decision& layer, bool& nr, bool layer_nr) {
  if (layer.decision > d.decision) {
    d.decision = layer.decision;
    d.message = layer.message;
    d.rule = layer.rule;
    nr = layer_nr;
  } else if (layer.decision == d.decision) {
    nr = nr || layer_nr;
  }
  merge_matched(d, layer);
}

// Escouade: any deny wins, else any allow, else ask. The file's own rules vote too when it has
// any.
Decision decide_plugins(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                        bool& own_nr) {
  Decision d;
  std::vector<std::pair<Decision, bool>> votes;
  for (const auto& pl : p.plugins) {
    bool v_nr = false;
    votes.push_back({decide_layers(*pl, req, opt, &v_nr), v_nr});
  }
  if (!p.rules.empty()) {
    bool v_nr = false;
    votes.push_back({decide_one(p, req, opt, &v_nr), v_nr});
  }
  const std::pair<Decision, bool>* pick = nullptr;
  for (const auto& v : votes)
    if (v.first.decision == Effect::deny) {
      pick = &v;
      break;
    }
  if (!pick)
    for (const auto& v : votes)
      if (v.first.decision == Effect::allow) {
        pick = &v;
        break;
      }
  if (pick) {
    d = pick->first;
    own_nr = pick->second;
  } else {
    d.decision = Effect::ask;
    d.message = "no plugin decided: ask the user";
    for (const auto& v : votes)
      if (!v.first.message.empty()) {
        d.message = v.first.message;
        d.rule = v.first.rule;
        break;
      }
  }
  for (const auto& v : votes)
    if (&v != pick) merge_matched(d, v.first);
  return d;
}

}  // namespace

Decision decide_layers(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                       bool* nr) {
  bool own_nr = false;
  // Initialized by the call's result (no move of a decision).
  Decision d =
      p.plugins.empty() ? decide_one(p, req, opt, &own_nr) : decide_plugins(p, req, opt, own_nr);
  for (const auto& parent : p.parents) {
    bool pnr = false;
    Decision pd = decide_layers(*parent, req, opt, &pnr);
    restrict_with(d, pd, own_nr, pnr);
  }
  if (!req.agent.empty()) {
    if (auto it = p.agents.find(req.agent); it != p.agents.end()) {
      // A sub-agent layer only restricts, and only through rules that matched: its defaults do
      // not apply.
      bool anr = false;
      Decision ad = decide_one(*it->second, req, opt, &anr);
      if (!ad.rule.id.empty() && !ad.rule.builtin) restrict_with(d, ad, own_nr, anr);
    }
  }
  if (nr) *nr = own_nr;
  return d;
}

}  // namespace vigie::engine
