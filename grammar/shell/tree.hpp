// The parse tree of the shell grammar, built while PEGTL runs (stage 1 of three: run the grammar
// here and in run.cpp, lower the tree to the AST in lower.cpp, validate the AST in
// validate_ast.cpp).
//
// Only the rules listed in `grammar::selector` get a node. Nodes live in one flat array per parse,
// in preorder: a node's descendants are the nodes after it up to its `end` index. So a rule that
// fails (and every rule attempt that is rewound) drops what it built by truncating the array back
// to the size it had at its start: no allocation per node, no free, no recursive destructor. When
// the parse is over, `Tree::link` gives every node the list of its direct children.
//
// Arrays are reused between parses of a thread (a parse inside a lowering, for a backtick body,
// takes another one), and released when they grew past `kKeptNodes`, so a 1 MiB line does not keep
// its memory.
#ifndef VIGIE_GRAMMAR_SHELL_TREE_HPP
#define VIGIE_GRAMMAR_SHELL_TREE_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

namespace vigie::shell {

// One address per grammar rule: a node's kind is compared by pointer.
template <typename Rule>
inline constexpr char kRuleTag = 0;

struct Node;

// The direct children of a node: a slice of `Tree::kids`.
class Children {
 public:
  using value_type = const Node*;
  [[nodiscard]] const Node* const* begin() const noexcept { return p_; }
  [[nodiscard]] const Node* const* end() const noexcept { return p_ + n_; }
  [[nodiscard]] std::size_t size() const noexcept { return n_; }
  [[nodiscard]] bool empty() const noexcept { return n_ == 0; }
  const Node* operator[](std::size_t i) const noexcept { return p_[i]; }
  // Like vector::at: a tree whose shape is not the expected one is an error, never a crash.
  const Node* at(std::size_t i) const {
    if (i >= n_) throw std::out_of_range("parse tree node has fewer children than expected");
    return p_[i];
  }

 private:
  friend struct Tree;
  const Node* const* p_ = nullptr;
  std::size_t n_ = 0;
};

struct Node {
  struct Pos {
    const char* data = nullptr;
  };
  const char* tag = nullptr;  // &kRuleTag<Rule>; nullptr for the root
  Pos m_begin, m_end;
  std::uint32_t end = 0;  // index past the last descendant
  Children children;      // set by Tree::link

  template <typename U>
  [[nodiscard]] bool is_type() const noexcept {
    return tag == &kRuleTag<U>;
  }
  [[nodiscard]] std::string_view string_view() const noexcept {
    return {m_begin.data, static_cast<std::size_t>(m_end.data - m_begin.data)};
  }
  [[nodiscard]] std::string string() const { return std::string(string_view()); }
};

// The nodes of a parse, in preorder. A flat buffer with an inline push and truncate: both run on
// every kept rule attempt (std::vector's resize and emplace_back were not inlined and took a
// quarter of the parse).
class NodeBuffer {
 public:
  [[nodiscard]] std::size_t size() const noexcept { return n_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return store_.size(); }
  Node& operator[](std::size_t i) noexcept { return store_[i]; }
  const Node& operator[](std::size_t i) const noexcept { return store_[i]; }
  [[gnu::always_inline]] Node& push() {
    if (n_ == store_.size()) grow();
    Node& x = store_[n_++];
    x = Node{};
    return x;
  }
  void truncate(std::size_t n) noexcept { n_ = n; }
  void clear() noexcept { n_ = 0; }

 private:
  [[gnu::noinline]] void grow() { store_.resize(store_.empty() ? 256 : store_.size() * 2); }
  std::vector<Node> store_;  // its size is the capacity; nodes past n_ are free
  std::size_t n_ = 0;
};

struct Tree {
  NodeBuffer nodes;               // preorder; nodes[0] is the root
  std::vector<const Node*> kids;  // the children lists, set by link()

  void reset() {
    nodes.clear();
    kids.clear();
    nodes.push();
  }
  // Fills every node's `children`; nodes[0] spans the whole array.
  void link() {
    const auto size = static_cast<std::uint32_t>(nodes.size());
    nodes[0].end = size;
    kids.clear();
    kids.reserve(size);
    for (std::uint32_t i = 0; i < size; ++i) {
      Node& n = nodes[i];
      n.children.p_ = kids.data() + kids.size();
      for (std::uint32_t j = i + 1; j < n.end; j = nodes[j].end) kids.push_back(&nodes[j]);
      n.children.n_ = static_cast<std::size_t>(kids.data() + kids.size() - n.children.p_);
    }
  }
  [[nodiscard]] const Node& root() const { return nodes[0]; }
};

// A tree of the thread's pool for the duration of one parse.
class TreeLease {
 public:
  TreeLease();
  ~TreeLease();
  TreeLease(const TreeLease&) = delete;
  TreeLease& operator=(const TreeLease&) = delete;
  Tree& operator*() const { return *tree_; }
  Tree* operator->() const { return tree_.get(); }

 private:
  std::unique_ptr<Tree> tree_;
};

namespace tree {

namespace pti = tao::pegtl::parse_tree::internal;

// A rule's first byte, when the grammar declares it: `First<Rule>::may_start(c)` is false for a
// byte no match of the rule can start with (and true when nothing is declared). Tried before
// the rule, it spares the attempts that would push a node only to drop it.
template <template <typename...> class First, typename Rule>
[[nodiscard]] bool may_start(const char* p, const char* e) {
  if constexpr (First<Rule>::declared) {
    return p < e && First<Rule>::may_start(*p);
  } else {
    return true;
  }
}

template <template <typename...> class Selector, template <typename...> class Control,
          template <typename...> class First>
struct make_control {
  template <typename Rule, bool, bool>
  struct state_handler;

  template <typename Rule>
  using type = tao::pegtl::rotate_states_right<
      state_handler<Rule, pti::is_selected_node<Rule, Selector>,
                    pti::is_leaf<8, typename Rule::subs_t, Selector>>>;
};

// Not kept, nothing kept below: nothing to do.
template <template <typename...> class S, template <typename...> class C,
          template <typename...> class F>
template <typename Rule>
struct make_control<S, C, F>::state_handler<Rule, false, true>
    : tao::pegtl::remove_first_state<C<Rule>> {};

// The tree is the last state of the parse.
template <typename S, typename... Rest>
Tree& tree_of(S& s, Rest&... rest) {
  if constexpr (sizeof...(Rest) == 0) {
    return s;
  } else {
    return tree_of(rest...);
  }
}

// Not kept, kept rules below: a failure truncates back to the size at its start. Done in `match`
// (the mark is a local), and `enable` is false so that PEGTL calls no start/success/failure.
template <template <typename...> class S, template <typename...> class C,
          template <typename...> class F>
template <typename Rule>
struct make_control<S, C, F>::state_handler<Rule, false, false>
    : tao::pegtl::remove_first_state<C<Rule>> {
  static constexpr bool enable = false;

  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M,
            template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States>
  [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
    if (!may_start<F, Rule>(in.current(), in.end())) return false;
    Tree& t = tree_of(st...);
    const std::size_t mark = t.nodes.size();
    if (tao::pegtl::match<Rule, A, M, Action, Control>(in, st...)) return true;
    t.nodes.truncate(mark);
    return false;
  }
};

// Kept: a node, opened at the start, closed on success, dropped with its descendants on failure.
// (The grammar's control has no start/success/failure of its own to call.)
template <template <typename...> class S, template <typename...> class C,
          template <typename...> class F>
template <typename Rule, bool B>
struct make_control<S, C, F>::state_handler<Rule, true, B>
    : tao::pegtl::remove_first_state<C<Rule>> {
  static constexpr bool enable = false;

  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M,
            template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States>
  [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
    if (!may_start<F, Rule>(in.current(), in.end())) return false;
    Tree& t = tree_of(st...);
    const std::size_t at = t.nodes.size();
    {
      Node& n = t.nodes.push();
      n.tag = &kRuleTag<Rule>;
      n.m_begin.data = in.current();
    }
    if (tao::pegtl::match<Rule, A, M, Action, Control>(in, st...)) {
      Node& n = t.nodes[at];
      n.m_end.data = in.current();
      n.end = static_cast<std::uint32_t>(t.nodes.size());
      return true;
    }
    t.nodes.truncate(at);
    return false;
  }
};

// Runs `Rule` on `in` into `t` (reset first). False when the rule does not match; throws what
// the grammar throws (syntax_error, limit_error).
template <typename Rule, template <typename...> class Selector,
          template <typename...> class Control, template <typename...> class First,
          typename ParseInput, typename... States>
bool build(Tree& t, ParseInput& in, States&&... st) {
  t.reset();
  if (!tao::pegtl::parse<Rule, tao::pegtl::nothing,
                         make_control<Selector, Control, First>::template type>(in, st..., t)) {
    return false;
  }
  t.link();
  return true;
}

}  // namespace tree

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_TREE_HPP
