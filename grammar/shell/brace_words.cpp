// Brace expansion across quoted parts (see brace_words.hpp).
#include "grammar/shell/brace_words.hpp"

#include "grammar/shell/unescape.hpp"

namespace vigie::shell {

namespace {

// A word's characters after quote removal, each marked quoted or not.
struct Ch {
  char c;
  bool quoted;
};
using Chars = std::vector<Ch>;

constexpr std::size_t kMaxBytes = 4096;

// Quote removal of `text`, keeping which characters were quoted; nullopt on an expansion.
std::optional<Chars> unquote(std::string_view t) {
  Chars out;
  auto quoted = [&out](std::string_view s) {
    for (char c : s) out.push_back({c, true});
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '\\') {
      if (i + 1 < t.size() && t[i + 1] != '\n') out.push_back({t[i + 1], true});
      ++i;
    } else if (c == '\'') {
      auto end = t.find('\'', i + 1);
      if (end == std::string_view::npos) return std::nullopt;
      quoted(t.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '$' && i + 1 < t.size() && t[i + 1] == '\'') {
      // `$'…'`: the body ends at the first `'` not escaped by a backslash.
      std::size_t end = i + 2;
      while (end < t.size() && t[end] != '\'') end += t[end] == '\\' ? 2 : 1;
      if (end >= t.size()) return std::nullopt;
      quoted(decode_ansi_c(t.substr(i + 2, end - i - 2)));
      i = end;
    } else if (c == '"' || (c == '$' && i + 1 < t.size() && t[i + 1] == '"')) {
      // `"…"` (and `$"…"`): a backslash escapes only `$`, `` ` ``, `"`, `\` and newline.
      std::size_t k = i + (c == '$' ? 2 : 1);
      for (; k < t.size() && t[k] != '"'; ++k) {
        if (t[k] == '$' || t[k] == '`') return std::nullopt;
        if (t[k] == '\\' && k + 1 < t.size()) {
          char n = t[k + 1];
          if (n == '\n') {
            ++k;
            continue;
          }
          if (n == '$' || n == '`' || n == '"' || n == '\\') {
            out.push_back({n, true});
            ++k;
            continue;
          }
        }
        out.push_back({t[k], true});
      }
      if (k >= t.size()) return std::nullopt;
      i = k;
    } else if (c == '$' || c == '`') {
      return std::nullopt;
    } else {
      out.push_back({c, false});
    }
  }
  return out;
}

bool is(const Ch& ch, char c) {
  return !ch.quoted && ch.c == c;
}

BraceWord word_of(const Chars& w) {
  BraceWord b;
  bool open = false;
  for (const Ch& ch : w) {
    b.value += ch.c;
    bool glob = ch.c == '*' || ch.c == '?' || ch.c == '[' || ch.c == ']';
    if (ch.quoted && (glob || ch.c == '\\')) b.pattern += '\\';
    b.pattern += ch.c;
    if (!ch.quoted && (ch.c == '*' || ch.c == '?')) b.has_glob = true;
    if (!ch.quoted && ch.c == '[') open = true;
    if (!ch.quoted && ch.c == ']' && open) b.has_glob = true;
  }
  b.has_tilde = !w.empty() && is(w[0], '~');
  return b;
}

}  // namespace

std::optional<std::vector<BraceWord>> brace_words(std::string_view text, std::size_t max) {
  if (text.size() > kMaxBytes) return std::nullopt;
  auto chars = unquote(text);
  if (!chars) return std::nullopt;
  std::vector<BraceWord> done;
  std::vector<Chars> work{std::move(*chars)};
  while (!work.empty()) {
    Chars w = std::move(work.back());
    work.pop_back();
    // The first unquoted `{…}` with a top-level unquoted `,`; one with `..` is a sequence.
    std::size_t open = w.size(), close = w.size();
    std::vector<std::size_t> commas;
    for (std::size_t i = 0; i < w.size() && close == w.size(); ++i) {
      if (!is(w[i], '{')) continue;
      int depth = 0;
      commas.clear();
      for (std::size_t k = i; k < w.size(); ++k) {
        if (is(w[k], '{')) ++depth;
        if (is(w[k], '}') && --depth == 0) {
          if (!commas.empty()) {
            open = i;
            close = k;
          } else {
            for (std::size_t d = i + 1; d + 1 < k; ++d)
              if (is(w[d], '.') && is(w[d + 1], '.')) return std::nullopt;
          }
          break;
        }
        if (is(w[k], ',') && depth == 1) commas.push_back(k);
      }
    }
    if (open == w.size()) {
      done.push_back(word_of(w));
      if (done.size() > max) return std::nullopt;
      continue;
    }
    commas.push_back(close);
    std::size_t from = open + 1;
    for (std::size_t c : commas) {
      Chars alt(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(open));
      alt.insert(alt.end(), w.begin() + static_cast<std::ptrdiff_t>(from),
                 w.begin() + static_cast<std::ptrdiff_t>(c));
      alt.insert(alt.end(), w.begin() + static_cast<std::ptrdiff_t>(close + 1), w.end());
      work.push_back(std::move(alt));
      from = c + 1;
    }
    if (done.size() + work.size() > max) return std::nullopt;
  }
  return done;
}

}  // namespace vigie::shell
