// The state a Session carries between decisions (see vigie.hpp): "always" answers, the loop
// detector's window, counters and the clock of budgets.
#ifndef VIGIE_ENGINE_SESSION_HPP
#define VIGIE_ENGINE_SESSION_HPP

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "vigie/vigie.hpp"

namespace vigie {

// What loop detection keeps of a call (its tool and canonical input): the whole text when it is
// at most kKeptBytes, else its length, its first kKeptBytes and two independent 64-bit hashes
// of it (FNV-1a and the standard library's). A session then holds a bounded number of bytes
// whatever the size of the calls (up to a request's size). Two identical calls always get equal
// digests; two different ones that get equal digests (same length, same first bytes, both
// hashes equal) are counted as a repetition: the error can only deny a call, never allow one.
struct CallDigest {
  static constexpr std::size_t kKeptBytes = 256;

  static CallDigest of(std::string_view call);
  bool operator==(const CallDigest&) const = default;
  // The bytes this digest holds, its text's buffer included.
  std::size_t held_bytes() const noexcept { return sizeof(CallDigest) + head.capacity(); }

  std::size_t size = 0;
  std::uint64_t fnv = 0, std_hash = 0;
  std::string head;
};

struct Session::State {
  std::set<std::string, std::less<>> always_tools;
  std::optional<CallDigest> last_call;  // the previous call, for loop detection
  unsigned repeats = 0;  // how many identical consecutive calls, the last one included
  std::uint64_t actions = 0;
  std::uint64_t denials = 0;
  double clock = 0;
  std::optional<double> started;
};

}  // namespace vigie

#endif  // VIGIE_ENGINE_SESSION_HPP
