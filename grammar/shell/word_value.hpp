// WordValue: the type of WordView::literal and WordView::pattern (commands.hpp). An optional
// string, read like `std::optional<std::string>` (`has_value()`, `bool`, `*`, `->`, `value_or`,
// comparisons), that can also say "the same bytes as the word's text": a plain word (`ls`,
// `-la`, `src/x.c`) stores its bytes once instead of three times.
//
// A value that shares the text finds it through its word (`Owner::owner_of`, the offset of the
// member in the standard-layout WordView), so copies and moves of a word need no fix-up. A value
// is never copied out of its word on its own (its copy and move are private to the word):
// convert it (`std::optional<std::string>`, `value_or`) or assign it to another word's value,
// which copies the bytes.
#ifndef VIGIE_GRAMMAR_SHELL_WORD_VALUE_HPP
#define VIGIE_GRAMMAR_SHELL_WORD_VALUE_HPP

#include <concepts>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace vigie::shell {

template <typename Owner, int Which>
class WordValue {
 public:
  WordValue() noexcept {}                // NOLINT: no string until one is given (as std::optional)
  WordValue(std::nullopt_t) noexcept {}  // NOLINT: as std::optional
  ~WordValue() { drop(); }

  bool has_value() const { return kind_ != Kind::none; }
  explicit operator bool() const { return kind_ != Kind::none; }
  // The value; must have one (as std::optional's `*`).
  const std::string& operator*() const { return kind_ == Kind::own ? own_ : shared(); }
  const std::string* operator->() const { return &**this; }
  const std::string& value() const {
    if (!has_value()) throw std::bad_optional_access();
    return **this;
  }
  std::string value_or(std::string_view d) const { return has_value() ? **this : std::string(d); }
  operator std::optional<std::string>() const {  // NOLINT: a copy, as std::optional
    return has_value() ? std::optional<std::string>(**this) : std::nullopt;
  }

  // Owns its bytes from now on.
  template <typename... A>
  std::string& emplace(A&&... a) {
    std::string v(std::forward<A>(a)...);
    return set(std::move(v));
  }
  WordValue& operator=(std::string v) {
    set(std::move(v));
    return *this;
  }
  WordValue& operator=(std::string_view v) { return *this = std::string(v); }
  WordValue& operator=(const char* v) { return *this = std::string(v); }
  WordValue& operator=(std::nullopt_t) {
    reset();
    return *this;
  }
  WordValue& operator=(const std::optional<std::string>& v) {
    if (v) return *this = *v;
    reset();
    return *this;
  }
  // Another word's value (or the other value of this word): its bytes, copied.
  template <int W2>
  requires(W2 != Which) WordValue& operator=(const WordValue<Owner, W2>& o) {
    if (!o) {
      reset();
      return *this;
    }
    return *this = std::string(*o);
  }
  void reset() {
    drop();
    kind_ = Kind::none;
  }
  // The same bytes as the word's text (the grammar, for a word whose quote removal is the
  // identity). The text must not change afterwards without this value being assigned too.
  void same_as_text() {
    drop();
    kind_ = Kind::same_text;
  }
  bool shares_text() const { return kind_ == Kind::same_text; }

  template <int W2>
  friend bool operator==(const WordValue& a, const WordValue<Owner, W2>& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  friend bool operator==(const WordValue& a, std::nullopt_t) { return !a.has_value(); }
  friend bool operator==(const WordValue& a, const std::optional<std::string>& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }
  template <typename T>
  requires std::convertible_to<const T&, std::string_view>
  friend bool operator==(const WordValue& a, const T& b) {
    return a.has_value() && std::string_view(*a) == std::string_view(b);
  }

 private:
  friend Owner;
  template <typename, int>
  friend class WordValue;
  // Copied and moved only with the word that holds it (a shared value means that word's text).
  WordValue(const WordValue& o) : kind_(o.kind_) {
    if (kind_ == Kind::own) new (&own_) std::string(o.own_);
  }
  WordValue(WordValue&& o) noexcept : kind_(o.kind_) {
    if (kind_ == Kind::own) new (&own_) std::string(std::move(o.own_));
  }
  WordValue& operator=(const WordValue& o) {
    if (this == &o) return *this;
    if (o.kind_ == Kind::own) {
      set(std::string(o.own_));
    } else {
      drop();
      kind_ = o.kind_;
    }
    return *this;
  }
  WordValue& operator=(WordValue&& o) noexcept {
    if (this == &o) return *this;
    if (o.kind_ == Kind::own) {
      set(std::move(o.own_));
    } else {
      drop();
      kind_ = o.kind_;
    }
    return *this;
  }

  std::string& set(std::string&& v) {
    if (kind_ == Kind::own) {
      own_ = std::move(v);
    } else {
      new (&own_) std::string(std::move(v));
      kind_ = Kind::own;
    }
    return own_;
  }
  void drop() {
    if (kind_ == Kind::own) own_.~basic_string();
  }
  const std::string& shared() const { return Owner::owner_of(this).text; }

  enum class Kind : std::uint8_t { none, own, same_text };
  union {
    std::string own_;  // alive when kind_ is own
  };
  Kind kind_ = Kind::none;
};

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_WORD_VALUE_HPP
