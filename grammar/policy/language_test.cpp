// The vocabulary of the language (grammar/policy/language.hpp) and the keys and block kinds the
// checker resolves (Setting::id, Block::id), which the compiler switches on.
#include "grammar/policy/language.hpp"

#include <algorithm>
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "grammar/policy/check.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::policy {
namespace {

bool has(const std::vector<std::string_view>& v, std::string_view w) {
  return std::find(v.begin(), v.end(), w) != v.end();
}

TEST_CASE("key names: one spelling per Key, and back") {
  for (std::size_t i = 1; i < std::size(kKeyNames); ++i) {
    auto k = static_cast<Key>(i);
    INFO(key_name(k));
    CHECK(key_from_name(key_name(k)) == k);
  }
  CHECK(key_name(Key::non_interactive) == "non-interactive");
  CHECK(key_name(Key::default_effect) == "default");
  CHECK_FALSE(key_from_name("nope"));
  CHECK_FALSE(key_from_name(""));
}

TEST_CASE("the checker resolves every setting's key, per block") {
  struct Row {
    const char* src;
    const char* key;
    Key want;
  };
  const Row rows[] = {
      {"mode auto\n", "mode", Key::mode},
      {"default deny\n", "default", Key::default_effect},
      {"paths {\n  workspace-only tools\n}\n", "workspace-only", Key::workspace_only},
      {"commands {\n  default ask\n}\n", "default", Key::default_effect},
      {"fetch {\n  default deny\n}\n", "default", Key::default_effect},
      {"session {\n  loop-threshold off\n}\n", "loop-threshold", Key::loop_threshold},
      {"mode auto {\n  paths {\n    binary off\n  }\n}\n", "binary", Key::binary},
      {"agent \"a\" {\n  tools {\n    exclude X\n  }\n}\n", "exclude", Key::exclude},
      {"test \"t\" {\n  cwd /x\n}\n", "cwd", Key::cwd},
      {"paths {\n  metachars deny\n}\n", "metachars", Key::unknown},  // not a key of `paths`
  };
  for (const auto& row : rows) {
    INFO(row.src);
    auto r = parse("t.vigie", std::string("policy \"p\"\n") + row.src);
    REQUIRE(r.ok());
    std::vector<Diagnostic> out;
    check(r.file, out);
    // The last setting spelled `row.key`, anywhere in the file.
    std::optional<Key> found;
    auto walk = [&](auto&& self, const std::vector<Item>& items) -> void {
      for (const auto& it : items) {
        if (auto* s = std::get_if<Setting>(&it); s && s->key.text == row.key) found = s->id;
        if (auto* b = std::get_if<Block>(&it)) self(self, b->items);
      }
    };
    walk(walk, r.file.items);
    CHECK(found == row.want);
  }
}

TEST_CASE("block names: one spelling per BlockKind, and back") {
  for (std::size_t i = 1; i < std::size(kBlockNames); ++i) {
    auto b = static_cast<BlockKind>(i);
    INFO(block_name(b));
    CHECK(block_from_name(block_name(b)) == b);
  }
  CHECK(block_name(BlockKind::commands) == "commands");
  CHECK(block_name(BlockKind::unknown).empty());
  CHECK_FALSE(block_from_name("command"));
  CHECK_FALSE(block_from_name(""));
  // The vocabulary lists every block, in the order of the table.
  std::vector<std::string_view> names(std::begin(kBlockNames) + 1, std::end(kBlockNames));
  CHECK(vocabulary().blocks == names);
}

TEST_CASE("the checker resolves every block's kind, nested too") {
  struct Row {
    const char* src;
    std::vector<BlockKind> want;  // the blocks in order, depth first
  };
  using B = BlockKind;
  const Row rows[] = {
      {"commands {\n}\npaths {\n}\n", {B::commands, B::paths}},
      {"fetch {\n}\nmcp {\n}\ntools {\n}\n", {B::fetch, B::mcp, B::tools}},
      {"safety {\n}\nsession {\n}\n", {B::safety, B::session}},
      {"mode auto {\n  commands {\n  }\n}\n", {B::mode, B::commands}},
      {"agent \"a\" {\n  tools {\n  }\n}\n", {B::agent, B::tools}},
      {"test \"t\" {\n}\n", {B::test}},
      {"comands {\n}\n", {B::unknown}},  // reported by the checker (V201), left unknown
  };
  for (const auto& row : rows) {
    INFO(row.src);
    auto r = parse("t.vigie", std::string("policy \"p\"\n") + row.src);
    REQUIRE(r.ok());
    std::vector<Diagnostic> out;
    check(r.file, out);
    std::vector<BlockKind> found;
    auto walk = [&](auto&& self, const std::vector<Item>& items) -> void {
      for (const auto& it : items) {
        if (auto* b = std::get_if<Block>(&it)) {
          found.push_back(b->id);
          self(self, b->items);
        }
      }
    };
    walk(walk, r.file.items);
    CHECK(found == row.want);
  }
}

TEST_CASE("a test case's `with` keys are resolved too") {
  auto r = parse("t.vigie",
                 "policy \"p\"\ntest \"t\" {\n  command ls with interactive mode auto => "
                 "allow\n}\n");
  REQUIRE(r.ok());
  std::vector<Diagnostic> out;
  check(r.file, out);
  const auto& b = std::get<Block>(r.file.items.back());
  const auto& t = std::get<TestCase>(b.items.at(0));
  REQUIRE(t.with.size() == 2);
  CHECK(t.with[0].id == Key::interactive);
  CHECK(t.with[1].id == Key::mode);
}

TEST_CASE("the vocabulary is read from the checker's tables") {
  const Vocabulary& v = vocabulary();
  CHECK(&v == &vocabulary());
  CHECK(has(v.blocks, "commands"));
  CHECK(has(v.blocks, "mode"));
  std::vector<std::string_view> top;
  for (const auto& k : v.keys)
    if (k.block.empty()) top.push_back(k.key);
  CHECK(top == std::vector<std::string_view>{"policy", "mode", "default", "include", "extends",
                                             "plugins", "non-interactive"});
  auto session = std::find_if(v.keys.begin(), v.keys.end(),
                              [](const auto& k) { return k.key == "loop-threshold"; });
  REQUIRE(session != v.keys.end());
  CHECK(session->block == "session");
  CHECK(session->usage == "loop-threshold N|off");
  CHECK(v.effects == std::vector<std::string_view>{"allow", "deny", "ask"});
  CHECK(v.conditions == std::vector<std::string_view>{"inside", "outside", "without"});
  CHECK(v.attributes == std::vector<std::string_view>{"id", "example", "counterexample"});
  CHECK(has(v.test_kinds, "request"));
  CHECK(has(v.with_keys, "interactive"));
  for (auto w : {"on", "off", "tools", "root", "never", "minutes", "none", "GET"}) {
    INFO(w);
    CHECK(has(v.values, w));
  }
  for (auto e : v.effects) CHECK_FALSE(has(v.values, e));
  // Every key the table lists is one of the spellings of keys.hpp.
  for (const auto& k : v.keys) CHECK(key_from_name(k.key));
}

}  // namespace
}  // namespace vigie::policy
