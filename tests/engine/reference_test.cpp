// The compiled evaluator (token tries) and the linear scan agree with the naive reference
// evaluator (tests/engine/reference.hpp) on generated policies and generated command lines.
#include <random>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "engine/compiled.hpp"
#include "engine/match.hpp"
#include "engine/normalize.hpp"
#include "grammar/shell/commands.hpp"
#include "tests/engine/reference.hpp"
#include "vigie/vigie.hpp"

using vigie::reference::ref_allow;
using vigie::reference::ref_deny;
using vigie::reference::RefRule;

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

// match_tok skips RE2 when a word lies outside the regex's possible match range: that range
// must hold every word the regex fully matches (eager and lazily compiled regexes alike).
TEST_CASE("a regex's match range holds every word it matches", "[reference]") {
  const std::vector<std::string> patterns = {"^mkfs(\\..+)?$",
                                             "^git-legacy[0-9]*$",
                                             "v[0-9]+(\\.[0-9]+)*",
                                             "(?i)RM",
                                             "a|aa|b*",
                                             ".*",
                                             "x+y",
                                             "",
                                             "[^a]z",
                                             "(gi|np)t?m?",
                                             "\\d{2,4}",
                                             "^$",
                                             "caf\xc3\xa9",
                                             "z{0}q"};
  const std::vector<std::string> words = {
      "",     "a",     "aa",        "b",     "bbb",         "git",    "git-legacy", "git-legacy12",
      "mkfs", "mkfs.", "mkfs.ext4", "mkfsx", "v1",          "v1.2.3", "1.2",        "rm",
      "RM",   "Rm",    "xy",        "xxxy",  "zz",          "az",     "bz",         "gi",
      "npm",  "gitm",  "12",        "12345", "caf\xc3\xa9", "q",      "\xff",       "~"};
  std::size_t matched = 0;
  for (const auto& p : patterns) {
    vigie::engine::LazyRegex eager(std::make_unique<RE2>(p, vigie::engine::rule_regex_options()));
    vigie::engine::LazyRegex lazy(p);
    for (const auto* re : {&eager, &lazy}) {
      REQUIRE(re->get());
      for (const auto& w : words) {
        INFO("pattern: " << p << " word: " << w);
        if (!RE2::FullMatch(w, *re->get())) continue;
        ++matched;
        CHECK(re->may_match(w));
      }
    }
  }
  CHECK(matched > 20);
}

// The respelled copies of a command are skipped only when no deny or ask pattern can match
// them (copy_needs_judging): on generated policies of deny/ask rules written in one spelling
// and lines written in another, every skipped copy, normalized and matched in full, meets no
// deny or ask pattern.
TEST_CASE("a skipped respelling meets no deny or ask pattern", "[reference]") {
  const std::vector<std::string> heads = {"docker", "podman", "kill",    "cargo", "helm", "pnpm",
                                          "git",    "chmod",  "kubectl", "npx",   "sudo", "xargs"};
  const std::vector<std::string> words = {
      "rm",       "container", "image",  "remove", "ps",       "ls",        "-9",        "-KILL",
      "-s",       "KILL",      "run",    "r",      "+nightly", "--release", "uninstall", "delete",
      "un",       "stage",     "add",    "-A",     "--all",    "-C",        "sub",       "777",
      "a+rwx",    "pods,ns",   "delete", "pod/a",  "x",        "-f",        "--force",   "$V",
      "/^re?m$/", "npx",       "xargs",  "sudo",   "-rf"};
  std::mt19937 rng(20261206);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  std::size_t copies = 0, skipped = 0;
  for (int round = 0; round < 30; ++round) {
    std::ostringstream src;
    src << "policy \"generated\"\ncommands {\n";
    for (int i = 0; i < 12; ++i) {
      src << "  " << (rng() % 2 ? "deny" : "ask") << " " << pick(heads);
      const int n = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < n; ++k) {
        std::string w = pick(words);
        if (w == "$V") w = "*";
        src << " " << w;
      }
      src << "\n";
    }
    src << "}\n";
    auto compiled = vigie::compile({{"generated.vigie", src.str()}});
    for (const auto& d : compiled.diagnostics) UNSCOPED_INFO(vigie::render(d, compiled.sources));
    REQUIRE(compiled.ok());
    const auto& cr = compiled.policy->impl().commands;
    for (int c = 0; c < 80; ++c) {
      std::string line = pick(heads);
      const int n = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < n; ++k) {
        std::string w = pick(words);
        if (w.starts_with("/^")) w = "rm";
        line += " " + w;
      }
      auto parsed = vigie::shell::parse_commands(line);
      REQUIRE(parsed.ok);
      REQUIRE(parsed.commands.size() == 1);
      const auto norm = vigie::engine::normalize(parsed.commands[0]);
      for (const auto& argv : norm.deny_argvs) {
        ++copies;
        if (vigie::engine::copy_needs_judging(cr, norm, argv)) continue;
        ++skipped;
        vigie::shell::CommandView sub;
        sub.argv = argv;
        const auto m = vigie::engine::normalize(sub);
        std::vector<vigie::engine::PatternMatch> ms;
        vigie::engine::match_command(cr, m, ms);
        INFO("line: " << line << "\npolicy:\n" << src.str());
        for (const auto& mt : ms) CHECK(cr.patterns[mt.pattern].effect == vigie::Effect::allow);
      }
    }
  }
  CHECK(copies > 300);   // the lines must have respellings
  CHECK(skipped > 100);  // and the screen must skip some of them
  CHECK(skipped < copies);
}
