// Small text helpers every stage shares (the policy language is the lowest stage: the engine
// and the CLI include it). One copy of each, here.
#ifndef VIGIE_GRAMMAR_POLICY_TEXT_HPP
#define VIGIE_GRAMMAR_POLICY_TEXT_HPP

#include <cctype>
#include <string>
#include <string_view>

namespace vigie::policy {

// `s` with ASCII letters lowered (bytes of UTF-8 sequences are left as they are): program names
// are compared case-insensitively because macOS filesystems run `RM` as `rm`.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// `s` with ASCII letters raised: HTTP methods (`curl -X post` sends `post`, which servers and
// fetch rules read as POST).
inline std::string ascii_upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_TEXT_HPP
