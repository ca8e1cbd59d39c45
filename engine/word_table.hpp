// The rule tries' children by word (engine/compiled.hpp, TokenTrie::Node::next): an
// open-addressed table of indexes into the entries, kept in insertion order. A look-up hashes
// the word once (engine/word_hash.hpp) and compares a slot's stored hash bits before its key,
// so a miss, the common case at a node of hundreds of names, reads no key at all; an empty
// table (most nodes) is one test. std::unordered_map cost ~115 instructions a look-up there.
// The interface is the part of std::unordered_map the engine and the policy cache use.
#ifndef VIGIE_ENGINE_WORD_TABLE_HPP
#define VIGIE_ENGINE_WORD_TABLE_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/word_hash.hpp"

namespace vigie::engine {

class WordTable {
 public:
  using value_type = std::pair<const std::string, std::uint32_t>;
  using const_iterator = const value_type*;

  WordTable() = default;
  WordTable(const WordTable&) = default;
  WordTable(WordTable&&) noexcept = default;
  WordTable& operator=(WordTable&&) noexcept = default;
  // The keys are const (as a map's): copied one by one, not assigned over.
  WordTable& operator=(const WordTable& o) {
    if (this != &o) {
      entries_.clear();
      entries_.reserve(o.entries_.size());
      for (const value_type& e : o.entries_) entries_.push_back(e);
      slots_ = o.slots_;
    }
    return *this;
  }

  const_iterator begin() const { return entries_.data(); }
  const_iterator end() const { return entries_.data() + entries_.size(); }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  const_iterator find(std::string_view key) const {
    if (slots_.empty()) return end();
    const std::size_t h = word_hash(key);
    const std::uint32_t tag = tag_of(h);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.index == 0) return end();
      if (s.tag == tag) {
        const value_type& e = entries_[s.index - 1];
        if (same(e.first, key)) return &e;
      }
    }
  }

  // Adds `key` unless it is there (the first value wins, as std::unordered_map's emplace).
  std::pair<const_iterator, bool> emplace(std::string key, std::uint32_t value) {
    if (auto it = find(key); it != end()) return {it, false};
    entries_.emplace_back(std::move(key), value);
    // At most half full: a miss ends at an empty slot after one or two probes.
    if (entries_.size() * 2 > slots_.size()) {
      rehash(slots_.empty() ? 4 : slots_.size() * 2);
    } else {
      place(static_cast<std::uint32_t>(entries_.size() - 1));
    }
    return {&entries_.back(), true};
  }

 private:
  // `a == b` without a call to memcmp: a slot whose tag is the key's holds it but for a
  // collision, and the words are short (`git`, `status`).
  static bool same(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

  struct Slot {
    std::uint32_t index = 0;  // 1 + the entry's index; 0 is empty
    std::uint32_t tag = 0;    // tag_of(the key's hash)
  };

  // The hash bits a slot keeps: the high half of a 64-bit hash (the low half chose the slot);
  // where std::size_t has 32 bits (WASM), the whole hash.
  static std::uint32_t tag_of(std::size_t h) {
    if constexpr (sizeof(std::size_t) > sizeof(std::uint32_t))
      return static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) >> 32);
    else
      return static_cast<std::uint32_t>(h);
  }

  void place(std::uint32_t entry) {
    const std::size_t h = word_hash(entries_[entry].first);
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = h & mask;
    while (slots_[i].index != 0) i = (i + 1) & mask;
    slots_[i] = {entry + 1, tag_of(h)};
  }

  void rehash(std::size_t n) {
    slots_.assign(n, Slot{});
    for (std::uint32_t e = 0; e < entries_.size(); ++e) place(e);
  }

  std::vector<value_type> entries_;
  std::vector<Slot> slots_;  // a power of two in size, or empty
};

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_WORD_TABLE_HPP
