// script (util-linux), handler `script` of the programs table (engine/programs_table_tools.cpp):
// the table's effects (its operand and the logs `-I/-O/-B/-T/-t` name are written; `-c LINE` is
// read by engine/normalize_scripts.cpp), and the file it writes when the line names none.
#include "engine/program_handlers.hpp"

namespace vigie::engine {

void script_handler(const ProgramDecl& p, std::string_view name,
                    const std::vector<shell::WordView>& w, ProgramEffects& out) {
  const ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  // With no file operand and no log given by `-I`, `-O` or `-B` (util-linux 2.38, checked),
  // the session is saved in `typescript`, in the current folder (script(1)): `script -qc make`
  // writes it as `script -qc make typescript` does. `-T` and `-t` log only the timing.
  if (!args.operands.empty()) return;
  for (const ParsedOption& o : args.options)
    if (o.decl && o.decl->shorts.find_first_of("IOB") != std::string::npos) return;
  add_word_file(out, Touch::write, word_of(w[0], "typescript"), From::operand,
                std::string(name) + " typescript (no file named)");
}

}  // namespace vigie::engine
