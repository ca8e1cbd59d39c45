// Checks across a line's commands that its commands alone do not show: a file the line writes
// and then runs, and arithmetic that assigns a variable that changes what runs (called from
// engine/judge_command.cpp).
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "engine/judge.hpp"

namespace vigie::engine {

void Judge::written_then_run_part(const std::vector<NormalizedCommand>& cmds) {
  // Static names only, `./` dropped: `echo … > s.sh; bash ./s.sh`.
  const auto key = [](std::string_view s) {
    while (s.starts_with("./")) s.remove_prefix(2);
    return std::string(s);
  };
  std::unordered_set<std::string> written;
  for (const auto& n : cmds) {
    std::string run;
    for (const auto& f : n.files)
      if (f.touch == Touch::exec && f.word.literal && written.count(key(*f.word.literal)))
        run = *f.word.literal;
    if (!n.words.empty() && n.words[0].literal &&
        n.words[0].literal->find('/') != std::string::npos &&
        written.count(key(*n.words[0].literal)))
      run = *n.words[0].literal;
    if (!run.empty())
      return add(builtin_ask(Builtin::commands_escalation,
                             fmt::format("the line runs `{}`, a file it writes itself: what it "
                                         "runs is not on the line, a human must check it",
                                         excerpt(run))));
    for (const auto& f : n.files)
      if (f.touch == Touch::write && f.word.literal && written.size() <= limits::judged_paths)
        written.insert(key(*f.word.literal));
  }
}

void Judge::arithmetic_part(std::string_view line) {
  const std::string name = arithmetic_assignment(line);
  if (name.empty()) return;
  add(builtin_ask(Builtin::commands_assignment,
                  fmt::format("arithmetic assigns `{}`, which changes what runs or where (`(( "
                              "PATH = 0 ))` makes `0` the folder commands are found in): a human "
                              "must check it",
                              name)));
}

}  // namespace vigie::engine
