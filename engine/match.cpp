#include "engine/match.hpp"

#include <algorithm>

namespace vigie::engine {

std::size_t TokenTrie::literal_prefix(const std::vector<Tok>& items) {
  std::size_t n = 0;
  while (n < items.size() && items[n].kind == Tok::Kind::word) ++n;
  return n;
}

void TokenTrie::insert(const std::vector<Tok>& items, std::uint32_t pattern) {
  std::uint32_t node = 0;
  for (std::size_t i = 0, n = literal_prefix(items); i < n; ++i) {
    auto it = nodes[node].next.find(items[i].text);
    if (it == nodes[node].next.end()) {
      nodes.emplace_back();
      std::uint32_t fresh = static_cast<std::uint32_t>(nodes.size() - 1);
      nodes[node].next.emplace(items[i].text, fresh);
      node = fresh;
    } else {
      node = it->second;
    }
  }
  nodes[node].patterns.push_back(pattern);
}

namespace {

// Tri-state: a word may match for sure, possibly (it is not static), or not at all.
enum class Tri : std::uint8_t { no = 0, maybe = 1, yes = 2 };

Tri tri_min(Tri a, Tri b) { return a < b ? a : b; }

// The words a pattern is matched against: index 0 is the command name.
struct Subject {
  // nullptr for a word that is not static.
  std::vector<const std::string*> words;
  bool exact = true;  // allow rules: a word that is not static never matches
};

Tri match_tok(const Tok& t, const std::string* w, bool exact) {
  if (w == nullptr) {
    if (exact) return Tri::no;
    return t.kind == Tok::Kind::any ? Tri::yes : Tri::maybe;
  }
  switch (t.kind) {
    case Tok::Kind::word:
      return *w == t.text ? Tri::yes : Tri::no;
    case Tok::Kind::any:
      return Tri::yes;
    case Tok::Kind::regex:
      return RE2::FullMatch(*w, *t.regex) ? Tri::yes : Tri::no;
    case Tok::Kind::alt: {
      Tri best = Tri::no;
      for (const auto& a : t.alts) best = std::max(best, match_tok(a, w, exact));
      return best;
    }
    case Tok::Kind::rest:
    case Tok::Kind::end:
      return Tri::no;  // handled by match_items
  }
  return Tri::no;
}

Tri match_items(const std::vector<Tok>& items, std::size_t k, const Subject& s, std::size_t i) {
  Tri acc = Tri::yes;
  for (; k < items.size(); ++k, ++i) {
    const Tok& t = items[k];
    if (t.kind == Tok::Kind::rest) return acc;
    if (t.kind == Tok::Kind::end) return i == s.words.size() ? acc : Tri::no;
    if (i >= s.words.size()) return Tri::no;
    acc = tri_min(acc, match_tok(t, s.words[i], s.exact));
    if (acc == Tri::no) return Tri::no;
  }
  return acc;  // patterns are prefixes: extra words are fine
}

Subject allow_subject(const NormalizedCommand& cmd) {
  Subject s;
  s.exact = true;
  for (const auto& w : cmd.allow_words) s.words.push_back(w.literal ? &*w.literal : nullptr);
  return s;
}

// Positional words of the fully unwrapped command: the normalized name, then every word that
// is not an option (before `--`). Words that are not static stay, as unknowns.
Subject deny_subject(const NormalizedCommand& cmd) {
  Subject s;
  s.exact = false;
  if (cmd.words.empty()) return s;
  s.words.push_back(cmd.name_static ? &cmd.name : nullptr);
  bool options_done = false;
  for (std::size_t i = 1; i < cmd.words.size(); ++i) {
    const auto& w = cmd.words[i];
    if (!w.literal) {
      s.words.push_back(nullptr);
      continue;
    }
    const std::string& v = *w.literal;
    if (!options_done && v == "--") {
      options_done = true;
      continue;
    }
    if (!options_done && v.size() > 1 && v[0] == '-') continue;
    s.words.push_back(&v);
  }
  return s;
}

bool has_dynamic_word(const NormalizedCommand& cmd) {
  return std::any_of(cmd.words.begin(), cmd.words.end(),
                     [](const shell::WordView& w) { return !w.literal.has_value(); });
}

Tri match_options(const CommandPattern& p, const NormalizedCommand& cmd) {
  Tri acc = Tri::yes;
  for (const auto& spec : p.options) {
    if (has_option(cmd.words, 1, spec)) continue;
    // An option could hide in a word that is not static (`rm $FLAGS x`).
    if (has_dynamic_word(cmd)) {
      acc = Tri::maybe;
      continue;
    }
    return Tri::no;
  }
  return acc;
}

Tri match_pattern(const CommandPattern& p, const NormalizedCommand& cmd, const Subject& allow_s,
                  const Subject& deny_s) {
  if (p.effect == Effect::allow) return match_items(p.items, 0, allow_s, 0);
  Tri t = match_items(p.items, 0, deny_s, 0);
  if (t == Tri::no) return t;
  return tri_min(t, match_options(p, cmd));
}

void collect(const CommandRules& rules, const NormalizedCommand& cmd, const TokenTrie& trie,
             const Subject& s, const Subject& allow_s, const Subject& deny_s,
             std::vector<PatternMatch>& out) {
  std::uint32_t node = 0;
  for (std::size_t depth = 0;; ++depth) {
    for (std::uint32_t pi : trie.nodes[node].patterns) {
      const CommandPattern& p = rules.patterns[pi];
      Tri t;
      if (p.effect == Effect::allow) {
        t = match_items(p.items, depth, allow_s, depth);
      } else {
        t = match_items(p.items, depth, deny_s, depth);
        if (t != Tri::no) t = tri_min(t, match_options(p, cmd));
      }
      if (t != Tri::no) out.push_back({pi, t == Tri::yes});
    }
    if (depth >= s.words.size() || s.words[depth] == nullptr) break;
    auto it = trie.nodes[node].next.find(*s.words[depth]);
    if (it == trie.nodes[node].next.end()) break;
    node = it->second;
  }
}

}  // namespace

void match_command_linear(const CommandRules& rules, const NormalizedCommand& cmd,
                          std::vector<PatternMatch>& out) {
  if (cmd.words.empty()) return;
  Subject allow_s = allow_subject(cmd);
  Subject deny_s = deny_subject(cmd);
  for (std::uint32_t i = 0; i < rules.patterns.size(); ++i) {
    Tri t = match_pattern(rules.patterns[i], cmd, allow_s, deny_s);
    if (t != Tri::no) out.push_back({i, t == Tri::yes});
  }
}

void match_command(const CommandRules& rules, const NormalizedCommand& cmd,
                   std::vector<PatternMatch>& out) {
  if (cmd.words.empty()) return;
  Subject allow_s = allow_subject(cmd);
  Subject deny_s = deny_subject(cmd);
  std::size_t first = out.size();
  collect(rules, cmd, rules.allow_trie, allow_s, allow_s, deny_s, out);
  bool deny_static = std::none_of(deny_s.words.begin(), deny_s.words.end(),
                                  [](const std::string* w) { return w == nullptr; });
  if (deny_static) {
    collect(rules, cmd, rules.deny_trie, deny_s, allow_s, deny_s, out);
  } else {
    // A word that is not static could be any literal: check every deny/ask pattern.
    for (std::uint32_t i = 0; i < rules.patterns.size(); ++i) {
      const CommandPattern& p = rules.patterns[i];
      if (p.effect == Effect::allow) continue;
      Tri t = match_pattern(p, cmd, allow_s, deny_s);
      if (t != Tri::no) out.push_back({i, t == Tri::yes});
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const PatternMatch& a, const PatternMatch& b) { return a.pattern < b.pattern; });
}

}  // namespace vigie::engine
