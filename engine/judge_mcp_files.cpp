// An MCP tool of a filesystem server (the reference server's tools, whatever the server is
// named: `mcp__fs__write_file {"path": …}`) meets the path rules of the files it names, besides
// the MCP rules of its name: a path rule can only make it stricter.
#include "engine/judge.hpp"

namespace vigie::engine {

namespace {

// The file tools and what they do to the paths under their keys.
struct McpFileTool {
  std::string_view name;  // the tool's name, after the server's
  Access access;
  std::string_view keys;  // space-separated input keys holding a path or a list of paths
};

constexpr McpFileTool kMcpFileTools[] = {
    {"read_file", Access::read, "path"},
    {"read_text_file", Access::read, "path"},
    {"read_media_file", Access::read, "path"},
    {"read_multiple_files", Access::read, "paths"},
    {"list_directory", Access::read, "path"},
    {"list_directory_with_sizes", Access::read, "path"},
    {"directory_tree", Access::read, "path"},
    {"search_files", Access::read, "path"},
    {"get_file_info", Access::read, "path"},
    {"write_file", Access::write, "path"},
    {"edit_file", Access::write, "path"},
    {"create_directory", Access::write, "path"},
    {"move_file", Access::both, "source destination"},
};

const McpFileTool* mcp_file_tool(std::string_view mcp_name) {
  const auto slash = mcp_name.rfind('/');
  const std::string_view tool =
      slash == std::string_view::npos ? mcp_name : mcp_name.substr(slash + 1);
  for (const auto& t : kMcpFileTools)
    if (t.name == tool) return &t;
  return nullptr;
}

}  // namespace

void Judge::mcp_file_parts(const json& input, std::string_view mcp_name, const std::string& cwd,
                           Part& acc) {
  const McpFileTool* tool = mcp_file_tool(mcp_name);
  if (!tool || !input.is_object()) return;
  // A value that is not a path (another server's tool of the same name) is not judged here:
  // the MCP rules of the tool's name still are.
  auto judge_one = [&](const json& v) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty()) return;
    TraceEntry t;
    t.subject = "path";
    Part part = judge_path(v.get_ref<const std::string&>(), tool->access, cwd, &t);
    if (part.effect == Effect::allow) return;  // path rules only restrict an MCP tool
    if (tracing) {
      t.effect = part.effect;
      t.reason = part.message;
      keep(std::move(t));
    }
    fold(acc, std::move(part));
  };
  std::string_view keys = tool->keys;
  while (!keys.empty()) {
    const auto sp = keys.find(' ');
    const std::string key(keys.substr(0, sp));
    keys = sp == std::string_view::npos ? std::string_view() : keys.substr(sp + 1);
    auto it = input.find(key);
    if (it == input.end()) continue;
    if (it->is_array()) {
      // Bounded like a command's paths: each one is resolved through the filesystem.
      if (it->size() > limits::judged_paths) {
        fold(acc, builtin_ask(Builtin::limits_judged_paths,
                              fmt::format("the request touches more than {} paths: a human "
                                          "must check it",
                                          limits::judged_paths)));
        return;
      }
      for (const auto& v : *it) judge_one(v);
    } else {
      judge_one(*it);
    }
  }
}

}  // namespace vigie::engine
