// The shell parser: `shell::parse_commands` and the AST and commands dumps, on any bytes.
// Invariants: ok iff no error; a failed parse lists an error with a message; every span lies
// inside the input.
#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "tests/fuzz/fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  auto r = vigie::shell::parse_commands(src);
  FUZZ_CHECK(r.ok == r.errors.empty(), "ok iff no error");
  for (const auto& e : r.errors) FUZZ_CHECK(!e.message.empty(), "an error has a message");
  for (const auto& c : r.commands) {
    FUZZ_CHECK(c.span.begin <= c.span.end && c.span.end <= size, "command span inside input");
    for (const auto& w : c.argv) {
      FUZZ_CHECK(w.span.begin <= w.span.end && w.span.end <= size, "word span inside input");
      if (w.literal) FUZZ_CHECK(!w.has_expansion, "a literal word has no expansion");
    }
  }
  (void)vigie::shell::commands_to_json(r);
  (void)vigie::shell::commands_to_sexp(r);
  auto p = vigie::shell::parse(src);
  FUZZ_CHECK(p.ok == p.errors.empty(), "ok iff no error (parse)");
  FUZZ_CHECK(p.ok == r.ok, "parse and parse_commands agree");
  if (p.ok) {
    (void)vigie::shell::to_sexp(p.file);
    (void)vigie::shell::to_json(p.file);
    auto again = vigie::shell::list_commands(p.file);
    FUZZ_CHECK(again.size() == r.commands.size(), "list_commands is stable");
  } else {
    (void)vigie::shell::errors_to_json(p.errors);
  }
  return 0;
}
