// `vigie acp`: what the proxy makes of an Agent Client Protocol `session/request_permission`
// (agent -> editor): the vigie requests its `toolCall` maps to, and the answer vigie gives for
// an allow or a deny (the option picked by its `kind`). Anything that cannot be mapped is
// forwarded to the editor (an ask), never answered with an allow.
#ifndef VIGIE_CLI_ACP_MAP_HPP
#define VIGIE_CLI_ACP_MAP_HPP

#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "vigie/vigie.hpp"

namespace vigie::cli::acp {

// The context a permission is judged in (from `vigie acp` options and the session's cwd).
struct Context {
  std::string cwd, project, home, agent;
  std::optional<Mode> mode;
  bool interactive = true;
};

// The vigie requests a tool call stands for: one per path for edits and reads, one command,
// one URL. Empty with `why` set when the tool call cannot be mapped (a `think`, a kind vigie
// does not know, a command or path that is missing): the proxy then forwards it to the editor.
std::vector<Request> map_tool_call(const nlohmann::json& tool_call, const Context& ctx,
                                   std::string& why);

// How many tool calls, sessions and pending `session/new` requests the proxy remembers, and the
// most it keeps of one tool call (its kind, locations and the rawInput fields vigie reads: a
// larger one is forgotten, so a later request naming only its id is forwarded). At most 64 MiB.
inline constexpr std::size_t kMemoryEntries = 1024;
inline constexpr std::size_t kMemoryCallBytes = 65536;

// What the proxy learns from the messages it passes along: the tool calls announced in
// `session/update` (a permission request's `toolCall` is a ToolCallUpdate: it may carry only its
// `toolCallId`, the rest having been sent before) and each session's cwd (`session/new`'s cwd,
// bound to the sessionId of its response; `session/load`). Bounded: the oldest are forgotten.
class Memory {
 public:
  // A message from the agent (`session/update`, or the response to a `session/new`).
  void from_agent(const nlohmann::json& message);
  // A message from the editor (`session/new`, `session/load`).
  void from_editor(const nlohmann::json& message);
  // The tool call completed with what was announced before under its toolCallId.
  nlohmann::json complete(const std::string& session, const nlohmann::json& tool_call) const;
  // The session's cwd, empty when unknown.
  std::string cwd_of(const std::string& session) const;

 private:
  template <class V>
  struct Bounded {  // a map that forgets its oldest entries past kMemoryEntries
    std::unordered_map<std::string, V> map;
    std::deque<std::string> order;
    V* find(const std::string& k);
    const V* find(const std::string& k) const;
    V& put(const std::string& k);
    void erase(const std::string& k) { map.erase(k); }
  };
  Bounded<nlohmann::json> calls_;     // sessionId + "\n" + toolCallId -> the tool call so far
  Bounded<std::string> cwds_;         // sessionId -> cwd
  Bounded<std::string> pending_new_;  // a session/new's id (dumped) -> its cwd
};

// What the proxy does with a permission request.
struct Verdict {
  bool answer = false;   // true: `response` goes back to the agent; false: forward
  std::string response;  // the JSON-RPC response line (without its newline)
  std::string note;      // one line for the log: what was decided and why
  Effect effect = Effect::ask;
};

// Judges one `session/request_permission` message (already parsed): maps its tool call, decides
// every request (the most restrictive wins), and on allow or deny picks the option of the
// fitting kind (allow: allow_once only, never allow_always; deny: reject_once, else
// reject_always). An ask, a tool call that cannot be mapped, or no fitting option: forward.
// The tool call is first completed from `memory`; the session's cwd (when known) is the cwd, and
// the project root unless `ctx.project` is set.
Verdict judge_permission(const nlohmann::json& message, const Policy& policy, const Context& ctx,
                         const Memory& memory);

}  // namespace vigie::cli::acp

#endif  // VIGIE_CLI_ACP_MAP_HPP
