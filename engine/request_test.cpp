// parse_request's narrow reader (no JSON document, `input` kept as text) against the full
// parser it replaces on the hot path: the same request or the same error, for every shape.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/json_scan.hpp"
#include "engine/request.hpp"
#include "vigie/vigie.hpp"

namespace {

const std::vector<std::string> kRequests = {
    R"({"tool": "Bash", "input": {"command": "git status"}, "cwd": "/srv/app"})",
    R"(  {"tool":"Bash","input":{"command":"ls -la"},"cwd":"/a","project_root":"/a","home":"/h"} )",
    R"({"tool": "Edit", "input": {"file_path": "src/x.py", "old_string": "a", "new_string": "b"}})",
    R"({"tool": "WebFetch", "input": {"url": "https://x.org", "prompt": "p"}, "mode": "auto"})",
    R"({"tool": "Bash", "input": {"command": "echo \"hi\" \u00e9\n"}, "home": "/h\u00e9"})",
    R"({"tool": "Bash", "input": {"command": "a", "command": "rm -rf /"}})",
    R"({"tool": "Read", "tool": "Bash", "input": {"command": "ls"}})",
    R"({"tool": "Bash", "input": {"nested": {"a": [1, {"b": "}"}], "c": "]"}, "command": "x"}})",
    R"({"tool": "Bash", "input": {}, "interactive": false})",
    R"({"tool": "Bash", "input": {}, "interactive": "no"})",
    R"({"tool": "Bash", "input": {}, "mode": "supervised", "agent": "reviewer"})",
    R"({"tool": "Bash", "input": {}, "mode": "sometimes"})",
    R"({"tool": "Bash", "input": []})",
    R"({"tool": "Bash", "input": "ls"})",
    R"({"tool": "Bash", "kind": 3})",
    R"({"tool": null, "input": {}})",
    R"({"input": {"command": "ls"}})",
    R"({"tool": "", "input": {}})",
    R"({"kind": "command", "tool": "Shell", "input": {"command": "ls"}, "cwd": null})",
    R"({"\u0074ool": "Bash", "input": {"command": "ls"}})",
    R"({"request": {"id": "1", "kind": "command", "tool": "Bash", "input": {"command": "ls"}},
        "project": "/srv/app", "ticket": {"id": 4}, "agent": {"name": "dev", "role": "x"},
        "cwd": "/srv/app", "interactive": true})",
    R"({"request": {"tool": "Bash", "input": {"command": "ls"}, "cwd": "/in"}, "cwd": "/out"})",
    R"({"request": {"tool": "Bash", "input": {}, "interactive": false}, "interactive": true})",
    R"({"request": "Bash"})",
    R"({"request": {"tool": "Bash"}, "agent": "flat"})",
    R"({"request": {"tool": "Bash"}, "agent": {"name": 3}})",
    R"({"tool": "Bash", "input": {"command": "ls"}, "extra": [1, 2.5e3, true, null, "x"]})",
    R"([{"tool": "Bash"}])",
    R"("Bash")",
    R"({"tool": "Bash", "input": {"command": "ls"})",
    R"({"tool": "Bash", "input": {"command": "ls"}} trailing)",
    R"({"tool": "Bash", "input": {"command": "\xff"}})",
    R"()",
    R"({})",
    "{\"tool\": \"Bash\", \"input\": {\"command\": \"\xff\"}}",  // invalid UTF-8
};

}  // namespace

TEST_CASE("parse_request: the narrow reader answers as the full parser", "[request]") {
  for (const auto& text : kRequests) {
    INFO("request " << text);
    std::string e_fast, e_full;
    auto fast = vigie::parse_request(text, &e_fast);
    auto full = vigie::engine::parse_request_document(text, &e_full);
    REQUIRE(fast.has_value() == full.has_value());
    if (!fast) {
      CHECK(e_fast == e_full);
      continue;
    }
    CHECK(fast->kind == full->kind);
    CHECK(fast->tool == full->tool);
    CHECK(nlohmann::json::parse(fast->input_json) == nlohmann::json::parse(full->input_json));
    CHECK(fast->cwd == full->cwd);
    CHECK(fast->project_root == full->project_root);
    CHECK(fast->home == full->home);
    CHECK(fast->mode == full->mode);
    CHECK(fast->interactive == full->interactive);
    CHECK(fast->agent == full->agent);
  }
}

TEST_CASE("scan_object: members of an object, the last of duplicates, escaped keys refused",
          "[request]") {
  auto m = vigie::engine::scan_object(R"( {"a": 1, "b": {"c": "}"}, "a": [2], "d": null} )");
  REQUIRE(m);
  REQUIRE(m->size() == 4);
  const auto* a = vigie::engine::find_member(*m, "a");
  REQUIRE(a);
  CHECK(a->value == "[2]");
  CHECK(a->type == '[');
  CHECK(vigie::engine::find_member(*m, "b")->value == R"({"c": "}"})");
  CHECK(vigie::engine::find_member(*m, "d")->type == 'n');
  CHECK(vigie::engine::find_member(*m, "z") == nullptr);
  CHECK_FALSE(vigie::engine::scan_object(R"({"\u0061": 1})"));
  CHECK_FALSE(vigie::engine::scan_object("[1]"));
  CHECK(vigie::engine::json_string_value(R"("a\"b\u00e9")") == "a\"b\xc3\xa9");
}

TEST_CASE("parse_flat_object: the same object as the full parser, or nothing", "[request]") {
  std::vector<std::string> texts = {
      R"({"command": "git status"})",
      R"(  {"command":"ls -la" , "description" : "list"}  )",
      R"({})",
      R"( { } )",
      R"({"command": "a", "command": "rm -rf /"})",
      R"({"command": "echo \"hi\""})",
      R"({"command": "caf\u00e9"})",
      "{\"command\": \"caf\xc3\xa9\"}",
      "{\"command\": \"a\tb\"}",
      R"({"command": "x", "timeout": 5})",
      R"({"command": "x",})",
      R"({"command": "x"} x)",
      R"({"command" "x"})",
      R"({"command": "x")",
      R"(["command", "x"])",
      R"({'command': 'x'})",
      "",
  };
  // Generated: flat objects of keys and values over a small alphabet, cut or not.
  const std::string alphabet = "ab :,{}\"\\ ";
  unsigned seed = 11;
  for (int k = 0; k < 4000; ++k) {
    std::string t = "{";
    int n = static_cast<int>((seed = seed * 1103515245u + 12345u) >> 16) % 4;
    for (int m = 0; m < n; ++m) {
      if (m) t += ",";
      t += "\"k" + std::to_string(m % 2) + "\":\"";
      int len = static_cast<int>((seed = seed * 1103515245u + 12345u) >> 16) % 6;
      for (int c = 0; c < len; ++c)
        t += alphabet[((seed = seed * 1103515245u + 12345u) >> 16) % alphabet.size()];
      t += "\"";
    }
    t += "}";
    if (k % 3 == 0) t = t.substr(0, ((seed = seed * 1103515245u + 12345u) >> 16) % (t.size() + 1));
    texts.push_back(t);
  }
  // Long values (strings are scanned eight bytes at a time): each byte that ends a plain string
  // (a quote, a backslash, a control character, 0x7f, a byte above it) at every offset of a
  // value of up to 40 bytes, and values without one.
  for (const char stop : {'"', '\\', '\x01', '\x1f', '\x7f', '\x80', '\xff', '~', ' ', '}'}) {
    for (std::size_t len = 0; len <= 40; ++len) {
      for (std::size_t at = 0; at <= len; ++at) {
        std::string v(len, 'a');
        if (at < len) v[at] = stop;
        texts.push_back("{\"command\": \"" + v + "\", \"k0\": \"" + v + "x\"}");
      }
    }
  }
  int fast = 0;
  for (const auto& t : texts) {
    INFO("text: " << t);
    auto flat = vigie::engine::parse_flat_object(t);
    auto full = nlohmann::json::parse(t, nullptr, false);
    // flat_member (the command fast path of decide) reads the same member of the same texts.
    for (const char* key : {"command", "k0", "k1", "absent"}) {
      auto member = vigie::engine::flat_member(t, key);
      REQUIRE(member.has_value() == flat.has_value());
      if (!flat) continue;
      auto it = flat->find(key);
      REQUIRE(member->found == (it != flat->end()));
      if (it != flat->end()) CHECK(member->value() == it->get<std::string>());
    }
    if (!flat) continue;
    ++fast;
    REQUIRE_FALSE(full.is_discarded());
    CHECK(*flat == full);
  }
  CHECK(fast > 1000);
  CHECK(vigie::engine::parse_flat_object(R"({"command": "git status"})").has_value());
  // Values with escapes or UTF-8 are unescaped by the JSON parser; keys with escapes, values
  // the parser refuses (a lone surrogate, a control character, a bad escape) and values that are
  // not strings leave the object to the full parser.
  CHECK(vigie::engine::parse_flat_object(R"({"command": "caf\u00e9"})").has_value());
  CHECK(vigie::engine::flat_member(R"({"command": "echo \"a\"\nb"})", "command")->value() ==
        "echo \"a\"\nb");
  CHECK(vigie::engine::flat_member(R"({"command": "x\u0000y"})", "command")->value() ==
        std::string("x\0y", 3));
  CHECK_FALSE(vigie::engine::parse_flat_object(R"({"\u0063ommand": "x"})").has_value());
  CHECK_FALSE(vigie::engine::flat_member(R"({"command": "\ud800"})", "command").has_value());
  CHECK_FALSE(vigie::engine::flat_member(R"({"command": "\x41"})", "command").has_value());
  CHECK_FALSE(vigie::engine::flat_member("{\"command\": \"a\x01\\\"\"}", "command").has_value());
  CHECK_FALSE(vigie::engine::flat_member(R"({"command": "a\"})", "command").has_value());
  CHECK_FALSE(vigie::engine::flat_member("{\"command\": \"\xff\\n\"}", "command").has_value());
}

namespace {

// decision_to_json as it was written through a nlohmann document: the reference the direct
// writer must match byte for byte.
nlohmann::json rule_document(const vigie::RuleRef& r) {
  return {{"id", r.id}, {"file", r.file}, {"line", r.line}, {"effect", vigie::to_string(r.effect)}};
}

std::string decision_document(const vigie::Decision& d) {
  nlohmann::json j;
  j["decision"] = vigie::to_string(d.decision);
  j["message"] = d.message;
  j["rule"] = d.rule.id.empty() ? nlohmann::json(nullptr) : rule_document(d.rule);
  j["matched"] = nlohmann::json::array();
  for (const auto& m : d.matched) j["matched"].push_back(rule_document(m));
  j["trace"] = nlohmann::json::array();
  for (const auto& t : d.trace) {
    nlohmann::json e{{"subject", t.subject},
                     {"text", t.text},
                     {"effect", vigie::to_string(t.effect)},
                     {"reason", t.reason}};
    if (!t.argv.empty()) e["argv"] = t.argv;
    if (!t.context.empty()) e["context"] = t.context;
    if (!t.effects.empty()) {
      e["effects"] = nlohmann::json::array();
      for (const auto& f : t.effects)
        e["effects"].push_back(
            {{"access", f.access}, {"path", f.path}, {"from", f.from}, {"entry", f.entry}});
    }
    e["matched"] = nlohmann::json::array();
    for (const auto& m : t.matched) e["matched"].push_back(rule_document(m));
    j["trace"].push_back(std::move(e));
  }
  if (d.error) j["error"] = *d.error;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("decision_to_json: the text the nlohmann document wrote, byte for byte", "[request]") {
  const std::vector<std::string> texts = {"",
                                          "git status",
                                          "a \"quoted\" \\ word",
                                          "tab\there\nnewline\r\x01\x1f\x7f",
                                          "caf\xc3\xa9 \xe6\x97\xa5",
                                          "bad \xff\xfe utf-8 \xc3",
                                          "cut \xe2\x82",
                                          "\xed\xa0\x80 surrogate",
                                          "\xf0\x9f\x98\x80 emoji",
                                          std::string("nul\0byte", 8)};
  for (const std::string& s : texts) {
    vigie::Decision d;
    d.decision = vigie::Effect::deny;
    d.message = "message " + s;
    CHECK(vigie::decision_to_json(d) == decision_document(d));  // no rule, no trace
    d.rule = {"commands.deny." + s, "/p/" + s, 42, vigie::Effect::deny, false};
    d.matched = {d.rule, {"x", "<builtin>", 0, vigie::Effect::allow, true}};
    d.error = "error " + s;
    vigie::TraceEntry t;
    t.subject = "command";
    t.text = s;
    t.reason = "why " + s;
    t.effect = vigie::Effect::ask;
    d.trace.push_back(t);  // no argv, context or effects
    t.argv = {"rm", s, ""};
    t.context = {"top", s};
    t.matched = d.matched;
    t.effects = {{"read", s, "operand", "cat operand"}, {"exec", "", "option", s}};
    d.trace.push_back(t);
    CHECK(vigie::decision_to_json(d) == decision_document(d));
  }
}
