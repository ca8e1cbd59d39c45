// Matching one normalized command against compiled command rules. Used by decide() and by the
// compiler (to check the examples written in rules). The naive reference evaluator of the tests
// (tests/engine/reference_test.cpp) must always agree with this.
#ifndef VIGIE_ENGINE_MATCH_HPP
#define VIGIE_ENGINE_MATCH_HPP

#include <array>
#include <vector>

#include "engine/compiled.hpp"

namespace vigie::engine {

struct PatternMatch {
  std::uint32_t pattern = 0;
  // false: the match depends on a word that is not static (`rm -rf $X` against `deny rm -rf x`);
  // a possible deny makes the command at least ask.
  bool certain = true;
};

// The patterns that matched one command: the first few in place (a command usually matches
// one or two rules, and a decision then allocates nothing here), the rest on the heap.
class PatternMatches {
 public:
  void push_back(PatternMatch m) {
    if (n_ < kInline) {
      inline_[n_] = m;
    } else {
      if (heap_.empty()) heap_.assign(inline_.begin(), inline_.end());
      heap_.push_back(m);
    }
    ++n_;
  }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  PatternMatch* begin() { return n_ <= kInline ? inline_.data() : heap_.data(); }
  PatternMatch* end() { return begin() + n_; }
  const PatternMatch* begin() const { return n_ <= kInline ? inline_.data() : heap_.data(); }
  const PatternMatch* end() const { return begin() + n_; }
  const PatternMatch& operator[](std::size_t i) const { return begin()[i]; }

 private:
  static constexpr std::size_t kInline = 8;
  std::array<PatternMatch, kInline> inline_;  // the first n_ are set
  std::vector<PatternMatch> heap_;
  std::size_t n_ = 0;
};

// Every pattern of `rules` that matches `cmd`: allow patterns against the words as written
// (only safe wrappers seen through, exact tokens), deny/ask patterns against the positional
// words after every wrapper (options matched as sets). Appends to `out` in pattern order.
void match_command(const CommandRules& rules, const NormalizedCommand& cmd, PatternMatches& out);
void match_command(const CommandRules& rules, const NormalizedCommand& cmd,
                   std::vector<PatternMatch>& out);

// Whether the copy `argv` of `n` (one of its `deny_argvs`) must be normalized and matched: false
// only when no deny or ask pattern of `rules` can match it. A respelling of the command itself
// (its program word first: `docker container rm` for `docker rm`, `kill -s KILL` for `kill -9`)
// normalizes to its own words with no wrapper, so the deny views and tries are read on its words
// as they are; git's only without global options (its normalization strips them; its copies,
// `stage`/`add`, `init-db`/`init`, `remote rm`/`remove`, imply no option). Any other copy (a
// package runner's, xargs') must be judged.
bool copy_needs_judging(const CommandRules& rules, const NormalizedCommand& n,
                        const std::vector<shell::WordView>& argv);

// The same result by scanning every pattern without the tries (the reference for tests and
// the fallback when a positional word is not static).
void match_command_linear(const CommandRules& rules, const NormalizedCommand& cmd,
                          PatternMatches& out);
void match_command_linear(const CommandRules& rules, const NormalizedCommand& cmd,
                          std::vector<PatternMatch>& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_MATCH_HPP
