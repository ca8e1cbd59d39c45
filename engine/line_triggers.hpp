// The bytes that let a line-level check apply (Judge::judge_line): a NUL, the names of the
// variables whose assignment moves what later paths mean (`CDPATH`, `cdable_vars`, `HOME`,
// `PWD`), what opens arithmetic (`(`, `[`, `{`, `let`) and what the line-level safety check
// needs. Read in one pass over the line; a check runs only when its byte is there.
#ifndef VIGIE_ENGINE_LINE_TRIGGERS_HPP
#define VIGIE_ENGINE_LINE_TRIGGERS_HPP

#include <array>
#include <string_view>

#include "engine/safety.hpp"

namespace vigie::engine {

inline constexpr unsigned kTriggerNul = 1u << 0;        // '\0'
inline constexpr unsigned kTriggerOpen = 1u << 1;       // '(' '[' '{': arithmetic may open
inline constexpr unsigned kTriggerLineCheck = 1u << 2;  // kLineCheckByte (safety.hpp)
inline constexpr unsigned kTriggerC = 1u << 3;          // 'C' (CDPATH), 'c' (cdable_vars)
inline constexpr unsigned kTriggerH = 1u << 4;          // 'H' (HOME)
inline constexpr unsigned kTriggerP = 1u << 5;          // 'P' (PWD)
inline constexpr unsigned kTriggerL = 1u << 6;          // 'l' (let)

namespace line_triggers_detail {

constexpr std::array<unsigned char, 256> make_table() {
  std::array<unsigned char, 256> t{};
  t[0] = kTriggerNul;
  t['('] = kTriggerOpen;
  t['['] = kTriggerOpen;
  t['{'] = kTriggerOpen;
  t[static_cast<unsigned char>(kLineCheckByte)] |= kTriggerLineCheck;
  t['C'] = kTriggerC;
  t['c'] = kTriggerC;
  t['H'] = kTriggerH;
  t['P'] = kTriggerP;
  t['l'] = kTriggerL;
  return t;
}

inline constexpr std::array<unsigned char, 256> kTable = make_table();

}  // namespace line_triggers_detail

// The union of the triggers of the line's bytes.
inline unsigned line_triggers(std::string_view line) {
  unsigned seen = 0;
  for (char c : line) seen |= line_triggers_detail::kTable[static_cast<unsigned char>(c)];
  return seen;
}

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LINE_TRIGGERS_HPP
