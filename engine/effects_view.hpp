// The effects of a command line as data: for `vigie parse --effects --json` and the traces.
#ifndef VIGIE_ENGINE_EFFECTS_VIEW_HPP
#define VIGIE_ENGINE_EFFECTS_VIEW_HPP

#include <string>
#include <string_view>
#include <vector>

#include "engine/normalize.hpp"
#include "vigie/vigie.hpp"

namespace vigie::engine {

// Every effect of a normalized command: the paths it touches (programs table, redirections)
// and what it runs (nested scripts, argvs, options that run programs).
std::vector<TraceEffect> effects_of(const NormalizedCommand& n);

// `{"ok": bool, "commands": [{"argv": ["cp", "a", "b"], "effects": [{"access":
// "read|write|delete|exec", "path": "…", "from": "operand|option|redirect"}]}], "errors": […]}`:
// every simple command of `src`, and of the scripts it runs (bash -c, eval, find -exec…), after
// wrappers are seen through. The `vigie parse --effects --json` contract.
std::string effects_to_json(std::string_view src);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_EFFECTS_VIEW_HPP
