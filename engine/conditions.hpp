// Operand conditions of command rules (`docs/language.md`, "Operand conditions"): a rule that
// applies only when the command's path operands are inside / outside given paths, or only when
// an option is absent. Checked by decide after a pattern matched the command's words.
#ifndef VIGIE_ENGINE_CONDITIONS_HPP
#define VIGIE_ENGINE_CONDITIONS_HPP

#include <string>

#include "engine/normalize.hpp"
#include "engine/paths.hpp"
#include "vigie/vigie.hpp"

namespace vigie::engine {

struct CommandPattern;

// What a condition needs to resolve paths the way the rest of the request is resolved.
struct ConditionContext {
  std::string cwd;
  std::string home;
  std::string project;  // the project root, resolved
  const FileSystem* fs = nullptr;
  // The request's budget of resolver steps (engine/paths.hpp), shared with the judged paths;
  // null: unbounded. A path past it is unresolved: the condition is `unknown`.
  ResolveBudget* steps = nullptr;
};

enum class ConditionResult {
  holds,    // the rule applies
  fails,    // the rule does not apply to this command
  unknown,  // a word is not static: the rule may apply (the caller treats a deny as ask)
};

// Whether the pattern's conditions hold for `n` (always `holds` for a pattern without any).
ConditionResult check_conditions(const CommandPattern& p, const NormalizedCommand& n,
                                 const ConditionContext& c);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_CONDITIONS_HPP
