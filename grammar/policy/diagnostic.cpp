// Diagnostics: positions from spans, the compiler-style rendering and the JSON shape.
#include "grammar/policy/diagnostic.hpp"

#include <algorithm>
#include <atomic>
#include <optional>

#include <nlohmann/json.hpp>

namespace vigie {

const char* to_string(Severity s) noexcept {
  switch (s) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    case Severity::note:
      return "note";
  }
  return "error";
}

namespace {

// The text of 1-based line `line` (without its newline or a trailing `\r`); nullopt when the
// source has fewer lines.
// The text of line `line`; `offset`, when known and on that line, finds it without scanning
// the lines before it.
std::optional<std::string_view> source_line(std::string_view text, std::uint32_t line,
                                            std::uint32_t column, std::uint32_t offset) {
  std::size_t begin = 0;
  if (offset != UINT32_MAX && offset <= text.size() && column >= 1 && offset >= column - 1 &&
      (offset == column - 1 || text[offset - column] == '\n') &&
      text.substr(offset - (column - 1), column - 1).find('\n') == std::string_view::npos) {
    begin = offset - (column - 1);
  } else {
    for (std::uint32_t l = 1; l < line; ++l) {
      std::size_t nl = text.find('\n', begin);
      if (nl == std::string_view::npos) return std::nullopt;
      begin = nl + 1;
    }
  }
  if (begin > text.size()) return std::nullopt;
  std::size_t end = text.find('\n', begin);
  if (end == std::string_view::npos) end = text.size();
  std::string_view l = text.substr(begin, end - begin);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

}  // namespace

namespace {
constexpr std::size_t kWindow = 160;  // bytes of a long source line shown
constexpr std::size_t kBefore = 60;   // of which before the column, at most
}  // namespace

// file:line:col: severity[code]: message
//    12 | the source line
//       |       ^~~~~
//    help: the fix
//
// The gutter is five columns wide (lines up to 99999 stay aligned). The caret padding copies
// the tabs of the source line so that the caret sits under the right character.
std::string render(const Diagnostic& d, const std::vector<SourceFile>& sources) {
  std::string out;
  out += d.file;
  if (d.line > 0) {
    out += ':' + std::to_string(d.line) + ':' + std::to_string(d.column);
  }
  out += ": ";
  out += to_string(d.severity);
  if (!d.code.empty()) out += '[' + d.code + ']';
  out += ": " + d.message + '\n';

  const SourceFile* src = nullptr;
  for (const auto& s : sources) {
    if (s.name == d.file) {
      src = &s;
      break;
    }
  }
  if (src != nullptr && d.line > 0) {
    if (auto line = source_line(src->text, d.line, d.column, d.offset)) {
      std::string num = std::to_string(d.line);
      std::string gutter(num.size() < 5 ? 5 - num.size() : 0, ' ');
      std::size_t col = std::max<std::uint32_t>(d.column, 1) - 1;  // 0-based, in bytes
      // A long line is shown as a window around the column (kWindow bytes, cut on character
      // boundaries, `…` where cut): a megabyte line with many diagnostics costs each of them
      // a few hundred bytes, not the line.
      std::size_t from = 0, to = line->size();
      if (line->size() > kWindow) {
        auto inside = [&](std::size_t i) {
          return i < line->size() && (static_cast<unsigned char>((*line)[i]) & 0xC0) == 0x80;
        };
        from = std::min(col, line->size()) > kBefore ? std::min(col, line->size()) - kBefore : 0;
        while (from > 0 && inside(from)) --from;
        to = std::min(line->size(), from + kWindow);
        while (to > from && inside(to)) --to;
      }
      const std::string_view shown = line->substr(from, to - from);
      const char* left = from > 0 ? "\xE2\x80\xA6" : "";
      out += gutter + num + " | " + left + std::string(shown) +
             (to < line->size() ? "\xE2\x80\xA6" : "") + '\n';
      std::string pad(from > 0 ? 1 : 0, ' ');
      for (std::size_t i = from; i < col && i < to; ++i) pad += (*line)[i] == '\t' ? '\t' : ' ';
      std::size_t end_col = d.end_line == d.line ? d.end_column : line->size() + 1;
      std::size_t width = end_col > col + 1 ? end_col - col - 1 : 1;
      if (col < to) width = std::min(width, to - col);
      out += std::string(std::max<std::size_t>(num.size(), 5), ' ') + " | " + pad + '^' +
             std::string(width > 0 ? width - 1 : 0, '~') + '\n';
    }
  }
  if (!d.help.empty()) out += "   help: " + d.help + '\n';
  return out;
}

std::string diagnostics_to_json(const std::vector<Diagnostic>& ds) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& d : ds) {
    arr.push_back({{"code", d.code},
                   {"severity", to_string(d.severity)},
                   {"file", d.file},
                   {"line", d.line},
                   {"column", d.column},
                   {"end_line", d.end_line},
                   {"end_column", d.end_column},
                   {"message", d.message},
                   {"help", d.help},
                   {"incomplete", d.incomplete}});
  }
  // Replace invalid UTF-8 (a policy file may hold any bytes) rather than throw.
  return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace policy {

LineCol line_col(std::string_view source, std::uint32_t offset) {
  LineCol lc;
  std::size_t end = std::min<std::size_t>(offset, source.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (source[i] == '\n') {
      ++lc.line;
      lc.column = 1;
    } else {
      ++lc.column;
    }
  }
  return lc;
}

namespace {
std::atomic<std::size_t> line_indexes{0};
}  // namespace

LineIndex::LineIndex(std::string_view source) : size_(static_cast<std::uint32_t>(source.size())) {
  line_indexes.fetch_add(1, std::memory_order_relaxed);
  starts_.push_back(0);
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source[i] == '\n') starts_.push_back(static_cast<std::uint32_t>(i + 1));
  }
}

std::size_t LineIndex::built() {
  return line_indexes.load(std::memory_order_relaxed);
}

LineCol LineIndex::at(std::uint32_t offset) const {
  offset = std::min(offset, size_);
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<std::uint32_t>(it - starts_.begin());  // >= 1: starts_[0] == 0
  return {line, offset - starts_[line - 1] + 1};
}

Diagnostic make_diagnostic(const std::string& file, const LineIndex& lines, Span span,
                           std::string_view code, Severity severity, std::string message,
                           std::string help) {
  Diagnostic d;
  d.code = std::string(code);
  d.severity = severity;
  d.file = file;
  LineCol b = lines.at(span.begin);
  LineCol e = lines.at(std::max(span.end, span.begin + 1));
  d.offset = span.begin;
  d.line = b.line;
  d.column = b.column;
  d.end_line = e.line;
  d.end_column = e.column;
  d.message = std::move(message);
  d.help = std::move(help);
  return d;
}

Diagnostic make_diagnostic(const std::string& file, const LineIndex& lines, Span span, Code code,
                           Severity severity, std::string message, std::string help) {
  return make_diagnostic(file, lines, span, code_id(code), severity, std::move(message),
                         std::move(help));
}

Diagnostic make_diagnostic(const std::string& file, std::string_view source, Span span, Code code,
                           Severity severity, std::string message, std::string help) {
  return make_diagnostic(file, LineIndex(source), span, code, severity, std::move(message),
                         std::move(help));
}

namespace {
// The scope of this thread (UnbuiltDiagnostics).
thread_local UnbuiltDiagnostics* unbuilt_scope = nullptr;
}  // namespace

UnbuiltDiagnostics::UnbuiltDiagnostics(std::size_t max) : max_(max), outer_(unbuilt_scope) {
  unbuilt_scope = this;
}

UnbuiltDiagnostics::~UnbuiltDiagnostics() {
  unbuilt_scope = outer_;
}

UnbuiltDiagnostics* UnbuiltDiagnostics::current() {
  return unbuilt_scope;
}

std::size_t UnbuiltDiagnostics::errors(const std::vector<SourceFile>& files) const {
  std::size_t n = 0;
  for (const auto& entry : errors_) {
    const auto& file =
        entry.first;  // a name, not a structured binding: clang 14 cannot capture one
    if (std::any_of(files.begin(), files.end(),
                    [&](const SourceFile& f) { return f.name == file; }))
      n += entry.second;
  }
  return n;
}

void bound_diagnostics(std::vector<Diagnostic>& ds, std::size_t max, std::size_t unbuilt_errors) {
  // Unbuilt errors come with `max + 1` built ones of their file (UnbuiltDiagnostics): more than
  // `max` here.
  if (ds.size() <= max) return;
  std::size_t errors = 0;
  for (const auto& d : ds) errors += d.severity == Severity::error;
  // Errors first: a policy that does not compile always shows why.
  const std::size_t keep_errors = std::min(errors, max), keep_others = max - keep_errors;
  std::size_t kept_errors = 0, kept_others = 0;
  std::size_t dropped[3] = {0, 0, 0};  // by severity
  std::vector<Diagnostic> kept;
  kept.reserve(max + 1);
  std::optional<Diagnostic> more;  // at the first one dropped, with its code and place
  for (auto& d : ds) {
    const bool error = d.severity == Severity::error;
    std::size_t& k = error ? kept_errors : kept_others;
    if (k < (error ? keep_errors : keep_others)) {
      ++k;
      kept.push_back(std::move(d));
      continue;
    }
    ++dropped[static_cast<std::size_t>(d.severity)];
    if (!more) more = std::move(d);
  }
  dropped[0] += unbuilt_errors;
  const std::size_t n = dropped[0] + dropped[1] + dropped[2];
  more->severity = Severity::note;
  more->end_line = more->line;
  more->end_column = more->column;
  more->incomplete = false;
  more->message = std::to_string(n) + " more diagnostics not shown from here on (" +
                  std::to_string(dropped[0]) + " errors, " + std::to_string(dropped[1]) +
                  " warnings, " + std::to_string(dropped[2]) + " notes): a policy shows at most " +
                  std::to_string(max);
  more->help = "fix the ones shown first";
  kept.push_back(std::move(*more));
  ds = std::move(kept);
}

std::string quote(std::string_view text) {
  constexpr std::size_t kMax = 60;  // keep a message on one readable line
  std::string out = "`";
  std::size_t n = 0;
  for (char c : text) {
    if (n++ == kMax) {
      out += "…";
      break;
    }
    auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  out += '`';
  return out;
}

}  // namespace policy
}  // namespace vigie
