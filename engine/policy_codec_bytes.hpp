// The bytes of the compiled-policy cache's format (engine/policy_codec.cpp writes a policy,
// engine/policy_codec_read.cpp reads it back): little-endian fixed-width integers, strings as a
// u32 length and their bytes, containers as a u32 count and their elements. The reader checks
// every length against the bytes left before it allocates.
#ifndef VIGIE_ENGINE_POLICY_CODEC_BYTES_HPP
#define VIGIE_ENGINE_POLICY_CODEC_BYTES_HPP

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/compiled.hpp"

namespace vigie::engine::codec {

static_assert(std::endian::native == std::endian::little, "the cache format is little-endian");

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr int kMaxDepth = 32;  // nested Tok alternatives, policy layers

// The options the compiler gives every regex of a command pattern and every name glob
// (engine/compile.cpp); a regex with others is not cached.
inline RE2::Options regex_options() {
  return rule_regex_options();
}
inline bool same_options(const RE2::Options& a, const RE2::Options& b) {
  return a.max_mem() == b.max_mem() && a.encoding() == b.encoding() &&
         a.posix_syntax() == b.posix_syntax() && a.longest_match() == b.longest_match() &&
         a.literal() == b.literal() && a.never_nl() == b.never_nl() && a.dot_nl() == b.dot_nl() &&
         a.never_capture() == b.never_capture() && a.case_sensitive() == b.case_sensitive() &&
         a.perl_classes() == b.perl_classes() && a.word_boundary() == b.word_boundary() &&
         a.one_line() == b.one_line();
}

struct Writer {
  std::string out;
  bool ok = true;
  void u8(std::uint8_t v) { out.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    out.append(s);
  }
  void effect(Effect e) { u8(static_cast<std::uint8_t>(e)); }
  void opt_effect(const std::optional<Effect>& e) { u8(e ? static_cast<std::uint8_t>(*e) + 1 : 0); }
  void strs(const std::vector<std::string>& v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (const auto& s : v) str(s);
  }
  void u32s(const std::vector<std::uint32_t>& v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (auto x : v) u32(x);
  }
  template <class Set>
  void str_set(const Set& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    for (const auto& x : s) str(x);
  }
};

struct Reader {
  std::string_view in;
  std::size_t at = 0;
  bool ok = true;
  bool need(std::size_t n) {
    if (!ok || in.size() - at < n) ok = false;
    return ok;
  }
  std::uint8_t u8() { return need(1) ? static_cast<std::uint8_t>(in[at++]) : 0; }
  // Fixed-width little-endian numbers (the writer's byte order; every target of vigie is
  // little-endian, which the static_assert above checks).
  template <class T>
  T num() {
    T v{};
    if (!need(sizeof v)) return v;
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::uint32_t u32() { return num<std::uint32_t>(); }
  std::uint64_t u64() { return num<std::uint64_t>(); }
  // A count of elements of at least `min_bytes` each: never more than the bytes left allow.
  std::uint32_t count(std::size_t min_bytes = 1) {
    std::uint32_t n = u32();
    if (ok && n > (in.size() - at) / (min_bytes ? min_bytes : 1)) ok = false;
    return ok ? n : 0;
  }
  std::string str() {
    std::uint32_t n = u32();
    if (!need(n)) return {};
    std::string s(in.substr(at, n));
    at += n;
    return s;
  }
  Effect effect() {
    std::uint8_t v = u8();
    if (v > 2) ok = false;
    return static_cast<Effect>(ok ? v : 1);
  }
  std::optional<Effect> opt_effect() {
    std::uint8_t v = u8();
    if (v == 0) return std::nullopt;
    if (v > 3) ok = false;
    return static_cast<Effect>(ok ? v - 1 : 1);
  }
  bool flag() {
    std::uint8_t v = u8();
    if (v > 1) ok = false;
    return v == 1;
  }
  std::vector<std::string> strs() {
    std::vector<std::string> v(count(4));
    for (auto& s : v) s = str();
    return v;
  }
  std::vector<std::uint32_t> u32s() {
    std::vector<std::uint32_t> v(count(4));
    for (auto& x : v) x = u32();
    return v;
  }
};

}  // namespace vigie::engine::codec

#endif  // VIGIE_ENGINE_POLICY_CODEC_BYTES_HPP
