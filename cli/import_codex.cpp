// `vigie import codex-rules FILE`: Codex CLI's execpolicy `.rules` (a Starlark subset) into a
// .vigie policy.
//
//   prefix_rule(pattern = ["git", ["status", "diff"]], decision = "allow")
//   prefix_rule(pattern = ["rm"], decision = "forbidden", justification = "Use `trash`.",
//               match = [["rm", "-rf", "build"]], not_match = ["rmdir x"])
//
// Read narrowly: calls with keyword arguments whose values are strings, lists and names; `#`
// comments. Anything else is an error at FILE:LINE:COL. A prefix_rule becomes a command rule
// (allow, prompt -> ask, forbidden -> deny; a list in the pattern is a `( a | b )` group), its
// justification the message, `match` and `not_match` its `example` and `counterexample` lines.
// Other calls (host_executable) are reported as not expressed.
#include <string>
#include <vector>

#include "cli/import_draft.hpp"
#include "cli/import_formats.hpp"
#include "cli/policy_text.hpp"

namespace vigie::cli {
namespace {

struct Value {
  enum class Kind { string, list, name } kind = Kind::string;
  std::string text;  // string value or name
  std::vector<Value> items;
  std::size_t pos = 0;
};

struct Call {
  std::string name;
  std::size_t pos = 0;
  std::vector<std::pair<std::string, Value>> args;
};

constexpr int kMaxListDepth = 4;

class Parser {
 public:
  Parser(const std::string& text, const std::string& file) : s_(text), file_(file) {}

  bool parse(std::vector<Call>& out, std::string& error) {
    for (;;) {
      skip();
      if (i_ >= s_.size()) return true;
      Call c;
      c.pos = i_;
      if (!name(c.name)) return fail("expected a call such as `prefix_rule(...)`", error);
      skip();
      if (!eat('(')) return fail("expected `(` after `" + c.name + "`", error);
      for (;;) {
        skip();
        if (eat(')')) break;
        std::string key;
        std::size_t at = i_;
        if (!name(key)) return fail("expected a keyword argument (`pattern = [...]`)", error);
        skip();
        if (!eat('=')) {
          i_ = at;
          return fail("expected `=` after `" + key + "` (only keyword arguments are read)", error);
        }
        Value v;
        if (!value(v, 0, error)) return false;
        c.args.emplace_back(key, std::move(v));
        skip();
        if (eat(',')) continue;
        if (eat(')')) break;
        return fail("expected `,` or `)`", error);
      }
      out.push_back(std::move(c));
    }
  }

  std::string position(std::size_t at) const { return text_position(file_, s_, at); }

 private:
  bool fail(const std::string& msg, std::string& error) {
    error = position(i_) + ": " + msg;
    return false;
  }
  void skip() {
    while (i_ < s_.size()) {
      if (s_[i_] == '#') {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r') {
        ++i_;
      } else {
        return;
      }
    }
  }
  bool eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  bool name(std::string& out) {
    std::size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_'))
      ++i_;
    if (i_ == b || std::isdigit(static_cast<unsigned char>(s_[b]))) return i_ = b, false;
    out = s_.substr(b, i_ - b);
    return true;
  }
  bool value(Value& v, int depth, std::string& error) {
    skip();
    v.pos = i_;
    if (i_ >= s_.size()) return fail("the file ends inside a call", error);
    char q = s_[i_];
    if (q == '"' || q == '\'') {
      if (s_.compare(i_, 3, std::string(3, q)) == 0)
        return fail("triple-quoted strings are not read", error);
      ++i_;
      v.kind = Value::Kind::string;
      while (i_ < s_.size() && s_[i_] != q) {
        if (s_[i_] == '\n') return fail("a string does not end on its line", error);
        if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
          char e = s_[++i_];
          v.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        } else {
          v.text += s_[i_];
        }
        ++i_;
      }
      if (!eat(q)) return fail("a string does not end", error);
      return true;
    }
    if (q == '[') {
      if (depth >= kMaxListDepth) return fail("lists nested too deep", error);
      ++i_;
      v.kind = Value::Kind::list;
      for (;;) {
        skip();
        if (eat(']')) return true;
        Value item;
        if (!value(item, depth + 1, error)) return false;
        v.items.push_back(std::move(item));
        skip();
        if (eat(',')) continue;
        if (eat(']')) return true;
        return fail("expected `,` or `]`", error);
      }
    }
    v.kind = Value::Kind::name;
    if (!name(v.text)) return fail("expected a string, a list or a name", error);
    return true;
  }

  const std::string& s_;
  const std::string& file_;
  std::size_t i_ = 0;
};

// A value written back in Starlark (`['git', ['status', 'diff']]`), for messages.
std::string starlark(const Value& v) {
  if (v.kind == Value::Kind::name) return v.text;
  if (v.kind == Value::Kind::string) {  // single quotes: no escapes in a policy message
    std::string o = "'";
    for (char c : v.text) o += c == '\'' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return o + "'";
  }
  std::string o = "[";
  for (std::size_t i = 0; i < v.items.size(); ++i) o += (i ? ", " : "") + starlark(v.items[i]);
  return o + "]";
}

// A list of strings, or a string split like a shell would: one command of `match`/`not_match`.
bool command_words(const Value& v, std::vector<std::string>& out) {
  if (v.kind == Value::Kind::string) {
    auto w = split_shell_words(v.text);
    if (!w) return false;
    out = *w;
    return true;
  }
  if (v.kind != Value::Kind::list || v.items.empty()) return false;
  for (const auto& x : v.items) {
    if (x.kind != Value::Kind::string) return false;
    out.push_back(x.text);
  }
  return true;
}

}  // namespace

bool read_codex_rules(const std::string& text, Draft& d, std::string& error) {
  const LineIndex lines(text);
  d.title = "Codex execpolicy";
  d.header = {"Codex's strictest decision wins (forbidden > prompt > allow), as in vigie.",
              "prefix_rule patterns are whole-token prefixes; vigie's deny and ask rules also",
              "match option sets (`rm -rf` catches `rm -fr`). Built-in safety checks apply too."};
  Parser p(text, d.from);
  std::vector<Call> calls;
  if (!p.parse(calls, error)) return false;
  for (const auto& c : calls) {
    std::string where = d.from + ":" + std::to_string(lines.line(c.pos));
    if (c.name != "prefix_rule") {
      d.not_expressed.push_back(where + ": `" + c.name +
                                "(...)`: only prefix_rule has a vigie equivalent");
      continue;
    }
    const Value *pattern = nullptr, *decision = nullptr, *just = nullptr, *match = nullptr,
                *not_match = nullptr;
    for (const auto& [k, v] : c.args) {
      const Value** slot = k == "pattern"         ? &pattern
                           : k == "decision"      ? &decision
                           : k == "justification" ? &just
                           : k == "match"         ? &match
                           : k == "not_match"     ? &not_match
                                                  : nullptr;
      if (!slot) {
        error = p.position(v.pos) + ": prefix_rule has no argument `" + k + "`";
        return false;
      }
      *slot = &v;
    }
    if (!pattern || pattern->kind != Value::Kind::list || pattern->items.empty()) {
      error = p.position(pattern ? pattern->pos : c.pos) +
              ": prefix_rule needs `pattern`, a non-empty list";
      return false;
    }
    Effect effect = Effect::allow;
    if (decision) {
      std::string s = decision->kind == Value::Kind::string ? decision->text : "";
      if (s == "allow")
        effect = Effect::allow;
      else if (s == "prompt")
        effect = Effect::ask;
      else if (s == "forbidden")
        effect = Effect::deny;
      else {
        error =
            p.position(decision->pos) + ": `decision` is \"allow\", \"prompt\" or \"forbidden\"";
        return false;
      }
    }
    DraftRule r;
    r.block = "commands";
    r.effect = effect;
    std::vector<std::string> first;
    for (const auto& item : pattern->items) {
      std::string piece;
      if (item.kind == Value::Kind::string) {
        piece = pattern_word(item.text);
        first.push_back(item.text);
      } else if (item.kind == Value::Kind::list && !item.items.empty()) {
        for (const auto& alt : item.items) {
          if (alt.kind != Value::Kind::string) {
            error = p.position(alt.pos) + ": a pattern's alternatives are strings";
            return false;
          }
          piece += std::string(piece.empty() ? "( " : " | ") + pattern_word(alt.text);
        }
        piece += " )";
        first.push_back(item.items.front().text);
      } else {
        error = p.position(item.pos) + ": a pattern item is a string or a list of strings";
        return false;
      }
      r.body += (r.body.empty() ? "" : " ") + piece;
    }
    if (just) {
      if (just->kind != Value::Kind::string) {
        error = p.position(just->pos) + ": `justification` is a string";
        return false;
      }
      r.message = just->text;
    }
    for (auto [list, out] :
         {std::pair{match, &r.examples}, std::pair{not_match, &r.counterexamples}}) {
      if (!list) continue;
      if (list->kind != Value::Kind::list) {
        error = p.position(list->pos) + ": `match` and `not_match` are lists";
        return false;
      }
      for (const auto& ex : list->items) {
        std::vector<std::string> words;
        if (!command_words(ex, words)) {
          error = p.position(ex.pos) + ": an example is a list of strings or a command string";
          return false;
        }
        out->push_back(command_line(words));
      }
    }
    r.id = d.make_id(effect, slug(first));
    r.from = where;
    r.entry = "prefix_rule(pattern = " + starlark(*pattern) + ")";
    r.test_kind = "command";
    r.test_subject = command_line(first);
    d.rules.push_back(std::move(r));
  }
  return true;
}

}  // namespace vigie::cli
