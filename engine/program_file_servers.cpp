// Static file servers (handler `serve`: `python3 -m http.server`, `serve`, `http-server`,
// `live-server`, `miniserve`, `darkhttpd`; entries in engine/programs_table_js.cpp): they give
// every file below their root to whoever connects, so the root is read with everything below
// it: the operand or option of role `R`, else the current folder.
#include "engine/program_handlers.hpp"

namespace vigie::engine {

void serve_handler(const ProgramDecl& p, std::string_view name,
                   const std::vector<shell::WordView>& w, ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  const bool root_operand = !p.operands.empty() && p.operands[0] == 'R' && !args.operands.empty();
  if (!st.folder_given && !root_operand && !w.empty()) {
    const std::size_t at = out.files.size();
    add_word_file(out, Touch::read, word_of(w[0], "."), From::operand,
                  std::string(name) + " (the folder it serves)");
    if (out.files.size() > at) out.files.back().recursive = true;
  }
  apply_operands(name, p.operands, w, args.operands, st, out);
}

}  // namespace vigie::engine
