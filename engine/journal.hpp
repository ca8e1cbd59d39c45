// The decision journal (docs/journal.md): one JSON line per decision, version 1, written by
// `vigie check --journal`, `vigie serve --journal`, the hook and the Node API, and read back by
// `vigie replay`, `vigie diff` and `vigie suggest` (engine/replay.hpp, engine/suggest.hpp).
//
//   {"v":1,"time":"2026-11-30T21:00:00Z","source":"check","id":"7",
//    "policy":{"name":"team","hash":"fnv1a64:…"},
//    "request":{"tool":"Bash","kind":"command","input":{"command":"npm test"},"cwd":"/srv/app",
//               "project":"/srv/app","home":"/home/u","agent":"","mode":"ask","interactive":true},
//    "decision":"ask","rule":"commands.ask.1","message":"…","answer":"allow_always"}
//
// Secrets in the request's input are redacted (`Redactor`) before a line is written. Nothing
// here throws.
#ifndef VIGIE_ENGINE_JOURNAL_HPP
#define VIGIE_ENGINE_JOURNAL_HPP

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vigie/vigie.hpp"

namespace re2 {
class RE2;
}

namespace vigie::journal {

inline constexpr int kVersion = 1;
// A journal read at once holds at most this many entries (`load` stops with an error past it).
inline constexpr std::size_t kMaxEntries = 5'000'000;

// The human's answer to an ask, when the harness tells it.
enum class Answer : std::uint8_t { none, allow_once, allow_always, deny };
const char* to_string(Answer a) noexcept;  // "", "allow_once", "allow_always", "deny"
std::optional<Answer> answer_from_string(std::string_view s) noexcept;

struct Entry {
  std::string time;    // ISO 8601, UTC
  std::string source;  // "check", "serve", "hook", "node"...
  std::string id;      // the harness's request id, if any
  std::string policy_name, policy_hash;
  Request request;  // as decided (context filled in), its input redacted
  Effect decision = Effect::ask;
  std::string rule;                  // the deciding rule's id; empty when the default decided
  std::vector<std::string> matched;  // every rule that matched a part of the request, once each
  std::string message;
  std::optional<std::string> error;
  Answer answer = Answer::none;
  bool redacted = false;    // a redaction pattern changed the input
  double duration_ms = -1;  // how long the decision took, when the writer measured it
};

// Redaction of secrets in request inputs: RE2 patterns, each replacing its first capture
// group (or its whole match when it has none) with `[REDACTED]`. The defaults are one table
// (`default_patterns`): AWS keys, GitHub and Slack tokens, `Authorization:` headers, bearer
// tokens, `password=`/`token=`/`api_key=` values, credentials in URLs, private key blocks.
class Redactor {
 public:
  struct Pattern {
    const char* name;
    const char* regex;
  };
  static const std::vector<Pattern>& default_patterns();

  explicit Redactor(bool with_defaults = true);
  ~Redactor();
  Redactor(Redactor&&) noexcept;
  Redactor& operator=(Redactor&&) noexcept;
  // Adds a pattern; false (with a message) when RE2 refuses it.
  bool add(std::string_view regex, std::string* error = nullptr);
  std::size_t size() const noexcept { return patterns_.size(); }
  // The text with every match redacted; `*changed` tells whether anything was.
  std::string redact(std::string_view text, bool* changed = nullptr) const;
  // Redacts every string (values and keys' values, recursively) of a JSON document; a text
  // that is not JSON is redacted as text.
  std::string redact_json(std::string_view json, bool* changed = nullptr) const;

 private:
  std::vector<std::unique_ptr<re2::RE2>> patterns_;
};

// The content hash of a policy's sources (every file read, in order): "fnv1a64:<16 hex>".
std::string policy_hash(const std::vector<SourceFile>& sources);

// The current time, ISO 8601 UTC with seconds ("2026-11-30T21:00:00Z").
std::string now_utc();

// An entry for a decision: the request as decided, the decision, the current time.
Entry make_entry(const Request& request, const Decision& decision, std::string_view source,
                 std::string_view policy_name, std::string_view policy_hash);

// The journal line of an entry (no newline), its input redacted by `redactor`.
std::string to_line(const Entry& e, const Redactor& redactor);

// One line parsed back; nullopt with a message for a line that is not a version-1 decision.
std::optional<Entry> parse_line(std::string_view line, std::string* error = nullptr);

// A whole journal: its entries, and the lines that could not be read ("line N: why").
// Lines `{"v":1,"event":"answer","id":…,"answer":…}` set the answer of the latest entry with
// that id; `{"v":1,"event":"error",…}` lines (a request that could not be read) are skipped.
struct Loaded {
  std::vector<Entry> entries;
  std::vector<std::string> errors;
  std::size_t skipped = 0;  // event lines other than decisions and answers
};
// Appends the lines of `text` to `out` (several files may be loaded into one).
void load(std::string_view text, std::string_view file_name, Loaded& out);

}  // namespace vigie::journal

#endif  // VIGIE_ENGINE_JOURNAL_HPP
