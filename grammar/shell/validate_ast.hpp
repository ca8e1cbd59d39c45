// Checks of the lowered AST (validate_ast.cpp): each returns the first error, or nothing.
#ifndef VIGIE_GRAMMAR_SHELL_VALIDATE_AST_HPP
#define VIGIE_GRAMMAR_SHELL_VALIDATE_AST_HPP

#include <cstdint>
#include <optional>
#include <vector>

#include "grammar/shell/ast.hpp"
#include "grammar/shell/tree.hpp"
#include "grammar/shell/validate.hpp"

namespace vigie::shell::validate {

// An arithmetic expression kept as parts (`$((…))`, `((…))`, `for ((…))`) ending at `end`.
std::optional<Error> check_arith(const std::vector<WordPart>& expr, ArithMode mode,
                                 std::uint32_t end);
// `let EXPR...`: every argument is an arithmetic expression.
std::optional<Error> check_let(const CallExpr& call);
// Simple-command shapes bash refuses (`a[i]` without `=`, `coproc` alone, `a=([k])`).
std::optional<Error> check_call(const CallExpr& call);
// `${…}`: a valid name, then nothing, a subscript, or one operator.
std::optional<Error> check_param(const ParamExp& p);
// `[[ … ]]`, from its parse-tree node (`base` is the start of the parsed text, at `base_offset`
// of the top-level source).
std::optional<Error> check_test(const Node& n, const char* base, std::uint32_t base_offset);

}  // namespace vigie::shell::validate

#endif  // VIGIE_GRAMMAR_SHELL_VALIDATE_AST_HPP
