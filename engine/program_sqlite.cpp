// sqlite3's dot commands and SQL file functions (called by the `sql` handler,
// engine/program_tools.cpp): an argument after the database, or a `-cmd` value, that starts
// with `.` is a dot command whose name may be any prefix of the command (the shell compares
// `strncmp(arg, "backup", n)`). The commands that name a file are declared in one table with
// what they do to it; `|CMD` in place of a file runs CMD. SQL arguments that call readfile(),
// writefile(), edit(), ATTACH or VACUUM INTO reach files the words do not name as paths: asked
// unless `-safe` forbids them.
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/program_data.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::starts_with;

// What a dot command does with its file argument.
enum class DotFile : std::uint8_t {
  read_first,  // the first argument that is not an option (`.read F`, `.import F TABLE`)
  read_last,   // the last one (`.restore ?DB? F`)
  write_first,
  write_last,  // `.backup ?DB? F`, `.save ?DB? F`
  both_last,   // `.open ?OPTIONS? F`: opened read and write
  runs,        // runs a program or changes what later commands mean: asked
};

struct DotCommand {
  std::string_view name;
  DotFile file;
};

// Every dot command that names a file or runs something (sqlite3's shell.c, `.help`).
constexpr DotCommand kDotCommands[] = {
    {"read", DotFile::read_first},
    {"import", DotFile::read_first},
    {"restore", DotFile::read_last},
    {"backup", DotFile::write_last},
    {"save", DotFile::write_last},
    {"clone", DotFile::write_first},
    {"once", DotFile::write_first},
    {"output", DotFile::write_first},
    {"log", DotFile::write_first},
    {"trace", DotFile::write_first},
    {"iotrace", DotFile::write_first},
    {"open", DotFile::both_last},
    {"load", DotFile::runs},
    {"shell", DotFile::runs},
    {"system", DotFile::runs},
    {"excel", DotFile::runs},
    {"www", DotFile::runs},
    {"cd", DotFile::runs},
    {"archive", DotFile::runs},
    {"ar", DotFile::runs},
};

// Options of file-naming dot commands that take a value (`.import --skip N`, `.open --maxsize N`).
constexpr std::string_view kValued[] = {"--skip", "--schema", "--maxsize"};

// Words of a dot command line as the shell splits them: blanks separate, '…' and "…" quote.
std::vector<std::string> dot_words(std::string_view line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size()) break;
    std::string word;
    char q = line[i];
    if (q == '\'' || q == '"') {
      ++i;
      while (i < line.size() && line[i] != q) {
        if (q == '"' && line[i] == '\\' && i + 1 < line.size()) ++i;
        word.push_back(line[i++]);
      }
      ++i;
    } else {
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
        word.push_back(line[i++]);
    }
    out.push_back(std::move(word));
  }
  return out;
}

// SQL functions and statements that open files by name.
constexpr std::string_view kSqlFileCalls[] = {"readfile(", "writefile(",  "edit(",
                                              "attach ",   "vacuum into", "load_extension("};

// A database named as a URI (`file:data.db?mode=ro`, `file:///srv/x.db`; the sqlite3 shell
// opens URIs): its path, percent-decoded, and whether it is opened read-only. An authority
// other than `localhost` (another host's file) or a path that does not decode is `?`: a path
// the line does not show.
struct UriPath {
  std::string path;
  bool read_only = false;
};
std::optional<UriPath> sqlite_uri(std::string_view s) {
  if (!starts_with(ascii_lower(std::string(s.substr(0, 5))), "file:")) return std::nullopt;
  UriPath out;
  std::string_view rest = s.substr(5);
  const std::size_t end = std::min(rest.find('?'), rest.find('#'));
  std::string_view query = end == std::string_view::npos ? "" : rest.substr(end);
  rest = rest.substr(0, end);
  if (rest.starts_with("//")) {
    const std::size_t slash = std::min(rest.find('/', 2), rest.size());
    const std::string_view host = rest.substr(2, slash - 2);
    if (!host.empty() && host != "localhost") return UriPath{"?", false};
    rest = rest.substr(slash);
  }
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      out.path.push_back(rest[i]);
      continue;
    }
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (i + 2 >= rest.size() || hex(rest[i + 1]) < 0 || hex(rest[i + 2]) < 0)
      return UriPath{"?", false};
    out.path.push_back(static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2])));
    i += 2;
  }
  out.read_only = query.find("mode=ro") != std::string_view::npos ||
                  query.find("immutable=1") != std::string_view::npos;
  if (out.path.empty()) return std::nullopt;  // `file:` alone: a temporary database
  return out;
}

// The file a URI names, read, and written unless read-only.
void add_uri_effects(const WordView& from, const UriPath& uri, bool read_only,
                     const std::string& entry, ProgramEffects& out) {
  WordView w = word_of(from, uri.path);
  if (uri.path == "?") {
    w.literal.reset();
    w.pattern.reset();
    w.has_expansion = true;
  }
  out.files.push_back({Touch::read, w, From::operand, entry + " (a URI)"});
  if (!read_only && !uri.read_only)
    out.files.push_back({Touch::write, w, From::operand, entry + " (a URI)"});
}

}  // namespace

void sqlite_dot_command(std::string_view prog, const WordView& from, const std::string& line,
                        ProgramEffects& out) {
  std::vector<std::string> a = dot_words(std::string_view(line).substr(1));
  if (a.empty() || a[0].empty()) return;
  std::string cmd = ascii_lower(a[0]);
  std::vector<std::string> files;  // arguments that are not options
  for (std::size_t k = 1; k < a.size(); ++k) {
    if (starts_with(a[k], "-") && a[k].size() > 1) {
      for (auto v : kValued)
        if (a[k] == v) ++k;
      continue;
    }
    files.push_back(a[k]);
  }
  for (const auto& d : kDotCommands) {
    if (!starts_with(d.name, cmd)) continue;  // any prefix of the name, as the shell compares
    const std::string entry = std::string(prog) + " ." + std::string(d.name);
    if (d.file == DotFile::runs) {
      out.escalations.push_back(entry);
      // `.shell CMD`, `.system CMD`: the rest of the line is a shell command, judged too.
      if (d.name == "shell" || d.name == "system") {
        std::size_t at = line.find_first_of(" \t");
        if (at != std::string::npos) out.scripts.push_back(line.substr(at + 1));
      }
      continue;
    }
    if (files.empty()) continue;
    bool first = d.file == DotFile::read_first || d.file == DotFile::write_first;
    const std::string& f = first ? files.front() : files.back();
    if (starts_with(f, "|")) {
      out.escalations.push_back(entry + " |COMMAND");
      out.scripts.push_back(f.substr(1));
      continue;
    }
    if (d.file == DotFile::write_first || d.file == DotFile::write_last) {
      if (f == "off" || f == "stdout" || f == "stderr" || f == "-") continue;
    }
    if (auto uri = sqlite_uri(f)) {
      add_uri_effects(from, *uri, d.file == DotFile::read_first || d.file == DotFile::read_last,
                      entry, out);
      continue;
    }
    WordView w = word_of(from, f);
    bool reads = d.file == DotFile::read_first || d.file == DotFile::read_last ||
                 d.file == DotFile::both_last;
    bool writes = !reads || d.file == DotFile::both_last;
    if (reads) out.files.push_back({Touch::read, w, From::operand, entry});
    if (writes) out.files.push_back({Touch::write, w, From::operand, entry});
  }
}

void sqlite_effects(const ProgramDecl& p, const Words& w, ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  bool safe = false;
  std::vector<const WordView*> texts;
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    const std::string opt = option_name(*o.decl);
    if (opt == "-safe" || opt == "--safe") safe = true;
    if ((opt == "-cmd" || opt == "--cmd") && o.value) texts.push_back(&*o.value);
  }
  bool read_only = false;
  for (const auto& o : args.options)
    if (o.decl && (option_name(*o.decl) == "-readonly" || option_name(*o.decl) == "--readonly"))
      read_only = true;
  if (!args.operands.empty()) {
    const WordView& db = w[args.operands.front()];
    if (db.literal)
      if (auto uri = sqlite_uri(*db.literal)) add_uri_effects(db, *uri, read_only, "sqlite3", out);
  }
  for (std::size_t k = 1; k < args.operands.size(); ++k) texts.push_back(&w[args.operands[k]]);
  for (const WordView* t : texts) {
    if (!t->literal) continue;
    const std::string& s = *t->literal;
    if (starts_with(s, ".")) {
      sqlite_dot_command("sqlite3", *t, s, out);
      continue;
    }
    if (safe) continue;
    std::string low = ascii_lower(s);
    for (auto& c : low)
      if (std::isspace(static_cast<unsigned char>(c))) c = ' ';
    for (auto call : kSqlFileCalls)
      if (low.find(call) != std::string::npos) {
        out.escalations.push_back("sqlite3 SQL " + std::string(call));
        break;
      }
  }
}

}  // namespace vigie::engine
