// Shell builtins that carry code or change what runs (see builtin_code.hpp). The builtins and
// what each one's words mean are declared in `kBuiltins` below; the code reads the table.
#include "engine/builtin_code.hpp"

#include <cctype>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "engine/bash_builtins.hpp"
#include "engine/limits.hpp"
#include "engine/program_words.hpp"
#include "engine/word_hash.hpp"

namespace vigie::engine {
namespace {

// What a builtin's words are, beyond its options.
enum class Words {
  names,          // variable names (read, unset, mapfile…): a subscript is arithmetic
  assignments,    // NAME or NAME=VALUE (export, declare…): as above, and the variable set
  alias_values,   // NAME=VALUE where VALUE is a command line (alias)
  trap_action,    // ACTION SIGNAL…: ACTION is a command line
  key_bindings,   // bind: a code option's value is `KEYSEQ: COMMAND`, COMMAND a command line
  test_operands,  // an expression: the word after `-v` is a variable name
  arithmetic,     // let: each word is an arithmetic expression (its subscripts run code)
  history_entry,  // history: with `-s`, the operands are a line added to the history
  history_rerun,  // fc: without `-l`, a line of the history is run again
  loadables,      // enable: a name bash has no builtin for is loaded as a library, run as it loads
  none,           // only the options below matter
};

struct BuiltinDecl {
  std::string_view names;  // space-separated
  Words words;
  std::string_view name_options;  // options whose value is a variable name (`printf -v NAME`)
  std::string_view code_options;  // options whose value is a command line (`complete -C CMD`)
  std::string_view run_options;   // options that change which program a name runs (`hash -p`)
  std::string_view load_options;  // options that load code (`enable -f LIB`)
  // Attributes under which the builtin evaluates a value again: `i` (integer: arithmetic, whose
  // array subscripts run substitutions), `n` (a name reference: its target's subscript, when
  // referenced), `a`/`A` (a quoted `(…)` value is a compound assignment, its words expanded).
  std::string_view eval_attributes = "";
  std::string_view value_options = "";  // other options that take a value (`bind -m KEYMAP`)
  // Options whose value bash expands as words, substitutions included (`compgen -W '$(cmd)'`).
  std::string_view word_options = "";
};

constexpr BuiltinDecl kBuiltins[] = {
    {"read", Words::names, "a", "", "", ""},
    // `mapfile -c 1 -C CMD`: the values of `-d -n -O -s -u -c` do not end the options.
    {"mapfile readarray", Words::names, "", "C", "", "", "", "dnOscu"},
    {"unset", Words::names, "", "", "", ""},
    {"getopts", Words::names, "", "", "", ""},
    {"wait", Words::none, "p", "", "", ""},
    {"printf", Words::none, "v", "", "", ""},
    {"test [", Words::test_operands, "", "", "", ""},
    {"let", Words::arithmetic, "", "", "", ""},
    {"declare typeset local", Words::assignments, "", "", "", "", "inaA"},
    {"readonly", Words::assignments, "", "", "", "", "aA"},
    {"export", Words::assignments, "", "", "", ""},
    {"alias", Words::alias_values, "", "", "", ""},
    {"trap", Words::trap_action, "", "", "", ""},
    {"bind", Words::key_bindings, "", "x", "", "", "", "mqurf"},  // `bind -x '"\C-x": CMD'`
    {"complete compgen", Words::none, "", "CF", "", "", "", "AGPSXo", "W"},  // -F FUNC runs it
    // `fc -e EDITOR`: the editor is a command line; `fc -s`, `fc` run a line of the history,
    // which `history -s LINE` writes (a non-interactive bash keeps one too).
    {"fc", Words::history_rerun, "", "e", "", ""},
    {"history", Words::history_entry, "", "", "", "", "", "d"},
    {"hash", Words::none, "", "", "p", ""},
    {"enable", Words::loadables, "", "", "", "f"},
};

// The table's names, hashed once: every command of every line asks.
const BuiltinDecl* find_builtin(std::string_view name) {
  static const std::unordered_map<std::string_view, const BuiltinDecl*, WordHash> by_name = [] {
    std::unordered_map<std::string_view, const BuiltinDecl*, WordHash> m;
    for (const auto& b : kBuiltins) {
      std::string_view list = b.names;
      while (!list.empty()) {
        auto sp = list.find(' ');
        m.emplace(list.substr(0, sp), &b);  // the first declaration of a name wins
        list = sp == std::string_view::npos ? std::string_view() : list.substr(sp + 1);
      }
    }
    return m;
  }();
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

// Shell options that change what later commands run, by their name (`set -o NAME`, `shopt -so
// NAME`, `bash -o NAME`) and their letter (`set -k`), with why.
struct RunOption {
  std::string_view name;
  char letter;  // '\0': none
  std::string_view why;
};
constexpr RunOption kRunOptions[] = {
    {"keyword", 'k',
     "puts the `NAME=VALUE` arguments of later commands in their environment "
     "(`git diff GIT_EXTERNAL_DIFF=CMD`)"},
    {"nocaseglob", '\0', "makes later globs match names in any case"},
    // zsh's (`setopt`, `set -o`; read without case or `_`): `cat .env~x` and `cat ^x` are
    // globs under EXTENDED_GLOB, a variable's value a glob under GLOB_SUBST, `x=~/…` in an
    // argument a home path under MAGIC_EQUAL_SUBST.
    {"extendedglob", '\0', "makes `^`, `~` and `#` glob operators (`cat .env~x` reads .env)"},
    {"globsubst", '\0', "makes the values of variables globs"},
    {"magicequalsubst", '\0', "expands `~` after `=` in arguments"},
};

// A zsh option's name as zsh reads it: without case or `_`; `unsetopt caseglob` is
// `setopt nocaseglob`.
std::string zsh_option(std::string_view word, bool unset) {
  std::string s;
  for (char c : word)
    if (c != '_') s += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (unset) s = s.starts_with("no") ? s.substr(2) : "no" + s;
  return s;
}

const RunOption* run_option(std::string_view name) {
  for (const auto& o : kRunOptions)
    if (o.name == name) return &o;
  return nullptr;
}

const RunOption* run_option(char letter) {
  for (const auto& o : kRunOptions)
    if (o.letter != '\0' && o.letter == letter) return &o;
  return nullptr;
}

// `set -k`, `set -ek`, `set -o keyword`, `set -eo keyword`: a run change. Options end at the
// first operand, `-` or `--` (`set -- -k` sets `$1`); `+` turns an option off. A word that is
// not static where an option may be (`set $x`) may be `-k`.
void set_options(const NormalizedCommand& n, BuiltinCode& out) {
  for (std::size_t i = 1; i < n.words.size(); ++i) {
    const auto& w = n.words[i];
    if (!w.literal) {
      out.escalations.push_back("a word that is not static given to `set` (it may be an option)");
      return;
    }
    std::string_view s = *w.literal;
    if (s.size() < 2 || (s[0] != '-' && s[0] != '+') || s == "--") return;
    std::size_t names = 0;  // each `o` of the cluster takes the next word
    for (std::size_t k = 1; k < s.size(); ++k) {
      if (s[k] == 'o') {
        ++names;
        continue;
      }
      if (const RunOption* o = run_option(s[k]); o && s[0] == '-')
        out.run_changes.push_back("`-" + std::string(1, s[k]) + "` " + std::string(o->why));
    }
    for (; names > 0 && i + 1 < n.words.size(); --names) {
      const auto& v = n.words[++i];
      if (!v.literal) {
        out.escalations.push_back("a word that is not static given to `set -o`");
      } else if (const RunOption* o = run_option(*v.literal); o && s[0] == '-') {
        out.run_changes.push_back("`-o " + *v.literal + "` " + std::string(o->why));
      }
    }
  }
}

bool code_in(std::string_view s) {
  return s.find("$(") != std::string_view::npos || s.find('`') != std::string_view::npos;
}

}  // namespace

// The value bash gives a word that has one without expanding anything: its literal, or the
// pattern of a word the parser takes for a glob (`a[\$\(id\)]`) with the escapes removed.
std::optional<std::string> word_value(const shell::WordView& w) {
  if (w.literal) return *w.literal;
  if (!w.pattern) return std::nullopt;
  std::string out;
  const std::string& p = *w.pattern;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\' && i + 1 < p.size()) ++i;
    out += p[i];
  }
  return out;
}

namespace {

// `a[$(id)]`: bash evaluates the subscript as arithmetic, running its substitutions.
void check_name(std::string_view word, BuiltinCode& out) {
  auto eq = word.find('=');
  std::string_view name = word.substr(0, eq);
  auto br = name.find('[');
  if (br != std::string_view::npos && code_in(name.substr(br)))
    out.escalations.push_back("the array subscript of `" + std::string(name) +
                              "` (arithmetic, where bash runs substitutions)");
}

// A variable a builtin assigns (`printf -v PATH`, `read PATH`, `mapfile`, `getopts`, `wait -p`).
void assigned_name(std::string_view word, BuiltinCode& out) {
  check_name(word, out);
  std::string_view name = word.substr(0, word.find('['));
  if (is_dangerous_variable(name))
    out.run_changes.push_back("`" + std::string(name) +
                              "` is set: it changes what the commands after it run");
}

// `${PATH:=/tmp}`, `${LD_PRELOAD=x}` in a word that is not static: the expansion assigns.
void expansion_assignments(std::string_view text, BuiltinCode& out) {
  for (auto i = text.find("${"); i != std::string_view::npos; i = text.find("${", i + 2)) {
    std::size_t j = i + 2;
    while (j < text.size() && (text[j] == '_' || std::isalnum(static_cast<unsigned char>(text[j]))))
      ++j;
    std::string_view name = text.substr(i + 2, j - i - 2);
    std::string_view op = text.substr(j, 2);
    if (!name.empty() && (op == ":=" || op.substr(0, 1) == "=") && is_dangerous_variable(name))
      out.run_changes.push_back("`" + std::string(name) +
                                "` is set by `${…=…}`: it changes what the commands after it run");
  }
}

// A variable's name: letters, digits and `_`, not starting with a digit.
bool plain_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  for (char c : name)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
  return true;
}

// `NAME=…` or `NAME+=…` with a plain name (the value may be anything).
bool static_name(std::string_view word) {
  auto eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  std::string_view name = word.substr(0, eq);
  if (name.back() == '+') name.remove_suffix(1);
  return plain_name(name);
}

// `value_static`: `word` is the assignment's value after quote removal (not its source text).
void check_assignment(std::string_view word, BuiltinCode& out, bool value_static = true) {
  check_name(word, out);
  auto eq = word.find('=');
  if (eq == std::string_view::npos) return;
  std::string_view name = word.substr(0, eq);
  if (!name.empty() && name.back() == '+') name.remove_suffix(1);
  if (is_dangerous_variable(name))
    out.run_changes.push_back("`" + std::string(name) +
                              "` is set: it changes what the commands after it run");
  // `export PAGER='rm -rf ~'`: the line a later program runs (normalize.hpp `variable_line`).
  if (value_static)
    if (auto line = variable_line(name, word.substr(eq + 1)))
      out.scripts.push_back(std::move(*line));
  if (value_static)
    if (auto why = variable_code(name, word.substr(eq + 1))) out.run_changes.push_back(*why);
  // `export BASH_ENV=.env`: judged as the assignment alone, which reads the file it names (a
  // value of plain path bytes as written, so that a leading `~` expands again).
  if (value_static &&
      (variable_names_file(name) || variable_written_file(name, word.substr(eq + 1))) &&
      eq + 1 < word.size()) {
    const std::string_view value = word.substr(eq + 1);
    const bool plain = value.find_first_not_of(
                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "0123456789_./~+-:@%,") == std::string_view::npos;
    std::string line(name);
    line += '=';
    if (plain) {
      line += value;
    } else {
      line += program_words::single_quoted(value);
    }
    out.scripts.push_back(std::move(line));
  }
}

// `declare -i x='a[$(id)]'`, `declare -n r='a[$(id)]'`, `declare -a a='($(id))'`: the value
// is code bash runs (the arithmetic's subscript, the reference's target, the compound
// assignment's words). Judged as a line (`x=a[$(id)]`, `a=($(id))`), and asked.
void evaluated_value(std::string_view builtin, std::string_view attributes, std::string_view word,
                     BuiltinCode& out) {
  auto eq = word.find('=');
  if (eq == std::string_view::npos || !code_in(word.substr(eq + 1))) return;
  std::string_view value = word.substr(eq + 1);
  bool compound =
      !value.empty() && value[0] == '(' && attributes.find_first_of("aA") != std::string_view::npos;
  if (!compound && attributes.find_first_of("in") == std::string_view::npos) return;
  out.scripts.emplace_back(word);  // `x=a[$(id)]` parses where `a[$(id)]` alone may not
  out.escalations.push_back("`" + std::string(builtin) + " -" + std::string(attributes) +
                            "` evaluates the value of `" + std::string(word.substr(0, eq)) +
                            "` again, where bash runs its substitutions");
}

// `declare -n r=PATH`: assigning `r` sets PATH. A reference without a target (`declare -n r`)
// takes the one its first assignment names (`r=PATH`), and one to a subscript (`r=a[0]`,
// `r=PATH[0]`) or to nothing plain is asked: only a plain name is read.
void name_reference(std::string_view word, BuiltinCode& out) {
  const auto eq = word.find('=');
  const std::string name(word.substr(0, eq));
  if (eq == std::string_view::npos) {
    out.escalations.push_back("the name reference `" + name +
                              "` without a target: its first assignment names one");
    return;
  }
  const std::string_view target = word.substr(eq + 1);
  if (!plain_name(target)) {
    out.escalations.push_back("the name reference `" + name + "` to `" + std::string(target) +
                              "`, not a plain variable name");
    return;
  }
  if (is_dangerous_variable(target))
    out.run_changes.push_back("`" + name + "` refers to `" + std::string(target) +
                              "`: setting it changes what the commands after it run");
}

// `bind -x KEYSEQ:COMMAND`: the command after the key sequence (`"\C-x": CMD`, where the
// quoted sequence may hold a `:`); none without a colon (bash refuses the binding).
std::optional<std::string_view> bound_command(std::string_view v) {
  std::size_t i = v.find_first_not_of(" \t");
  if (i == std::string_view::npos) return std::nullopt;
  if (v[i] == '"' || v[i] == '\'') {
    const char q = v[i];
    for (++i; i < v.size() && v[i] != q; ++i)
      if (v[i] == '\\') ++i;
  }
  const std::size_t colon = v.find(':', std::min(i, v.size()));
  if (colon == std::string_view::npos) return std::nullopt;
  return v.substr(colon + 1);
}

}  // namespace

BuiltinCode builtin_code(const NormalizedCommand& n) {
  BuiltinCode out;
  for (const auto& a : n.assigns)
    if (!a.value.literal) expansion_assignments(a.value.text, out);
  for (const auto& w : n.words)
    if (!w.literal) expansion_assignments(w.text, out);
  if (n.words.empty()) {  // a line of only assignments: `PATH=/tmp; ls`
    for (const auto& a : n.assigns)
      if (is_dangerous_variable(a.name))
        out.run_changes.push_back("`" + a.name +
                                  "` is set: it changes what the commands after it run");
    return out;
  }
  // `env BASHOPTS=nocaseglob bash -c 'cat .EN?'`, `SHELLOPTS=keyword sh -c …`: a bash started
  // with either in its environment turns the options they list on before it reads its script
  // (`bash -O nocaseglob`, `bash -k`), which vigie reads as written.
  for (const auto& a : n.assigns)
    if ((a.name == "BASHOPTS" || a.name == "SHELLOPTS") &&
        !(a.value.literal && a.value.literal->empty()))
      out.run_changes.push_back("`" + a.name + "=" + excerpt(a.value.text) +
                                "` turns shell options on in the shells it starts (nocaseglob, "
                                "extglob, keyword…), which change what their scripts run");
  if (!n.name_static) return out;
  // `shopt -s nocaseglob`: the globs after it match names in any case (`TEST?/a` is tests/a),
  // which vigie reads as written; `shopt -so keyword` is `set -k`. (Any spelling that names
  // them, `-u` too.)
  const std::string_view name = n.name;  // a view: the length is compared first
  if (name == "shopt")
    for (const auto& w : n.words)
      if (const RunOption* o = w.literal ? run_option(*w.literal) : nullptr)
        out.run_changes.push_back("`shopt " + *w.literal + "` " + std::string(o->why));
  if (name == "set") set_options(n, out);
  if (name == "setopt" || name == "unsetopt") {
    for (std::size_t i = 1; i < n.words.size(); ++i) {
      const std::string* w = n.words[i].literal ? &*n.words[i].literal : nullptr;
      if (!w)
        out.escalations.push_back("a word that is not static given to `" + n.name + "`");
      else if (const RunOption* o = run_option(zsh_option(*w, name[0] == 'u')))
        out.run_changes.push_back("`" + n.name + " " + *w + "` " + std::string(o->why));
    }
  }
  const BuiltinDecl* b = find_builtin(n.name);
  if (!b) return out;

  if (b->words == Words::test_operands) {
    for (std::size_t i = 1; i + 1 < n.words.size(); ++i)
      if (n.words[i].literal && *n.words[i].literal == "-v") {
        if (auto v = word_value(n.words[i + 1]))
          check_name(*v, out);
        else  // `set -- 'a[$(cmd)]'; test -v "$1"`: a subscript vigie cannot see
          out.escalations.push_back("a name that is not static given to `test -v`");
      }
    return out;
  }
  if (b->words == Words::arithmetic) {
    // `let a[\$\(id\)]=1`, `let x=a[$'\x24(id)']`: the expression's subscripts run code.
    for (std::size_t i = 1; i < n.words.size(); ++i) {
      const auto v = word_value(n.words[i]);
      if (v ? code_in(*v) : n.words[i].text.find("$'") != std::string::npos)
        out.escalations.push_back("the arithmetic of `let " + n.words[i].text +
                                  "` (its subscripts run substitutions)");
    }
    return out;
  }
  const std::string not_static = "a word that is not static given to `" + n.name + "`";
  std::vector<std::string_view> operands;
  std::string attributes;                 // the attributes of eval_attributes set by `-X` clusters
  std::string flags;                      // every option letter given (`fc -l`, `history -s`)
  std::vector<std::string_view> editors;  // `fc -e EDITOR`: run unless `-l` lists
  bool options_done = false;
  for (std::size_t i = 1; i < n.words.size(); ++i) {
    const auto& w = n.words[i];
    if (!w.literal) {
      // `export PATH=/tmp:$PATH`: the name is static, the value need not be.
      if (b->words == Words::assignments && static_name(w.text)) {
        check_assignment(w.text, out, false);
        // `declare -n r=$x`, `local -n r=$1`, `declare -n r=PATH[0]`: any variable.
        if (attributes.find('n') != std::string::npos)
          out.escalations.push_back("the name reference `" + w.text.substr(0, w.text.find('=')) +
                                    "` to a variable that is not static");
        options_done = true;
        continue;
      }
      // Otherwise it may be a name, an option or code (`printf -va[\$\(cmd\)] 1`: an option
      // with its name attached, a glob to the parser, a subscript to bash).
      if (b->words != Words::none || !b->code_options.empty() ||
          (!b->name_options.empty() && !options_done && w.text.size() > 1 && w.text[0] == '-'))
        out.escalations.push_back(not_static);
      continue;
    }
    std::string_view s = *w.literal;
    if (!options_done && s == "--") {
      options_done = true;
      continue;
    }
    // `fc -e vi -1 -l`: a negative number is fc's first operand, the words after it operands.
    const bool fc_number = b->words == Words::history_rerun && s.size() > 1 && s[0] == '-' &&
                           s[1] >= '0' && s[1] <= '9';
    if (options_done || fc_number || s.size() < 2 || (s[0] != '-' && s[0] != '+')) {
      operands.push_back(s);
      if (b->words != Words::trap_action) options_done = true;
      continue;
    }
    // An option cluster: `-rp`, `-v NAME`, `-vNAME`, `-C CMD`, `-CCMD`.
    for (std::size_t k = 1; k < s.size(); ++k) {
      char c = s[k];
      flags += c;
      if (s[0] == '-' && b->eval_attributes.find(c) != std::string_view::npos) attributes += c;
      auto value = [&]() -> std::optional<std::string_view> {
        if (k + 1 < s.size()) return s.substr(k + 1);
        if (i + 1 >= n.words.size()) return std::nullopt;
        if (n.words[++i].literal) return *n.words[i].literal;
        out.escalations.push_back(not_static);
        return std::nullopt;
      };
      if (b->value_options.find(c) != std::string_view::npos) {
        value();
        break;
      }
      if (b->word_options.find(c) != std::string_view::npos) {
        // Judged as the arguments of `:` when they hold code: the substitutions run.
        if (auto v = value(); v && (code_in(*v) || v->find("${") != std::string_view::npos))
          out.scripts.push_back(": " + std::string(*v));
        break;
      }
      if (b->name_options.find(c) != std::string_view::npos) {
        if (auto v = value()) assigned_name(*v, out);
        break;
      }
      if (b->code_options.find(c) != std::string_view::npos) {
        if (auto v = value()) {
          // `fc -e - N` is `fc -s N`: no editor, the history line runs (asked below); `fc -l
          // -e vi` lists the history and runs no editor (judged after the options).
          if (b->words == Words::history_rerun) {
            if (*v != "-") editors.emplace_back(*v);
            break;
          }
          if (b->words != Words::key_bindings)
            out.scripts.emplace_back(*v);
          else if (auto command = bound_command(*v))
            out.scripts.emplace_back(*command);
        }
        break;
      }
      if (b->run_options.find(c) != std::string_view::npos)
        out.run_changes.push_back("`" + n.name + " -" + c +
                                  "` binds a command name to a file: later commands may run it");
      if (b->load_options.find(c) != std::string_view::npos)
        out.escalations.push_back("`" + n.name + " -" + c + "` (code loaded from a library)");
    }
  }

  switch (b->words) {
    case Words::names:
      for (auto s : operands) {
        if (n.name == "unset")
          check_name(s, out);
        else
          assigned_name(s, out);
      }
      break;
    case Words::assignments:
      for (auto s : operands) {
        check_assignment(s, out);
        if (!attributes.empty()) evaluated_value(n.name, attributes, s, out);
        if (attributes.find('n') != std::string::npos) name_reference(s, out);
      }
      if (attributes.find_first_of("in") != std::string::npos) out.evaluates_again = true;
      break;
    case Words::alias_values:
      for (auto s : operands)
        if (auto eq = s.find('='); eq != std::string_view::npos)
          out.scripts.emplace_back(s.substr(eq + 1));
      break;
    case Words::trap_action:
      // `trap ACTION SIGNAL…`; one operand alone (or `-`) resets the signal.
      if (operands.size() >= 2 && operands[0] != "-" && !operands[0].empty())
        out.scripts.emplace_back(operands[0]);
      break;
    case Words::history_entry:
      // `history -s ARGS`: the line `fc -s` runs later.
      if (flags.find('s') != std::string::npos && !operands.empty()) {
        std::string line;
        for (auto o : operands) {
          if (!line.empty()) line += ' ';
          line += o;
        }
        out.scripts.push_back(std::move(line));
      }
      break;
    case Words::history_rerun:
      if (flags.find('l') == std::string::npos) {
        for (auto e : editors) out.scripts.emplace_back(e);
        out.escalations.push_back(
            "`fc` runs a line of the shell's history again, which this line may not show");
      }
      break;
    case Words::loadables:
      // `enable hi` loads `hi` from BASH_LOADABLES_PATH (the current folder last) when bash has
      // no such builtin; `-n`, `-a`, `-p`, `-s`, `-d` load nothing (`-f` is asked above).
      if (flags.find_first_of("napsdf") == std::string::npos)
        for (auto s : operands)
          if (!bash_builtin(s))
            out.escalations.push_back("`" + std::string(s) +
                                      "`, a name bash has no builtin for (loaded as a library)");
      break;
    case Words::key_bindings:
      for (auto s : operands)
        if (auto line = bind_include_line(s)) out.scripts.push_back(std::move(*line));
      break;
    case Words::test_operands:
    case Words::arithmetic:
    case Words::none:
      break;
  }
  if (name == "printf" || name == "read") assigned_variable_lines(n, out.scripts);
  return out;
}

namespace {

// Whether the line has a loop over `name` (`for r in PATH`, `for r;`, `select r in`).
bool loops_over(std::string_view line, std::string_view name) {
  const auto word_char = [](char c) {
    return c == '_' || std::isalnum(static_cast<unsigned char>(c));
  };
  for (std::string_view kw : {"for", "select"})
    for (auto i = line.find(kw); i != std::string_view::npos; i = line.find(kw, i + 1)) {
      if (i > 0 && word_char(line[i - 1])) continue;
      std::size_t j = i + kw.size();
      const std::size_t blanks = j;
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
      if (j == blanks || line.substr(j, name.size()) != name) continue;
      j += name.size();
      if (j == line.size() || !word_char(line[j])) return true;
    }
  return false;
}

}  // namespace

std::optional<std::string> looped_reference(const NormalizedCommand& n, std::string_view line) {
  const std::string_view builtin = n.name;
  if (builtin != "declare" && builtin != "local" && builtin != "typeset") return std::nullopt;
  bool reference = false;
  for (std::size_t i = 1; i < n.words.size(); ++i) {
    const auto& w = n.words[i];
    if (w.literal && w.literal->size() > 1 && (*w.literal)[0] == '-' && *w.literal != "--") {
      reference = reference || w.literal->find('n') != std::string::npos;
      continue;
    }
    if (!reference) return std::nullopt;
    const std::string_view text = w.literal ? std::string_view(*w.literal) : w.text;
    const std::string_view name = text.substr(0, text.find('='));
    if (plain_name(name) && loops_over(line, name))
      return "the loop over the name reference `" + std::string(name) +
             "` makes it refer to each of its words";
  }
  return std::nullopt;
}

void here_string_values(const NormalizedCommand& n, std::vector<std::string>& values) {
  const std::string_view name = n.name;
  if (name != "read" && name != "mapfile" && name != "readarray") return;
  for (const auto& r : n.redirects)
    if (r.op == "<<<")
      if (auto v = word_value(r.target)) values.push_back(std::move(*v));
}

}  // namespace vigie::engine
