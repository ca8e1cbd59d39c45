// The vocabulary of the policy language, read from the checker's tables (grammar/policy/
// key_table.cpp, grammar/policy/keys.hpp): what tools outside the engine (the WASM package, the
// playground's highlighter) need to know about the language without copying its word lists.
#ifndef VIGIE_GRAMMAR_POLICY_LANGUAGE_HPP
#define VIGIE_GRAMMAR_POLICY_LANGUAGE_HPP

#include <string_view>
#include <vector>

namespace vigie::policy {

struct Vocabulary {
  struct KeyEntry {
    std::string_view block;  // "" at the top level, else the block it is set in
    std::string_view key;
    std::string_view usage;  // e.g. `binary on|off`
  };
  std::vector<std::string_view> blocks;      // every block name
  std::vector<KeyEntry> keys;                // every setting, per block, in table order
  std::vector<std::string_view> with_keys;   // the `with` keys of a test case
  std::vector<std::string_view> attributes;  // what follows a rule: id, example, counterexample
  std::vector<std::string_view> effects;     // allow, deny, ask
  std::vector<std::string_view> modes;       // with the seed spellings
  std::vector<std::string_view> test_kinds;  // command, edit, ... request
  std::vector<std::string_view> conditions;  // inside, outside, without
  std::vector<std::string_view> values;      // the fixed values of settings (no effects, no modes)
};

// Built once from the checker's tables.
const Vocabulary& vocabulary();

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_LANGUAGE_HPP
