// `vigie fmt` (canonical text) and `dump_ast` (s-expressions for goldens).
#include "grammar/policy/format.hpp"

#include <algorithm>
#include <string_view>

#include "grammar/policy/check.hpp"
#include "grammar/policy/diagnostic.hpp"

namespace vigie::policy {

std::string to_source(const Word& w) {
  switch (w.kind) {
    case Word::Kind::bare:
      return w.text;
    case Word::Kind::single_quoted:
      return "'" + w.text + "'";
    case Word::Kind::regex:
      return "/" + w.text + "/";
    case Word::Kind::double_quoted: {
      std::string out = "\"";
      for (char c : w.text) {
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
          default:
            out += c;
        }
      }
      return out + "\"";
    }
  }
  return w.text;
}

namespace {

std::string item_source(const PatternItem& it) {
  switch (it.kind) {
    case PatternItem::Kind::word:
    case PatternItem::Kind::regex:
      return to_source(it.word);
    case PatternItem::Kind::any:
      return "*";
    case PatternItem::Kind::rest:
      return "...";
    case PatternItem::Kind::end:
      return "$";
    case PatternItem::Kind::alt: {
      std::string out = "(";
      for (std::size_t i = 0; i < it.alts.size(); ++i) {
        if (i > 0) out += " | ";
        out += item_source(it.alts[i]);
      }
      return out + ")";
    }
  }
  return {};
}

// The head line of a rule: `deny  rm -rf  "message"`. Effects are padded to one width so that
// patterns line up in a block.
std::string rule_head(const Rule& r) {
  std::string out = vigie::to_string(r.effect);
  out.resize(6, ' ');
  for (std::size_t i = 0; i < r.alternatives.size(); ++i) {
    if (i > 0) out += " | ";
    out += pattern_source(r.alternatives[i]);
  }
  for (const auto& c : r.conditions) out += ' ' + condition_source(c);
  if (r.message) out += "  " + to_source(*r.message);
  return out;
}

// A rule's attributes in source order: (keyword, word).
std::vector<std::pair<const char*, const Word*>> attributes(const Rule& r) {
  std::vector<std::pair<const char*, const Word*>> out;
  if (r.id) out.emplace_back("id", &*r.id);
  for (const auto& w : r.examples) out.emplace_back("example", &w);
  for (const auto& w : r.counterexamples) out.emplace_back("counterexample", &w);
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.second->span.begin < b.second->span.begin;
  });
  return out;
}

std::string setting_source(const Setting& s) {
  std::string out = to_source(s.key);
  for (const auto& a : s.args) out += ' ' + to_source(a);
  return out;
}

std::string test_source(const TestCase& t) {
  std::string out = to_source(t.kind) + ' ' + to_source(t.subject);
  if (!t.with.empty()) {
    out += " with";
    for (const auto& w : t.with) out += ' ' + setting_source(w);
  }
  out += " => ";
  out += vigie::to_string(t.expect);
  if (t.rule) out += " rule " + to_source(*t.rule);
  if (t.message) out += ' ' + to_source(*t.message);
  return out;
}

class Formatter {
 public:
  explicit Formatter(const File& f) : f_(f), lines_index_(f.source) {
    for (const auto& c : f.comments) {
      // A trailing comment has code before it on its line.
      std::uint32_t b = c.span.begin;
      while (b > 0 && f.source[b - 1] != '\n' &&
             (f.source[b - 1] == ' ' || f.source[b - 1] == '\t'))
        --b;
      bool trailing = b > 0 && f.source[b - 1] != '\n';
      (trailing ? trailing_ : own_).push_back(&c);
    }
  }

  std::string run() {
    items(f_.items, 0);
    flush_comments(static_cast<std::uint32_t>(f_.source.size()) + 1, 0);
    for (const Comment* c : trailing_) {
      std::uint32_t line = lines_index_.at(c->span.begin).line;
      // The last output line from that source line; failing that (an empty block folded to
      // `kind {}`), the last one before it, so that no comment is ever lost.
      auto it = std::find_if(lines_.rbegin(), lines_.rend(),
                             [&](const Line& l) { return l.src_line == line; });
      if (it == lines_.rend()) {
        it = std::find_if(lines_.rbegin(), lines_.rend(),
                          [&](const Line& l) { return !l.text.empty() && l.src_line < line; });
      }
      if (it != lines_.rend()) it->text += "  " + c->text;
    }
    std::string out;
    for (const auto& l : lines_) {
      if (!l.text.empty()) out += std::string(l.indent * 2, ' ') + l.text;
      out += '\n';
    }
    return out;
  }

 private:
  struct Line {
    std::size_t indent;
    std::string text;  // empty: a blank line
    std::uint32_t src_line;
  };

  bool blank_before(std::uint32_t offset) const {
    // Is the source line before the one holding `offset` blank?
    std::size_t b = f_.source.rfind('\n', offset == 0 ? 0 : offset - 1);
    if (b == std::string::npos || b == 0 || offset == 0) return false;
    std::size_t pb = f_.source.rfind('\n', b - 1);
    pb = pb == std::string::npos ? 0 : pb + 1;
    return f_.source.find_first_not_of(" \t\r", pb) >= b;
  }

  void emit(std::size_t indent, std::string text, std::uint32_t offset, bool may_blank) {
    if (may_blank && !at_block_start_ && blank_before(offset)) {
      lines_.push_back({0, {}, 0});
    }
    lines_.push_back({indent, std::move(text), lines_index_.at(offset).line});
    at_block_start_ = false;
  }

  void flush_comments(std::uint32_t before, std::size_t indent) {
    while (next_own_ < own_.size() && own_[next_own_]->span.begin < before) {
      const Comment* c = own_[next_own_++];
      emit(indent, c->text, c->span.begin, true);
    }
  }

  void items(const std::vector<Item>& items, std::size_t indent) {
    for (const auto& item : items) {
      static_assert(std::variant_size_v<Item> == 4);
      std::visit([&](const auto& x) { this->item(x, indent); }, item);
    }
  }

  void item(const Setting& s, std::size_t indent) {
    flush_comments(s.span.begin, indent);
    emit(indent, setting_source(s), s.span.begin, true);
  }
  void item(const TestCase& t, std::size_t indent) {
    flush_comments(t.span.begin, indent);
    emit(indent, test_source(t), t.span.begin, true);
  }
  void item(const Rule& r, std::size_t indent) {
    flush_comments(r.span.begin, indent);
    emit(indent, rule_head(r), r.span.begin, true);
    for (const auto& [kw, w] : attributes(r)) {
      flush_comments(w->span.begin, indent + 1);
      emit(indent + 1, std::string(kw) + ' ' + to_source(*w), w->span.begin, false);
    }
  }
  void item(const Block& b, std::size_t indent) {
    flush_comments(b.span.begin, indent);
    std::string head = to_source(b.kind);
    if (b.label) head += ' ' + to_source(*b.label);
    std::uint32_t close = b.span.end > 0 ? b.span.end - 1 : 0;
    bool comments_inside = next_own_ < own_.size() && own_[next_own_]->span.begin < close;
    if (b.items.empty() && !comments_inside) {
      emit(indent, head + " {}", b.span.begin, true);
      return;
    }
    emit(indent, head + " {", b.span.begin, true);
    at_block_start_ = true;
    items(b.items, indent + 1);
    flush_comments(close, indent + 1);
    emit(indent, "}", close, false);
  }

  const File& f_;
  LineIndex lines_index_;
  std::vector<const Comment*> own_, trailing_;
  std::size_t next_own_ = 0;
  std::vector<Line> lines_;
  bool at_block_start_ = true;
};

// --- dump ------------------------------------------------------------------------------------

std::string dump_item(const PatternItem& it) {
  switch (it.kind) {
    case PatternItem::Kind::word:
    case PatternItem::Kind::regex:
      return to_source(it.word);
    case PatternItem::Kind::any:
      return "(any)";
    case PatternItem::Kind::rest:
      return "(rest)";
    case PatternItem::Kind::end:
      return "(end)";
    case PatternItem::Kind::alt: {
      std::string out = "(alt";
      for (const auto& a : it.alts) out += ' ' + dump_item(a);
      return out + ")";
    }
  }
  return {};
}

std::string dump_setting(const char* head, const Setting& s) {
  std::string out = std::string("(") + head + to_source(s.key);
  for (const auto& a : s.args) out += ' ' + to_source(a);
  return out + ")";
}

void dump(const std::vector<Item>& items, std::size_t indent, std::string& out);

struct Dumper {
  std::size_t indent;
  std::string& out;
  void operator()(const Setting& s) { out += dump_setting("setting ", s); }
  void operator()(const Rule& r) {
    out += "(rule ";
    out += vigie::to_string(r.effect);
    for (const auto& p : r.alternatives) {
      out += " (pattern";
      for (const auto& it : p.items) out += ' ' + dump_item(it);
      out += ')';
    }
    for (const auto& c : r.conditions) out += " (" + condition_source(c) + ')';
    if (r.message) out += " (message " + to_source(*r.message) + ')';
    if (r.id) out += " (id " + to_source(*r.id) + ')';
    for (const auto& e : r.examples) out += " (example " + to_source(e) + ')';
    for (const auto& e : r.counterexamples) out += " (counterexample " + to_source(e) + ')';
    out += ')';
  }
  void operator()(const TestCase& t) {
    out += "(test " + to_source(t.kind) + ' ' + to_source(t.subject);
    if (!t.with.empty()) {
      out += " (with";
      for (const auto& w : t.with) out += ' ' + dump_setting("", w);
      out += ')';
    }
    out += " (expect ";
    out += vigie::to_string(t.expect);
    out += ')';
    if (t.rule) out += " (rule " + to_source(*t.rule) + ')';
    if (t.message) out += " (message " + to_source(*t.message) + ')';
    out += ')';
  }
  void operator()(const Block& b) {
    out += "(block " + to_source(b.kind);
    if (b.label) out += ' ' + to_source(*b.label);
    dump(b.items, indent + 1, out);
    out += ')';
  }
};

void dump(const std::vector<Item>& items, std::size_t indent, std::string& out) {
  for (const auto& item : items) {
    out += '\n' + std::string(indent * 2, ' ');
    static_assert(std::variant_size_v<Item> == 4);
    std::visit(Dumper{indent, out}, item);
  }
}

}  // namespace

std::string pattern_source(const Pattern& p) {
  std::string out;
  for (const auto& it : p.items) {
    if (!out.empty()) out += ' ';
    out += item_source(it);
  }
  return out;
}

std::string condition_source(const Condition& c) {
  std::string out = c.kind == Condition::Kind::inside    ? "inside"
                    : c.kind == Condition::Kind::outside ? "outside"
                                                         : "without";
  for (const auto& w : c.operands) out += ' ' + to_source(w);
  return out;
}

std::string format(const File& f) {
  return Formatter(f).run();
}

std::string dump_ast(const File& f) {
  std::string out = "(file";
  dump(f.items, 1, out);
  return out + ")\n";
}

}  // namespace vigie::policy
