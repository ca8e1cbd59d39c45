// Data tools that run commands or code: csvtool's commands (`call CMD` runs CMD once for each
// row) and unshar (runs each shell archive it finds with sh). Their options are declared in
// engine/programs_table_data.cpp.
#include "engine/program_data_runners.hpp"

#include <string>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// csvtool's commands and how many arguments each takes before its input files (csvtool 2.4,
// `csvtool --help`); a command not listed: every word after it is read as a file.
struct CsvCommand {
  std::string_view name;
  std::size_t args;
};
constexpr CsvCommand kCsvCommands[] = {
    {"col", 1},    {"cols", 1},       {"namedcol", 1}, {"namedcols", 1}, {"width", 0},
    {"height", 0}, {"setcolumns", 1}, {"setrows", 1},  {"head", 1},      {"take", 1},
    {"drop", 1},   {"cat", 0},        {"paste", 0},    {"pastecol", 2},  {"join", 2},
    {"square", 0}, {"trim", 1},       {"sub", 4},      {"replace", 1},   {"transpose", 0},
    {"format", 1}, {"call", 1},       {"readable", 0},
};

}  // namespace

// csvtool [-t SEP] [-u SEP] [-o FILE] [-z] COMMAND [ARGS…] INPUT…: options anywhere (`-o FILE`
// written); `call CMD` runs CMD (with sh, the row's cells appended as its arguments): a nested
// command line, asked.
void csvtool_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                     ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  // `-o=FILE` is `-o FILE` (Arg takes `-opt=value`): the word after `=` written too.
  for (const ParsedOption& o : args.options)
    if (o.decl && o.decl->role == 'w' && o.value && o.value->literal &&
        o.value->literal->size() > 1 && (*o.value->literal)[0] == '=')
      add_word_file(out, Touch::write, word_of(*o.value, o.value->literal->substr(1)), From::option,
                    std::string(name) + " -o");
  if (args.operands.empty()) return;
  const WordView& command = w[args.operands.front()];
  std::size_t skip = 0;  // the command's own arguments, not files
  if (!command.literal) {
    out.escalations.push_back(std::string(name) + " with a command that is not static");
  } else {
    for (const CsvCommand& c : kCsvCommands)
      if (c.name == *command.literal) skip = c.args;
    if (*command.literal == "call") {
      out.escalations.push_back(std::string(name) + " call: runs a command for each row");
      if (args.operands.size() > 1) {
        const WordView& line = w[args.operands[1]];
        if (line.literal)
          out.scripts.push_back(*line.literal);
        else
          out.escalations.push_back(std::string(name) + " call with a command that is not static");
      }
    }
  }
  const std::string entry = std::string(name) + " input";
  for (std::size_t k = 1 + skip; k < args.operands.size(); ++k)
    add_word_file(out, Touch::read, w[args.operands[k]], From::operand, entry);
}

// unshar [-d DIR] [FILE…]: each shell archive found in the files (or the input) is run with sh,
// in DIR when given (`-d`: written under names the line does not show). What an archive
// writes and runs is not on the line: asked, and the folder it unpacks into written.
void unshar_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  out.escalations.push_back(std::string(name) +
                            ": runs the shell archives it reads, which the line does not show");
  bool folder = false;
  for (const ParsedOption& o : args.options) folder = folder || (o.decl && o.decl->shorts == "d");
  if (!folder) add_tree_write(out, std::string(name) + " (files the archive writes)");
}

}  // namespace vigie::engine
