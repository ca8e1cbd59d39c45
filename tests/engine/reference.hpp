// A naive reference evaluator for command rules, written from the language's definition and
// sharing no code with engine/match.cpp. The compiled evaluator (token tries) must agree with it
// on generated policies and generated command lines: tests/engine/reference_test.cpp and the
// differential fuzz target (tests/fuzz/differential_fuzz.cpp).
#ifndef VIGIE_TESTS_ENGINE_REFERENCE_HPP
#define VIGIE_TESTS_ENGINE_REFERENCE_HPP

#include <set>
#include <string>
#include <vector>

#include "vigie/vigie.hpp"

namespace vigie::reference {

struct RefRule {
  vigie::Effect effect;
  std::vector<std::string> tokens;  // positional tokens; `*` is any one static token
  std::vector<char> options;        // deny/ask: short options that must all be present
  std::string id;
};

inline bool is_static(const std::string& w) {
  return w.find('$') == std::string::npos;
}

// allow: every token, in order, exactly, on the words as written.
inline bool ref_allow(const RefRule& r, const std::vector<std::string>& words) {
  if (words.size() < r.tokens.size()) return false;
  for (std::size_t i = 0; i < r.tokens.size(); ++i) {
    if (!is_static(words[i])) return false;
    if (r.tokens[i] != "*" && r.tokens[i] != words[i]) return false;
  }
  return true;
}

// deny/ask, certain matches only: positional words (options removed, up to `--`) start with the
// tokens (`*` is any word), and each option letter appears in some short option cluster.
inline bool ref_deny(const RefRule& r, const std::vector<std::string>& words) {
  std::vector<std::string> pos;
  std::set<char> letters;
  bool done = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (i > 0 && !done && w == "--") {
      done = true;
      continue;
    }
    if (i > 0 && !done && w.size() > 1 && w[0] == '-') {
      if (w[1] != '-')
        for (char c : w.substr(1)) letters.insert(c);
      continue;
    }
    pos.push_back(w);
  }
  if (pos.size() < r.tokens.size()) return false;
  for (std::size_t i = 0; i < r.tokens.size(); ++i) {
    if (r.tokens[i] == "*") continue;  // any one word, static or not: deny errs on the safe side
    if (!is_static(pos[i]) || r.tokens[i] != pos[i]) return false;
  }
  for (char o : r.options)
    if (!letters.count(o)) return false;
  return true;
}

}  // namespace vigie::reference

#endif  // VIGIE_TESTS_ENGINE_REFERENCE_HPP
