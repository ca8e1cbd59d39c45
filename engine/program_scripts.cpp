// The scripts sed and awk run: what they write (`w FILE`, `print > "FILE"`), read (`r FILE`,
// `getline < "FILE"`) and run (`e CMD`, `s/x/y/e`, `system("CMD")`, `print | "CMD"`). A
// script the scanner cannot follow is at least ask: never read as harmless.
#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;

namespace {

void add(ProgramEffects& out, Touch t, const WordView& from, std::string path, std::string entry) {
  while (!path.empty() && (path.back() == ' ' || path.back() == '\t')) path.pop_back();
  if (path.empty() || harmless_device(path)) return;
  out.files.push_back({t, word_of(from, std::move(path)), From::option, std::move(entry)});
}

// ---- sed ---------------------------------------------------------------------------------------

struct SedScanner {
  const std::string& s;
  const WordView& from;
  ProgramEffects& out;
  std::size_t i = 0;

  bool at_end() const { return i >= s.size(); }
  char peek() const { return i < s.size() ? s[i] : '\0'; }

  std::string rest_of_line() {
    std::size_t b = i;
    while (i < s.size() && s[i] != '\n') ++i;
    std::string r = s.substr(b, i - b);
    std::size_t k = 0;
    while (k < r.size() && (r[k] == ' ' || r[k] == '\t')) ++k;
    return r.substr(k);
  }

  // Skips a bracket expression whose `[` was just read, as GNU sed does in a regex (`s/[/]/x/`
  // and `/[/]/p` hold a `/`): an optional `^`, an optional leading `]`, then up to the closing
  // `]`, with `[:class:]`, `[=x=]` and `[.x.]` inside; a `\` is a member, not an escape. False
  // when unterminated (sed says "unterminated `s' command").
  bool bracket() {
    if (peek() == '^') ++i;
    if (peek() == ']') ++i;
    while (i < s.size()) {
      char c = s[i++];
      if (c == '\n') return false;
      if (c == ']') return true;
      if (c == '[' && (peek() == ':' || peek() == '=' || peek() == '.')) {
        char k = s[i++];
        while (i + 1 < s.size() && !(s[i] == k && s[i + 1] == ']')) {
          if (s[i] == '\n') return false;
          ++i;
        }
        if (i + 1 >= s.size()) return false;
        i += 2;
      }
    }
    return false;
  }

  // Skips a delimited part (`/re/`, the parts of `s`), escapes included; in a regex, bracket
  // expressions too (`y` and the replacement have none). False when unterminated.
  bool delimited(char d, bool regex) {
    while (i < s.size()) {
      char c = s[i++];
      if (c == '\\') {
        ++i;
      } else if (c == d) {
        return true;
      } else if (c == '\n' && d != '\n') {
        return false;
      } else if (c == '[' && regex && !bracket()) {
        return false;
      }
    }
    return false;
  }

  bool address() {
    char c = peek();
    if (std::isdigit(static_cast<unsigned char>(c))) {
      while (std::isdigit(static_cast<unsigned char>(peek())) || peek() == '~') ++i;
    } else if (c == '$') {
      ++i;
    } else if (c == '/') {
      ++i;
      if (!delimited('/', true)) return false;
      while (peek() == 'I' || peek() == 'M') ++i;
    } else if (c == '\\') {
      ++i;
      char d = peek();
      ++i;
      if (!delimited(d, true)) return false;
      while (peek() == 'I' || peek() == 'M') ++i;
    }
    return true;
  }

  void fail(const char* why) { out.escalations.push_back(std::string("sed: ") + why); }

  void run() {
    while (!at_end()) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '}') {
        ++i;
        continue;
      }
      if (c == '#') {
        rest_of_line();
        continue;
      }
      if (!address()) return fail("a script it cannot read");
      while (peek() == ' ') ++i;
      if (peek() == ',') {
        ++i;
        while (peek() == ' ') ++i;
        if (peek() == '+' || peek() == '~') ++i;
        if (!address()) return fail("a script it cannot read");
      }
      while (peek() == ' ' || peek() == '!') ++i;
      if (at_end()) return;
      char cmd = s[i++];
      switch (cmd) {
        case '{':
          break;
        case 's':
        case 'y': {
          if (at_end()) return fail("a script it cannot read");
          char d = s[i++];
          if (d == '\n' || d == '\\' || !delimited(d, cmd == 's') || !delimited(d, false))
            return fail("a script it cannot read");
          if (cmd == 'y') break;
          while (!at_end()) {
            char f = peek();
            if (f == 'e') {
              out.escalations.push_back("sed s///e");
              ++i;
            } else if (f == 'w' || f == 'W') {
              ++i;
              add(out, Touch::write, from, rest_of_line(), "sed s///w");
              break;
            } else if (std::isalnum(static_cast<unsigned char>(f))) {
              ++i;
            } else {
              break;
            }
          }
          break;
        }
        case 'e': {
          std::string cmdline = rest_of_line();
          out.escalations.push_back("sed e");
          if (!cmdline.empty()) out.scripts.push_back(cmdline);
          break;
        }
        case 'w':
        case 'W':
          add(out, Touch::write, from, rest_of_line(), "sed w");
          break;
        case 'r':
        case 'R':
          add(out, Touch::read, from, rest_of_line(), "sed r");
          break;
        case 'a':
        case 'i':
        case 'c': {
          // Text to the end of the line; `a\` continues on the next lines ending with `\`.
          while (i < s.size()) {
            if (s[i] == '\\' && i + 1 < s.size()) {
              i += 2;
              continue;
            }
            if (s[i] == '\n') break;
            ++i;
          }
          break;
        }
        case ':':
        case 'b':
        case 't':
        case 'T':
        case 'v':
          // A label (or `v`'s version) ends at a blank, `;`, `}` or the line's end, as GNU sed
          // reads it: what follows is the next command (`:a r .env`, `b x w out`).
          while (peek() == ' ' || peek() == '\t') ++i;
          while (i < s.size() && std::string_view(" \t\n;}").find(s[i]) == std::string_view::npos)
            ++i;
          break;
        case 'q':
        case 'Q':
        case 'l':
        case 'L':
          while (peek() == ' ' || std::isdigit(static_cast<unsigned char>(peek()))) ++i;
          break;

        case '=':
        case 'd':
        case 'D':
        case 'g':
        case 'G':
        case 'h':
        case 'H':
        case 'n':
        case 'N':
        case 'p':
        case 'P':
        case 'x':
        case 'z':
        case 'F':
          break;
        default:
          return fail("a script it cannot read");
      }
    }
  }
};

// ---- awk ---------------------------------------------------------------------------------------

struct AwkScanner {
  const std::string& s;
  const WordView& from;
  ProgramEffects& out;
  std::size_t i = 0;
  char last = '(';          // the last significant character: decides `/` (regex or division)
  std::string prev_string;  // the last string literal, when it is the last token
  bool prev_was_string = false;

  std::string read_string() {
    std::size_t b = ++i;
    std::string v;
    while (i < s.size() && s[i] != '"') {
      if (s[i] == '\\' && i + 1 < s.size()) {
        v += s[i + 1];
        i += 2;
        continue;
      }
      v += s[i++];
    }
    ++i;
    (void)b;
    return v;
  }
  void skip_regex() {
    ++i;
    while (i < s.size() && s[i] != '/' && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
    ++i;
  }
  void blanks() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  }

  // After `>`, `>>` or `<` of a print/getline: the target, a string literal or not.
  void target(Touch t, const char* entry) {
    blanks();
    if (i < s.size() && s[i] == '"') {
      // Strings side by side are joined (`print > "test" "s/x"` writes tests/x); anything else
      // after them makes an expression the line does not show.
      std::string name = read_string();
      blanks();
      while (i < s.size() && s[i] == '"') {
        name += read_string();
        blanks();
      }
      if (i < s.size() && std::string_view(";}\n)#").find(s[i]) == std::string_view::npos)
        out.escalations.push_back(std::string(entry) + " to a file that is not a literal");
      add(out, t, from, std::move(name), entry);
    } else {
      out.escalations.push_back(std::string(entry) + " to a file that is not a literal");
    }
  }

  void run() {
    bool in_print = false;
    int depth = 0;
    while (i < s.size()) {
      char c = s[i];
      if (c != '"' && c != '|' && c != ' ' && c != '\t') prev_was_string = false;
      if (c == '#') {
        while (i < s.size() && s[i] != '\n') ++i;
        continue;
      }
      if (c == '"') {
        prev_string = read_string();
        prev_was_string = true;
        last = 'a';
        continue;
      }
      if (c == '/' && std::string_view("(,{;!~&|=\n").find(last) != std::string_view::npos) {
        skip_regex();
        last = 'a';
        continue;
      }
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '@') {
        std::size_t b = i++;
        while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
        std::string_view id(s.data() + b, i - b);
        if (id == "system") {
          out.escalations.push_back("awk system()");
          blanks();
          if (i < s.size() && s[i] == '(') {
            ++i;
            blanks();
            if (i < s.size() && s[i] == '"') {
              std::string cmd = read_string();
              blanks();
              if (i < s.size() && s[i] == ')') out.scripts.push_back(cmd);
            }
          }
        } else if (id == "print" || id == "printf") {
          in_print = true;
          depth = 0;
        } else if (id == "getline") {
          blanks();
          while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
            ++i;
          blanks();
          if (i < s.size() && s[i] == '<') {
            ++i;
            target(Touch::read, "awk getline <");
          }
        } else if (id == "ARGV") {
          // `ARGV[1] = ".env"`, `ARGV[ARGC++] = f`: awk opens what ARGV holds after BEGIN, as
          // if it were an operand (a string literal is judged as a read; anything else asks).
          blanks();
          if (i < s.size() && s[i] == '[') {
            int nest = 0;
            for (; i < s.size(); ++i) {
              if (s[i] == '[') ++nest;
              if (s[i] == ']' && --nest == 0) break;
            }
            if (i < s.size()) ++i;
            blanks();
          }
          if (i < s.size() && s[i] == '=' && (i + 1 >= s.size() || s[i + 1] != '=')) {
            ++i;
            target(Touch::read, "awk ARGV[…] =");
          } else if (i + 1 < s.size() &&
                     std::string_view("+-*/%^").find(s[i]) != std::string::npos &&
                     s[i + 1] == '=') {
            out.escalations.push_back("awk ARGV[…] changed: a file the line does not show");
          }
        } else if (id == "split") {
          // `split(".env", ARGV)` fills ARGV the same way.
          const std::size_t close = s.find(')', i);
          if (std::string_view(s)
                  .substr(i, close == std::string::npos ? s.npos : close - i)
                  .find("ARGV") != std::string_view::npos)
            out.escalations.push_back("awk split() into ARGV: a file the line does not show");
        } else if (id == "@load") {
          out.escalations.push_back("awk @load");
        } else if (id == "@include") {
          // gawk's `@include "FILE"` runs the code FILE holds (looked up along AWKPATH, `.awk`
          // added): read, and asked as `-f FILE` is.
          out.escalations.push_back("awk @include: the code in the file is not visible");
          blanks();
          if (i < s.size() && s[i] == '"')
            add(out, Touch::read, from, read_string(), "awk @include");
        } else if (id.size() > 1 && id[0] == '@' && id != "@namespace") {
          // gawk's indirect call `@f(…)` calls the function whose name `f` holds, a built-in
          // too (`f = "system"; @f("id")`).
          out.escalations.push_back("awk indirect call (" + std::string(id) +
                                    "): the function it calls is not shown");
        }
        last = 'a';
        continue;
      }
      if (c == '|') {
        if (i + 1 < s.size() && s[i + 1] == '|') {
          i += 2;
          last = '|';
          continue;
        }
        out.escalations.push_back("awk pipe to or from a command");
        // `"CMD" | getline`, `print | "CMD"`: a literal command line is judged too.
        if (prev_was_string) out.scripts.push_back(prev_string);
        ++i;
        if (i < s.size() && s[i] == '&') ++i;
        blanks();
        if (i < s.size() && s[i] == '"') {
          out.scripts.push_back(read_string());
          last = 'a';
        } else {
          last = '|';
        }
        prev_was_string = false;
        continue;
      }
      if (in_print) {
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (c == ';' || c == '\n' || c == '}' || (c == ')' && depth < 0)) in_print = false;
        if (c == '>' && depth <= 0) {
          ++i;
          if (i < s.size() && s[i] == '>') ++i;
          target(Touch::write, "awk print >");
          in_print = false;
          last = 'a';
          continue;
        }
      }
      if (c != ' ' && c != '\t') last = c;
      ++i;
    }
  }
};

}  // namespace

void sed_script_effects(const std::string& script, const WordView& from, ProgramEffects& out) {
  SedScanner{script, from, out, 0}.run();
}

void awk_program_effects(const std::string& program, const WordView& from, ProgramEffects& out) {
  AwkScanner{program, from, out, 0, '(', {}, false}.run();
}

// awk's `-W` items (mawk's names, gawk's long options), abbreviated as they accept: harmless
// ones print, lint or change how text is read; the rest may read or load code (`exec`, `file`,
// `source`, `include`, `load`) or write files (`dump-variables`, `profile`, `pretty-print`).
constexpr std::string_view kAwkWHarmless[] = {"dump",
                                              "help",
                                              "interactive",
                                              "posix_space",
                                              "random",
                                              "sprintf",
                                              "usage",
                                              "version",
                                              "traditional",
                                              "posix",
                                              "copyright",
                                              "re-interval",
                                              "lint",
                                              "lint-old",
                                              "bignum",
                                              "sandbox",
                                              "characters-as-bytes",
                                              "optimize",
                                              "no-optimize",
                                              "non-decimal-data",
                                              "use-lc-numeric"};
constexpr std::string_view kAwkWRisky[] = {"exec",  "file",           "source",  "include",
                                           "load",  "dump-variables", "profile", "pretty-print",
                                           "debug", "gen-pot"};

bool awk_w_harmless(const std::string* value) {
  if (value == nullptr) return false;
  std::string_view v = *value;
  while (true) {
    const auto comma = v.find(',');
    std::string_view item = v.substr(0, comma);
    item = item.substr(0, item.find('='));
    auto is_prefix = [&](std::string_view full) {
      return !item.empty() && full.substr(0, item.size()) == item;
    };
    const bool exact = std::find(std::begin(kAwkWHarmless), std::end(kAwkWHarmless), item) !=
                       std::end(kAwkWHarmless);
    if (!exact && (std::none_of(std::begin(kAwkWHarmless), std::end(kAwkWHarmless), is_prefix) ||
                   std::any_of(std::begin(kAwkWRisky), std::end(kAwkWRisky), is_prefix)))
      return false;
    if (comma == std::string_view::npos) return true;
    v.remove_prefix(comma + 1);
  }
}

// mawk's `-W exec FILE` (any prefix of `exec`, alone or in a comma list: `-We`, `-W i,exec`):
// the program is read from FILE, given after `=` (returned) or as the next word (an empty
// string). nullopt: not that option.
std::optional<std::string> awk_w_exec(const std::string* value) {
  if (value == nullptr) return std::nullopt;
  std::string_view v = *value;
  while (true) {
    const auto comma = v.find(',');
    std::string_view item = v.substr(0, comma);
    const auto eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    if (!key.empty() && std::string_view("exec").starts_with(key))
      return eq == std::string_view::npos ? std::string() : std::string(item.substr(eq + 1));
    if (comma == std::string_view::npos) return std::nullopt;
    v.remove_prefix(comma + 1);
  }
}

}  // namespace vigie::engine
