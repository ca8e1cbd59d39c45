// The compile stage: checked policy AST -> Policy::Impl (see compiled.hpp).
//
// Stages: load (the main file, its includes, its layers) -> parse -> check (grammar/policy)
// -> build the compiled form -> run the examples written in rules. Every diagnostic of every
// stage is collected; the policy is produced only when there is no error.
//
// This file: the entry points, and the Builder's top level (settings, blocks, modes, agents,
// rule ids). The Builder's other parts are listed in compile_builder.hpp.
#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "engine/codes.hpp"
#include "engine/compile.hpp"
#include "engine/compile_builder.hpp"
#include "engine/limits.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/format.hpp"

namespace vigie::engine::compiler {

namespace {

// The default messages, written for the model, when a deny rule has none.
std::string default_message(BlockKind block, std::string_view text) {
  switch (block) {
    case BlockKind::commands:
      return fmt::format(
          "`{}` is denied by this project's policy; do not retry it, find another way", text);
    case BlockKind::paths:
      return fmt::format("this path is off limits (`{}`); work inside the project instead", text);
    case BlockKind::fetch:
      return fmt::format("fetching `{}` is denied by policy", text);
    case BlockKind::mcp:
      return fmt::format("the MCP tool `{}` is denied by policy", text);
    default:
      return fmt::format("`{}` is denied by policy", text);
  }
}

}  // namespace

// Lowercase slug of a rule's text, for derived ids: `git push (--force | -f)` -> git-push-force-f.
std::string slug(std::string_view text) {
  std::string out;
  bool dash = false;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      if (dash && !out.empty()) out += '-';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      dash = false;
    } else {
      dash = true;
    }
    if (out.size() >= 40) break;
  }
  return out.empty() ? "rule" : out;
}

std::string rule_text(const Rule& r) {
  std::string s;
  for (std::size_t i = 0; i < r.alternatives.size(); ++i) {
    if (i) s += " | ";
    s += policy::pattern_source(r.alternatives[i]);
  }
  for (const auto& c : r.conditions) s += ' ' + policy::condition_source(c);
  return s;
}

void Builder::build_file(const File& f) {
  files_.push_back(&f);
  for (const Item& item : f.items) top_item(f, item);
  files_.pop_back();
}

const policy::LineIndex& Builder::lines(const File& f) {
  auto it = lines_.find(&f);
  if (it == lines_.end()) it = lines_.emplace(&f, policy::LineIndex(f.source)).first;
  return it->second;
}

Diagnostic Builder::diag(const File& f, Span s, Code code, std::string msg, std::string help,
                         Severity sev) {
  return policy::make_diagnostic(f.name, lines(f), s, code_id(code), sev, std::move(msg),
                                 std::move(help));
}

void Builder::error(const File& f, Span s, Code code, std::string msg, std::string help) {
  if (variant_) return;
  loader_.diags().push_back(diag(f, s, code, std::move(msg), std::move(help), Severity::error));
}

void Builder::warning(const File& f, Span s, Code code, std::string msg, std::string help) {
  if (variant_) return;
  loader_.diags().push_back(diag(f, s, code, std::move(msg), std::move(help), Severity::warning));
}

std::optional<Effect> Builder::effect_arg(const Setting& s, std::size_t i) {
  if (s.args.size() <= i) return std::nullopt;
  return effect_from_string(s.args[i].text);
}

std::uint32_t Builder::add_rule(const File& f, Span span, Effect e, BlockKind block,
                                std::string text, std::string message,
                                const std::optional<Word>& id) {
  RuleInfo info;
  info.ref.effect = e;
  info.ref.file = f.name;
  info.ref.line = lines(f).at(span.begin).line;
  info.block = policy::block_name(block);
  info.text = text;
  if (id) {
    info.ref.id = id->text;
  } else {
    std::string base = info.block + "." + to_string(e) + "." + slug(text);
    int n = ++id_counts_[base];
    info.ref.id = n == 1 ? base : fmt::format("{}-{}", base, n);
  }
  info.message = message.empty() && e == Effect::deny ? default_message(block, text) : message;
  impl_.rules.push_back(std::move(info));
  rule_sites_.push_back({&f, span});
  return static_cast<std::uint32_t>(impl_.rules.size() - 1);
}

void Builder::top_item(const File& f, const Item& item) {
  static_assert(std::variant_size_v<Item> == 4);
  if (auto* s = std::get_if<Setting>(&item)) {
    top_setting(f, *s);
  } else if (auto* b = std::get_if<Block>(&item)) {
    block(f, *b);
  }
  // Rules and test cases outside blocks were reported by the checker.
}

void Builder::top_setting(const File& f, const Setting& s) {
  std::string a0 = s.args.empty() ? "" : s.args[0].text;
  switch (s.id) {
    case Key::policy:
      if (impl_.name.empty()) impl_.name = a0;
      break;
    case Key::mode:
      if (auto m = mode_from_string(a0)) impl_.mode = *m;
      break;
    case Key::default_effect:
      impl_.default_effect = effect_arg(s);
      break;
    case Key::non_interactive:
      impl_.non_interactive = effect_arg(s);
      break;
    case Key::include:
      for (const auto& w : s.args) include(f, s, w.text);
      break;
    case Key::extends:
      if (variant_) break;  // extends and plugins: the base's layers
      for (const auto& w : s.args)
        if (auto p = layer(f, s, w.text)) impl_.parents.push_back(p);
      break;
    case Key::plugins:
      if (variant_) break;
      for (const auto& w : s.args)
        if (auto p = layer(f, s, w.text)) impl_.plugins.push_back(p);
      break;
    default:
      break;
  }
}

void Builder::block(const File& f, const Block& b) {
  switch (b.id) {  // resolved by the checker (grammar/policy/key_table.cpp)
    case BlockKind::commands:
      commands_block(f, b);
      break;
    case BlockKind::paths:
      paths_block(f, b);
      break;
    case BlockKind::fetch:
    case BlockKind::mcp:
      names_block(f, b, b.id);
      break;
    case BlockKind::tools:
      tools_block(f, b);
      break;
    case BlockKind::safety:
      for (const auto& it : b.items)
        if (auto* s = std::get_if<Setting>(&it)) safety_setting(*s);
      break;
    case BlockKind::session:
      for (const auto& it : b.items)
        if (auto* s = std::get_if<Setting>(&it)) session_setting(*s);
      break;
    case BlockKind::mode:
      mode_block(f, b);
      break;
    case BlockKind::agent:
      if (!variant_) agent_block(f, b);  // a variant shares the base's agents
      break;
    case BlockKind::test:
      if (!variant_) test_block(f, b);  // and its tests
      break;
    case BlockKind::unknown:
      break;  // reported by the checker
  }
}

// `mode NAME { … }`: its blocks apply only when the request's mode is NAME (docs/language.md).
void Builder::mode_block(const File& f, const Block& b) {
  std::optional<Mode> m = b.label ? mode_from_string(b.label->text) : std::nullopt;
  if (!m) return;  // reported by the checker
  modes_seen_.insert(*m);
  if (variant_ == m) mode_blocks_.push_back({&f, &b});
}

// A mode's blocks come after everything else, wherever they are written: their settings
// (`workspace-only off`, `default allow`…) override the base's.
void Builder::apply_mode_blocks() {
  // Their regexes are compiled only here, counted in the policy's budget like the base's.
  mode_items_ = true;
  for (auto [f, b] : mode_blocks_) {
    set_last_file(*f);
    for (const auto& it : b->items)
      if (auto* inner = std::get_if<Block>(&it)) block(*f, *inner);
  }
  mode_items_ = false;
}

void Builder::safety_setting(const Setting& s) {
  switch (s.id) {
    case Key::disable:
      for (const auto& w : s.args) impl_.safety_disabled.insert(w.text);
      break;
    case Key::enable:
      for (const auto& w : s.args) impl_.safety_disabled.erase(w.text);
      break;
    case Key::context:
      if (!s.args.empty()) impl_.root_context = s.args[0].text == "root";
      break;
    default:
      break;
  }
}

std::optional<double> Builder::number(const Word& w) {
  try {
    std::size_t used = 0;
    double v = std::stod(w.text, &used);
    if (used != w.text.size() || v < 0) return std::nullopt;
    return v;
  } catch (...) {
    return std::nullopt;
  }
}

void Builder::session_setting(const Setting& s) {
  if (s.args.empty()) return;  // reported by the checker
  switch (s.id) {
    case Key::loop_threshold:
      if (s.args[0].text == "off")  // loop detection disabled, explicitly
        impl_.session.loop_threshold = 0;
      else if (auto n = number(s.args[0]))
        impl_.session.loop_threshold = static_cast<unsigned>(*n);
      break;
    case Key::budget: {
      if (s.args.size() < 2) return;
      auto n = number(s.args[1]);
      if (!n) return;
      if (s.args[0].text == "actions")
        impl_.session.budget_actions = static_cast<std::uint64_t>(*n);
      if (s.args[0].text == "minutes") impl_.session.budget_minutes = *n;
      break;
    }
    case Key::remember:
      impl_.session.remember_always = s.args[0].text == "always";
      break;
    default:
      break;
  }
}

void Builder::agent_block(const File& f, const Block& b) {
  if (!b.label) return;
  auto sub = std::make_shared<Policy::Impl>();
  sub->name = impl_.name + "/" + b.label->text;
  sub->file = f.name;
  sub->mode = impl_.mode;
  Builder inner(loader_, *sub, stack_);
  inner.set_last_file(f);
  // The line indexes go to the agent's Builder and come back: each file is indexed once per
  // compile, not once per agent block (1,000 blocks in a megabyte rescanned it 1,000 times).
  inner.lines_ = std::move(lines_);
  for (const auto& it : b.items) inner.top_item(f, it);
  inner.finish();
  inner.check_examples();
  lines_ = std::move(inner.lines_);
  impl_.agents[b.label->text] = sub;
}

}  // namespace vigie::engine::compiler

namespace vigie::engine {

using compiler::Builder;
using compiler::File;
using compiler::Loader;
using compiler::normalize_name;

CompileResult compile_impl(const std::vector<SourceFile>& sources, const CompileOptions& options) {
  CompileResult out;
  if (sources.empty()) {
    Diagnostic d;
    d.code = code_id(Code::no_policy);
    d.message = "no policy given";
    d.help = "pass a policy file";
    out.diagnostics.push_back(std::move(d));
    return out;
  }
  CompileOptions opts = options;
  for (std::size_t i = 1; i < sources.size(); ++i) opts.files.push_back(sources[i]);
  try {
    policy::UnbuiltDiagnostics unbuilt;  // the errors parsed past limits::policy_diagnostics
    Loader loader(opts, out.sources, out.diagnostics);
    const File* main = loader.load(sources[0].name, &sources[0], nullptr);
    auto impl = std::make_shared<Policy::Impl>();
    impl->file = sources[0].name;
    if (main) {
      Builder b(loader, *impl, {normalize_name(sources[0].name)});
      b.set_last_file(*main);
      b.build_file(*main);
      b.finish();
      if (opts.check_examples) b.check_examples();
      bool base_errors =
          std::any_of(out.diagnostics.begin(), out.diagnostics.end(),
                      [](const Diagnostic& d) { return d.severity == Severity::error; });
      for (Mode m : base_errors ? std::set<Mode>{} : b.modes_with_blocks()) {
        auto v = std::make_shared<Policy::Impl>();
        v->file = impl->file;
        Builder vb(loader, *v, {normalize_name(sources[0].name)});
        vb.set_variant(m);
        vb.set_last_file(*main);
        vb.build_file(*main);
        vb.apply_mode_blocks();
        vb.finish();
        v->parents = impl->parents;
        v->plugins = impl->plugins;
        v->agents = impl->agents;
        impl->mode_variants[m] = std::move(v);
      }
    }
    std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                       if (a.file != b.file) return false;
                       return std::tie(a.line, a.column) < std::tie(b.line, b.column);
                     });
    bool errors =
        !main || std::any_of(out.diagnostics.begin(), out.diagnostics.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::error; });
    if (!errors) out.policy = std::make_shared<Policy>(impl);
    // Errors kept first: the outcome is unchanged.
    policy::bound_diagnostics(out.diagnostics, limits::policy_diagnostics,
                              unbuilt.errors(out.sources));
  } catch (const std::exception& e) {
    Diagnostic d;
    d.code = code_id(Code::internal_error_compile);
    d.file = sources[0].name;
    d.message = fmt::format("internal error while compiling: {}", e.what());
    d.help = "please report this policy";
    out.diagnostics.push_back(std::move(d));
    out.policy = nullptr;
  }
  return out;
}

}  // namespace vigie::engine

namespace vigie {

CompileResult compile(const std::vector<SourceFile>& sources, const CompileOptions& options) {
  return engine::compile_impl(sources, options);
}

CompileResult compile_file(const std::string& path, const CompileOptions& options) {
  std::string text, error;
  bool read = false;
  try {
    read = engine::read_policy_file(path, text, error);
  } catch (const std::exception& e) {
    error = fmt::format("cannot read `{}`: {}", path, e.what());
  }
  if (!read) {
    CompileResult r;
    Diagnostic d;
    d.code = engine::code_id(engine::Code::cannot_read);
    d.file = path;
    d.message = std::move(error);
    d.help = "name a regular policy file (docs/limits.md)";
    r.diagnostics.push_back(std::move(d));
    return r;
  }
  return compile({{path, std::move(text)}}, options);
}

Policy::Policy(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

const std::string& Policy::name() const noexcept {
  return impl_->name;
}

}  // namespace vigie
