// The shell AST: plain structs in the vocabulary of mvdan/sh (syntax/nodes.go).
//
// A `File` is a list of `Stmt`; a `Stmt` holds one `Command` (a closed sum) plus its
// negation, background flag, redirections and the list operator that led to it. Words are
// lists of `WordPart`s. Every node carries a byte `Span` into the source it was parsed from.
//
// Differences from mvdan/sh, on purpose:
//  - `BinaryCmd` is flat (`a && b || c` is one node with 3 statements and 2 operators), so a
//    10,000-term `&&` chain costs no recursion when it is walked or destroyed;
//  - `Lit` keeps its raw text (backslashes included); quote removal is done by the commands view.
//
// Produced by `parse` (parser.hpp); dumped by dump.cpp; walked by commands.cpp.
#ifndef VIGIE_GRAMMAR_SHELL_AST_HPP
#define VIGIE_GRAMMAR_SHELL_AST_HPP

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::shell {

struct Stmt;
struct WordPart;

// ---------------------------------------------------------------------------------------------
// Words.

// An unquoted run, as written (`de\lete` keeps its backslash).
struct Lit {
  std::string raw;
  Span span;
};

// `'…'`, or `$'…'` (dollar = true, value decoded).
struct SglQuoted {
  std::string value;
  bool dollar = false;
  Span span;
};

// `"…"` or `$"…"`. Its `Lit` parts are raw text inside the quotes.
struct DblQuoted {
  std::vector<WordPart> parts;
  bool dollar = false;
  Span span;
};

struct Word {
  std::vector<WordPart> parts;
  std::string text;  // the source text
  Span span;
};

// `$x`, `${x}`, `${#x}`, `${x:-word}`, ...: `op` is the raw text after the name and `arg` its
// parts (for nested expansions).
struct ParamExp {
  bool braced = false;
  std::string prefix;  // "#" or "!" or ""
  std::string name;
  std::string op;
  std::vector<WordPart> arg;
  Span span;
};

// `$(…)` or a backtick substitution; or `${ …; }`, `${| …; }` (`funsub`: bash 5.3, mksh,
// ksh93), whose commands run in this shell, not in a subshell (a `cd` there moves it).
struct CmdSubst {
  std::vector<Stmt> stmts;
  bool backtick = false;
  Span span;
  bool funsub = false;
};

// `$((…))`: the expression as parts (literal text and expansions).
struct ArithExp {
  std::vector<WordPart> expr;
  Span span;
};

// `<(…)` or `>(…)`.
struct ProcSubst {
  std::string op;  // "<(" or ">("
  std::vector<Stmt> stmts;
  Span span;
};

using WordPartKind =
    std::variant<Lit, SglQuoted, DblQuoted, ParamExp, CmdSubst, ArithExp, ProcSubst>;

struct WordPart {
  WordPartKind v;
};

// ---------------------------------------------------------------------------------------------
// Redirections and assignments.

struct Heredoc {
  std::string body;             // raw, as data
  bool quoted = false;          // quoted delimiter: no expansion in the body
  bool strip_tabs = false;      // `<<-`
  std::vector<WordPart> parts;  // unquoted bodies: the parsed body (expansions)
  Span span;                    // the body
};

struct Redirect {
  std::string op;         // "<", ">", ">>", ">|", "<>", "<&", ">&", "&>", "&>>", "<<", "<<-", "<<<"
  std::optional<int> fd;  // an explicit fd number
  std::string fd_var;     // `{var}>file`, `{a[KEY]}>file` (with its subscript)
  std::vector<WordPart> fd_subscript;  // `{a[KEY]}`: the subscript's parts (its substitutions run)
  Word word;  // target, fd word, here-string word or here-document delimiter
  std::optional<Heredoc> heredoc;
  Span span;
};

struct Assign {
  std::string name;                 // with its `[subscript]` if any
  std::vector<WordPart> subscript;  // the subscript's parts (its substitutions run)
  bool append = false;
  std::optional<Word> value;
  std::optional<std::vector<Word>> array;  // `a=(x y)`
  std::string text;                        // the source text of the value (`(x y)` for arrays)
  Span span;
};

// ---------------------------------------------------------------------------------------------
// Commands.

// A simple command. Its redirections live on the enclosing `Stmt`.
struct CallExpr {
  std::vector<Assign> assigns;
  std::vector<Word> args;
  Span span;
};

// `x op y op z` with every op in `&&`/`||`, or every op in `|`/`|&` (a pipeline).
struct BinaryCmd {
  std::vector<Stmt> stmts;
  std::vector<std::string> ops;  // stmts.size() - 1 operators
  bool pipeline = false;
  Span span;
};

struct Subshell {
  std::vector<Stmt> stmts;
  Span span;
};

struct Block {
  std::vector<Stmt> stmts;
  Span span;
};

struct Elif {
  std::vector<Stmt> cond, then;
};

struct IfClause {
  std::vector<Stmt> cond, then;
  std::vector<Elif> elifs;
  std::optional<std::vector<Stmt>> else_;
  Span span;
};

struct WhileClause {
  bool until = false;
  std::vector<Stmt> cond, body;
  Span span;
};

// `for name in items; do …; done`, `select …`, or `for ((init; cond; post))`.
struct ForClause {
  bool select = false;
  std::string name;
  std::optional<std::vector<Word>> items;      // absent: `for x; do` (the positional parameters)
  std::optional<std::vector<WordPart>> arith;  // `for ((…))`
  std::vector<Stmt> body;
  Span span;
};

struct CaseItem {
  std::vector<Word> patterns;
  std::vector<Stmt> stmts;
  std::string op;  // ";;", ";&", ";;&" or "" (last item)
  Span span;
};

struct CaseClause {
  Word word;
  std::vector<CaseItem> items;
  Span span;
};

struct FuncDecl {
  std::string name;
  bool keyword = false;    // `function f`
  std::vector<Stmt> body;  // one statement: the compound command
  Span span;
};

// `[[ … ]]`: kept as its words (operators included).
struct TestClause {
  std::vector<Word> words;
  Span span;
};

// `(( … ))`.
struct ArithmCmd {
  std::vector<WordPart> expr;
  Span span;
};

using CommandKind = std::variant<CallExpr, BinaryCmd, Subshell, Block, IfClause, WhileClause,
                                 ForClause, CaseClause, FuncDecl, TestClause, ArithmCmd>;

struct Stmt {
  CommandKind cmd;
  bool negated = false;     // `! cmd`
  bool background = false;  // followed by `&`
  std::vector<Redirect> redirs;
  std::string op;  // the list operator before it: "", ";", "\n", "&"
  Span span;
};

struct File {
  std::vector<Stmt> stmts;
};

}  // namespace vigie::shell

#endif  // VIGIE_GRAMMAR_SHELL_AST_HPP
