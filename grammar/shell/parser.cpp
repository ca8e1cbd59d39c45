// From source text to the AST: runs the PEGTL grammar (grammar.hpp) into a parse tree, then
// converts the tree into the plain structs of ast.hpp. Backtick bodies and unquoted
// here-document bodies are parsed again here, one nesting level deeper.
#include "grammar/shell/parser.hpp"

#include <algorithm>
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grammar/shell/grammar.hpp"
#include "grammar/shell/validate.hpp"

namespace vigie::shell {

namespace g = grammar;
namespace pegtl = tao::pegtl;
// Parse-tree nodes come from a per-thread pool: the tree allocates a node for every selected
// rule it *tries*, so plain `new` and `delete` dominated the parse time (malloc, free and their
// consolidation were half of it on a 1 MiB line). Nodes are carved from slabs and recycled
// through a free list; when the last node of the thread is gone (the parse and its conversion
// are over), every slab but the first is released, so memory is not kept after a big line.
class NodePool {
 public:
  static void* get(std::size_t n);
  static void put(void* p) noexcept;

 private:
  // Slabs of 64, 128, … 16,384 nodes; those of the first 4,032 nodes are kept between parses.
  static constexpr std::size_t kFirstSlab = 64, kMaxSlab = 16384, kKept = 4096;  // nodes
  struct Slab {
    std::byte* mem;
    std::size_t nodes;
  };
  struct Pools {
    std::vector<Slab> slabs;
    std::size_t cur = 0;   // the slab nodes are carved from
    std::size_t used = 0;  // nodes handed out from it
    void* free_list = nullptr;
    std::size_t live = 0;
    ~Pools() {
      for (auto& s : slabs) ::operator delete(s.mem);
    }
  };
  static std::size_t stride();
  static thread_local Pools pools_;
};

// A parse-tree node: what parser.cpp reads of PEGTL's basic_node (type, children, begin and
// end), in 56 bytes instead of 120 (no source name, no line and column: positions are offsets
// into the buffer). A 1 MiB line has over a million nodes.
struct Node {
  struct Pos {
    const char* data = nullptr;
  };
  std::vector<std::unique_ptr<Node>> children;
  std::string_view type;
  Pos m_begin, m_end;

  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  ~Node() = default;

  template <typename U>
  [[nodiscard]] bool is_type() const noexcept {
    const auto u = pegtl::demangle<U>();
    return (type.data() == u.data() && type.size() == u.size()) || type == u;
  }
  [[nodiscard]] std::string_view string_view() const noexcept {
    return {m_begin.data, static_cast<std::size_t>(m_end.data - m_begin.data)};
  }
  [[nodiscard]] std::string string() const { return std::string(string_view()); }

  template <typename Rule, typename ParseInput, typename... States>
  void start(const ParseInput& in, States&&... /*unused*/) {
    type = pegtl::demangle<Rule>();
    m_begin.data = in.current();
  }
  template <typename Rule, typename ParseInput, typename... States>
  void success(const ParseInput& in, States&&... /*unused*/) noexcept {
    m_end.data = in.current();
  }
  template <typename Rule, typename ParseInput, typename... States>
  void failure(const ParseInput& /*unused*/, States&&... /*unused*/) noexcept {}
  template <typename... States>
  void emplace_back(std::unique_ptr<Node>&& child, States&&... /*unused*/) {
    children.emplace_back(std::move(child));
  }

  static void* operator new(std::size_t n) { return NodePool::get(n); }
  static void operator delete(void* p, std::size_t n) noexcept {
    if (n == sizeof(Node)) {
      NodePool::put(p);
    } else {
      ::operator delete(p);
    }
  }
};

thread_local NodePool::Pools NodePool::pools_;

std::size_t NodePool::stride() {
  constexpr std::size_t a = alignof(Node) > alignof(void*) ? alignof(Node) : alignof(void*);
  return (sizeof(Node) + a - 1) / a * a;
}

void* NodePool::get(std::size_t n) {
  if (n != sizeof(Node)) return ::operator new(n);
  Pools& ps = pools_;
  void* p = ps.free_list;
  if (p != nullptr) {
    ps.free_list = *static_cast<void**>(p);
  } else {
    if (ps.slabs.empty() || ps.used == ps.slabs[ps.cur].nodes) {
      // The current slab is full (or there is none): the next kept one, or a new one.
      std::size_t next = ps.slabs.empty() ? 0 : ps.cur + 1;
      if (next == ps.slabs.size()) {
        std::size_t nodes =
            ps.slabs.empty() ? kFirstSlab : std::min(kMaxSlab, ps.slabs.back().nodes * 2);
        ps.slabs.reserve(ps.slabs.size() + 1);  // may throw: nothing allocated yet
        ps.slabs.push_back({static_cast<std::byte*>(::operator new(nodes* stride())), nodes});
      }
      ps.cur = next;
      ps.used = 0;
    }
    p = ps.slabs[ps.cur].mem + ps.used++ * stride();
  }
  ++ps.live;
  return p;
}

void NodePool::put(void* p) noexcept {
  Pools& ps = pools_;
  *static_cast<void**>(p) = ps.free_list;
  ps.free_list = p;
  if (--ps.live != 0) return;
  // No node left: keep the first slabs (up to kKept nodes), empty.
  std::size_t keep = 0, nodes = 0;
  while (keep < ps.slabs.size() && nodes + ps.slabs[keep].nodes <= kKept)
    nodes += ps.slabs[keep++].nodes;
  for (std::size_t i = keep; i < ps.slabs.size(); ++i) ::operator delete(ps.slabs[i].mem);
  ps.slabs.resize(keep);
  ps.cur = 0;
  ps.used = 0;
  ps.free_list = nullptr;
}

// PEGTL's parse_tree, with one change: a rule that is not kept but may hold kept rules does
// not get a transient node whose children are moved up on success. Its kept descendants are
// appended straight to the open kept node, and a failure truncates them back to the count
// noted at its start. Same tree, without an allocation and a move for every such rule tried
// (they were half of the parse time).
namespace tree {

namespace pti = pegtl::parse_tree::internal;

template <typename N>
struct state {
  std::vector<std::unique_ptr<N>> stack;  // the open kept nodes, the root first
  std::vector<std::size_t> marks;         // open rules not kept: children count at their start
  state() { stack.emplace_back(std::make_unique<N>()); }
  void drop() noexcept {
    auto& ch = stack.back()->children;
    ch.erase(ch.begin() + static_cast<std::ptrdiff_t>(marks.back()), ch.end());
    marks.pop_back();
  }
};

template <typename N, template <typename...> class Selector, template <typename...> class Control>
struct make_control {
  template <typename Rule, bool, bool>
  struct state_handler;

  template <typename Rule>
  using type =
      pegtl::rotate_states_right<state_handler<Rule, pti::is_selected_node<Rule, Selector>,
                                               pti::is_leaf<8, typename Rule::subs_t, Selector>>>;
};

// Not kept, nothing kept below: nothing to do.
template <typename N, template <typename...> class S, template <typename...> class C>
template <typename Rule>
struct make_control<N, S, C>::state_handler<Rule, false, true>
    : pegtl::remove_first_state<C<Rule>> {};

// Not kept, kept rules below: a mark (like PEGTL, the control's own start/success/failure are
// not called for these rules).
template <typename N, template <typename...> class S, template <typename...> class C>
template <typename Rule>
struct make_control<N, S, C>::state_handler<Rule, false, false>
    : pegtl::remove_first_state<C<Rule>> {
  static constexpr bool enable = true;

  template <typename ParseInput, typename... States>
  static void start(const ParseInput& /*unused*/, state<N>& s, States&&... /*unused*/) {
    s.marks.push_back(s.stack.back()->children.size());
  }
  template <typename ParseInput, typename... States>
  static void success(const ParseInput& /*unused*/, state<N>& s, States&&... /*unused*/) {
    s.marks.pop_back();
  }
  template <typename ParseInput, typename... States>
  static void failure(const ParseInput& /*unused*/, state<N>& s, States&&... /*unused*/) {
    s.drop();
  }
  template <typename ParseInput, typename... States>
  static void unwind(const ParseInput& /*unused*/, state<N>& s, States&&... /*unused*/) {
    s.drop();
  }
};

// Kept: as in PEGTL.
template <typename N, template <typename...> class S, template <typename...> class C>
template <typename Rule, bool B>
struct make_control<N, S, C>::state_handler<Rule, true, B> : pegtl::remove_first_state<C<Rule>> {
  template <typename ParseInput, typename... States>
  static void start(const ParseInput& in, state<N>& s, States&&... st) {
    C<Rule>::start(in, st...);
    s.stack.emplace_back(std::make_unique<N>());
    s.stack.back()->template start<Rule>(in, st...);
  }
  template <typename ParseInput, typename... States>
  static void success(const ParseInput& in, state<N>& s, States&&... st) {
    auto n = std::move(s.stack.back());
    s.stack.pop_back();
    n->template success<Rule>(in, st...);
    pti::transform<S<Rule>>(in, n, st...);
    if (n) s.stack.back()->emplace_back(std::move(n), st...);
    C<Rule>::success(in, st...);
  }
  template <typename ParseInput, typename... States>
  static void failure(const ParseInput& in, state<N>& s, States&&... st) {
    s.stack.back()->template failure<Rule>(in, st...);
    s.stack.pop_back();
    C<Rule>::failure(in, st...);
  }
  template <typename ParseInput, typename... States>
  static void unwind([[maybe_unused]] const ParseInput& in, state<N>& s,
                     [[maybe_unused]] States&&... st) {
    s.stack.pop_back();
    if constexpr (pti::control_has_unwind<C<Rule>, const ParseInput&, States...>) {
      C<Rule>::unwind(in, st...);
    }
  }
};

template <typename Rule, typename N, template <typename...> class Selector,
          template <typename...> class Action, template <typename...> class Control,
          typename ParseInput, typename... States>
std::unique_ptr<N> parse(ParseInput&& in, States&&... st) {
  state<N> s;
  if (!pegtl::parse<Rule, Action, make_control<N, Selector, Control>::template type>(in, st...,
                                                                                     s)) {
    return nullptr;
  }
  return std::move(s.stack.back());
}

}  // namespace tree

void line_col(std::string_view src, std::uint32_t offset, std::uint32_t& line,
              std::uint32_t& column) {
  line = 1;
  column = 1;
  const std::size_t end = std::min<std::size_t>(offset, src.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (src[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

namespace {

// Decodes the body of `$'…'`.
std::string decode_ansi_c(std::string_view s) {
  std::string out;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  auto put_utf8 = [&out](unsigned long cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp <= 0x10FFFF) {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c != '\\' || i + 1 >= s.size()) {
      out += c;
      continue;
    }
    char e = s[++i];
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case 'e':
      case 'E':
        out += '\x1b';
        break;
      case '\\':
        out += '\\';
        break;
      case '\'':
        out += '\'';
        break;
      case '"':
        out += '"';
        break;
      case '?':
        out += '?';
        break;
      case 'c':
        if (i + 1 < s.size()) out += static_cast<char>(s[++i] & 0x1F);
        break;
      case 'x':
      case 'u':
      case 'U': {
        std::size_t max = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        unsigned long v = 0;
        std::size_t n = 0;
        while (n < max && i + 1 < s.size() && hex(s[i + 1]) >= 0) {
          v = v * 16 + static_cast<unsigned long>(hex(s[++i]));
          ++n;
        }
        if (n == 0) {
          out += '\\';
          out += e;
        } else if (e == 'x') {
          out += static_cast<char>(v);
        } else {
          put_utf8(v);
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          unsigned v = static_cast<unsigned>(e - '0');
          for (int n = 0; n < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++n) {
            v = v * 8 + static_cast<unsigned>(s[++i] - '0');
          }
          out += static_cast<char>(v & 0xFF);
        } else {
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

// The body of a backtick substitution, with its backslash escapes removed.
std::string unescape_backtick(std::string_view s, bool in_dq) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char n = s[i + 1];
      if (n == '$' || n == '`' || n == '\\' || (in_dq && n == '"')) {
        out += n;
        ++i;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

struct Failed {};  // a sub-parse failed: its error is already recorded

class Converter {
 public:
  Converter(std::string_view top, const Limits& limits, std::vector<ParseError>& errors)
      : top_(top), limits_(limits), errors_(errors) {}

  // Parses `text`, found at `base_offset` of the top-level source, as a list of statements.
  std::vector<Stmt> parse_list(std::string_view text, std::uint32_t base_offset, unsigned depth,
                               bool ends_at_eof) {
    g::State st;
    st.base = text.data();
    st.base_offset = base_offset;
    st.limits = limits_;
    st.depth = depth;
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "shell");
    std::unique_ptr<Node> root;
    if (!run(
            [&] {
              root = tree::parse<g::file, Node, g::selector, pegtl::nothing, g::control>(in, st);
            },
            text, base_offset, ends_at_eof)) {
      throw Failed{};
    }
    if (!root) {
      add_error(base_offset, "syntax error", false);
      throw Failed{};
    }
    Frame f{text.data(), base_offset, depth, &st, false};
    return list(*root, f);
  }

 private:
  struct Frame {
    const char* base;
    std::uint32_t base_offset;
    unsigned depth;
    g::State* st;
    bool in_dq;
  };

  template <typename F>
  bool run(F&& f, std::string_view text, std::uint32_t base_offset, bool ends_at_eof) {
    try {
      f();
      return true;
    } catch (const g::limit_error& e) {
      add_error(base_offset + error_byte(e, text), std::string(e.message()), false);
    } catch (const pegtl::parse_error& e) {
      std::uint32_t b = error_byte(e, text);
      std::string msg(e.message());
      if ((msg == "unexpected token" || msg == "syntax error") && b < text.size()) {
        char c = text[b];
        msg = c == '\n' ? "unexpected newline" : "unexpected `" + std::string(1, c) + "`";
      }
      add_error(base_offset + b, msg, ends_at_eof && b >= text.size());
    } catch (const std::bad_alloc&) {
      add_error(base_offset, "out of memory", false);
    } catch (const std::exception& e) {
      add_error(base_offset, std::string("internal error: ") + e.what(), false);
    }
    return false;
  }

  static std::uint32_t error_byte(const pegtl::parse_error& e, std::string_view text) {
    if (e.positions().empty()) return 0;
    return static_cast<std::uint32_t>(
        std::min<std::size_t>(e.positions().front().byte, text.size()));
  }

  void add_error(std::uint32_t offset, std::string msg, bool incomplete) {
    ParseError err;
    err.offset = offset;
    line_col(top_, offset, err.line, err.column);
    err.message = std::move(msg);
    err.incomplete = incomplete;
    errors_.push_back(std::move(err));
  }

  static std::uint32_t off(const Frame& f, const char* p) {
    return static_cast<std::uint32_t>(p - f.base) + f.base_offset;
  }
  static Span span(const Frame& f, const Node& n) {
    return {off(f, n.m_begin.data), off(f, n.m_end.data)};
  }

  // ----- lists and statements -----

  std::vector<Stmt> list(const Node& n, const Frame& f) {
    std::vector<Stmt> out;
    std::string next_op;
    for (const auto& c : n.children) {
      if (c->is_type<g::and_or>()) {
        out.push_back(and_or(*c, f));
        out.back().op = next_op;
        next_op.clear();
      } else if (c->is_type<g::sep_semi>()) {
        next_op = ";";
      } else if (c->is_type<g::sep_amp>()) {
        if (!out.empty()) out.back().background = true;
        next_op = "&";
      } else if (c->is_type<g::sep_nl>()) {
        next_op = "\n";
      }
    }
    return out;
  }

  std::vector<Stmt> clist(const Node& n, const Frame& f) {
    Frame g2 = f;
    ++g2.depth;
    return list(n, g2);
  }

  Stmt and_or(const Node& n, const Frame& f) {
    std::vector<Stmt> stmts;
    std::vector<std::string> ops;
    for (const auto& c : n.children) {
      if (c->is_type<g::op_and>()) {
        ops.push_back("&&");
      } else if (c->is_type<g::op_or>()) {
        ops.push_back("||");
      } else {
        stmts.push_back(pipeline(*c, f));
      }
    }
    if (stmts.size() == 1) return std::move(stmts.front());
    Stmt s;
    s.span = span(f, n);
    s.cmd = BinaryCmd{std::move(stmts), std::move(ops), false, s.span};
    return s;
  }

  Stmt pipeline(const Node& n, const Frame& f) {
    std::vector<Stmt> stmts;
    std::vector<std::string> ops;
    bool negated = false;
    for (const auto& c : n.children) {
      if (c->is_type<g::bang>()) {
        negated = true;
      } else if (c->is_type<g::op_pipe>()) {
        ops.push_back("|");
      } else if (c->is_type<g::op_pipe_amp>()) {
        ops.push_back("|&");
      } else {
        stmts.push_back(command(*c, f));
        const auto* call = std::get_if<CallExpr>(&stmts.back().cmd);
        if (stmts.size() > 1 && call && !call->args.empty() && call->args[0].text == "!") {
          fail_if(
              validate::Error(call->args[0].span.begin, "`!` can only be used in full statements"));
        }
      }
    }
    Stmt s;
    if (stmts.size() == 1) {
      s = std::move(stmts.front());
    } else {
      s.span = span(f, n);
      s.cmd = BinaryCmd{std::move(stmts), std::move(ops), true, s.span};
    }
    s.negated = negated;
    return s;
  }

  Stmt command(const Node& n, const Frame& f) {
    Stmt s;
    s.span = span(f, n);
    if (n.is_type<g::simple_command>()) {
      CallExpr call;
      call.span = s.span;
      for (const auto& c : n.children) {
        if (c->is_type<g::redirect>()) {
          s.redirs.push_back(redirect(*c, f));
        } else if (c->is_type<g::assignment>()) {
          call.assigns.push_back(assignment(*c, f));
        } else if (c->is_type<g::array_word>()) {
          call.args.push_back(array_word(*c, f));
        } else {
          call.args.push_back(word(*c, f));
        }
      }
      check_let(call);
      check_call(call);
      s.cmd = std::move(call);
      return s;
    }
    if (n.is_type<g::func_decl>()) {
      FuncDecl fd;
      fd.span = s.span;
      for (const auto& c : n.children) {
        if (c->is_type<g::kw_function>()) {
          fd.keyword = true;
        } else if (c->is_type<g::func_name>()) {
          fd.name = c->string();
        } else if (c->is_type<g::func_body>()) {
          fd.body.push_back(command(*c, f));
        }
      }
      s.cmd = std::move(fd);
      return s;
    }
    // compound_command or func_body: the clause, then redirections.
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      s.redirs.push_back(redirect(*n.children[i], f));
    }
    const Node& c = *n.children.at(0);
    s.cmd = clause(c, f);
    return s;
  }

  CommandKind clause(const Node& n, const Frame& f) {
    const Span sp = span(f, n);
    const auto& ch = n.children;
    if (n.is_type<g::subshell>()) return Subshell{clist(*ch.at(0), f), sp};
    if (n.is_type<g::group>()) return Block{clist(*ch.at(0), f), sp};
    if (n.is_type<g::if_clause>()) {
      IfClause ic;
      ic.span = sp;
      ic.cond = clist(*ch.at(0), f);
      ic.then = clist(*ch.at(1), f);
      for (std::size_t i = 2; i < ch.size(); ++i) {
        if (ch[i]->is_type<g::kw_elif>()) {
          Elif e;
          e.cond = clist(*ch.at(i + 1), f);
          e.then = clist(*ch.at(i + 2), f);
          ic.elifs.push_back(std::move(e));
          i += 2;
        } else if (ch[i]->is_type<g::kw_else>()) {
          ic.else_ = clist(*ch.at(i + 1), f);
          i += 1;
        }
      }
      return ic;
    }
    if (n.is_type<g::while_clause>() || n.is_type<g::until_clause>()) {
      return WhileClause{n.is_type<g::until_clause>(), clist(*ch.at(0), f), clist(*ch.at(1), f),
                         sp};
    }
    if (n.is_type<g::for_clause>() || n.is_type<g::select_clause>()) {
      ForClause fc;
      fc.span = sp;
      fc.select = n.is_type<g::select_clause>();
      for (const auto& c : ch) {
        if (c->is_type<g::for_name>()) {
          fc.name = c->string();
        } else if (c->is_type<g::for_in>()) {
          fc.items.emplace();
          for (const auto& w : c->children) fc.items->push_back(word(*w, f));
        } else if (c->is_type<g::for_arith>()) {
          fc.arith = arith_parts(*c, f);
          check_arith(*fc.arith, validate::ArithMode::for_head, span(f, *c).end);
        } else if (c->is_type<g::clist>()) {
          fc.body = clist(*c, f);
        } else if (c->is_type<g::group>()) {
          Stmt s;
          s.span = span(f, *c);
          s.cmd = clause(*c, f);
          fc.body.push_back(std::move(s));
        }
      }
      return fc;
    }
    if (n.is_type<g::case_clause>()) {
      CaseClause cc;
      cc.span = sp;
      for (const auto& c : ch) {
        if (c->is_type<g::case_word>()) {
          cc.word = word(*c, f);
        } else if (c->is_type<g::case_item>()) {
          CaseItem item;
          item.span = span(f, *c);
          for (const auto& k : c->children) {
            if (k->is_type<g::case_pattern>()) {
              item.patterns.push_back(word(*k, f));
            } else if (k->is_type<g::clist>()) {
              item.stmts = clist(*k, f);
            } else if (k->is_type<g::case_term>()) {
              item.op = k->string();
            }
          }
          cc.items.push_back(std::move(item));
        }
      }
      return cc;
    }
    if (n.is_type<g::test_clause>()) {
      TestClause tc;
      tc.span = sp;
      for (const auto& c : ch) tc.words.push_back(word(*c, f));
      check_test(n, f);
      return tc;
    }
    if (n.is_type<g::arith_cmd>()) {
      auto expr = arith_parts(n, f);
      check_arith(expr, validate::ArithMode::expr, sp.end);
      return ArithmCmd{std::move(expr), sp};
    }
    throw std::logic_error("unknown clause node");
  }

  // ----- redirections, assignments -----

  Redirect redirect(const Node& n, const Frame& f) {
    Redirect r;
    r.span = span(f, n);
    for (const auto& c : n.children) {
      if (c->is_type<g::redir_fd>()) {
        std::string s = c->string();
        if (s[0] == '{') {
          r.fd_var = s.substr(1, s.size() - 2);
        } else {
          r.fd = s.size() > 6 ? 999999 : std::stoi(s);
        }
      } else if (c->is_type<g::redir_op>() || c->is_type<g::heredoc_op>()) {
        r.op = c->string();
      } else if (c->is_type<g::redir_target>()) {
        r.word = word(*c, f);
      } else if (c->is_type<g::heredoc_delim>()) {
        r.word = c->children.size() == 1 ? word(*c->children[0], f) : word(*c, f);
        Heredoc h;
        h.strip_tabs = r.op == "<<-";
        auto key = static_cast<std::uint32_t>(c->m_begin.data - f.base);
        auto it = f.st->bodies.find(key);
        for (char ch : r.word.text) {
          if (ch == '\'' || ch == '"' || ch == '\\') h.quoted = true;
        }
        if (it != f.st->bodies.end()) {
          h.body = it->second.text;
          h.span = {it->second.begin + f.base_offset, it->second.end + f.base_offset};
          if (!h.quoted) h.parts = heredoc_parts(h.body, h.span.begin, f);
        }
        r.heredoc = std::move(h);
      }
    }
    return r;
  }

  std::vector<WordPart> heredoc_parts(std::string_view body, std::uint32_t base_offset,
                                      const Frame& f) {
    if (body.find_first_of("$`") == std::string_view::npos) {
      return {WordPart{Lit{std::string(body),
                           {base_offset, base_offset + static_cast<std::uint32_t>(body.size())}}}};
    }
    g::State st;
    st.base = body.data();
    st.base_offset = base_offset;
    st.limits = limits_;
    st.depth = f.depth + 1;
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(body.data(), body.size(), "heredoc");
    std::unique_ptr<Node> root;
    if (!run(
            [&] {
              root = tree::parse<g::heredoc_content, Node, g::selector, pegtl::nothing, g::control>(
                  in, st);
            },
            body, base_offset, false) ||
        !root) {
      throw Failed{};
    }
    Frame hf{body.data(), base_offset, f.depth + 1, &st, true};
    return parts(*root, hf);
  }

  Assign assignment(const Node& n, const Frame& f) {
    Assign a;
    a.span = span(f, n);
    for (const auto& c : n.children) {
      if (c->is_type<g::assign_name>()) {
        a.name = c->string();
      } else if (c->is_type<g::assign_op>()) {
        a.append = c->string_view() == "+=";
      } else if (c->is_type<g::array_value>()) {
        a.array.emplace();
        a.text = c->string();
        for (const auto& w : c->children) a.array->push_back(word(*w, f));
      } else {
        a.value = word(*c, f);
        a.text = a.value->text;
      }
    }
    return a;
  }

  // `a=(x y)` as an argument: one word, `a=(` + the elements' parts + `)`.
  Word array_word(const Node& n, const Frame& f) {
    Word w;
    w.span = span(f, n);
    w.text = n.string();
    std::string head;
    for (const auto& c : n.children) {
      if (c->is_type<g::assign_name>() || c->is_type<g::assign_op>()) {
        head += c->string();
      } else if (c->is_type<g::array_value>()) {
        w.parts.push_back({Lit{head + "(", w.span}});
        bool first = true;
        for (const auto& k : c->children) {
          if (!first) w.parts.push_back({Lit{"\\ ", w.span}});
          first = false;
          for (auto& p : parts(*k, f)) w.parts.push_back(std::move(p));
        }
        w.parts.push_back({Lit{")", w.span}});
      }
    }
    return w;
  }

  // ----- words -----

  Word word(const Node& n, const Frame& f) {
    Word w;
    w.span = span(f, n);
    w.text = n.string();
    w.parts = parts(n, f);
    return w;
  }

  std::vector<WordPart> parts(const Node& n, const Frame& f) {
    std::vector<WordPart> out;
    for (const auto& c : n.children) part(*c, f, out);
    return out;
  }

  std::vector<WordPart> arith_parts(const Node& n, const Frame& f) {
    std::vector<WordPart> out;
    for (const auto& c : n.children) {
      if (c->is_type<g::arith_body>()) {
        for (const auto& k : c->children) part(*k, f, out);
      } else {
        part(*c, f, out);
      }
    }
    return out;
  }

  void part(const Node& n, const Frame& f, std::vector<WordPart>& out) {
    const Span sp = span(f, n);
    if (n.is_type<g::lit>() || n.is_type<g::dq_lit>() || n.is_type<g::arith_lit>() ||
        n.is_type<g::arith_lp>() || n.is_type<g::arith_rp>() || n.is_type<g::test_op_ch>() ||
        n.is_type<g::param_lit>() || n.is_type<g::heredoc_lit>() || n.is_type<g::lone_dollar>()) {
      out.push_back({Lit{n.string(), sp}});
    } else if (n.is_type<g::sq_string>()) {
      auto s = n.string_view();
      out.push_back({SglQuoted{std::string(s.substr(1, s.size() - 2)), false, sp}});
    } else if (n.is_type<g::ansi_c_string>()) {
      auto s = n.string_view();
      out.push_back({SglQuoted{decode_ansi_c(s.substr(2, s.size() - 3)), true, sp}});
    } else if (n.is_type<g::dq_string>() || n.is_type<g::locale_string>()) {
      Frame dq = f;
      dq.in_dq = true;
      out.push_back({DblQuoted{parts(n, dq), n.is_type<g::locale_string>(), sp}});
    } else if (n.is_type<g::param_short>()) {
      ParamExp p;
      p.name = n.string().substr(1);
      p.span = sp;
      out.push_back({std::move(p)});
    } else if (n.is_type<g::param_braced>()) {
      ParamExp p;
      p.braced = true;
      p.span = sp;
      for (const auto& c : n.children) {
        if (c->is_type<g::param_prefix>()) {
          p.prefix = c->string();
        } else if (c->is_type<g::param_name>()) {
          p.name = c->string();
        } else if (c->is_type<g::param_rest>()) {
          p.op = c->string();
          for (const auto& k : c->children) part(*k, f, p.arg);
        }
      }
      check_param(p);
      out.push_back({std::move(p)});
    } else if (n.is_type<g::param_brace>()) {
      out.push_back({Lit{"{", {sp.begin, sp.begin + 1}}});
      for (const auto& k : n.children) part(*k, f, out);
      out.push_back({Lit{"}", {sp.end - 1, sp.end}}});
    } else if (n.is_type<g::cmd_subst>()) {
      out.push_back({CmdSubst{clist(*n.children.at(0), f), false, sp}});
    } else if (n.is_type<g::proc_subst>()) {
      out.push_back({ProcSubst{n.string().substr(0, 2), clist(*n.children.at(0), f), sp}});
    } else if (n.is_type<g::arith_exp>()) {
      auto expr = arith_parts(n, f);
      check_arith(expr, validate::ArithMode::expr, sp.end);
      out.push_back({ArithExp{std::move(expr), sp}});
    } else if (n.is_type<g::arith_body>()) {
      for (const auto& k : n.children) part(*k, f, out);
    } else if (n.is_type<g::backtick>()) {
      auto s = n.string_view();
      std::string body = unescape_backtick(s.substr(1, s.size() - 2), f.in_dq);
      if (f.depth + 1 > limits_.max_depth) {
        add_error(sp.begin, "nesting deeper than " + std::to_string(limits_.max_depth) + " levels",
                  false);
        throw Failed{};
      }
      auto stmts = parse_list(body, sp.begin + 1, f.depth + 1, false);
      out.push_back({CmdSubst{std::move(stmts), true, sp}});
    } else {
      // Defensive: an unexpected node kind is kept as its text.
      out.push_back({Lit{n.string(), sp}});
    }
  }

  // ----- validation of what the grammar keeps as text (validate.hpp) -----

  void fail_if(const std::optional<validate::Error>& e) {
    if (!e) return;
    add_error(e->offset, e->message, false);
    throw Failed{};
  }

  static Span part_span(const WordPart& p) {
    return std::visit([](const auto& x) { return x.span; }, p.v);
  }

  // Literal text stays text; every expansion or quoted string is one operand. With `unquote`
  // (for `let` arguments) quoted text is read as text too.
  static void pieces_of(const std::vector<WordPart>& parts, bool unquote,
                        std::vector<validate::Piece>& out) {
    for (const auto& p : parts) {
      if (const auto* l = std::get_if<Lit>(&p.v)) {
        out.emplace_back(l->raw, l->span.begin, false);
      } else if (const auto* q = std::get_if<SglQuoted>(&p.v); q && unquote && !q->dollar) {
        out.emplace_back(q->value, q->span.begin + 1, false);
      } else if (const auto* d = std::get_if<DblQuoted>(&p.v); d && unquote) {
        pieces_of(d->parts, true, out);
      } else {
        const auto* pe = std::get_if<ParamExp>(&p.v);
        const bool name = pe && pe->prefix.empty() && pe->op.empty() && !pe->name.empty() &&
                          validate::detail::ident_start(pe->name[0]);
        out.emplace_back(std::string_view(), part_span(p).begin, true, name);
      }
    }
  }

  void check_arith(const std::vector<WordPart>& expr, validate::ArithMode mode, std::uint32_t end) {
    std::vector<validate::Piece> ps;
    pieces_of(expr, false, ps);
    fail_if(validate::arith(ps, mode, end));
  }

  // `let EXPR...`: every argument is an arithmetic expression.
  void check_let(const CallExpr& call) {
    if (call.args.empty() || call.args[0].text != "let") return;
    if (call.args.size() == 1) {
      fail_if(validate::Error(call.args[0].span.begin, "`let` must be followed by an expression"));
    }
    for (std::size_t i = 1; i < call.args.size(); ++i) {
      std::vector<validate::Piece> ps;
      pieces_of(call.args[i].parts, true, ps);
      fail_if(validate::arith(ps, validate::ArithMode::expr, call.args[i].span.end));
    }
  }

  // Simple-command shapes bash refuses at run time or in its parser.
  void check_call(const CallExpr& call) {
    for (const auto& a : call.assigns) {
      // `a[i]=(x)` and `a=(x) cmd` are run-time errors in bash, kept (spec tests use them).
      if (!a.array) continue;
      for (std::size_t k = 0; k < a.array->size(); ++k) {
        // `a=([k]=v)`: a leading `[` opens a subscript, which `]=` must close.
        const Word& w = (*a.array)[k];
        if (w.text.empty() || w.text[0] != '[') continue;
        if (w.text == "[" && k + 1 < a.array->size()) continue;  // `( [ "x y" ]=b)`
        std::size_t close = 1;
        for (int depth = 0; close < w.text.size(); ++close) {
          if (w.text[close] == '[') ++depth;
          if (w.text[close] == ']' && depth-- == 0) break;
        }
        if (close >= w.text.size() || close == 1 ||
            (w.text.compare(close, 2, "]=") != 0 && w.text.compare(close, 3, "]+=") != 0)) {
          fail_if(validate::Error(w.span.begin, "`[x]` must be followed by `=`"));
        }
      }
    }
    if (call.args.empty()) return;
    const std::string& w = call.args[0].text;
    if (w == "coproc" && call.args.size() == 1) {
      fail_if(validate::Error(call.args[0].span.begin, "coproc clause requires a command"));
    }
    // `a[i]` in command position is an assignment without its `=`.
    std::size_t i = 0;
    while (i < w.size() && validate::detail::ident_char(w[i])) ++i;
    const bool any_assign = std::any_of(call.args.begin(), call.args.end(), [](const Word& a) {
      return a.text.find("]=") != std::string::npos || a.text.find("]+=") != std::string::npos;
    });  // `a[ i[1] ]=1`: bash reads the spaced subscript as one assignment
    if (i > 0 && i < w.size() && w[i] == '[' && validate::detail::ident_start(w[0]) &&
        call.assigns.empty() && !any_assign) {
      fail_if(validate::Error(call.args[0].span.begin,
                              "`" + w.substr(0, i) + "[…]` must be followed by `=`"));
    }
  }

  // `${…}`: a valid name, then nothing, a subscript, or one operator.
  void check_param(const ParamExp& p) {
    const std::uint32_t at = p.span.begin + 2;
    if (p.name.empty()) {
      const std::string_view op = p.op;
      const char c = op.empty() ? '}' : op[0];
      if (c == ' ' || c == '\t' || c == '\n' || c == '|') {
        // `${ cmd; }`, `${|cmd; }` (bash 5.3, mksh): the last command must be terminated.
        const auto last = op.find_last_not_of(" \t");
        if (last != std::string_view::npos &&
            (op[last] == ';' || op[last] == '\n' || op[last] == '&' || op[last] == '}')) {
          return;
        }
        fail_if(validate::Error(at, "`${ … }` must end with `;` or a newline before `}`"));
      }
      // zsh: `${=x}`, `${~x}`, `${^x}`, `${+x}`, `${(flags)x}`, `${:-word}`, `${%}`.
      if (std::string_view("=~^+(:%").find(c) != std::string_view::npos && c != '}') {
        const auto name_end = std::find_if(op.begin() + 1, op.end(),
                                           [](char k) { return !validate::detail::ident_char(k); });
        if (c != '%' || name_end == op.end()) return;  // `${%}`, `${%name}`
      }
      fail_if(validate::Error(at, "invalid parameter name"));
    }
    // `${!x…}` (indirection, `${!prefix*}`, `${!#}`) is left to the shell.
    if (p.prefix == "!") return;
    std::vector<validate::Piece> rest;
    pieces_of(p.arg, false, rest);
    auto lead = [&]() -> std::string_view {
      return rest.empty() || rest.front().atom ? std::string_view() : rest.front().text;
    };
    auto drop = [&](std::size_t k) {  // drops k bytes of leading text
      auto& fr = rest.front();
      fr.text.remove_prefix(k);
      fr.offset += static_cast<std::uint32_t>(k);
      if (fr.text.empty()) rest.erase(rest.begin());
    };
    auto op_at = [&]() { return rest.empty() ? p.span.end - 1 : rest.front().offset; };
    const bool ident = validate::detail::ident_start(p.name[0]);
    if (!rest.empty() && lead().substr(0, 1) == "[") {
      if (!ident && p.name != "@" && p.name != "*") {
        fail_if(validate::Error(op_at(), "cannot index a special parameter name"));
      }
      const std::uint32_t open = op_at();
      drop(1);
      std::vector<validate::Piece> sub;
      int depth = 0;
      bool closed = false;
      while (!rest.empty() && !closed) {
        auto& fr = rest.front();
        if (fr.atom) {
          sub.push_back(fr);
          rest.erase(rest.begin());
          continue;
        }
        std::size_t k = 0;
        for (; k < fr.text.size(); ++k) {
          if (fr.text[k] == '[') ++depth;
          if (fr.text[k] == ']' && depth-- == 0) {
            closed = true;
            break;
          }
        }
        sub.emplace_back(fr.text.substr(0, k), fr.offset, false);
        drop(closed ? k + 1 : fr.text.size());
      }
      if (!closed) fail_if(validate::Error(open, "expected `]` to close the subscript"));
      const bool all =
          sub.size() == 1 && !sub[0].atom && (sub[0].text == "@" || sub[0].text == "*");
      if (!ident && all) fail_if(validate::Error(open, "cannot index a special parameter name"));
      // zsh subscript flags (`${a[(i)x]}`) are not arithmetic.
      const bool zsh_flags = !sub.empty() && !sub[0].atom && sub[0].text.substr(0, 1) == "(";
      if (!all && !zsh_flags) fail_if(validate::arith(sub, validate::ArithMode::expr, open + 1));
    }
    if (rest.empty()) return;
    const std::string_view l = lead();
    // `${#-foo}`, `${###}`: the length of a special parameter reads as `${#…}` with an operator.
    if (p.prefix == "#") {
      if (!ident) return;
      fail_if(validate::Error(op_at(), "cannot combine multiple parameter expansion operators"));
    }
    const char c = l.empty() ? '$' : l[0];
    if (c == ':' &&
        (l.size() < 2 || std::string_view("-=?+|*#^").find(l[1]) == std::string::npos)) {
      drop(1);
      fail_if(validate::arith(rest, validate::ArithMode::substring, p.span.end - 1));
      return;
    }
    if (c == '@') {
      if (rest.size() != 1 || l.size() != 2 ||
          std::string_view("QEPAKaUuLk").find(l[1]) == std::string::npos) {
        fail_if(validate::Error(op_at(), "invalid @ expansion operator"));
      }
      return;
    }
    // `${f()}` is kept: the engine's guard corpus judges `rm -rf ${NSHomeDirectory()}` by its
    // words (bash refuses it only when it runs).
    if (std::string_view(":-=?+#%/^,~(").find(c) == std::string::npos) {
      fail_if(validate::Error(
          op_at(), "not a valid parameter expansion operator: `" + std::string(1, c) + "`"));
    }
  }

  // `[[ … ]]`: operators are split out of the grammar's words, except in the operand after a
  // binary operator (a pattern or a regex, where `(`, `|`, `<` belong to the word).
  void check_test(const Node& n, const Frame& f) {
    std::vector<validate::TestTok> toks;
    const char* prev = n.m_begin.data + 2;
    bool whole = false, continuing = false;
    int regex_depth = 0;
    for (const auto& c : n.children) {
      const bool nl = std::find(prev, c->m_begin.data, '\n') != c->m_begin.data;
      prev = c->m_end.data;
      std::size_t start = 0;
      if (whole) {
        // The operand of a binary operator is one word (`=~ ^(a|b)$`, `== @(x|y)`); a `)` that
        // closes nothing in it closes a group of the expression.
        const auto& ks = c->children;
        while (start < ks.size()) {
          if (ks[start]->is_type<g::test_op_ch>()) {
            const char ch = *ks[start]->m_begin.data;
            if (ch == ')' && regex_depth == 0) break;
            regex_depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
          }
          ++start;
        }
        const char* stop = start < ks.size() ? ks[start]->m_begin.data : c->m_end.data;
        std::string text(c->m_begin.data, stop);
        if (continuing) {
          toks.back().text += " " + text;  // `=~ (a b)`: the regex spans words
        } else {
          validate::TestTok t;
          t.text = std::move(text);
          t.offset = off(f, c->m_begin.data);
          t.newline_before = nl;
          toks.push_back(std::move(t));
        }
        continuing = whole = regex_depth > 0;
        if (start == ks.size()) continue;
        whole = continuing = false;
      }
      bool first = start == 0;
      const auto& ks = c->children;
      for (std::size_t i = start; i < ks.size(); ++i) {
        const Node& k = *ks[i];
        validate::TestTok t;
        t.offset = off(f, k.m_begin.data);
        t.newline_before = nl && first;
        if (k.is_type<g::test_op_ch>()) {
          const char ch = *k.m_begin.data;
          t.kind = validate::TestTok::op;
          t.text = std::string(1, ch);
          if ((ch == '&' || ch == '|') && i + 1 < ks.size() &&
              ks[i + 1]->is_type<g::test_op_ch>() && *ks[i + 1]->m_begin.data == ch &&
              ks[i + 1]->m_begin.data == k.m_end.data) {
            t.text += ch;
            ++i;
          }
          toks.push_back(std::move(t));
        } else if (!first && !toks.empty() && toks.back().kind == validate::TestTok::word &&
                   !k.is_type<g::test_op_ch>() && i > 0 && !ks[i - 1]->is_type<g::test_op_ch>()) {
          toks.back().text += k.string();
        } else {
          t.text = k.string();
          toks.push_back(std::move(t));
        }
        first = false;
      }
      if (!toks.empty() && validate::test_binary(toks.back())) {
        whole = true;
        regex_depth = 0;
        continuing = false;
      }
    }
    fail_if(validate::test_expr(toks, off(f, n.m_begin.data), off(f, n.m_end.data)));
  }

  std::string_view top_;
  const Limits& limits_;
  std::vector<ParseError>& errors_;
};

}  // namespace

ParseResult parse(std::string_view src, const Limits& limits) {
  ParseResult r;
  if (src.size() > limits.max_bytes) {
    ParseError e;
    e.message = "script of " + std::to_string(src.size()) + " bytes exceeds the limit of " +
                std::to_string(limits.max_bytes) + " bytes";
    e.line = 1;
    e.column = 1;
    r.errors.push_back(std::move(e));
    return r;
  }
  try {
    Converter conv(src, limits, r.errors);
    r.file.stmts = conv.parse_list(src, 0, 0, true);
  } catch (const Failed&) {
  } catch (const std::bad_alloc&) {
    r.errors.push_back(ParseError{1, 1, 0, "out of memory", false});
  } catch (const std::exception& e) {
    r.errors.push_back(ParseError{1, 1, 0, std::string("internal error: ") + e.what(), false});
  }
  if (r.errors.empty()) {
    r.ok = true;
  } else {
    r.file.stmts.clear();
  }
  return r;
}

}  // namespace vigie::shell
