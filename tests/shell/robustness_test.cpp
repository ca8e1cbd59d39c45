// Bad input: nothing crashes, hangs or overflows; every result either parses or carries errors.
//
//  - pathological nesting of every construct is refused by the depth limit, fast;
//  - long flat inputs (100,000 `&&` terms, 1 MiB of commands) parse without recursion;
//  - random truncations and byte mutations of realistic command lines (and of the corpus when
//    it is present) never crash and always give `ok` or at least one error.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "tests/shell/golden.hpp"

using namespace vigie::shell;

namespace {

std::string repeat(std::string_view s, int n) {
  std::string out;
  out.reserve(s.size() * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// Parses and checks the invariants; returns the result.
CommandsResult checked(const std::string& src) {
  CommandsResult r = parse_commands(src);
  CHECK(r.ok == r.errors.empty());
  if (!r.ok) CHECK(r.commands.empty());
  std::string j = commands_to_json(r);
  CHECK(!j.empty());
  return r;
}

const char* kSeeds[] = {
    "ls -la && rm -rf ~ || echo \"failed: $?\"",
    "git commit -m \"$(cat msg.txt)\" && git push origin main",
    "find . -name '*.py' -exec grep -l 'TODO' {} \\; | xargs wc -l",
    "for f in $(ls *.txt); do mv \"$f\" \"${f%.txt}.md\"; done",
    "if [ -f x ]; then cat x | sort | uniq -c > out; elif true; then :; else exit 1; fi",
    "cat <<EOF > config.yaml\nname: $NAME\nversion: `date`\nEOF\necho done",
    "case \"$1\" in start|up) run &;; stop) kill %1;; *) echo usage >&2;; esac",
    "f() { local x=$((1 + $2)); echo ${x:-none}; }; f a 2",
    "diff <(sort a) <(sort b) 2>/dev/null; (( n++ )); [[ $a =~ ^b(c|d)$ ]]",
    "sudo -u bob env A=1 B=\"two words\" timeout 10 python -c 'print(1)'",
    "while read -r line; do echo \"$line\"; done < <(curl -s https://x.y/z | jq -r '.[]')",
    "echo $'tab\\there' $\"loc\" `echo \\`inner\\`` ${arr[@]:1:2} {a,b}.c ~/x",
};

}  // namespace

TEST_CASE("robustness: deep nesting is refused fast", "[robustness][limits]") {
  struct Shape {
    std::string prefix, open, close;
  };
  const Shape shapes[] = {
      {"echo ", "$(", ")"},     {"", "( ", " )"},
      {"", "{ ", "; }"},        {"echo ", "`\\`", "\\``"},
      {"echo ", "$((", "))"},   {"echo ", "${x:-", "}"},
      {"echo ", "\"$(", ")\""}, {"", "if ", "; then :; fi"},
      {"echo ", "<(", ")"},     {"", "while ", "; do :; done"},
      {"", "[[ (", " ]]"},      {"", "((", "))"},
      {"", "f() { ", "; }"},    {"", "case x in x) ", ";; esac"},
      {"", "! { ", "; }"},      {"", "for i in 1; do ", "; done"},
  };
  for (const auto& [prefix, open, close] : shapes) {
    // 100,000 levels for the substitution and subshell openers; 5,000 for the others keeps the
    // test quick in Debug/ASan builds (the limit trips at 64 either way).
    const bool huge = open == "$(" || open == "( ";
    for (int n : {100, huge ? 100000 : 5000}) {
      INFO(open << " x " << n);
      std::string src = prefix + repeat(open, n) + "x" + repeat(close, n);
      auto t0 = std::chrono::steady_clock::now();
      auto r = checked(src);
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
      if (open != "[[ (") {  // `[[ … ]]` is flat: its parentheses do not nest the parser
        CHECK_FALSE(r.ok);
        REQUIRE(!r.errors.empty());
      }
      CHECK(ms < 5000);
      // And the unterminated form.
      checked(prefix + repeat(open, n));
    }
  }
  // Within the limit, nesting works, for every shape.
  for (const auto& [prefix, open, close] : shapes) {
    if (open == "[[ (" || open[0] == '`') continue;  // not nesting shapes
    INFO(open << " x 30");
    CHECK(checked(prefix + repeat(open, 30) + "x" + repeat(close, 30)).ok);
  }
  auto ok = checked("echo " + repeat("$(", 20) + "rm x" + repeat(")", 20));
  CHECK(ok.ok);
  CHECK(ok.commands.size() == 21);
}

TEST_CASE("robustness: long flat inputs", "[robustness][limits]") {
  // Up to the limit of commands in one line (shell-commands, 10,000), every command is listed.
  auto r = checked("a" + repeat(" && a", 9999));
  CHECK(r.ok);
  CHECK(r.commands.size() == 10000);
  auto p = checked(repeat("a | ", 9999) + "a");
  CHECK(p.ok);
  // Past it, an error.
  auto too_many = checked("a" + repeat(" && a", 20000));
  CHECK_FALSE(too_many.ok);
  CHECK(too_many.commands.empty());
  std::string big = repeat("echo hello world; ", 6000);  // ~100 KiB
  Limits limits;
  limits.max_bytes = big.size() + 1;
  auto b = parse_commands(big, limits);
  CHECK(b.ok);
  CHECK(b.commands.size() == 6000);
  auto over = parse_commands(std::string((1u << 20) + 1, 'a'));
  CHECK_FALSE(over.ok);
  CHECK_FALSE(over.errors.at(0).incomplete);
  checked(repeat("\\\n", 10000));
  checked(repeat("'", 10001));
  checked(std::string(1000, '\0'));
}

TEST_CASE("robustness: truncations and mutations", "[robustness][fuzz]") {
  std::vector<std::string> seeds(std::begin(kSeeds), std::end(kSeeds));
  std::vector<nlohmann::json> rows;
  if (vigie::shell::testing::read_jsonl(vigie::shell::testing::corpus_path("shell-inputs.jsonl"),
                                        rows)) {
    for (std::size_t i = 0; i < rows.size(); i += 11) seeds.push_back(rows[i].at("src"));
  }
  std::mt19937 rng(12345);
  const char alphabet[] = "$(){}[]`'\"\\|&;<>#!*?~=\n \t-EOF0123456789abcdxyz";
  int iterations = 0;
  for (const auto& s : seeds) {
    // Every prefix of the short seeds: an editor typing.
    if (s.size() < 100) {
      for (std::size_t n = 0; n <= s.size(); ++n) {
        checked(s.substr(0, n));
        ++iterations;
      }
    }
    for (int k = 0; k < 6; ++k) {
      std::string m = s;
      int edits = 1 + static_cast<int>(rng() % 4);
      for (int e = 0; e < edits && !m.empty(); ++e) {
        std::size_t pos = rng() % (m.size() + 1);
        char c = alphabet[rng() % (sizeof(alphabet) - 1)];
        switch (rng() % 3) {
          case 0:
            m.insert(pos, 1, c);
            break;
          case 1:
            if (pos < m.size()) m.erase(pos, 1);
            break;
          default:
            if (pos < m.size()) m[pos] = c;
        }
      }
      checked(m);
      ++iterations;
    }
  }
  WARN("robustness: " << iterations << " truncated or mutated inputs");
}
