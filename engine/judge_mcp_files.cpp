// An MCP tool of a filesystem server (the reference server's tools, whatever the server is
// named: `mcp__fs__write_file {"path": …}`) meets the path rules of the files it names, besides
// the MCP rules of its name: a path rule can only make it stricter. Likewise the URL any MCP tool
// is given (`url`, `uri`, `href`…) meets the fetch rules (`mcp_url_parts`), and the command line
// (`command`, `cmd`…: a shell server's `execute_command`) the command rules (`mcp_command_parts`).
#include "engine/judge.hpp"
#include "engine/mcp_input_keys.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

namespace {

// The file tools and what they do to the paths under their keys.
struct McpFileTool {
  std::string_view name;  // the tool's name, after the server's
  Access access;
  std::string_view keys;   // space-separated input keys holding a path or a list of paths
  bool recursive = false;  // lists every folder below the path (as `tree`, `find`)
};

constexpr McpFileTool kMcpFileTools[] = {
    {"read_file", Access::read, "path"},
    {"read_text_file", Access::read, "path"},
    {"read_media_file", Access::read, "path"},
    {"read_multiple_files", Access::read, "paths"},
    {"list_directory", Access::read, "path"},
    {"list_directory_with_sizes", Access::read, "path"},
    {"directory_tree", Access::read, "path", true},
    {"search_files", Access::read, "path", true},
    {"get_file_info", Access::read, "path"},
    {"write_file", Access::write, "path"},
    {"edit_file", Access::write, "path"},
    {"create_directory", Access::write, "path"},
    {"move_file", Access::both, "source destination"},
};

// Any other MCP tool (serena's `create_text_file`, jetbrains' `get_file_text_by_path`,
// desktop-commander's `edit_block`): the keys that hold a path or a list of paths meet the path
// rules too, as a read when the tool's name starts with a verb that only reads, else as a change.
// The keys are those of the harnesses' own file tools and of common servers (`filepath`,
// `file_paths`, `directory`, `source`/`destination`...), but `file` (a sandbox server's own
// files) and `files` (the files a git server's `git_add` stages, writing none); they are looked up
// in nested objects and lists too (`{"options": {"filepath": …}}`,
// `{"items": [{"path": …}]}`).
constexpr McpFileTool kAnyFileTool = {
    "", Access::both,
    "file_path filePath filepath relative_path pathInProject path paths file_paths filePaths "
    "filename fileName absolute_path notebook_path directory dir dir_path dirPath "
    "folder source destination target",
    false};

constexpr std::string_view kReadVerbs[] = {"read", "get",  "list",     "search", "find",  "view",
                                           "open", "show", "cat",      "tree",   "info",  "stat",
                                           "glob", "grep", "describe", "lookup", "query", "fetch"};

// Keys that say the tool's paths are in a remote repository (GitHub's `get_file_contents`
// {owner, repo, path}): its paths are not the machine's, and only its name is judged.
constexpr std::string_view kRemoteKeys[] = {"owner", "repo", "repository", "repo_name",
                                            "project_id"};

// The access of a tool outside kMcpFileTools, from the first word of its name (`get_file_text`,
// `readFile`, `list-dir`).
Access any_tool_access(std::string_view mcp_name) {
  const auto slash = mcp_name.rfind('/');
  std::string_view tool = slash == std::string_view::npos ? mcp_name : mcp_name.substr(slash + 1);
  std::string word;
  for (std::size_t i = 0; i < tool.size(); ++i) {
    const char c = tool[i];
    if (c == '_' || c == '-' || c == '.' || (i > 0 && c >= 'A' && c <= 'Z')) break;
    word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  for (std::string_view verb : kReadVerbs)
    if (word == verb) return Access::read;
  return Access::both;
}

// Input keys of any MCP tool that hold a URL it fetches or opens (a fetch server's `fetch`, a
// browser's `navigate`): judged by the fetch rules as a command's URLs are (only stricter).
constexpr std::string_view kUrlKeys[] = {"url",      "uri",     "href",    "link",
                                         "endpoint", "baseUrl", "base_url"};

// Input keys of any MCP tool that hold a command line it runs (a string, or an argv: a list of
// strings).
constexpr std::string_view kCommandKeys[] = {"command",     "cmd",           "command_line",
                                             "commandLine", "shell_command", "shellCommand"};

// Input keys of any MCP tool (or unknown tool) that name the folder it runs in: its command
// lines and relative paths are judged from there too (`{"command": "cat id_rsa", "cwd":
// "~/.ssh"}`).
constexpr std::string_view kFolderKeys[] = {"cwd", "workdir", "working_directory",
                                            "workingDirectory", "cwd_path"};

const McpFileTool* mcp_file_tool(std::string_view mcp_name) {
  const auto slash = mcp_name.rfind('/');
  const std::string_view tool =
      slash == std::string_view::npos ? mcp_name : mcp_name.substr(slash + 1);
  for (const auto& t : kMcpFileTools)
    if (t.name == tool) return &t;
  return nullptr;
}

}  // namespace

std::vector<std::string> tool_command_lines(const nlohmann::json& input) {
  std::vector<std::string> out;
  if (!input.is_object()) return out;
  for (std::string_view key : kCommandKeys) {
    auto it = input.find(key);
    if (it == input.end()) continue;
    std::string line;
    if (it->is_string()) {
      line = it->get<std::string>();
    } else if (it->is_array()) {  // an argv: its words, quoted
      for (const json& v : *it) {
        if (!v.is_string()) break;
        if (!line.empty()) line += ' ';
        line += program_words::single_quoted(v.get_ref<const std::string&>());
      }
    }
    if (!line.empty()) out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> tool_folders(const nlohmann::json& input, const std::string& cwd,
                                      const std::string& home) {
  std::vector<std::string> out{cwd};
  if (!input.is_object()) return out;
  for (std::string_view key : kFolderKeys) {
    auto it = input.find(key);
    if (it == input.end() || !it->is_string() || it->get_ref<const std::string&>().empty())
      continue;
    const std::string& c = it->get_ref<const std::string&>();
    std::string dir;
    if (c == "~" || c.rfind("~/", 0) == 0)
      dir = lexical_normalize(home + c.substr(1));
    else
      dir = lexical_normalize(c[0] == '/' ? c : cwd + "/" + c);
    if (std::find(out.begin(), out.end(), dir) == out.end()) out.push_back(std::move(dir));
  }
  return out;
}

void Judge::mcp_file_parts(const json& input, std::string_view mcp_name, const std::string& cwd,
                           Part& acc) {
  if (!input.is_object()) return;
  const McpFileTool* tool = mcp_file_tool(mcp_name);
  McpFileTool any = kAnyFileTool;
  if (!tool) {
    for (std::string_view key : kRemoteKeys)
      if (input.contains(key)) return;
    any.access = any_tool_access(mcp_name);
    tool = &any;
  }
  // A value that is not a path (another server's tool of the same name) is not judged here:
  // the MCP rules of the tool's name still are.
  const std::vector<std::string> folders = tool_folders(input, cwd, home);
  std::size_t judged = 0;
  bool over = false;
  auto judge_one = [&](const json& v) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty()) return;
    // Bounded like a command's paths: each one is resolved through the filesystem.
    if (++judged > limits::judged_paths) {
      if (!over)
        fold(acc, builtin_ask(Builtin::limits_judged_paths,
                              fmt::format("the request touches more than {} paths: a human "
                                          "must check it",
                                          limits::judged_paths)));
      over = true;
      return;
    }
    std::string path = v.get<std::string>();
    // `file:///project/.env` under a path key: the local file it names.
    if (path.rfind("file:", 0) == 0) {
      auto local = file_url_path(path, false);
      if (!local || local->empty()) return;
      path = *local;
    }
    // A relative path from the request's folder and from the tool's own (`cwd`, `workdir`).
    for (const std::string& dir : folders) {
      if (dir != folders.front() && (path[0] == '/' || path[0] == '~')) break;
      TraceEntry t;
      t.subject = "path";
      Part part = judge_path(path, tool->access, dir, &t);
      if (tool->recursive && !t.text.empty()) {
        // `directory_tree ~`: the names below, `~/.ssh`'s included, as `tree ~` lists them.
        FileEffect f;
        f.entry = tool->name;
        f.listing = true;
        judge_below(t.text, f, t, part);
      }
      // Path rules only restrict an MCP tool.
      restrict(acc, std::move(part), t);
    }
  };
  auto judge_keys = [&](const json& obj, std::string_view keys) {
    while (!keys.empty() && !over) {
      const auto sp = keys.find(' ');
      const std::string key(keys.substr(0, sp));
      keys = sp == std::string_view::npos ? std::string_view() : keys.substr(sp + 1);
      auto it = obj.find(key);
      if (it == obj.end()) continue;
      if (it->is_array()) {
        for (const auto& v : *it) judge_one(v);
      } else {
        judge_one(*it);
      }
    }
  };
  // A known tool's keys, then the keys any tool may hold a path under (`read_file` given
  // `file_path`).
  judge_keys(input, tool->keys);
  if (tool != &any) judge_keys(input, any.keys);
  // The objects nested in the input (in lists too): the keys any tool may hold a path under.
  auto nested = [&](auto& self, const json& v, int depth) -> void {
    // parse_json bounded the depth (limits::json_depth).
    if (over) return;
    if (v.is_object()) {
      if (depth > 0) judge_keys(v, any.keys);
      for (const auto& m : v) self(self, m, depth + 1);
    } else if (v.is_array()) {
      for (const auto& m : v) self(self, m, depth + 1);
    }
  };
  nested(nested, input, 0);
}

void Judge::mcp_url_parts(const json& input, const std::string& cwd, Part& acc) {
  if (!input.is_object()) return;
  NormalizedCommand n;
  for (std::string_view key : kUrlKeys) {
    auto it = input.find(key);
    if (it == input.end() || !it->is_string()) continue;
    const std::string& url = it->get_ref<const std::string&>();
    // `file:///home/u/.ssh/id_rsa` (a browser's `navigate`, a resource's `uri`): a read of the
    // local file, judged by the path rules (only stricter).
    if (auto local = file_url_path(url, false)) {
      if (local->empty()) continue;
      TraceEntry t;
      t.subject = "path";
      restrict(acc, judge_path(*local, Access::read, cwd, &t), t);
      continue;
    }
    if (url.find(':') != std::string::npos) n.fetches.push_back({url, ""});
  }
  if (n.fetches.empty()) return;
  // `http://169.254.169.254/…`: the machine's credentials (safety check fetch.metadata).
  for (const UrlFetch& f : n.fetches)
    if (auto hit = check_fetch_url(f.url, safety_context(cwd))) {
      fold(acc, safety_part(*hit));
      break;
    }
  TraceEntry t;
  t.subject = "fetch";
  t.text = n.fetches.front().url;
  Part part;
  command_fetch_parts(n, t, part);
  restrict(acc, std::move(part), t);
}

// A part that can only make an MCP request stricter: folded into `acc` (and traced) unless it
// allows.
void Judge::restrict(Part& acc, Part part, TraceEntry& t) {
  if (part.effect == Effect::allow) return;
  if (tracing) {
    t.effect = part.effect;
    t.reason = part.message;
    keep(std::move(t));
  }
  fold(acc, std::move(part));
}

void Judge::mcp_command_parts(const json& input, const std::string& cwd) {
  for (const std::string& line : tool_command_lines(input)) {
    // The line is judged on its own, from the request's folder and the tool's own: what it adds
    // is kept only when a rule or a safety check denies or asks (the MCP rules of the tool's
    // name decide the rest).
    for (const std::string& dir : tool_folders(input, cwd, home)) {
      Part before = std::move(win_);
      const bool had = any_part_;
      win_ = Part{};
      any_part_ = false;
      judge_line(line, dir, 0);
      Part got = any_part_ ? std::move(win_) : Part{};
      win_ = std::move(before);
      any_part_ = had;
      if (got.effect != Effect::allow && !got.from_default) add(std::move(got));
    }
  }
}

}  // namespace vigie::engine
