// Shared by the libFuzzer targets of tests/fuzz (see docs/limits.md, "Fuzzing"). A target is one
// `LLVMFuzzerTestOneInput`; the same source builds the fuzzer (VIGIE_FUZZ, clang) and, in every
// native build, a replay program that runs the checked-in inputs of tests/fuzz/regressions/.
#ifndef VIGIE_TESTS_FUZZ_FUZZ_HPP
#define VIGIE_TESTS_FUZZ_FUZZ_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "vigie/vigie.hpp"

// A broken invariant: say which, then abort (libFuzzer saves the input as a crash).
#define FUZZ_CHECK(cond, what)                                                                 \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      std::fprintf(stderr, "fuzz invariant failed at %s:%d: %s\n  (%s)\n", __FILE__, __LINE__, \
                   what, #cond);                                                               \
      std::abort();                                                                            \
    }                                                                                          \
  } while (0)

namespace vigie::fuzz {

// The fuzz input as bytes to read from, front to back.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}
  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  bool empty() const { return n_ == 0; }
  std::string_view rest() {
    std::string_view r(reinterpret_cast<const char*>(p_), n_);
    p_ += n_;
    n_ = 0;
    return r;
  }
  // Up to `sep` (excluded) or the end.
  std::string_view until(char sep) {
    std::size_t i = 0;
    while (i < n_ && static_cast<char>(p_[i]) != sep) ++i;
    std::string_view r(reinterpret_cast<const char*>(p_), i);
    std::size_t used = i < n_ ? i + 1 : i;
    p_ += used;
    n_ -= used;
    return r;
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

inline bool valid_effect(Effect e) {
  return e == Effect::allow || e == Effect::ask || e == Effect::deny;
}

// The checks every decision must pass: a known effect, and an error never allows.
inline void check_decision(const Decision& d, bool interactive) {
  FUZZ_CHECK(valid_effect(d.decision), "the decision is allow, ask or deny");
  FUZZ_CHECK(!(d.error && d.decision == Effect::allow), "an error never gives allow");
  if (d.error && !interactive)
    FUZZ_CHECK(d.decision == Effect::deny, "a non-interactive error is a deny");
  if (d.decision == Effect::deny) FUZZ_CHECK(!d.message.empty(), "a deny always has a message");
}

// A JSON string literal (for building requests around fuzzed text). Every byte survives as a
// character, so that the request stays valid JSON whatever the fuzzer writes.
inline std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {  // bytes above ASCII as Latin-1: always valid JSON
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace vigie::fuzz

#endif  // VIGIE_TESTS_FUZZ_FUZZ_HPP
