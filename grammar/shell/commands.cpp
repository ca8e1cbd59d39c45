// The commands view: walks the AST and lists every simple command that may run.
//
// `word_view` is the one place that decides whether a word is static (see WordView).
#include "grammar/shell/commands.hpp"

#include <cstdint>

#include "grammar/shell/ast.hpp"
#include "grammar/shell/parser.hpp"
#include "grammar/shell/plain.hpp"

namespace vigie::shell {

namespace {

bool is_glob_ch(char c) {
  return c == '*' || c == '?' || c == '[';
}

// Accumulates a word's value and flags, part by part.
struct WordBuilder {
  std::string value;    // quote-removed
  std::string escaped;  // quote-removed, quoted glob characters escaped with `\`
  bool has_glob = false, has_tilde = false, has_expansion = false, has_brace = false;
  bool first = true;
  bool assign_value = false;  // tilde also after `:` in assignment values
  // The brace scan runs across the word's parts: bash expands `{'.env',x}` and `.e{'n',m}v`,
  // where only the braces and the comma are unquoted (a quoted one does not count).
  int brace_depth = 0;
  bool brace_comma = false;

  void quoted(std::string_view s) {
    value += s;
    for (char c : s) {
      if (is_glob_ch(c) || c == ']' || c == '\\') escaped += '\\';
      escaped += c;
    }
  }

  // An unquoted run, raw (backslash escapes still in).
  void unquoted(std::string_view raw, bool at_start) {
    // Brace expansion: `{a,b}` or `{1..3}` unquoted.
    int& depth = brace_depth;
    bool& comma = brace_comma;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c == '\\') {
        ++i;
        continue;
      }
      if (c == '{') {
        ++depth;
      } else if (c == '}' && depth > 0) {
        if (comma) has_brace = true;
        --depth;
      } else if (depth > 0 && (c == ',' || (c == '.' && i + 1 < raw.size() && raw[i + 1] == '.'))) {
        comma = true;
      }
    }
    for (std::size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c == '\\') {
        if (i + 1 < raw.size()) {
          char n = raw[++i];
          if (n == '\n') continue;  // line continuation
          quoted(std::string_view(&n, 1));
        }
        continue;
      }
      if (c == '~' && ((at_start && i == 0) || (assign_value && i > 0 && raw[i - 1] == ':'))) {
        has_tilde = true;
      }
      if (c == '*' || c == '?') has_glob = true;
      value += c;
      escaped += c;
    }
  }

  // `[` is a glob only with an unquoted `]` after it, in any part of the word (`["t"]ests`,
  // `[[:alpha:]]`); a quoted `]` does not close it. One pass over `escaped` (a `find` per `[`
  // was quadratic on a word of 1 MiB of `[`).
  bool bracket_glob() const {
    bool open = false;
    for (std::size_t i = 0; i < escaped.size(); ++i) {
      if (escaped[i] == '\\') {
        ++i;
      } else if (escaped[i] == '[') {
        open = true;
      } else if (escaped[i] == ']' && open) {
        return true;
      }
    }
    return false;
  }

  // Inside double quotes: `\` escapes only `$`, `` ` ``, `"`, `\` and newline.
  void dq_lit(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c == '\\' && i + 1 < raw.size()) {
        char n = raw[i + 1];
        if (n == '$' || n == '`' || n == '"' || n == '\\') {
          out += n;
          ++i;
          continue;
        }
        if (n == '\n') {
          ++i;
          continue;
        }
      }
      out += c;
    }
    quoted(out);
  }

  void parts(const std::vector<WordPart>& ps, bool in_dq) {
    for (const auto& p : ps) {
      static_assert(std::variant_size_v<WordPartKind> == 7);
      std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Lit>) {
              if (in_dq) {
                dq_lit(x.raw);
              } else {
                unquoted(x.raw, first);
              }
            } else if constexpr (std::is_same_v<T, SglQuoted>) {
              quoted(x.value);
            } else if constexpr (std::is_same_v<T, DblQuoted>) {
              parts(x.parts, true);
            } else {
              has_expansion = true;
            }
          },
          p.v);
      first = false;
    }
  }
};

// A word of one plain part: an unquoted run without escapes, globs, braces or tildes, or one
// single-quoted string. Its value is the part's text, literal and pattern alike (what the
// WordBuilder would compute, without its byte-by-byte copies).
const std::string* plain_value(const std::vector<WordPart>& parts) {
  if (parts.size() != 1) return nullptr;
  if (const auto* l = std::get_if<Lit>(&parts[0].v)) {
    for (char c : l->raw) {
      if (c == '\\' || c == '*' || c == '?' || c == '[' || c == '{' || c == '~') return nullptr;
    }
    return &l->raw;
  }
  if (const auto* q = std::get_if<SglQuoted>(&parts[0].v)) return &q->value;
  return nullptr;
}

// Fills `v` (default-constructed) with the view of a word: in place, so that a vector of views
// does not move each one in.
void fill_view(WordView& v, const std::vector<WordPart>& parts, const std::string& text, Span span,
               bool assign_value) {
  v.text = text;
  v.span = span;
  if (const std::string* plain = plain_value(parts)) {
    if (*plain == text) {  // an unquoted word: its value is its text, stored once
      v.literal.same_as_text();
      v.pattern.same_as_text();
    } else {
      v.pattern = *plain;
      v.literal = *plain;
    }
    return;
  }
  WordBuilder b;
  b.assign_value = assign_value;
  b.parts(parts, false);
  b.has_glob = b.has_glob || b.bracket_glob();
  v.has_glob = b.has_glob;
  v.has_tilde = b.has_tilde;
  v.has_expansion = b.has_expansion;
  v.has_brace = b.has_brace;
  if (!b.has_expansion && !b.has_brace) {
    // An assignment's value is not globbed (`x=a[\$\(id\)]` holds `a[$(id)]`): its value.
    if (b.has_glob && !assign_value) {
      v.pattern = std::move(b.escaped);
    } else {
      v.pattern = b.value;
      if (!b.has_tilde) v.literal = std::move(b.value);
    }
  }
}

WordView make_view(const std::vector<WordPart>& parts, const std::string& text, Span span,
                   bool assign_value) {
  WordView v;
  fill_view(v, parts, text, span, assign_value);
  return v;
}

class Walker {
 public:
  std::vector<CommandView> out;
  std::size_t max_commands = limits::shell_commands;
  bool over = false;  // a command past `max_commands` was not listed

  void stmts(const std::vector<Stmt>& ss) {
    for (const auto& s : ss) stmt(s);
  }
  // After the last statement: a loop's glob items no command took (`for f in *; do ((n++));
  // done`) go on the last command, else on one of their own.
  void finish() {
    if (pending_globs_.empty() || over) return;
    if (out.empty()) {
      out.emplace_back().context = ctx_;
      out.back().op = take_op();
    }
    take_globs(out.back());
  }

 private:
  std::vector<std::string> ctx_{"top"};
  std::string pending_op_;
  std::vector<WordView> pending_globs_;  // a quiet loop's glob items (`loop_assignments`)

  struct Push {
    Walker& w;
    std::size_t n;
    Push(Walker& w_, std::initializer_list<std::string> vals) : w(w_), n(vals.size()) {
      for (const auto& v : vals) w.ctx_.push_back(v);
    }
    ~Push() { w.ctx_.resize(w.ctx_.size() - n); }
  };

  void stmt(const Stmt& s) {
    if (!s.op.empty()) pending_op_ = s.op;
    std::size_t pushed = 0;
    if (s.background) {
      ctx_.push_back("background");
      ++pushed;
    }
    if (s.negated) {
      ctx_.push_back("negated");
      ++pushed;
    }
    if (const auto* call = std::get_if<CallExpr>(&s.cmd)) {
      simple(*call, s);
    } else {
      // A compound command's own redirections are judged as a command without argv.
      if (!s.redirs.empty()) {
        CommandView v;
        v.span = s.span;
        v.context = ctx_;
        v.op = take_op();
        for (const auto& r : s.redirs) v.redirects.push_back(redirect_view(r));
        take_globs(v);
        out.push_back(std::move(v));
        for (const auto& r : s.redirs) redirect_inner(r);
      }
      compound(s.cmd);
    }
    ctx_.resize(ctx_.size() - pushed);
  }

  std::string take_op() {
    std::string op = std::move(pending_op_);
    pending_op_.clear();
    return op;
  }

  // A quiet loop's glob items (`loop_assignments`), for the next command listed.
  void take_globs(CommandView& v) {
    if (pending_globs_.empty()) return;
    for (auto& w : pending_globs_) v.glob_words.push_back(std::move(w));
    pending_globs_.clear();
  }

  static RedirectView redirect_view(const Redirect& r) {
    RedirectView v;
    v.op = r.op;
    if (r.fd) {
      v.fd = *r.fd;
    } else {
      bool input = r.op == "<" || r.op == "<<" || r.op == "<<-" || r.op == "<<<" || r.op == "<&" ||
                   r.op == "<>";
      v.fd = input ? 0 : 1;
    }
    v.fd_var = r.fd_var;
    fill_view(v.target, r.word.parts, r.word.text, r.word.span, false);
    if (r.heredoc) {
      v.heredoc_body = r.heredoc->body;
      v.heredoc_quoted = r.heredoc->quoted;
    }
    v.span = r.span;
    return v;
  }

  void simple(const CallExpr& c, const Stmt& s) {
    if (out.size() >= max_commands) {
      over = true;
      return;
    }
    // Filled in place; nothing below recurses into the walker until it is complete.
    CommandView& v = out.emplace_back();
    v.span = s.span;
    v.context = ctx_;
    v.op = take_op();
    take_globs(v);
    v.assigns.reserve(c.assigns.size());
    v.argv.reserve(c.args.size());
    v.redirects.reserve(s.redirs.size());
    for (const auto& a : c.assigns) {
      AssignView av;
      av.name = a.name;
      av.append = a.append;
      av.span = a.span;
      if (a.array) {
        av.value.text = a.text;
        av.value.has_expansion = true;  // never literal
        for (const auto& w : *a.array) {
          WordView wv = make_view(w.parts, w.text, w.span, false);
          av.value.has_glob |= wv.has_glob;
          if (wv.has_glob) v.glob_words.push_back(wv);  // `a=(~/.ssh/*)` lists `~/.ssh`
          av.value.has_tilde |= wv.has_tilde;
        }
      } else if (a.value) {
        fill_view(av.value, a.value->parts, a.value->text, a.value->span, true);
      } else {
        av.value.literal = "";
        av.value.pattern = "";
      }
      v.assigns.push_back(std::move(av));
    }
    for (const auto& w : c.args) fill_view(v.argv.emplace_back(), w.parts, w.text, w.span, false);
    for (const auto& r : s.redirs) v.redirects.push_back(redirect_view(r));
    // Then the commands nested in its words, in source order: assignments, words and
    // redirections are each in source order, so a three-way merge (on a tie: assignment, word,
    // redirection) orders them without a sort.
    std::size_t ai = 0, wi = 0, ri = 0;
    constexpr std::uint32_t kEnd = UINT32_MAX;
    while (ai < c.assigns.size() || wi < c.args.size() || ri < s.redirs.size()) {
      const std::uint32_t ap = ai < c.assigns.size() ? c.assigns[ai].span.begin : kEnd;
      const std::uint32_t wp = wi < c.args.size() ? c.args[wi].span.begin : kEnd;
      const std::uint32_t rp = ri < s.redirs.size() ? s.redirs[ri].span.begin : kEnd;
      if (ai < c.assigns.size() && ap <= wp && ap <= rp) {
        const Assign& a = c.assigns[ai++];
        word_parts(a.subscript);
        if (a.value) word_parts(a.value->parts);
        if (a.array) {
          for (const auto& w : *a.array) word_parts(w.parts);
        }
      } else if (wi < c.args.size() && wp <= rp) {
        word_parts(c.args[wi++].parts);
      } else {
        redirect_inner(s.redirs[ri++]);
      }
    }
  }

  // `for NAME in A B; do`, `select NAME in …`: the loop assigns NAME each item in turn, as
  // `NAME=A NAME=B` would (`for PATH in /tmp/x; do ls; done`). One command without argv holds
  // the assignments; `for NAME; do` takes the positional parameters (`"$@"`, not static).
  void loop_assignments(const ForClause& x) {
    if (x.arith || x.name.empty() || (x.items && x.items->empty())) return;
    // `for f in a b`: nothing a program reads, no value holding code (that `$((f))` would run):
    // left out, as the fast path leaves it (plain.cpp `for_var`, `for_word`). Its glob items
    // (`for f in ~/.ssh/*`) go on the command holding the assignments, else on the body's first
    // (`glob_words`): the shell lists the folders they walk.
    bool code = false;
    if (x.items)
      for (const auto& w : *x.items) {
        WordView v;
        fill_view(v, w.parts, w.text, w.span, false);
        code |= v.literal && v.literal->find_first_of("$`") != std::string::npos;
        if (v.has_glob) pending_globs_.push_back(std::move(v));
      }
    if (loop_name_quiet(x.name) && (!x.items || !code)) return;
    if (out.size() >= max_commands) {
      over = true;
      return;
    }
    CommandView& v = out.emplace_back();
    v.span = x.span;
    v.context = ctx_;
    v.op = take_op();
    v.glob_words = std::move(pending_globs_);
    pending_globs_.clear();
    if (!x.items) {
      AssignView av;
      av.name = x.name;
      av.span = x.span;
      av.value.text = "\"$@\"";
      av.value.has_expansion = true;
      v.assigns.push_back(std::move(av));
      return;
    }
    v.assigns.reserve(x.items->size());
    for (const auto& w : *x.items) {
      AssignView& av = v.assigns.emplace_back();
      av.name = x.name;
      av.span = w.span;
      fill_view(av.value, w.parts, w.text, w.span, false);
    }
  }

  void redirect_inner(const Redirect& r) {
    word_parts(r.fd_subscript);
    word_parts(r.word.parts);
    if (r.heredoc && !r.heredoc->quoted && !r.heredoc->parts.empty()) {
      Push p(*this, {"heredoc"});
      word_parts(r.heredoc->parts);
    }
  }

  void words(const std::vector<Word>& ws) {
    for (const auto& w : ws) word_parts(w.parts);
  }

  void word_parts(const std::vector<WordPart>& ps) {
    for (const auto& p : ps) {
      static_assert(std::variant_size_v<WordPartKind> == 7);
      std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, DblQuoted>) {
              word_parts(x.parts);
            } else if constexpr (std::is_same_v<T, ParamExp>) {
              word_parts(x.arg);
            } else if constexpr (std::is_same_v<T, CmdSubst>) {
              Push push(*this, {x.backtick ? "backtick" : x.funsub ? "${}" : "$()"});
              stmts(x.stmts);
            } else if constexpr (std::is_same_v<T, ArithExp>) {
              Push push(*this, {"arith"});
              word_parts(x.expr);
            } else if constexpr (std::is_same_v<T, ProcSubst>) {
              Push push(*this, {x.op == "<(" ? "<()" : ">()"});
              stmts(x.stmts);
            }
          },
          p.v);
    }
  }

  void compound(const CommandKind& k) {
    static_assert(std::variant_size_v<CommandKind> == 11);
    std::visit(
        [&](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, CallExpr>) {
            // handled by stmt()
          } else if constexpr (std::is_same_v<T, BinaryCmd>) {
            std::size_t pushed = 0;
            if (x.pipeline) {
              ctx_.push_back("pipeline");
              ++pushed;
            }
            for (std::size_t i = 0; i < x.stmts.size(); ++i) {
              if (i > 0) pending_op_ = x.ops[i - 1];
              stmt(x.stmts[i]);
            }
            ctx_.resize(ctx_.size() - pushed);
          } else if constexpr (std::is_same_v<T, Subshell>) {
            Push p(*this, {"subshell"});
            stmts(x.stmts);
          } else if constexpr (std::is_same_v<T, Block>) {
            Push p(*this, {"group"});
            stmts(x.stmts);
          } else if constexpr (std::is_same_v<T, IfClause>) {
            Push p(*this, {"if"});
            {
              Push c(*this, {"condition"});
              stmts(x.cond);
            }
            stmts(x.then);
            for (const auto& e : x.elifs) {
              {
                Push c(*this, {"condition"});
                stmts(e.cond);
              }
              stmts(e.then);
            }
            if (x.else_) stmts(*x.else_);
          } else if constexpr (std::is_same_v<T, WhileClause>) {
            Push p(*this, {"loop"});
            {
              Push c(*this, {"condition"});
              stmts(x.cond);
            }
            stmts(x.body);
          } else if constexpr (std::is_same_v<T, ForClause>) {
            Push p(*this, {"loop"});
            if (x.items) words(*x.items);
            loop_assignments(x);
            if (x.arith) {
              Push a(*this, {"arith"});
              word_parts(*x.arith);
            }
            stmts(x.body);
          } else if constexpr (std::is_same_v<T, CaseClause>) {
            word_parts(x.word.parts);
            Push p(*this, {"case"});
            for (const auto& item : x.items) {
              words(item.patterns);
              stmts(item.stmts);
            }
          } else if constexpr (std::is_same_v<T, FuncDecl>) {
            Push p(*this, {"function:" + x.name});
            stmts(x.body);
          } else if constexpr (std::is_same_v<T, TestClause>) {
            Push p(*this, {"test"});
            words(x.words);
          } else if constexpr (std::is_same_v<T, ArithmCmd>) {
            Push p(*this, {"arith"});
            word_parts(x.expr);
          }
        },
        k);
  }
};

}  // namespace

WordView word_view(const Word& w) {
  return make_view(w.parts, w.text, w.span, false);
}

std::vector<CommandView> list_commands(const File& f) {
  Walker w;
  w.stmts(f.stmts);
  w.finish();
  return std::move(w.out);
}

CommandsResult parse_commands_full(std::string_view src, const Limits& limits) {
  CommandsResult r;
  try {
    ParseResult p = parse(src, limits);
    r.errors = std::move(p.errors);
    if (p.ok) {
      Walker w;
      w.max_commands = limits.max_commands;
      w.stmts(p.file.stmts);
      w.finish();
      r.ok = !w.over;
      // An error lists no command, as every other error of the parse.
      if (r.ok) r.commands = std::move(w.out);
      if (w.over)
        r.errors.push_back(ParseError{
            1, 1, 0, "more than " + std::to_string(limits.max_commands) + " commands in one line",
            false});
    }
  } catch (const std::exception& e) {
    r.ok = false;
    r.commands.clear();
    r.errors.push_back(ParseError{1, 1, 0, std::string("internal error: ") + e.what(), false});
  }
  return r;
}

}  // namespace vigie::shell
