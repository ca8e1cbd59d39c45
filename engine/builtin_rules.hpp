// The built-in rules of decisions (modes, limits, the engine's own checks, the session): ONE table
// of ids, and ONE table of the fixed messages that go with them, in one place.
//
// An id is part of the decision's JSON contract (`"rule": {"id": …, "file": "<builtin>"}`):
// journals, tests and users' tooling key on it; never rename one. The safety checks' ids come
// from their own table (engine/safety.cpp); a family (`paths.third-party.`) is completed where
// it fires.
#ifndef VIGIE_ENGINE_BUILTIN_RULES_HPP
#define VIGIE_ENGINE_BUILTIN_RULES_HPP

#include <cstdint>
#include <string>
#include <string_view>

#include "vigie/vigie.hpp"

namespace vigie::engine {

// What a built-in rule reference prints as its file (the JSON contract); code tests
// RuleRef::builtin, never this string.
inline constexpr std::string_view kBuiltinFile = "<builtin>";

// X(enumerator, "id")
#define VIGIE_BUILTIN_RULES(X)                            \
  X(mode_readonly, "mode.readonly")                       \
  X(commands_default, "commands.default")                 \
  X(commands_assignment, "commands.assignment")           \
  X(commands_dynamic_name, "commands.dynamic-name")       \
  X(commands_escalation, "commands.escalation")           \
  X(commands_interpreter, "commands.interpreter")         \
  X(commands_metachars, "commands.metachars")             \
  X(commands_unparsable, "commands.unparsable")           \
  X(paths_unresolvable, "paths.unresolvable")             \
  X(paths_workspace_only, "paths.workspace-only")         \
  X(paths_dynamic, "paths.dynamic")                       \
  X(paths_third_party, "paths.third-party.")              \
  X(fetch_default, "fetch.default")                       \
  X(mcp_default, "mcp.default")                           \
  X(request_invalid, "request.invalid")                   \
  X(request_no_path, "request.no-path")                   \
  X(request_unknown_kind, "request.unknown-kind")         \
  X(limits_input_size, "limits.input-size")               \
  X(limits_json_depth, "limits.json-depth")               \
  X(limits_script_depth, "limits.script-depth")           \
  X(limits_judged_paths, "limits.judged-paths")           \
  X(limits_path_steps, "limits.path-steps")               \
  X(limits_judged_urls, "limits.judged-urls")             \
  X(session_budget_actions, "session.budget.actions")     \
  X(session_budget_minutes, "session.budget.minutes")     \
  X(session_loop, "session.loop")                         \
  X(session_always, "session.always")                     \
  X(internal_error, "internal-error")                     \
  X(fetch_local_file, "fetch.local-file")                 \
  X(fetch_dynamic, "fetch.dynamic")                       \
  X(paths_foreign_repository, "paths.foreign-repository") \
  X(limits_glob_meets, "limits.glob-meets")               \
  X(limits_name_bytes, "limits.name-bytes")

enum class Builtin : std::uint8_t {
#define VIGIE_BUILTIN_ENUM(name, id) name,
  VIGIE_BUILTIN_RULES(VIGIE_BUILTIN_ENUM)
#undef VIGIE_BUILTIN_ENUM
};

inline constexpr std::string_view kBuiltinIds[] = {
#define VIGIE_BUILTIN_ID(name, id) id,
    VIGIE_BUILTIN_RULES(VIGIE_BUILTIN_ID)
#undef VIGIE_BUILTIN_ID
};

constexpr std::string_view builtin_id(Builtin b) {
  return kBuiltinIds[static_cast<std::size_t>(b)];
}

// The fixed messages (for the model) a built-in rule fires with, wherever it fires.
// X(enumerator, rule, "message")
#define VIGIE_BUILTIN_MESSAGES(X)                                                                 \
  X(readonly_commands, mode_readonly, "read-only mode: commands are not run; read files instead") \
  X(readonly_files, mode_readonly, "read-only mode: files are not changed")                       \
  X(readonly_fetch, mode_readonly, "read-only mode: only GET requests are allowed")               \
  X(internal_error, internal_error,                                                               \
    "vigie could not judge this request (internal error): a human must decide")

enum class BuiltinMessage : std::uint8_t {
#define VIGIE_BUILTIN_MESSAGE_ENUM(name, rule, text) name,
  VIGIE_BUILTIN_MESSAGES(VIGIE_BUILTIN_MESSAGE_ENUM)
#undef VIGIE_BUILTIN_MESSAGE_ENUM
};

struct BuiltinMessageRow {
  Builtin rule;
  std::string_view text;
};

inline constexpr BuiltinMessageRow kBuiltinMessages[] = {
#define VIGIE_BUILTIN_MESSAGE_ROW(name, rule, text) {Builtin::rule, text},
    VIGIE_BUILTIN_MESSAGES(VIGIE_BUILTIN_MESSAGE_ROW)
#undef VIGIE_BUILTIN_MESSAGE_ROW
};

constexpr const BuiltinMessageRow& builtin_message(BuiltinMessage m) {
  return kBuiltinMessages[static_cast<std::size_t>(m)];
}

inline std::string builtin_text(BuiltinMessage m) {
  return std::string(builtin_message(m).text);
}

// A built-in rule reference: no file, a stable id (`suffix` completes a family's id).
RuleRef builtin(Builtin b, Effect e, std::string_view suffix = {});
// A built-in rule whose id comes from another table (the safety checks).
RuleRef builtin(std::string id, Effect e);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_BUILTIN_RULES_HPP
