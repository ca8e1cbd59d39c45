// What a line's commands leave for the commands after them: values holding code that a later
// evaluation may run (held_code), the aliases the line defines, and git's forced-push
// configuration.
#include <algorithm>
#include <iterator>
#include <string_view>

#include "engine/builtin_code.hpp"
#include "engine/judge.hpp"
#include "engine/shell_semantics.hpp"

namespace vigie::engine {

namespace {

// The commands a prefix assignment's value holding code reaches as code: a shell, `eval`, and
// the builtins that evaluate arithmetic or a declaration (`x='a[$(id)]' let y=x`).
bool runs_held_code(std::string_view name) {
  constexpr std::string_view kNames[] = {"bash", "sh",  "dash",    "zsh",   "ksh",
                                         "eval", "let", "declare", "local", "typeset",
                                         "test", "[",   "source",  ".",     "env"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

// bash's own variables with the integer attribute (`declare -p RANDOM` prints `declare -i`): a
// value assigned to one is evaluated as arithmetic, whose subscripts run their substitutions
// (`RANDOM='a[$(cmd)]'`, `x='a[$(cmd)]'; OPTIND=x`), as for a variable the line declares with
// `declare -i`. bash 5.2 evaluates SECONDS's value under `declare`, `for` and `mapfile` only,
// MAILCHECK's in an interactive shell only: both counted. A prefix assignment (`RANDOM=… cmd`)
// and a function's `local OPTIND=…` make a variable without the attribute: not counted.
constexpr std::string_view kIntegerVariables[] = {"RANDOM",  "SRANDOM", "OPTIND",
                                                  "HISTCMD", "SECONDS", "MAILCHECK"};

// The builtins that set the variables their words name (`read RANDOM`, `printf -v OPTIND`,
// `getopts ab OPTIND`, `declare RANDOM=…`). Each command passes here: the length picks the few
// names compared.
inline bool sets_variables(std::string_view name) {
  switch (name.size()) {
    case 4:
      return name == "read" || name == "wait";
    case 6:
      return name == "printf" || name == "export";
    case 7:
      return name == "mapfile" || name == "getopts" || name == "declare" || name == "typeset";
    case 8:
      return name == "readonly";
    case 9:
      return name == "readarray";
    default:
      return false;
  }
}

bool integer_variable(std::string_view name) {
  name = name.substr(0, name.find_first_of("+["));  // `RANDOM+=…`, `OPTIND[0]=…`
  return std::find(std::begin(kIntegerVariables), std::end(kIntegerVariables), name) !=
         std::end(kIntegerVariables);
}

// A value that evaluates to itself (`OPTIND=1`): no name, no subscript.
bool plain_number(std::string_view v) {
  return !v.empty() && v.find_first_not_of("0123456789") == std::string_view::npos;
}

// Whether the command gives one of kIntegerVariables a value that is not a plain number: alone
// (`RANDOM=x`, `RANDOM+=…`, a `for RANDOM in` loop's), or through a builtin that sets it (an
// option's value too: `printf -vRANDOM`).
bool assigns_integer_variable(const shell::CommandView& cmd, const NormalizedCommand& n) {
  if (n.words.empty()) {
    for (const auto& a : cmd.assigns)
      if (integer_variable(a.name) && !(a.value.literal && plain_number(*a.value.literal)))
        return true;
    return false;
  }
  const std::string_view name = n.name;
  if (!n.name_static || !sets_variables(name)) return false;
  for (std::size_t k = 1; k < n.words.size(); ++k) {
    const auto& w = n.words[k];
    const std::string_view text = w.literal ? std::string_view(*w.literal) : w.text;
    if (text.starts_with('-')) {
      for (std::string_view v : kIntegerVariables)
        if (text.ends_with(v)) return true;
      continue;
    }
    const std::size_t eq = text.find('=');
    if (integer_variable(text.substr(0, eq)) &&
        !(eq != std::string_view::npos && w.literal && plain_number(text.substr(eq + 1))))
      return true;
  }
  return false;
}

}  // namespace

void Judge::note_line_state(const shell::CommandView& cmd, const NormalizedCommand& n,
                            std::vector<std::string>& held_code) {
  // `RANDOM='a[$(cmd)]'`: held values are evaluated again, as after `declare -i`.
  // (Most commands have words and do not set variables: they end at the names' lengths.)
  if (!attributes_evaluate_ &&
      (n.words.empty() || (n.name_static && n.name.size() >= 4 && sets_variables(n.name))) &&
      assigns_integer_variable(cmd, n))
    attributes_evaluate_ = true;
  auto holds_code = [](std::string_view v) {
    return v.find("$(") != std::string::npos || v.find('`') != std::string::npos ||
           v.find("$[") != std::string::npos || v.find("${") != std::string::npos;
  };
  if (n.words.empty()) {  // no words at all (cmd.argv has moved into n.words)
    for (const auto& a : cmd.assigns) {
      auto it = std::find_if(line_values_.begin(), line_values_.end(),
                             [&](const auto& e) { return e.first == a.name; });
      if (!a.value.literal) {
        if (it != line_values_.end()) line_values_.erase(it);
        continue;
      }
      const std::string& v = *a.value.literal;
      if (!a.append || it == line_values_.end()) {
        if (holds_code(v)) held_code.push_back(v);
        if (it == line_values_.end()) {
          // (One entry per name: a line of many names is bounded by its commands.)
          line_values_.push_back({a.name, {}});
          it = line_values_.end() - 1;
        }
        it->second = {v, holds_code(v)};
        continue;
      }
      // `+=`: only the code that spans the join is new (`$` then `(…)`).
      LineValue& lv = it->second;
      const std::size_t join = lv.value.empty() ? 0 : lv.value.size() - 1;
      lv.value += v;
      if (!lv.held && holds_code(std::string_view(lv.value).substr(join))) {
        lv.held = true;
        held_code.push_back(lv.value);
      }
    }
  } else if (!cmd.assigns.empty() && n.name_static && runs_held_code(n.name)) {
    // `x='a[$(cmd)]' bash -c 'echo $((x))'`: the value reaches the shell or builtin it prefixes.
    for (const auto& a : cmd.assigns)
      if (a.value.literal && holds_code(*a.value.literal)) held_code.push_back(*a.value.literal);
  } else if (const std::string_view name = n.name;  // views: the length is compared first
             name == "read" || name == "mapfile" || name == "readarray") {
    // `declare -i q; read q <<< 'a[$(cmd)]'`: a value the line shows, read into a variable.
    std::vector<std::string> values;
    here_string_values(n, values);
    for (auto& v : values)
      if (holds_code(v)) held_code.push_back(std::move(v));
  } else if (std::string_view(n.name) == "printf") {
    // `printf -v x '%s' 'a[$(cmd)]'`: a value the line shows, set by printf.
    for (std::size_t k = 1; k < n.words.size(); ++k)
      if (n.words[k].literal && holds_code(*n.words[k].literal))
        held_code.push_back(*n.words[k].literal);
  } else if (const std::string_view name = n.name; name == "declare" || name == "export" ||
                                                   name == "local" || name == "readonly" ||
                                                   name == "typeset") {
    for (std::size_t k = 1; k < n.words.size(); ++k)
      if (n.words[k].literal) {
        auto eq = n.words[k].literal->find('=');
        if (eq != std::string::npos && holds_code(n.words[k].literal->substr(eq + 1)))
          held_code.push_back(n.words[k].literal->substr(eq + 1));
      }
  }
  if (std::string_view(n.name) == "git") {
    for (const auto& f : n.escalations)
      if (f.find("(a forced push)") != std::string::npos) git_force_configured_ = true;
  }
}

// Before a command is judged: the links the line makes (judge_cwd.cpp), and the aliases it
// defines, which bash expands in code it parses later (`eval`, `trap`, `bash -c` lines, with
// `expand_aliases` or an interactive shell): a command named like one is asked.
void Judge::before_command(const NormalizedCommand& n, std::string_view line) {
  note_links(n, line);
  // Functions named like builtins, `extdebug` with a DEBUG trap (judge_shadowed_builtins.cpp).
  note_shadowed_builtins(n, line);
  if (!n.name_static) return;
  if (auto why = looped_reference(n, line))
    add(builtin_ask(Builtin::commands_escalation,
                    fmt::format("{}: a human must check it", excerpt(*why))));
  if ((aliases_unknown_ || !aliases_.empty()) && n.name != "alias" && n.name != "unalias" &&
      (aliases_unknown_ || std::find(aliases_.begin(), aliases_.end(), n.name) != aliases_.end()))
    add(builtin_ask(Builtin::commands_escalation,
                    fmt::format("`{}` may run as an alias the line defines: a human must check it",
                                excerpt(n.name))));
  if (n.name.size() != 5 || n.name != "alias") return;  // each command: its length first
  for (std::size_t k = 1; k < n.words.size(); ++k) {
    const auto& w = n.words[k];
    if (!w.literal) {
      aliases_unknown_ = true;  // `alias "$x"`: any name
      continue;
    }
    const std::size_t eq = w.literal->find('=');
    if (eq != std::string::npos && eq > 0 && aliases_.size() < 64)
      aliases_.push_back(w.literal->substr(0, eq));
    else if (eq != std::string::npos && eq > 0)
      aliases_unknown_ = true;
  }
}

// (shell_semantics.hpp) `let`'s words are asked by builtin_code.cpp, printf's held above.
void held_arguments(const NormalizedCommand& n, std::vector<std::string>& held_code) {
  const auto subscript_code = [](std::string_view v) {
    const std::size_t at = v.find('[');
    if (at == std::string_view::npos) return false;
    v.remove_prefix(at);
    return v.find("$(") != v.npos || v.find('`') != v.npos || v.find("$[") != v.npos ||
           v.find("${") != v.npos;
  };
  if (std::string_view(n.name) == "let" || std::string_view(n.name) == "printf") return;
  for (std::size_t k = 1; k < n.words.size(); ++k) {
    // `f a[\$\(cmd\)]`: unquoted brackets are a glob that matches nothing, the word as written.
    const auto& w = n.words[k];
    if (w.literal ? subscript_code(*w.literal) : w.pattern && subscript_code(*w.pattern))
      held_code.emplace_back(w.literal ? *w.literal : *w.pattern);
  }
  for (const auto& r : n.redirects)
    if (r.op == "<<<" && r.target.literal && subscript_code(*r.target.literal))
      held_code.push_back(*r.target.literal);
}

}  // namespace vigie::engine
