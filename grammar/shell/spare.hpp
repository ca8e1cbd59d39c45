// The buffers of a parsed line kept for the next line of the same thread: the list of commands,
// a command's argv and its context. A plain line of one command (most agent lines) then takes
// them from here instead of allocating three vectors, and the judge gives them back when it is
// done with the line. Only empty vectors are handed out; a vector is kept only while its
// capacity is small (the memory a thread keeps is bounded), else it is freed as usual.
#ifndef VIGIE_GRAMMAR_SHELL_SPARE_HPP
#define VIGIE_GRAMMAR_SHELL_SPARE_HPP

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::spare {

// One kept vector (a `thread_local` of its user): `take` hands it out empty, `give` keeps a
// vector given back when its capacity is at most `Max` and more than the kept one's.
template <typename T, std::size_t Max>
class Kept {
 public:
  std::vector<T> take() {
    std::vector<T> out;
    out.swap(kept_);
    return out;
  }
  void give(std::vector<T>&& v) {
    if (v.capacity() > Max || v.capacity() <= kept_.capacity()) return;  // freed by its owner
    v.clear();
    kept_.swap(v);  // `v` leaves with what was kept before, freed by its owner
  }
  // Frees what is kept.
  void release() { std::vector<T>().swap(kept_); }

 private:
  std::vector<T> kept_;
};

// An empty vector: the one last given back on this thread (its capacity kept), else a new one.
std::vector<CommandView> commands();
std::vector<WordView> words();
std::vector<std::string> context();

// Gives a vector back: emptied here (its elements destroyed), kept when its capacity is small.
void give(std::vector<CommandView>&& v);
void give(std::vector<WordView>&& v);
void give(std::vector<std::string>&& v);

// Frees what this thread keeps (a test that counts the memory a call leaves behind).
void release();

}  // namespace vigie::shell::spare

#endif  // VIGIE_GRAMMAR_SHELL_SPARE_HPP
