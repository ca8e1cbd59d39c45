// The scope of a folder a nested script runs in (`(cd ~ && bash -c 'cat .ssh/id_rsa')`).
//
// A script that a command runs (`bash -c`, `sh -c`, `bash <<<`, `eval`, `trap`) is parsed as a
// line of its own: its commands' contexts begin again at the top, so a `cd` confined to the
// subshell around the command (its scope `[top, subshell]`) would not reach them. While the
// command's scripts are judged, each such folder (known, or not known) is copied with the scope
// `script_scope(&cmd.context)`, which every command is in; the copies are removed when the
// scripts are judged (Judge::judge_files adds them, Judge::scripts_moved removes them).
#ifndef VIGIE_ENGINE_SCRIPT_SCOPE_HPP
#define VIGIE_ENGINE_SCRIPT_SCOPE_HPP

#include <string>
#include <vector>

namespace vigie::engine {

// The scope of the copies made for the command whose context is `ctx`.
std::vector<std::string> script_scope(const void* ctx);
// Whether `scope` is such a copy's.
bool is_script_scope(const std::vector<std::string>& scope);

}  // namespace vigie::engine

#endif
