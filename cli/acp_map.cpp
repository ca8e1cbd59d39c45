// `vigie acp`: from an ACP permission request to vigie requests, and from vigie's decision to
// the option the agent is answered with (see acp_map.hpp).
#include "cli/acp_map.hpp"

#include <algorithm>
#include <set>
#include <string_view>

namespace vigie::cli::acp {
namespace {

using nlohmann::json;

// How each ACP tool kind (`ToolKind` of the ACP schema) becomes a vigie request. One table: the
// code below reads it and names no kind itself. A kind that is not here (think, switch_mode,
// other, or one a later protocol adds) is forwarded to the editor.
enum class Subject { command, paths, url };
struct KindMap {
  std::string_view acp_kind;
  std::string_view tool;  // the vigie tool name (its kind is derived from it)
  Subject subject;
};
constexpr KindMap kKinds[] = {
    {"execute", "Bash", Subject::command}, {"edit", "Edit", Subject::paths},
    {"delete", "Edit", Subject::paths},    {"move", "Edit", Subject::paths},
    {"read", "Read", Subject::paths},      {"search", "Read", Subject::paths},
    {"fetch", "WebFetch", Subject::url},
};

// Where agents put the paths and URL of a tool call in `rawInput` (besides `locations`): Claude
// Code's adapter (file_path, notebook_path), Gemini CLI (file_path, absolute_path, path),
// codex-acp and others (path, source/destination of a move).
constexpr std::string_view kPathKeys[] = {
    "file_path", "absolute_path", "abs_path", "filePath", "notebook_path", "path",     "dir_path",
    "source",    "destination",   "from",     "to",       "old_path",      "new_path", "target"};
// Keys that hold a list of paths (a delete or read of several files).
constexpr std::string_view kPathListKeys[] = {"paths", "file_paths"};
// A search's file filter (`*.ts`, `.env`, a list): judged as the files it reaches (the Grep tool's
// `glob`, engine/tool_names.cpp).
constexpr std::string_view kFilterKeys[] = {"glob", "include", "file_pattern"};
constexpr std::string_view kUrlKeys[] = {"url", "uri"};
constexpr std::string_view kSearchTool = "Grep";
constexpr std::string_view kCommandKey = "command";
constexpr std::string_view kArgsKey = "args";  // {"command": "git", "args": ["push", "-f"]}
constexpr std::string_view kCwdKey = "cwd";

// The option kinds vigie answers with, in order of preference. allow_always is never chosen:
// the agent would then stop asking for that tool, out of vigie's reach.
constexpr std::string_view kAllowKinds[] = {"allow_once"};
constexpr std::string_view kRejectKinds[] = {"reject_once", "reject_always"};

// Every rawInput key vigie reads (of an announced tool call, the proxy keeps only these).
const std::set<std::string, std::less<>>& read_keys() {
  static const std::set<std::string, std::less<>> keys = [] {
    std::set<std::string, std::less<>> k{std::string(kCommandKey), std::string(kArgsKey),
                                         std::string(kCwdKey)};
    for (auto p : kPathKeys) k.emplace(p);
    for (auto p : kPathListKeys) k.emplace(p);
    for (auto f : kFilterKeys) k.emplace(f);
    for (auto u : kUrlKeys) k.emplace(u);
    return k;
  }();
  return keys;
}

const KindMap* kind_map(const std::string& kind) {
  for (const auto& k : kKinds)
    if (k.acp_kind == kind) return &k;
  return nullptr;
}

const std::string* string_at(const json& obj, std::string_view key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_string()) return nullptr;
  return it->get_ptr<const std::string*>();
}

// One argv word as the shell reads it back: plain words as they are, others single-quoted.
std::string shell_quote(const std::string& w) {
  bool plain = !w.empty();
  for (unsigned char c : w) {
    if (!(std::isalnum(c) ||
          std::string_view("_./:=@%+,-").find(static_cast<char>(c)) != std::string_view::npos))
      plain = false;
  }
  if (plain) return w;
  std::string out = "'";
  for (char c : w) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

// Appends the words of an argv array to `line`, quoted; false when a word is not a string.
bool append_words(std::string& line, const json& words) {
  for (const auto& w : words) {
    if (!w.is_string()) return false;
    if (!line.empty()) line += ' ';
    line += shell_quote(w.get<std::string>());
  }
  return true;
}

// rawInput.command: a command line (Claude Code, Gemini CLI) or an argv (codex-acp), which is
// quoted back into a line so that `bash -lc '…'` is judged with what it runs; `args` beside it
// (a program and its arguments apart) are part of the line. Anything else is not judged.
std::optional<std::string> command_of(const json& raw) {
  if (!raw.is_object()) return std::nullopt;
  auto it = raw.find(kCommandKey);
  if (it == raw.end()) return std::nullopt;
  std::string line;
  if (it->is_string())
    line = it->get<std::string>();
  else if (!it->is_array() || it->empty() || !append_words(line, *it))
    return std::nullopt;
  if (auto args = raw.find(kArgsKey); args != raw.end() && !args->is_null())
    if (!args->is_array() || !append_words(line, *args)) return std::nullopt;
  return line;
}

// Every path the call names, or nothing when one of them is not a string (`why` says so).
std::vector<std::string> paths_of(const json& tool_call, const json& raw, std::string& why) {
  std::vector<std::string> paths;
  auto add = [&](const std::string& p) {
    if (p.empty()) return;
    for (const auto& q : paths)
      if (q == p) return;
    paths.push_back(p);
  };
  if (auto it = tool_call.find("locations"); it != tool_call.end() && it->is_array()) {
    for (const auto& loc : *it)
      if (const std::string* p = string_at(loc, "path")) add(*p);
  }
  for (auto key : kPathKeys) {
    auto it = raw.find(key);
    if (it == raw.end() || it->is_null()) continue;
    if (!it->is_string()) {
      why = "the tool call's `rawInput." + std::string(key) + "` is not a path";
      return {};
    }
    add(it->get<std::string>());
  }
  for (auto key : kPathListKeys) {
    auto it = raw.find(key);
    if (it == raw.end() || it->is_null()) continue;
    if (!it->is_array() && !it->is_string()) {
      why = "the tool call's `rawInput." + std::string(key) + "` is not a list of paths";
      return {};
    }
    if (it->is_string()) {
      add(it->get<std::string>());
      continue;
    }
    for (const auto& p : *it) {
      if (!p.is_string()) {
        why =
            "the tool call's `rawInput." + std::string(key) + "` holds a value that is not a path";
        return {};
      }
      add(p.get<std::string>());
    }
  }
  return paths;
}

// The file filters of a search, as one list for the Grep tool's `glob` (null when none).
json filters_of(const json& raw) {
  json list = json::array();
  for (auto key : kFilterKeys) {
    auto it = raw.find(key);
    if (it == raw.end() || it->is_null()) continue;
    if (it->is_array())
      for (const auto& v : *it) list.push_back(v);
    else
      list.push_back(*it);  // a non-string is asked by the engine as an invalid request
  }
  return list.empty() ? json() : list;
}

Request base_request(std::string_view tool, const Context& ctx, const json& raw) {
  Request r;
  r.tool = std::string(tool);
  r.kind = kind_of_tool(r.tool);
  r.cwd = ctx.cwd;
  if (const std::string* c = string_at(raw, kCwdKey); c && !c->empty() && (*c)[0] == '/')
    r.cwd = *c;
  r.project_root = ctx.project.empty() ? ctx.cwd : ctx.project;
  r.home = ctx.home;
  r.mode = ctx.mode;
  r.interactive = ctx.interactive;
  r.agent = ctx.agent;
  return r;
}

std::string reason_of(const Decision& d) {
  std::string r = d.message;
  if (r.empty())
    r = d.decision == Effect::allow  ? "allowed by the vigie policy"
        : d.decision == Effect::deny ? "denied by the vigie policy"
                                     : "the vigie policy asks a human to decide";
  return r;
}

// The id of the first option whose kind is in `kinds` (in the order of `kinds`).
std::optional<json> pick_option(const json& options, const std::string_view* kinds, std::size_t n) {
  if (!options.is_array()) return std::nullopt;
  for (std::size_t i = 0; i < n; ++i) {
    for (const auto& o : options) {
      const std::string* kind = string_at(o, "kind");
      if (!kind || *kind != kinds[i] || !o.is_object()) continue;
      auto id = o.find("optionId");
      if (id != o.end() && id->is_string()) return *id;
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<Request> map_tool_call(const json& tool_call, const Context& ctx, std::string& why) {
  std::vector<Request> out;
  const std::string* kind = string_at(tool_call, "kind");
  if (!kind) {
    why = "the tool call has no kind";
    return out;
  }
  const KindMap* m = kind_map(*kind);
  if (!m) {
    why = "vigie does not judge tool calls of kind `" + *kind + "`";
    return out;
  }
  static const json kEmpty = json::object();
  auto raw_it = tool_call.find("rawInput");
  const json& raw = raw_it != tool_call.end() && raw_it->is_object() ? *raw_it : kEmpty;
  switch (m->subject) {
    case Subject::command: {
      auto line = command_of(raw);
      if (!line) {
        why = "the tool call has no `rawInput.command`";
        return out;
      }
      Request r = base_request(m->tool, ctx, raw);
      r.input_json = json{{"command", *line}}.dump(-1, ' ', false, json::error_handler_t::replace);
      out.push_back(std::move(r));
      break;
    }
    case Subject::paths: {
      std::vector<std::string> paths = paths_of(tool_call, raw, why);
      if (!why.empty()) return out;
      for (const auto& p : paths) {
        Request r = base_request(m->tool, ctx, raw);
        r.input_json = json{{"file_path", p}}.dump(-1, ' ', false, json::error_handler_t::replace);
        out.push_back(std::move(r));
      }
      // A search's filter reaches files of its own, below the folder searched (or the cwd).
      if (json filters = filters_of(raw); !filters.is_null()) {
        std::size_t folders = std::max<std::size_t>(paths.size(), 1);
        for (std::size_t i = 0; i < folders; ++i) {
          json input{{"glob", filters}};
          if (i < paths.size()) input["path"] = paths[i];
          Request r = base_request(kSearchTool, ctx, raw);
          r.input_json = input.dump(-1, ' ', false, json::error_handler_t::replace);
          out.push_back(std::move(r));
        }
      }
      if (out.empty()) why = "the tool call names no path";
      break;
    }
    case Subject::url: {
      const std::string* url = nullptr;
      for (auto key : kUrlKeys)
        if (!url) url = string_at(raw, key);
      if (!url) {
        why = "the tool call has no `rawInput.url`";
        return out;
      }
      Request r = base_request(m->tool, ctx, raw);
      r.input_json = json{{"url", *url}}.dump(-1, ' ', false, json::error_handler_t::replace);
      out.push_back(std::move(r));
      break;
    }
  }
  return out;
}

Verdict judge_permission(const json& message, const Policy& policy, const Context& context,
                         const Memory& memory) {
  Verdict v;
  auto id = message.find("id");
  auto params = message.find("params");
  if (id == message.end() || params == message.end() || !params->is_object()) {
    v.note = "a permission request without id or params: forwarded";
    return v;
  }
  auto tc = params->find("toolCall");
  if (tc == params->end() || !tc->is_object()) {
    v.note = "a permission request without toolCall: forwarded";
    return v;
  }
  Context ctx = context;
  std::string session;
  if (const std::string* s = string_at(*params, "sessionId")) session = *s;
  if (std::string cwd = memory.cwd_of(session); !cwd.empty()) {
    ctx.cwd = cwd;
    if (ctx.project.empty()) ctx.project = cwd;
  }
  std::string why;
  std::vector<Request> reqs = map_tool_call(memory.complete(session, *tc), ctx, why);
  if (reqs.empty()) {
    v.note = why + ": forwarded";
    return v;
  }
  Decision worst;
  bool first = true;
  for (const auto& r : reqs) {
    Decision d = policy.decide(r);
    if (first || d.decision > worst.decision) worst = std::move(d);
    first = false;
  }
  v.effect = worst.decision;
  std::string what = to_string(worst.decision);
  if (!worst.rule.id.empty()) what += " by " + worst.rule.id;
  if (worst.decision == Effect::ask) {
    v.note = what + ": forwarded";
    return v;
  }
  auto options = params->find("options");
  const json none = json::array();
  const json& opts = options != params->end() ? *options : none;
  std::optional<json> option = worst.decision == Effect::allow
                                   ? pick_option(opts, kAllowKinds, std::size(kAllowKinds))
                                   : pick_option(opts, kRejectKinds, std::size(kRejectKinds));
  if (!option) {
    v.note = what + ", but no option of a fitting kind: forwarded";
    return v;
  }
  json meta{{"decision", to_string(worst.decision)}, {"message", reason_of(worst)}};
  if (!worst.rule.id.empty()) meta["rule"] = worst.rule.id;
  json resp{{"jsonrpc", "2.0"},
            {"id", *id},
            {"result",
             {{"outcome", {{"outcome", "selected"}, {"optionId", *option}}},
              {"_meta", {{"vigie", meta}}}}}};
  v.answer = true;
  v.response = resp.dump(-1, ' ', false, json::error_handler_t::replace);
  v.note = what + ": answered " + option->get<std::string>();
  return v;
}

}  // namespace vigie::cli::acp

namespace vigie::cli::acp {

template <class V>
V* Memory::Bounded<V>::find(const std::string& k) {
  auto it = map.find(k);
  return it == map.end() ? nullptr : &it->second;
}
template <class V>
const V* Memory::Bounded<V>::find(const std::string& k) const {
  auto it = map.find(k);
  return it == map.end() ? nullptr : &it->second;
}
template <class V>
V& Memory::Bounded<V>::put(const std::string& k) {
  auto [it, inserted] = map.try_emplace(k);
  if (inserted) {
    order.push_back(k);
    while (order.size() > kMemoryEntries) {
      map.erase(order.front());  // a key erased before (or put again) is harmless here
      order.pop_front();
    }
  }
  return map.try_emplace(k).first->second;
}

namespace {
const std::string* str(const nlohmann::json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get_ptr<const std::string*>() : nullptr;
}
}  // namespace

void Memory::from_agent(const nlohmann::json& m) {
  if (!m.is_object()) return;
  const std::string* method = str(m, "method");
  if (method && *method == "session/update") {
    auto p = m.find("params");
    if (p == m.end() || !p->is_object()) return;
    const std::string* session = str(*p, "sessionId");
    auto u = p->find("update");
    if (!session || u == p->end()) return;
    const std::string* what = str(*u, "sessionUpdate");
    const std::string* id = str(*u, "toolCallId");
    if (!what || !id || (*what != "tool_call" && *what != "tool_call_update")) return;
    const std::string key = *session + "\n" + *id;
    nlohmann::json call = nlohmann::json::object();
    if (const nlohmann::json* known = calls_.find(key)) call = *known;
    for (const char* k : {"kind", "locations"})
      if (auto f = u->find(k); f != u->end() && !f->is_null()) call[k] = *f;
    if (auto raw = u->find("rawInput"); raw != u->end() && raw->is_object()) {
      nlohmann::json& kept = call["rawInput"];
      if (!kept.is_object()) kept = nlohmann::json::object();
      for (const auto& [k, v] : raw->items())
        if (read_keys().count(k)) kept[k] = v;
    }
    if (call.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).size() >
        kMemoryCallBytes) {
      calls_.erase(key);
      return;
    }
    calls_.put(key) = std::move(call);
    return;
  }
  if (method || pending_new_.map.empty()) return;
  // A response: the sessionId of a session/new the editor sent.
  auto id = m.find("id");
  if (id == m.end()) return;
  std::string key = id->dump();
  const std::string* cwd = pending_new_.find(key);
  if (!cwd) return;
  auto r = m.find("result");
  if (r != m.end())
    if (const std::string* session = str(*r, "sessionId")) cwds_.put(*session) = *cwd;
  pending_new_.erase(key);
}

void Memory::from_editor(const nlohmann::json& m) {
  const std::string* method = str(m, "method");
  if (!method) return;
  auto p = m.find("params");
  if (p == m.end()) return;
  const std::string* cwd = str(*p, "cwd");
  if (!cwd || cwd->empty() || (*cwd)[0] != '/') return;
  if (*method == "session/new") {
    if (auto id = m.find("id"); id != m.end()) pending_new_.put(id->dump()) = *cwd;
  } else if (*method == "session/load") {
    if (const std::string* session = str(*p, "sessionId")) cwds_.put(*session) = *cwd;
  }
}

nlohmann::json Memory::complete(const std::string& session, const nlohmann::json& tool_call) const {
  nlohmann::json out = nlohmann::json::object();
  if (const std::string* id = str(tool_call, "toolCallId"))
    if (const nlohmann::json* known = calls_.find(session + "\n" + *id)) out = *known;
  if (tool_call.is_object())
    for (const auto& [k, v] : tool_call.items())
      if (!v.is_null()) out[k] = v;
  return out;
}

std::string Memory::cwd_of(const std::string& session) const {
  const std::string* cwd = cwds_.find(session);
  return cwd ? *cwd : std::string();
}

}  // namespace vigie::cli::acp
