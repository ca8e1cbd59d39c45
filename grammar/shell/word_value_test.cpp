// WordValue (word_value.hpp): a value that shares its word's text reads the text of the word
// holding it after copies, moves, vector growth and assignments; an owned value keeps its own
// bytes; comparisons and conversions read like std::optional<std::string>.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/shell/commands.hpp"

using vigie::shell::WordView;

namespace {

WordView shared(const std::string& text) {
  WordView w;
  w.text = text;
  w.literal.same_as_text();
  w.pattern.same_as_text();
  return w;
}

WordView owned(const std::string& text, const std::string& value) {
  WordView w;
  w.text = text;
  w.literal = value;
  w.pattern = value;
  return w;
}

}  // namespace

TEST_CASE("word values: shared values follow their word", "[word_value]") {
  // Long enough to live on the heap, and short (in the string itself).
  for (const std::string& text : {std::string("ls"), std::string(100, 'x')}) {
    WordView a = shared(text);
    CHECK(a.literal.shares_text());
    CHECK(*a.literal == text);
    CHECK(*a.pattern == text);
    WordView b = a;  // copy
    CHECK(&*b.literal == &b.text);
    CHECK(*b.literal == text);
    WordView c = std::move(b);  // move
    CHECK(&*c.literal == &c.text);
    CHECK(*c.pattern == text);
    WordView d = owned("'q'", "q");
    d = c;  // copy-assign: shared again, on d's own text
    CHECK(&*d.literal == &d.text);
    CHECK(*d.literal == text);
    d = owned("'q'", "q");  // move-assign over a shared value
    CHECK(*d.literal == "q");
    CHECK(d.text == "'q'");
    std::vector<WordView> v;
    for (int i = 0; i < 100; ++i) v.push_back(shared(text + std::to_string(i)));  // growth
    for (int i = 0; i < 100; ++i)
      CHECK(*v[static_cast<std::size_t>(i)].literal == text + std::to_string(i));
    v.erase(v.begin());  // move-assign down the vector
    CHECK(*v[0].literal == text + "1");
    CHECK(&*v[0].pattern == &v[0].text);
  }
}

TEST_CASE("word values: owned values, assignments and comparisons", "[word_value]") {
  WordView w = owned("'a b'", "a b");
  CHECK_FALSE(w.literal.shares_text());
  CHECK(*w.literal == "a b");
  CHECK(w.literal->size() == 3);
  WordView s = shared("x");
  // Assigning one value of a word to another value copies the bytes.
  w.literal = s.pattern;
  CHECK(*w.literal == "x");
  CHECK_FALSE(w.literal.shares_text());
  s.text = "changed";  // a shared value reads the text; an owned copy keeps its bytes
  CHECK(*s.literal == "changed");
  CHECK(*w.literal == "x");
  w.literal.reset();
  CHECK_FALSE(w.literal);
  CHECK_FALSE(w.literal.has_value());
  CHECK(w.literal == std::nullopt);
  CHECK(w.literal.value_or("none") == "none");
  CHECK_THROWS_AS(w.literal.value(), std::bad_optional_access);
  w.literal = std::optional<std::string>("y");
  CHECK(w.literal == std::optional<std::string>("y"));
  CHECK(w.literal == std::string("y"));
  CHECK(w.literal != "z");
  CHECK_FALSE(w.literal == std::optional<std::string>());
  w.literal.emplace();
  CHECK(w.literal == "");
  std::optional<std::string> o = s.literal;
  CHECK(o == std::optional<std::string>("changed"));
  CHECK(s.literal == s.pattern);
  w.pattern = "changed";
  CHECK(w.pattern == s.literal);  // equal values, one owned, one shared
  WordView none;
  CHECK_FALSE(none.literal);
  CHECK_FALSE(none.pattern);
  CHECK(none.literal == none.pattern);
  w.literal = none.pattern;  // an absent value assigned: absent
  CHECK_FALSE(w.literal);
  w.literal.same_as_text();
  CHECK(*w.literal == w.text);
}
