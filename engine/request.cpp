// The request model: kinds derived from tool names, parsing requests from JSON (flat and
// Escouade shapes), and the JSON surface of decisions.
#include <nlohmann/json.hpp>

#include "engine/builtin_rules.hpp"
#include "engine/json_scan.hpp"
#include "engine/limits.hpp"
#include "engine/request.hpp"
#include "engine/tool_names.hpp"
#include "vigie/vigie.hpp"

namespace vigie {

using nlohmann::json;

std::string kind_of_tool(std::string_view tool) {
  json input = json::object();
  return std::string(engine::kind_name(engine::resolve_tool(tool, "", {}, {}, input).kind));
}

namespace {

std::string string_field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

}  // namespace

Decision invalid_request_decision(const std::string& error, bool interactive) {
  Decision d;
  d.decision = interactive ? Effect::ask : Effect::deny;
  d.error = error;
  d.message = "the request could not be read (" + error + "): a human must decide";
  d.rule = engine::builtin(engine::Builtin::request_invalid, d.decision);
  d.rule.effect = d.decision;
  return d;
}

namespace {

// The hot path of parse_request: the request is validated without building a document
// (json::accept), its members are found by engine/json_scan.hpp, only the fields a request
// uses are decoded, and `input` is kept as its text (decide parses it, once). The answers are
// parse_request's, in the same order of checks; anything unusual (an escaped key, an input at
// the size limit, a text that does not validate) returns nullopt and the full parser decides.
// `*done` says whether this path gave the answer (a request or an error).
std::optional<Request> parse_request_narrow(std::string_view text, std::string* error, bool* done) {
  *done = false;
  if (text.size() > limits::request_bytes || !engine::json_depth_within(text)) return std::nullopt;
  // A NUL ends nlohmann's reading early: the full parser (parse_json) refuses it.
  if (text.find('\0') != std::string_view::npos || !json::accept(text)) return std::nullopt;
  auto top = engine::scan_object(text);
  if (!top) return std::nullopt;
  *done = true;
  auto fail = [&](std::string msg) -> std::optional<Request> {
    if (error) *error = std::move(msg);
    return std::nullopt;
  };
  Request r;
  std::optional<std::vector<engine::JsonMember>> inner_store;
  using Members = std::vector<engine::JsonMember>;
  const Members* outer = &*top;
  const Members* inner = outer;
  if (const auto* req = engine::find_member(*top, "request")) {
    if (req->type != '{') return fail("`request` must be an object");
    inner_store = engine::scan_object(req->value);
    if (!inner_store) {
      *done = false;
      return std::nullopt;
    }
    inner = &*inner_store;
    if (const auto* a = engine::find_member(*top, "agent"); a && a->type == '{') {
      auto agent = engine::scan_object(a->value);
      if (!agent) {
        *done = false;
        return std::nullopt;
      }
      if (const auto* n = engine::find_member(*agent, "name"); n && n->type == '"')
        r.agent = engine::json_string_value(n->value);
    }
  }
  for (const Members* o : {inner, outer}) {
    for (const char* key : {"kind", "tool", "cwd", "project_root", "home", "mode", "harness"}) {
      const auto* m = engine::find_member(*o, key);
      if (m && m->type != '"' && m->type != 'n')
        return fail(std::string("`") + key + "` must be a string");
    }
  }
  auto str = [](const std::vector<engine::JsonMember>& o, const char* key) -> std::string {
    const auto* m = engine::find_member(o, key);
    return m && m->type == '"' ? engine::json_string_value(m->value) : std::string();
  };
  r.tool = str(*inner, "tool");
  if (r.tool.empty()) return fail("the request has no `tool`");
  // Without a kind, the engine resolves the tool name with the policy's tool maps.
  r.kind = str(*inner, "kind");
  if (const auto* in = engine::find_member(*inner, "input")) {
    if (in->type != '{') return fail("`input` must be an object");
    // At the size limit, the text's blanks could decide: the full parser's compact form does.
    if (in->value.size() > limits::input_bytes) {
      *done = false;
      return std::nullopt;
    }
    r.input_json = std::string(in->value);
  }
  auto ctx = [&](const char* key) {
    std::string v = str(*inner, key);
    return v.empty() ? str(*top, key) : v;
  };
  r.cwd = ctx("cwd");
  r.project_root = ctx("project_root");
  r.home = ctx("home");
  r.harness = ctx("harness");
  if (!r.harness.empty() && !engine::find_harness(r.harness))
    return fail("unknown harness `" + r.harness + "`");
  if (r.agent.empty()) r.agent = ctx("agent");
  if (std::string m = ctx("mode"); !m.empty()) {
    r.mode = mode_from_string(m);
    if (!r.mode) return fail("unknown mode `" + m + "`: expected readonly, ask or auto");
  }
  for (const Members* o : {inner, outer}) {
    if (const auto* m = engine::find_member(*o, "interactive")) {
      if (m->type != 't' && m->type != 'f') return fail("`interactive` must be a boolean");
      r.interactive = m->type == 't';
    }
  }
  return r;
}

}  // namespace

std::optional<Request> parse_request(std::string_view text, std::string* error) {
  try {
    bool done = false;
    auto r = parse_request_narrow(text, error, &done);
    if (done) return r;
  } catch (...) {
    // Out of memory or a string that did not decode: the full parser answers.
  }
  return engine::parse_request_document(text, error);
}

std::optional<Request> engine::parse_request_document(std::string_view text, std::string* error) {
  auto fail = [&](std::string msg) -> std::optional<Request> {
    if (error) *error = std::move(msg);
    return std::nullopt;
  };
  // Size and depth are checked before parsing: `input` is serialized back below, and
  // serializing recurses.
  std::string why;
  json j = engine::parse_json(text, &why);
  if (j.is_discarded()) return fail(why);
  if (!j.is_object()) return fail("the request must be a JSON object");

  Request r;
  const json* inner = &j;
  // Escouade's `permissions/decide` params: {"request": {...}, "project", "ticket", "agent"}.
  if (auto it = j.find("request"); it != j.end()) {
    if (!it->is_object()) return fail("`request` must be an object");
    inner = &*it;
    if (auto a = j.find("agent"); a != j.end() && a->is_object())
      r.agent = string_field(*a, "name");
  }
  for (const json* o : {inner, static_cast<const json*>(&j)}) {
    for (const char* key : {"kind", "tool", "cwd", "project_root", "home", "mode", "harness"}) {
      auto it = o->find(key);
      if (it != o->end() && !it->is_string() && !it->is_null())
        return fail(std::string("`") + key + "` must be a string");
    }
  }
  r.tool = string_field(*inner, "tool");
  if (r.tool.empty()) return fail("the request has no `tool`");
  // Without a kind, the engine resolves the tool name with the policy's tool maps.
  r.kind = string_field(*inner, "kind");
  if (auto it = inner->find("input"); it != inner->end()) {
    if (!it->is_object()) return fail("`input` must be an object");
    r.input_json = it->dump();
  }
  // Context fields may sit at the top level or inside the request.
  auto ctx = [&](const char* key) {
    std::string v = string_field(*inner, key);
    return v.empty() ? string_field(j, key) : v;
  };
  r.cwd = ctx("cwd");
  r.project_root = ctx("project_root");
  r.home = ctx("home");
  r.harness = ctx("harness");
  if (!r.harness.empty() && !engine::find_harness(r.harness))
    return fail("unknown harness `" + r.harness + "`");
  if (r.agent.empty()) r.agent = ctx("agent");
  if (std::string m = ctx("mode"); !m.empty()) {
    r.mode = mode_from_string(m);
    if (!r.mode) return fail("unknown mode `" + m + "`: expected readonly, ask or auto");
  }
  for (const json* o : {inner, static_cast<const json*>(&j)}) {
    if (auto it = o->find("interactive"); it != o->end()) {
      if (!it->is_boolean()) return fail("`interactive` must be a boolean");
      r.interactive = it->get<bool>();
    }
  }
  return r;
}

namespace {

json rule_json(const RuleRef& r) {
  return json{{"id", r.id}, {"file", r.file}, {"line", r.line}, {"effect", to_string(r.effect)}};
}

}  // namespace

std::string decision_to_json(const Decision& d) {
  json j;
  j["decision"] = to_string(d.decision);
  j["message"] = d.message;
  j["rule"] = d.rule.id.empty() ? json(nullptr) : rule_json(d.rule);
  j["matched"] = json::array();
  for (const auto& m : d.matched) j["matched"].push_back(rule_json(m));
  j["trace"] = json::array();
  for (const auto& t : d.trace) {
    json e{{"subject", t.subject},
           {"text", t.text},
           {"effect", to_string(t.effect)},
           {"reason", t.reason}};
    if (!t.argv.empty()) e["argv"] = t.argv;
    if (!t.context.empty()) e["context"] = t.context;
    if (!t.effects.empty()) {
      e["effects"] = json::array();
      for (const auto& f : t.effects)
        e["effects"].push_back(
            {{"access", f.access}, {"path", f.path}, {"from", f.from}, {"entry", f.entry}});
    }
    e["matched"] = json::array();
    for (const auto& m : t.matched) e["matched"].push_back(rule_json(m));
    j["trace"].push_back(std::move(e));
  }
  if (d.error) j["error"] = *d.error;
  // Invalid UTF-8 in user input must not make the dump throw.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace vigie
