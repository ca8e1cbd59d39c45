// The members tar extracts when the line names them (engine/program_tar.cpp): each is a pattern
// tar matches against the archive's names, with the matching options before it on the line
// (`--wildcards`, `--no-anchored`, `--ignore-case`…: GNU tar reads them in order, each for the
// members after it), and `--strip-components=N` drops the first N components of what it writes.
#include "engine/program_tar_members.hpp"

#include <cctype>

#include "engine/program_words.hpp"

namespace vigie::engine {

namespace {

using program_words::starts_with;

// Whether `spelling` is `--NAME` or a prefix of it of at least `min` letters (GNU getopt_long:
// the shortest that tar takes without calling it ambiguous).
bool long_option(std::string_view spelling, std::string_view name, std::size_t min) {
  if (!starts_with(spelling, "--")) return false;
  const std::string_view k = spelling.substr(2);
  return k.size() >= min && starts_with(name, k);
}

bool alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

char other_case(char c) {
  const auto u = static_cast<unsigned char>(c);
  return static_cast<char>(std::islower(u) ? std::toupper(u) : std::tolower(u));
}

// A character of the member matched as itself, in the judge's glob (engine/glob_meet.hpp):
// glob characters escaped, a letter in both cases under `--ignore-case`.
void literal_char(char c, bool icase, MemberGlob& g, std::string& raw) {
  raw += c;
  if (icase && alpha(c)) {
    g.glob += '[';
    g.glob += c;
    g.glob += other_case(c);
    g.glob += ']';
    g.has_glob = true;
  } else if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
    g.glob += '\\';
    g.glob += c;
  } else {
    g.glob += c;
  }
}

// The end (the closing `]`) of the bracket expression opening at m[open], as fnmatch reads it
// (`!` or `^` negates, a first `]` is a member, `[:class:]` inside), or npos when none closes
// it (the `[` is then itself).
std::size_t bracket_end(std::string_view m, std::size_t open) {
  std::size_t j = open + 1;
  if (j < m.size() && (m[j] == '!' || m[j] == '^')) ++j;
  if (j < m.size() && m[j] == ']') ++j;
  while (j < m.size() && m[j] != ']') {
    if (m[j] == '[' && j + 1 < m.size() &&
        (m[j + 1] == ':' || m[j + 1] == '.' || m[j + 1] == '=')) {
      const char kind = m[j + 1];
      std::size_t k = j + 2;
      while (k + 1 < m.size() && !(m[k] == kind && m[k + 1] == ']')) ++k;
      if (k + 1 >= m.size()) return std::string_view::npos;
      j = k + 2;
      continue;
    }
    ++j;
  }
  return j < m.size() ? j : std::string_view::npos;
}

// A bracket expression of letters, digits, `.` and `_` only (`[eE]`, `[.]`): it cannot match
// `/`, and under `--ignore-case` its letters take both cases.
bool plain_bracket(std::string_view body) {
  if (body.empty() || body[0] == '!' || body[0] == '^') return false;
  for (char c : body)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_')) return false;
  return true;
}

}  // namespace

// tar's member-matching options, in the order they are tried (a longer name before one it
// starts with): the name, the shortest prefix read as it, the setting and its value. Enabling
// spellings are taken from their ambiguous prefixes too (`--wild` makes tar fail, which writes
// nothing); disabling ones only from the prefixes tar takes.
struct MatchingOption {
  std::string_view name;
  std::size_t shortest;
  bool MemberMatch::*field;
  bool value;
};
constexpr MatchingOption kMatchingOptions[] = {
    {"wildcards-match-slash", 10, &MemberMatch::slash, true},
    {"wildcards", 4, &MemberMatch::wildcards, true},
    {"no-wildcards-match-slash", 13, &MemberMatch::slash, false},
    {"no-wildcards", 12, &MemberMatch::wildcards, false},
    {"no-anchored", 4, &MemberMatch::anchored, false},
    {"anchored", 2, &MemberMatch::anchored, true},
    {"no-ignore-case", 12, &MemberMatch::icase, false},
    {"ignore-case", 8, &MemberMatch::icase, true},
};

void member_matching_option(std::string_view s, MemberMatch& mm) {
  for (const auto& o : kMatchingOptions)
    if (long_option(s, o.name, o.shortest)) {
      mm.*o.field = o.value;
      return;
    }
}

std::optional<MemberGlob> member_glob(std::string_view m, const MemberMatch& mm,
                                      std::size_t strip) {
  while (!m.empty() && m[0] == '/') m.remove_prefix(1);  // tar strips a leading `/`
  std::string kept;  // the member without its first `strip` components
  if (strip > 0) {
    // Which components the archive's names lose is known only when the pattern's first ones
    // match a single component each, and the member starts where the pattern does.
    if (!mm.anchored) return std::nullopt;
    std::size_t dropped = 0, i = 0;
    while (i < m.size() && dropped < strip) {
      const std::size_t end = std::min(m.find('/', i), m.size());
      const std::string_view comp = m.substr(i, end - i);
      if (mm.wildcards && comp.find_first_of("*?[\\") != std::string_view::npos &&
          (mm.slash || comp.find_first_of("[\\") != std::string_view::npos))
        return std::nullopt;
      if (!comp.empty()) ++dropped;
      i = end + 1;
    }
    while (i < m.size() && m[i] == '/') ++i;
    // The member itself stripped away: what it holds lands in the folder, names not shown.
    if (i >= m.size()) return std::nullopt;
    kept = m.substr(i);
    m = kept;
  }
  // `.` (`./`, `.//.`): the archive's top, whose members are all below it.
  if (m.find_first_not_of("./") == std::string_view::npos) return std::nullopt;
  MemberGlob g;
  std::string raw;  // the name itself, while no character is a pattern
  for (std::size_t i = 0; i < m.size(); ++i) {
    const char c = m[i];
    if (!mm.wildcards) {
      literal_char(c, mm.icase, g, raw);
      continue;
    }
    if (c == '\\' && i + 1 < m.size()) {
      literal_char(m[++i], mm.icase, g, raw);
      continue;
    }
    std::size_t end = c == '[' ? bracket_end(m, i) : std::string_view::npos;
    if (c == '[' && end == std::string_view::npos) {
      literal_char(c, mm.icase, g, raw);
      continue;
    }
    const bool plain = c == '[' && plain_bracket(m.substr(i + 1, end - i - 1));
    if (c != '*' && c != '?' && c != '[') {
      literal_char(c, mm.icase, g, raw);
      continue;
    }
    g.has_glob = true;
    if (mm.slash && !plain) {
      // `*`, `?` and a bracket that may hold `/` match across folders (GNU tar's default
      // `--wildcards-match-slash`): any name starting with what comes before, everything below
      // it. Nothing before: every member.
      if (g.glob.empty()) return std::nullopt;
      g.glob += '*';
      return g;
    }
    if (c != '[') {
      g.glob += c;
    } else if (plain) {
      std::string body(m.substr(i + 1, end - i - 1));
      if (mm.icase)
        for (char b : std::string(body))
          if (alpha(b)) body += other_case(b);
      g.glob += '[' + body + ']';
      i = end;
    } else if (mm.icase) {
      g.glob += '?';  // a class or a range in any case: any character
      i = end;
    } else {
      g.glob += m.substr(i, end - i + 1);
      i = end;
    }
  }
  if (!g.has_glob) g.glob = std::move(raw);
  return g;
}

}  // namespace vigie::engine
