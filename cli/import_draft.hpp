// A policy being imported from another tool's format (Claude Code permissions, Codex .rules,
// Gemini CLI policy TOML): the rules, one test per rule, and the report of what could not be
// expressed. `finish_draft` renders it, compiles it, turns what the compiler reports as dead or
// wrong (a shadowed rule, an example vigie does not match) into notes, runs the tests and
// records what vigie actually decides where it differs, then prints the policy on stdout and the
// report on stderr. Each format's reader is in its own file (cli/import_claude.cpp, ...).
#ifndef VIGIE_CLI_IMPORT_DRAFT_HPP
#define VIGIE_CLI_IMPORT_DRAFT_HPP

#include <set>
#include <string>
#include <vector>

#include "vigie/vigie.hpp"

namespace vigie::cli {

struct DraftRule {
  std::string block;  // commands, paths, fetch, mcp, tools
  Effect effect = Effect::ask;
  std::string body;  // the pattern as written after the effect (already in policy syntax)
  std::string message;
  std::string id;
  std::string from;   // where it came from (FILE:LINE and the entry), written as a comment
  std::string entry;  // the entry as written; a deny without message gets one naming it
  std::vector<std::string> examples, counterexamples;
  // The test asserting the rule: KIND and SUBJECT of a test case (`command "git status"`);
  // empty kind: no test.
  std::string test_kind, test_subject;
  std::string folded;  // why it is a comment instead of a rule (set by finish_draft)
};

struct Draft {
  std::string format;               // `vigie import FORMAT`
  std::string title;                // "Claude Code permissions"
  std::string from;                 // the file read
  std::string name;                 // the policy's name
  std::vector<std::string> header;  // comment lines under the first one
  std::vector<DraftRule> rules;
  // What could not be expressed ("FILE:LINE: `entry`: why"): comments in the policy, lines on
  // stderr, and exit status 1.
  std::vector<std::string> not_expressed;
  // Approximations that keep the meaning or make it stricter: comments and stderr notes only.
  std::vector<std::string> notes;

  // A unique id from an effect and a slug ("allow.npm-run-test").
  std::string make_id(Effect e, const std::string& slug_text);
  std::set<std::string> ids_;
};

// Renders, checks and prints the draft. Returns the exit status: 0, or 1 when something was not
// expressed (the policy is still printed, without it, and says so).
int finish_draft(Draft& d);

// 1-based line numbers of byte offsets in a text, by binary search over its newlines (no
// rescan per lookup).
class LineIndex {
 public:
  explicit LineIndex(const std::string& text);
  std::size_t line(std::size_t offset) const;

 private:
  std::vector<std::size_t> newlines_;
};

// Text written in a `#` comment of a generated policy: one line whatever the input holds (a
// newline in an entry would otherwise end the comment and make the rest a line of the policy).
std::string comment_text(const std::string& s);

// The policy's default name: the file's stem ("-" gives `fallback`).
std::string name_from_path(const std::string& path, const std::string& fallback);

}  // namespace vigie::cli

#endif  // VIGIE_CLI_IMPORT_DRAFT_HPP
