// The policy parser, checker and compiler: `vigie::compile` from a string, with includes served
// from memory only (never the disk). Invariants: a result is ok iff it has no error diagnostic;
// every diagnostic renders; a compiled policy dumps.
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "tests/fuzz/fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string src(reinterpret_cast<const char*>(data), size);
  auto parsed = vigie::policy::parse("fuzz.vigie", src);
  (void)vigie::policy::dump_ast(parsed.file);
  vigie::CompileOptions opt;
  opt.read_files = false;
  opt.files = {{"base.vigie", "policy \"base\"\ncommands {\n  deny rm -rf \"no\"\n}\n"}};
  auto r = vigie::compile({{"fuzz.vigie", src}}, opt);
  bool has_error = false;
  for (const auto& d : r.diagnostics) {
    if (d.severity == vigie::Severity::error) has_error = true;
    FUZZ_CHECK(!d.code.empty(), "a diagnostic has a code");
    (void)vigie::render(d, r.sources);
  }
  FUZZ_CHECK(r.ok() != has_error, "compiled iff no error");
  if (!parsed.ok()) FUZZ_CHECK(!r.ok(), "a syntax error never compiles");
  (void)vigie::diagnostics_to_json(r.diagnostics);
  if (r.ok()) {
    (void)r.policy->dump();
    for (const auto& t : vigie::run_tests(*r.policy)) vigie::fuzz::check_decision(t.actual, true);
  }
  return 0;
}
