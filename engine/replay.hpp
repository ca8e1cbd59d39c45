// Replaying a journal (engine/journal.hpp) under another policy: `vigie replay`, `vigie diff`,
// the playground. Every recorded request is decided again, alone (no session state), and the
// decisions that change are counted by transition (allow->ask...), by rule and by command name.
#ifndef VIGIE_ENGINE_REPLAY_HPP
#define VIGIE_ENGINE_REPLAY_HPP

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "engine/journal.hpp"
#include "vigie/vigie.hpp"

namespace vigie::replay {

struct Change {
  std::size_t index = 0;  // into the journal's entries
  Effect from = Effect::ask, to = Effect::ask;
  std::string from_rule, to_rule;  // empty: the default decided
  std::string rule;                // the rule the change is counted under (see `Report`)
  std::string command;             // the program name (commands) or the tool name
  std::string subject;             // the command line, path or URL, on one line
  std::string message;             // the new decision's message
};

// Transitions are indexed [from][to] by Effect's value (allow 0, ask 1, deny 2).
using Counts = std::array<std::array<std::size_t, 3>, 3>;

struct Report {
  std::size_t total = 0;    // requests decided again
  std::size_t changed = 0;  // whose decision changed
  Counts transitions{};
  // A change is counted under the rule that now decides if it did not match before; else under
  // the first rule that matched before and no longer does (a removed or narrowed rule); else
  // under the rule that decides now, or decided before ("(default)" when none).
  std::map<std::string, Counts> by_rule;
  std::map<std::string, Counts> by_command;
  std::vector<Change> changes;  // every change, in journal order
};

// What the subject of a request is, on one line: the command, the path, the URL...
std::string subject_of(const Request& r);

// Decides every entry again under `now` and compares with what was recorded (`replay`), or
// decides under `before` and `now` and compares the two (`diff`).
Report replay(const Policy& now, const std::vector<journal::Entry>& entries,
              const DecideOptions& options = {});
Report diff(const Policy& before, const Policy& now, const std::vector<journal::Entry>& entries,
            const DecideOptions& options = {});

// Whether a report holds a change that crosses the author's line: `fail_on` is "allow" (any
// request newly allowed), "ask" or "deny" (newly asked / denied), "looser" (any change to a
// less restrictive decision), "any" (any change). Unknown names return false with `*known`
// false.
bool crosses(const Report& r, const std::string& fail_on, bool* known = nullptr);
// The `--fail-on` names, for usage texts.
const std::vector<std::string>& fail_on_names();

// The report, for people (`examples` changes shown per transition), as JSON and as Markdown
// (fits a pull request comment).
std::string to_text(const Report& r, std::size_t examples = 3);
std::string to_json(const Report& r, std::size_t examples = 3);
std::string to_markdown(const Report& r, std::size_t examples = 3);

}  // namespace vigie::replay

#endif  // VIGIE_ENGINE_REPLAY_HPP
