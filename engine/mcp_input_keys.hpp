// The command lines an MCP tool (or a tool no table knows) runs, read from its input's command
// keys (engine/judge_mcp_files.cpp), and the folders it runs them in: judge_mcp_files.cpp and
// judge_names.cpp judge them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vigie::engine {

// The command lines under the keys an MCP shell tool uses (`command`, `cmd`…), in the table's
// order: a string as given, an argv as its words single-quoted (up to its first non-string).
std::vector<std::string> tool_command_lines(const nlohmann::json& input);

// The folders a tool's command lines and relative paths are judged from: the request's `cwd`,
// then the folder its input names under `cwd`, `workdir`... (relative to `cwd`, `~` is `home`).
std::vector<std::string> tool_folders(const nlohmann::json& input, const std::string& cwd,
                                      const std::string& home);

}  // namespace vigie::engine
