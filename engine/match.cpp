#include "engine/match.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <new>

#include "engine/programs.hpp"
#include "grammar/limits.hpp"

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

Tri tri_min(Tri a, Tri b) {
  return a < b ? a : b;
}

// The words of a subject: a command's first words in place, the rest of a long one on the heap
// (a decision then allocates nothing here for the common sizes).
class SubjectWords {
 public:
  void push_back(const std::string* w) {
    if (n_ < kInline) {
      inline_[n_] = w;
    } else {
      if (heap_.empty()) heap_.assign(inline_.begin(), inline_.end());
      heap_.push_back(w);
    }
    ++n_;
  }
  std::size_t size() const { return n_; }
  const std::string* operator[](std::size_t i) const {
    return n_ <= kInline ? inline_[i] : heap_[i];
  }
  const std::string* const* begin() const { return n_ <= kInline ? inline_.data() : heap_.data(); }
  const std::string* const* end() const { return begin() + n_; }

 private:
  static constexpr std::size_t kInline = 16;
  // Only the first n_ are read: left uninitialized (three subjects are built per command).
  std::array<const std::string*, kInline> inline_;
  std::vector<const std::string*> heap_;
  std::size_t n_ = 0;
};

// The words a pattern is matched against: index 0 is the command name.
struct Subject {
  SubjectWords words;  // nullptr for a word that is not static
  bool exact = true;   // allow rules: a word that is not static never matches
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
    case Tok::Kind::regex: {
      const RE2* re = t.regex ? t.regex->get() : nullptr;
      if (!re) return Tri::maybe;
      if (!t.regex->may_match(*w)) return Tri::no;
      return RE2::FullMatch(*w, *re) ? Tri::yes : Tri::no;
    }
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
  for (const auto& w : cmd.allow_words()) s.words.push_back(w.literal ? &*w.literal : nullptr);
  return s;
}

// Positional words of a command: its normalized name, then every word that is not an option
// (before `--`). Words that are not static stay, as unknowns. Written into the fresh `s` (a
// view's own, built in place: a Subject returned by value is copied, its inline words too).
void deny_subject(const std::vector<shell::WordView>& words, const std::string* name, Subject& s) {
  s.exact = false;
  if (words.empty()) return;
  s.words.push_back(name);
  bool options_done = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto& w = words[i];
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
}

// The declarations an option word of `name`'s command is read by, its positional words so far
// being `pos` (pos[0] is the name): its subcommand's entry when the table has one (`git push`,
// `docker:run`, `gh:repo:create`), else the program's shared options (`kubectl:options`), else
// its own entry. `level`: how many positional words the entry's command has (a program that
// stops at its first operand stops after them).
const ProgramDecl* options_decl(const ProgramName& program, std::string_view name,
                                const SubjectWords& pos, std::size_t& level) {
  level = 1;
  if (!program.subentries) return program.decl;
  std::string key;
  const auto find = [&](std::string_view sep, std::size_t words) -> const ProgramDecl* {
    key.assign(name);
    for (std::size_t k = 1; k <= words; ++k) (key += sep) += *pos[k];
    level = words + 1;
    return find_program(key);
  };
  const bool two = pos.size() >= 3 && pos[1] && pos[2], one = pos.size() >= 2 && pos[1];
  if (two)
    if (const ProgramDecl* d = find(":", 2)) return d;
  if (one) {
    if (const ProgramDecl* d = find(":", 1)) return d;
    if (const ProgramDecl* d = find(" ", 1)) return d;
  }
  level = 1;
  key.assign(name).append(":options");
  if (const ProgramDecl* d = find_program(key)) return d;
  return program.decl;
}

// The second reading of a command's positional words, without the values its options take
// (`kubectl -n prod delete pod x`: `kubectl delete pod x`; `npm --tag next publish`, `sudo -u
// root rm`). The word after an option is left out when the program declares that the option
// takes it, and also, for a program of subcommands, when the program does not declare the option
// (`aws --profile p s3 rm`): then the reading is uncertain (a deny it meets is at least an ask).
// `program` is looked up on first need. Returns false when no word was left out (the first reading
// stands alone).
bool value_subject(const std::vector<shell::WordView>& words, const std::string* name,
                   std::string_view program_word, ProgramName* program, bool program_known,
                   Subject& out, bool& uncertain) {
  out.exact = false;
  uncertain = false;
  if (words.empty() || !name) return false;
  out.words.push_back(name);
  bool skipped = false, options_done = false, stopped = false, looked_up = program_known;
  const ProgramDecl* decl = nullptr;
  std::size_t decl_at = 0, level = 1;  // the positional count decl was resolved for
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto& w = words[i];
    if (!w.literal) {
      out.words.push_back(nullptr);
      continue;
    }
    const std::string& v = *w.literal;
    if (!options_done && v == "--") {
      options_done = true;
      continue;
    }
    if (options_done || v.size() < 2 || v[0] != '-') {
      out.words.push_back(&v);
      continue;
    }
    // An option: does it take the next word?
    if (stopped || i + 1 >= words.size()) continue;
    const auto& next = words[i + 1];
    if (next.literal && (next.literal->empty() || (*next.literal)[0] == '-')) continue;
    if (!looked_up) {
      *program = program_name(program_word);
      looked_up = true;
    }
    if (!decl || decl_at != out.words.size()) {
      decl = options_decl(*program, program_word, out.words, level);
      decl_at = out.words.size();
    }
    // A program that stops at its first operand (a wrapper, `docker run IMAGE`): the words
    // after it are its command's.
    if (decl && decl->stop && out.words.size() > level) {
      stopped = true;
      continue;
    }
    const NextWord n = decl ? option_next_word(*decl, v) : NextWord::unknown;
    // The table declares the options that matter to a program's effects, not every flag:
    // an option it does not know is read as taking a value only where a subcommand may follow
    // (`aws --profile p s3 rm`), not before an operand (`rm -f -- x`, `rm -rf $`).
    if (n == NextWord::left || (n == NextWord::unknown && !program->subentries)) continue;
    if (n == NextWord::number &&
        (!next.literal || next.literal->find_first_not_of("0123456789") != std::string::npos))
      continue;
    uncertain = uncertain || n == NextWord::unknown;
    skipped = true;
    ++i;
  }
  return skipped;
}

bool has_dynamic_word(const std::vector<shell::WordView>& words) {
  return std::any_of(words.begin(), words.end(),
                     [](const shell::WordView& w) { return !w.literal.has_value(); });
}

// One view of a command for deny/ask rules: its words and their positional subject. A command
// of more words than limits::command_options is read once for all its rules (each rule's options
// would otherwise read every word): the indices of the words that may be options, and whether a
// word is not static.
struct DenyView {
  const std::vector<shell::WordView>* words = nullptr;
  Subject subject;
  bool uncertain = false;  // a reading that left out words that may not be options' values
  bool many = false;
  bool dynamic = false;
  std::vector<std::uint32_t> dashed;
};

void read_many(DenyView& v) {
  const auto& words = *v.words;
  if (words.size() <= limits::command_options) return;
  v.many = true;
  v.dynamic = has_dynamic_word(words);
  // Options are read up to the limit, as the programs table parses them (the command itself is
  // asked past it: `commands.escalation`, "more than 4096 options in one command").
  for (std::size_t i = 1; i < words.size() && v.dashed.size() < limits::command_options; ++i)
    if (words[i].literal && !words[i].literal->empty() && (*words[i].literal)[0] == '-')
      v.dashed.push_back(static_cast<std::uint32_t>(i));
}

Tri match_options(const CommandPattern& p, const DenyView& v) {
  const auto& words = *v.words;
  Tri acc = Tri::yes;
  for (const auto& spec : p.options) {
    if (v.many ? has_option(words, v.dashed, spec) : has_option(words, 1, spec)) continue;
    // An option could hide in a word that is not static (`rm $FLAGS x`).
    if (v.many ? v.dynamic : has_dynamic_word(words)) {
      acc = Tri::maybe;
      continue;
    }
    return Tri::no;
  }
  return acc;
}

// Deny and ask rules see the command fully unwrapped (`sudo rm -rf /` is `rm -rf /`) and also
// as written with only the safe wrappers removed, so that `deny sudo` still sees the sudo; each
// also without its options' values when it has some (`value_subject`).
class DenyViews {
 public:
  DenyViews() = default;
  DenyViews(const DenyViews&) = delete;
  DenyViews& operator=(const DenyViews&) = delete;
  ~DenyViews() {
    for (std::size_t k = 0; k < n_; ++k) at(k).~DenyView();
  }
  // Built in place only when used: most commands have one or two views, and a decision builds
  // them for every rule set it matches. Default-initialized, not value-initialized: the members
  // have their initializers, and a subject's inline words are left unwritten (SubjectWords),
  // where `DenyView()` first zeroed the whole view.
  DenyView& add() { return *new (slot(n_++)) DenyView; }
  void drop_last() { at(--n_).~DenyView(); }
  std::size_t size() const { return n_; }
  DenyView& at(std::size_t k) { return *std::launder(reinterpret_cast<DenyView*>(slot(k))); }
  const DenyView* begin() const {
    return std::launder(reinterpret_cast<const DenyView*>(storage_));
  }
  const DenyView* end() const { return begin() + n_; }

 private:
  static constexpr std::size_t kViews = 4;
  void* slot(std::size_t k) { return storage_ + k * sizeof(DenyView); }
  alignas(DenyView) unsigned char storage_[kViews * sizeof(DenyView)];
  std::size_t n_ = 0;
};

// Whether an option of `words` is followed by a word that may be its value (most commands have
// none: `git status`, `rm -rf x` is checked by the table in value_subject).
bool may_have_values(const std::vector<shell::WordView>& words) {
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    const auto& w = words[i];
    if (!w.literal || w.literal->size() < 2 || (*w.literal)[0] != '-') continue;
    if (*w.literal == "--") return false;
    const auto& next = words[i + 1];
    if (!next.literal || next.literal->empty() || (*next.literal)[0] != '-') return true;
  }
  return false;
}

void add_views(DenyViews& v, const std::vector<shell::WordView>& words, const std::string* name,
               std::string_view program_word, const ProgramName& program, bool program_known) {
  DenyView& a = v.add();
  a.words = &words;
  deny_subject(words, name, a.subject);
  if (!name || !may_have_values(words)) return;
  ProgramName p = program;
  DenyView& b = v.add();
  if (!value_subject(words, name, program_word, &p, program_known, b.subject, b.uncertain)) {
    v.drop_last();
    return;
  }
  b.words = &words;
}

void deny_views(const NormalizedCommand& cmd, std::string& raw_name, DenyViews& v) {
  add_views(v, cmd.words, cmd.name_static ? &cmd.name : nullptr, cmd.name, cmd.program, true);
  if (!cmd.wrappers.empty() && !cmd.allow_words().empty() &&
      cmd.allow_words().size() != cmd.words.size()) {
    auto n = command_name(cmd.allow_words().front());
    if (n) raw_name = *n;
    add_views(v, cmd.allow_words(), n ? &raw_name : nullptr, raw_name, ProgramName{}, false);
  }
  for (std::size_t k = 0; k < v.size(); ++k) read_many(v.at(k));
}

Tri match_deny_pattern(const CommandPattern& p, const DenyView& v, std::size_t from) {
  Tri t = match_items(p.items, from, v.subject, from);
  if (t == Tri::no) return t;
  if (v.uncertain) t = tri_min(t, Tri::maybe);
  return tri_min(t, match_options(p, v));
}

void push(PatternMatches& out, std::uint32_t pattern, Tri t) {
  if (t == Tri::no) return;
  for (auto& m : out)
    if (m.pattern == pattern) {
      m.certain = m.certain || t == Tri::yes;
      return;
    }
  out.push_back({pattern, t == Tri::yes});
}

// Whether an allow pattern says something about the command a wrapper runs: it must name more
// than the wrapper's own words (`allow env` or `allow xargs *` never allow what they run).
bool covers_inner(const CommandPattern& p, std::size_t wrapper_words) {
  if (wrapper_words == 0) return true;
  std::size_t named = 0;
  for (const auto& t : p.items)
    if (t.kind == Tok::Kind::word || t.kind == Tok::Kind::regex || t.kind == Tok::Kind::alt)
      ++named;
  return named > wrapper_words;
}

void collect_allow(const CommandRules& rules, const Subject& s, std::size_t wrapper_words,
                   PatternMatches& out) {
  std::uint32_t node = 0;
  for (std::size_t depth = 0;; ++depth) {
    for (std::uint32_t pi : rules.allow_trie.nodes[node].patterns)
      if (covers_inner(rules.patterns[pi], wrapper_words))
        push(out, pi, match_items(rules.patterns[pi].items, depth, s, depth));
    if (depth >= s.words.size() || s.words[depth] == nullptr) break;
    auto it = rules.allow_trie.nodes[node].next.find(*s.words[depth]);
    if (it == rules.allow_trie.nodes[node].next.end()) break;
    node = it->second;
  }
}

// The patterns stored below `node` (not at it), each matched from `depth`: the words before
// `depth` are the node's literal prefix.
void collect_below(const CommandRules& rules, std::uint32_t node, const DenyView& v,
                   std::size_t depth, PatternMatches& out) {
  std::vector<std::uint32_t> stack;
  for (const auto& [word, child] : rules.deny_trie.nodes[node].next) stack.push_back(child);
  while (!stack.empty()) {
    const std::uint32_t at = stack.back();
    stack.pop_back();
    for (std::uint32_t pi : rules.deny_trie.nodes[at].patterns)
      push(out, pi, match_deny_pattern(rules.patterns[pi], v, depth));
    for (const auto& [word, child] : rules.deny_trie.nodes[at].next) stack.push_back(child);
  }
}

void collect_deny(const CommandRules& rules, const DenyView& v, PatternMatches& out) {
  const Subject& s = v.subject;
  std::uint32_t node = 0;
  for (std::size_t depth = 0;; ++depth) {
    for (std::uint32_t pi : rules.deny_trie.nodes[node].patterns)
      push(out, pi, match_deny_pattern(rules.patterns[pi], v, depth));
    if (depth >= s.words.size()) break;
    if (s.words[depth] == nullptr) {
      // A word that is not static could be any word, or none, or several: every pattern below
      // the static words before it may match (those whose literal words differ from them before
      // it cannot: the words before a substitution stay where they are).
      collect_below(rules, node, v, depth, out);
      break;
    }
    auto it = rules.deny_trie.nodes[node].next.find(*s.words[depth]);
    if (it == rules.deny_trie.nodes[node].next.end()) break;
    node = it->second;
  }
}

void sort_from(PatternMatches& out, std::size_t first) {
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const PatternMatch& a, const PatternMatch& b) { return a.pattern < b.pattern; });
}

}  // namespace

void match_command_linear(const CommandRules& rules, const NormalizedCommand& cmd,
                          PatternMatches& out) {
  if (cmd.words.empty()) return;
  std::size_t first = out.size();
  Subject allow_s = allow_subject(cmd);
  std::string raw_name;
  DenyViews views;
  deny_views(cmd, raw_name, views);
  for (std::uint32_t i = 0; i < rules.patterns.size(); ++i) {
    const CommandPattern& p = rules.patterns[i];
    if (p.effect == Effect::allow) {
      if (covers_inner(p, cmd.allow_wrapper_words))
        push(out, i, match_items(p.items, 0, allow_s, 0));
    } else {
      for (const auto& v : views) push(out, i, match_deny_pattern(p, v, 0));
    }
  }
  sort_from(out, first);
}

void match_command(const CommandRules& rules, const NormalizedCommand& cmd, PatternMatches& out) {
  if (cmd.words.empty()) return;
  std::size_t first = out.size();
  collect_allow(rules, allow_subject(cmd), cmd.allow_wrapper_words, out);
  std::string raw_name;
  DenyViews views;
  deny_views(cmd, raw_name, views);
  for (const auto& v : views) collect_deny(rules, v, out);
  sort_from(out, first);
}

bool copy_needs_judging(const CommandRules& rules, const NormalizedCommand& n,
                        const std::vector<shell::WordView>& argv) {
  // A wrapper's copies (xargs' commands) normalize to other words: always judged.
  if (argv.empty() || n.words.empty() || !n.name_static || n.program.wrapper) return true;
  const shell::WordView &first = argv[0], &own = n.words.front();
  if (!first.literal || !own.literal || *first.literal != *own.literal || first.text != own.text)
    return true;
  if (n.name == "git" && argv.size() > 1 && (!argv[1].literal || argv[1].literal->starts_with('-')))
    return true;
  DenyViews views;
  add_views(views, argv, &n.name, n.name, n.program, true);
  PatternMatches out;
  for (std::size_t k = 0; k < views.size(); ++k) {
    read_many(views.at(k));
    collect_deny(rules, views.at(k), out);
  }
  return out.size() != 0;
}

// The same into a vector (the tests and the fuzzers).
void match_command(const CommandRules& rules, const NormalizedCommand& cmd,
                   std::vector<PatternMatch>& out) {
  PatternMatches ms;
  match_command(rules, cmd, ms);
  out.insert(out.end(), ms.begin(), ms.end());
}

void match_command_linear(const CommandRules& rules, const NormalizedCommand& cmd,
                          std::vector<PatternMatch>& out) {
  PatternMatches ms;
  match_command_linear(rules, cmd, ms);
  out.insert(out.end(), ms.begin(), ms.end());
}

}  // namespace vigie::engine
