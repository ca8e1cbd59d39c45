// The zeroclaw corpus (../shared/corpus/zeroclaw/cases.jsonl) translated to vigie: for each
// assertion that seed 002's documented semantics can express, the policy text generated from the
// row's runtime config, the request it decides and the decisions that agree with the runtime's
// answer. Used by tests/engine/zeroclaw_corpus_test.cpp; the plan of each runtime function is in
// the table kPlans below (one row per function, read by `plan_of`).
#ifndef VIGIE_TESTS_ENGINE_ZEROCLAW_CORPUS_HPP
#define VIGIE_TESTS_ENGINE_ZEROCLAW_CORPUS_HPP

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "vigie/vigie.hpp"

namespace zeroclaw {

using nlohmann::json;

// What a runtime function is, for vigie.
enum class Subject {
  none,       // not a decision: the row is classified by `reason` only
  command,    // a shell command line (the shell tool)
  read,       // a read of a path (file_read)
  write,      // a write of a path (file_write)
  tool,       // a tool call judged by its name (kind `tool`)
  tool_call,  // a zeroclaw tool call with its own arguments (harness `zeroclaw`)
  act,        // "can the agent act": a write in the workspace
};

// Which parts of the row's config go into the generated policy.
enum Part : unsigned { commands = 1, paths = 2, tools = 4, risk = 8, any_command = 16 };

// How the runtime's answer reads as vigie decisions.
enum class Answer {
  allowed,          // bool: true -> allow, false -> deny
  not_blocked,      // bool: true -> allow or ask, false -> deny
  needs_approval,   // bool: true -> ask, false -> allow or deny (another gate decides)
  excluded,         // bool: true -> deny, false -> allow or ask
  forbidden_token,  // null -> allow or ask, a string (the offending token) -> deny
  result,     // {"ok": …} -> allow (or ask when approved), {"err": "…approval…"} -> ask,
              // {"err": …} -> deny
  success,    // {"success": true} -> allow or ask, {"success": false} -> deny
  permitted,  // {"ok": …} -> allow or ask (a permission, not an approval), {"err": …} -> deny
};

struct Plan {
  std::string_view fn;  // the row's `input.fn` ("" for rows without one)
  Subject subject;
  unsigned parts;
  Answer answer;
  std::string_view reason;  // for Subject::none: the reason key (see kReasons in the test)
};

inline constexpr Plan kPlans[] = {
    {"is_command_allowed", Subject::command, commands, Answer::allowed, ""},
    {"is_command_allowed_for_shell", Subject::command, commands, Answer::allowed, ""},
    {"validate_command_execution", Subject::command, commands | risk, Answer::result, ""},
    {"validate_command_execution_for_shell", Subject::command, commands | risk, Answer::result, ""},
    {"shell_tool_gate", Subject::command, commands | risk | paths, Answer::result, ""},
    {"forbidden_path_argument", Subject::command, paths | any_command, Answer::forbidden_token, ""},
    {"forbidden_path_argument_for_shell", Subject::command, paths | any_command,
     Answer::forbidden_token, ""},
    {"forbidden_workspace_path_argument", Subject::command, paths | any_command,
     Answer::forbidden_token, ""},
    {"forbidden_workspace_path_argument_for_shell", Subject::command, paths | any_command,
     Answer::forbidden_token, ""},
    {"is_path_allowed", Subject::read, paths, Answer::allowed, ""},
    {"is_resolved_path_readable", Subject::read, paths, Answer::allowed, ""},
    {"is_resolved_path_allowed", Subject::write, paths, Answer::not_blocked, ""},
    {"needs_approval", Subject::tool, tools, Answer::needs_approval, ""},
    {"is_tool_allowed", Subject::tool, tools, Answer::not_blocked, ""},
    {"is_tool_excluded", Subject::tool, tools, Answer::excluded, ""},
    {"can_act", Subject::act, paths, Answer::not_blocked, ""},
    {"enforce_tool_operation", Subject::tool, tools, Answer::permitted, ""},
    {"authorize_tool_operation", Subject::tool, tools, Answer::permitted, ""},
    // Rows without a function: a tool run end to end (file_read, file_write, http_request...).
    {"", Subject::tool_call, paths | tools, Answer::success, ""},
    // Not decisions.
    {"command_risk_level", Subject::none, 0, Answer::allowed, "risk-table"},
    {"command_risk_level_for_shell", Subject::none, 0, Answer::allowed, "risk-table"},
    {"split_powershell_pipeline_syntax", Subject::none, 0, Answer::allowed, "dialect"},
    {"split_simple_powershell_pipeline", Subject::none, 0, Answer::allowed, "dialect"},
    {"contains_unquoted_input_redirect", Subject::none, 0, Answer::allowed, "helper"},
    {"contains_unsafe_output_redirect", Subject::none, 0, Answer::allowed, "helper"},
    {"approved_read_root", Subject::none, 0, Answer::allowed, "helper"},
    {"is_under_allowed_root", Subject::none, 0, Answer::allowed, "helper"},
    {"is_under_any_allowed_root", Subject::none, 0, Answer::allowed, "helper"},
    {"is_under_read_only_allowed_root", Subject::none, 0, Answer::allowed, "helper"},
    {"resolve_tool_path", Subject::none, 0, Answer::allowed, "helper"},
    {"is_runtime_config_path", Subject::none, 0, Answer::allowed, "runtime-config-path"},
    {"SecurityPolicy::for_agent", Subject::none, 0, Answer::allowed, "config"},
    {"ensure_no_escalation_beyond", Subject::none, 0, Answer::allowed, "config"},
    {"from_profiles", Subject::none, 0, Answer::allowed, "config"},
    {"SAFE_ENV_VARS", Subject::none, 0, Answer::allowed, "env"},
    {"collect_allowed_shell_env_vars", Subject::none, 0, Answer::allowed, "env"},
    {"summarize_args", Subject::none, 0, Answer::allowed, "env"},
};

// The risk classes of the generated policies: those of rules/autonomy.vigie (the shipped seed 002
// policy). Seed 002 names the three classes but lists no command in them: a policy declares its
// own. At `supervised`, high is denied (ask when block_high_risk_commands is false) and medium is
// asked (when require_approval_for_medium_risk); at `full` they run; at `readonly` no command does.
inline constexpr std::string_view kHighRisk = "rm -rf | sudo | dd | mkfs | shutdown | reboot";
inline constexpr std::string_view kMediumRisk =
    "git commit | git push | npm install | cargo build | make";

// The folder standing for a workspace written `.` in the runtime's tests.
inline constexpr std::string_view kDotWorkspace = "/srv/ws";
inline constexpr std::string_view kHome = "/home/user";

// One row, ready to decide.
struct Case {
  const Plan* plan = nullptr;
  std::string reason;  // set when the row is not decided (a key of kReasons)
  std::string policy;  // the generated policy text
  vigie::Request request;
  std::map<std::string, std::string> symlinks;  // the row's fixture
  std::vector<std::string> files;
  std::vector<std::string> session_always;  // session "always" answers
  std::set<vigie::Effect> agree;            // the decisions that agree with `expected`
  std::string subject;                      // for the report: what was decided
};

namespace detail {

inline const Plan* plan_of(std::string_view fn) {
  for (const auto& p : kPlans)
    if (p.fn == fn) return &p;
  return nullptr;
}

// A word of a generated policy: bare when it is plain, else single-quoted (no escapes there, so
// a word holding a quote cannot be written: nullopt-like empty result).
inline std::string word(const std::string& w) {
  bool plain = !w.empty();
  for (char c : w) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              std::string_view("_./~-+@:=,").find(c) != std::string_view::npos;
    if (!ok) plain = false;
  }
  if (plain) return w;
  if (w.find('\'') != std::string::npos || w.find('\n') != std::string::npos) return "";
  return "'" + w + "'";
}

inline std::vector<std::string> strings(const json& v) {
  std::vector<std::string> out;
  if (!v.is_array()) return out;
  for (const auto& s : v)
    if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

inline std::string str(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

inline bool flag(const json& o, const char* key, bool dflt) {
  auto it = o.find(key);
  return it != o.end() && it->is_boolean() ? it->get<bool>() : dflt;
}

// A line `KEYWORD w1 w2…` of the generated policy, or "" when the list is empty. `bad` is set
// when a word cannot be written.
inline std::string line(const std::string& keyword, const std::vector<std::string>& ws, bool& bad) {
  if (ws.empty()) return "";
  std::string out = "  " + keyword;
  for (const auto& w : ws) {
    std::string q = word(w);
    if (q.empty()) bad = true;
    out += " " + q;
  }
  return out + "\n";
}

// `ln -s TARGET LINK` in a fixture, with `R` (the fixture's root) replaced; a root written with a
// placeholder (`_<pid>`) is the workspace's parent.
inline void fixture(const std::string& text, const std::string& workspace, Case& c) {
  std::string root;
  if (auto r = text.find("R="); r != std::string::npos) {
    root = text.substr(r + 2, text.find(';', r) - r - 2);
    if (root.find('<') != std::string::npos) root = workspace.substr(0, workspace.rfind('/'));
  }
  auto expand = [&](std::string w) {
    if (!root.empty() && w.rfind("R/", 0) == 0) w = root + w.substr(1);
    return w;
  };
  std::vector<std::string> words;
  std::string cur;
  for (char ch : text + " ") {
    if (ch == ' ' || ch == ';') {
      if (!cur.empty()) words.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  for (std::size_t i = 0; i + 3 < words.size(); ++i) {
    if (words[i] == "ln" && words[i + 1] == "-s")
      c.symlinks[expand(words[i + 3])] = expand(words[i + 2]);
    if (words[i] == "mkdir")
      for (std::size_t j = i + 1; j < words.size() && words[j] != "ln" && words[j] != "echo"; ++j)
        if (words[j].rfind("R/", 0) == 0) c.files.push_back(expand(words[j]));
  }
}

// A placeholder of the runtime's test tree: `<root>`, `<file>`, `<canonical workspace>`.
inline bool has_placeholder(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '<' || i + 1 >= s.size() || s[i + 1] < 'a' || s[i + 1] > 'z') continue;
    std::size_t j = i + 1;
    while (j < s.size() && ((s[j] >= 'a' && s[j] <= 'z') || s[j] == ' ' || s[j] == '_')) ++j;
    if (j < s.size() && s[j] == '>') return true;
  }
  return false;
}

}  // namespace detail

inline Case translate(const json& row) {
  using namespace detail;
  Case c;
  const json& in = row.at("input");
  std::string fn = str(in, "fn");
  c.plan = plan_of(fn);
  std::string area = row.value("area", "");
  if (!c.plan || area == "env" || area == "config") {
    c.reason = area == "env" ? "env" : "config";
    return c;
  }
  if (c.plan->subject == Subject::none) {
    c.reason = std::string(c.plan->reason);
    return c;
  }
  std::string dialect = str(in, "dialect");
  if (!dialect.empty() && dialect != "Posix") {
    c.reason = "dialect";
    return c;
  }
  json bare = in;
  bare.erase("fixture");
  if (has_placeholder(bare.dump())) {
    c.reason = "placeholder";
    return c;
  }
  const json& pol = in.contains("policy")             ? in.at("policy")
                    : in.contains("approval_manager") ? in.at("approval_manager")
                                                      : json::object();
  if (pol.contains("allowed_tools") && !pol.at("allowed_tools").is_null()) {
    c.reason = "allowed-tools";
    return c;
  }
  std::string autonomy = str(pol, "autonomy");
  if (autonomy.empty()) autonomy = "supervised";  // the runtime's default level
  std::string ws = str(pol, "workspace_dir");
  if (ws.empty() || ws == ".") ws = std::string(kDotWorkspace);

  bool bad = false;
  std::string text = "policy \"zeroclaw-" + fn + "\"\nmode " + autonomy + "\n";
  unsigned parts = c.plan->parts;
  if (parts & any_command) text += "default allow\n";
  if (parts & commands) {
    auto allowed = strings(pol.value("allowed_commands", json::array()));
    bool star = std::find(allowed.begin(), allowed.end(), "*") != allowed.end();
    text += "\ncommands {\n";
    // Seed 002: a non-empty allowed_commands is strict, any command not listed is blocked.
    if (!allowed.empty()) text += star ? "  default allow\n" : "  default deny\n";
    if (!allowed.empty() && !star) {
      std::string alts;
      for (const auto& a : allowed) {
        std::string q = word(a);
        if (q.empty()) bad = true;
        alts += (alts.empty() ? "" : " | ") + q;
      }
      text += "  allow " + alts + "\n";
    }
    if ((parts & risk) && autonomy == "supervised") {
      bool block_high = flag(pol, "block_high_risk_commands", true);
      text += std::string("  ") + (block_high ? "deny" : "ask") + "  " + std::string(kHighRisk) +
              (block_high ? "  \"high-risk command: blocked at this autonomy level\"" : "") + "\n";
      if (flag(pol, "require_approval_for_medium_risk", true))
        text += "  ask   " + std::string(kMediumRisk) + "\n";
    }
    text += "}\n";
  }
  if (parts & paths) {
    bool only = flag(pol, "workspace_only", true) && autonomy != "full";
    text += "\npaths {\n  workspace .\n  workspace-only " + std::string(only ? "on" : "off") + "\n";
    text += line("allow", strings(pol.value("allowed_roots", json::array())), bad);
    text += line("allow read", strings(pol.value("allowed_roots_read_only", json::array())), bad);
    text += line("allow write", strings(pol.value("allowed_roots_write_only", json::array())), bad);
    std::string deny = line("deny", strings(pol.value("forbidden_paths", json::array())), bad);
    if (!deny.empty()) deny.insert(deny.size() - 1, "  \"forbidden path\"");
    text += deny + "}\n";
  }
  if (parts & tools) {
    std::string body =
        line("auto-approve", strings(pol.value("auto_approve", json::array())), bad) +
        line("always-ask", strings(pol.value("always_ask", json::array())), bad) +
        line("exclude", strings(pol.value("excluded_tools", json::array())), bad);
    if (!body.empty()) text += "\ntools {\n" + body + "}\n";
  }
  if (bad) {
    c.reason = "shape";
    return c;
  }
  c.policy = text;
  c.session_always = strings(pol.value("session_allowlist", json::array()));
  if (in.contains("fixture") && in.at("fixture").is_string())
    fixture(in.at("fixture").get<std::string>(), ws, c);

  vigie::Request& r = c.request;
  r.cwd = r.project_root = ws;
  r.home = std::string(kHome);
  r.harness = "zeroclaw";
  switch (c.plan->subject) {
    case Subject::command: {
      std::string cmd = str(in, "command");
      r.tool = "shell";
      r.input_json = json{{"command", cmd}}.dump();
      c.subject = cmd;
      break;
    }
    case Subject::read:
    case Subject::write: {
      std::string p = str(in, "path");
      if (p.empty()) p = str(in, "resolved");
      r.tool = c.plan->subject == Subject::read ? "file_read" : "file_write";
      r.input_json = json{{"path", p}}.dump();
      c.subject = r.tool + " " + p;
      break;
    }
    case Subject::act:
      r.tool = "file_write";
      r.input_json = json{{"path", ws + "/notes.txt"}}.dump();
      c.subject = "file_write notes.txt";
      break;
    case Subject::tool: {
      std::string name = str(in, "tool");
      if (name.empty()) name = str(in, "name");
      if (name.empty()) name = str(in, "operation_name");
      r.kind = "tool";
      r.tool = name;
      c.subject = "tool " + name;
      break;
    }
    case Subject::tool_call: {
      r.tool = str(in, "tool");
      json args = in.contains("args") ? in.at("args") : json::object();
      if (!in.contains("args") && in.contains("path")) args["path"] = in.at("path");
      if (!in.contains("args") && in.contains("command")) args["command"] = in.at("command");
      r.input_json = args.dump();
      c.subject = r.tool + " " + args.dump();
      break;
    }
    case Subject::none:
      break;
  }

  using E = vigie::Effect;
  const json& ex = row.at("expected");
  auto as_bool = [&](bool& out) {
    if (!ex.is_boolean()) return false;
    out = ex.get<bool>();
    return true;
  };
  bool b = false;
  switch (c.plan->answer) {
    case Answer::allowed:
      if (as_bool(b)) c.agree = b ? std::set<E>{E::allow} : std::set<E>{E::deny};
      break;
    case Answer::not_blocked:
      if (as_bool(b)) c.agree = b ? std::set<E>{E::allow, E::ask} : std::set<E>{E::deny};
      break;
    case Answer::needs_approval:
      if (as_bool(b)) c.agree = b ? std::set<E>{E::ask} : std::set<E>{E::allow, E::deny};
      break;
    case Answer::excluded:
      if (as_bool(b)) c.agree = b ? std::set<E>{E::deny} : std::set<E>{E::allow, E::ask};
      break;
    case Answer::forbidden_token:
      if (ex.is_null()) c.agree = {E::allow, E::ask};
      if (ex.is_string()) c.agree = {E::deny};
      break;
    case Answer::result:
      if (ex.is_object() && ex.contains("ok"))
        c.agree =
            flag(in, "approved", false) ? std::set<E>{E::allow, E::ask} : std::set<E>{E::allow};
      if (ex.is_object() && ex.contains("err"))
        c.agree = str(ex, "err").find("approval") != std::string::npos ? std::set<E>{E::ask}
                                                                       : std::set<E>{E::deny};
      break;
    case Answer::permitted:
      if (ex.is_object() && ex.contains("ok")) c.agree = {E::allow, E::ask};
      if (ex.is_object() && ex.contains("err")) c.agree = {E::deny};
      break;
    case Answer::success:
      if (ex.is_object() && ex.contains("success"))
        c.agree = flag(ex, "success", false) ? std::set<E>{E::allow, E::ask} : std::set<E>{E::deny};
      break;
  }
  if (c.agree.empty()) c.reason = "shape";
  return c;
}

inline std::string row_id(const json& row, std::map<std::string, int>& counts) {
  std::string origin = row.value("origin", "");
  std::string where = origin.substr(0, origin.find(' '));
  std::string name =
      origin.find(' ') == std::string::npos ? "" : origin.substr(origin.find(' ') + 1);
  name = name.substr(0, name.find(' '));
  where = where.substr(0, where.rfind(':'));  // drop the line
  where = where.substr(where.rfind('/') + 1);
  std::string id = where + ":" + name;
  return id + "#" + std::to_string(++counts[id]);
}
}  // namespace zeroclaw

#endif  // VIGIE_TESTS_ENGINE_ZEROCLAW_CORPUS_HPP
