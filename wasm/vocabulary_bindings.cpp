// Embind binding of the policy language's vocabulary (grammar/policy/language.hpp), in its own
// EMSCRIPTEN_BINDINGS block: the playground highlights the language from the checker's own
// tables instead of copying its word lists.
//
//   module.vocabularyJson()   // {"blocks", "keys": [{"block", "key", "usage"}], "with_keys",
//                             //  "attributes", "effects", "modes", "test_kinds", "conditions",
//                             //  "values"}
//
// Nothing throws into JS: an error comes back as `{"error": "..."}`.
#include <emscripten/bind.h>

#include <string>

#include <nlohmann/json.hpp>

#include "grammar/policy/language.hpp"
#include "wasm/rare_bindings.hpp"

namespace {

using nlohmann::json;

json words(const std::vector<std::string_view>& v) {
  json a = json::array();
  for (auto w : v) a.push_back(std::string(w));
  return a;
}

std::string vocabulary_json() {
  try {
    const auto& v = vigie::policy::vocabulary();
    json keys = json::array();
    for (const auto& k : v.keys)
      keys.push_back({{"block", std::string(k.block)},
                      {"key", std::string(k.key)},
                      {"usage", std::string(k.usage)}});
    json out = {{"blocks", words(v.blocks)},         {"keys", std::move(keys)},
                {"with_keys", words(v.with_keys)},   {"attributes", words(v.attributes)},
                {"effects", words(v.effects)},       {"modes", words(v.modes)},
                {"test_kinds", words(v.test_kinds)}, {"conditions", words(v.conditions)},
                {"values", words(v.values)}};
    return out.dump();
  } catch (...) {
    return R"({"error":"internal error"})";
  }
}

}  // namespace

void vigie::wasm::register_vocabulary_bindings() {
  emscripten::function("vocabularyJson", &vocabulary_json);
}
