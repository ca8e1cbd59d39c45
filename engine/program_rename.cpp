// rename (handler `rename`): util-linux's `rename.ul [-vsnaloi] EXPR REPL FILE…` replaces EXPR
// by REPL in each name; the Perl rename (`rename`, `file-rename`, `prename`, `perl-rename`:
// `rename [-vnf0d] [-e CODE]… CODE FILE…`) runs Perl CODE on each name. Both parse options
// anywhere before `--`. Each FILE is renamed: its name removed with all below it (as `mv`'s
// source). The new name is asked when the line cannot place it in the same folder: a
// replacement holding `/`, Perl code that is not a plain `s///` or `y///` (it may run anything,
// or interpolate `@{[…]}`), no file (the Perl rename reads the names on its standard input).
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;

namespace {

// `s/PATTERN/REPLACEMENT/FLAGS` or `y/A/B/` (`tr` too), with `/` as the only delimiter and
// nothing that interpolates code or moves the file to another folder.
bool plain_substitution(const std::string& code) {
  std::size_t at = 0;
  if (code.starts_with("s/") || code.starts_with("y/"))
    at = 2;
  else if (code.starts_with("tr/"))
    at = 3;
  else
    return false;
  int slashes = 0;
  std::size_t flags = std::string::npos;
  for (std::size_t i = at; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '@' || c == '{' || c == '`' ||
        (c == '\\' && i + 1 < code.size() && code[i + 1] == '/'))
      return false;
    if (c == '/' && ++slashes == 2) {
      flags = i + 1;
      break;
    }
  }
  if (flags == std::string::npos) return false;
  for (std::size_t i = flags; i < code.size(); ++i)
    if (std::string_view("gimsxrcdu").find(code[i]) == std::string_view::npos) return false;
  return true;
}

// The option letters that take a value: util-linux none, the Perl rename -e and -E (code). Its
// `-u [ENCODING]` is read as a flag: an encoding after it would be taken for the code.
bool takes_value(char c, bool perl) {
  return perl && (c == 'e' || c == 'E');
}

}  // namespace

void rename_handler(const ProgramDecl&, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  const bool perl = name != "rename.ul";
  const std::string entry(name);
  std::vector<std::size_t> ops;
  std::vector<const WordView*> code;
  std::vector<WordView> attached;
  attached.reserve(w.size());
  bool options = true;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (options && s && *s == "--") {
      options = false;
      continue;
    }
    if (!options || !s || s->size() < 2 || (*s)[0] != '-') {
      if (options && !s && !w[i].pattern) {
        out.escalations.push_back(entry + " with a word that is not static");
        return;
      }
      ops.push_back(i);
      continue;
    }
    if ((*s)[1] == '-') {
      if (*s == "--help" || *s == "--version" || *s == "--man") return;
      continue;
    }
    for (std::size_t k = 1; k < s->size(); ++k) {
      if ((*s)[k] == 'h' || (*s)[k] == 'V') return;
      if (!takes_value((*s)[k], perl)) continue;
      if (k + 1 < s->size()) {
        attached.push_back(word_of(w[i], s->substr(k + 1)));
        code.push_back(&attached.back());
      } else if (i + 1 < w.size()) {
        code.push_back(&w[++i]);
      }
      break;
    }
  }
  std::size_t first_file = 0;
  if (!perl) {
    first_file = 2;
    const std::string* repl = ops.size() > 1 ? lit(w, ops[1]) : nullptr;
    if (ops.size() > 1 && (!repl || repl->find('/') != std::string::npos))
      out.escalations.push_back(entry + ": a new name in another folder");
  } else {
    if (code.empty() && !ops.empty()) {
      code.push_back(&w[ops[0]]);
      first_file = 1;
    }
    for (const WordView* c : code)
      if (!c->literal || !plain_substitution(*c->literal)) {
        out.escalations.push_back(entry + ": Perl code (it may run anything, move anywhere)");
        break;
      }
    if (ops.size() <= first_file)
      out.escalations.push_back(entry + ": the names on its standard input");
  }
  if (ops.size() <= first_file) return;
  std::vector<std::size_t> files(ops.begin() + static_cast<std::ptrdiff_t>(first_file), ops.end());
  apply_operands(name, "*D", w, files, OperandState{}, out);
}

}  // namespace vigie::engine
