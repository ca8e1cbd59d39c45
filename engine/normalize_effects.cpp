// What a program does (engine/programs.hpp), moved into its normalized command; and the files
// vector kept for the next command of the thread (most commands have a file effect: their
// operands, git's repository).
#include <utility>
#include <vector>

#include "engine/normalize.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "grammar/shell/spare.hpp"

namespace vigie::engine {

namespace {

thread_local shell::spare::Kept<FileEffect, 16> t_files;
// The normalized commands of a line of several (Judge::judge_commands): three of them are more
// than 1 KiB, the size at which glibc's malloc merges its fast bins first.
thread_local shell::spare::Kept<NormalizedCommand, 8> t_normalized;

// Appends `from`'s elements to `to`; takes the whole buffer when `to` is empty (most commands:
// no element is moved, nothing is allocated).
template <typename T>
void append_moved(std::vector<T>& to, std::vector<T>& from) {
  if (from.empty()) return;
  if (to.empty()) {
    to.swap(from);
    return;
  }
  for (auto& x : from) to.push_back(std::move(x));
}

}  // namespace

std::vector<FileEffect> normalize_detail::spare_files() {
  return t_files.take();
}

void give_files(std::vector<FileEffect>&& files) {
  t_files.give(std::move(files));
}

std::vector<NormalizedCommand> spare_normalized() {
  return t_normalized.take();
}

void give_normalized(std::vector<NormalizedCommand>&& commands) {
  t_normalized.give(std::move(commands));
}

void give_back(shell::CommandsResult& line, NormalizedCommand* first, std::size_t count) {
  if (first) {
    for (std::size_t k = 0; k < count; ++k) shell::spare::give(std::move(first[k].words));
    give_files(std::move(first->files));
  }
  if (!line.commands.empty()) shell::spare::give(std::move(line.commands.front().context));
  shell::spare::give(std::move(line.commands));
}

void release_kept_buffers() {
  t_files.release();
  t_normalized.release();
  shell::spare::release();
}

void normalize_detail::take_effects(ProgramEffects& fx, NormalizedCommand& n) {
  append_moved(n.files, fx.files);
  give_files(std::move(fx.files));  // unused, emptied by the swap, or its elements moved out
  append_moved(n.fetches, fx.fetches);
  append_moved(n.escalations, fx.escalations);
  append_moved(n.nested_scripts, fx.scripts);
  append_moved(n.nested_argvs, fx.argvs);
  append_moved(n.deny_argvs, fx.deny_argvs);
}

void normalize_detail::option_escalations(std::string_view prog, const ParsedOption& o,
                                          std::vector<std::string>& out) {
  ParsedArgs one;
  one.options.push_back(o);
  ProgramEffects fx;
  OperandState st;
  apply_options(prog, one, fx, st);
  append_moved(out, fx.escalations);
}

}  // namespace vigie::engine
