// The policy grammar's self-check for the tests (`grammar_issues`, grammar/policy/parser.hpp):
// PEGTL's analysis of the line grammar. In its own file because `analyze` reports through
// std::cerr: an object that names std::cerr brings libc++'s iostreams and locale into every link
// that pulls it in, and the wasm module, which never calls this, would carry them
// (docs/wasm.md, "Size").
#include <cstddef>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/policy/line_grammar.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::policy {

std::size_t grammar_issues() {
  return tao::pegtl::analyze<grammar::line>();
}

}  // namespace vigie::policy
