// `vigie serve`: a permission plugin speaking JSON-RPC 2.0 over stdio, one message per line
// (newline-delimited JSON), with Escouade's `permissions/decide` (seed 001).
//
//   -> {"jsonrpc": "2.0", "id": 1, "method": "permissions/decide",
//       "params": {"request": {"id", "kind", "tool", "input"}, "project", "ticket", "agent"}}
//   <- {"jsonrpc": "2.0", "id": 1, "result": {"decision": "deny", "message": "…", "rule": "…"}}
//
// The policy is read and compiled once, at start (Escouade's 500 ms budget is for decisions, not
// for loading rules). Errors: invalid JSON -32700, not a request -32600, unknown method -32601,
// invalid params -32602. A request that cannot be judged gets the result `ask` (or `deny` with
// --non-interactive), never `allow`. Stops cleanly at end of input.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/context.hpp"
#include "cli/io.hpp"
#include "cli/journal.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

using nlohmann::json;

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;

struct ServeArgs {
  Context ctx;  // --policy, --cwd, --project, --home, --mode, --agent, --non-interactive
  JournalOptions journal;
  bool sessions = false;  // one vigie::Session per agent: loops, budgets, "always"
};

std::optional<ServeArgs> parse_args(const std::vector<std::string>& a, int& rc) {
  ServeArgs s;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string& k = a[i];
    std::string err;
    if (Take t = take_context_flag(a, i, s.ctx, &s.journal, kAllContextFlags, err); t != Take::no) {
      if (t == Take::bad) {
        rc = usage_error("serve", err);
        return std::nullopt;
      }
    } else if (k == "--sessions") {
      s.sessions = true;
    } else {
      rc = usage_error("serve", "unknown option `" + k + "`");
      return std::nullopt;
    }
  }
  if (s.ctx.policy.empty()) {
    rc = usage_error("serve", "`--policy FILE` is required");
    return std::nullopt;
  }
  if (auto err = finish_context(s.ctx)) {
    rc = usage_error("serve", *err);
    return std::nullopt;
  }
  return s;
}

// The key of an agent's session: its name when it has at most kNameBytes, else its first
// kNameBytes, its length and two 64-bit hashes of it (FNV-1a and std::hash), so a key holds a
// bounded number of bytes. A long key is always longer than kNameBytes, so it never equals a
// short name. Two long names of equal keys would share one session: its counters add up (more
// loops and budgets reached, so more denials), and `vigie serve` records no "always" answer.
std::string session_key(const std::string& agent) {
  constexpr std::size_t kNameBytes = 256;
  if (agent.size() <= kNameBytes) return agent;
  std::uint64_t fnv = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : agent) fnv = (fnv ^ c) * 1099511628211ull;
  std::uint64_t std_hash = std::hash<std::string>{}(agent);
  char tail[64];
  std::snprintf(tail, sizeof tail, "\n%zu:%016llx:%016llx", agent.size(),
                static_cast<unsigned long long>(fnv), static_cast<unsigned long long>(std_hash));
  return agent.substr(0, kNameBytes) + tail;
}

class Server {
 public:
  Server(const ServeArgs& args, std::shared_ptr<const Policy> policy, JournalWriter& journal)
      : args_(args), policy_(std::move(policy)), journal_(journal) {}

  // Handles one line; returns the response to print, if any (notifications get none).
  std::optional<json> handle_line(const std::string& line) {
    // Depth is bounded before anything is built: a message nested deeper than the limit is
    // read only down to the limit, to answer its id, and is never judged.
    too_deep_ = !engine::json_depth_within(line);
    json msg = too_deep_ ? engine::parse_json_shallow(line)
                         : json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (msg.is_discarded()) return error(nullptr, kParseError, "parse error: invalid JSON");
    if (msg.is_array()) {
      if (msg.empty()) return error(nullptr, kInvalidRequest, "invalid request: empty batch");
      json out = json::array();
      for (const auto& m : msg)
        if (auto r = handle(m)) out.push_back(std::move(*r));
      if (out.empty()) return std::nullopt;
      return out;
    }
    return handle(msg);
  }

  bool stopping() const { return stop_; }

  // A line longer than limits::request_bytes: discarded unread, so its id is unknown.
  json too_long() {
    journal_.write_error("", "invalid request: line too long");
    return error(nullptr, kInvalidRequest,
                 "invalid request: the line is longer than " +
                     std::to_string(limits::request_bytes) + " bytes (the limit for one message)");
  }

  // Whatever went wrong inside (out of memory...): an error, never a crash, never an allow.
  static json internal_error(const std::string& what) {
    return error(nullptr, kInternalError, "internal error: " + what);
  }

 private:
  static json error(const json& id, int code, const std::string& message,
                    std::optional<json> data = std::nullopt) {
    json e{{"code", code}, {"message", message}};
    if (data) e["data"] = std::move(*data);
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(e)}};
  }
  static json result(const json& id, json r) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(r)}};
  }

  json capabilities() const {
    return json{{"name", "vigie"},
                {"version", VIGIE_VERSION},
                {"policy", policy_->name()},
                {"capabilities", {{"permissions", {{"decide", true}}}}},
                {"methods",
                 {"initialize", "ping", "permissions/decide", "permissions/answer", "shutdown"}}};
  }

  std::optional<json> handle(const json& m) {
    if (!m.is_object()) return error(nullptr, kInvalidRequest, "invalid request: not an object");
    json id = nullptr;
    bool notification = true;
    if (auto it = m.find("id"); it != m.end()) {
      if (!it->is_string() && !it->is_number() && !it->is_null())
        return error(nullptr, kInvalidRequest, "invalid request: `id` must be a string or number");
      id = *it;
      notification = false;
    }
    if (auto it = m.find("jsonrpc"); it != m.end() && *it != "2.0")
      return error(id, kInvalidRequest, "invalid request: `jsonrpc` must be \"2.0\"");
    auto mit = m.find("method");
    if (mit == m.end() || !mit->is_string())
      return error(id, kInvalidRequest, "invalid request: `method` must be a string");
    const std::string method = mit->get<std::string>();
    json params = m.value("params", json::object());
    std::optional<json> response;
    if (too_deep_) {
      // Never judged: the message is not what was sent past the depth limit.
      if (method == "permissions/decide")
        response = too_deep_decision(id, params);
      else
        response = error(id, kInvalidRequest, "invalid request: " + engine::json_depth_error());
    } else if (method == "permissions/decide") {
      response = decide(id, params);
    } else if (method == "permissions/answer") {
      response = answer(id, params);
    } else if (method == "initialize" || method == "ping") {
      response = result(id, capabilities());
    } else if (method == "shutdown") {
      stop_ = true;
      response = result(id, nullptr);
    } else {
      response = error(id, kMethodNotFound, "method not found: `" + method + "`");
    }
    if (notification) return std::nullopt;
    return response;
  }

  json decide(const json& id, const json& params) {
    auto t0 = std::chrono::steady_clock::now();
    if (!params.is_object()) return invalid(id, "", "", t0, "`params` must be an object");
    auto rit = params.find("request");
    if (rit == params.end() || !rit->is_object())
      return invalid(id, "", "", t0, "`params.request` must be an object");
    std::string err;
    auto req = parse_request(params.dump(), &err);
    if (!req) {
      auto t = rit->find("tool");
      return invalid(id, t != rit->end() && t->is_string() ? t->get<std::string>() : "", "", t0,
                     err);
    }
    args_.ctx.fill(*req);
    DecideOptions opt;
    opt.trace = false;  // the answer carries decision, message, rule and error only
    bool over = false;
    if (args_.sessions) {
      // One session per agent (the request's agent name, or "" for none): loop detection and
      // budgets follow the policy's `session` block, the clock is this process's. At most
      // limits::serve_sessions agents: a new one past it is asked, never judged without its
      // session. Each session holds a bounded digest of the previous call (engine/session.hpp)
      // and its key is bounded too (session_key), so the sessions' memory does not grow with
      // the size of the requests.
      std::string key = session_key(req->agent);
      auto it = sessions_.find(key);
      if (it == sessions_.end() && sessions_.size() < limits::serve_sessions)
        it = sessions_.try_emplace(std::move(key)).first;
      if (it != sessions_.end()) {
        it->second.set_clock(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
        opt.session = &it->second;
      } else {
        over = true;
      }
    }
    Decision d;
    if (over) {
      d = invalid_request_decision("more than " + std::to_string(limits::serve_sessions) +
                                       " agents in one `vigie serve --sessions`",
                                   req->interactive);
      d.rule.id = "limits.serve-sessions";
    } else {
      d = policy_->decide(*req, opt);
    }
    json r{{"decision", to_string(d.decision)}};
    if (!d.message.empty()) r["message"] = d.message;
    if (!d.rule.id.empty()) r["rule"] = d.rule.id;
    if (d.error) r["error"] = *d.error;
    std::string rid;  // the harness's request id (Escouade's request.id), else the message's
    if (auto it = rit->find("id"); it != rit->end() && !it->is_null())
      rid = it->is_string() ? it->get<std::string>() : it->dump();
    else if (!id.is_null())
      rid = id.is_string() ? id.get<std::string>() : id.dump();
    journal_.write_journal_line(
        *req, d, rid, journal::Answer::none,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    return result(id, std::move(r));
  }

  // `permissions/answer` {"id", "answer": "allow_once"|"allow_always"|"deny"}: the human's
  // answer to an ask, journaled for `vigie suggest`.
  json answer(const json& id, const json& params) {
    if (!params.is_object()) return error(id, kInvalidParams, "invalid params: not an object");
    auto a = params.find("answer");
    auto ans = a != params.end() && a->is_string()
                   ? journal::answer_from_string(a->get<std::string>())
                   : std::nullopt;
    if (!ans)
      return error(id, kInvalidParams,
                   "invalid params: `answer` must be allow_once, allow_always or deny");
    auto rid = params.find("id");
    if (rid == params.end() || !(rid->is_string() || rid->is_number()))
      return error(id, kInvalidParams, "invalid params: `id` (the request's id) is required");
    journal_.write_answer(rid->is_string() ? rid->get<std::string>() : rid->dump(), *ans);
    return result(id, nullptr);
  }

  // The fail-closed answer to a decide request nested deeper than limits::json_depth.
  json too_deep_decision(const json& id, const json& params) {
    auto t0 = std::chrono::steady_clock::now();
    bool interactive = !args_.ctx.non_interactive;
    std::string tool;
    if (params.is_object()) {
      auto flag = [&](const json& o) {
        if (!o.is_object()) return;
        if (auto it = o.find("interactive"); it != o.end() && it->is_boolean() && !*it)
          interactive = false;
      };
      flag(params);
      if (auto r = params.find("request"); r != params.end() && r->is_object()) {
        flag(*r);
        if (auto t = r->find("tool"); t != r->end() && t->is_string()) tool = t->get<std::string>();
      }
    }
    Decision d = invalid_request_decision(engine::json_depth_error(), interactive);
    d.rule.id = "limits.json-depth";
    json r{{"decision", to_string(d.decision)},
           {"message", d.message},
           {"rule", d.rule.id},
           {"error", *d.error}};
    (void)t0;
    journal_.write_error(tool, d.message);
    return result(id, std::move(r));
  }

  json invalid(const json& id, const std::string& tool, const std::string& target,
               std::chrono::steady_clock::time_point t0, const std::string& why) {
    (void)target;
    (void)t0;
    journal_.write_error(tool, "invalid params: " + why);
    return error(id, kInvalidParams, "invalid params: " + why);
  }

  const ServeArgs& args_;
  std::shared_ptr<const Policy> policy_;
  JournalWriter& journal_;
  std::map<std::string, Session> sessions_;
  bool too_deep_ = false;  // the line being handled is nested deeper than limits::json_depth
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  bool stop_ = false;
};

int run_serve(const std::vector<std::string>& a) {
  int rc = kExitOk;
  auto args = parse_args(a, rc);
  if (!args) return rc;
  auto compiled = load_policy(args->ctx.policy, /*cached=*/false);  // compiled once, at start
  if (!compiled) return kExitError;
  JournalWriter journal;
  if (std::string err; !journal.open(args->journal, "serve", *compiled, &err)) {
    std::cerr << "vigie serve: " << err << "\n";
    return kExitError;
  }
  Server server(*args, compiled->policy, journal);
  // A client that closes its end makes a write fail (EPIPE) instead of killing the process.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);
  // Lines are bounded while reading (limits::request_bytes): a longer one is discarded to its
  // newline, never buffered, and answered with an error. Every line gets its answer, in order.
  std::string line;
  while (!server.stopping()) {
    LineStatus st = read_line(std::cin, line, limits::request_bytes);
    if (st == LineStatus::eof) break;
    std::optional<json> response;
    try {
      if (st == LineStatus::too_long) {
        response = server.too_long();
      } else {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        response = server.handle_line(line);
      }
    } catch (const std::exception& e) {
      response = Server::internal_error(e.what());
    } catch (...) {
      response = Server::internal_error("unknown");
    }
    if (response) {
      std::string out;
      try {
        out = response->dump(-1, ' ', false, json::error_handler_t::replace);
      } catch (...) {
        out = R"({"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error"}})";
      }
      out += '\n';
      std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
      std::cout.flush();
      if (!std::cout) {  // the client is gone: nobody reads the answers any more
        std::cerr << "vigie serve: the output is closed: stopping\n";
        return kExitError;
      }
    }
  }
  return kExitOk;
}

const Registrar serve_reg{
    "serve",
    {"answer Escouade's permissions/decide over stdio (JSON-RPC 2.0)",
     "usage: vigie serve --policy FILE [--cwd DIR] [--project DIR] [--home DIR]\n"
     "                   [--mode readonly|ask|auto] [--agent NAME] [--non-interactive]\n"
     "                   [--journal FILE] [--sessions]\n\n"
     "A permission plugin: reads JSON-RPC 2.0 messages on stdin, one per line, and answers\n"
     "each on its own line on stdout. The policy is compiled once, at start.\n"
     "  permissions/decide  params {\"request\": {\"id\", \"kind\", \"tool\", \"input\"}, "
     "\"project\",\n"
     "                      \"ticket\", \"agent\"} -> {\"decision\": \"allow\"|\"deny\"|\"ask\",\n"
     "                      \"message\"?, \"rule\"?}\n"
     "  initialize, ping    -> {\"name\", \"version\", \"policy\", \"capabilities\", \"methods\"}\n"
     "  shutdown            -> null, then stop reading\n"
     "Errors: -32700 invalid JSON, -32600 not a request, -32601 unknown method, -32602 invalid\n"
     "params. A request that cannot be judged is answered ask (deny with --non-interactive).\n"
     "  permissions/answer  params {\"id\", \"answer\": \"allow_once\"|\"allow_always\"|\"deny\"}\n"
     "                      -> null: the human's answer to an ask, for the journal\n" +
         std::string(kJournalUsage) +
         "  --sessions          keep one session per agent name: loop detection (the Nth "
         "identical\n"
         "                      consecutive call is denied) and the budgets of the policy's\n"
         "                      `session` block\n"
         "A line longer than 2 MiB is answered -32600 unread; JSON nested more than 256 levels is\n"
         "never judged (docs/limits.md).\n"
         "Exit: 0 at end of input, 1 when the policy (or the journal) cannot be loaded or the\n"
         "output is closed, 2 usage.\n",
     run_serve}};

}  // namespace
}  // namespace vigie::cli
