// Python's standard modules whose arguments the programs table's shapes do not fit
// (engine/programs_table_python.cpp), run as `python3 -m MODULE ARGS`:
//
// zipfile and tarfile (handler `pyarchive`), argparse options taking several values:
// `-l/--list A` and `-t/--test A` read A; `-e/--extract A DIR` reads A and writes into DIR
// (`DIR/*`; tarfile's DIRs are optional: the current folder's files when none); `-c/--create
// NAME FILE…` writes NAME and reads each FILE with everything below it. A value is any word up to
// the next one that starts with `-`; long options may be abbreviated; `-lA` attaches the first.
//
// timeit (handler `pycode`): its statements (the operands) and `-s/--setup` are Python code run:
// the paths their strings name and the commands they run, as `python3 -c CODE`.
#include <array>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;

namespace {

struct LongOption {
  std::string_view name;
  char letter;  // the mode it sets (l e c t), 'v' a value skipped, 0 a flag
};
constexpr std::array<LongOption, 8> kArchiveLongs = {{{"list", 'l'},
                                                      {"extract", 'e'},
                                                      {"create", 'c'},
                                                      {"test", 't'},
                                                      {"verbose", 0},
                                                      {"help", 0},
                                                      {"filter", 'v'},
                                                      {"metadata-encoding", 'v'}}};

// The long option `key` names (exactly, or as the one option it is a prefix of).
const LongOption* archive_long(std::string_view key) {
  const LongOption* found = nullptr;
  for (const auto& o : kArchiveLongs) {
    if (o.name == key) return &o;
    if (!key.empty() && o.name.starts_with(key)) {
      if (found) return nullptr;  // ambiguous: argparse refuses the line
      found = &o;
    }
  }
  return found;
}

void tree_read(ProgramEffects& out, const WordView& w, std::string entry) {
  const std::size_t at = out.files.size();
  add_word_file(out, Touch::read, w, From::operand, std::move(entry));
  if (out.files.size() > at) out.files.back().recursive = true;
}

}  // namespace

void pyarchive_handler(const ProgramDecl&, std::string_view name, const Words& w,
                       ProgramEffects& out) {
  const std::string entry = "python -m " + std::string(name);
  const bool tar = name == "tarfile";
  char mode = 0;
  std::size_t taken = 0;    // values of the current option so far
  bool extracted = false;   // an extraction with a folder
  bool skip_value = false;  // `--filter V`
  auto value = [&](const WordView& v) {
    switch (mode) {
      case 'l':
      case 't':
        if (taken == 0) add_word_file(out, Touch::read, v, From::operand, entry);
        break;
      case 'e':
        if (taken == 0) {
          add_word_file(out, Touch::read, v, From::operand, entry);
        } else if (tar || taken == 1) {
          add_folder_files(out, v, From::operand, entry + " --extract");
          extracted = true;
        }
        break;
      case 'c':
        if (taken == 0)
          add_word_file(out, Touch::write, v, From::operand, entry + " --create");
        else
          tree_read(out, v, entry + " --create");
        break;
      default:
        break;
    }
    ++taken;
  };
  bool extract = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (skip_value) {
      skip_value = false;
      continue;
    }
    if (!s || s->size() < 2 || (*s)[0] != '-') {
      value(w[i]);
      continue;
    }
    if (*s == "--") continue;
    taken = 0;
    mode = 0;
    if ((*s)[1] == '-') {
      const std::string_view body = std::string_view(*s).substr(2);
      const auto eq = body.find('=');
      const LongOption* o = archive_long(body.substr(0, eq));
      if (!o) continue;
      if (o->letter == 'v') {
        skip_value = eq == std::string_view::npos;
        continue;
      }
      mode = o->letter;
      if (mode == 'e') extract = true;
      if (mode && eq != std::string_view::npos)
        value(word_of(w[i], std::string(body.substr(eq + 1))));
      continue;
    }
    // A cluster of flags ending with the option of a mode, its first value attached or not.
    for (std::size_t k = 1; k < s->size(); ++k) {
      const char c = (*s)[k];
      if (c == 'l' || c == 'e' || c == 'c' || c == 't') {
        mode = c;
        if (mode == 'e') extract = true;
        if (k + 1 < s->size()) value(word_of(w[i], s->substr(k + 1)));
        break;
      }
    }
  }
  if (tar && extract && !extracted) add_tree_write(out, entry + " --extract (the current folder)");
}

void pycode_handler(const ProgramDecl&, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  // getopt (not GNU's): options stop at the first statement; `-s` and `--setup` (or a prefix
  // of it) take code, `-n -r -u` and their long names a value.
  const std::string entry = "python -m " + std::string(name) + " code";
  auto code = [&](const WordView& v) {
    if (!v.literal) {
      out.escalations.push_back("dynamic code for python -m " + std::string(name));
      return;
    }
    add_code_named_paths(*v.literal, entry, out.files);
    add_code_commands(*v.literal, "python", out.scripts, out.escalations);
  };
  std::size_t i = 1;
  for (; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') break;
    if (*s == "--") {
      ++i;
      break;
    }
    if ((*s)[1] == '-') {
      const std::string_view body = std::string_view(*s).substr(2);
      const auto eq = body.find('=');
      const std::string_view key = body.substr(0, eq);
      const bool setup = !key.empty() && std::string_view("setup").starts_with(key);
      const bool valued = setup || (!key.empty() && (std::string_view("number").starts_with(key) ||
                                                     std::string_view("repeat").starts_with(key) ||
                                                     std::string_view("unit").starts_with(key)));
      if (!valued) continue;
      if (eq != std::string_view::npos) {
        if (setup) code(word_of(w[i], std::string(body.substr(eq + 1))));
      } else if (i + 1 < w.size()) {
        if (setup) code(w[i + 1]);
        ++i;
      }
      continue;
    }
    for (std::size_t k = 1; k < s->size(); ++k) {
      const char c = (*s)[k];
      if (c != 's' && c != 'n' && c != 'r' && c != 'u') continue;
      if (k + 1 < s->size()) {
        if (c == 's') code(word_of(w[i], s->substr(k + 1)));
      } else if (i + 1 < w.size()) {
        if (c == 's') code(w[i + 1]);
        ++i;
      }
      break;
    }
  }
  for (; i < w.size(); ++i) code(w[i]);
}

}  // namespace vigie::engine
