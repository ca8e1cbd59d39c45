// The commands view as JSON (`vigie parse --commands --json`, the WASM bindings): every field of
// commands.hpp's CommandsResult but the engine's own (`glob_words`), and parse errors.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grammar/shell/commands.hpp"

namespace vigie::shell {

namespace {

nlohmann::ordered_json word_json(const WordView& w) {
  nlohmann::ordered_json j;
  j["text"] = w.text;
  j["literal"] = w.literal ? nlohmann::ordered_json(*w.literal) : nlohmann::ordered_json(nullptr);
  j["pattern"] = w.pattern ? nlohmann::ordered_json(*w.pattern) : nlohmann::ordered_json(nullptr);
  return j;
}

nlohmann::ordered_json errors_json(const std::vector<ParseError>& errors) {
  auto a = nlohmann::ordered_json::array();
  for (const auto& e : errors) {
    a.push_back({{"line", e.line},
                 {"column", e.column},
                 {"message", e.message},
                 {"incomplete", e.incomplete}});
  }
  return a;
}

}  // namespace

std::string errors_to_json(const std::vector<ParseError>& errors) {
  return errors_json(errors).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string commands_to_json(const CommandsResult& r) {
  try {
    nlohmann::ordered_json j;
    j["ok"] = r.ok;
    j["commands"] = nlohmann::ordered_json::array();
    for (const auto& c : r.commands) {
      nlohmann::ordered_json cj;
      cj["argv"] = nlohmann::ordered_json::array();
      for (const auto& w : c.argv) cj["argv"].push_back(word_json(w));
      cj["assigns"] = nlohmann::ordered_json::array();
      for (const auto& a : c.assigns) {
        cj["assigns"].push_back(
            {{"name", a.name}, {"value", word_json(a.value)}, {"append", a.append}});
      }
      cj["redirects"] = nlohmann::ordered_json::array();
      for (const auto& rd : c.redirects) {
        nlohmann::ordered_json rj{{"op", rd.op}, {"fd", rd.fd}, {"target", word_json(rd.target)}};
        if (rd.heredoc_body) {
          rj["heredoc_body"] = *rd.heredoc_body;
          rj["heredoc_quoted"] = rd.heredoc_quoted;
        }
        cj["redirects"].push_back(std::move(rj));
      }
      cj["context"] = c.context;
      cj["op"] = c.op;
      cj["span"] = {c.span.begin, c.span.end};
      j["commands"].push_back(std::move(cj));
    }
    j["errors"] = errors_json(r.errors);
    // Invalid UTF-8 in the script must not make the dump throw.
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  } catch (const std::exception&) {
    return R"({"ok": false, "commands": [], "errors": [{"line": 1, "column": 1, "message": "internal error", "incomplete": false}]})";
  }
}

}  // namespace vigie::shell
