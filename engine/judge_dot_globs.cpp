// Bash's leading-dot rule for the globs it expands (engine/glob_meet.hpp `ShellGlobDots`): with
// `dotglob` off, `*`, `?env` and `[.]env` name no file starting with `.`, so `cat *` does not
// read `.env`. Only for a glob bash expands and hands to a program that opens the names as
// given: an unmatched glob reaches the program as written, and one that globs it itself (git's
// pathspecs, tar's members, find's `-name`) may match `.env`. The engine's own globs (`DIR/*`
// of a folder written, a folder read with all below it) name every file, dot-files included.
#include <optional>
#include <string>
#include <string_view>

#include "engine/judge.hpp"
#include "engine/shell_semantics.hpp"

namespace vigie::engine {

Part Judge::glob_limit_part(Part out) {
  Part lim;
  lim.effect = Effect::ask;
  lim.rule = builtin(Builtin::limits_glob_meets, Effect::ask);
  lim.message = fmt::format(
      "the line's globs need more than {} comparisons with the path rules: a human must check it",
      limits::glob_meet_cells);
  if (!glob_limit_hit_) {
    glob_limit_hit_ = true;
    d.error = lim.message;
  }
  fold(out, std::move(lim));
  return out;
}

namespace {

bool same_word(const shell::WordView& a, const shell::WordView& b) {
  return a.span.begin == b.span.begin && a.span.end == b.span.end && a.text == b.text;
}

// The words that turn `dotglob` on or name what may (read without case or `_`, quotes and
// backslashes dropped): bash's option and GLOBIGNORE (non-empty, it turns `dotglob` on),
// BASHOPTS and BASH_ENV for the shells a line starts, zsh's GLOB_DOTS.
constexpr std::string_view kDotglobWords[] = {"dotglob", "globignore", "bashopts", "bashenv",
                                              "globdots"};

// Commands that run code the line does not show (`source x.sh`, `eval "$c"`), or define a
// name for one (`alias s=.`): whatever they run may turn `dotglob` on.
constexpr std::string_view kHiddenCode[] = {"source", "eval", "alias"};

// Commands whose words turn shell options on: a word that is not static there (`shopt -s
// $o`, `shopt -s dot*`, `setopt ${o}`) may name `dotglob`.
constexpr std::string_view kOptionCommands[] = {"shopt", "setopt"};

// The words that may stand before `.` at the start of a command (`then . x`, `builtin . x`).
constexpr std::string_view kBeforeDotCommand[] = {"then", "do",      "else",   "elif",
                                                  "time", "builtin", "command"};

bool word_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == '/';
}

bool blank(char c) {
  return c == ' ' || c == '\t';
}

// The request's input as text: the JSON string escapes read (`\n` a newline), nullopt for a
// `\u` escape (a byte spelled so that the scan would not see it).
std::optional<std::string> json_text(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '\\' || i + 1 == in.size()) {
      out += in[i];
      continue;
    }
    const char e = in[++i];
    if (e == 'u') return std::nullopt;
    out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' || e == 'f' ? ' ' : e;
  }
  return out;
}

// Whether the words after a command name at `from` (up to an unquoted `;`, `&`, `|`, `(`, `)`
// or newline) hold an expansion, a glob or a brace: words that are not static.
bool dynamic_words(std::string_view text, std::size_t from) {
  char quote = 0;
  for (std::size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '$' || c == '`') return true;
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\\') {
      ++i;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '*' || c == '?' || c == '[' || c == '{') {
      return true;
    } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '\n') {
      return false;
    }
  }
  return false;
}

// Whether `text` has `name` as a whole word (not `resources/`, `evaluate`) at or after `from`;
// `at` its place.
bool whole_word(std::string_view text, std::string_view name, std::size_t& at) {
  for (std::size_t i = text.find(name, at); i != text.npos; i = text.find(name, i + 1)) {
    const std::size_t end = i + name.size();
    if ((i == 0 || !word_byte(text[i - 1])) && (end == text.size() || !word_byte(text[end]))) {
      at = i;
      return true;
    }
  }
  return false;
}

// Whether `text` runs `.` (bash's `source`): a `.` word followed by a blank, at the start of a
// command or after one of kBeforeDotCommand or an option (`command -p . x`).
bool runs_dot(std::string_view text) {
  for (std::size_t i = text.find('.'); i != text.npos; i = text.find('.', i + 1)) {
    if (i + 1 >= text.size() || !blank(text[i + 1]) ||
        (i > 0 && !blank(text[i - 1]) && word_byte(text[i - 1])))
      continue;
    std::size_t b = i;
    while (b > 0 && blank(text[b - 1])) --b;
    if (b == 0 || !word_byte(text[b - 1])) return true;  // `;`, `&&`, `(`, `{`, a newline…
    std::size_t a = b;
    while (a > 0 && word_byte(text[a - 1])) --a;
    const std::string_view before = text.substr(a, b - a);
    if (before[0] == '-') return true;
    for (std::string_view k : kBeforeDotCommand)
      if (before == k) return true;
  }
  return false;
}

}  // namespace

bool Judge::dotglob_maybe() {
  if (dotglob_maybe_ >= 0) return dotglob_maybe_ != 0;
  const auto scan = [&]() {
    const std::optional<std::string> text = json_text(req.input_json);
    if (!text || text->find("$'") != std::string::npos) return true;  // `$'\x64otglob'`
    // The words without quotes or backslashes (`"ev"al`, `"." x`, `dot""glob`); the options'
    // names also without case or `_`, as zsh reads them.
    std::string plain, folded;
    plain.reserve(text->size());
    for (char c : *text)
      if (c != '\'' && c != '"' && c != '\\') plain += c;
    folded.reserve(plain.size());
    for (char c : plain)
      if (c != '_') folded += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (std::string_view w : kDotglobWords)
      if (folded.find(w) != std::string::npos) return true;
    for (std::string_view w : kHiddenCode)
      if (std::size_t at = 0; whole_word(plain, w, at)) return true;
    for (std::string_view w : kOptionCommands) {
      std::size_t in_plain = 0, in_text = 0;
      for (std::size_t at = 0; whole_word(plain, w, at); ++at) ++in_plain;
      for (std::size_t at = 0; whole_word(*text, w, at); ++at, ++in_text)
        if (dynamic_words(*text, at + w.size())) return true;
      if (in_plain != in_text) return true;  // a quoted spelling (`sh''opt`)
    }
    return runs_dot(plain);
  };
  dotglob_maybe_ = scan() ? 1 : 0;
  return dotglob_maybe_ != 0;
}

bool Judge::bash_glob_skips_dots(const NormalizedCommand& n, const FileEffect& f) {
  if (!f.word.has_glob || !f.word.pattern || f.named) return false;
  // bash opens a redirection's target; a program of style `~` opens its operands as given
  // (not `tar --extract member`, which tar matches itself).
  const bool redirect = f.from == From::redirect;
  if (!opens_as_given(f.entry, redirect) || (!redirect && !f.entry.ends_with(" operand")))
    return false;
  // A word of the command as parsed, its text and place unchanged: not a glob the engine
  // builds from one (`DIR/*`, `DIR*`).
  bool parsed = false;
  if (redirect) {
    for (const auto& r : n.redirects) parsed = parsed || same_word(r.target, f.word);
  } else {
    for (std::size_t i = 1; i < n.words.size() && !parsed; ++i)
      parsed = same_word(n.words[i], f.word);
  }
  return parsed && !dotglob_maybe();
}

}  // namespace vigie::engine
