// node's preloads that read `./.env` (engine/code_dotenv.cpp).
#pragma once

#include <vector>

#include "engine/programs.hpp"

namespace vigie::engine {

// `node -r dotenv/config app.js`, `--require=dotenv/config`, `--import dotenv/config`
// (`@dotenvx/dotenvx/config`, `dotenv-flow/config`): the module reads `./.env` into the
// process before the script runs, or the file an argument of the script names
// (`dotenv_config_path=FILE`, read by dotenv/config from process.argv). Options after the
// script are its own; words not static before it end the search.
void node_preload_dotenv(const std::vector<shell::WordView>& words, std::vector<FileEffect>& out);

}  // namespace vigie::engine
