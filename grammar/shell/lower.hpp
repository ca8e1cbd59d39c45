// Lowering a parse tree to the AST (lower.cpp): the second of the parser's stages.
#ifndef VIGIE_GRAMMAR_SHELL_LOWER_HPP
#define VIGIE_GRAMMAR_SHELL_LOWER_HPP

#include <optional>
#include <string_view>
#include <vector>

#include "grammar/shell/ast.hpp"
#include "grammar/shell/commands.hpp"
#include "grammar/shell/tree.hpp"

namespace vigie::shell {

// Runs the grammar on `src` (the top-level source) and lowers the tree: the statements, or
// nothing with at least one error in `errors`. Never throws.
std::optional<std::vector<Stmt>> lower_script(std::string_view src, const Limits& limits,
                                              std::vector<ParseError>& errors);

// Lowers one word node of a tree built over `text`: the word, or nothing with an error (a node
// kind the lowering does not know is an error, never literal text). For tests.
std::optional<Word> lower_word(const Node& n, std::string_view text, const Limits& limits,
                               std::vector<ParseError>& errors);

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_LOWER_HPP
