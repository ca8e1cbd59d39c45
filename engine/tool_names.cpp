// The tool-name table: every harness's tool names, their kind and the input fields that hold
// their subject (see tool_names.hpp). Sources: each harness's hook documentation and tool
// schemas; `lesson` and `zeroclaw` are the names of seeds 000 and 002's runtimes.
#include "engine/tool_names.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "engine/limits.hpp"
#include "engine/mcp_input_keys.hpp"
#include "engine/program_words.hpp"
#include "engine/unicode_blanks.hpp"

namespace vigie::engine {
namespace {

using nlohmann::json;

constexpr std::string_view kPath = "path=file_path path=notebook_path path=path";

constexpr ToolName kTools[] = {
    // Claude Code: the base vocabulary (a request with no harness is read with it first).
    {"claude", "Bash", RequestKind::command, "command=command"},
    {"claude", "Edit", RequestKind::edit, "path=file_path content=new_string"},
    {"claude", "MultiEdit", RequestKind::edit, "path=file_path content=edits"},
    {"claude", "Write", RequestKind::edit, "path=file_path content=content"},
    {"claude", "NotebookEdit", RequestKind::edit, "path=notebook_path content=new_source"},
    {"claude", "Read", RequestKind::read, kPath},
    {"claude", "NotebookRead", RequestKind::read, "path=notebook_path"},  // earlier versions
    // Grep runs `rg --hidden` (hidden names searched), Glob `rg --files --hidden --glob P`.
    {"claude", "Grep", RequestKind::read, "searchall=path rgfilter=glob"},
    {"claude", "Glob", RequestKind::read, "dir=path rgpattern=pattern"},
    {"claude", "LS", RequestKind::read, "dir=path"},
    {"claude", "WebFetch", RequestKind::fetch, "url=url method=method"},
    {"claude", "WebSearch", RequestKind::fetch, "query=query"},
    // Tools that name no file, URL or shell command: only their name is judged (`SlashCommand`'s
    // `command` is a slash command, `/review-pr 123`, not a shell line).
    {"claude", "Agent", RequestKind::tool, ""},
    {"claude", "Task", RequestKind::tool, ""},
    {"claude", "TodoWrite", RequestKind::tool, ""},
    {"claude", "ExitPlanMode", RequestKind::tool, ""},
    {"claude", "AskUserQuestion", RequestKind::tool, ""},
    {"claude", "SlashCommand", RequestKind::tool, ""},
    {"claude", "Skill", RequestKind::tool, ""},
    {"claude", "BashOutput", RequestKind::tool, ""},
    {"claude", "KillShell", RequestKind::tool, ""},
    // Gemini CLI.
    // `directory`: the folder's key before `dir_path`.
    {"gemini", "run_shell_command", RequestKind::command,
     "command=command cwd=dir_path cwd=directory"},
    {"gemini", "write_file", RequestKind::edit, "path=file_path content=content"},
    {"gemini", "replace", RequestKind::edit, "path=file_path content=new_string"},
    {"gemini", "read_file", RequestKind::read, "path=file_path path=absolute_path"},
    {"gemini", "read_many_files", RequestKind::read, "dir=dir_path filter=include filter=paths"},
    {"gemini", "list_directory", RequestKind::read, "dir=dir_path dir=path"},
    {"gemini", "glob", RequestKind::read, "dir=dir_path dir=path pattern=pattern"},
    {"gemini", "grep_search", RequestKind::read, "search=dir_path search=path filter=include"},
    {"gemini", "search_file_content", RequestKind::read,
     "search=dir_path search=path filter=include"},
    // The URLs to fetch are written in the prompt (up to 20).
    {"gemini", "web_fetch", RequestKind::fetch, "url=url prompt=prompt method=method"},
    {"gemini", "google_web_search", RequestKind::fetch, "query=query"},
    // Codex CLI (`apply_patch` carries a patch envelope in `command`; the hook adapter judges
    // each of its files as `file_path`).
    {"codex", "Bash", RequestKind::command, "command=command"},
    {"codex", "exec_command", RequestKind::command, "command=cmd command=command cwd=workdir"},
    // The model's `shell` tool (and its older names) takes an argv: `["bash", "-lc", "…"]`.
    {"codex", "shell", RequestKind::command, "command=command cwd=workdir"},
    {"codex", "local_shell", RequestKind::command, "command=command cwd=workdir"},
    {"codex", "container.exec", RequestKind::command, "command=command cwd=workdir"},
    // The experimental file tools (`experimental_supported_tools`).
    {"codex", "read_file", RequestKind::read, "path=file_path"},
    {"codex", "list_dir", RequestKind::read, "dir=dir_path"},
    {"codex", "grep_files", RequestKind::read, "searchall=path filter=include"},
    {"codex", "view_image", RequestKind::read, "path=path"},
    {"codex", "apply_patch", RequestKind::edit, "patch=command path=file_path content=command"},
    {"codex", "NetworkAccess", RequestKind::fetch, "url=url"},  // the hook adapter writes `url`
    // Cursor.
    {"cursor", "Shell", RequestKind::command, "command=command cwd=cwd"},
    {"cursor", "Read", RequestKind::read, "path=file_path"},
    {"cursor", "Grep", RequestKind::read, "searchall=file_path searchall=path filter=glob"},
    {"cursor", "Write", RequestKind::edit, "path=file_path content=contents content=content"},
    {"cursor", "Edit", RequestKind::edit, "path=file_path content=new_string"},
    {"cursor", "Delete", RequestKind::edit, "path=file_path"},
    // GitHub Copilot CLI.
    {"copilot", "bash", RequestKind::command, "command=command"},
    {"copilot", "powershell", RequestKind::command, "command=command"},
    {"copilot", "view", RequestKind::read, "path=path"},
    {"copilot", "create", RequestKind::edit, "path=path content=file_text"},
    {"copilot", "edit", RequestKind::edit, "path=path content=new_str"},
    {"copilot", "str_replace_editor", RequestKind::edit, "path=path content=new_str"},
    {"copilot", "glob", RequestKind::read, "dir=path pattern=pattern"},
    {"copilot", "grep", RequestKind::read, "searchall=path filter=glob"},
    {"copilot", "web_fetch", RequestKind::fetch, "url=url method=method"},
    // Keystrokes sent to an async bash session: judged as the line they type.
    {"copilot", "write_bash", RequestKind::command, "command=input"},
    // OpenCode.
    {"opencode", "bash", RequestKind::command, "command=command cwd=workdir"},
    {"opencode", "edit", RequestKind::edit, "path=filePath content=newString"},
    {"opencode", "write", RequestKind::edit, "path=filePath content=content"},
    {"opencode", "multiedit", RequestKind::edit, "path=filePath content=edits"},
    // `apply_patch` (for GPT models, in place of edit and write) and the older `patch`: Codex's
    // envelope in `patchText`.
    {"opencode", "apply_patch", RequestKind::edit, "patch=patchText path=file_path"},
    {"opencode", "patch", RequestKind::edit, "patch=patchText path=filePath"},
    {"opencode", "read", RequestKind::read, "path=filePath"},
    {"opencode", "list", RequestKind::read, "dir=path"},
    {"opencode", "glob", RequestKind::read, "dir=path pattern=pattern"},
    {"opencode", "grep", RequestKind::read, "searchall=path filter=include"},
    {"opencode", "webfetch", RequestKind::fetch, "url=url method=method"},
    // Cline.
    {"cline", "execute_command", RequestKind::command, "command=command"},
    {"cline", "write_to_file", RequestKind::edit, "path=path content=content"},
    {"cline", "replace_in_file", RequestKind::edit, "path=path content=diff"},
    {"cline", "read_file", RequestKind::read, "path=path"},
    {"cline", "list_files", RequestKind::read, "dir=path"},
    {"cline", "search_files", RequestKind::read, "searchall=path filter=file_pattern"},
    {"cline", "list_code_definition_names", RequestKind::read, "dir=path"},
    // The MCP tool's input is `arguments`, a JSON string; a resource's `uri` may be a file URL.
    {"cline", "use_mcp_tool", RequestKind::mcp, "server=server_name tool=tool_name args=arguments"},
    {"cline", "access_mcp_resource", RequestKind::mcp, "server=server_name tool=uri url=uri"},
    {"cline", "web_fetch", RequestKind::fetch, "url=url method=method"},
    // Puppeteer: `launch` opens a URL (a file URL reads the file); the other actions name none.
    {"cline", "browser_action", RequestKind::fetch, "page=url"},
    // Seed 000: the teaching agent.
    {"lesson", "run_command", RequestKind::command, "command=command"},
    {"lesson", "read_file", RequestKind::read, "path=path"},
    {"lesson", "list_files", RequestKind::read, "dir=path"},
    {"lesson", "write_file", RequestKind::edit, "path=path content=content"},
    {"lesson", "edit_file", RequestKind::edit, "path=path content=content"},
    // Seed 002: the agent runtime with autonomy levels.
    {"zeroclaw", "shell", RequestKind::command, "command=command"},
    {"zeroclaw", "file_read", RequestKind::read, "path=path"},
    {"zeroclaw", "file_list", RequestKind::read, "dir=path"},
    {"zeroclaw", "file_write", RequestKind::edit, "path=path content=content"},
    {"zeroclaw", "file_edit", RequestKind::edit, "path=path content=new_string"},
    {"zeroclaw", "memory_search", RequestKind::read, ""},
    {"zeroclaw", "time", RequestKind::read, ""},
    {"zeroclaw", "http_request", RequestKind::fetch, "url=url method=method"},
    {"zeroclaw", "web_search", RequestKind::fetch, "query=query"},
};

constexpr HarnessInfo kHarnesses[] = {
    {"claude", "mcp__", "__"}, {"gemini", "mcp_", "_"},    {"codex", "mcp__", "__"},
    {"cursor", "MCP:", ""},    {"copilot", "mcp__", "__"}, {"opencode", "", ""},
    {"cline", "", ""},         {"lesson", "", ""},         {"zeroclaw", "", ""},
};

// role -> the canonical input key the engine reads ("" for roles kept outside the input), and
// the keys tried when none of a row's own keys is there: a call whose path sits under another
// harness's key is still judged on that path, never on the working folder.
struct Role {
  std::string_view role, canonical, fallback;
};
constexpr Role kRoles[] = {
    {"command", "command", "command cmd command_line"},
    {"path", "file_path",
     "file_path path filePath notebook_path absolute_path dir_path target_file targetFile"},
    // Cursor's agent tools name a listing's folder `relative_workspace_path`.
    {"dir", "file_path", "file_path path filePath dir_path relative_workspace_path"},
    {"search", "file_path", "file_path path filePath dir_path"},
    {"searchall", "file_path", "file_path path filePath dir_path"},
    {"filter", "glob", "glob include file_pattern"},
    // ripgrep's `--glob` list of Claude Code's Grep: split on blanks and commas, `!` excludes.
    {"rgfilter", "rg_glob", "glob include file_pattern"},
    {"pattern", "pattern", "pattern"},
    // Claude Code's Glob (`rg --files --glob`): a name without `/` matches at any depth.
    {"rgpattern", "rg_pattern", "pattern"},
    // A patch envelope (Codex's apply_patch): each file it adds, updates, deletes or moves to.
    {"patch", "patch_text", "command input patch patchText"},
    {"url", "url", "url"},
    {"page", "url", "url"},  // a browser's: a call without one opens nothing
    {"method", "method", "method"},
    {"query", "query", "query"},
    {"prompt", "prompt", "prompt"},  // a prompt naming the URLs to fetch (Gemini's web_fetch)
    {"content", "content", ""},
    {"cwd", "", ""},
    {"server", "", "server_name"},
    {"tool", "", "tool_name"},
    {"args", "", "arguments"},  // an MCP call's input (an object, or a JSON string holding one)
};

// The roles whose value is a path, trimmed as Claude Code's resolver trims it (JS `trim()`).
constexpr std::string_view kPathRoles[] = {"path", "dir", "search", "searchall"};

// The wire spellings of the kinds, in the enum's order (tool_names.hpp).
constexpr std::string_view kKinds[] = {
#define VIGIE_KIND_NAME(k) #k,
    VIGIE_REQUEST_KINDS(VIGIE_KIND_NAME)
#undef VIGIE_KIND_NAME
};

const Role* find_role(std::string_view role) {
  for (const auto& r : kRoles)
    if (r.role == role) return &r;
  return nullptr;
}

template <class F>
void for_each_word(std::string_view text, F&& f) {
  while (!text.empty()) {
    auto sp = text.find(' ');
    if (sp != 0) f(text.substr(0, sp));
    if (sp == std::string_view::npos) break;
    text = text.substr(sp + 1);
  }
}

// The value of a field as text: strings as they are, other scalars and containers dumped.
std::string field_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return {};
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

// An MCP call's `arguments` merged into its input (keys already there stay); an error when it is
// neither an object nor a JSON string holding one.
std::string merge_arguments(const json& v, json& out) {
  json parsed;
  const json* obj = &v;
  if (v.is_string()) {
    std::string why;
    parsed =
        parse_json(v.get_ref<const std::string&>(), &why, limits::request_bytes, "`arguments`");
    obj = &parsed;
  }
  if (!obj->is_object()) return "the MCP call's `arguments` are not a JSON object";
  for (auto it = obj->begin(); it != obj->end(); ++it)
    if (!out.contains(it.key())) out[it.key()] = it.value();
  return {};
}

ResolvedCall apply(RequestKind kind, std::string_view fields, json& input, bool js_trim) {
  ResolvedCall r;
  r.kind = kind;
  r.mapped = true;
  json out = json::object();
  JsonDrain drain_out{out};  // an allocation failure must not make a destructor allocate
  std::string server, tool;
  std::string_view cwd_key;  // the key the row's folder was read from
  std::vector<std::string_view> roles_seen;
  auto take = [&](std::string_view role, std::string_view key) {
    auto it = input.find(std::string(key));
    if (it == input.end() || it->is_null()) return;
    const Role* canon = find_role(role);
    if (!canon) return;
    roles_seen.push_back(canon->role);
    if (role == "cwd") {
      // A folder that is not a string (`{"dir_path": ["~/.ssh"]}`): where it runs is unknown.
      if (!it->is_string())
        r.invalid = "the request's folder (`" + std::string(key) + "`) is not a string";
      else if (r.cwd.empty())
        r.cwd = it->get<std::string>();
      if (cwd_key.empty()) cwd_key = key;
    } else if (role == "server") {
      if (server.empty()) server = field_text(*it);
    } else if (role == "tool") {
      if (tool.empty()) tool = field_text(*it);
    } else if (role == "args") {
      if (std::string why = merge_arguments(*it, out); !why.empty()) r.invalid = std::move(why);
    } else if (js_trim && it->is_string() && !out.contains(std::string(canon->canonical)) &&
               std::find(std::begin(kPathRoles), std::end(kPathRoles), role) !=
                   std::end(kPathRoles)) {
      // Claude Code resolves a path after `trim()`: ` ~/.ssh` is `~/.ssh`.
      out[std::string(canon->canonical)] =
          std::string(trim_blanks(it->get_ref<const std::string&>(), Trim::js));
    } else if (role == "filter" && out.contains("glob")) {
      // Every filter key counts (read_many_files' `include` and `paths`): one list.
      json& list = out["glob"];
      if (!list.is_array()) list = json::array({std::move(list)});
      if (it->is_array())
        for (json& v : *it) list.push_back(std::move(v));
      else
        list.push_back(*it);
    } else if (role == "command" && it->is_array() && !it->empty() &&
               std::all_of(it->begin(), it->end(), [](const json& w) { return w.is_string(); }) &&
               !out.contains("command")) {
      // An argv (Codex's `shell`): its words, single-quoted, as the line it runs.
      std::string line;
      for (const json& w : *it) {
        if (!line.empty()) line += ' ';
        line += program_words::single_quoted(w.get_ref<const std::string&>());
      }
      out["command"] = std::move(line);
    } else if (!out.contains(std::string(canon->canonical))) {
      // The command, path and URL keep their JSON type: a non-string is judged as invalid.
      out[std::string(canon->canonical)] = role == "content" ? json(field_text(*it)) : *it;
    }
  };
  std::vector<std::string_view> roles_named;
  for_each_word(fields, [&](std::string_view pair) {
    auto eq = pair.find('=');
    if (eq == std::string_view::npos) return;
    roles_named.push_back(pair.substr(0, eq));
    take(pair.substr(0, eq), pair.substr(eq + 1));
  });
  for (std::string_view role : roles_named) {
    if (std::find(roles_seen.begin(), roles_seen.end(), role) != roles_seen.end()) continue;
    if (const Role* canon = find_role(role))
      for_each_word(canon->fallback, [&](std::string_view key) { take(role, key); });
  }
  // A listing or search tool (`dir`), or one with no path at all, reads the working folder
  // when it names none.
  r.path_optional = std::find(roles_named.begin(), roles_named.end(), "path") == roles_named.end();
  auto named = [&](std::string_view role) {
    return std::find(roles_named.begin(), roles_named.end(), role) != roles_named.end();
  };
  r.searches = named("searchall") ? 'a' : named("search") ? 'h' : 0;
  r.url_optional = named("page");
  // A shell tool's folder keys its row does not read (a `cwd` the harness may pass on): its line
  // is judged from each of them too, never from them alone.
  if (kind == RequestKind::command)
    for (std::string_view key : kFolderKeys) {
      auto it = input.find(std::string(key));
      if (key == cwd_key || it == input.end() || it->is_null()) continue;
      if (!it->is_string())
        r.invalid = "the request's folder (`" + std::string(key) + "`) is not a string";
      else if (!it->get_ref<const std::string&>().empty())
        r.folders.push_back(it->get<std::string>());
    }
  if (kind == RequestKind::mcp)
    r.mcp = (server.empty() ? "?" : server) + "/" + (tool.empty() ? "?" : tool);
  drain_json(input);
  input = std::move(out);
  return r;
}

// An MCP tool name in the harness's style, as `server/tool`; empty when it is not one.
std::string mcp_name(const HarnessInfo& h, std::string_view tool) {
  if (h.mcp_prefix.empty() || tool.size() <= h.mcp_prefix.size() ||
      tool.substr(0, h.mcp_prefix.size()) != h.mcp_prefix)
    return {};
  std::string_view rest = tool.substr(h.mcp_prefix.size());
  if (h.mcp_separator.empty()) return "?/" + std::string(rest);
  auto sep = rest.find(h.mcp_separator);
  if (sep == std::string_view::npos) return std::string(rest);
  return std::string(rest.substr(0, sep)) + "/" +
         std::string(rest.substr(sep + h.mcp_separator.size()));
}

// The row of `tool` in `harness`'s vocabulary, or its MCP name in the harness's style.
std::optional<ToolRow> in_harness(std::string_view harness, std::string_view tool) {
  for (const auto& t : kTools)
    if (t.harness == harness && t.tool == tool) return ToolRow{t.kind, t.fields, {}, t.harness};
  if (const HarnessInfo* h = find_harness(harness))
    if (std::string name = mcp_name(*h, tool); !name.empty())
      return ToolRow{RequestKind::mcp, {}, std::move(name), {}};
  return std::nullopt;
}

}  // namespace

std::span<const ToolName> tool_names() {
  return kTools;
}
std::span<const HarnessInfo> harnesses() {
  return kHarnesses;
}

const HarnessInfo* find_harness(std::string_view name) {
  for (const auto& h : kHarnesses)
    if (h.name == name) return &h;
  return nullptr;
}

std::string_view kind_name(RequestKind kind) {
  auto i = static_cast<std::size_t>(kind);
  return i < std::size(kKinds) ? kKinds[i] : std::string_view();
}

std::optional<RequestKind> request_kind(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kKinds); ++i)
    if (kKinds[i] == name) return static_cast<RequestKind>(i);
  return std::nullopt;
}

bool is_request_kind(std::string_view kind) {
  return request_kind(kind).has_value();
}

bool is_field_role(std::string_view role) {
  return find_role(role) != nullptr;
}

std::vector<std::string_view> request_kinds() {
  return {std::begin(kKinds), std::end(kKinds)};
}

std::vector<std::string_view> field_roles() {
  std::vector<std::string_view> out;
  for (const auto& r : kRoles) out.push_back(r.role);
  return out;
}

std::optional<ToolRow> find_tool(std::string_view tool, std::string_view harness,
                                 std::span<const std::string> selected,
                                 std::span<const ToolMapping> mappings) {
  for (const auto& m : mappings)
    if (m.tool == tool)  // the checker refused any other kind; `tool` is the strictest
      return ToolRow{request_kind(m.kind).value_or(RequestKind::tool), m.fields, {}, {}};
  if (!harness.empty())
    if (auto r = in_harness(harness, tool)) return r;
  // Claude Code's names first, then every other harness in the table's order.
  if (selected.empty()) {
    for (const auto& h : kHarnesses)
      if (auto r = in_harness(h.name, tool)) return r;
  } else {
    for (const auto& h : selected)
      if (auto r = in_harness(h, tool)) return r;
    // Claude Code's names stay known: `vigie check --command` sends a Bash call.
    if (auto r = in_harness("claude", tool)) return r;
  }
  return std::nullopt;
}

ResolvedCall resolve_tool(std::string_view tool, std::string_view harness,
                          std::span<const std::string> selected,
                          std::span<const ToolMapping> mappings, json& input) {
  return resolve_row(find_tool(tool, harness, selected, mappings), input);
}

ResolvedCall resolve_row(std::optional<ToolRow> row, json& input) {
  if (!row) return ResolvedCall{};  // kind `tool`
  if (!row->mcp.empty()) {
    ResolvedCall r;
    r.kind = RequestKind::mcp;
    r.mcp = std::move(row->mcp);
    r.mapped = true;
    return r;
  }
  return apply(row->kind, row->fields, input, row->harness == "claude");
}

}  // namespace vigie::engine
