// The blocks and the setting keys of the policy language: ONE list of spellings each. The checker's
// key table (grammar/policy/key_table.cpp) says where each key is allowed and how its arguments
// read; the checker resolves every setting to its `Key` (Setting::id) so that later stages switch
// on the enum instead of comparing spellings again. Likewise every block kind (`commands`,
// `paths`…) is resolved once to its `BlockKind` (Block::id).
#ifndef VIGIE_GRAMMAR_POLICY_KEYS_HPP
#define VIGIE_GRAMMAR_POLICY_KEYS_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace vigie::policy {

// X(enumerator, "spelling")
#define VIGIE_POLICY_KEYS(X)              \
  X(policy, "policy")                     \
  X(mode, "mode")                         \
  X(default_effect, "default")            \
  X(include, "include")                   \
  X(extends, "extends")                   \
  X(plugins, "plugins")                   \
  X(non_interactive, "non-interactive")   \
  X(workspace, "workspace")               \
  X(large_edit, "large-edit")             \
  X(binary, "binary")                     \
  X(case_insensitive, "case-insensitive") \
  X(workspace_only, "workspace-only")     \
  X(protect, "protect")                   \
  X(third_party, "third-party")           \
  X(option, "option")                     \
  X(wrapper, "wrapper")                   \
  X(interpreter, "interpreter")           \
  X(metachars, "metachars")               \
  X(auto_approve, "auto-approve")         \
  X(always_ask, "always-ask")             \
  X(exclude, "exclude")                   \
  X(harness, "harness")                   \
  X(map, "map")                           \
  X(enable, "enable")                     \
  X(disable, "disable")                   \
  X(context, "context")                   \
  X(loop_threshold, "loop-threshold")     \
  X(budget, "budget")                     \
  X(remember, "remember")                 \
  X(cwd, "cwd")                           \
  X(project, "project")                   \
  X(home, "home")                         \
  X(agent, "agent")                       \
  X(symlink, "symlink")                   \
  X(interactive, "interactive") /* a `with` flag of a test case only */

// `unknown` until the checker resolves the setting (a key it reports as unknown stays so).
enum class Key : std::uint8_t {
  unknown,
#define VIGIE_X(name, spelling) name,
  VIGIE_POLICY_KEYS(VIGIE_X)
#undef VIGIE_X
};

inline constexpr std::string_view kKeyNames[] = {"",
#define VIGIE_X(name, spelling) spelling,
                                                 VIGIE_POLICY_KEYS(VIGIE_X)
#undef VIGIE_X
};

// "non-interactive" for Key::non_interactive; "" for Key::unknown.
constexpr std::string_view key_name(Key k) {
  return kKeyNames[static_cast<std::size_t>(k)];
}

// The key spelled `name`, in any block; nullopt when no block has it.
constexpr std::optional<Key> key_from_name(std::string_view name) {
  for (std::size_t i = 1; i < std::size(kKeyNames); ++i)
    if (kKeyNames[i] == name) return static_cast<Key>(i);
  return std::nullopt;
}

// X(enumerator, "spelling"): every block, in the order the vocabulary lists them (the blocks of
// the top level). Where each block may open is the checker's (blocks_allowed, key_table.cpp).
#define VIGIE_POLICY_BLOCKS(X) \
  X(paths, "paths")            \
  X(commands, "commands")      \
  X(fetch, "fetch")            \
  X(mcp, "mcp")                \
  X(tools, "tools")            \
  X(safety, "safety")          \
  X(session, "session")        \
  X(agent, "agent")            \
  X(test, "test")              \
  X(mode, "mode")

// `unknown` until the checker resolves the block (an unknown block stays so). Named BlockKind
// because `Block` is the AST node (ast.hpp).
enum class BlockKind : std::uint8_t {
  unknown,
#define VIGIE_X(name, spelling) name,
  VIGIE_POLICY_BLOCKS(VIGIE_X)
#undef VIGIE_X
};

inline constexpr std::string_view kBlockNames[] = {"",
#define VIGIE_X(name, spelling) spelling,
                                                   VIGIE_POLICY_BLOCKS(VIGIE_X)
#undef VIGIE_X
};

// "commands" for BlockKind::commands; "" for BlockKind::unknown.
constexpr std::string_view block_name(BlockKind b) {
  return kBlockNames[static_cast<std::size_t>(b)];
}

// The block kind spelled `name`; nullopt when no block has that name.
constexpr std::optional<BlockKind> block_from_name(std::string_view name) {
  for (std::size_t i = 1; i < std::size(kBlockNames); ++i)
    if (kBlockNames[i] == name) return static_cast<BlockKind>(i);
  return std::nullopt;
}

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_KEYS_HPP
