// The shell parser's bindings: `parseShell` (the commands view as `vigie parse --commands
// --json`), `parseShellAst` (`vigie parse --json`), and the argv form, a plain wasm export that
// returns only each command's words without JSON:
//
//   vigie_parse_argv(length) -> the number of commands, or -1 when the line does not parse (or
//       fails a limit); the line is the request buffer's first `length` bytes (fast_path.hpp,
//       written by JS with TextEncoder.encodeInto). The words are laid out in argv_result
//       (argvResultAt()): see ArgvField. JS (wasm/src/api.mjs, parseShellArgv) decodes them.
//
// Like every binding, nothing throws into JS.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <array>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
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

}  // namespace

// Each word is its value after quote removal when it is fully literal, else its source text
// (`$HOME`, `"$(pwd)"/x`, `*.txt`): the argv `parseShell` gives as `literal ?? text`.
extern "C" EMSCRIPTEN_KEEPALIVE int vigie_parse_argv(std::uint32_t length) {
  try {
    argv_counts.clear();
    argv_bytes.clear();
    argv_result.fill(0);
    if (length > request_buffer.size()) return -1;
    vigie::shell::CommandsResult r =
        vigie::shell::parse_commands(std::string_view(request_buffer.data(), length));
    if (!r.ok) return -1;
    bool ascii = true;
    for (const auto& c : r.commands) {
      argv_counts.push_back(static_cast<std::int32_t>(c.argv.size()));
      for (const auto& w : c.argv) {
        const std::string& s = w.literal ? *w.literal : w.text;
        argv_counts.push_back(static_cast<std::int32_t>(s.size()));
        for (unsigned char ch : s) ascii = ascii && ch < 0x80;
        argv_bytes += s;
      }
    }
    argv_result[kCountsAt] = address_of(argv_counts.data());
    argv_result[kCountsLength] = static_cast<std::int32_t>(argv_counts.size());
    argv_result[kBytesAt] = address_of(argv_bytes.data());
    argv_result[kBytesLength] = static_cast<std::int32_t>(argv_bytes.size());
    argv_result[kAscii] = ascii ? 1 : 0;
    return static_cast<int>(r.commands.size());
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
