// sops: `sops exec-env FILE CMD` and `sops exec-file FILE CMD` run CMD (a shell line, `sh -c`)
// with the decrypted FILE in its environment or as a temporary file (`{}` in CMD); every other
// use is read by its programs table entry (engine/programs_table_codegen.cpp).
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

namespace {

using program_words::lit;
using shell::WordView;
using Words = std::vector<WordView>;

// exec-env's and exec-file's options (sops 3.9, urfave/cli): those that take a value.
bool exec_valued(std::string_view key) {
  return key == "--user" || key == "--filename" || key == "--input-type" ||
         key == "--output-type" || key == "--config";
}

}  // namespace

void sops_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  std::size_t i = 1;
  while (i < w.size() && lit(w, i) && lit(w, i)->size() > 1 && (*lit(w, i))[0] == '-')
    i += option_next_word(p, *lit(w, i)) == NextWord::taken ? 2 : 1;
  if (i >= w.size() || !lit(w, i) || (*lit(w, i) != "exec-env" && *lit(w, i) != "exec-file")) {
    apply_parsed(p, name, w, parse_args(p, w, 1), out);
    return;
  }
  const std::string entry = std::string(name) + " " + *lit(w, i);
  std::vector<std::size_t> operands;
  for (std::size_t k = i + 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (s && s->size() > 1 && (*s)[0] == '-') {
      const std::string_view key = std::string_view(*s).substr(0, s->find('='));
      if (exec_valued(key) && key.size() == s->size()) ++k;
      continue;
    }
    operands.push_back(k);
  }
  if (!operands.empty()) add_word_file(out, Touch::read, w[operands[0]], From::operand, entry);
  if (operands.size() < 2) return;
  const WordView& command = w[operands[1]];
  if (!command.literal) {
    out.escalations.push_back(entry + " with a command the line does not show");
    return;
  }
  out.scripts.push_back(*command.literal);
}

}  // namespace vigie::engine
