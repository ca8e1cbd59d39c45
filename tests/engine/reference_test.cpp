// A naive reference evaluator for command rules, written from the language's definition and
// sharing no code with engine/match.cpp. The compiled evaluator (token tries) must agree with it
// on generated policies and generated command lines.
#include <random>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "engine/compiled.hpp"
#include "engine/match.hpp"
#include "engine/normalize.hpp"
#include "grammar/shell/commands.hpp"
#include "vigie/vigie.hpp"

namespace {

struct RefRule {
  vigie::Effect effect;
  std::vector<std::string> tokens;  // positional tokens; `*` is any one static token
  std::vector<char> options;        // deny/ask: short options that must all be present
  std::string id;
};

bool is_static(const std::string& w) {
  return w.find('$') == std::string::npos;
}

// allow: every token, in order, exactly, on the words as written.
bool ref_allow(const RefRule& r, const std::vector<std::string>& words) {
  if (words.size() < r.tokens.size()) return false;
  for (std::size_t i = 0; i < r.tokens.size(); ++i) {
    if (!is_static(words[i])) return false;
    if (r.tokens[i] != "*" && r.tokens[i] != words[i]) return false;
  }
  return true;
}

// deny/ask, certain matches only: positional words (options removed, up to `--`) start with the
// tokens (`*` is any word), and each option letter appears in some short option cluster.
bool ref_deny(const RefRule& r, const std::vector<std::string>& words) {
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

}  // namespace

TEST_CASE("compiled command matching agrees with the naive reference", "[reference]") {
  const std::vector<std::string> names = {"git", "npm", "foo", "bar"};
  const std::vector<std::string> words = {"status", "push", "test", "run", "x", "y"};
  // (`-c` and `-C` are left out: git reads them as its own global options.)
  const std::vector<std::string> extra = {"-a", "-b", "-ab",    "-ba", "-d",
                                          "--", "$V", "status", "x"};
  std::mt19937 rng(20261130);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  std::size_t compared = 0, matched = 0;
  for (int round = 0; round < 40; ++round) {
    std::vector<RefRule> rules;
    std::ostringstream src;
    src << "policy \"generated\"\ncommands {\n";
    for (int i = 0; i < 25; ++i) {
      RefRule r;
      int e = static_cast<int>(rng() % 3);
      r.effect = e == 0 ? vigie::Effect::allow : e == 1 ? vigie::Effect::ask : vigie::Effect::deny;
      r.tokens.push_back(pick(names));
      int n = static_cast<int>(rng() % 3);
      for (int k = 0; k < n; ++k) r.tokens.push_back(rng() % 5 == 0 ? "*" : pick(words));
      if (r.effect != vigie::Effect::allow && rng() % 2) r.options.push_back(rng() % 2 ? 'a' : 'b');
      r.id = "r" + std::to_string(i);
      src << "  " << vigie::to_string(r.effect);
      for (const auto& t : r.tokens) src << " " << t;
      for (char o : r.options) src << " -" << o;
      src << "\n    id " << r.id << "\n";
      rules.push_back(r);
    }
    src << "}\n";
    auto compiled = vigie::compile({{"generated.vigie", src.str()}});
    for (const auto& d : compiled.diagnostics) UNSCOPED_INFO(vigie::render(d, compiled.sources));
    REQUIRE(compiled.ok());
    const auto& cr = compiled.policy->impl().commands;
    for (int c = 0; c < 60; ++c) {
      std::vector<std::string> argv{pick(names)};
      int n = static_cast<int>(rng() % 5);
      for (int k = 0; k < n; ++k) argv.push_back(rng() % 2 ? pick(words) : pick(extra));
      std::string line;
      for (const auto& w : argv) line += (line.empty() ? "" : " ") + w;
      auto parsed = vigie::shell::parse_commands(line);
      REQUIRE(parsed.ok);
      REQUIRE(parsed.commands.size() == 1);
      auto norm = vigie::engine::normalize(parsed.commands[0]);
      std::vector<vigie::engine::PatternMatch> fast, linear;
      vigie::engine::match_command(cr, norm, fast);
      vigie::engine::match_command_linear(cr, norm, linear);
      std::set<std::string> got, got_linear, want;
      for (const auto& m : fast)
        if (m.certain)
          got.insert(compiled.policy->impl().rules[cr.patterns[m.pattern].rule].ref.id);
      for (const auto& m : linear)
        if (m.certain)
          got_linear.insert(compiled.policy->impl().rules[cr.patterns[m.pattern].rule].ref.id);
      for (const auto& r : rules) {
        bool ok = r.effect == vigie::Effect::allow ? ref_allow(r, argv) : ref_deny(r, argv);
        if (ok) want.insert(r.id);
      }
      INFO("line: " << line << "\npolicy:\n" << src.str());
      CHECK(got == want);
      CHECK(got_linear == want);
      ++compared;
      matched += want.size();
    }
  }
  CHECK(compared == 2400);
  CHECK(matched > 500);  // the generator must produce real matches, not only misses
}
