// The limits of grammar/limits.hpp applied where input enters: JSON documents (bounded in size
// and depth before anything parses or recurses), policy files (only regular files, bounded in
// size before reading) and decision traces (bounded, explicitly marked when cut).
//
// Every entry point uses these helpers: the CLI (check, hook, serve, import), the request
// decoder (engine/request.cpp), `Policy::decide` (engine/decide.cpp), the compiler's loader
// (engine/compile.cpp) and the WASM bindings. Nothing here throws.
#ifndef VIGIE_ENGINE_LIMITS_HPP
#define VIGIE_ENGINE_LIMITS_HPP

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "grammar/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::engine {

// True when no array or object of `text` opens deeper than `max_depth` levels. One linear scan,
// no recursion, strings skipped; exact for every valid JSON prefix, so that the parser never
// builds a value deeper than the limit. (Serializing, copying or comparing a JSON value
// recurses: 70,000 levels overflow the stack.)
bool json_depth_within(std::string_view text, std::size_t max_depth = limits::json_depth) noexcept;

// nlohmann::json's destructor moves the children of a non-empty array or object to a
// heap-allocated stack: an allocation failure there would terminate (the destructor is noexcept).
// Emptying the value bottom-up first leaves the destructor nothing to allocate (tests/alloc). The
// depth must be bounded (json_depth_within before parsing).
void drain_json(nlohmann::json& j) noexcept;
struct JsonDrain {
  nlohmann::json& j;
  ~JsonDrain() { drain_json(j); }
};

// "the JSON is nested more than 256 levels deep"
std::string json_depth_error();

// Parses `text` as JSON after checking its size (`max_bytes`) and depth (limits::json_depth).
// Never throws: on any failure, returns a discarded value and sets *error (when given) to a
// message: "the request is larger than N bytes", "the JSON is nested more than 256 levels
// deep", "the request is not valid JSON" (`what` names the document: "the request").
nlohmann::json parse_json(std::string_view text, std::string* error = nullptr,
                          std::size_t max_bytes = limits::request_bytes,
                          std::string_view what = "the request") noexcept;

// For answering a message that is too deep to judge: parses `text` keeping only its values up
// to limits::json_depth levels (deeper ones are dropped, never built), so that an id, a method
// or an `interactive` flag can still be read. The result must never be judged: it is not the
// message that was sent. Discarded when `text` is not JSON.
nlohmann::json parse_json_shallow(std::string_view text) noexcept;

// Reads a policy file: only a regular file (a directory, a FIFO, a device is refused before
// anything is read; a FIFO is never waited on), at most limits::policy_file_bytes (checked
// before reading). False with a message ("`x` is a directory, not a policy file", "`x` is
// larger than 1048576 bytes (the limit for a policy file)", "cannot read `x`: ...").
bool read_policy_file(const std::string& path, std::string& text, std::string& error);

// True when `text` cannot be a policy: a NUL byte or invalid UTF-8 (a binary, a key in DER...).
// Diagnostics about such a file never quote it.
bool looks_binary(std::string_view text) noexcept;

// `s` for quoting in a message, at most `max` bytes of it: a longer text is cut on a UTF-8
// character boundary and ends with `… (N bytes)`, so that what the message says after it
// (a 64 KiB path "cannot be resolved: path too long") stays inside limits::message_bytes.
std::string excerpt(std::string_view s, std::size_t max = 1024);

// `s` with what a terminal or a chat window would act on shown as escapes: control characters
// (`\x1b`, `\r`; `\n` unless `keep_newlines`; a tab stays), DEL and the C1 controls, and the
// bidirectional formatting characters (`\u202e`...) that reorder what is shown. A message
// quoting `rm x\r\x1b[2K…` cannot paint over the question a human is asked.
std::string visible(std::string_view s, bool keep_newlines = false);

// Bounds `d.trace` to limits::trace_entries entries and limits::trace_bytes bytes of text; when
// anything is cut, the trace ends with an entry {subject "limit", text "trace truncated"} whose
// reason says how much is not shown. The decision itself is never changed.
void bound_trace(Decision& d) noexcept;

// Bounds the decision's message and error to limits::message_bytes (a message that quotes a
// megabyte path is cut on a character boundary and ends with `…`) with their control and
// bidirectional characters shown as escapes (visible, newlines kept), then its trace
// (bound_trace). The decision itself is never changed.
void bound_decision(Decision& d) noexcept;

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_LIMITS_HPP
