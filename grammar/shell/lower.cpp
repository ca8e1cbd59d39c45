// Lowering the parse tree (tree.hpp, built by run.cpp) to the plain structs of ast.hpp: the
// second of the parser's three stages. Backtick bodies and unquoted here-document bodies are
// parsed again here (run.cpp), one nesting level deeper; what the grammar keeps as text is
// checked by validate_ast.cpp as it is lowered.
#include "grammar/shell/lower.hpp"

#include <cstddef>
#include <exception>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "grammar/shell/grammar.hpp"
#include "grammar/shell/lower_again.hpp"
#include "grammar/shell/lower_funsub.hpp"
#include "grammar/shell/parser.hpp"
#include "grammar/shell/run.hpp"
#include "grammar/shell/unescape.hpp"
#include "grammar/shell/validate_ast.hpp"

namespace vigie::shell {

namespace g = grammar;

namespace {

struct Failed {};  // a sub-parse failed: its error is already recorded

class Converter {
 public:
  Converter(std::string_view top, const Limits& limits, std::vector<ParseError>& errors)
      : top_(top), limits_(limits), errors_(errors) {}

  // Parses `text`, found at `base_offset` of the top-level source, as a list of statements.
  // `funsub`: the body of `${ cmd; }` (lower_funsub.hpp), which must end with a separator.
  std::vector<Stmt> parse_list(std::string_view text, std::uint32_t base_offset, unsigned depth,
                               bool ends_at_eof, bool funsub = false) {
    g::State st;
    st.base = text.data();
    st.base_offset = base_offset;
    st.limits = limits_;
    st.depth = depth;
    TreeLease t;
    if (auto e = run(Start::file, text, st, *t, ends_at_eof)) {
      add_error(base_offset + e->offset, std::move(e->message), e->incomplete);
      throw Failed{};
    }
    if (funsub) fail_if(funsub_unterminated(t->root(), text, base_offset));
    Frame f{text.data(), base_offset, depth, &st, false};
    return list(t->root(), f);
  }

  // One word node of a tree over `text` (the top-level source), for tests.
  Word lower_word(const Node& n, std::string_view text) {
    Frame f{text.data(), 0, 0, nullptr, false};
    return word(n, f);
  }

 private:
  struct Frame {
    const char* base;
    std::uint32_t base_offset;
    unsigned depth;
    g::State* st;
    bool in_dq;
    bool in_heredoc = false;  // a here-document's body (in_dq too): no `$'…'` is decoded there
  };

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

  // Text bash expands again (lower_again.hpp), read as an unquoted here-document body.
  auto again(const Frame& f) {
    return [this, &f](std::string_view s, std::uint32_t at) { return heredoc_parts(s, at, f); };
  }
  // ----- lists and statements -----

  std::vector<Stmt> list(const Node& n, const Frame& f) {
    std::vector<Stmt> out;
    out.reserve((n.children.size() + 1) / 2);  // statements and separators alternate
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
    if (n.children.size() == 1) return pipeline(*n.children[0], f);  // no `&&`, no `||`
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
    if (n.children.size() == 1) return command(*n.children[0], f);  // one command, no `!`
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
      call.args.reserve(n.children.size());  // most children are words
      for (const auto& c : n.children) {
        if (c->is_type<g::redirect>()) {
          s.redirs.push_back(redirect(*c, f));
        } else if (c->is_type<g::assignment>()) {
          call.assigns.push_back(assignment(*c, f));
        } else if (c->is_type<g::array_word>()) {
          assoc_ = associative_declaration(call.args);
          call.args.push_back(array_word(*c, f));
          assoc_ = false;
        } else {
          call.args.push_back(word(*c, f));
        }
      }
      fail_if(validate::check_let(call));
      fail_if(validate::check_call(call));
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
    // compound_command, func_body or coproc_body: the clause, then redirections.
    for (std::size_t i = 1; i < n.children.size(); ++i)
      s.redirs.push_back(redirect(*n.children[i], f));
    s.cmd = clause(*n.children.at(0), f);
    if (!n.is_type<g::coproc_body>()) return s;
    // A coprocess runs in a subshell: what it changes (`cd`, variables) stays there.
    Stmt outer;
    outer.span = s.span;
    outer.cmd = Subshell{{std::move(s)}, outer.span};
    return outer;
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
          fail_if(validate::check_arith(*fc.arith, validate::ArithMode::for_head, span(f, *c).end));
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
      fail_if(validate::check_test(n, f.base, f.base_offset));
      arith_operands_again(tc.words, again(f));
      return tc;
    }
    if (n.is_type<g::arith_cmd>()) {
      auto expr = arith_parts(n, f);
      fail_if(validate::check_arith(expr, validate::ArithMode::expr, sp.end));
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
          for (const auto& k : c->children)  // `{a[$(cmd)]}>x`: the subscript's expansions
            for (const auto& sub : k->children) part(*sub, f, r.fd_subscript);
          quotes_again(r.fd_subscript, true, again(f));
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
        h.quoted = r.word.text.find_first_of("'\"\\") != std::string::npos;
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
    TreeLease t;
    if (auto e = run(Start::heredoc, body, st, *t, false)) {
      add_error(base_offset + e->offset, std::move(e->message), e->incomplete);
      throw Failed{};
    }
    Frame hf{body.data(), base_offset, f.depth + 1, &st, true, true};
    return parts(t->root(), hf);
  }

  Assign assignment(const Node& n, const Frame& f) {
    Assign a;
    a.span = span(f, n);
    for (const auto& c : n.children) {
      if (c->is_type<g::assign_name>()) {
        a.name = c->string();
        // `a[$(cmd)]=x`: the subscript's expansions (assign_subscript's children).
        for (const auto& k : c->children)
          for (const auto& sub : k->children) part(*sub, f, a.subscript);
        quotes_again(a.subscript, true, again(f));
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
    out.reserve(n.children.size());
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
    quotes_again(out, true, again(f));  // `$(( $'\x24(cmd)' ))` runs cmd
    return out;
  }

  void part(const Node& n, const Frame& f, std::vector<WordPart>& out) {
    const Span sp = span(f, n);
    // Text: `escape_seq` reaches here from `${x//\*/y}` and arithmetic (`\` then a byte).
    if (n.is_type<g::lit>() || n.is_type<g::dq_lit>() || n.is_type<g::arith_lit>() ||
        n.is_type<g::arith_sq_lit>() || n.is_type<g::bracket_lit>() || n.is_type<g::arith_lp>() ||
        n.is_type<g::arith_rp>() || n.is_type<g::test_op_ch>() || n.is_type<g::param_lit>() ||
        n.is_type<g::heredoc_lit>() || n.is_type<g::lone_dollar>() || n.is_type<g::escape_seq>()) {
      out.push_back({Lit{n.string(), sp}});
    } else if (n.is_type<g::arith_sq>()) {
      // A single quote in arithmetic or a subscript does not quote (grammar.hpp `arith_sq`).
      Frame dq = f;
      dq.in_dq = true;
      out.push_back({DblQuoted{parts(n, dq), false, sp}});
    } else if (n.is_type<g::assign_subscript>()) {
      // `[KEY]=` of an array element (grammar.hpp `array_keyed`).
      out.push_back({Lit{"[", {sp.begin, sp.begin + 1}}});
      std::vector<WordPart> key;
      for (const auto& k : n.children) part(*k, f, key);
      quotes_again(key, true, again(f));
      key_again(key, sp, assoc_, again(f));
      for (auto& k : key) out.push_back(std::move(k));
      out.push_back({Lit{"]", {sp.end - 1, sp.end}}});
    } else if (n.is_type<g::assign_op>()) {
      out.push_back({Lit{n.string(), sp}});
    } else if (n.is_type<g::word>()) {
      for (const auto& k : n.children) part(*k, f, out);
    } else if (n.is_type<g::bracket_nest>()) {
      out.push_back({Lit{"[", {sp.begin, sp.begin + 1}}});
      for (const auto& k : n.children) part(*k, f, out);
      out.push_back({Lit{"]", {sp.end - 1, sp.end}}});
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
      const Node* rest = nullptr;
      for (const auto& c : n.children) {
        if (c->is_type<g::param_prefix>()) {
          p.prefix = c->string();
        } else if (c->is_type<g::param_name>()) {
          p.name = c->string();
        } else if (c->is_type<g::param_rest>()) {
          p.op = c->string();
          rest = c;
          for (const auto& k : c->children) part(*k, f, p.arg);
        }
      }
      fail_if(validate::check_param(p));
      if (const auto body = funsub_body(p, rest)) {  // `${ cmd; }`: its commands, in this shell
        const auto at = span(f, *rest).end - static_cast<std::uint32_t>(body->size());
        out.push_back({CmdSubst{script(*body, at, f, true), false, sp, true}});
        return;
      }
      param_again(p, f.in_dq, f.in_heredoc, again(f));
      out.push_back({std::move(p)});
    } else if (n.is_type<g::param_brace>()) {
      out.push_back({Lit{"{", {sp.begin, sp.begin + 1}}});
      for (const auto& k : n.children) part(*k, f, out);
      out.push_back({Lit{"}", {sp.end - 1, sp.end}}});
    } else if (n.is_type<g::cmd_subst>()) {
      out.push_back({CmdSubst{clist(*n.children.at(0), f), false, sp, false}});
    } else if (n.is_type<g::proc_subst>()) {
      out.push_back({ProcSubst{n.string().substr(0, 2), clist(*n.children.at(0), f), sp}});
    } else if (n.is_type<g::arith_exp>() || n.is_type<g::arith_bracket>()) {
      auto expr = arith_parts(n, f);
      // `$[…]` is bash's older spelling, parsed only when it runs (`bash -n` takes any text).
      if (n.is_type<g::arith_exp>())
        fail_if(validate::check_arith(expr, validate::ArithMode::expr, sp.end));
      out.push_back({ArithExp{std::move(expr), sp}});
    } else if (n.is_type<g::arith_body>()) {
      for (const auto& k : n.children) part(*k, f, out);
    } else if (n.is_type<g::backtick>()) {
      auto s = n.string_view();
      std::string body = unescape_backtick(s.substr(1, s.size() - 2), f.in_dq);
      out.push_back({CmdSubst{script(body, sp.begin + 1, f, false), true, sp, false}});
    } else {
      // A node kind this lowering does not know (a grammar rule added to the selector and not
      // handled here) must not become literal text: a literal can satisfy an allow token.
      add_error(sp.begin, "internal error: unhandled shell grammar node", false);
      throw Failed{};
    }
  }

  // A backtick's or a `${ cmd; }`'s body (at `at`), parsed one nesting level deeper.
  std::vector<Stmt> script(std::string_view body, std::uint32_t at, const Frame& f, bool funsub) {
    if (f.depth + 1 > limits_.max_depth) {
      add_error(at, "nesting deeper than " + std::to_string(limits_.max_depth) + " levels", false);
      throw Failed{};
    }
    return parse_list(body, at, f.depth + 1, false, funsub);
  }

  void fail_if(const std::optional<validate::Error>& e) {
    if (!e) return;
    add_error(e->offset, e->message, false);
    throw Failed{};
  }

  std::string_view top_;
  const Limits& limits_;
  std::vector<ParseError>& errors_;
  bool assoc_ = false;  // lowering the array of `declare -A NAME=(…)`: its keys expand once
};

}  // namespace

std::optional<std::vector<Stmt>> lower_script(std::string_view src, const Limits& limits,
                                              std::vector<ParseError>& errors) {
  try {
    Converter conv(src, limits, errors);
    return conv.parse_list(src, 0, 0, true);
  } catch (const Failed&) {
  } catch (const std::bad_alloc&) {
    errors.push_back(ParseError{1, 1, 0, "out of memory", false});
  } catch (const std::exception& e) {
    errors.push_back(ParseError{1, 1, 0, std::string("internal error: ") + e.what(), false});
  }
  if (errors.empty()) errors.push_back(ParseError{1, 1, 0, "internal error", false});
  return std::nullopt;
}

std::optional<Word> lower_word(const Node& n, std::string_view text, const Limits& limits,
                               std::vector<ParseError>& errors) {
  try {
    Converter conv(text, limits, errors);
    return conv.lower_word(n, text);
  } catch (const Failed&) {
  } catch (const std::exception& e) {
    errors.push_back(ParseError{1, 1, 0, std::string("internal error: ") + e.what(), false});
  }
  if (errors.empty()) errors.push_back(ParseError{1, 1, 0, "internal error", false});
  return std::nullopt;
}

}  // namespace vigie::shell
