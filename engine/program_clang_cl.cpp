// clang-cl, the MSVC-style driver of clang (named with the compiler drivers in
// engine/programs_table.cpp, handler `cc`): its options start with `/` or `-` and are
// case-sensitive; a file value is attached (`/FeFILE`, `-Fo:FILE`) or, after a colon alone
// (`/Fe: FILE`) and for `/o FILE`, the next word. Outputs (`/Fe`, `/Fo`, `/Fa`, `/Fi`, `/Fp`,
// `/Fd`, `/Fm`, `/FR`, `/Fr`, `/o`, the linker's `/OUT:`, `/PDB:`, `/MAP:`, `/IMPLIB:`) are
// written; inputs, `/FI`, `/Tc`, `/Tp` and the linker's `/DEF:` are read; what loads or runs
// other code (`/clang:OPTION`, `-Xclang`, `-fuse-ld=`, `-fplugin`, `@FILE`) is asked. A
// word starting with `/` that is no option and names a path (another `/` or a `.` in it:
// `/src/a.c`) is an input, as clang-cl reads it.
#include <optional>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;

struct ClOption {
  std::string_view name;  // after the `/` or `-`, case-sensitive
  char role;              // w written, r read, ! loads or runs other code, v a value (no path)
};
constexpr ClOption kClOptions[] = {
    {"Fe", 'w'},      {"Fo", 'w'}, {"Fa", 'w'},     {"Fi", 'w'},     {"Fp", 'w'},
    {"Fd", 'w'},      {"Fm", 'w'}, {"FR", 'w'},     {"Fr", 'w'},     {"FI", 'r'},
    {"Tc", 'r'},      {"Tp", 'r'}, {"clang:", '!'}, {"Xclang", '!'}, {"fuse-ld=", '!'},
    {"fplugin", '!'}, {"D", 'v'},  {"U", 'v'},      {"I", 'v'},
};
// The linker's options after `/link` (link.exe, lld-link).
constexpr ClOption kLinkOptions[] = {
    {"OUT:", 'w'}, {"PDB:", 'w'}, {"MAP:", 'w'}, {"IMPLIB:", 'w'}, {"DEF:", 'r'},
};

const ClOption* match(std::string_view o, const ClOption* begin, const ClOption* end) {
  for (const ClOption* c = begin; c != end; ++c)
    if (starts_with(o, c->name)) return c;
  return nullptr;
}

}  // namespace

void clang_cl_handler(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string n(name);
  bool link = false;  // after `/link`: the linker's options
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '/' || w[i].text[0] == '-' ||
                                 w[i].text[0] == '$' || w[i].text[0] == '`'))
        out.escalations.push_back(n + " with a word that is not static where an option may stand");
      else
        out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      continue;
    }
    std::string_view o = *s;
    if (!o.empty() && o[0] == '@') {
      out.escalations.push_back(n + " @FILE: options that are not visible");
      out.files.push_back(
          {Touch::read, word_of(w[i], std::string(o.substr(1))), From::option, n + " @FILE"});
      continue;
    }
    const bool option = o.size() > 1 && (o[0] == '/' || o[0] == '-');
    if (option && !link && (o.substr(1) == "link" || o.substr(1) == "LINK")) {
      link = true;
      continue;
    }
    const ClOption* c = nullptr;
    std::string_view body = option ? o.substr(1) : o;
    if (option)
      c = link ? match(body, std::begin(kLinkOptions), std::end(kLinkOptions))
               : match(body, std::begin(kClOptions), std::end(kClOptions));
    if (option && !c && body == "o") c = &kClOptions[0];  // `/o FILE`: the output
    if (!c) {
      // `/src/a.c` is a path; `/O2`, `/nologo`, `/std:c++20`, `-Wall` are options.
      bool path = !option || (o[0] == '/' && body.find_first_of("/.") != std::string_view::npos);
      if (path) out.files.push_back({Touch::read, w[i], From::operand, n + " operand"});
      continue;
    }
    const std::string entry =
        n + " /" + std::string(c->name == "Fe" && body == "o" ? "o" : c->name);
    if (c->role == '!') {
      if (c->name == "Xclang" && i + 1 < w.size()) ++i;
      out.escalations.push_back(entry + ": loads or runs other code");
      continue;
    }
    if (c->role == 'v') {  // `/DNAME`, `/D NAME`, `/I DIR`
      if (body.size() == c->name.size()) ++i;
      continue;
    }
    std::string_view value = body == "o" ? std::string_view() : body.substr(c->name.size());
    if (!value.empty() && value[0] == ':' && !link) value.remove_prefix(1);  // `/Fe:FILE`
    std::optional<WordView> v;
    if (!value.empty())
      v = word_of(w[i], std::string(value));
    else if ((body == "o" || body.back() == ':') && i + 1 < w.size())
      v = w[++i];      // `/o FILE`, `/Fe: FILE`
    if (!v) continue;  // `/Fo` alone: a default name in the current folder
    out.files.push_back({c->role == 'w' ? Touch::write : Touch::read, *v, From::option, entry});
  }
}

}  // namespace vigie::engine
