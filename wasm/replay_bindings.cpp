// Embind bindings of the decision journal (engine/journal.hpp), replay (engine/replay.hpp) and
// suggestions (engine/suggest.hpp), in their own EMSCRIPTEN_BINDINGS block: the playground
// loads a journal once (it stays in the page) and replays it under each edit of the policy.
//
//   const j = new module.JournalHandle(text);      // parsed once
//   j.count(); j.errorsJson();                     // entries, unreadable lines
//   j.replayJson(policySource, optionsJson, examples)   // replay::to_json, or {"error"}
//   j.suggestJson(policySource, optionsJson)            // suggest::to_json + "policy_text"
//   j.requestJson(index)                           // the recorded request, flat JSON
//   j.entryJson(index)                             // the recorded line (redacted as written)
//   module.addRules(file, source, rulesJson)       // {"text"}: rules added, canonical form
//
// Policies compile with the options of bindings.cpp's `compile` (`{"file", "files"}`: no
// disk in wasm). Nothing throws into JS: errors come back as `{"error": "..."}`.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/journal.hpp"
#include "engine/limits.hpp"
#include "engine/replay.hpp"
#include "engine/suggest.hpp"
#include "vigie/vigie.hpp"

namespace {

namespace em = emscripten;
using nlohmann::json;

std::string error_json(const std::string& why) {
  return json{{"error", why}}.dump(-1, ' ', false, json::error_handler_t::replace);
}

// `{"file"?, "files"?: {name: text}}` -> the sources (main file first) and compile options.
struct Sources {
  std::vector<vigie::SourceFile> files;
  vigie::CompileOptions options;
};

Sources sources_of(const std::string& source, const std::string& options_json) {
  Sources s;
  s.options.read_files = false;
  std::string file = "policy.vigie";
  if (!options_json.empty() && vigie::engine::json_depth_within(options_json)) {
    json j = json::parse(options_json, nullptr, false);
    if (j.is_object()) {
      if (auto it = j.find("file"); it != j.end() && it->is_string()) file = it->get<std::string>();
      if (auto it = j.find("files"); it != j.end() && it->is_object())
        for (const auto& [name, text] : it->items())
          if (text.is_string()) s.options.files.push_back({name, text.get<std::string>()});
    }
  }
  s.files.push_back({file, source});
  return s;
}

class JournalHandle {
 public:
  explicit JournalHandle(const std::string& text) noexcept {
    try {
      vigie::journal::load(text, "journal", loaded_);
    } catch (...) {
      loaded_.errors.push_back("the journal could not be read");
    }
  }

  double count() const { return static_cast<double>(loaded_.entries.size()); }

  std::string errors_json() const {
    return json(loaded_.errors).dump(-1, ' ', false, json::error_handler_t::replace);
  }

  std::string replay_json(const std::string& source, const std::string& options_json,
                          int examples) const {
    try {
      Sources s = sources_of(source, options_json);
      vigie::CompileResult r = vigie::compile(s.files, s.options);
      if (!r.ok()) return error_json("the policy does not compile");
      vigie::DecideOptions o;
      o.fs = vigie::virtual_file_system({}, {});
      auto rep = vigie::replay::replay(*r.policy, loaded_.entries, o);
      return vigie::replay::to_json(rep, examples < 0 ? 0 : static_cast<std::size_t>(examples));
    } catch (...) {
      return error_json("internal error");
    }
  }

  std::string suggest_json(const std::string& source, const std::string& options_json) const {
    try {
      Sources s = sources_of(source, options_json);
      vigie::DecideOptions o;
      o.fs = vigie::virtual_file_system({}, {});
      auto res = vigie::suggest::suggest(s.files, loaded_.entries, {}, s.options, o);
      json j = json::parse(vigie::suggest::to_json(res));
      j["policy_text"] = res.policy_text;
      return j.dump(-1, ' ', false, json::error_handler_t::replace);
    } catch (...) {
      return error_json("internal error");
    }
  }

  std::string request_json(int index) const {
    try {
      if (index < 0 || static_cast<std::size_t>(index) >= loaded_.entries.size())
        return error_json("no such entry");
      const vigie::Request& r = loaded_.entries[static_cast<std::size_t>(index)].request;
      json in = json::parse(r.input_json, nullptr, false);
      json j{{"tool", r.tool},
             {"kind", r.kind},
             {"input", in.is_discarded() ? json(r.input_json) : in},
             {"cwd", r.cwd},
             {"project_root", r.project_root},
             {"home", r.home},
             {"interactive", r.interactive}};
      if (!r.agent.empty()) j["agent"] = r.agent;
      if (r.mode) j["mode"] = vigie::to_string(*r.mode);
      return j.dump(-1, ' ', false, json::error_handler_t::replace);
    } catch (...) {
      return error_json("internal error");
    }
  }

  std::string entry_json(int index) const {
    try {
      if (index < 0 || static_cast<std::size_t>(index) >= loaded_.entries.size())
        return error_json("no such entry");
      return vigie::journal::to_line(loaded_.entries[static_cast<std::size_t>(index)],
                                     vigie::journal::Redactor(false));
    } catch (...) {
      return error_json("internal error");
    }
  }

 private:
  vigie::journal::Loaded loaded_;
};

// Adds rules (a JSON array of rule texts) to a policy's text in canonical form
// (suggest::add_rules): {"text"} or {"error"}.
std::string add_rules(const std::string& file, const std::string& source,
                      const std::string& rules_json) {
  try {
    if (!vigie::engine::json_depth_within(rules_json)) return error_json("rules nested too deep");
    json j = json::parse(rules_json, nullptr, false);
    if (!j.is_array()) return error_json("rules must be an array of strings");
    std::vector<std::string> rules;
    for (const auto& r : j)
      if (r.is_string()) rules.push_back(r.get<std::string>());
    std::string err;
    auto text =
        vigie::suggest::add_rules(file.empty() ? "policy.vigie" : file, source, rules, &err);
    if (!text) return error_json(err);
    return json{{"text", *text}}.dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (...) {
    return error_json("internal error");
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(vigie_journal) {
  em::function("addRules", &add_rules);
  em::class_<JournalHandle>("JournalHandle")
      .constructor<const std::string&>()
      .function("count", &JournalHandle::count)
      .function("errorsJson", &JournalHandle::errors_json)
      .function("replayJson", &JournalHandle::replay_json)
      .function("suggestJson", &JournalHandle::suggest_json)
      .function("requestJson", &JournalHandle::request_json)
      .function("entryJson", &JournalHandle::entry_json);
}
