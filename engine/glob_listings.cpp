// The folders the shell lists when it expands a glob (engine/programs.hpp, `glob_listings`):
// bash reads each folder a pattern's component is matched in (`~/.ssh/*` lists `~/.ssh`,
// whatever the command then does with the names: `echo ~/.ssh/*` prints them). A pattern keeps
// its quoted glob bytes escaped with `\` (grammar/shell/plain_view.cpp).
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "engine/glob_meet.hpp"
#include "engine/programs.hpp"
#include "engine/shell_semantics.hpp"
#include "engine/variable_paths.hpp"
#include "grammar/limits.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

namespace {

// Whether `s` holds an unescaped `*`, `?` or `[`.
bool has_glob_byte(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '*' || s[i] == '?' || s[i] == '[') {
      return true;
    }
  }
  return false;
}

// `s` without its escapes (a pattern without globs is a path).
std::string unescaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

// A glob word with an expansion the line does not give: `$HOME/.ssh/*`, `"$PWD"/x/*` (a word
// rooted at a variable the judge reads, engine/variable_paths.hpp) list the folder before the
// first glob, as the same text. Any other (`$d/*`, `*$x`, `$(pwd)/*`) lists folders a value
// chooses (`d=~/.ssh` in an earlier call, `x=/../..`): the whole word is the listed folder, not
// static, which the judge asks about when a path rule could restrict reads.
void dynamic_listing(const shell::WordView& w, std::vector<FileEffect>& out) {
  const std::size_t glob = w.text.find_first_of("*?[");
  const std::size_t slash = w.text.rfind('/', glob);
  std::string prefix = w.text;
  if (glob != std::string::npos && slash != std::string::npos && slash > 0 &&
      variable_rooted(std::string_view(w.text).substr(0, slash)))
    prefix.resize(slash);
  shell::WordView folder;
  folder.text = std::move(prefix);
  folder.has_expansion = true;
  folder.span = w.span;
  out.push_back({Touch::read, std::move(folder), From::operand, std::string(kGlobExpansion)});
  out.back().named = true;
}

// The listed folders of one glob word: the parent of each component that holds a glob. False
// past limits::glob_listing_levels (checked before each parent is built).
bool listings_of(const shell::WordView& w, std::vector<FileEffect>& out) {
  if (w.has_brace && !w.pattern && !w.has_expansion) {
    // `~/{.ssh,.aws}/*`, `{a,~/.ssh/*}`: each word of the expansion (bounded by brace_expand).
    bool within = true;
    if (auto alts = brace_expand(w.text))
      for (auto& a : *alts) {
        if (a.find_first_of("*?[") == std::string::npos) continue;
        shell::WordView alt = synthesized(w, std::move(a), 0);
        alt.literal.reset();
        alt.has_glob = true;
        within = listings_of(alt, out) && within;
      }
    return within;
  }
  if (!w.has_glob) return true;
  if (!w.pattern) {
    dynamic_listing(w, out);
    return true;
  }
  const std::string p = word_path(w);  // `"~"/*`: a folder `~` (shell_semantics.hpp)
  std::size_t start = 0;               // the current component's first byte
  std::size_t levels = 0;
  while (start <= p.size() && out.size() <= limits::judged_paths) {
    std::size_t end = p.find('/', start);
    if (end == std::string::npos) end = p.size();
    if (has_glob_byte(std::string_view(p).substr(start, end - start))) {
      if (start > limits::cwd_bytes) return true;  // past PATH_MAX the kernel lists nothing
      if (++levels > limits::glob_listing_levels) return false;
      // The folder it is matched in: what comes before it (`.` for the first, `/` at the root).
      std::string parent = start == 0 ? "." : start == 1 ? "/" : p.substr(0, start - 1);
      const bool glob = has_glob_byte(parent);
      shell::WordView folder = synthesized(w, glob ? parent : unescaped(parent), 0);
      folder.has_glob = glob;
      if (glob) folder.literal.reset();
      out.push_back({Touch::read, std::move(folder), From::operand, std::string(kGlobExpansion)});
      out.back().named = true;
      // `**` (bash's globstar, zsh's default): every folder below is listed too.
      if (end - start == 2 && p.compare(start, 2, "**") == 0) {
        out.back().recursive = true;
        out.back().listing = true;
      }
    }
    start = end + 1;
  }
  return true;
}

// `declare -a a=(~/.ssh/*)`, `local a=(…)`, `typeset`, `readonly`, `export`, and quoted
// (`declare -a "a=(~/.ssh/*)"`, which bash parses again): the words of an array value a
// declaration builtin is given are globbed as `a=(…)` ones are. The value's text is parsed again
// as the arguments of a command; its glob words are listed.
bool declaration_builtin(std::string_view name) {
  switch (name.size()) {  // each command reaches here: its name's length first
    case 5:
      return name == "local";
    case 6:
      return name == "export";
    case 7:
      return name == "declare" || name == "typeset";
    case 8:
      return name == "readonly";
    default:
      return false;
  }
}

bool declared_arrays(const std::vector<shell::WordView>& words, std::vector<FileEffect>& out) {
  // The inside of `NAME=(…)`, `NAME+=(…)`, `NAME[K]=(…)`; empty when `s` is not one.
  const auto inside = [](std::string_view s) -> std::string_view {
    std::size_t i = 0;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
    if (i == 0 || i == s.size()) return {};
    if (s[i] == '[') i = s.find(']', i);
    if (i == std::string_view::npos) return {};
    if (s[i] == ']') ++i;
    if (i < s.size() && s[i] == '+') ++i;
    if (s.substr(i, 2) != "=(" || !s.ends_with(')')) return {};
    return s.substr(i + 2, s.size() - i - 3);
  };
  bool within = true;
  for (std::size_t k = 1; k < words.size() && out.size() <= limits::judged_paths; ++k) {
    const shell::WordView& w = words[k];
    if (w.text.find('(') == std::string::npos) continue;
    std::string_view value = inside(w.text);
    std::string unquoted;
    if (value.empty() && w.pattern) {
      unquoted = unescaped(*w.pattern);
      value = inside(unquoted);
    }
    if (value.empty()) continue;
    shell::CommandsResult items = shell::parse_commands(": " + std::string(value));
    if (!items.ok || items.commands.empty()) continue;
    auto& argv = items.commands.front().argv;
    for (std::size_t i = 1; i < argv.size(); ++i) {
      if (!argv[i].has_glob && !argv[i].has_brace) continue;
      argv[i].span = w.span;  // where the line shows it
      within = listings_of(argv[i], out) && within;
    }
  }
  return within;
}

}  // namespace

bool glob_listings(const std::vector<shell::WordView>& words,
                   const std::vector<shell::RedirectView>& redirects,
                   std::vector<FileEffect>& out) {
  bool within = words.size() < 2 || !words[0].literal || !declaration_builtin(*words[0].literal) ||
                declared_arrays(words, out);
  for (const auto& w : words) {
    if (out.size() > limits::judged_paths) return within;
    if (w.has_glob || w.has_brace) within = listings_of(w, out) && within;
  }
  for (const auto& r : redirects) {
    if (out.size() > limits::judged_paths) return within;
    if ((r.target.has_glob || r.target.has_brace) && r.op != "<<" && r.op != "<<-" && r.op != "<<<")
      within = listings_of(r.target, out) && within;
  }
  return within;
}

}  // namespace vigie::engine
