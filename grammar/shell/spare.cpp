// The vectors kept per thread (spare.hpp): one list of a few commands, the words of up to four
// commands of a few dozen words, one context.
#include "grammar/shell/spare.hpp"

namespace vigie::shell::spare {

namespace {
thread_local Kept<CommandView, 16> t_commands;
thread_local Kept<WordView, 32, 4> t_words;
thread_local Kept<std::string, 8> t_context;
}  // namespace

std::vector<CommandView> commands() {
  return t_commands.take();
}
std::vector<WordView> words() {
  return t_words.take();
}
std::vector<std::string> context() {
  return t_context.take();
}

void give(std::vector<CommandView>&& v) {
  t_commands.give(std::move(v));
}
void give(std::vector<WordView>&& v) {
  t_words.give(std::move(v));
}
void give(std::vector<std::string>&& v) {
  t_context.give(std::move(v));
}

void release() {
  t_commands.release();
  t_words.release();
  t_context.release();
}

}  // namespace vigie::shell::spare
