// The word helpers of the programs table (engine/program_words.hpp): a word list sorted at
// compile time finds each of its words and nothing else.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "engine/program_words.hpp"

namespace pw = vigie::engine::program_words;

namespace {
constexpr std::string_view kList = " PAGER  EDITOR CC C CXX A_B A ZZ PAGER2 ";
constexpr auto kSet = pw::sorted_words<pw::count_words(kList)>(kList);
static_assert(pw::count_words(kList) == 9);
static_assert(kSet.contains("CC") && kSet.contains("A") && kSet.contains("ZZ"));
static_assert(!kSet.contains("") && !kSet.contains("B") && !kSet.contains("PAGER "));
}  // namespace

TEST_CASE("a sorted word list finds each of its words and nothing else", "[program_words]") {
  for (std::size_t k = 1; k < kSet.words.size(); ++k) CHECK(kSet.words[k - 1] < kSet.words[k]);
  for (std::string_view w : {"PAGER", "EDITOR", "CC", "C", "CXX", "A_B", "A", "ZZ", "PAGER2"}) {
    INFO(w);
    CHECK(kSet.contains(w));
    CHECK(pw::in_words(kList, w));
  }
  for (std::string_view w : {"", " ", "PAGE", "PAGER3", "EDITORS", "a", "cc", "Z", "ZZZ", "B"}) {
    INFO(w);
    CHECK_FALSE(kSet.contains(w));
  }
}
