// The shell parser's bindings: `parseShell` (the commands view as `vigie parse --commands
// --json`), `parseShellAst` (`vigie parse --json`), and the argv form, a plain wasm export that
// returns only each command's words without JSON:
//
//   vigie_parse_argv(length) -> the number of commands, or -1 when the line does not parse (or
//       fails a limit); the line is the request buffer's first `length` bytes (fast_path.hpp,
//       written by JS with TextEncoder.encodeInto). The words are laid out in argv_result
//       (argvResultAt()): see ArgvField. JS (wasm/src/api.mjs, parseShellArgv) decodes them.
//
//   vigie_parse_view(length) -> the same for the whole commands view (what `parseShell` returns),
//       -1 sending JS to the JSON form; see ViewWriter.
//
// Like every binding, nothing throws into JS.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <array>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"
#include "grammar/shell/parser.hpp"
#include "wasm/fast_path.hpp"
#include "wasm/rare_bindings.hpp"
#include "wasm/what_of.hpp"

namespace {

using json = nlohmann::json;
using namespace vigie::wasm;

// The error shape of both JSON views for a failure outside the parser.
std::string internal_error(const char* view) {
  json j = {{"ok", false},
            {view, view == std::string_view("commands") ? json::array() : json(nullptr)},
            {"errors",
             {{{"line", 1},
               {"column", 1},
               {"message", "internal error: " + what_of(std::current_exception())},
               {"incomplete", false}}}}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string parse_shell(const std::string& src) {
  try {
    return vigie::shell::commands_to_json(vigie::shell::parse_commands(src));
  } catch (...) {
    return internal_error("commands");
  }
}

// `vigie parse --json`: the whole shell AST (for the playground's AST view).
std::string parse_shell_ast(const std::string& src) {
  try {
    vigie::shell::ParseResult p = vigie::shell::parse(src);
    return std::string("{\"ok\":") + (p.ok ? "true" : "false") +
           ",\"ast\":" + (p.ok ? vigie::shell::to_json(p.file) : std::string("null")) +
           ",\"errors\":" + vigie::shell::errors_to_json(p.errors) + "}";
  } catch (...) {
    return internal_error("ast");
  }
}

// The argv form's result: `counts` holds, per command, its number of words then each word's
// length in bytes; `bytes` the words' UTF-8, one after the other. argv_result gives JS their
// addresses and sizes after each call (the vectors may move).
enum ArgvField : int { kCountsAt, kCountsLength, kBytesAt, kBytesLength, kAscii, kArgvFields };
std::array<std::int32_t, kArgvFields> argv_result{};
std::vector<std::int32_t> argv_counts;
std::string argv_bytes;

std::int32_t address_of(const void* p) {
  return static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(p));
}

std::uintptr_t argv_result_at() {
  return reinterpret_cast<std::uintptr_t>(argv_result.data());
}

// The commands of the request buffer's first `length` bytes, the result buffers cleared; nullopt
// when the line does not parse (or fails a limit).
std::optional<vigie::shell::CommandsResult> parse_buffer(std::uint32_t length) {
  argv_counts.clear();
  argv_bytes.clear();
  argv_result.fill(0);
  if (length > request_buffer.size()) return std::nullopt;
  vigie::shell::CommandsResult r =
      vigie::shell::parse_commands(std::string_view(request_buffer.data(), length));
  if (!r.ok) return std::nullopt;
  return r;
}

// Gives JS the addresses and sizes of what was laid out; returns `commands`.
int publish(std::size_t commands, bool ascii) {
  argv_result[kCountsAt] = address_of(argv_counts.data());
  argv_result[kCountsLength] = static_cast<std::int32_t>(argv_counts.size());
  argv_result[kBytesAt] = address_of(argv_bytes.data());
  argv_result[kBytesLength] = static_cast<std::int32_t>(argv_bytes.size());
  argv_result[kAscii] = ascii ? 1 : 0;
  return static_cast<int>(commands);
}

}  // namespace

// Each word is its value after quote removal when it is fully literal, else its source text
// (`$HOME`, `"$(pwd)"/x`, `*.txt`): the argv `parseShell` gives as `literal ?? text`.
extern "C" EMSCRIPTEN_KEEPALIVE int vigie_parse_argv(std::uint32_t length) {
  try {
    auto r = parse_buffer(length);
    if (!r) return -1;
    bool ascii = true;
    for (const auto& c : r->commands) {
      argv_counts.push_back(static_cast<std::int32_t>(c.argv.size()));
      for (const auto& w : c.argv) {
        const std::string& s = w.literal ? *w.literal : w.text;
        argv_counts.push_back(static_cast<std::int32_t>(s.size()));
        for (unsigned char ch : s) ascii = ascii && ch < 0x80;
        argv_bytes += s;
      }
    }
    return publish(r->commands.size(), ascii);
  } catch (...) {
    return -1;
  }
}

namespace {

// The commands view's form without JSON (vigie_parse_view): the same result fields as the argv
// form, `counts` holding the view's numbers and string lengths in the order JS reads them back
// (wasm/src/api.mjs, `view`), `bytes` the strings.
struct ViewWriter {
  bool ascii = true;
  void str(const std::string& s) {
    argv_counts.push_back(static_cast<std::int32_t>(s.size()));
    for (unsigned char ch : s) ascii = ascii && ch < 0x80;
    argv_bytes += s;
  }
  void num(std::int64_t n) { argv_counts.push_back(static_cast<std::int32_t>(n)); }
  // A word: its text, then its literal and pattern: kNull, kSameAsText, kSameAsLiteral (the
  // pattern), or a string of their own.
  static constexpr std::int32_t kNull = -1, kSameAsText = -2, kSameAsLiteral = -3;
  void word(const vigie::shell::WordView& w) {
    str(w.text);
    if (!w.literal)
      num(kNull);
    else if (*w.literal == w.text)
      num(kSameAsText);
    else
      str(*w.literal);
    if (!w.pattern)
      num(kNull);
    else if (*w.pattern == w.text)
      num(kSameAsText);
    else if (w.literal && *w.pattern == *w.literal)
      num(kSameAsLiteral);
    else
      str(*w.pattern);
  }
  void command(const vigie::shell::CommandView& c) {
    num(static_cast<std::int64_t>(c.argv.size()));
    for (const auto& w : c.argv) word(w);
    num(static_cast<std::int64_t>(c.assigns.size()));
    for (const auto& a : c.assigns) {
      str(a.name);
      word(a.value);
      num(a.append ? 1 : 0);
    }
    num(static_cast<std::int64_t>(c.redirects.size()));
    for (const auto& r : c.redirects) {
      str(r.op);
      num(r.fd);
      word(r.target);
      if (!r.heredoc_body) {
        num(kNull);
      } else {
        num(r.heredoc_quoted ? 1 : 0);
        str(*r.heredoc_body);
      }
    }
    num(static_cast<std::int64_t>(c.context.size()));
    for (const auto& x : c.context) str(x);
    str(c.op);
    num(c.span.begin);
    num(c.span.end);
  }
};

}  // namespace

// The commands view of the request buffer's first `length` bytes, as `parseShell` gives it, laid
// out in argv_result: the number of commands, or -1 when the line does not parse or a string of
// the view is not ASCII (JS then takes the JSON form, which says why or carries the text as
// the JSON form does).
extern "C" EMSCRIPTEN_KEEPALIVE int vigie_parse_view(std::uint32_t length) {
  try {
    auto r = parse_buffer(length);
    if (!r) return -1;
    ViewWriter out;
    for (const auto& c : r->commands) out.command(c);
    if (!out.ascii) return -1;
    return publish(r->commands.size(), /*ascii=*/true);
  } catch (...) {
    return -1;
  }
}

EMSCRIPTEN_BINDINGS(vigie_shell) {
  emscripten::function("argvResultAt", &argv_result_at);
}

// The JSON forms, registered on first use (rare_bindings.hpp).
void vigie::wasm::register_shell_json_bindings() {
  namespace em = emscripten;
  em::function("parseShell", &parse_shell);
  em::function("parseShellAst", &parse_shell_ast);
}
