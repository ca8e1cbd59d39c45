// `ar -M`: the MRI librarian script ar reads from its standard input (binutils' arlex.l and
// arparse.y), one command a line: what each command reads and writes. A here-document or a
// here-string on the line reaches ar's handler as an operand of `ar -M` (client_stdin,
// engine/normalize_scripts.cpp); ar in MRI mode ignores its operands, so each is read as such a
// script.
#include "engine/program_ar_mri.hpp"

#include <string>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;

namespace {

// What an MRI command does with its file names: reads them (ADDMOD, ADDLIB, REPLACE, OPEN,
// DIRECTORY's archive), makes the archive SAVE writes (CREATE, CREATETHIN; OPEN's archive is
// written back by SAVE), writes them into the current folder (EXTRACT: members by name), or
// nothing that is a file (DELETE names members, LIST, CLEAR, SAVE, END, VERBOSE).
enum class MriRole : unsigned char { read, archive, open, extract, directory, none };

struct MriCommand {
  std::string_view name;
  MriRole role;
};

constexpr MriCommand kMriCommands[] = {
    {"addmod", MriRole::read},     {"addlib", MriRole::read},
    {"replace", MriRole::read},    {"open", MriRole::open},
    {"create", MriRole::archive},  {"createthin", MriRole::archive},
    {"extract", MriRole::extract}, {"directory", MriRole::directory},
    {"delete", MriRole::none},     {"list", MriRole::none},
    {"clear", MriRole::none},      {"save", MriRole::none},
    {"end", MriRole::none},        {"verbose", MriRole::none},
};

// One line's words: ar's lexer splits at blanks, `,`, `(`, `)` and `=` and drops `"`; `*`
// and `;` start a comment to the end of the line. `(` and `)` are kept as words of their own
// (DIRECTORY's member list stands between them).
std::vector<std::string> mri_words(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  const auto flush = [&] {
    if (!cur.empty()) out.push_back(std::move(cur));
    cur.clear();
  };
  for (char c : line) {
    if (c == '*' || c == ';') break;
    if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '=' || c == '"') {
      flush();
    } else if (c == '(' || c == ')') {
      flush();
      out.emplace_back(1, c);
    } else {
      cur.push_back(c);
    }
  }
  flush();
  return out;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return r;
}

void add(ProgramEffects& out, Touch t, const WordView& from, const std::string& path,
         std::string_view command) {
  if (harmless_device(path)) return;
  add_file(out, t, word_of(from, path), From::operand, "ar -M " + std::string(command));
}

}  // namespace

void ar_mri_effects(const std::string& script, const WordView& from, ProgramEffects& out) {
  struct Archive {
    std::string name;
    bool opened;  // OPEN's: written only by SAVE
  };
  std::vector<Archive> archives;
  bool saved = false;
  std::size_t at = 0;
  while (at <= script.size()) {
    std::size_t nl = script.find('\n', at);
    if (nl == std::string::npos) nl = script.size();
    const std::vector<std::string> words = mri_words(std::string_view(script).substr(at, nl - at));
    at = nl + 1;
    if (words.empty()) continue;
    // ar's lexer knows each command in capitals or in small letters; any case is read here.
    const std::string cmd = lower(words.front());
    const MriCommand* c = nullptr;
    for (const MriCommand& k : kMriCommands)
      if (k.name == cmd) c = &k;
    if (!c) continue;  // ar stops at a syntax error
    if (cmd == "save") saved = true;
    bool in_list = false;  // DIRECTORY's `(MEMBER…)`
    for (std::size_t k = 1; k < words.size(); ++k) {
      const std::string& a = words[k];
      if (a == "(" || a == ")") {
        in_list = a == "(";
        continue;
      }
      switch (c->role) {
        case MriRole::read:
          add(out, Touch::read, from, a, cmd);
          break;
        case MriRole::open:
          add(out, Touch::read, from, a, cmd);
          archives.push_back({a, true});
          break;
        case MriRole::archive:
          archives.push_back({a, false});
          break;
        case MriRole::extract:
          add(out, Touch::write, from, a, cmd);
          break;
        case MriRole::directory:
          // DIRECTORY ARCHIVE (MEMBER…) [OUTFILE]: the archive read, the listing written.
          if (in_list) break;
          add(out, k == 1 ? Touch::read : Touch::write, from, a, cmd);
          break;
        case MriRole::none:
          break;
      }
    }
  }
  // SAVE writes the archive opened or created; CREATE makes its temporary file beside the
  // archive at once, so a created archive is judged written without SAVE too.
  for (const Archive& a : archives)
    if (saved || !a.opened) add(out, Touch::write, from, a.name, saved ? "save" : "create");
}

}  // namespace vigie::engine
