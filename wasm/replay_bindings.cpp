// Embind bindings of the decision journal (engine/journal.hpp), replay (engine/replay.hpp) and
// suggestions (engine/suggest.hpp), registered on first use (rare_bindings.hpp): the
// playground loads a journal once (it stays in the page) and replays it under each edit of the
// policy.
//
//   const j = new module.JournalHandle(text);      // parsed once
//   j.count(); j.errorsJson();                     // entries, unreadable lines
//   j.replayJson(policySource, optionsJson, examples)   // replay::to_json, or {"error"}
//   j.suggestJson(policySource, optionsJson)            // suggest::to_json + "policy_text"
//   j.requestJson(index)                           // the recorded request, flat JSON
//   j.entryJson(index)                             // the recorded line (redacted as written)
//   module.addRules(file, source, rulesJson)       // {"text"}: rules added, canonical form
//   module.journalLine(requestJson, decisionJson, optionsJson)   // one journal line to append
//   module.policyHash(source, optionsJson)         // "fnv1a64:…"
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
#include "wasm/rare_bindings.hpp"

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

// One journal line for a decision the embedder made (the Node API's entry point): the request
// (flat or Escouade JSON), the decision as `decide` returned it, and options
// {"source"?, "id"?, "answer"?, "policy"?: {"name", "hash"}, "redact"?: [regex],
//  "default_redactions"?: bool}. Returns the line (no newline), or {"error"}.
std::string journal_line(const std::string& request_json, const std::string& decision_json,
                         const std::string& options_json) {
  try {
    std::string err;
    auto req = vigie::parse_request(request_json, &err);
    if (!req) return error_json("invalid request: " + err);
    if (!vigie::engine::json_depth_within(decision_json) ||
        !vigie::engine::json_depth_within(options_json))
      return error_json("nested too deep");
    json d = json::parse(decision_json, nullptr, false);
    json o = options_json.empty() ? json::object() : json::parse(options_json, nullptr, false);
    if (!d.is_object() || !o.is_object()) return error_json("decision and options are objects");
    vigie::Decision dec;
    auto effect = vigie::effect_from_string(d.value("decision", ""));
    if (!effect) return error_json("the decision must be allow, ask or deny");
    dec.decision = *effect;
    dec.message = d.value("message", "");
    if (auto r = d.find("rule"); r != d.end() && r->is_object()) dec.rule.id = r->value("id", "");
    if (auto m = d.find("matched"); m != d.end() && m->is_array())
      for (const auto& x : *m)
        if (x.is_object()) dec.matched.push_back({x.value("id", ""), "", 0, vigie::Effect::ask});
    if (auto e = d.find("error"); e != d.end() && e->is_string()) dec.error = e->get<std::string>();
    std::string name, hash;
    if (auto p = o.find("policy"); p != o.end() && p->is_object()) {
      name = p->value("name", "");
      hash = p->value("hash", "");
    }
    auto entry = vigie::journal::make_entry(*req, dec, o.value("source", "node"), name, hash);
    if (auto id = o.find("id"); id != o.end() && !id->is_null())
      entry.id = id->is_string() ? id->get<std::string>() : id->dump();
    if (auto a = o.find("answer"); a != o.end() && a->is_string()) {
      auto ans = vigie::journal::answer_from_string(a->get<std::string>());
      if (!ans) return error_json("`answer` must be allow_once, allow_always or deny");
      entry.answer = *ans;
    }
    bool defaults = true;
    if (auto it = o.find("default_redactions"); it != o.end() && it->is_boolean()) defaults = *it;
    vigie::journal::Redactor red(defaults);
    if (auto it = o.find("redact"); it != o.end() && it->is_array())
      for (const auto& r : *it)
        if (r.is_string() && !red.add(r.get<std::string>(), &err)) return error_json(err);
    return vigie::journal::to_line(entry, red);
  } catch (...) {
    return error_json("internal error");
  }
}

// The content hash a journal line records for a policy: its main source then the `files` of
// the compile options, as the compiler reads them.
std::string policy_hash(const std::string& source, const std::string& options_json) {
  try {
    Sources s = sources_of(source, options_json);
    std::vector<vigie::SourceFile> all = s.files;
    all.insert(all.end(), s.options.files.begin(), s.options.files.end());
    return vigie::journal::policy_hash(all);
  } catch (...) {
    return {};
  }
}

}  // namespace

void vigie::wasm::register_journal_bindings() {
  em::function("journalLine", &journal_line);
  em::function("policyHash", &policy_hash);
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
