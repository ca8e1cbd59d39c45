// Session state between decisions, and apply_session: loops, budgets and "always" answers.
#include "engine/session.hpp"

#include <functional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/judge.hpp"

namespace vigie {

Session::Session() : state_(std::make_unique<State>()) {}
Session::~Session() = default;
Session::Session(const Session& o) : state_(std::make_unique<State>(*o.state_)) {}
Session& Session::operator=(const Session& o) {
  if (this != &o) *state_ = *o.state_;
  return *this;
}
void Session::remember_always(const std::string& tool) {
  state_->always_tools.insert(tool);
}
std::uint64_t Session::actions() const noexcept {
  return state_->actions;
}
std::uint64_t Session::denials() const noexcept {
  return state_->denials;
}
void Session::set_clock(double seconds) noexcept {
  state_->clock = seconds;
}

CallDigest CallDigest::of(std::string_view call) {
  CallDigest d;
  d.size = call.size();
  d.head.assign(call.substr(0, kKeptBytes));
  if (call.size() <= kKeptBytes) return d;   // the whole text: compared exactly
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : call) h = (h ^ c) * 1099511628211ull;
  d.fnv = h;
  d.std_hash = std::hash<std::string_view>{}(call);
  return d;
}

}  // namespace vigie

namespace vigie::engine {

namespace {

std::string canonical_call(const Request& req) {
  // Too large or too deep: the raw text. Otherwise the parsed form, and running out of memory
  // throws (an error decision) rather than quietly changing the key (tests/alloc).
  if (req.input_json.size() > kMaxInputBytes || !json_depth_within(req.input_json))
    return req.tool + '\n' + req.input_json;
  json input = json::parse(req.input_json, nullptr, false);
  JsonDrain drain{input};
  return req.tool + '\n' + (input.is_discarded() ? req.input_json : input.dump());
}

}  // namespace

void apply_session(const Policy::Impl& p, const Request& req, Session& s, Decision& d, bool nr) {
  auto& st = s.state();
  if (!st.started) st.started = st.clock;
  auto stop = [&](Builtin id, std::string message) {
    d.decision = Effect::deny;
    d.rule = builtin(id, Effect::deny);
    d.message = std::move(message);
    d.matched.push_back(d.rule);
  };
  CallDigest call = CallDigest::of(canonical_call(req));
  if (st.last_call && call == *st.last_call) {
    ++st.repeats;
  } else {
    st.last_call = std::move(call);
    st.repeats = 1;
  }
  const auto& ss = p.session;
  if (ss.budget_actions && st.actions >= ss.budget_actions) {
    stop(Builtin::session_budget_actions,
         fmt::format("the session's budget of {} actions is spent: stop here and summarize what "
                     "is done and what remains",
                     ss.budget_actions));
  } else if (ss.budget_minutes > 0 && st.clock - *st.started >= ss.budget_minutes * 60) {
    stop(Builtin::session_budget_minutes,
         fmt::format("the session's budget of {} minutes is spent: stop here and summarize what "
                     "is done and what remains",
                     ss.budget_minutes));
  } else if (ss.loop_threshold && st.repeats >= ss.loop_threshold) {
    stop(Builtin::session_loop,
         fmt::format("blocked for repetition: this exact call was made {} times in a row; do not "
                     "retry it, change approach",
                     st.repeats));
  } else if (d.decision == Effect::ask && !nr && ss.remember_always &&
             st.always_tools.count(req.tool) && !d.error) {
    d.decision = Effect::allow;
    d.rule = builtin(Builtin::session_always, Effect::allow);
    d.message = fmt::format("`{}` was approved for this session (\"always\")", req.tool);
  }
  ++st.actions;
  if (d.decision == Effect::deny) ++st.denials;
}

}  // namespace vigie::engine
