// Parsing a command's words the way its program's own parser would (getopt_long's clusters,
// attached values and unambiguous prefixes, single-dash long options, options after operands):
// the ParsedArgs the effects are read from (engine/programs.cpp).
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "engine/programs.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// Whether a word that is not static may start with `-` once expanded.
bool may_be_option(const WordView& w) {
  std::string_view t = w.text;
  while (!t.empty() && (t[0] == '"' || t[0] == '\'')) t.remove_prefix(1);
  return t.empty() || t[0] == '$' || t[0] == '`' || t[0] == '-';
}

// How much an option does, to read an ambiguous prefix as its heaviest candidate: runs
// something, then names a path or changes what operands are, then a plain value; `N` (runs
// nothing) least.
int option_weight(const OptionDecl& d) {
  if (d.role == 'x' || d.role == 'y' || d.flag == '!') return 4;
  if ((d.role != 0 && d.role != 'v') || (d.flag != 0 && d.flag != 'N')) return 3;
  if (d.flag == 'N') return 0;
  return 1;
}

// Style `z` (Info-ZIP's parser): the longest single-dash long option whose letters stand at
// `v[k]` inside a cluster (`-qTTCMD` is `-q -TT CMD`), and its length; nullptr when none does.
const OptionDecl* long_short_at(const ProgramDecl& p, std::string_view v, std::size_t k,
                                std::size_t& len) {
  const OptionDecl* found = nullptr;
  for (const auto& d : p.options)
    for (const auto& e : d.exact)
      if (e.size() - 1 > len && v.substr(k).starts_with(std::string_view(e).substr(1))) {
        found = &d;
        len = e.size() - 1;
      }
  return found;
}

// Style `1` (xxd's parser): the option a word `-L…` names, by one of its single-dash long
// spellings the word starts with (`-cols`, `-capitalize`), else by its first letter; `next` says
// whether its value is the next word (a bare letter or a long spelling) rather than the rest of
// the word (`-c8`). nullptr when no option has that letter.
const OptionDecl* first_letter_at(const ProgramDecl& p, std::string_view v, bool& next) {
  for (const auto& d : p.options)
    for (const auto& e : d.exact)
      if (v.starts_with(e)) {
        next = d.arg == OptionDecl::Arg::required;
        return &d;
      }
  for (const auto& d : p.options)
    if (d.shorts.find(v[1]) != std::string::npos) {
      next = d.arg == OptionDecl::Arg::required && v.size() == 2;
      return &d;
    }
  return nullptr;
}

// The value of an option word that is not static, from `off` on (`-f$PWD/.env`,
// `--file=.env{,}`, `-o"$(…)"`): a word of its own, judged as the path (or value) the line does
// not show. Bash expands a brace in it to one option word per item (`-otests/x{,}` is
// `-otests/x -otests/x`), each with the same option: the value's braces stand for them.
WordView dynamic_value(const WordView& from, std::size_t off) {
  WordView v;
  v.text = from.text.substr(off);
  v.has_expansion = v.text.find_first_of("$`") != std::string::npos;
  v.has_brace = from.has_brace && v.text.find('{') != std::string::npos;
  v.has_glob = from.has_glob;
  v.span = {static_cast<std::uint32_t>(from.span.begin + off), from.span.end};
  return v;
}

// The length of the text a word that is not static starts with, up to its first quote,
// expansion, brace or glob: the part the shell leaves as written (`--file=` of `--file=$X`).
std::size_t static_prefix(std::string_view t) {
  std::size_t n = 0;
  while (n < t.size() && (std::isalnum(static_cast<unsigned char>(t[n])) ||
                          std::string_view("-_.,/:+%@=").find(t[n]) != std::string_view::npos))
    ++n;
  return n;
}

}  // namespace

NextWord option_next_word(const ProgramDecl& p, std::string_view v) {
  if (v.size() < 2 || v[0] != '-') return NextWord::left;
  if (p.first_letter && v[1] != '-') {
    bool next = false;
    if (!first_letter_at(p, v, next)) return NextWord::unknown;
    return next ? NextWord::taken : NextWord::left;
  }
  const auto by_arg = [](OptionDecl::Arg a) {
    return a == OptionDecl::Arg::required ? NextWord::taken
           : a == OptionDecl::Arg::none   ? NextWord::left
                                          : NextWord::number;
  };
  for (const auto& d : p.options)
    for (const auto& e : d.exact) {
      if (v == e) return by_arg(d.arg);
      if (v.size() > e.size() && v.compare(0, e.size(), e) == 0 && v[e.size()] == '=')
        return NextWord::left;
    }
  if (v[1] == '-') {
    std::string_view key = v.substr(2);
    if (key.find('=') != std::string_view::npos) return NextWord::left;
    std::string dashed;
    if (p.underscores && key.find('_') != std::string_view::npos) {
      dashed.assign(key);
      std::replace(dashed.begin(), dashed.end(), '_', '-');
      key = dashed;
    }
    // An exact name, else (getopt_long) the arguments of every long name it is a prefix of,
    // when they agree.
    std::optional<NextWord> found;
    for (const auto& d : p.options)
      for (const auto& l : d.longs)
        if (l == key) return by_arg(d.arg);
    if (!p.prefixes || key.empty()) return NextWord::unknown;
    for (const auto& d : p.options)
      for (const auto& l : d.longs)
        if (l.size() > key.size() && l.compare(0, key.size(), key) == 0) {
          if (found && *found != by_arg(d.arg)) return NextWord::unknown;
          found = by_arg(d.arg);
        }
    return found.value_or(NextWord::unknown);
  }
  // A cluster: its letters are flags until one takes a value (the rest of the word, or the next
  // word when it is the last letter).
  for (std::size_t k = 1; k < v.size(); ++k) {
    std::size_t len = 1;
    const OptionDecl* d = p.long_shorts ? long_short_at(p, v, k, len) : nullptr;
    k += len - 1;
    for (const auto& o : p.options)
      if (!d && o.shorts.find(v[k]) != std::string::npos) {
        d = &o;
        break;
      }
    if (!d) return NextWord::unknown;
    if (d->arg == OptionDecl::Arg::none) continue;
    if (k + 1 < v.size()) return NextWord::left;
    return by_arg(d->arg);
  }
  return NextWord::left;
}

ParsedArgs parse_args(const ProgramDecl& p, const Words& w, std::size_t from, bool until_operand) {
  ParsedArgs out;
  out.stopped_at = w.size();
  bool options_on = true;
  auto find_long = [&](std::string_view key, bool& ambiguous) -> const OptionDecl* {
    ambiguous = false;
    for (const auto& d : p.options)
      for (const auto& l : d.longs)
        if (l == key) return &d;
    if (!p.prefixes || key.empty()) return nullptr;
    // A prefix of several long names: the version at hand may know only one of them (curl 7's
    // `--upload-f` is `--upload-file`, curl 8's is ambiguous), so it is read as the one that does
    // the most. Where the candidates differ in taking a value, a wrapper's command would move:
    // unknown (the wrapper's caller asks).
    const OptionDecl* found = nullptr;
    for (const auto& d : p.options)
      for (const auto& l : d.longs)
        if (l.size() > key.size() && l.compare(0, key.size(), key) == 0 && found != &d) {
          if (found) {
            ambiguous = true;
            if (p.stop && found->arg != d.arg) return nullptr;
            if (option_weight(d) > option_weight(*found)) found = &d;
          } else {
            found = &d;
          }
        }
    return found;
  };
  // Checked before each option is built: a megabyte cluster stops at the limit.
  const auto capped = [&] {
    if (out.options.size() < limits::command_options) return false;
    out.options_capped = true;
    out.dynamic_option = true;
    out.unknown.push_back(fmt::format("more than {} options", limits::command_options));
    return true;
  };
  // A word that is not static whose static start is a known option taking a value, as getopt
  // reads it once expanded: `--key=` (a long option or its unique prefix), or a cluster of flags
  // ending in a letter that takes the rest of the word. Anything else (the option's own letters
  // not static, a single-dash long option, a flag last) stays an operand.
  const auto dynamic_option_word = [&](const WordView& word, std::size_t i) {
    const std::string_view t = word.text;
    const std::size_t n = static_prefix(t);
    if (n < 2 || n >= t.size() || t[0] != '-' || p.first_letter || p.long_shorts) return false;
    for (const auto& d : p.options)
      for (const auto& e : d.exact)
        if (t.starts_with(e)) return false;
    if (t[1] == '-') {
      const std::size_t eq = t.substr(0, n).find('=');
      if (eq == std::string_view::npos) return false;
      std::string key(t.substr(2, eq - 2));
      if (p.underscores) std::replace(key.begin(), key.end(), '_', '-');
      bool ambiguous = false;
      const OptionDecl* d = find_long(key, ambiguous);
      if (!d || d->arg == OptionDecl::Arg::none) return false;
      out.options.push_back({d, std::string(t.substr(0, eq + 1)), dynamic_value(word, eq + 1), i});
      return true;
    }
    std::vector<ParsedOption> letters;
    for (std::size_t k = 1; k < n; ++k) {
      const OptionDecl* d = nullptr;
      for (const auto& o : p.options)
        if (o.shorts.find(t[k]) != std::string::npos) {
          d = &o;
          break;
        }
      if (!d) return false;
      letters.push_back({d, "-" + std::string(1, t[k]), std::nullopt, i});
      if (d->arg == OptionDecl::Arg::none) continue;
      letters.back().value = dynamic_value(word, k + 1);
      for (auto& po : letters) out.options.push_back(std::move(po));
      return true;
    }
    return false;
  };
  for (std::size_t i = from; i < w.size(); ++i) {
    if (capped()) return out;
    const std::string* s = static_text(w[i]);
    if (options_on && !s) {
      if (may_be_option(w[i])) out.dynamic_option = true;
      // An option the word's static start names, its value not static (`-f$PWD/.env`,
      // `--file=.env{,}`, `-n$N`): the option, with that value.
      if (dynamic_option_word(w[i], i)) continue;
    }
    // A glob that starts with `-` (`--output=tes?s/x`, `--include=*.py`) is an option as bash
    // leaves it when no file matches, and names the files it matches when some do: its value
    // stays a glob (judged against every rule it can meet).
    if (!options_on || !s || s->size() < 2 || (*s)[0] != '-') {
      if (options_on && s && *s == "--" && w[i].literal) {
        options_on = false;
        if (p.stop) out.stopped_at = i + 1;
        if (until_operand) return out;
        continue;
      }
      if (p.stop && options_on) {
        // Options end here; the rest are operands (for a wrapper: the command and its words).
        out.stopped_at = i;
        options_on = false;
        if (until_operand) return out;
      }
      if (!p.permute) options_on = false;
      out.operands.push_back(i);
      continue;
    }
    if (*s == "--") {
      options_on = false;
      if (p.stop) out.stopped_at = i + 1;
      if (until_operand) return out;
      continue;
    }
    std::string_view v = *s;
    if (p.first_letter && v[1] != '-') {
      bool next = false;
      const OptionDecl* d = first_letter_at(p, v, next);
      ParsedOption po{d, std::string(v.substr(0, 2)), std::nullopt, i};
      if (!d) {
        out.unknown.push_back(std::string(v));
      } else if (next) {
        if (i + 1 < w.size()) po.value = w[++i];
      } else if (d->arg != OptionDecl::Arg::none && v.size() > 2) {
        po.value = synthesized(w[i], std::string(v.substr(2)), 2);
      }
      out.options.push_back(std::move(po));
      continue;
    }
    // Single-dash long options declared as such (`-TT`).
    bool exact_hit = false;
    for (const auto& d : p.options) {
      for (const auto& e : d.exact) {
        if (v == e ||
            (v.size() > e.size() && v.compare(0, e.size(), e) == 0 && v[e.size()] == '=')) {
          ParsedOption po{&d, std::string(e), std::nullopt, i};
          if (v.size() > e.size()) {
            po.value = synthesized(w[i], std::string(v.substr(e.size() + 1)), e.size() + 1);
          } else if (d.arg == OptionDecl::Arg::required && i + 1 < w.size()) {
            po.value = w[i + 1];
            ++i;
          }
          out.options.push_back(std::move(po));
          exact_hit = true;
          break;
        }
      }
      if (exact_hit) break;
    }
    if (exact_hit) continue;
    if (v[1] == '-') {
      std::string_view body = v.substr(2);
      auto eq = body.find('=');
      std::string_view key = eq == std::string_view::npos ? body : body.substr(0, eq);
      // `--experimental_loader` is node's `--experimental-loader`.
      std::string dashed;
      if (p.underscores && key.find('_') != std::string_view::npos) {
        dashed.assign(key);
        std::replace(dashed.begin(), dashed.end(), '_', '-');
        key = dashed;
      }
      bool ambiguous = false;
      const OptionDecl* d = find_long(key, ambiguous);
      ParsedOption po{d, std::string(v.substr(0, eq == std::string_view::npos ? v.size() : eq + 2)),
                      std::nullopt, i};
      if (!d) {
        out.unknown.push_back(std::string(v));
        out.options.push_back(std::move(po));
        continue;
      }
      if (eq != std::string_view::npos) {
        po.value = synthesized(w[i], std::string(body.substr(eq + 1)), eq + 3);
      } else if (d->arg == OptionDecl::Arg::required && i + 1 < w.size()) {
        po.value = w[i + 1];
        ++i;
      }
      out.options.push_back(std::move(po));
      continue;
    }
    // A short cluster: `-xvf FILE`, `-fFILE`, `-C/dir`.
    std::size_t unknown_letters = 0;
    for (std::size_t k = 1; k < v.size(); ++k) {
      if (capped()) return out;
      char c = v[k];
      if (unknown_letters > 16) {
        // Not a cluster any program takes: one finding, not one per letter.
        out.unknown.push_back(std::string(v.substr(0, 32)) + "…");
        break;
      }
      std::size_t len = 1;
      const OptionDecl* d = p.long_shorts ? long_short_at(p, v, k, len) : nullptr;
      for (const auto& o : p.options)
        if (!d && o.shorts.find(c) != std::string::npos) {
          d = &o;
          break;
        }
      ParsedOption po{d, "-" + std::string(v.substr(k, len)), std::nullopt, i};
      k += len - 1;  // the option's last letter: its value follows
      if (!d) {
        ++unknown_letters;
        if (!std::isdigit(static_cast<unsigned char>(c))) out.unknown.push_back(po.spelling);
        out.options.push_back(std::move(po));
        continue;
      }
      if (d->arg != OptionDecl::Arg::none) {
        if (k + 1 < v.size()) {
          // Info-ZIP (style z): an optional `=` before an attached value (`-O=FILE`, `-tt=DATE`).
          const std::size_t at =
              p.long_shorts && v[k + 1] == '=' && k + 2 < v.size() ? k + 2 : k + 1;
          po.value = synthesized(w[i], std::string(v.substr(at)), at);
        } else if (d->arg == OptionDecl::Arg::required && i + 1 < w.size()) {
          po.value = w[i + 1];
          ++i;
        }
        out.options.push_back(std::move(po));
        break;
      }
      out.options.push_back(std::move(po));
    }
  }
  return out;
}

}  // namespace vigie::engine
