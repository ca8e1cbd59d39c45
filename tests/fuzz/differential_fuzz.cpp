// Differential: the compiled evaluator (token tries, engine/match.cpp) against
//   - the naive reference evaluator (tests/engine/reference.hpp) on policies and lines generated
//     from the fuzz bytes over a small vocabulary (byte 0 even), and
//   - the linear scan (`match_command_linear`) on a fuzzed policy text and a fuzzed line,
//     separated by a NUL byte (byte 0 odd).
// Any disagreement aborts with both results.
#include <set>
#include <sstream>

#include "engine/compiled.hpp"
#include "engine/match.hpp"
#include "engine/normalize.hpp"
#include "grammar/shell/commands.hpp"
#include "tests/engine/reference.hpp"
#include "tests/fuzz/fuzz.hpp"

namespace {

using namespace vigie;

const std::vector<std::string> kNames = {"git", "npm", "foo", "bar"};
const std::vector<std::string> kWords = {"status", "push", "test", "run", "x", "y"};
// (`-c` and `-C` are left out: git reads them as its own global options.)
const std::vector<std::string> kExtra = {"-a", "-b", "-ab", "-ba", "-d", "--", "$V", "status", "x"};

std::string ids(const std::set<std::string>& s) {
  std::string r;
  for (const auto& x : s) r += " " + x;
  return r.empty() ? " (none)" : r;
}

void generated(fuzz::Bytes& in) {
  auto pick = [&](const std::vector<std::string>& v) -> const std::string& {
    return v[in.byte() % v.size()];
  };
  std::vector<reference::RefRule> rules;
  std::ostringstream src;
  src << "policy \"generated\"\ncommands {\n";
  int n_rules = 1 + in.byte() % 24;
  for (int i = 0; i < n_rules; ++i) {
    reference::RefRule r;
    std::uint8_t b = in.byte();
    int e = b % 3;
    r.effect = e == 0 ? Effect::allow : e == 1 ? Effect::ask : Effect::deny;
    r.tokens.push_back(pick(kNames));
    int n = (b / 3) % 3;
    for (int k = 0; k < n; ++k) r.tokens.push_back(in.byte() % 5 == 0 ? "*" : pick(kWords));
    if (r.effect != Effect::allow && (b & 0x40)) r.options.push_back(b & 0x80 ? 'a' : 'b');
    r.id = "r" + std::to_string(i);
    src << "  " << to_string(r.effect);
    for (const auto& t : r.tokens) src << " " << t;
    for (char o : r.options) src << " -" << o;
    src << "\n    id " << r.id << "\n";
    rules.push_back(r);
  }
  src << "}\n";
  auto compiled = compile({{"generated.vigie", src.str()}});
  FUZZ_CHECK(compiled.ok(), "a generated policy compiles");
  const auto& impl = compiled.policy->impl();
  const auto& cr = impl.commands;
  while (!in.empty()) {
    std::vector<std::string> argv{pick(kNames)};
    int n = in.byte() % 6;
    for (int k = 0; k < n; ++k) {
      std::uint8_t b = in.byte();
      argv.push_back(b % 2 ? kWords[(b / 2) % kWords.size()] : kExtra[(b / 2) % kExtra.size()]);
    }
    std::string line;
    for (const auto& w : argv) line += (line.empty() ? "" : " ") + w;
    auto parsed = shell::parse_commands(line);
    FUZZ_CHECK(parsed.ok && parsed.commands.size() == 1, "a generated line parses");
    auto norm = engine::normalize(parsed.commands[0]);
    std::vector<engine::PatternMatch> fast, linear;
    engine::match_command(cr, norm, fast);
    engine::match_command_linear(cr, norm, linear);
    std::set<std::string> got, got_linear, want;
    for (const auto& m : fast)
      if (m.certain) got.insert(impl.rules[cr.patterns[m.pattern].rule].ref.id);
    for (const auto& m : linear)
      if (m.certain) got_linear.insert(impl.rules[cr.patterns[m.pattern].rule].ref.id);
    for (const auto& r : rules)
      if (r.effect == Effect::allow ? reference::ref_allow(r, argv) : reference::ref_deny(r, argv))
        want.insert(r.id);
    if (got != want || got_linear != want) {
      std::fprintf(stderr, "line: %s\npolicy:\n%s\ntries:%s\nlinear:%s\nreference:%s\n",
                   line.c_str(), src.str().c_str(), ids(got).c_str(), ids(got_linear).c_str(),
                   ids(want).c_str());
      FUZZ_CHECK(false, "the compiled evaluator agrees with the reference");
    }
  }
}

void fuzzed(fuzz::Bytes& in) {
  std::string policy(in.until('\0'));
  std::string_view line = in.rest();
  CompileOptions opt;
  opt.read_files = false;
  opt.check_examples = false;
  auto compiled = compile({{"fuzz.vigie", policy}}, opt);
  if (!compiled.ok()) return;
  auto parsed = shell::parse_commands(line);
  const auto& cr = compiled.policy->impl().commands;
  for (const auto& c : parsed.commands) {
    auto norm = engine::normalize(c, cr.normalize);
    std::vector<engine::PatternMatch> fast, linear;
    engine::match_command(cr, norm, fast);
    engine::match_command_linear(cr, norm, linear);
    std::set<std::pair<std::uint32_t, bool>> a, b;
    for (const auto& m : fast) a.insert({m.pattern, m.certain});
    for (const auto& m : linear) b.insert({m.pattern, m.certain});
    if (a != b) {
      std::fprintf(stderr, "tries and linear scan differ (%zu vs %zu matches)\n", a.size(),
                   b.size());
      FUZZ_CHECK(false, "the tries agree with the linear scan");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  vigie::fuzz::Bytes in(data, size);
  if (in.byte() % 2 == 0)
    generated(in);
  else
    fuzzed(in);
  return 0;
}
