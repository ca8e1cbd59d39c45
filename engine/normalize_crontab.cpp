// A crontab on a command's standard input (normalize_internal.hpp, `stdin_crontab`): each
// entry's command, without its schedule, judged as a nested script (`echo '* * * * * CMD' |
// crontab -`).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/descriptor_paths.hpp"
#include "engine/normalize_internal.hpp"

namespace vigie::engine::normalize_detail {

namespace {

// The commands of a crontab's text: each line that is not blank, a comment or a variable's
// assignment, without its schedule (five fields, or one `@reboot`-style word), up to its first
// `%` that no `\` escapes (the rest is the command's input).
std::string crontab_commands(std::string_view text) {
  std::string script;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    auto skip_blanks = [&line] {
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    };
    skip_blanks();
    if (line.empty() || line.front() == '#') continue;
    const std::size_t eq = line.find('='), blank = line.find_first_of(" \t");
    if (eq != std::string_view::npos && (blank == std::string_view::npos || eq < blank)) continue;
    const int fields = line.front() == '@' ? 1 : 5;
    for (int field = 0; field < fields && !line.empty(); ++field) {
      line.remove_prefix(std::min(line.size(), line.find_first_of(" \t")));
      skip_blanks();
    }
    std::string command;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '%') {
        command += '%';
        ++i;
        continue;
      }
      if (line[i] == '%') break;
      command += line[i];
    }
    if (!command.empty()) script += command + "\n";
  }
  return script;
}

}  // namespace

void stdin_crontab(const std::string& /*name*/, const std::vector<shell::RedirectView>& redirects,
                   NormalizedCommand& n) {
  for (const auto& r : redirects) {
    std::optional<std::string> text;
    if (r.op == "<<<" && r.target.literal) text = *r.target.literal;
    if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body &&
        (r.heredoc_quoted || r.heredoc_body->find_first_of("$`") == std::string::npos))
      text = heredoc_text(r);
    if (!text) continue;  // not shown: asked, as any crontab installed (`name`'s escalation)
    if (std::string script = crontab_commands(*text); !script.empty())
      n.nested_scripts.push_back(std::move(script));
  }
}

}  // namespace vigie::engine::normalize_detail
