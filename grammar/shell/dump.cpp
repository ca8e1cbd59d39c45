// Dumps of the shell AST and of the commands view: a compact s-expression (golden tests,
// `vigie parse --sexp`) and JSON (`vigie parse --json`).
#include <nlohmann/json.hpp>

#include "grammar/shell/parser.hpp"

namespace vigie::shell {

namespace {

// ----- a tiny s-expression builder -----

struct Sx {
  std::string atom;  // when kids is empty and !list
  std::vector<Sx> kids;
  bool list = false;

  static Sx a(std::string s) { return Sx{std::move(s), {}, false}; }
  static Sx l(std::string head) {
    Sx x;
    x.list = true;
    x.kids.push_back(a(std::move(head)));
    return x;
  }
  Sx& add(Sx k) {
    kids.push_back(std::move(k));
    return *this;
  }
};

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string flat(const Sx& x) {
  if (!x.list) return x.atom;
  std::string s = "(";
  for (std::size_t i = 0; i < x.kids.size(); ++i) {
    if (i) s += ' ';
    s += flat(x.kids[i]);
  }
  return s + ")";
}

void render(const Sx& x, int indent, std::string& out) {
  std::string f = flat(x);
  if (!x.list || f.size() + static_cast<std::size_t>(indent) <= 80) {
    out += f;
    return;
  }
  out += "(" + flat(x.kids[0]);
  for (std::size_t i = 1; i < x.kids.size(); ++i) {
    out += "\n" + std::string(static_cast<std::size_t>(indent + 2), ' ');
    render(x.kids[i], indent + 2, out);
  }
  out += ")";
}

// ----- AST to s-expression -----

Sx stmt_sx(const Stmt& s);

void parts_sx(const std::vector<WordPart>& ps, Sx& into) {
  for (const auto& p : ps) {
    static_assert(std::variant_size_v<WordPartKind> == 7);
    std::visit(
        [&](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, Lit>) {
            into.add(Sx::l("lit").add(Sx::a(quote(x.raw))));
          } else if constexpr (std::is_same_v<T, SglQuoted>) {
            into.add(Sx::l(x.dollar ? "ansi_c" : "sq").add(Sx::a(quote(x.value))));
          } else if constexpr (std::is_same_v<T, DblQuoted>) {
            Sx d = Sx::l(x.dollar ? "locale" : "dq");
            parts_sx(x.parts, d);
            into.add(std::move(d));
          } else if constexpr (std::is_same_v<T, ParamExp>) {
            Sx p = Sx::l("param");
            p.add(Sx::a(quote(x.prefix + x.name)));
            if (!x.op.empty()) {
              Sx o = Sx::l("op");
              parts_sx(x.arg, o);
              p.add(std::move(o));
            }
            into.add(std::move(p));
          } else if constexpr (std::is_same_v<T, CmdSubst>) {
            Sx c = Sx::l(x.backtick ? "backtick" : x.funsub ? "funsub" : "cmd_subst");
            for (const auto& s : x.stmts) c.add(stmt_sx(s));
            into.add(std::move(c));
          } else if constexpr (std::is_same_v<T, ArithExp>) {
            Sx c = Sx::l("arith_exp");
            parts_sx(x.expr, c);
            into.add(std::move(c));
          } else if constexpr (std::is_same_v<T, ProcSubst>) {
            Sx c = Sx::l("proc_subst");
            c.add(Sx::a(quote(x.op)));
            for (const auto& s : x.stmts) c.add(stmt_sx(s));
            into.add(std::move(c));
          }
        },
        p.v);
  }
}

Sx word_sx(const Word& w) {
  Sx x = Sx::l("word");
  parts_sx(w.parts, x);
  return x;
}

Sx list_sx(const char* head, const std::vector<Stmt>& ss) {
  Sx x = Sx::l(head);
  for (const auto& s : ss) x.add(stmt_sx(s));
  return x;
}

Sx redirect_sx(const Redirect& r) {
  Sx x = Sx::l("redirect");
  if (r.fd) x.add(Sx::a(std::to_string(*r.fd)));
  if (!r.fd_var.empty()) x.add(Sx::a("{" + r.fd_var + "}"));
  x.add(Sx::a(quote(r.op)));
  x.add(word_sx(r.word));
  if (r.heredoc) {
    Sx h = Sx::l(r.heredoc->quoted ? "heredoc_quoted" : "heredoc");
    h.add(Sx::a(quote(r.heredoc->body)));
    bool has_exp = false;
    for (const auto& p : r.heredoc->parts) {
      if (!std::holds_alternative<Lit>(p.v)) has_exp = true;
    }
    if (has_exp) parts_sx(r.heredoc->parts, h);
    x.add(std::move(h));
  }
  return x;
}

Sx cmd_sx(const CommandKind& k) {
  static_assert(std::variant_size_v<CommandKind> == 11);
  return std::visit(
      [&](const auto& x) -> Sx {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, CallExpr>) {
          Sx c = Sx::l("call");
          for (const auto& a : x.assigns) {
            Sx as = Sx::l(a.append ? "assign+" : "assign");
            as.add(Sx::a(quote(a.name)));
            if (a.value) as.add(word_sx(*a.value));
            if (a.array) {
              Sx arr = Sx::l("array");
              for (const auto& w : *a.array) arr.add(word_sx(w));
              as.add(std::move(arr));
            }
            c.add(std::move(as));
          }
          for (const auto& w : x.args) c.add(word_sx(w));
          return c;
        } else if constexpr (std::is_same_v<T, BinaryCmd>) {
          Sx c = Sx::l(x.pipeline ? "pipeline" : "and_or");
          for (std::size_t i = 0; i < x.stmts.size(); ++i) {
            if (i) c.add(Sx::a(x.ops[i - 1]));
            c.add(stmt_sx(x.stmts[i]));
          }
          return c;
        } else if constexpr (std::is_same_v<T, Subshell>) {
          return list_sx("subshell", x.stmts);
        } else if constexpr (std::is_same_v<T, Block>) {
          return list_sx("block", x.stmts);
        } else if constexpr (std::is_same_v<T, IfClause>) {
          Sx c = Sx::l("if");
          c.add(list_sx("cond", x.cond)).add(list_sx("then", x.then));
          for (const auto& e : x.elifs) {
            c.add(Sx::l("elif").add(list_sx("cond", e.cond)).add(list_sx("then", e.then)));
          }
          if (x.else_) c.add(list_sx("else", *x.else_));
          return c;
        } else if constexpr (std::is_same_v<T, WhileClause>) {
          return Sx::l(x.until ? "until" : "while")
              .add(list_sx("cond", x.cond))
              .add(list_sx("do", x.body));
        } else if constexpr (std::is_same_v<T, ForClause>) {
          Sx c = Sx::l(x.select ? "select" : "for");
          if (x.arith) {
            Sx a = Sx::l("arith");
            parts_sx(*x.arith, a);
            c.add(std::move(a));
          } else {
            c.add(Sx::a(quote(x.name)));
            if (x.items) {
              Sx in = Sx::l("in");
              for (const auto& w : *x.items) in.add(word_sx(w));
              c.add(std::move(in));
            }
          }
          c.add(list_sx("do", x.body));
          return c;
        } else if constexpr (std::is_same_v<T, CaseClause>) {
          Sx c = Sx::l("case");
          c.add(word_sx(x.word));
          for (const auto& item : x.items) {
            Sx it = Sx::l("item");
            Sx pats = Sx::l("patterns");
            for (const auto& w : item.patterns) pats.add(word_sx(w));
            it.add(std::move(pats));
            for (const auto& s : item.stmts) it.add(stmt_sx(s));
            if (!item.op.empty()) it.add(Sx::a(item.op));
            c.add(std::move(it));
          }
          return c;
        } else if constexpr (std::is_same_v<T, FuncDecl>) {
          Sx c = Sx::l("function");
          c.add(Sx::a(quote(x.name)));
          for (const auto& s : x.body) c.add(stmt_sx(s));
          return c;
        } else if constexpr (std::is_same_v<T, TestClause>) {
          Sx c = Sx::l("test");
          for (const auto& w : x.words) c.add(word_sx(w));
          return c;
        } else {
          static_assert(std::is_same_v<T, ArithmCmd>);
          Sx c = Sx::l("arith");
          parts_sx(x.expr, c);
          return c;
        }
      },
      k);
}

Sx stmt_sx(const Stmt& s) {
  Sx c = cmd_sx(s.cmd);
  if (!s.negated && !s.background && s.redirs.empty()) return c;
  Sx x = Sx::l("stmt");
  if (s.negated) x.add(Sx::a("!"));
  x.add(std::move(c));
  for (const auto& r : s.redirs) x.add(redirect_sx(r));
  if (s.background) x.add(Sx::a("&"));
  return x;
}

// ----- AST to JSON -----

using nlohmann::json;

json stmt_json(const Stmt& s);

json span_json(Span s) {
  return json::array({s.begin, s.end});
}

json parts_json(const std::vector<WordPart>& ps) {
  json arr = json::array();
  for (const auto& p : ps) {
    std::visit(
        [&](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          json j;
          if constexpr (std::is_same_v<T, Lit>) {
            j = {{"type", "Lit"}, {"value", x.raw}};
          } else if constexpr (std::is_same_v<T, SglQuoted>) {
            j = {{"type", "SglQuoted"}, {"value", x.value}, {"dollar", x.dollar}};
          } else if constexpr (std::is_same_v<T, DblQuoted>) {
            j = {{"type", "DblQuoted"}, {"parts", parts_json(x.parts)}, {"dollar", x.dollar}};
          } else if constexpr (std::is_same_v<T, ParamExp>) {
            j = {{"type", "ParamExp"}, {"braced", x.braced}, {"prefix", x.prefix},
                 {"name", x.name},     {"op", x.op},         {"arg", parts_json(x.arg)}};
          } else if constexpr (std::is_same_v<T, CmdSubst>) {
            json st = json::array();
            for (const auto& s : x.stmts) st.push_back(stmt_json(s));
            j = {{"type", "CmdSubst"}, {"backtick", x.backtick}, {"stmts", st}};
            if (x.funsub) j["funsub"] = true;
          } else if constexpr (std::is_same_v<T, ArithExp>) {
            j = {{"type", "ArithmExp"}, {"expr", parts_json(x.expr)}};
          } else if constexpr (std::is_same_v<T, ProcSubst>) {
            json st = json::array();
            for (const auto& s : x.stmts) st.push_back(stmt_json(s));
            j = {{"type", "ProcSubst"}, {"op", x.op}, {"stmts", st}};
          }
          j["span"] = span_json(x.span);
          arr.push_back(std::move(j));
        },
        p.v);
  }
  return arr;
}

json word_json(const Word& w) {
  return {{"type", "Word"},
          {"text", w.text},
          {"parts", parts_json(w.parts)},
          {"span", span_json(w.span)}};
}

json words_json(const std::vector<Word>& ws) {
  json a = json::array();
  for (const auto& w : ws) a.push_back(word_json(w));
  return a;
}

json stmts_json(const std::vector<Stmt>& ss) {
  json a = json::array();
  for (const auto& s : ss) a.push_back(stmt_json(s));
  return a;
}

json cmd_json(const CommandKind& k) {
  return std::visit(
      [&](const auto& x) -> json {
        using T = std::decay_t<decltype(x)>;
        json j;
        if constexpr (std::is_same_v<T, CallExpr>) {
          json as = json::array();
          for (const auto& a : x.assigns) {
            json aj{{"type", "Assign"},
                    {"name", a.name},
                    {"append", a.append},
                    {"span", span_json(a.span)}};
            aj["value"] = a.value ? word_json(*a.value) : json(nullptr);
            if (a.array) aj["array"] = words_json(*a.array);
            as.push_back(std::move(aj));
          }
          j = {{"type", "CallExpr"}, {"assigns", as}, {"args", words_json(x.args)}};
        } else if constexpr (std::is_same_v<T, BinaryCmd>) {
          j = {{"type", "BinaryCmd"},
               {"ops", x.ops},
               {"pipeline", x.pipeline},
               {"stmts", stmts_json(x.stmts)}};
        } else if constexpr (std::is_same_v<T, Subshell>) {
          j = {{"type", "Subshell"}, {"stmts", stmts_json(x.stmts)}};
        } else if constexpr (std::is_same_v<T, Block>) {
          j = {{"type", "Block"}, {"stmts", stmts_json(x.stmts)}};
        } else if constexpr (std::is_same_v<T, IfClause>) {
          json elifs = json::array();
          for (const auto& e : x.elifs) {
            elifs.push_back({{"cond", stmts_json(e.cond)}, {"then", stmts_json(e.then)}});
          }
          j = {{"type", "IfClause"},
               {"cond", stmts_json(x.cond)},
               {"then", stmts_json(x.then)},
               {"elifs", elifs}};
          j["else"] = x.else_ ? stmts_json(*x.else_) : json(nullptr);
        } else if constexpr (std::is_same_v<T, WhileClause>) {
          j = {{"type", "WhileClause"},
               {"until", x.until},
               {"cond", stmts_json(x.cond)},
               {"body", stmts_json(x.body)}};
        } else if constexpr (std::is_same_v<T, ForClause>) {
          j = {{"type", "ForClause"},
               {"select", x.select},
               {"name", x.name},
               {"body", stmts_json(x.body)}};
          j["items"] = x.items ? words_json(*x.items) : json(nullptr);
          j["arith"] = x.arith ? parts_json(*x.arith) : json(nullptr);
        } else if constexpr (std::is_same_v<T, CaseClause>) {
          json items = json::array();
          for (const auto& it : x.items) {
            items.push_back({{"patterns", words_json(it.patterns)},
                             {"stmts", stmts_json(it.stmts)},
                             {"op", it.op},
                             {"span", span_json(it.span)}});
          }
          j = {{"type", "CaseClause"}, {"word", word_json(x.word)}, {"items", items}};
        } else if constexpr (std::is_same_v<T, FuncDecl>) {
          j = {{"type", "FuncDecl"},
               {"name", x.name},
               {"keyword", x.keyword},
               {"body", stmts_json(x.body)}};
        } else if constexpr (std::is_same_v<T, TestClause>) {
          j = {{"type", "TestClause"}, {"words", words_json(x.words)}};
        } else {
          j = {{"type", "ArithmCmd"}, {"expr", parts_json(x.expr)}};
        }
        j["span"] = span_json(x.span);
        return j;
      },
      k);
}

json stmt_json(const Stmt& s) {
  json r = json::array();
  for (const auto& rd : s.redirs) {
    json rj{{"op", rd.op}, {"word", word_json(rd.word)}, {"span", span_json(rd.span)}};
    rj["fd"] = rd.fd ? json(*rd.fd) : json(nullptr);
    if (!rd.fd_var.empty()) rj["fd_var"] = rd.fd_var;
    if (rd.heredoc) {
      rj["heredoc"] = {{"body", rd.heredoc->body},
                       {"quoted", rd.heredoc->quoted},
                       {"parts", parts_json(rd.heredoc->parts)},
                       {"span", span_json(rd.heredoc->span)}};
    }
    r.push_back(std::move(rj));
  }
  return {{"type", "Stmt"},
          {"cmd", cmd_json(s.cmd)},
          {"negated", s.negated},
          {"background", s.background},
          {"redirs", r},
          {"op", s.op},
          {"span", span_json(s.span)}};
}

// ----- commands view -----

Sx view_sx(const WordView& w) {
  if (w.literal) return Sx::a(quote(*w.literal));
  Sx x = Sx::l("nonliteral");
  x.add(Sx::a(quote(w.text)));
  if (w.pattern) x.add(Sx::l("pattern").add(Sx::a(quote(*w.pattern))));
  return x;
}

}  // namespace

std::string to_sexp(const File& f) {
  Sx x = list_sx("file", f.stmts);
  std::string out;
  render(x, 0, out);
  return out;
}

std::string to_json(const File& f) {
  json j{{"type", "File"}, {"stmts", stmts_json(f.stmts)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string commands_to_sexp(const CommandsResult& r) {
  std::string out;
  if (!r.ok) {
    for (const auto& e : r.errors) {
      out += "(error " + std::to_string(e.line) + ":" + std::to_string(e.column) + " " +
             quote(e.message) + (e.incomplete ? " incomplete" : "") + ")\n";
    }
    return out;
  }
  for (const auto& c : r.commands) {
    Sx x = Sx::l("command");
    Sx argv = Sx::l("argv");
    for (const auto& w : c.argv) argv.add(view_sx(w));
    x.add(std::move(argv));
    for (const auto& a : c.assigns) {
      x.add(Sx::l("assign").add(Sx::a(quote(a.name))).add(view_sx(a.value)));
    }
    for (const auto& rd : c.redirects) {
      Sx rx = Sx::l("redirect");
      rx.add(Sx::a(std::to_string(rd.fd))).add(Sx::a(quote(rd.op))).add(view_sx(rd.target));
      if (rd.heredoc_body) rx.add(Sx::l("body").add(Sx::a(quote(*rd.heredoc_body))));
      x.add(std::move(rx));
    }
    Sx ctx = Sx::l("context");
    for (const auto& s : c.context) ctx.add(Sx::a(s));
    x.add(std::move(ctx));
    if (!c.op.empty()) x.add(Sx::l("op").add(Sx::a(quote(c.op))));
    render(x, 0, out);
    out += "\n";
  }
  return out;
}

}  // namespace vigie::shell
