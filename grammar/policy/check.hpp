// The checker: the second stage (parse → CHECK → compile → decide). It reads the generic AST
// with the key table of docs/language.md ("Keys by block") and reports, without stopping at the
// first: unknown blocks, keys and values (with "did you mean"), wrong arity and value types,
// duplicates, rules and test cases where they are not allowed, invalid regexes (RE2), and
// risky rules (an allow on an interpreter or wrapper prefix).
//
// What needs the matcher (a rule shadowed by another, a rule that can never match, a failing
// example) is the compile stage's job (engine/, codes V3xx).
#ifndef VIGIE_GRAMMAR_POLICY_CHECK_HPP
#define VIGIE_GRAMMAR_POLICY_CHECK_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/policy/ast.hpp"
#include "vigie/vigie.hpp"

namespace vigie::policy {

// How the lint (V214) tells wrappers and interpreters. The engine's programs table
// (engine/programs_table.cpp, with its interpreters column) is the one place programs are
// declared; this stage is below the engine, so the engine passes its own predicates here.
struct ProgramKinds {
  bool (*is_wrapper)(std::string_view name) = nullptr;      // runs the command after it
  bool (*is_interpreter)(std::string_view name) = nullptr;  // runs code given to it
};

struct CheckOptions {
  // A whole policy (the main file, or one named by `extends` or `plugins`) must name itself
  // with `policy "..."`; a fragment pulled in by `include` need not (pass false).
  bool require_policy_name = true;
  // The ids of the built-in safety checks (the engine owns them). When set, `safety { enable
  // NAME }` and `disable NAME` are checked against it (V223, with "did you mean").
  const std::vector<std::string>* safety_checks = nullptr;
  // The engine's wrappers and interpreters (the engine's compile passes them). When null (a
  // bare `check()`), the lint knows only the obvious ones (fallback_wrappers(),
  // fallback_interpreters()).
  const ProgramKinds* programs = nullptr;
};

// Appends the checker's diagnostics (V2xx) for `f` to `out`, and resolves each setting's key
// (Setting::id) so that the compiler switches on it. Never throws.
void check(File& f, std::vector<Diagnostic>& out, const CheckOptions& options);
inline void check(File& f, std::vector<Diagnostic>& out) {
  check(f, out, CheckOptions{});
}

// The closest candidate to `word`, if it is close enough to be a likely typo: optimal string
// alignment distance (Damerau-Levenshtein with adjacent transpositions), case-insensitive,
// at most 1 edit for words up to 4 bytes, 2 up to 8, 3 beyond. Ties go to the first candidate.
std::optional<std::string> did_you_mean(std::string_view word,
                                        const std::vector<std::string_view>& candidates);

// Effect and mode names (with the seed spellings) are the public vocabulary:
// vigie::to_string, vigie::effect_from_string, vigie::mode_from_string
// (grammar/policy/vocabulary.cpp, the lowest stage, so that every stage shares one copy).
using vigie::mode_from_string;

// The lint's fallback when no ProgramKinds is given: the obvious interpreters (programs that run
// code given to them, never allowed by a bare prefix) and wrappers (programs that run another
// command, seen through by the engine); a subset of the engine's programs table. A policy adds
// its own with the `interpreter` and `wrapper` settings of `commands`.
const std::vector<std::string_view>& fallback_interpreters();
const std::vector<std::string_view>& fallback_wrappers();

// The message of a `protect` setting: its last argument when that is double-quoted, has a
// blank in it (a glob has none) and is not the only argument; the other arguments are globs.
// Shared with the compiler so that both read `protect` the same way.
const Word* protect_message(const Setting& s);

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_CHECK_HPP
