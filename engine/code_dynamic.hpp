// Inline code that runs what it builds at run time (engine/code_dynamic.cpp): its commands and
// code are not in the line: asked (an escalation of engine/code_commands.cpp).
#ifndef VIGIE_ENGINE_CODE_DYNAMIC_HPP
#define VIGIE_ENGINE_CODE_DYNAMIC_HPP

#include <string_view>

namespace vigie::engine {

// Whether the code of the language `prefix` names (engine/code_commands.cpp, `kSpawnNames`)
// runs code or loads a module it builds: python's `exec`, `eval`, `compile`, `__import__(x)`,
// `importlib.import_module(x)`, `getattr(os, "sys" + "tem")`; JavaScript's `eval`, `Function`,
// `vm`'s `run*`, `require(x)`, `import(x)`, `process.binding`, `process.dlopen`, a `Worker`;
// perl's string `eval`.
bool code_runs_built(std::string_view code, std::string_view prefix);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_CODE_DYNAMIC_HPP
