// The WASM fast path's buffers and result layout (wasm/bindings.cpp, PolicyHandle::decide_fast;
// the JS side is fastBuffers in wasm/src/api.mjs, which must list the same fields).
#ifndef VIGIE_WASM_FAST_PATH_HPP
#define VIGIE_WASM_FAST_PATH_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "grammar/limits.hpp"

namespace vigie::wasm {

// The fast path's buffers (PolicyHandle::decide_fast): JS writes the request's UTF-8 text into
// the request buffer (TextEncoder.encodeInto on the wasm memory) and reads the result's fields
// from kFastFields numbers; no string crosses embind. One of each per module: JS is
// single-threaded and every call reads its input before it writes its result.
// The message and the error (often built from the request: "run `…`?") are an address and a
// length in wasm memory, valid until the next call (JS decodes them with TextDecoder); the
// rule's id, file and effect, which come from the policy, are interned.
enum FastField : int {
  kDecision,
  kMessageAt,
  kMessageLength,
  kRuleId,
  kRuleFile,
  kRuleLine,
  kRuleEffect,
  kErrorAt,
  kErrorLength,
  kFastFields
};
// An interned field's value: an index into the handle's interned strings, kNone (no rule), or
// kVolatile (not interned: read it with last_string(field)). kErrorLength is kNone: no error.
constexpr std::int32_t kNone = -1;
constexpr std::int32_t kVolatile = -2;
// Interned strings per policy handle (rule ids, files, effects: bounded by the policy), capped
// all the same.
constexpr std::size_t kMaxInterned = 4096;
constexpr std::size_t kMaxInternedBytes = 512;

inline std::array<std::int32_t, kFastFields> fast_result{};
inline std::string request_buffer;

// The request buffer's address with room for `capacity` bytes, or 0 past the request limit
// (JS then takes the string path, which reports the size).
inline std::uintptr_t request_buffer_at(std::size_t capacity) {
  try {
    if (capacity > vigie::limits::request_bytes) return 0;
    if (request_buffer.size() < capacity) request_buffer.resize(capacity);
    return reinterpret_cast<std::uintptr_t>(request_buffer.data());
  } catch (...) {
    return 0;
  }
}

inline std::uintptr_t fast_result_at() {
  return reinterpret_cast<std::uintptr_t>(fast_result.data());
}

}  // namespace vigie::wasm

#endif  // VIGIE_WASM_FAST_PATH_HPP
