// An MCP tool of a filesystem server (the reference server's tools, whatever the server is
// named: `mcp__fs__write_file {"path": …}`) meets the path rules of the files it names, besides
// the MCP rules of its name: a path rule can only make it stricter. Likewise the URL any MCP tool
// is given (`url`, `uri`, `href`…) meets the fetch rules (`mcp_url_parts`), and the command line
// (`command`, `cmd`…: a shell server's `execute_command`) the command rules (`mcp_command_parts`).
#include "engine/judge.hpp"
#include "engine/mcp_input_keys.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/unicode_blanks.hpp"

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
// The keys are those of the harnesses' own file tools (Cursor's `target_file` and
// `relative_workspace_path`, Kiro's `path`) and of common servers (`filepath`, `file_paths`,
// `directory`, `source`/`destination`, `src`/`dst`, `old_path`/`new_path`, a sandbox server's
// `file`, a git server's `files`); they are looked up in nested objects and lists too
// (`{"options": {"filepath": …}}`, `{"items": [{"path": …}]}`, `{"paths": [["a", "b"]]}`).
constexpr McpFileTool kAnyFileTool = {
    "", Access::both,
    "file_path filePath filepath relative_path relativePath pathInProject path paths file_paths "
    "filePaths filename fileName file files absolute_path absolutePath notebook_path directory "
    "directories dir dir_path dirPath folder folders source destination target src dst "
    "source_path sourcePath destination_path destinationPath old_path new_path oldPath newPath "
    "target_file targetFile target_directory target_directories targetDirectory "
    "relative_workspace_path",
    false};

// Keys that hold a path only when their value reads as one (`{"name": "~/.ssh/id_rsa"}`, a copy
// tool's `{"from": "/etc/passwd", "to": "./x"}`): a value with a `/`, or that starts with `.`,
// `~` or `file:`. A server's `name` or a mail's `to` is no path.
constexpr std::string_view kPathLikeKeys[] = {"name", "from", "to"};

constexpr std::string_view kReadVerbs[] = {"read", "get",  "list",     "search", "find",  "view",
                                           "open", "show", "cat",      "tree",   "info",  "stat",
                                           "glob", "grep", "describe", "lookup", "query", "fetch"};

// Keys that say the tool's paths are in a remote repository (GitHub's `get_file_contents`
// {owner, repo, path}): its relative paths are not the machine's, and are not judged.
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
// A list under one of them (`urls`) holds several; they are looked up in nested objects too.
constexpr std::string_view kUrlKeys[] = {
    "url",   "uri",     "href",     "link",     "endpoint", "urls",       "uris",
    "links", "baseUrl", "base_url", "page_url", "pageUrl",  "target_url", "targetUrl"};

// Input keys of any MCP tool that hold a command line it runs (a string, or an argv: a list of
// strings).
constexpr std::string_view kCommandKeys[] = {"command",     "cmd",           "command_line",
                                             "commandLine", "shell_command", "shellCommand"};

// Keys beside a command key that hold the program's arguments (`{"command": "cat", "args": […]}`).
constexpr std::string_view kArgvKeys[] = {"args", "argv", "arguments"};

// Keys that name a script's language, the shell languages among their values, and the keys that
// hold the script (a code-runner's `{"code": "…", "language": "bash"}`).
constexpr std::string_view kLanguageKeys[] = {"language", "lang", "shell", "interpreter",
                                              "runtime"};
constexpr std::string_view kShellLanguages[] = {"bash", "sh", "shell", "zsh", "dash", "ksh"};
constexpr std::string_view kScriptKeys[] = {"code", "script", "source", "content"};

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
  // An argv's words, single-quoted (up to its first non-string).
  auto words = [](const json& argv, std::string& line) {
    for (const json& v : argv) {
      if (!v.is_string()) break;
      if (!line.empty()) line += ' ';
      line += program_words::single_quoted(v.get_ref<const std::string&>());
    }
  };
  auto in_object = [&](const json& obj) {
    for (std::string_view key : kCommandKeys) {
      auto it = obj.find(key);
      if (it == obj.end()) continue;
      std::string line;
      if (it->is_string()) {
        line = it->get<std::string>();
        // A program and its arguments apart (`{"command": "cat", "args": [".env"]}`, an MCP
        // server's launch or a process tool's): the line they make.
        for (std::string_view args : kArgvKeys)
          if (auto a = obj.find(args); a != obj.end() && a->is_array()) {
            words(*a, line);
            break;
          }
      } else if (it->is_array()) {
        words(*it, line);
      }
      if (!line.empty()) out.push_back(std::move(line));
    }
    // A script in a shell language (`{"code": "…", "language": "bash"}`).
    for (std::string_view lang_key : kLanguageKeys) {
      auto lang = obj.find(lang_key);
      if (lang == obj.end() || !lang->is_string()) continue;
      std::string l = lang->get<std::string>();
      for (char& c : l)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (std::find(std::begin(kShellLanguages), std::end(kShellLanguages), l) ==
          std::end(kShellLanguages))
        continue;
      for (std::string_view key : kScriptKeys)
        if (auto it = obj.find(key); it != obj.end() && it->is_string() && !it->empty())
          out.push_back(it->get<std::string>());
      break;
    }
  };
  // The input and the objects nested in it (`{"args": {"command": …}}`, `{"steps": [{"cmd":
  // …}]}`); parse_json bounded the depth, and the lines are substrings of a bounded request.
  auto walk = [&](auto& self, const json& v) -> void {
    if (v.is_object()) {
      in_object(v);
      for (const auto& m : v)
        if (m.is_structured()) self(self, m);
    } else if (v.is_array()) {
      for (const auto& m : v)
        if (m.is_structured()) self(self, m);
    }
  };
  walk(walk, input);
  return out;
}

std::vector<std::string> prompt_urls(std::string_view prompt) {
  std::vector<std::string> out;
  auto add = [&](std::string url) {
    if (url.find("://") + 3 < url.size() && std::find(out.begin(), out.end(), url) == out.end())
      out.push_back(std::move(url));
  };
  for (std::string_view piece : split_blanks(prompt, Trim::js)) {
    std::string low(piece);
    for (char& c : low)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    // Each `http(s)://` in the piece, to its end (`https://a.com/?u=https://b.com` names both).
    for (std::size_t i = low.find("http"); i != std::string::npos; i = low.find("http", i + 4)) {
      if (low.compare(i, 7, "http://") != 0 && low.compare(i, 8, "https://") != 0) continue;
      std::string url(piece.substr(i));
      add(url);
      while (!url.empty() &&
             std::string_view(".,;:!?)]}>\"'`*").find(url.back()) != std::string_view::npos)
        url.pop_back();
      add(url);
      // `https://github.com/o/r/blob/main/f` is fetched as its raw file.
      static constexpr std::string_view kGithub = "://github.com/";
      const auto g = url.find(kGithub);
      if (g == std::string::npos || g > 5) continue;
      if (auto b = url.find("/blob/", g + kGithub.size()); b != std::string::npos)
        add("https://raw.githubusercontent.com/" +
            url.substr(g + kGithub.size(), b - g - kGithub.size()) + "/" + url.substr(b + 6));
    }
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
  // A remote repository's tool: its relative paths are the repository's, but one that names a
  // folder of the machine (`/…`, `~/…`, `file:`) is judged.
  bool remote = false;
  if (!tool) {
    for (std::string_view key : kRemoteKeys)
      if (input.contains(key)) remote = true;
    any.access = any_tool_access(mcp_name);
    tool = &any;
  }
  // An object under a path key is searched for path keys (`nested`), not refused: another
  // server's tool of the same name may nest its paths.
  const std::vector<std::string> folders = tool_folders(input, cwd, home);
  std::size_t judged = 0;
  bool over = false;
  bool refused = false;
  // A value of the wrong type under a key that only holds paths (`{"path": 5}`, a reference
  // file tool's `{"path": {…}}`): what the tool would touch is unknown, so it is asked.
  auto refuse = [&](std::string_view key) {
    if (refused) return;
    refused = true;
    Part part;
    part.effect = Effect::ask;
    part.rule = builtin(Builtin::request_invalid, Effect::ask);
    part.message = fmt::format("the tool's `{}` is not a path or a list of paths", key);
    fold(acc, std::move(part));
  };
  auto judge_one = [&](const json& v) {
    const std::string& s = v.get_ref<const std::string&>();
    if (s.empty() || (remote && s[0] != '/' && s[0] != '~' && s.rfind("file:", 0) != 0)) return;
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
  // A key's value: a path, or a list of paths (lists in lists too). An object is searched by
  // `nested` below; a number or a boolean is refused under a key that only holds paths (its name
  // says `path` or `file`), and under any key of a reference file tool.
  auto judge_value = [&](auto& self, const json& v, std::string_view key, bool strict,
                         int depth) -> void {
    if (over) return;
    if (v.is_string()) {
      judge_one(v);
    } else if (v.is_array()) {
      // parse_json bounded the depth (limits::json_depth).
      for (const auto& m : v) self(self, m, key, strict, depth + 1);
    } else if (v.is_null() || (v.is_object() && !strict)) {
      return;
    } else if (strict || key.find("path") != std::string_view::npos ||
               key.find("Path") != std::string_view::npos ||
               key.find("file") != std::string_view::npos ||
               key.find("File") != std::string_view::npos) {
      refuse(key);
    }
  };
  auto judge_keys = [&](const json& obj, std::string_view keys, bool strict) {
    while (!keys.empty() && !over) {
      const auto sp = keys.find(' ');
      const std::string key(keys.substr(0, sp));
      keys = sp == std::string_view::npos ? std::string_view() : keys.substr(sp + 1);
      auto it = obj.find(key);
      if (it == obj.end()) continue;
      judge_value(judge_value, *it, key, strict, 0);
    }
    for (std::string_view key : kPathLikeKeys) {
      if (strict) break;  // judged once, with the keys any tool may hold a path under
      auto it = obj.find(key);
      if (it == obj.end() || !it->is_string()) continue;
      const std::string& v = it->get_ref<const std::string&>();
      if (v.find('/') != std::string::npos || v.rfind(".", 0) == 0 || v.rfind("~", 0) == 0 ||
          v.rfind("file:", 0) == 0)
        judge_one(*it);
    }
  };
  // A known tool's keys, then the keys any tool may hold a path under (`read_file` given
  // `file_path`).
  judge_keys(input, tool->keys, tool != &any);
  if (tool != &any) judge_keys(input, any.keys, false);
  // The objects nested in the input (in lists too): the keys any tool may hold a path under.
  auto nested = [&](auto& self, const json& v, int depth) -> void {
    // parse_json bounded the depth (limits::json_depth).
    if (over) return;
    if (v.is_object()) {
      if (depth > 0) judge_keys(v, any.keys, false);
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
  std::size_t files = 0;
  auto judge_url = [&](const std::string& url, bool bare_host) {
    // `file:///home/u/.ssh/id_rsa` (a browser's `navigate`, a resource's `uri`): a read of the
    // local file, judged by the path rules (only stricter).
    if (auto local = file_url_path(url, false)) {
      if (local->empty()) return;
      if (++files > limits::judged_paths) {
        if (files == limits::judged_paths + 1)
          fold(acc, builtin_ask(Builtin::limits_judged_paths,
                                fmt::format("the request touches more than {} paths: a human "
                                            "must check it",
                                            limits::judged_paths)));
        return;
      }
      TraceEntry t;
      t.subject = "path";
      restrict(acc, judge_path(*local, Access::read, cwd, &t), t);
      return;
    }
    // Bounded: one past the limit makes command_fetch_parts ask.
    if (n.fetches.size() > limits::judged_urls) return;
    if (url.find(':') != std::string::npos) {
      n.fetches.push_back({url, ""});
    } else if (url.rfind("//", 0) == 0) {
      n.fetches.push_back({"https:" + url, ""});  // scheme-relative: `//evil.com/a`
    } else if (const auto dot = url.find('.'); bare_host && dot != std::string::npos && dot > 0 &&
                                               url[0] != '/' && dot < url.find('/') &&
                                               url.find_first_of(" \t\n") == std::string::npos) {
      // `evil.com/a` under a page's key: a browser (or a client that adds the scheme) opens
      // https://evil.com/a. A `href`, a `link` or an `endpoint` may be relative (`README.md`).
      n.fetches.push_back({"https://" + url, ""});
    }
  };
  // A URL key's value: a URL, or a list of them (lists in lists too).
  auto urls = [&](auto& self, const json& v, bool bare_host) -> void {
    if (v.is_string()) {
      judge_url(v.get_ref<const std::string&>(), bare_host);
    } else if (v.is_array()) {
      for (const auto& m : v) self(self, m, bare_host);
    }
  };
  // The URL keys of the input and of the objects nested in it (`{"page": {"url": …}}`,
  // `{"steps": [{"navigate": {"url": …}}]}`); parse_json bounded the depth.
  auto walk = [&](auto& self, const json& v) -> void {
    if (v.is_object()) {
      for (std::string_view key : kUrlKeys)
        if (auto it = v.find(key); it != v.end())
          urls(urls, *it,
               key.find("url") != std::string_view::npos ||
                   key.find("Url") != std::string_view::npos ||
                   key.find("uri") != std::string_view::npos);
      for (const auto& m : v) self(self, m);
    } else if (v.is_array()) {
      for (const auto& m : v) self(self, m);
    }
  };
  walk(walk, input);
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
