// The shell parser: `shell::parse_commands` and the AST and commands dumps, on any bytes.
// Invariants: ok iff no error; a failed parse lists an error with a message; every span lies
// inside the input; the plain-line fast path, when it accepts a line, gives exactly what the
// full path gives, and so does `parse_commands`.
#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "grammar/shell/plain.hpp"
#include "tests/fuzz/fuzz.hpp"

namespace {

using namespace vigie::shell;

bool same_word(const WordView& a, const WordView& b) {
  return a.text == b.text && a.literal == b.literal && a.pattern == b.pattern &&
         a.has_glob == b.has_glob && a.has_tilde == b.has_tilde &&
         a.has_expansion == b.has_expansion && a.has_brace == b.has_brace &&
         a.span.begin == b.span.begin && a.span.end == b.span.end;
}

bool same(const CommandsResult& a, const CommandsResult& b) {
  if (a.ok != b.ok || a.commands.size() != b.commands.size() || a.errors.size() != b.errors.size())
    return false;
  for (std::size_t i = 0; i < a.commands.size(); ++i) {
    const auto& x = a.commands[i];
    const auto& y = b.commands[i];
    if (x.argv.size() != y.argv.size() || x.assigns.size() != y.assigns.size() ||
        x.redirects.size() != y.redirects.size() || x.context != y.context || x.op != y.op ||
        x.span.begin != y.span.begin || x.span.end != y.span.end)
      return false;
    for (std::size_t k = 0; k < x.argv.size(); ++k)
      if (!same_word(x.argv[k], y.argv[k])) return false;
    for (std::size_t k = 0; k < x.assigns.size(); ++k)
      if (x.assigns[k].name != y.assigns[k].name || x.assigns[k].append != y.assigns[k].append ||
          x.assigns[k].span.begin != y.assigns[k].span.begin ||
          x.assigns[k].span.end != y.assigns[k].span.end ||
          !same_word(x.assigns[k].value, y.assigns[k].value))
        return false;
    for (std::size_t k = 0; k < x.redirects.size(); ++k)
      if (x.redirects[k].op != y.redirects[k].op || x.redirects[k].fd != y.redirects[k].fd ||
          x.redirects[k].heredoc_body != y.redirects[k].heredoc_body ||
          x.redirects[k].heredoc_quoted != y.redirects[k].heredoc_quoted ||
          x.redirects[k].span.begin != y.redirects[k].span.begin ||
          x.redirects[k].span.end != y.redirects[k].span.end ||
          !same_word(x.redirects[k].target, y.redirects[k].target))
        return false;
  }
  for (std::size_t i = 0; i < a.errors.size(); ++i)
    if (a.errors[i].message != b.errors[i].message || a.errors[i].offset != b.errors[i].offset)
      return false;
  return true;
}

}  // namespace

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
  auto full = parse_commands_full(src);
  FUZZ_CHECK(same(r, full), "parse_commands equals the full path");
  if (auto fast = plain_commands(src))
    FUZZ_CHECK(same(*fast, full), "the plain-line fast path equals the full path");
  (void)vigie::shell::commands_to_json(r);
  (void)vigie::shell::commands_to_sexp(r);
  auto p = vigie::shell::parse(src);
  FUZZ_CHECK(p.ok == p.errors.empty(), "ok iff no error (parse)");
  // The limit of commands in one line (docs/limits.md, shell-commands) is the listing's: the
  // tree of a line a little over it may parse (its grammar stops at twice the limit).
  const bool over = !r.errors.empty() &&
                    r.errors.back().message.find("commands in one line") != std::string::npos;
  FUZZ_CHECK(p.ok == r.ok || (over && p.ok), "parse and parse_commands agree");
  if (p.ok) {
    (void)vigie::shell::to_sexp(p.file);
    (void)vigie::shell::to_json(p.file);
    auto again = vigie::shell::list_commands(p.file);
    FUZZ_CHECK(over || again.size() == r.commands.size(), "list_commands is stable");
  } else {
    (void)vigie::shell::errors_to_json(p.errors);
  }
  return 0;
}
