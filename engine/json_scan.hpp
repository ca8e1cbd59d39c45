// Reading a few members of a JSON object without building a document: the request's hot path
// (engine/request.cpp) takes `tool`, `cwd`... and the raw text of `input` this way, and the
// engine parses `input` once, in decide. Only for text already validated (json::accept): the
// scanner trusts the syntax and bounds every index by the text's size.
#ifndef VIGIE_ENGINE_JSON_SCAN_HPP
#define VIGIE_ENGINE_JSON_SCAN_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vigie::engine {

// One member of an object: its key (raw, between the quotes), its value's text, and the value's
// type by its first character: '"' string, '{' object, '[' array, 't'/'f' boolean, 'n' null,
// '0' number.
struct JsonMember {
  std::string_view key;
  std::string_view value;
  char type = 'n';
};

// The members of the object that `text` holds (leading and trailing blanks allowed), in order.
// nullopt when `text` is not an object, or when a key has an escape (`"\u0074ool"`): the caller
// then reads the text with a full parser, which gives the same answer slowly.
std::optional<std::vector<JsonMember>> scan_object(std::string_view text);

// The last member named `key` (a JSON object's duplicate keys: the last wins, as in
// nlohmann::json), or null.
const JsonMember* find_member(const std::vector<JsonMember>& members, std::string_view key);

// The commonest tool input, `{"command": "git status"}`, read without building a document: an
// object whose keys are printable ASCII without escapes and whose members are all strings.
// Values of printable ASCII without escapes are checked byte by byte here; any other value
// (escapes, UTF-8) is unescaped and checked by nlohmann::json's parser alone. nullopt for any
// other text: the caller then parses it with nlohmann::json, which gives the same object
// (duplicate keys: the last wins in both), or refuses it.
std::optional<nlohmann::json> parse_flat_object(std::string_view text);

// One member of such a flat object, without building it: nullopt when `text` is not a flat
// object (parse it as above), else the member's value (the last one of a duplicate key) or
// `found` false when the object has no such member. The value is a view into `text` when written
// without escapes, else its unescaped copy.
struct FlatMember {
  bool found = false;
  bool escaped = false;
  std::size_t members = 0;  // the object's members, each key counted as often as written
  std::string_view text;    // the value as written (no escapes)
  std::string unescaped;    // the value, when written with escapes or bytes past ASCII
  std::string_view value() const { return escaped ? std::string_view(unescaped) : text; }
};
std::optional<FlatMember> flat_member(std::string_view text, std::string_view key);

// The value of a string member, unescaped. `value` must be a JSON string's text.
std::string json_string_value(std::string_view value);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_JSON_SCAN_HPP
