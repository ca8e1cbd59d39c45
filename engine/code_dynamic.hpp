// Inline code that runs what it builds at run time (engine/code_dynamic.cpp), or opens a path it
// builds (engine/code_paths_built.cpp): its commands, code and paths are not in the line: asked
// (an escalation of engine/code_commands.cpp).
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

// Whether the code opens a file (reads, writes, copies it) under a path it builds at run time
// that may be a protected one (engine/code_paths_built.cpp): pieces joined at run time around
// a protected name (`os.path.join(d, ".env")`, `f"{home}/.ssh/id_rsa"`, `p = ".e"; p +=
// "nv"`, `path.resolve(os.homedir(), ".ssh")`, perl's `"$ENV{HOME}/.ssh"`), or a name it
// decodes (`chr(46)+…`, `bytes.fromhex`, `b64decode`, rot13, `"vne."[::-1]`, node's
// `Buffer.from(…, "base64")`, perl's `pack`, `reverse`). The path is not in the line: asked.
bool code_opens_built_path(std::string_view code);

// Whether the code loads `./.env` without naming it (engine/code_dotenv.cpp): python-dotenv's
// `load_dotenv()`, `dotenv_values()`, `find_dotenv()`; `require("dotenv").config()`,
// `import "dotenv/config"`, `process.loadEnvFile()`; Ruby's `Dotenv.load`. A call that names
// its file is not one.
bool code_loads_dotenv(std::string_view code);

// Whether loading the module (node's `-r`, `--require`, `--import`: `dotenv/config`,
// `@dotenvx/dotenvx/config`) reads `./.env` (engine/code_dotenv.cpp).
bool module_loads_dotenv(std::string_view module);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_CODE_DYNAMIC_HPP
