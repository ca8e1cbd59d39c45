// A fast path for the commonest command line: plain words and blanks (`git status`,
// `npm run lint -- --fix`, `python -m pytest -q tests/`). Such a line is one simple command
// whose words are all literal, so the full shell parser is not needed to list it; it is about
// half the cost of a decision otherwise (docs/bench.md).
//
// tests/engine/plain_test.cpp checks, on generated lines, that this gives exactly what
// shell::parse_commands gives; any line it is unsure of goes to the parser.
#ifndef VIGIE_ENGINE_PLAIN_HPP
#define VIGIE_ENGINE_PLAIN_HPP

#include <optional>
#include <string_view>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// The commands view of `line` when it is plain: only letters, digits, `_ . / : @ % + , - =`
// and spaces or tabs; at least one word; a first word that is neither a reserved word nor an
// assignment. nullopt otherwise (the caller then runs the parser).
std::optional<shell::CommandsResult> plain_line(std::string_view line);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PLAIN_HPP
