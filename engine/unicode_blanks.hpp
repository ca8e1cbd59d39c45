// Trimming the blanks a harness trims before it reads a name: Rust's `str::trim` (Codex's
// apply_patch parser: Unicode White_Space) and JavaScript's `String.prototype.trim` (Claude
// Code's path resolver: WhiteSpace and LineTerminator). The two sets differ in one code point
// each: U+0085 is Rust's only, U+FEFF JavaScript's only.
#ifndef VIGIE_ENGINE_UNICODE_BLANKS_HPP
#define VIGIE_ENGINE_UNICODE_BLANKS_HPP

#include <string_view>
#include <vector>

namespace vigie::engine {

enum class Trim { rust, js };

// `text` without the blanks of `style` at either end (UTF-8; an invalid byte ends the trim).
std::string_view trim_blanks(std::string_view text, Trim style);

// The pieces of `text` between runs of the blanks of `style` (JavaScript's `split(/\s+/)`),
// empty pieces left out.
std::vector<std::string_view> split_blanks(std::string_view text, Trim style);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_UNICODE_BLANKS_HPP
