// The shared vocabulary of the public header: effects and modes, their names and spellings.
// It lives with the language front end, the lowest stage, so that every stage uses one copy.
#include "vigie/vigie.hpp"

namespace vigie {

const char* to_string(Effect e) noexcept {
  switch (e) {
    case Effect::allow:
      return "allow";
    case Effect::ask:
      return "ask";
    case Effect::deny:
      return "deny";
  }
  return "ask";
}

std::optional<Effect> effect_from_string(std::string_view s) noexcept {
  if (s == "allow") return Effect::allow;
  if (s == "ask") return Effect::ask;
  if (s == "deny") return Effect::deny;
  return std::nullopt;
}

const char* to_string(Mode m) noexcept {
  switch (m) {
    case Mode::readonly:
      return "readonly";
    case Mode::ask:
      return "ask";
    case Mode::auto_:
      return "auto";
  }
  return "ask";
}

std::optional<Mode> mode_from_string(std::string_view s) noexcept {
  // The seed spellings are accepted where a seed uses them: supervised and full (seed 002),
  // deny (seed 000).
  if (s == "readonly" || s == "deny") return Mode::readonly;
  if (s == "ask" || s == "supervised") return Mode::ask;
  if (s == "auto" || s == "full") return Mode::auto_;
  return std::nullopt;
}

}  // namespace vigie
