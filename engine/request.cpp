// The request model: kinds derived from tool names, parsing requests from JSON (flat and
// Escouade shapes), and the JSON surface of decisions.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

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

// decision_to_json writes its text directly: the members in nlohmann's order (its objects are
// std::map, keys sorted), no document built (a decision with a long trace cost ~100,000
// instructions through one, most of the `check --jsonl` run). The text is the one
// `json::dump(-1, ' ', false, replace)` wrote, byte for byte.

// A string as JSON: plain printable ASCII as is; anything else (a quote, a backslash, a control
// character, a byte past ASCII, which may be invalid UTF-8 and then replaced) through nlohmann's
// own escaping, so the text is the same.
void put_string(std::string& out, std::string_view s) {
  bool plain = true;
  for (unsigned char c : s)
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
      plain = false;
      break;
    }
  if (plain) {
    out += '"';
    out += s;
    out += '"';
  } else {
    out += json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

// A JSON array of `v`, each element written by `put_one`.
template <class T, class Put>
void put_array(std::string& out, const std::vector<T>& v, Put put_one) {
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    put_one(out, v[i]);
  }
  out += ']';
}

void put_strings(std::string& out, const std::vector<std::string>& v) {
  put_array(out, v, [](std::string& o, const std::string& x) { put_string(o, x); });
}

void put_rule(std::string& out, const RuleRef& r) {
  out += "{\"effect\":";
  put_string(out, to_string(r.effect));
  out += ",\"file\":";
  put_string(out, r.file);
  out += ",\"id\":";
  put_string(out, r.id);
  out += ",\"line\":";
  out += std::to_string(r.line);
  out += '}';
}

void put_rules(std::string& out, const std::vector<RuleRef>& v) {
  put_array(out, v, put_rule);
}

void put_effect(std::string& out, const TraceEffect& f) {
  out += "{\"access\":";
  put_string(out, f.access);
  out += ",\"entry\":";
  put_string(out, f.entry);
  out += ",\"from\":";
  put_string(out, f.from);
  out += ",\"path\":";
  put_string(out, f.path);
  out += '}';
}

// A trace entry; `argv`, `context` and `effects` only when not empty, as before.
void put_entry(std::string& out, const TraceEntry& t) {
  out += '{';
  if (!t.argv.empty()) {
    out += "\"argv\":";
    put_strings(out, t.argv);
    out += ',';
  }
  if (!t.context.empty()) {
    out += "\"context\":";
    put_strings(out, t.context);
    out += ',';
  }
  out += "\"effect\":";
  put_string(out, to_string(t.effect));
  if (!t.effects.empty()) {
    out += ",\"effects\":";
    put_array(out, t.effects, put_effect);
  }
  out += ",\"matched\":";
  put_rules(out, t.matched);
  out += ",\"reason\":";
  put_string(out, t.reason);
  out += ",\"subject\":";
  put_string(out, t.subject);
  out += ",\"text\":";
  put_string(out, t.text);
  out += '}';
}

}  // namespace

std::string decision_to_json(const Decision& d) {
  std::string out;
  out.reserve(256 + 96 * d.matched.size() + 256 * d.trace.size());
  out += "{\"decision\":";
  put_string(out, to_string(d.decision));
  if (d.error) {
    out += ",\"error\":";
    put_string(out, *d.error);
  }
  out += ",\"matched\":";
  put_rules(out, d.matched);
  out += ",\"message\":";
  put_string(out, d.message);
  out += ",\"rule\":";
  if (d.rule.id.empty())
    out += "null";
  else
    put_rule(out, d.rule);
  out += ",\"trace\":";
  put_array(out, d.trace, put_entry);
  out += '}';
  return out;
}

}  // namespace vigie
