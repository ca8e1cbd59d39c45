// Handlers of data tools whose words hold a language or file names of their own (named in
// engine/programs_table_data.cpp and engine/programs_table*.cpp): mlr's verb chain and DSL
// (`system`, `exec`, redirected `tee`/`emit`/`print`/`dump`), dasel's files and `put`/`delete`
// in place, the jq family's modules (`import`, `include` through `-L`) and yq's `load*()`
// functions, httpie's and xh's `@FILE` request items and session files, xsltproc's stylesheet
// writes (exsl:document, unless `--nowrite`), and csvsql's SQLite database URLs.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/code_scan.hpp"
#include "engine/program_data.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using policy::ascii_upper;
using program_words::starts_with;

using code_scan::ident_char;

// The positions where `word` stands as a whole word in `s`.
std::vector<std::size_t> word_at(const std::string& s, std::string_view word) {
  std::vector<std::size_t> out;
  for (std::size_t at = s.find(word); at != std::string::npos; at = s.find(word, at + 1)) {
    bool before = at > 0 && ident_char(s[at - 1]);
    bool after = at + word.size() < s.size() && ident_char(s[at + word.size()]);
    if (!before && !after) out.push_back(at);
  }
  return out;
}

// Where each quote of a text closes: built once per text, so that finding the literal after each
// of many keywords reads the text once.
struct Quotes {
  std::vector<std::size_t> close;  // close[i]: the next `s[i]` after i, for a quote at i
  explicit Quotes(const std::string& s) : close(s.size(), std::string::npos) {
    std::size_t next_dq = std::string::npos, next_sq = std::string::npos;
    for (std::size_t i = s.size(); i-- > 0;) {
      if (s[i] == '"') {
        close[i] = next_dq;
        next_dq = i;
      } else if (s[i] == '\'') {
        close[i] = next_sq;
        next_sq = i;
      }
    }
  }
};

// Whether the first character after `from` that is not a blank is `c`.
bool followed_by(const std::string& s, std::size_t from, char c) {
  while (from < s.size() && (s[from] == ' ' || s[from] == '\t' || s[from] == '\n')) ++from;
  return from < s.size() && s[from] == c;
}

// The first quoted literal after `from` in `s` (skipping blanks, `(`, `>`), or "".
std::string next_literal(const std::string& s, const Quotes& q, std::size_t from) {
  std::size_t i = from;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '(' || s[i] == '>')) ++i;
  if (i >= s.size() || (s[i] != '"' && s[i] != '\'')) return {};
  std::size_t e = q.close[i];
  return e == std::string::npos ? std::string() : s.substr(i + 1, e - i - 1);
}

// Miller's DSL: functions that run commands, and output statements redirected to a file
// (`> "F"`, `>> "F"`) or to a command (`| "CMD"`).
constexpr std::string_view kMlrRuns[] = {"system", "exec"};
constexpr std::string_view kMlrOutputs[] = {"tee",     "emit",  "emitp",  "emitf",
                                            "emit1",   "print", "printn", "eprint",
                                            "eprintn", "dump",  "edump"};
// Verbs: `tee` writes its file operand; `split` writes files named from the data.
constexpr std::string_view kMlrDslVerbs[] = {"put", "filter"};

void mlr_dsl(std::string_view name, const WordView& w, ProgramEffects& out) {
  const std::string& s = *w.literal;
  const Quotes quotes(s);
  for (auto f : kMlrRuns)
    for (std::size_t at : word_at(s, f))
      if (followed_by(s, at + f.size(), '(')) {
        out.escalations.push_back(std::string(name) + " DSL " + std::string(f));
        break;
      }
  for (auto o : kMlrOutputs)
    for (std::size_t at : word_at(s, o)) {
      std::size_t i = at + o.size();
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
      if (i >= s.size() || (s[i] != '>' && s[i] != '|')) continue;
      std::size_t t = s.find_first_not_of(" \t>", i);
      if (s[i] == '>' && t != std::string::npos &&
          (s.compare(t, 6, "stderr") == 0 || s.compare(t, 6, "stdout") == 0))
        continue;  // `print > stderr, …`: the standard streams
      const std::string entry = std::string(name) + " DSL " + std::string(o) + " " + s[i];
      out.escalations.push_back(entry);
      std::string f = next_literal(s, quotes, i);
      if (!f.empty() && s[i] == '>')
        out.files.push_back({Touch::write, file_word(w, f), From::operand, entry});
    }
}

// yq's functions that read a file by name, and jq's module directives.
constexpr std::string_view kJqLoads[] = {"load",        "load_str",  "load_xml", "load_props",
                                         "load_base64", "load_yaml", "strload",  "eval"};
constexpr std::string_view kJqModules[] = {"import", "include"};

// jq (1.6 on) and gojq: after `--args` or `--jsonargs`, the positionals past the filter are
// strings (`$ARGS.positional`), not files: dropped from the operands. `--rawfile NAME FILE` and
// `--slurpfile NAME FILE` take their two words themselves (the table sees operands), so FILE
// stays read wherever it stands; the filter is the first other positional unless an option
// gives it (`-f FILE`).
void drop_positional_strings(ParsedArgs& args) {
  std::size_t from = SIZE_MAX;
  bool filter_given = false;
  std::vector<std::size_t> taken;
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    const std::string n = option_name(*o.decl);
    if ((n == "--args" || n == "--jsonargs") && o.index < from) from = o.index;
    if (n == "--rawfile" || n == "--slurpfile")
      taken.insert(taken.end(), {o.index + 1, o.index + 2});
    if (o.decl->role == 'P' || o.decl->role == 'p') filter_given = true;
  }
  if (from == SIZE_MAX) return;
  std::vector<std::size_t> kept;
  for (std::size_t k : args.operands) {
    const bool pair = std::find(taken.begin(), taken.end(), k) != taken.end();
    if (pair || k < from || !filter_given) kept.push_back(k);
    if (!pair) filter_given = true;  // the first positional is the filter
  }
  args.operands = std::move(kept);
}

}  // namespace

void mlr_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1, true);  // the main flags, up to the verb
  apply_parsed(p, name, w, args, out);
  bool in_place = false;
  for (const auto& o : args.options)
    if (o.decl && o.decl->shorts == "I") in_place = true;
  // `--mfrom A B … --`: the files after the first (the table's value) up to `--` are read, then
  // the main flags go on. Each word is read once.
  while (!args.options.empty() && args.options.back().decl &&
         option_name(*args.options.back().decl) == "--mfrom" && args.stopped_at < w.size()) {
    std::size_t i = args.stopped_at;
    for (; i < w.size() && !(w[i].literal && *w[i].literal == "--"); ++i)
      out.files.push_back({Touch::read, w[i], From::option, std::string(name) + " --mfrom"});
    if (i >= w.size()) return;
    args = parse_args(p, w, i + 1, true);
    apply_parsed(p, name, w, args, out);
    for (const auto& o : args.options)
      if (o.decl && o.decl->shorts == "I") in_place = true;
  }
  // The verb chain: VERB [FLAGS] [ARGS] {then VERB …} {FILE…}. Words that are not flags, verbs
  // or DSL expressions are read (a verb flag's value, read too, is at worst a file too many).
  bool expect_verb = true;
  std::string verb;
  bool dsl_next = false;
  for (std::size_t i = args.stopped_at; i < w.size(); ++i) {
    const WordView& x = w[i];
    if (x.literal) mlr_dsl(name, x, out);
    if (expect_verb) {
      verb = x.literal ? *x.literal : std::string();
      if (!x.literal)
        out.escalations.push_back(std::string(name) + " with a verb that is not static");
      if (verb == "split") out.escalations.push_back(std::string(name) + " split");
      dsl_next = false;
      for (auto v : kMlrDslVerbs) dsl_next = dsl_next || verb == v;
      expect_verb = false;
      continue;
    }
    if (x.literal && *x.literal == "then") {
      expect_verb = true;
      continue;
    }
    if (x.literal && starts_with(*x.literal, "-") && x.literal->size() > 1) {
      const std::string& f = *x.literal;
      if (dsl_next && (f == "-f" || f == "-e")) {
        if (f == "-f") out.escalations.push_back(std::string(name) + " " + verb + " -f");
        dsl_next = false;  // the expression comes from the option
      }
      if (verb == "tee" && f == "-p") out.escalations.push_back(std::string(name) + " tee -p");
      // `join --prepipe CMD`: the verb runs CMD on its left file.
      if ((f == "--prepipe" || f == "--prepipex") && i + 1 < w.size()) {
        out.escalations.push_back(std::string(name) + " " + verb + " " + f);
        if (w[i + 1].literal) out.scripts.push_back(*w[i + 1].literal);
      }
      continue;
    }
    if (dsl_next) {
      if (!x.literal) out.escalations.push_back(std::string(name) + " DSL that is not static");
      dsl_next = false;
      continue;
    }
    const std::string entry = std::string(name) + " " + (verb == "tee" ? "tee" : "operand");
    Touch t = verb == "tee" ? Touch::write : Touch::read;
    out.files.push_back({t, x, From::operand, entry});
    if (in_place && t == Touch::read) out.files.push_back({Touch::write, x, From::operand, entry});
  }
}

void dasel_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  // `--var NAME=FORMAT:file:PATH` and the same as an operand (dasel 3) read PATH.
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!w[i].literal) continue;
    const std::string& s = *w[i].literal;
    std::size_t eq = s.find('=');
    std::size_t at = s.find(":file:");
    if (eq != std::string::npos && at != std::string::npos && at > eq)
      out.files.push_back(
          {Touch::read, file_word(w[i], s.substr(at + 6)), From::operand, "dasel :file:"});
  }
  // `put` and `delete` without `-o` write the `-f` file back.
  bool edits = !args.operands.empty() && w[args.operands[0]].literal &&
               (*w[args.operands[0]].literal == "put" || *w[args.operands[0]].literal == "delete");
  bool has_out = false;
  for (const auto& o : args.options)
    if (o.decl && option_name(*o.decl) == "--out") has_out = true;
  if (!edits || has_out) return;
  for (const auto& o : args.options)
    if (o.decl && option_name(*o.decl) == "--file" && o.value)
      out.files.push_back({Touch::write, *o.value, From::option, "dasel put --file"});
}

void jq_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  if (name == "jq" || name == "gojq") drop_positional_strings(args);
  apply_parsed(p, name, w, args, out);
  std::vector<const WordView*> libs;
  bool no_file_ops = false;
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    const std::string opt = option_name(*o.decl);
    if (o.decl->shorts == "L" && o.value) libs.push_back(&*o.value);
    if (opt == "--security-disable-file-ops") no_file_ops = true;
  }
  // yq's expression can load files: one the line does not show (a file given by `--from-file`,
  // an operand that is not static) is asked.
  if (name == "yq" && !no_file_ops) {
    bool hidden = false;
    for (const auto& o : args.options)
      if (o.decl && o.decl->role == 'P') hidden = true;
    for (std::size_t k : args.operands)
      if (!w[k].literal) hidden = true;
    if (hidden) out.escalations.push_back("yq expression the line does not show (load())");
    // mikefarah's yq 4 reads a first operand that names an existing file as a file (expression
    // `.`), and one ending in `.yq` as its expression file: judged as a file too (rewritten
    // under `-i`).
    bool expression_option = false, in_place = false;
    for (const auto& o : args.options) {
      if (!o.decl) continue;
      expression_option |= o.decl->role == 'P' || o.decl->role == 'p';
      in_place |= o.decl->shorts == "i";
    }
    if (!expression_option && !args.operands.empty()) {
      const WordView& first = w[args.operands[0]];
      out.files.push_back(
          {Touch::read, first, From::operand, "yq (a first operand that is a file)"});
      if (in_place)
        out.files.push_back(
            {Touch::write, first, From::operand, "yq -i (a first operand that is a file)"});
      if (first.literal && first.literal->ends_with(".yq"))
        out.escalations.push_back("yq " + *first.literal +
                                  ": an expression file the line does not show");
    }
  }
  // The filter is the first operand (or an option's value); every static operand is searched:
  // which operand holds it depends on options the table may not know.
  for (std::size_t k : args.operands) {
    if (!w[k].literal) continue;
    const std::string& s = *w[k].literal;
    const Quotes quotes(s);
    for (auto m : kJqModules)
      for (std::size_t at : word_at(s, m)) {
        if (!followed_by(s, at + m.size(), '"')) continue;  // `import "PATH"`, not a file name
        out.escalations.push_back(std::string(name) + " " + std::string(m));
        std::string f = next_literal(s, quotes, at + m.size());
        for (const WordView* dir : libs)
          if (dir->literal && !f.empty())
            out.files.push_back({Touch::read, file_word(*dir, *dir->literal + "/" + f),
                                 From::option, std::string(name) + " " + std::string(m)});
      }
    if (no_file_ops) continue;
    for (auto l : kJqLoads)
      for (std::size_t at : word_at(s, l)) {
        std::size_t i = at + l.size();
        while (i < s.size() && s[i] == ' ') ++i;
        if (i >= s.size() || s[i] != '(') continue;
        const std::string entry = std::string(name) + " " + std::string(l) + "()";
        out.escalations.push_back(entry);
        std::string f = next_literal(s, quotes, i);
        if (!f.empty())
          out.files.push_back({Touch::read, file_word(w[k], f), From::operand, entry});
      }
  }
}

void httpie_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  for (const auto& o : args.options) {
    if (!o.decl || !o.value || !o.value->literal) continue;
    const std::string opt = option_name(*o.decl);
    const std::string& v = *o.value->literal;
    // A session given as a path (not a bare name) is read and updated; --verify names a CA file
    // unless it is a boolean.
    bool path = v.find('/') != std::string::npos || v.find('.') != std::string::npos;
    if ((opt == "--session" || opt == "--session-read-only") && path) {
      out.files.push_back({Touch::read, *o.value, From::option, std::string(name) + " " + opt});
      if (opt == "--session")
        out.files.push_back({Touch::write, *o.value, From::option, std::string(name) + " " + opt});
    }
    std::string low = ascii_lower(v);
    if (opt == "--verify" && low != "yes" && low != "no" && low != "true" && low != "false")
      out.files.push_back({Touch::read, *o.value, From::option, std::string(name) + " --verify"});
  }
  // `[METHOD] URL ITEM...`: the URL fetched, with the method given, else POST when a data item
  // (`field=value`, `field:=json`, `@FILE`, `field@FILE`) is sent, else GET.
  if (!args.operands.empty()) {
    std::size_t ui = 0;
    std::string method;
    const WordView& first = w[args.operands[0]];
    // A method in capitals, or a usual one in any case (`http delete URL`).
    if (first.literal && !first.literal->empty() && args.operands.size() > 1) {
      const std::string up = ascii_upper(*first.literal);
      if (*first.literal == up
              ? up.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos
              : (up == "GET" || up == "HEAD" || up == "POST" || up == "PUT" || up == "PATCH" ||
                 up == "DELETE" || up == "OPTIONS")) {
        method = up;
        ui = 1;
      }
    }
    if (ui < args.operands.size()) {
      bool data = false;
      for (std::size_t k = ui + 1; k < args.operands.size(); ++k) {
        const WordView& item = w[args.operands[k]];
        if (!item.literal) {
          data = true;  // may be a data item
          continue;
        }
        const std::string& s = *item.literal;
        const std::size_t sep = s.find_first_of(":=@");
        if (sep == std::string::npos) continue;
        const char next = sep + 1 < s.size() ? s[sep + 1] : '\0';
        if (s[sep] == '@' || (s[sep] == '=' && next != '=') || (s[sep] == ':' && next == '='))
          data = true;
      }
      const WordView& u = w[args.operands[ui]];
      out.fetches.push_back({u.literal ? *u.literal : std::string(), !method.empty() ? method
                                                                     : data          ? "POST"
                                                                                     : "GET"});
    }
  }
  // Request items: `@FILE` (the body), `field@FILE` (a form file), `field=@FILE`,
  // `field:=@FILE`, `header:@FILE`, `param==@FILE`: FILE is read (`;type=…` cut).
  for (std::size_t k : args.operands) {
    if (!w[k].literal) continue;
    const std::string& s = *w[k].literal;
    std::size_t sep = s.find_first_of(":=@");
    if (sep == std::string::npos) continue;
    std::size_t at = std::string::npos;
    if (s[sep] == '@') {
      at = sep;
    } else {
      std::size_t i = sep;
      while (i < s.size() && (s[i] == ':' || s[i] == '=')) ++i;
      if (i < s.size() && s[i] == '@' && i - sep <= 2) at = i;
    }
    if (at == std::string::npos || (at > 0 && s[at - 1] == '\\')) continue;
    std::string f = s.substr(at + 1);
    if (std::size_t semi = f.find(";type="); semi != std::string::npos) f.resize(semi);
    if (!f.empty())
      out.files.push_back(
          {Touch::read, file_word(w[k], f), From::operand, std::string(name) + " @FILE"});
  }
}

void xslt_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  bool confined = false;
  for (const auto& o : args.options)
    if (o.decl && (option_name(*o.decl) == "--nowrite" || option_name(*o.decl) == "--writesubtree"))
      confined = true;
  // The stylesheet is code: exsl:document and xsl:document write any file it names.
  if (!confined && !args.operands.empty())
    out.escalations.push_back(std::string(name) + " stylesheet may write files (--nowrite)");
  // `--param NAME EXPR` values are XPath: `document('F')` there reads F (asked, F read).
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!w[i].literal) continue;
    const std::string& s = *w[i].literal;
    std::vector<std::size_t> at = word_at(s, "document");
    if (at.empty()) continue;
    const Quotes quotes(s);
    for (std::size_t a : at) {
      std::size_t k = a + 8;
      while (k < s.size() && s[k] == ' ') ++k;
      if (k >= s.size() || s[k] != '(') continue;
      out.escalations.push_back(std::string(name) + " document()");
      std::string f = next_literal(s, quotes, k);
      if (!f.empty())
        out.files.push_back(
            {Touch::read, file_word(w[i], f), From::operand, "xsltproc document()"});
    }
  }
}

void csvsql_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  // `--db sqlite:///F` (and duckdb:///F): the database file F is read and written.
  for (const auto& o : args.options) {
    if (!o.decl || option_name(*o.decl) != "--db" || !o.value) continue;
    if (!o.value->literal) {
      out.escalations.push_back(std::string(name) + " --db that is not static");
      continue;
    }
    std::string v = *o.value->literal;
    std::string low = ascii_lower(v);
    for (std::string_view scheme : {"sqlite:///", "duckdb:///"}) {
      std::size_t plus = low.find("://");
      if (!starts_with(low, scheme.substr(0, scheme.find(':'))) || plus == std::string::npos)
        continue;
      std::string f = v.substr(plus + 4);
      if (std::size_t q = f.find('?'); q != std::string::npos) f.resize(q);
      if (f.empty()) continue;
      out.files.push_back({Touch::read, file_word(*o.value, f), From::option, "csvsql --db"});
      out.files.push_back({Touch::write, file_word(*o.value, f), From::option, "csvsql --db"});
    }
  }
}

}  // namespace vigie::engine
