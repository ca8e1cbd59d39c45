// Judging a request by its kind: edits and reads (paths), fetch (URL, host), MCP tools, and the
// tool-name lists and rules that apply to every kind.
#include "engine/glob_meet.hpp"
#include "engine/hook_wire.hpp"
#include "engine/judge.hpp"
#include "engine/mcp_input_keys.hpp"
#include "engine/program_handlers.hpp"
#include "engine/url_hosts.hpp"

namespace vigie::engine {

// Every rule whose glob matches `name` (and method) is noted; the most specific one decides,
// and among equally specific ones the most restrictive.
std::optional<Part> Judge::judge_names(const std::vector<NameRule>& rules, const std::string& name,
                                       const std::string& method, TraceEntry& t) {
  // Checked before the work it bounds: each rule reads the whole name.
  if (name.size() > limits::name_bytes && !rules.empty()) {
    Part lim = builtin_ask(
        Builtin::limits_name_bytes,
        fmt::format("the name `{}` is longer than {} bytes (a host name has at most 253): a human "
                    "must check it",
                    excerpt(name), limits::name_bytes));
    d.error = lim.message;
    return lim;
  }
  std::optional<Part> out;
  std::size_t best = 0;
  for (const auto& r : rules) {
    if (!RE2::FullMatch(name, *r.glob)) continue;
    if (!r.methods.empty() &&
        std::find(r.methods.begin(), r.methods.end(), method) == r.methods.end())
      continue;
    Part part;
    part.effect = r.effect;
    part.rule = ref(r.rule);
    part.message = p.rules[r.rule].message;
    note_match(*part.rule, &t);
    if (!out || r.specificity > best) {
      out = part;
      best = r.specificity;
    } else if (r.specificity == best) {
      fold(*out, part);
    }
  }
  return out;
}

void Judge::command_fetch_parts(const NormalizedCommand& n, TraceEntry& t, Part& acc) {
  // Only a rule that denies or asks can add to a command.
  if (std::none_of(p.fetch.begin(), p.fetch.end(),
                   [](const NameRule& r) { return r.effect != Effect::allow; }))
    return;
  // The methods a request whose method is not static may use.
  static constexpr const char* kMethods[] = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"};
  std::optional<std::string> line;  // the command as shown, joined once for all its fetches
  for (const UrlFetch& f : n.fetches) {
    // Checked before the work it bounds: each URL meets every fetch rule.
    if (++urls_judged_ > limits::judged_urls) {
      Part lim = builtin_ask(Builtin::limits_judged_urls,
                             fmt::format("the request fetches more than {} URLs: a human must "
                                         "check it",
                                         limits::judged_urls));
      d.error = lim.message;
      fold(acc, std::move(lim));
      return;
    }
    if (f.url.empty()) {
      if (!line) line = shown(n, t);
      fold(acc,
           builtin_ask(Builtin::fetch_dynamic,
                       fmt::format("`{}` fetches a URL the line does not show, and this "
                                   "policy's fetch rules restrict hosts: a human must check it",
                                   *line)));
      continue;
    }
    if (file_url_path(f.url, false)) continue;  // a local file: judged as a read
    for (const std::string& host : url_hosts(f.url)) {
      auto judge_method = [&](const std::string& method) {
        TraceEntry ft;
        std::optional<Part> part = judge_names(p.fetch, host, method, ft);
        if (!part || part->effect == Effect::allow) return;
        for (auto& r : ft.matched) t.matched.push_back(std::move(r));
        fold(acc, std::move(*part));
      };
      if (!f.method.empty()) {
        judge_method(f.method);
      } else {
        for (const char* m : kMethods) judge_method(m);
      }
    }
  }
}

std::string Judge::host_of(const std::string& url) {
  return url_host(url);
}

Effect Judge::mode_default(RequestKind kind, const std::string& method) const {
  if (kind == RequestKind::read) return Effect::allow;
  if (mode == Mode::readonly)
    return (kind == RequestKind::fetch && method == "GET") ? Effect::allow : Effect::deny;
  return mode == Mode::auto_ ? Effect::allow : Effect::ask;
}

// A request whose input is malformed: asked, with the reason as its error.
void Judge::invalid_request(std::string message) {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(Builtin::request_invalid, Effect::ask);
  part.message = std::move(message);
  d.error = part.message;
  add(std::move(part));
}

// The line of a command request (null: the input has no string `command`).
void Judge::judge_command_line(std::optional<std::string_view> line, const std::string& cwd) {
  if (line && line->find_first_not_of(" \t\n") == std::string_view::npos) {
    // An empty or blank line runs nothing (bash's blanks and newlines only: a carriage return
    // is a word's byte, `$'\r'` a command's name).
    Part part;
    part.message = "the command line is empty: nothing runs";
    add(std::move(part));
    return;
  }
  if (!line) {
    invalid_request("the request has no command line (`input.command` must be a string)");
    return;
  }
  judge_line(*line, cwd, 0);
}

// The answer for a fetch of `host` that no fetch rule names: the policy's fetch default (never
// looser than readonly's), with the message a deny or an ask (`ask`) gives.
Part Judge::fetch_default(const std::string& method, const std::string& host, std::string ask) {
  Part def;
  def.from_default = true;
  def.effect = p.fetch_default && mode != Mode::readonly ? *p.fetch_default
                                                         : mode_default(RequestKind::fetch, method);
  if (def.effect == Effect::deny) {
    def.rule = builtin(mode == Mode::readonly ? Builtin::mode_readonly : Builtin::fetch_default,
                       Effect::deny);
    def.message = mode == Mode::readonly
                      ? builtin_text(BuiltinMessage::readonly_fetch)
                      : fmt::format("fetching `{}` is not allowed by this policy", host);
  } else if (def.effect == Effect::ask) {
    def.message = std::move(ask);
  }
  return def;
}

void Judge::judge_request(const json& input) {
  const RequestKind kind = call.kind;
  auto str = [&](const char* k) -> std::string {
    auto it = input.find(k);
    return it != input.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  std::string cwd = req.cwd.empty() ? project_lexical : req.cwd;
  if (!call.invalid.empty()) {
    invalid_request(call.invalid);
    return;
  }
  // A tool that names the folder it runs in (`dir_path`, `workdir`): relative to the cwd.
  if (!call.cwd.empty()) {
    const std::string& c = call.cwd;
    if (c == "~" || c.rfind("~/", 0) == 0)
      cwd = lexical_normalize(home + c.substr(1));
    else
      cwd = lexical_normalize(c[0] == '/' ? c : cwd + "/" + c);
  }
  if (kind == RequestKind::command) {
    auto it = input.find("command");
    if (it == input.end() || !it->is_string()) {
      judge_command_line(std::nullopt, cwd);
      return;
    }
    judge_command_line(std::string_view(it->get_ref<const std::string&>()), cwd);
    // A folder key the tool's row does not read (`{"command": …, "cwd": "~/.ssh"}` to a tool that
    // may honour it): the line is judged from there too, and the most restrictive answer stands.
    for (const std::string& c : call.folders) {
      const std::string dir = c == "~" || c.rfind("~/", 0) == 0
                                  ? lexical_normalize(home + c.substr(1))
                                  : lexical_normalize(c[0] == '/' ? c : cwd + "/" + c);
      if (dir != cwd) judge_command_line(std::string_view(it->get_ref<const std::string&>()), dir);
    }
  } else if (kind == RequestKind::edit || kind == RequestKind::read) {
    Access access = kind == RequestKind::edit ? Access::write : Access::read;
    std::string path = str("file_path");
    if (path.empty()) path = str("notebook_path");
    if (path.empty()) path = str("path");
    // A listing or search tool (`dir` role, or no path at all) reads the working folder by
    // default; a tool that reads one file names it. A folder that is not a string (`LS` given a
    // list) is no default: what the tool would read is unknown.
    if (path.empty() && kind == RequestKind::read && call.path_optional) {
      if (auto it = input.find("file_path");
          it != input.end() && !it->is_null() && !it->is_string() && !call.searches) {
        invalid_request("the request's folder is not a string");
        return;
      }
      path = cwd;
    }
    TraceEntry t;
    t.subject = "path";
    // A patch envelope (Codex's and OpenCode's apply_patch): every file it adds, updates,
    // deletes or moves to is judged as an edit, and the most restrictive answer stands. An
    // envelope that names no file is asked, as an edit without a path.
    auto judge_patch_files = [&](const json& patch) -> Part {
      std::vector<std::string> files;
      if (patch.is_string()) files = hooks::patch_paths(patch.get_ref<const std::string&>());
      Part part;
      if (files.empty()) {
        part.effect = Effect::ask;
        part.rule = builtin(Builtin::request_no_path, Effect::ask);
        part.message = "the patch names no file";
        return part;
      }
      if (files.size() > limits::judged_paths)
        return builtin_ask(
            Builtin::limits_judged_paths,
            fmt::format("the patch touches more than {} files: a human must check it",
                        limits::judged_paths));
      bool first = true;
      for (const std::string& file : files) {
        TraceEntry ft;
        Part one = judge_path(file, Access::write, cwd, &ft);
        edit_content_class(input, one, &ft);
        for (auto& m : ft.matched) t.matched.push_back(std::move(m));
        if (first || one.effect > part.effect) t.text = ft.text;
        if (first)
          part = std::move(one);
        else
          fold(part, std::move(one));
        first = false;
      }
      return part;
    };
    Part part;
    if (auto patch = input.find("patch_text"); patch != input.end() && kind == RequestKind::edit) {
      part = judge_patch_files(*patch);
    } else if (path.empty()) {
      part.effect = Effect::ask;
      part.rule = builtin(Builtin::request_no_path, Effect::ask);
      part.message = "the request names no path";
    } else if (std::optional<Part> patterns = judge_patterns(input, path, access, cwd, t)) {
      part = std::move(*patterns);
    } else {
      part = judge_path(path, access, cwd, &t);
      // `file:///project/.env`: a tool that reads it as a URL touches the local file it names
      // (Claude Code's resolver would read a folder `file:`), so that file is judged too.
      if (path.rfind("file:", 0) == 0)
        if (auto local = file_url_path(path, false); local && !local->empty()) {
          TraceEntry lt;
          Part lp = judge_path(*local, access, cwd, &lt);
          if (lp.effect > part.effect) {
            for (auto& m : lt.matched) t.matched.push_back(std::move(m));
            t.text = lt.text;
            fold(part, std::move(lp));
          }
        }
      if (kind == RequestKind::edit) edit_content_class(input, part, &t);
      // A content search without a file filter reads every file below its folder (`Grep` of
      // the project reaches `secrets/`): a rule below it is met as an ask, as for `rg KEY DIR`.
      if (kind == RequestKind::read && call.searches && !t.text.empty()) {
        FileEffect f;
        f.entry = req.tool.empty() ? "search" : req.tool;
        f.skip_hidden = call.searches == 'h';
        judge_below(t.text, f, t, part);
      }
    }
    if (part.effect == Effect::allow) {
      Effect def = mode_default(kind, "");
      if (def != Effect::allow || part.rule) {
        Part dp;
        dp.effect = def;
        dp.from_default = true;
        if (def == Effect::deny) {
          dp.rule = builtin(Builtin::mode_readonly, Effect::deny);
          dp.message = builtin_text(BuiltinMessage::readonly_files);
        } else if (def == Effect::ask) {
          dp.message =
              fmt::format("{} `{}`?", kind == RequestKind::edit ? "change" : "read", t.text);
        }
        fold(part, dp);
      }
    } else if (kind == RequestKind::edit && mode == Mode::readonly) {
      fold(part, builtin_part(BuiltinMessage::readonly_files, Effect::deny));
    }
    if (tracing) {
      t.effect = part.effect;
      t.reason = part.message;
      keep(std::move(t));
    }
    add(std::move(part));
  } else if (kind == RequestKind::fetch) {
    // Gemini CLI's web_fetch names its URLs (up to 20) in its `prompt`: each one is judged as a
    // fetch, and a prompt that names none is asked as a fetch without a URL.
    if (auto pr = input.find("prompt"); pr != input.end() && !input.contains("url")) {
      std::vector<std::string> urls;
      if (pr->is_string()) urls = prompt_urls(pr->get_ref<const std::string&>());
      if (urls.empty()) {
        invalid_request("the request names no URL (`input.prompt` names no http(s) URL)");
        return;
      }
      if (urls.size() > limits::judged_urls) {
        Part lim = builtin_ask(Builtin::limits_judged_urls,
                               fmt::format("the request fetches more than {} URLs: a human must "
                                           "check it",
                                           limits::judged_urls));
        d.error = lim.message;
        add(std::move(lim));
        return;
      }
      json one = input;
      one.erase("prompt");
      for (const std::string& u : urls) {
        one["url"] = u;
        judge_request(one);
      }
      return;
    }
    std::string url = str("url");
    // A URL that is not a string (a list, an object), or a fetch naming neither a URL nor a
    // query: the tool's input is malformed, and what it would fetch is unknown.
    if (auto u = input.find("url"); (u != input.end() && !u->is_null() && !u->is_string()) ||
                                    (url.empty() && str("query").empty())) {
      if (call.url_optional && (u == input.end() || u->is_null())) {
        // A browser action that opens no page (a click, a scroll): the tool's default.
        Part def;
        def.from_default = true;
        def.effect = mode_default(RequestKind::tool, "");
        if (def.effect == Effect::deny) {
          def.rule = builtin(Builtin::mode_readonly, Effect::deny);
          def.message = fmt::format("read-only mode: the tool `{}` is not allowed", req.tool);
        } else if (def.effect == Effect::ask) {
          def.message = fmt::format("use the tool `{}`?", req.tool);
        }
        add(std::move(def));
        return;
      }
      invalid_request("the request names no URL (`input.url` must be a string)");
      return;
    }
    std::string method = str("method");
    if (method.empty()) method = "GET";
    TraceEntry t;
    t.subject = "fetch";
    t.text = url.empty() ? str("query") : url;
    std::string host = url.empty() ? "" : host_of(url);
    // A search has no URL: domain rules do not apply to it.
    std::optional<Part> part;
    if (!url.empty()) part = judge_names(p.fetch, host, method, t);
    if (!part) {
      part = fetch_default(method, host, fmt::format("fetch `{}`?", t.text));
    } else if (mode == Mode::readonly && method != "GET") {
      fold(*part, builtin_part(BuiltinMessage::readonly_fetch, Effect::deny));
    }
    // `https://evil.com\\@github.com`: evil.com to a WHATWG parser, github.com to curl's. Each
    // other host a parser may read is judged too, and the most restrictive answer stands (an
    // allow of one is no allow of the URL).
    std::vector<std::string> others;
    if (!url.empty()) {
      others = url_hosts(url);
      others.erase(others.begin());
    }
    for (const std::string& other : others) {
      std::optional<Part> o = judge_names(p.fetch, other, method, t);
      if (!o)
        o = fetch_default(
            method, other,
            fmt::format("fetch `{}` (a URL parser may read its host as `{}`)?", t.text, other));
      if (o->effect > part->effect) fold(*part, std::move(*o));
    }
    // `http://169.254.169.254/…`: the machine's credentials (safety check fetch.metadata).
    if (!url.empty())
      if (auto hit = check_fetch_url(url, safety_context(cwd))) fold(*part, safety_part(*hit));
    // A `file:` URL reads a local file: the path rules judge it as they judge a Read.
    if (auto local = file_url_path(url, false)) {
      TraceEntry pt;
      Part read = local->empty() ? Part{} : judge_path(*local, Access::read, cwd, &pt);
      if (local->empty() || read.effect == Effect::allow) {
        // A fetch tool that reads local files is not what a fetch rule allowed: asked.
        read.effect = Effect::ask;
        read.rule = builtin(Builtin::fetch_local_file, Effect::ask);
        read.message = fmt::format("fetch the local file `{}`?", url);
      }
      fold(*part, std::move(read));
    }
    if (tracing) {
      t.effect = part->effect;
      t.reason = part->message;
      keep(std::move(t));
    }
    add(std::move(*part));
  } else if (kind == RequestKind::mcp) {
    // mcp__server__tool (or the harness's own naming) -> server/tool
    std::string name = call.mcp.empty() ? req.tool : call.mcp;
    TraceEntry t;
    t.subject = "mcp";
    t.text = name;
    std::optional<Part> part = judge_names(p.mcp, name, "", t);
    if (!part) {
      Part def;
      def.from_default = true;
      def.effect =
          p.mcp_default && mode != Mode::readonly ? *p.mcp_default : mode_default(kind, "");
      if (def.effect == Effect::deny) {
        def.rule = builtin(mode == Mode::readonly ? Builtin::mode_readonly : Builtin::mcp_default,
                           Effect::deny);
        def.message = fmt::format("the MCP tool `{}` is not allowed here", name);
      } else if (def.effect == Effect::ask) {
        def.message = fmt::format("use the MCP tool `{}`?", name);
      }
      part = def;
    }
    if (tracing) {
      t.effect = part->effect;
      t.reason = part->message;
      keep(std::move(t));
    }
    mcp_file_parts(input, name, cwd, *part);
    mcp_url_parts(input, cwd, *part);
    add(std::move(*part));
    mcp_command_parts(input, cwd);
  } else if (kind == RequestKind::tool) {
    // A tool no table knows (another harness's `run_terminal_cmd`, `view_file`): what its input
    // names meets the rules as an MCP tool's does (paths, URLs, command lines). What the tool
    // does with it is unknown, so a rule that denies or asks makes it asked (never denied, never
    // allowed); the tool's name is judged by judge_tool_name.
    Part before = std::move(win_);
    const bool had = any_part_;
    win_ = Part{};
    any_part_ = false;
    Part acc;
    mcp_file_parts(input, req.tool, cwd, acc);
    mcp_url_parts(input, cwd, acc);
    if (acc.effect != Effect::allow) add(std::move(acc));
    // A command line under the keys an MCP shell tool uses: judged whole, the mode's default
    // for an unknown program included (an unknown tool may be another harness's shell).
    for (const std::string& line : tool_command_lines(input))
      for (const std::string& dir : tool_folders(input, cwd, home)) judge_line(line, dir, 0);
    Part got = any_part_ ? std::move(win_) : Part{};
    win_ = std::move(before);
    any_part_ = had;
    if (got.effect != Effect::allow) {
      got.effect = Effect::ask;
      got.from_default = false;
      got.message = fmt::format(
          "`{}` is a tool vigie does not know, and its input names what the policy does not allow "
          "({})",
          req.tool, got.message);
      add(std::move(got));
    }
  } else {
    Part part;
    part.effect = Effect::ask;
    part.rule = builtin(Builtin::request_unknown_kind, Effect::ask);
    part.message = fmt::format("unknown request kind `{}`", req.kind);
    add(std::move(part));
  }
}

// Tool-name lists and rules apply to every kind.
void Judge::judge_tool_name() {
  const auto& tl = p.tools;
  // Most policies have no tool lists: nothing to judge here then, but for the `tool` kind.
  if (tl.exclude.empty() && tl.rules.empty() && call.kind != RequestKind::tool) return;
  const std::string& tool = req.tool;
  auto listed = [&](const std::set<std::string, std::less<>>& s) {
    return s.count(tool) > 0 || s.count("*") > 0;
  };
  TraceEntry t;
  t.subject = "tool";
  t.text = tool;
  if (listed(tl.exclude)) {
    Part part;
    part.effect = Effect::deny;
    part.rule = ref(tl.exclude_rule);
    part.message =
        fmt::format("the tool `{}` is disabled for this project; use another tool", tool);
    note_match(*part.rule, &t);
    add(std::move(part));
  }
  std::optional<Part> named = judge_names(tl.rules, tool, "", t);
  const RequestKind kind = call.kind;
  if (named) {
    add(std::move(*named));
  } else if (kind == RequestKind::tool) {
    Part def;
    def.from_default = true;
    def.effect = mode_default(kind, "");
    if (def.effect == Effect::deny) {
      def.rule = builtin(Builtin::mode_readonly, Effect::deny);
      def.message = fmt::format("read-only mode: the tool `{}` is not allowed", tool);
    } else if (def.effect == Effect::ask) {
      def.message = fmt::format("use the tool `{}`?", tool);
    }
    add(std::move(def));
  }
  if (!t.matched.empty()) keep(std::move(t));
}

// An edit whose content is not text, or is larger than `large-edit`, joins the class of files
// that need a dedicated approval (seed 004), like a file run by third parties.
void Judge::edit_content_class(const json& input, Part& out, TraceEntry* trace) {
  if (!p.paths.third_party || out.effect >= Effect::ask) return;
  const std::string* content = nullptr;
  for (const char* k : {"content", "new_string", "new_source"}) {
    auto it = input.find(k);
    if (it != input.end() && it->is_string()) {
      content = &it->get_ref<const std::string&>();
      break;
    }
  }
  if (!content) return;
  std::string cls, why;
  if (p.paths.binary && looks_binary(*content)) {
    cls = "binary";
    why = "its content is not text";
  } else if (p.paths.large_edit_bytes && content->size() > p.paths.large_edit_bytes) {
    cls = "large-edit";
    why = fmt::format("{} bytes, over the {}-byte threshold", content->size(),
                      p.paths.large_edit_bytes);
  } else {
    return;
  }
  out.effect = Effect::ask;
  out.rule = builtin(Builtin::paths_third_party, Effect::ask, cls);
  out.message = fmt::format("this change needs a dedicated human approval ({})", why);
  out.never_remember = true;
  note_match(*out.rule, trace);
}

}  // namespace vigie::engine
