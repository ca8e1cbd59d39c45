// The command lines an MCP tool (or a tool no table knows) runs, read from its input's command
// keys (engine/judge_mcp_files.cpp), and the folders it runs them in: judge_mcp_files.cpp and
// judge_names.cpp judge them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vigie::engine {

// Input keys of a tool that name the folder it runs in: an MCP tool's (or an unknown tool's)
// command lines and relative paths are judged from there too (`{"command": "cat id_rsa", "cwd":
// "~/.ssh"}`), and a harness's shell tool is judged from each one its row does not read as its
// own folder (Gemini CLI's older `directory`, a `cwd` Cline's `execute_command` may carry). A
// git server's `repo_path` is the folder its `files` are relative to.
inline constexpr std::string_view kFolderKeys[] = {
    "cwd",       "workdir",   "working_directory", "workingDirectory", "cwd_path",    "dir_path",
    "directory", "repo_path", "repoPath",          "project_path",     "projectPath", "root_path",
    "rootPath",  "base_path", "basePath",          "base_dir",         "baseDir"};

// The command lines under the keys an MCP shell tool uses (`command`, `cmd`…), in the input and
// the objects nested in it: a string as given (with an `args` list beside it joined to it), an
// argv as its words single-quoted (up to its first non-string), a `code` or `script` whose
// `language` is a shell.
std::vector<std::string> tool_command_lines(const nlohmann::json& input);

// The folders a tool's command lines and relative paths are judged from: the request's `cwd`,
// then the folder its input names under `cwd`, `workdir`... (relative to `cwd`, `~` is `home`).
std::vector<std::string> tool_folders(const nlohmann::json& input, const std::string& cwd,
                                      const std::string& home);

// The URLs Gemini CLI's web_fetch reads from its prompt: each `http://` or `https://` (any case)
// up to the next blank, as written and without the punctuation a sentence ends it with
// (`https://a.com/x.`, `(https://a.com)`), and a GitHub `blob` page as the raw file it fetches.
std::vector<std::string> prompt_urls(std::string_view prompt);

}  // namespace vigie::engine
