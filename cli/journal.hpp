// Writing the decision journal from the CLI's entry points (`check`, `serve`, `hook`): one
// JSON line per decision, the format of engine/journal.hpp (docs/journal.md).
//
//   JournalWriter j;
//   if (!j.open(path, "check", compiled, &err)) …           // appends; the file is created
//   j.write_journal_line(request, decision);                 // one line, flushed
//   j.write_journal_line(request, decision, "42", journal::Answer::allow_always);
//
// The journal options every entry point shares are parsed by `parse_journal_option`.
#ifndef VIGIE_CLI_JOURNAL_HPP
#define VIGIE_CLI_JOURNAL_HPP

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "engine/journal.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {

// `--journal FILE`, `--redact REGEX` (repeatable), `--no-default-redactions`.
struct JournalOptions {
  std::string path;
  std::vector<std::string> redact;
  bool default_redactions = true;
};

// Reads one journal option at a[i] (advancing i past its value). Returns 1 when it was one,
// 0 when a[i] is not a journal option, -1 on a usage error (`*error` says why).
int parse_journal_option(const std::vector<std::string>& a, std::size_t& i, JournalOptions& o,
                         std::string* error);

// The usage lines of the journal options.
extern const char* const kJournalUsage;

class JournalWriter {
 public:
  JournalWriter() = default;
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  // Opens `o.path` for appending (nothing to do when it is empty) and compiles the redaction
  // patterns. The policy's name and content hash go into every line.
  bool open(const JournalOptions& o, std::string_view source, const CompileResult& policy,
            std::string* error);
  bool is_open() const noexcept { return file_ != nullptr; }

  // Appends one decision (no-op when not open). `id`: the harness's request id, if any;
  // `answer`: the human's answer to an ask, where the harness tells it. Never throws.
  void write_journal_line(const Request& request, const Decision& decision,
                          std::string_view id = {}, journal::Answer answer = journal::Answer::none,
                          double duration_ms = -1) noexcept;
  // A human's answer that arrives after the decision: `{"v":1,"event":"answer",…}`.
  void write_answer(std::string_view id, journal::Answer answer) noexcept;
  // A request that could not be read: `{"v":1,"event":"error",…}` (not a decision).
  void write_error(std::string_view tool, std::string_view why) noexcept;

 private:
  void write_raw(const std::string& line) noexcept;

  std::FILE* file_ = nullptr;
  journal::Redactor redactor_{false};
  std::string source_, policy_name_, policy_hash_;
  std::string path_;
  bool write_failed_ = false;  // said once on stderr
};

}  // namespace vigie::cli

#endif  // VIGIE_CLI_JOURNAL_HPP
