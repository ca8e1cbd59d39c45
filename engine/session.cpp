#include "engine/session.hpp"

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

}  // namespace vigie
