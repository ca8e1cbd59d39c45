// Builtins the line may not run as written: a function the line defines with a builtin's name
// runs in place of it (`cd() { :; }; cd /tmp` stays where it was; bash lets a function shadow
// even `export` or `readonly` outside posix mode), and with `extdebug` a DEBUG trap whose
// action fails skips the command it runs before, the list going on as if it had succeeded
// (`shopt -s extdebug; trap '[[ $BASH_COMMAND != cd* ]]' DEBUG; cd /tmp && …`). What vigie
// tracks of such a builtin (the folder, a variable's value) is then not what bash does.
#include <cstdint>

#include "engine/judge.hpp"

namespace vigie::engine {

namespace {

// The builtins whose effect on the line's state vigie models: the folder, the variables and
// their attributes, the options, the aliases, the traps, the code run in this shell. A name
// here that the line defines as a function makes a call of it unknown (bit N: kShadowable[N]).
constexpr std::string_view kShadowable[] = {
    "cd",        "pushd",    "popd",   "dirs",    "command", "builtin", "declare", "typeset",
    "export",    "readonly", "local",  "unset",   "set",     "shopt",   "read",    "mapfile",
    "readarray", "printf",   "eval",   "source",  ".",       "exec",    "trap",    "alias",
    "unalias",   "hash",     "enable", "getopts", "let",     "shift",   "wait",    "umask"};
static_assert(std::size(kShadowable) <= 64, "one bit per name");

// The folder-changing ones: a call of them that may not run leaves both folders possible.
bool changes_folder(std::string_view name) {
  return name == "cd" || name == "pushd" || name == "popd";
}

int shadowable(std::string_view name) {
  if (name.empty() || name.size() > 9) return -1;  // each command: its length first
  for (std::size_t i = 0; i < std::size(kShadowable); ++i)
    if (kShadowable[i] == name) return static_cast<int>(i);
  return -1;
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// The end of a word that may name a function: a blank or a metacharacter (a quoted name is not
// a valid function name in bash).
bool name_end(char c) {
  return blank(c) || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' ||
         c == '<' || c == '>' || c == '{' || c == '}' || c == '\'' || c == '"' || c == '`';
}

// The definitions in `text` from `from` to `to` of functions named in the table, written
// `NAME ( )` or `function NAME`: their bits. Text, not the commands view, so that a body that
// lists no command (`cd() [[ 1 ]]`, `cd() (( 1 ))`) counts too; a definition quoted as data
// (`echo 'cd() {'`) counts as well (an ask, never an allow).
std::uint64_t defined_in(std::string_view text, std::size_t from, std::size_t to) {
  std::uint64_t bits = 0;
  // Searched up to `to` only (each stretch of a line once); read around it as needed.
  const std::string_view upto = text.substr(0, to);
  for (std::size_t i = upto.find('(', from); i < to; i = upto.find('(', i + 1)) {
    std::size_t j = i + 1;
    while (j < text.size() && blank(text[j])) ++j;
    if (j >= text.size() || text[j] != ')') continue;
    std::size_t end = i;
    while (end > 0 && blank(text[end - 1])) --end;
    std::size_t start = end;
    while (start > 0 && !name_end(text[start - 1])) --start;
    if (int b = shadowable(text.substr(start, end - start)); b >= 0) bits |= std::uint64_t{1} << b;
  }
  constexpr std::string_view kw = "function";
  const std::string_view upto_kw = text.substr(0, to + kw.size() - 1);
  for (std::size_t i = upto_kw.find(kw, from); i < to; i = upto_kw.find(kw, i + 1)) {
    if (i > 0 && !name_end(text[i - 1])) continue;
    std::size_t start = i + kw.size();
    if (start >= text.size() || !blank(text[start])) continue;
    while (start < text.size() && blank(text[start])) ++start;
    std::size_t end = start;
    while (end < text.size() && !name_end(text[end])) ++end;
    if (int b = shadowable(text.substr(start, end - start)); b >= 0) bits |= std::uint64_t{1} << b;
  }
  return bits;
}

bool debug_signal(std::string_view w) {
  if (w.size() != 5) return false;
  for (std::size_t i = 0; i < 5; ++i)
    if ((w[i] | 0x20) != "debug"[i]) return false;
  return true;
}

// The asks, out of line: each command passes the checks above, few meet them.
[[gnu::noinline, gnu::cold]] Part debug_skip_part() {
  return Judge::builtin_ask(Builtin::commands_escalation,
                            "with `extdebug`, the line's DEBUG trap may skip any command after it "
                            "(a `cd`, an assignment…) and the list goes on as if it had run: a "
                            "human must check it");
}

[[gnu::noinline, gnu::cold]] Part shadowed_part(std::string_view name) {
  return Judge::builtin_ask(Builtin::commands_escalation,
                            fmt::format("`{}` may run as a function the line defines, not as the "
                                        "builtin: a human must check it",
                                        excerpt(name)));
}

}  // namespace

bool Judge::runs_shadowed_builtin(const NormalizedCommand& n) const {
  if (shadowed_builtins_ == 0 || !n.name_static) return false;
  const auto shadowed = [&](std::string_view name) {
    const int b = shadowable(name);
    return b >= 0 && (shadowed_builtins_ >> b & 1) != 0;
  };
  // `command cd`, `builtin cd`: the builtin, not the function (unless they are functions too).
  const bool bypass =
      !n.wrappers.empty() && (n.wrappers.back() == "command" || n.wrappers.back() == "builtin");
  if (!bypass && shadowed(n.name)) return true;
  return std::any_of(n.wrappers.begin(), n.wrappers.end(), shadowed);
}

bool Judge::cd_may_not_run(const NormalizedCommand& n) const {
  return (extdebug_maybe_ && debug_trap_) || runs_shadowed_builtin(n);
}

// Before each command: the definitions in the line's text up to it (each stretch scanned once
// per line), then the ask when it runs such a function, or may be skipped by a DEBUG trap.
void Judge::note_shadowed_builtins(const NormalizedCommand& n, std::string_view line) {
  const shell::Span* at = !n.words.empty()     ? &n.words.front().span
                          : !n.assigns.empty() ? &n.assigns.front().span
                                               : nullptr;
  if (at && at->begin <= line.size()) {
    // The line being judged is nearly always the previous command's: its slot first.
    const std::size_t used = std::min(shadow_scans_used_, shadow_scans_.size());
    ShadowScan* scan = nullptr;
    if (used > 0) {
      ShadowScan& last = shadow_scans_[(shadow_scans_used_ - 1) % shadow_scans_.size()];
      if (last.line == line.data() && last.size == line.size()) scan = &last;
    }
    for (std::size_t k = 0; !scan && k < used; ++k)
      if (shadow_scans_[k].line == line.data() && shadow_scans_[k].size == line.size())
        scan = &shadow_scans_[k];
    if (!scan) {
      // One per line being judged (a nested script's, the outer line's): a few at most; past
      // 16 the oldest slot is taken again (its line then scanned again from the start). The
      // whole line's definitions first, once: most lines define none, and then no stretch of
      // it is read again.
      scan = &shadow_scans_[shadow_scans_used_++ % shadow_scans_.size()];
      const bool none = line.find('(') == line.npos && line.find("function") == line.npos;
      *scan = {line.data(), line.size(), 0, none ? 0 : defined_in(line, 0, line.size())};
    }
    // Each stretch holds a subset of the whole line's definitions: read only while one of them
    // is not yet known (`unset -f` forgets one). A command listed before one it follows in the
    // text (or another line at the same address): its line scanned again from the start.
    if ((scan->defines & ~shadowed_builtins_) != 0) {
      const std::size_t from = at->begin < scan->from ? 0 : scan->from;
      if (from < at->begin) shadowed_builtins_ |= defined_in(line, from, at->begin);
    }
    scan->from = std::max<std::size_t>(scan->from, at->begin);
  }
  if (extdebug_maybe_ && debug_trap_ && !debug_skip_asked_) {
    debug_skip_asked_ = true;
    add(debug_skip_part());
  }
  if (shadowed_builtins_ != 0 && !changes_folder(n.name) && runs_shadowed_builtin(n))
    add(shadowed_part(n.name));
  // `shopt -s extdebug`, `bash -O extdebug`, `bash --debugger`, BASHOPTS in a new bash's
  // environment (bash itself holds it read-only).
  const std::string_view name = n.name;
  if (!extdebug_maybe_ && !name.empty() && (name[0] == 's' || name[0] == 'b') &&
      (name == "shopt" || name.starts_with("bash")))
    for (std::size_t k = 1; k < n.words.size() && !extdebug_maybe_; ++k) {
      const auto& w = n.words[k];
      extdebug_maybe_ =
          w.literal ? w.literal->find("extdebug") != std::string::npos || *w.literal == "--debugger"
                    : name == "shopt";
    }
  if (!extdebug_maybe_ && !n.assigns.empty())
    for (const auto& a : n.assigns)
      if (a.name == "BASHOPTS") extdebug_maybe_ = true;
  // `trap ACTION DEBUG` (any case): the signal as written, or a word that may be it.
  if (!debug_trap_ && name == "trap")
    for (std::size_t k = 1; k < n.words.size() && !debug_trap_; ++k)
      debug_trap_ = !n.words[k].literal || debug_signal(*n.words[k].literal);
}

// After each command: a function body's commands name the function they define
// (`function:NAME` contexts, which nested scripts decoded by `eval`/`bash -c` have too), and
// `unset -f NAME` run unconditionally ends the definition.
void Judge::note_function_contexts(const shell::CommandView& cmd, const NormalizedCommand& n) {
  for (const auto& c : cmd.context)
    if (c.size() > 9 && c.starts_with("function:"))
      if (int b = shadowable(std::string_view(c).substr(9)); b >= 0)
        shadowed_builtins_ |= std::uint64_t{1} << b;
  if (shadowed_builtins_ == 0 || n.name != "unset" || !n.name_static || cmd.context.size() > 1 ||
      cmd.op == "&&" || cmd.op == "||")
    return;
  bool functions = false;
  for (std::size_t k = 1; k < n.words.size(); ++k) {
    const auto& w = n.words[k];
    if (!w.literal) return;
    if (w.literal->size() > 1 && (*w.literal)[0] == '-') {
      functions = w.literal->find('f') != std::string::npos;
      continue;
    }
    if (int b = shadowable(*w.literal); functions && b >= 0)
      shadowed_builtins_ &= ~(std::uint64_t{1} << b);
  }
}

}  // namespace vigie::engine
