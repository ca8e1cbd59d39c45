// sqlite3's dot commands and SQL file functions (called by the `sql` handler,
// engine/program_tools.cpp): an argument after the database, or a `-cmd` value, that starts
// with `.` is a dot command whose name may be any prefix of the command (the shell compares
// `strncmp(arg, "backup", n)`). The commands that name a file are declared in one table with
// what they do to it; `|CMD` in place of a file runs CMD. SQL arguments that call readfile(),
// writefile(), edit(), fsdir(), ATTACH or VACUUM INTO reach files the words do not name as
// paths: asked unless `-safe` forbids them. The archive mode (`-A…`) is judged as `.archive`.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <deque>
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
constexpr std::string_view kSqlFileCalls[] = {
    "readfile(", "writefile(", "edit(", "fsdir(", "attach ", "vacuum into", "load_extension("};

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

// The archive mode (`-A ARGS`, `-Ax`, `--A`; shell.c's arDotCommand, as `.archive ARGS`): the
// letters of a first argument without `-` (`-AxC DIR`, `-A xf F`), or options `-x`, `--extract`
// (any prefix of a long name), `-C DIR`/`--directory DIR`, `-f FILE`/`--file FILE`. What it
// does with each option letter: a command, or an option taking the next argument.
struct ArOption {
  char letter;
  std::string_view name;
  bool takes_value;
};
constexpr ArOption kArOptions[] = {
    {'c', "create", false},   {'x', "extract", false}, {'t', "list", false},
    {'u', "update", false},   {'i', "insert", false},  {'r', "remove", false},
    {'h', "help", false},     {'v', "verbose", false}, {'n', "dryrun", false},
    {'a', "append", false},   {'g', "glob", false},    {'f', "file", true},
    {'C', "directory", true},
};

const ArOption* ar_letter(char c) {
  for (const auto& o : kArOptions)
    if (o.letter == c) return &o;
  return nullptr;
}

// The index of the word that starts the archive mode (`-A…`/`--A…`), or 0.
std::size_t archive_word(const ProgramDecl& p, const Words& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!w[i].literal) continue;
    std::string_view z = *w[i].literal;
    if (!starts_with(z, "-")) continue;
    if (starts_with(z, "--")) z.remove_prefix(1);
    if (starts_with(z, "-A")) return i;
    if (option_next_word(p, *w[i].literal) == NextWord::taken) ++i;
  }
  return 0;
}

// `sqlite3 DB -A…`: extracting writes the archive's members (names the line does not show:
// asked, as `tar xf` is) into the `-C` folder, judged as its files; creating or updating reads
// the files named. Anything it cannot follow is asked.
void sqlite_archive(const WordView& at, std::vector<const WordView*> args, std::string first,
                    ProgramEffects& out) {
  const std::string entry = "sqlite3 -A";
  std::vector<char> letters;
  std::deque<char> wanted;  // the letters (`f`, `C`) still taking the next arguments as values
  std::vector<const WordView*> names, dirs, archives;
  auto take = [&](const ArOption* o) {
    letters.push_back(o->letter);
    if (o->takes_value) wanted.push_back(o->letter);
  };
  auto value_for = [&](const WordView* v) {
    (wanted.front() == 'C' ? dirs : archives).push_back(v);
    wanted.pop_front();
  };
  bool ok = true;
  // `-A xC DIR`: the first argument after a bare `-A` is the letters when it has no `-`.
  if (first.empty() && !args.empty() && args.front()->literal &&
      !starts_with(*args.front()->literal, "-")) {
    first = *args.front()->literal;
    args.erase(args.begin());
  }
  if (!first.empty()) {
    if (starts_with(first, "-")) {
      args.insert(args.begin(), nullptr);
    } else {
      for (char c : first)
        if (const ArOption* o = ar_letter(c))
          take(o);
        else
          ok = false;
      first.clear();
    }
  }
  std::deque<WordView> owned;  // words made here: their addresses stay
  for (std::size_t k = 0; k < args.size(); ++k) {
    const WordView* a = args[k];
    if (!a) {
      owned.push_back(word_of(at, first));
      a = &owned.back();
    }
    if (!a->literal) {
      ok = false;
      continue;
    }
    const std::string& t = *a->literal;
    if (!wanted.empty()) {
      value_for(a);
      continue;
    }
    if (starts_with(t, "--") && t.size() > 2) {
      std::string n = t.substr(2), v;
      const bool attached = n.find('=') != std::string::npos;
      if (attached) {
        v = n.substr(n.find('=') + 1);
        n.resize(n.find('='));
      }
      const ArOption* hit = nullptr;
      for (const auto& o : kArOptions)
        if (starts_with(o.name, n)) hit = hit ? nullptr : &o;  // ambiguous: none
      if (!hit) {
        ok = false;
        continue;
      }
      take(hit);
      if (hit->takes_value && attached) {
        owned.push_back(word_of(*a, v));
        value_for(&owned.back());
      }
    } else if (starts_with(t, "-") && t.size() > 1) {
      for (std::size_t c = 1; c < t.size(); ++c) {
        const ArOption* o = ar_letter(t[c]);
        if (!o) {
          ok = false;
          break;
        }
        take(o);
        if (o->takes_value && c + 1 < t.size()) {  // `-CDIR`: the rest of the word
          owned.push_back(word_of(*a, t.substr(c + 1)));
          value_for(&owned.back());
          break;
        }
      }
    } else {
      names.push_back(a);
    }
  }
  if (!ok || !wanted.empty())
    out.escalations.push_back(entry + " (archive options it cannot read)");
  auto has = [&](char c) { return std::find(letters.begin(), letters.end(), c) != letters.end(); };
  for (const WordView* d : dirs) {
    WordView f = word_of(*d, *d->literal + "/*");
    f.literal.reset();
    f.has_glob = true;
    out.files.push_back({Touch::write, f, From::option, entry + " -C (the archive's members)"});
  }
  // `-f FILE`: the archive, in place of the database; read, and written by what changes it.
  const bool changes = has('c') || has('u') || has('i') || has('r');
  for (const WordView* f : archives) {
    out.files.push_back({Touch::read, *f, From::option, entry + " -f"});
    if (changes) out.files.push_back({Touch::write, *f, From::option, entry + " -f"});
  }
  if (has('x')) {
    out.escalations.push_back(entry + " extract (members the line does not show)");
    if (dirs.empty()) add_tree_write(out, entry + " extract (the archive's members)");
  }
  if (has('c') || has('u') || has('i'))
    for (const WordView* n : names) {
      WordView r = *n;
      for (const WordView* d : dirs) r = word_of(*n, *d->literal + "/" + *n->literal);
      out.files.push_back({Touch::read, r, From::operand, entry + " (a file archived)"});
    }
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
  // The words after `-A` are the archive's arguments, not SQL (the `-cmd` values still run).
  const std::size_t archive = archive_word(p, w);
  if (archive) {
    std::string_view z = *w[archive].literal;
    if (starts_with(z, "--")) z.remove_prefix(1);
    std::vector<const WordView*> rest;
    for (std::size_t k = archive + 1; k < w.size(); ++k) rest.push_back(&w[k]);
    sqlite_archive(w[archive], std::move(rest), std::string(z.substr(2)), out);
  }
  for (std::size_t k = 1; k < args.operands.size(); ++k)
    if (!archive || args.operands[k] < archive) texts.push_back(&w[args.operands[k]]);
  for (const WordView* t : texts) {
    if (!t->literal) continue;
    const std::string& s = *t->literal;
    if (starts_with(s, ".")) {
      sqlite_dot_command("sqlite3", *t, s, out);
      continue;
    }
    if (safe) continue;
    // Lowered, blanks as spaces, identifier quotes (`"readfile"(`, `[fsdir]`) and comments
    // dropped, no blank before `(`: `FSDIR ('/etc')` is `fsdir('/etc')`.
    std::string low;
    for (std::size_t k = 0; k < s.size(); ++k) {
      char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[k])));
      if (c == '/' && k + 1 < s.size() && s[k + 1] == '*') {
        auto end = s.find("*/", k + 2);
        k = end == std::string::npos ? s.size() : end + 1;
        c = ' ';
      }
      if (std::isspace(static_cast<unsigned char>(c))) c = ' ';
      if (c == '"' || c == '`' || c == '[' || c == ']') continue;
      if (c == '(')
        while (!low.empty() && low.back() == ' ') low.pop_back();
      low.push_back(c);
    }
    for (auto call : kSqlFileCalls)
      if (low.find(call) != std::string::npos) {
        out.escalations.push_back("sqlite3 SQL " + std::string(call));
        break;
      }
  }
}

}  // namespace vigie::engine
