// Inline code that runs code or loads a module it builds at run time (engine/code_dynamic.hpp):
// `python3 -c 'exec(bytes.fromhex("…"))'`, `node -e 'eval(Buffer.from("…", "base64")
// .toString())'`, `node -e 'require("child_" + "process")'`, `perl -e 'eval $code'`. What such
// code runs is not in the line: engine/code_commands.cpp adds a command of unknown name.
#include "engine/code_dynamic.hpp"

#include <iterator>
#include <span>
#include <string_view>

#include "engine/code_scan.hpp"

namespace vigie::engine {

namespace {

// How a name runs what it builds: `any` called with an argument, `first` called with a first
// argument that is not one string literal (`require(name)`, `__import__("o" + "s")`), `second`
// the same for its second argument (`getattr(os, name)`), or naming a process function
// (`getattr(os, "system")`); `word` wherever it stands (node's `eval`, `process.binding`);
// `block` unless a block follows it (perl's `eval { … }` runs no string).
enum class Arg { any, first, second, word, block };

struct BuiltCall {
  std::string_view name;
  Arg arg;
  bool method;  // also after a `.` (`importlib.import_module`, `vm.runInThisContext`)
};

constexpr BuiltCall kPythonCalls[] = {
    {"exec", Arg::any, false},         {"eval", Arg::any, false},
    {"compile", Arg::any, false},      {"execfile", Arg::any, false},
    {"__import__", Arg::first, false}, {"import_module", Arg::first, true},
    {"getattr", Arg::second, false},
};

constexpr BuiltCall kScriptCalls[] = {
    {"eval", Arg::word, true},
    {"Function", Arg::any, true},
    {"require", Arg::first, false},
    {"import", Arg::first, false},
    {"binding", Arg::word, true},
    {"_linkedBinding", Arg::word, true},
    {"dlopen", Arg::word, true},
    {"runInThisContext", Arg::word, true},
    {"runInNewContext", Arg::word, true},
    {"runInContext", Arg::word, true},
    {"compileFunction", Arg::word, true},
    {"Worker", Arg::word, true},
};

constexpr BuiltCall kPerlCalls[] = {{"eval", Arg::block, true}};

// The names `getattr` may take that are a process function (engine/code_commands.cpp): the
// function then runs a command the code does not call by name.
constexpr std::string_view kProcessNamePrefixes[] = {
    "system", "popen", "exec",   "spawn",     "posix_spawn",     "Popen",
    "run",    "call",  "check_", "getoutput", "getstatusoutput", "create_subprocess"};

using code_scan::argument_end;
using code_scan::ident_char;
using code_scan::is_quote;
using code_scan::literal_end;
using code_scan::skip_blanks;

// The text of the string literal at code[i] (after blanks and python's `r`, `b`, `u` prefixes)
// when it is the whole argument (a `)` or `,` follows), else `built` is set.
std::string_view whole_literal(std::string_view code, std::size_t i, bool& built) {
  i = skip_blanks(code, i);
  while (i + 1 < code.size() &&
         std::string_view("rRbBuU").find(code[i]) != std::string_view::npos &&
         (is_quote(code[i + 1]) ||
          std::string_view("rRbBuU").find(code[i + 1]) != std::string_view::npos))
    ++i;
  built = true;
  if (i >= code.size() || !is_quote(code[i])) return {};
  const std::size_t end = literal_end(code, i);
  const std::size_t next = skip_blanks(code, end);
  if (end >= code.size() || next >= code.size() || (code[next] != ')' && code[next] != ','))
    return {};
  const std::string_view text = code.substr(i + 1, end - i - 2);
  if (code[i] == '`' && text.find("${") != std::string_view::npos) return {};
  built = false;
  return text;
}

// Past the first `,` of the call whose arguments open at code[i] (after its `(`), outside
// brackets and literals; code.size() when it has one argument.
std::size_t second_argument(std::string_view code, std::size_t i) {
  const std::size_t end = argument_end(code, i);
  return end > i && end < code.size() && code[end - 1] == ',' ? end : code.size();
}

bool process_name(std::string_view name) {
  for (std::string_view p : kProcessNamePrefixes)
    if (name.starts_with(p)) return true;
  return false;
}

// Whether the name at code[at, end) runs what the code builds, read as `call` says.
bool runs_built(std::string_view code, std::size_t at, std::size_t end, const BuiltCall& call) {
  if (!call.method && at > 0 && code[at - 1] == '.') return false;
  if (call.arg == Arg::word) return true;
  const std::size_t next = skip_blanks(code, end);
  if (call.arg == Arg::block) return next >= code.size() || code[next] != '{';
  if (next >= code.size() || code[next] != '(') return false;
  const std::size_t args = skip_blanks(code, next + 1);
  if (args >= code.size() || code[args] == ')') return false;
  bool built = false;
  if (call.arg == Arg::any) return true;
  if (call.arg == Arg::first) {
    whole_literal(code, args, built);
    return built;
  }
  const std::size_t second = second_argument(code, args);
  if (second >= code.size()) return false;
  const std::string_view name = whole_literal(code, second, built);
  return built || process_name(name);
}

}  // namespace

bool code_runs_built(std::string_view code, std::string_view prefix) {
  std::span<const BuiltCall> calls;
  if (prefix == "python" || prefix == "py" || prefix == "ipython" || prefix == "pypy")
    calls = kPythonCalls;
  else if (prefix == "node" || prefix == "tsx" || prefix == "ts-node" || prefix == "mongo" ||
           prefix == "bun" || prefix == "deno")
    calls = kScriptCalls;
  else if (prefix == "perl")
    calls = kPerlCalls;
  else
    return false;
  for (std::size_t i = 0; i < code.size();) {
    if (is_quote(code[i])) {
      i = literal_end(code, i);
      continue;
    }
    if (!ident_char(code[i]) || (i > 0 && ident_char(code[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < code.size() && ident_char(code[e])) ++e;
    const std::string_view word = code.substr(i, e - i);
    for (const BuiltCall& c : calls)
      if (c.name == word && runs_built(code, i, e, c)) return true;
    i = e;
  }
  return false;
}

}  // namespace vigie::engine
