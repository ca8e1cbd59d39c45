// The compile stage's loading: the Loader (read, parse and check each file once, refusing what
// is not a policy) and the Builder's `include`, `extends` and `plugins` (relative names, the
// include chain, cycles and the limits of docs/limits.md).
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "engine/compile_builder.hpp"
#include "engine/limits.hpp"
#include "engine/normalize.hpp"
#include "engine/safety.hpp"
#include "grammar/policy/check.hpp"
#include "grammar/policy/parser.hpp"

namespace vigie::engine::compiler {

const policy::ProgramKinds& lint_programs() {
  static const policy::ProgramKinds kinds{
      [](std::string_view name) { return is_wrapper(name); },
      [](std::string_view name) { return is_interpreter(name); }};
  return kinds;
}

namespace {

std::string dirname_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash + 1);
}

// True when an error of `ds` sits on the first line of `text` that is not blank or a comment:
// the file does not start like a policy.
bool first_line_fails(std::string_view text, const std::vector<Diagnostic>& ds) {
  std::uint32_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t eol = text.find('\n', i);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view l = text.substr(i, eol - i);
    std::size_t b = l.find_first_not_of(" \t\r");
    if (b != std::string_view::npos && l[b] != '#') break;
    ++line;
    i = eol + 1;
  }
  return std::any_of(ds.begin(), ds.end(), [&](const Diagnostic& d) {
    return d.severity == Severity::error && d.line == line &&
           d.code != policy::code_id(policy::Code::missing_policy_name);
  });
}

}  // namespace

// `a/./b/../c.vigie` -> `a/c.vigie`; leading `..` kept; lexical only (symlinks are not read).
std::string normalize_name(const std::string& path) {
  bool absolute = !path.empty() && path[0] == '/';
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i <= path.size()) {
    std::size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    std::string c = path.substr(i, j - i);
    if (c.empty() || c == ".") {
    } else if (c == ".." && !parts.empty() && parts.back() != "..") {
      parts.pop_back();
    } else if (c == ".." && absolute) {
    } else {
      parts.push_back(std::move(c));
    }
    i = j + 1;
  }
  std::string out = absolute ? "/" : "";
  for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? "/" : "") + parts[k];
  return out;
}

const File* Loader::load(const std::string& name, const SourceFile* given, const Diagnostic* at,
                         bool named) {
  if (auto it = parsed_.find(name); it != parsed_.end()) return it->second.get();
  auto refuse = [&](std::string message, std::string help) -> const File* {
    Diagnostic d = at ? *at : Diagnostic{};
    if (!at) d.file = name;
    d.code = code_id(Code::cannot_read);
    d.severity = Severity::error;
    d.message = std::move(message);
    d.help = std::move(help);
    diags_.push_back(std::move(d));
    parsed_[name] = nullptr;
    return nullptr;
  };
  SourceFile src;
  if (given) {
    src = *given;
  } else if (auto f = std::find_if(opts_.files.begin(), opts_.files.end(),
                                   [&](const SourceFile& s) { return s.name == name; });
             f != opts_.files.end()) {
    src = *f;
  } else if (opts_.read_files) {
    std::string error;
    if (!read_policy_file(name, src.text, error))
      return refuse(std::move(error),
                    "an include names a regular `.vigie` file, relative to "
                    "the including file (docs/limits.md)");
    src.name = name;
  } else {
    return refuse(fmt::format("`{}` is not among the provided files", name),
                  "pass it in the `files` option");
  }
  if (src.text.size() > limits::policy_file_bytes)
    return refuse(fmt::format("`{}` is larger than {} bytes (the limit for a policy file)", name,
                              limits::policy_file_bytes),
                  "split the policy with `include`");
  if (src.text.size() > limits::policy_bytes - read_bytes_)
    return refuse(fmt::format("`{}` would bring the policy past {} bytes of files (the limit "
                              "for a policy)",
                              name, limits::policy_bytes),
                  "include fewer or smaller files");
  read_bytes_ += src.text.size();
  // A file that is not a policy is never quoted (an include may name a private key through a
  // symlink): binary content (a NUL byte; for an included file, invalid UTF-8 too), or an
  // included file whose first statement is not vigie.
  if (at ? looks_binary(src.text) : src.text.find('\0') != std::string::npos)
    return refuse(fmt::format("`{}` is not a policy file (binary content): it is not shown", name),
                  "a policy is UTF-8 text");
  policy::ParseResult pr = policy::parse(src.name, src.text);
  bool errors = false;
  for (const auto& d : pr.diagnostics) errors |= d.severity == Severity::error;
  std::vector<Diagnostic> checked;
  if (!errors) {
    static const std::vector<std::string> safety_names = safety_check_names();
    policy::CheckOptions co;
    co.require_policy_name = named;
    co.safety_checks = &safety_names;
    co.programs = &lint_programs();
    policy::check(pr.file, checked, co);
    for (const auto& d : checked) errors |= d.severity == Severity::error;
  }
  if (at && (first_line_fails(src.text, pr.diagnostics) || first_line_fails(src.text, checked)))
    return refuse(fmt::format("`{}` is not a policy file: its first line is not a vigie "
                              "statement (its content is not shown)",
                              name),
                  "an include names a vigie policy file");
  sources_.push_back(src);
  for (auto& d : pr.diagnostics) diags_.push_back(std::move(d));
  for (auto& d : checked) diags_.push_back(std::move(d));
  auto file = std::make_unique<File>(std::move(pr.file));
  const File* p = file.get();
  parsed_[name] = errors ? nullptr : std::move(file);
  return errors ? nullptr : p;
}

// A setting that names another file: resolved relative to the including file, `.` and `x/..`
// removed (so that `./a.vigie` is seen as `a.vigie` by the cycle check).
std::string Builder::sibling(const File& f, const std::string& name) {
  std::string joined = !name.empty() && name[0] == '/' ? name : dirname_of(f.name) + name;
  return normalize_name(joined);
}

// What an include, extends or plugins statement may name (docs/limits.md): a `.vigie` file,
// within limits::include_depth levels and limits::include_count statements in all. False with
// an error (V303) otherwise.
bool Builder::admit(const File& f, const Setting& s, const std::string& name) {
  const std::string& what = s.key.text;
  if (name.size() < 7 || name.compare(name.size() - 6, 6, ".vigie") != 0 || name.back() == '/' ||
      name[name.size() - 7] == '/') {
    error(f, s.span, Code::load_refused,
          fmt::format("`{} \"{}\"`: only `.vigie` policy files can be named", what, name),
          "name a policy file, e.g. `base.vigie` (relative to this file)");
    return false;
  }
  if (stack_.size() > limits::include_depth) {
    error(f, s.span, Code::load_refused,
          fmt::format("`{}`: includes, extends and plugins nested more than {} deep", name,
                      limits::include_depth),
          "flatten the chain of files");
    return false;
  }
  if (!variant_ && !loader_.follow()) {
    error(f, s.span, Code::load_refused,
          fmt::format("`{}`: more than {} files included (include, extends and plugins "
                      "statements, in all)",
                      name, limits::include_count),
          "name each file once");
    return false;
  }
  return true;
}

std::shared_ptr<const Policy::Impl> Builder::layer(const File& f, const Setting& s,
                                                   const std::string& name) {
  if (!admit(f, s, name)) return nullptr;
  std::string path = sibling(f, name);
  if (std::find(stack_.begin(), stack_.end(), path) != stack_.end()) {
    warning(f, s.span, Code::load_cycle,
            fmt::format("`{}` is already being loaded (a cycle)", name),
            "remove one of the two references");
    return nullptr;
  }
  Diagnostic at = diag(f, s.span, Code::cannot_read, "", "", Severity::error);
  const File* sub = loader_.load(path, nullptr, &at);
  if (!sub) return nullptr;
  auto impl = std::make_shared<Policy::Impl>();
  impl->file = path;
  auto stack = stack_;
  stack.push_back(path);
  Builder b(loader_, *impl, stack);
  b.set_last_file(*sub);
  b.build_file(*sub);
  b.finish();
  b.check_examples();
  return impl;
}

void Builder::include(const File& f, const Setting& s, const std::string& name) {
  if (!admit(f, s, name)) return;
  std::string path = sibling(f, name);
  if (std::find(stack_.begin(), stack_.end(), path) != stack_.end()) {
    warning(f, s.span, Code::load_cycle, fmt::format("include cycle: `{}` includes itself", name),
            "remove one of the includes");
    return;
  }
  Diagnostic at = diag(f, s.span, Code::cannot_read, "", "", Severity::error);
  const File* sub = loader_.load(path, nullptr, &at, /*named=*/false);
  if (!sub) return;
  stack_.push_back(path);
  build_file(*sub);
  stack_.pop_back();
}

bool Loader::follow() {
  return ++followed_ <= limits::include_count;
}

}  // namespace vigie::engine::compiler
