// Building diagnostics from spans (internal to the front end and the engine; the public side,
// `vigie::render` and `vigie::diagnostics_to_json`, is declared in vigie/vigie.hpp).
#ifndef VIGIE_GRAMMAR_POLICY_DIAGNOSTIC_HPP
#define VIGIE_GRAMMAR_POLICY_DIAGNOSTIC_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/limits.hpp"
#include "grammar/policy/ast.hpp"
#include "grammar/policy/codes.hpp"
#include "vigie/vigie.hpp"

namespace vigie::policy {

// 1-based line and column (in bytes) of a byte offset; an offset past the end is clamped.
struct LineCol {
  std::uint32_t line = 1, column = 1;
};
LineCol line_col(std::string_view source, std::uint32_t offset);

// The same in O(log n) per lookup, for the stages that place many spans in one file (a policy
// of 10,000 rules must not cost 10,000 scans of the file).
class LineIndex {
 public:
  explicit LineIndex(std::string_view source);
  // How many have been built in this process (for tests: a compile indexes each file once).
  static std::size_t built();
  LineCol at(std::uint32_t offset) const;

 private:
  std::vector<std::uint32_t> starts_;  // offset of the first byte of each line
  std::uint32_t size_ = 0;
};

// A diagnostic for `span` of `file`'s source. `span.end` is exclusive; an empty span points at
// one column. `code` is a stable code id ("V101"); the front end passes its `Code`, the engine
// its own enum's id (engine/codes.hpp): every stage builds diagnostics here.
Diagnostic make_diagnostic(const std::string& file, const LineIndex& lines, Span span,
                           std::string_view code, Severity severity, std::string message,
                           std::string help = {});

Diagnostic make_diagnostic(const std::string& file, std::string_view source, Span span, Code code,
                           Severity severity, std::string message, std::string help = {});

Diagnostic make_diagnostic(const std::string& file, const LineIndex& lines, Span span, Code code,
                           Severity severity, std::string message, std::string help = {});

// Keeps at most `max` diagnostics of one policy (limits::policy_diagnostics): its errors first,
// then its warnings and notes, each in their order; when some are dropped, one note more, at
// the place and with the code of the first one dropped, says how many of each are not shown.
// A file with a `}` on each line would otherwise print 500,000 errors.
// `unbuilt_errors` are errors counted but never built (UnbuiltDiagnostics): dropped, in the note.
void bound_diagnostics(std::vector<Diagnostic>& ds, std::size_t max = limits::policy_diagnostics,
                       std::size_t unbuilt_errors = 0);

// The errors of one compile that are counted but never built: the limit of bound_diagnostics is
// checked before the work it bounds (a `}` on each line of a megabyte built 500,000 errors, 3 s
// and 234 MB, to show 100). While one lives on this thread (compile_impl holds one), `parse`
// builds the first `max + 1` errors of a file, those it finds in line order: enough for the ones
// bound_diagnostics keeps and for the place of its note, as every later one sorts after them.
// It counts the others here, by file. Scopes nest: the enclosing one is restored.
class UnbuiltDiagnostics {
 public:
  explicit UnbuiltDiagnostics(std::size_t max = limits::policy_diagnostics);
  ~UnbuiltDiagnostics();
  UnbuiltDiagnostics(const UnbuiltDiagnostics&) = delete;
  UnbuiltDiagnostics& operator=(const UnbuiltDiagnostics&) = delete;

  // The scope of this thread, or null (then every diagnostic is built).
  static UnbuiltDiagnostics* current();
  std::size_t max() const { return max_; }
  void count_errors(const std::string& file, std::size_t n) { errors_[file] += n; }
  // The errors counted for `files`: the files whose diagnostics the compile kept (an included
  // file refused after parsing drops its own).
  std::size_t errors(const std::vector<SourceFile>& files) const;

 private:
  std::size_t max_;
  std::map<std::string, std::size_t, std::less<>> errors_;
  UnbuiltDiagnostics* outer_;
};

// `text` between backticks, for user input in messages; long input is shortened and control
// characters are escaped, so that a message always stays on one line.
std::string quote(std::string_view text);

}  // namespace vigie::policy

#endif  // VIGIE_GRAMMAR_POLICY_DIAGNOSTIC_HPP
