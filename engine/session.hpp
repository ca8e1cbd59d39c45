// The state a Session carries between decisions (see vigie.hpp): "always" answers, the loop
// detector's window, counters and the clock of budgets.
#ifndef VIGIE_ENGINE_SESSION_HPP
#define VIGIE_ENGINE_SESSION_HPP

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "vigie/vigie.hpp"

namespace vigie {

struct Session::State {
  std::set<std::string, std::less<>> always_tools;
  std::string last_call;  // tool + input of the previous call, for loop detection
  unsigned repeats = 0;   // how many identical consecutive calls, the last one included
  std::uint64_t actions = 0;
  std::uint64_t denials = 0;
  double clock = 0;
  std::optional<double> started;
};

}  // namespace vigie

#endif  // VIGIE_ENGINE_SESSION_HPP
