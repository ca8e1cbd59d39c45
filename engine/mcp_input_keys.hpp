// The input keys of an MCP tool (or of a tool no table knows) that hold a command line it runs
// (engine/judge_mcp_files.cpp), and the folders it runs in: judge_names.cpp judges an unknown
// tool's command lines with them.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vigie::engine {

std::span<const std::string_view> mcp_command_keys();

// The folders a tool's command lines and relative paths are judged from: the request's `cwd`,
// then the folder its input names under `cwd`, `workdir`... (relative to `cwd`, `~` is `home`).
std::vector<std::string> tool_folders(const nlohmann::json& input, const std::string& cwd,
                                      const std::string& home);

}  // namespace vigie::engine
