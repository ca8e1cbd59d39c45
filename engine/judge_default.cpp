// A command no rule decides gets the mode's default (Judge::judge_command): its part, and the
// message that says so, written apart, only where it is read (the trace, or the part that wins
// so far): a line of several commands the default decides keeps the first one's.
#include <string>

#include <fmt/format.h>

#include "engine/judge.hpp"

namespace vigie::engine {

Part Judge::default_part() const {
  Part def;
  def.effect = command_default();
  def.from_default = true;
  def.message_pending = def.effect != Effect::allow;
  if (def.effect == Effect::deny)
    def.rule = builtin(mode == Mode::readonly ? Builtin::mode_readonly : Builtin::commands_default,
                       Effect::deny);
  return def;
}

std::string Judge::default_message(const NormalizedCommand& n, const TraceEntry& t) const {
  auto shown = [&] { return excerpt(tracing ? join(t.argv) : joined(n.words)); };
  if (command_default() == Effect::ask) return fmt::format("run `{}`?", shown());
  if (mode == Mode::readonly) return builtin_text(BuiltinMessage::readonly_commands);
  if (mode != Mode::auto_) return fmt::format("`{}` is denied by default", shown());
  // `env ls`, `exec cat x`: an allow rule must name the unsafe wrapper's words too (`allow env`
  // never allows what env runs): the message says so, so that `ls` allowed alone is no mystery.
  const std::string through =
      n.allow_wrapper_words > 0 && !n.allow_words().empty()
          ? fmt::format(" through `{}` (allow rules do not look through it)",
                        excerpt(n.allow_words().front().text))
          : std::string();
  return fmt::format(
      "`{}`{} is not in the allowlist (auto mode): use an allowed command, do not retry this one",
      shown(), through);
}

}  // namespace vigie::engine
