// The binary form of a compiled policy, for the compiled-policy cache (engine/policy_cache.cpp):
// every field of Policy::Impl that `decide` reads, written and read back exactly. Regexes and
// glob sets are stored as their patterns and compiled again when read. The tests written in a
// policy (`Impl::tests`) are not stored: a cached policy is for deciding, not for `vigie test`.
#ifndef VIGIE_ENGINE_POLICY_CODEC_HPP
#define VIGIE_ENGINE_POLICY_CODEC_HPP

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/compiled.hpp"

namespace vigie::engine {

class PolicyCodec {
 public:
  // The bytes of `p`; nullopt when `p` holds something the format cannot carry (a regex
  // compiled with other options than the compiler's): such a policy is not cached.
  static std::optional<std::string> encode(const Policy::Impl& p);
  // The policy read back; null on any inconsistency (truncated, corrupt, a regex RE2 refuses,
  // counts past the bytes left). Never throws.
  static std::shared_ptr<const Policy::Impl> decode(std::string_view bytes) noexcept;

  // AliasTable's tables (this class is its friend).
  static auto& classes(AliasTable& a) { return a.classes_; }
  static auto& context(AliasTable& a) { return a.context_; }
  static auto& single_dash(AliasTable& a) { return a.single_dash_; }
  static const auto& classes(const AliasTable& a) { return a.classes_; }
  static const auto& context(const AliasTable& a) { return a.context_; }
  static const auto& single_dash(const AliasTable& a) { return a.single_dash_; }
};

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_POLICY_CODEC_HPP
