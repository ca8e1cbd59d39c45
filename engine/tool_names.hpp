// The tool names of the agent harnesses vigie knows: which kind of request each tool call is,
// and which of its input fields hold the command, the path, the URL... One table
// (engine/tool_names.cpp); the engine, the hook adapters and the policy language's `tools`
// block (`harness NAME…`, `map TOOL KIND ROLE=FIELD…`) all read it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vigie::engine {

// The kinds of request, declared once: the enum the engine switches on, and each kind's spelling
// on the wire (a request's `kind`, `map TOOL KIND` in a policy), which is the enumerator's name.
#define VIGIE_REQUEST_KINDS(X) X(command) X(edit) X(read) X(fetch) X(mcp) X(tool)

enum class RequestKind : std::uint8_t {
#define VIGIE_KIND_ENUM(k) k,
  VIGIE_REQUEST_KINDS(VIGIE_KIND_ENUM)
#undef VIGIE_KIND_ENUM
      unknown,  // a request's explicit kind that is none of the above (judged: ask)
};

// The wire spelling of a kind ("" for unknown), and the kind a spelling names.
std::string_view kind_name(RequestKind kind);
std::optional<RequestKind> request_kind(std::string_view name);

// One tool of one harness. `fields` lists `role=key` pairs, in order of preference per role:
//   command  the shell command line             path     the file or folder (required)
//   dir      the folder a listing tool reads (default: the cwd)
//   search   the folder a content search reads with every file below it but hidden names
//            (ripgrep's default; default: the cwd)   searchall  the same, hidden names too
//   pattern  a glob pattern (Glob-like tools)   filter   a search's file filter (`*.ts`,
//            from `dir`; without `/`, at any depth), a string or a list
//   url      the URL fetched
//   method   the HTTP method                    query    a search query (no URL)
//   content  the text written (edits)           cwd      the folder a command runs in
//   prompt   a prompt naming the URLs fetched (Gemini's web_fetch)
//   server, tool   an MCP call's server and tool name (tools that carry them as fields)
struct ToolName {
  std::string_view harness;
  std::string_view tool;
  RequestKind kind;
  std::string_view fields;
};

// How a harness names MCP tools: `mcp__SERVER__TOOL` (claude, codex), `mcp_SERVER_TOOL`
// (gemini), `MCP:TOOL` (cursor); empty when its MCP calls use a dedicated tool with fields.
struct HarnessInfo {
  std::string_view name;
  std::string_view mcp_prefix;
  std::string_view mcp_separator;  // between server and tool; empty: the name is the tool alone
};

std::span<const ToolName> tool_names();
std::span<const HarnessInfo> harnesses();
const HarnessInfo* find_harness(std::string_view name);

// A policy's own declaration: `map TOOL KIND ROLE=FIELD…` in a `tools` block.
struct ToolMapping {
  std::string tool, kind, fields;
};

// The kinds a tool can be mapped to and the roles of its fields, for the checker.
bool is_request_kind(std::string_view kind);
bool is_field_role(std::string_view role);
std::vector<std::string_view> request_kinds();
std::vector<std::string_view> field_roles();

// A tool call resolved to vigie's canonical shape: the kind, and an input object whose keys are
// those the engine reads (`command`, `file_path`, `pattern`, `url`, `method`, `query`,
// `content`). `cwd` is set when the call names the folder it runs in; `mcp` is `server/tool`
// for an MCP call.
struct ResolvedCall {
  RequestKind kind = RequestKind::tool;
  std::string cwd;
  std::string mcp;
  bool mapped = false;         // a table row or a policy mapping named this tool
  bool path_optional = false;  // no `path` role: a read without a path reads the cwd
  // A search of the files' contents below its folder (role `search`: ripgrep's default, hidden
  // names skipped, 'h'; role `searchall`: hidden names searched too, 'a'), 0 for any other tool.
  char searches = 0;
  bool url_optional = false;  // role `page`: a browser action without a URL opens nothing
  std::string invalid;        // why the input is malformed (an MCP call's `arguments`), or empty
  // A command tool's folder keys its row does not read as its own (`cwd`, `workdir`...): the
  // line is judged from each of them as well as from `cwd`.
  std::vector<std::string> folders;
};

// What a table row or a policy mapping says of a tool: its kind and fields, or its MCP name
// (`server/tool`) when the harness names MCP tools by a prefix.
struct ToolRow {
  RequestKind kind = RequestKind::tool;
  std::string_view fields;
  std::string mcp;
  std::string_view harness;  // the table row's harness (empty: a mapping or an MCP name)
};

// The row `resolve_tool` would use for `tool` (same lookup order); nullopt when none knows it.
std::optional<ToolRow> find_tool(std::string_view tool, std::string_view harness,
                                 std::span<const std::string> selected,
                                 std::span<const ToolMapping> mappings);

// Resolves `tool` with `input` (a JSON object, rewritten in place to the canonical keys). The
// lookup order: the policy's own mappings, the request's harness, then the policy's selected
// harnesses (all of them when `selected` is empty). A name no table knows keeps kind `tool`:
// never a looser kind than that.
ResolvedCall resolve_tool(std::string_view tool, std::string_view harness,
                          std::span<const std::string> selected,
                          std::span<const ToolMapping> mappings, nlohmann::json& input);

// `resolve_tool` from the row `find_tool` returned for the tool (so a caller that looked the
// row up already does not look it up again).
ResolvedCall resolve_row(std::optional<ToolRow> row, nlohmann::json& input);

}  // namespace vigie::engine
