// `decide` on compiled policies with requests made from the fuzz bytes:
//   byte 0  which policy (policies.hpp)
//   byte 1  the tool (Bash, Edit, Read, WebFetch, an MCP tool, …)
//   byte 2  flags: mode override (bits 0-1), non-interactive (2), a session replaying the request
//           (3), the rest is the raw `input` JSON (4), agent "reviewer" (5)
//   rest    the command line, path, URL… (or the raw input JSON)
// Invariants (fuzz.hpp, check_decision): allow/ask/deny, never allow on an error, a
// non-interactive error is a deny, a deny has a message; decide never throws (noexcept: a throw
// would abort).
#include <algorithm>

#include "grammar/shell/commands.hpp"
#include "tests/fuzz/fuzz.hpp"
#include "tests/fuzz/policies.hpp"

namespace {

struct Tool {
  const char* name;
  const char* field;  // the input field that carries the text
};

constexpr Tool kTools[] = {
    {"Bash", "command"},
    {"Bash", "command"},
    {"Bash", "command"},
    {"Edit", "file_path"},
    {"Write", "file_path"},
    {"MultiEdit", "file_path"},
    {"NotebookEdit", "notebook_path"},
    {"Read", "file_path"},
    {"Grep", "path"},
    {"Glob", "pattern"},
    {"LS", "path"},
    {"WebFetch", "url"},
    {"WebSearch", "query"},
    {"mcp__github__delete_repo", "name"},
    {"mcp__github__get_issue", "name"},
    {"Task", "prompt"},
    {"browser", "url"},
    {"file_read", "path"},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace vigie;
  fuzz::Bytes in(data, size);
  const auto& ps = fuzz::policies();
  const Policy& policy = *ps[in.byte() % ps.size()];
  const Tool& tool = kTools[in.byte() % std::size(kTools)];
  std::uint8_t flags = in.byte();
  std::string_view text = in.rest();

  Request req;
  req.tool = tool.name;
  req.input_json = (flags & 16)
                       ? std::string(text)
                       : "{\"" + std::string(tool.field) + "\": " + fuzz::json_string(text) +
                             (req.tool == "WebFetch" ? ", \"method\": \"POST\"}" : "}");
  req.cwd = "/srv/app";
  req.project_root = "/srv/app";
  req.home = "/home/u";
  switch (flags & 3) {
    case 1:
      req.mode = Mode::readonly;
      break;
    case 2:
      req.mode = Mode::ask;
      break;
    case 3:
      req.mode = Mode::auto_;
      break;
    default:
      break;
  }
  req.interactive = !(flags & 4);
  if (flags & 32) req.agent = "reviewer";
  DecideOptions opt;
  opt.fs = fuzz::file_system();
  Decision first = policy.decide(req, opt);
  fuzz::check_decision(first, req.interactive);
  if (req.mode == Mode::readonly && req.tool == std::string("Bash") && !(flags & 16) &&
      first.decision == Effect::allow) {
    // Read-only mode denies every command; a line that runs none (blank, only a here-document
    // or an assignment) may pass.
    auto parsed = shell::parse_commands(text);
    for (const auto& c : parsed.commands)
      FUZZ_CHECK(c.argv.empty(), "readonly mode never allows a line that runs a command");
  }
  (void)decision_to_json(first);
  if (flags & 8) {
    Session session;
    session.set_clock(0);
    for (int i = 0; i < 5; ++i) {
      opt.session = &session;
      Decision d = policy.decide(req, opt);
      fuzz::check_decision(d, req.interactive);
      if (first.error) FUZZ_CHECK(d.decision != Effect::allow, "a session never allows an error");
      if (i == 1) session.remember_always(req.tool);
    }
  }
  return 0;
}
