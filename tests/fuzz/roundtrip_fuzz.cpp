// Round trip of `vigie fmt` (grammar/policy/format.hpp): for a policy that parses, its formatted
// text parses too, to the same AST (dump_ast, spans omitted), and formatting is idempotent.
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "tests/fuzz/fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace vigie::policy;
  std::string src(reinterpret_cast<const char*>(data), size);
  auto first = parse("fuzz.vigie", src);
  if (!first.ok()) return 0;
  std::string formatted = format(first.file);
  auto second = parse("fuzz.vigie", formatted);
  if (!second.ok()) {
    std::fprintf(stderr, "formatted text:\n%s\n--- error: %s\n", formatted.c_str(),
                 second.diagnostics[0].message.c_str());
    FUZZ_CHECK(false, "the formatted text parses");
  }
  std::string a = dump_ast(first.file), b = dump_ast(second.file);
  if (a != b) {
    std::fprintf(stderr, "formatted text:\n%s\n--- AST before:\n%s\n--- AST after:\n%s\n",
                 formatted.c_str(), a.c_str(), b.c_str());
    FUZZ_CHECK(false, "the formatted text parses to the same AST");
  }
  std::string again = format(second.file);
  if (again != formatted) {
    std::fprintf(stderr, "once:\n%s\n--- twice:\n%s\n", formatted.c_str(), again.c_str());
    FUZZ_CHECK(false, "formatting is idempotent");
  }
  return 0;
}
