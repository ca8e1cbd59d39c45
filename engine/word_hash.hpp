// The hash of a short word (a command name, an option, a subcommand) for the hashed tables the
// decision path looks words up in: the rule tries (engine/compiled.hpp) and the programs' name
// index (engine/programs_index.cpp). Words of up to 16 bytes, nearly all of them, are read in
// two overlapping loads and mixed with one multiplication; longer ones use std::hash. Only
// look-up speed depends on it: no hash value is stored (the policy cache writes keys sorted).
#ifndef VIGIE_ENGINE_WORD_HASH_HPP
#define VIGIE_ENGINE_WORD_HASH_HPP

#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

namespace vigie::engine {

inline std::size_t word_hash(std::string_view s) noexcept {
  const std::size_t n = s.size();
  if (n > 16) return std::hash<std::string_view>()(s);
  const char* p = s.data();
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  if (n >= 8) {
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
  } else if (n >= 4) {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::memcpy(&x, p, 4);
    std::memcpy(&y, p + n - 4, 4);
    a = x;
    b = y;
  } else if (n > 0) {
    a = static_cast<std::uint64_t>(static_cast<unsigned char>(p[0])) |
        static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8 |
        static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16;
  }
  // One 64x64->128 multiplication of the two halves (keyed so that zero words differ).
  const unsigned __int128 m =
      static_cast<unsigned __int128>(a ^ 0xa0761d6478bd642fULL) * (b ^ 0xe7037ed1a0b428dbULL ^ n);
  return static_cast<std::size_t>(static_cast<std::uint64_t>(m) ^
                                  static_cast<std::uint64_t>(m >> 64));
}

// For std::unordered_map, with look-ups by view (no key string built). Deliberately not
// `noexcept`: libstdc++ then stores each key's hash in its node, and a look-up walking a
// bucket compares stored hashes instead of hashing every key it passes (measured: fewer
// instructions per look-up in the 1,000-rule tries).
struct WordHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return word_hash(s); }
};

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_WORD_HASH_HPP
