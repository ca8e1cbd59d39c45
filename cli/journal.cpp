// Writing the decision journal from the CLI (cli/journal.hpp).
#include "cli/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

namespace vigie::cli {

const char* const kJournalUsage =
    "  --journal FILE      append one JSON line per decision (docs/journal.md)\n"
    "  --redact REGEX      also redact this pattern's first group (or match) in journaled\n"
    "                      inputs (repeatable; RE2 syntax)\n"
    "  --no-default-redactions  keep only the --redact patterns (the defaults: AWS keys,\n"
    "                      GitHub/Slack tokens, Authorization headers, password=...)\n";

int parse_journal_option(const std::vector<std::string>& a, std::size_t& i, JournalOptions& o,
                         std::string* error) {
  const std::string& k = a[i];
  auto value = [&](std::string& out) {
    if (i + 1 >= a.size()) {
      if (error) *error = "`" + k + "` needs a value";
      return false;
    }
    out = a[++i];
    return true;
  };
  if (k == "--journal") return value(o.path) ? 1 : -1;
  if (k == "--redact") {
    std::string v;
    if (!value(v)) return -1;
    o.redact.push_back(v);
    return 1;
  }
  if (k == "--no-default-redactions") {
    o.default_redactions = false;
    return 1;
  }
  return 0;
}

JournalWriter::~JournalWriter() {
  if (file_) std::fclose(file_);
}

bool JournalWriter::open(const JournalOptions& o, std::string_view source,
                         const CompileResult& policy, std::string* error) {
  // The default patterns are compiled only for a journal that is written: compiling them is
  // about three quarters of a `vigie check` or `vigie hook` process's instructions, which a
  // harness pays on every tool call. The `--redact` patterns are compiled (and so checked)
  // either way.
  redactor_ = journal::Redactor(o.default_redactions && !o.path.empty());
  for (const auto& r : o.redact)
    if (!redactor_.add(r, error)) return false;
  if (o.path.empty()) return true;
  // A journal is a regular file, opened without waiting: a FIFO without a reader would hold
  // every decision (and a harness's hook) forever, a device takes lines nobody can replay.
  // Created readable by its owner only: it records what the agent ran.
  struct stat st {};
  if (::stat(o.path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (error) *error = "the journal `" + o.path + "` is not a regular file";
    return false;
  }
  int fd = ::open(o.path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY,
                  0600);
  if (fd < 0) {
    if (error) *error = "cannot open the journal `" + o.path + "`: " + std::strerror(errno);
    return false;
  }
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    if (error) *error = "the journal `" + o.path + "` is not a regular file";
    return false;
  }
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  file_ = ::fdopen(fd, "a");
  if (!file_) {
    ::close(fd);
    if (error) *error = "cannot open the journal `" + o.path + "`";
    return false;
  }
  path_ = o.path;
  source_ = source;
  policy_name_ = policy.policy ? policy.policy->name() : std::string();
  policy_hash_ = journal::policy_hash(policy.sources);
  return true;
}

void JournalWriter::write_raw(const std::string& line) noexcept {
  if (!file_) return;
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fputc('\n', file_);
  // A line that cannot be written (a full disk) is said once on stderr; the decision stands.
  if (std::fflush(file_) != 0 || std::ferror(file_)) {
    if (!write_failed_)
      std::fprintf(stderr, "vigie: cannot write the journal `%s`: %s\n", path_.c_str(),
                   std::strerror(errno));
    write_failed_ = true;
    std::clearerr(file_);
  }
}

void JournalWriter::write_journal_line(const Request& request, const Decision& decision,
                                       std::string_view id, journal::Answer answer,
                                       double duration_ms) noexcept {
  if (!file_) return;
  try {
    journal::Entry e = journal::make_entry(request, decision, source_, policy_name_, policy_hash_);
    e.id = id;
    e.answer = answer;
    e.duration_ms = duration_ms;
    write_raw(journal::to_line(e, redactor_));
  } catch (...) {
    write_raw(R"({"v":1,"event":"error","error":"the entry could not be written"})");
  }
}

void JournalWriter::write_answer(std::string_view id, journal::Answer answer) noexcept {
  if (!file_) return;
  try {
    nlohmann::ordered_json j{{"v", journal::kVersion},
                             {"event", "answer"},
                             {"time", journal::now_utc()},
                             {"id", id},
                             {"answer", journal::to_string(answer)}};
    write_raw(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } catch (...) {
  }
}

void JournalWriter::write_error(std::string_view tool, std::string_view why) noexcept {
  if (!file_) return;
  try {
    nlohmann::json j{
        {"v", journal::kVersion}, {"event", "error"}, {"time", journal::now_utc()},
        {"source", source_},      {"tool", tool},     {"error", redactor_.redact(why)}};
    write_raw(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } catch (...) {
  }
}

}  // namespace vigie::cli
