// Running the grammar into a parse tree; the thread's pool of trees (see tree.hpp).
#include "grammar/shell/run.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <utility>
#include <vector>

#include "grammar/shell/grammar_tables.hpp"

namespace vigie::shell {

namespace g = grammar;
namespace pegtl = tao::pegtl;

namespace {

// Trees of a thread, reused by the next parse: at most kKeptTrees of them (a line nests a parse in
// a parse for each backtick level), each freed instead when it grew past kKeptNodes nodes. So a
// thread keeps at most 4 x 16,384 nodes (3 MiB) after any line.
constexpr std::size_t kKeptNodes = 1 << 14;
constexpr std::size_t kKeptTrees = 4;

struct TreePool {
  std::vector<std::unique_ptr<Tree>> free;
};
thread_local TreePool tree_pool;

std::uint32_t error_byte(const g::syntax_error& e, std::string_view text) {
  return static_cast<std::uint32_t>(std::min<std::size_t>(e.byte, text.size()));
}

template <typename Rule>
bool build(std::string_view text, g::State& st, Tree& t) {
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "shell");
  return tree::build<Rule, g::selector, g::control, g::first_byte>(t, in, st);
}

}  // namespace

TreeLease::TreeLease() {
  auto& pool = tree_pool.free;
  if (pool.empty()) {
    tree_ = std::make_unique<Tree>();
  } else {
    tree_ = std::move(pool.back());
    pool.pop_back();
  }
}

TreeLease::~TreeLease() {
  try {
    if (tree_->nodes.capacity() > kKeptNodes || tree_->kids.capacity() > kKeptNodes ||
        tree_pool.free.size() >= kKeptTrees) {
      return;
    }
    tree_pool.free.push_back(std::move(tree_));
  } catch (...) {  // NOLINT(bugprone-empty-catch): the tree is freed instead of kept
  }
}

std::optional<RunError> run(Start start, std::string_view text, g::State& st, Tree& t,
                            bool ends_at_eof) {
  try {
    const bool ok =
        start == Start::file ? build<g::file>(text, st, t) : build<g::heredoc_content>(text, st, t);
    if (ok) return std::nullopt;
    return RunError{0, "syntax error", false};
  } catch (const g::limit_error& e) {
    return RunError{error_byte(e, text), std::string(e.message()), false};
  } catch (const g::syntax_error& e) {
    const std::uint32_t b = error_byte(e, text);
    std::string msg(e.message());
    if ((msg == "unexpected token" || msg == "syntax error") && b < text.size()) {
      const char c = text[b];
      msg = c == '\n' ? "unexpected newline" : "unexpected `" + std::string(1, c) + "`";
    }
    return RunError{b, std::move(msg), ends_at_eof && b >= text.size()};
  } catch (const std::bad_alloc&) {
    return RunError{0, "out of memory", false};
  } catch (const std::exception& e) {
    return RunError{0, std::string("internal error: ") + e.what(), false};
  }
}

}  // namespace vigie::shell
