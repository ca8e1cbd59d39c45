// The buffers of a parsed line kept for the next line of the same thread: the list of commands,
// a command's argv and its context. A plain line of one command (most agent lines) then takes
// them from here instead of allocating three vectors, and the judge gives them back when it is
// done with the line. Only empty vectors are handed out; a vector is kept only while its
// capacity is small (the memory a thread keeps is bounded), else it is freed as usual.
#ifndef VIGIE_GRAMMAR_SHELL_SPARE_HPP
#define VIGIE_GRAMMAR_SHELL_SPARE_HPP

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::shell::spare {

// Up to N kept vectors (a `thread_local` of its user): `take` hands one out empty, `give` keeps
// a vector given back when its capacity is at most `Max`: in a free slot, else in place of the
// kept one of least capacity when its own is more.
template <typename T, std::size_t Max, std::size_t N = 1>
class Kept {
 public:
  std::vector<T> take() {
    std::vector<T> out;
    if (n_ > 0) out.swap(kept_[--n_]);
    return out;
  }
  void give(std::vector<T>&& v) {
    if (v.capacity() > Max || v.capacity() == 0) return;  // freed by its owner
    std::size_t at = n_;
    if (n_ == N) {
      at = 0;
      for (std::size_t k = 1; k < N; ++k)
        if (kept_[k].capacity() < kept_[at].capacity()) at = k;
      if (v.capacity() <= kept_[at].capacity()) return;
    } else {
      ++n_;
    }
    v.clear();
    kept_[at].swap(v);  // `v` leaves with what was kept before, freed by its owner
  }
  // Frees what is kept.
  void release() {
    for (auto& k : kept_) std::vector<T>().swap(k);
    n_ = 0;
  }

 private:
  std::array<std::vector<T>, N> kept_;
  std::size_t n_ = 0;  // the slots [0, n_) hold a vector
};

// An empty vector: one given back on this thread (its capacity kept), else a new one. A
// command's words are kept for up to four commands: the words of each command of a short
// compound line (`git status && npm test | tee out.txt`) are taken from there too, where each
// new one was an allocation of 8 words (1 KiB), of the size at which glibc's malloc merges its
// fast bins first.
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
