// The compile stage: checked policy AST -> Policy::Impl (see compiled.hpp).
//
// Stages: load (the main file, its includes, its layers) -> parse -> check (grammar/policy)
// -> build the compiled form -> run the examples written in rules. Every diagnostic of every
// stage is collected; the policy is produced only when there is no error.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/codes.hpp"
#include "engine/compile.hpp"
#include "engine/conditions.hpp"
#include "engine/limits.hpp"
#include "engine/match.hpp"
#include "engine/programs.hpp"
#include "engine/safety.hpp"
#include "grammar/policy/check.hpp"
#include "grammar/policy/diagnostic.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

namespace {

using policy::Block;
using policy::File;
using policy::Item;
using policy::Key;
using policy::Pattern;
using policy::PatternItem;
using policy::Rule;
using policy::Setting;
using policy::Span;
using policy::TestCase;
using policy::Word;

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

std::string dirname_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash + 1);
}

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

// The default messages, written for the model, when a deny rule has none.
std::string default_message(std::string_view block, std::string_view text) {
  if (block == "commands")
    return fmt::format("`{}` is denied by this project's policy; do not retry it, find another way",
                       text);
  if (block == "paths")
    return fmt::format("this path is off limits (`{}`); work inside the project instead", text);
  if (block == "fetch") return fmt::format("fetching `{}` is denied by policy", text);
  if (block == "mcp") return fmt::format("the MCP tool `{}` is denied by policy", text);
  return fmt::format("`{}` is denied by policy", text);
}

// A glob over a name, as RE2: `*` any run of characters (except `/` when `slash_stops`).
std::unique_ptr<RE2> name_glob(std::string_view glob, bool slash_stops) {
  std::string re = "(?s)";
  for (char c : glob) {
    if (c == '*') {
      re += slash_stops ? "[^/]*" : ".*";
    } else if (c == '?') {
      re += slash_stops ? "[^/]" : ".";
    } else {
      re += RE2::QuoteMeta(std::string_view(&c, 1));
    }
  }
  auto r = std::make_unique<RE2>(re, rule_regex_options());
  if (!r->ok()) return nullptr;
  return r;
}

std::size_t specificity(std::string_view glob) {
  return static_cast<std::size_t>(
      std::count_if(glob.begin(), glob.end(), [](char c) { return c != '*' && c != '?'; }));
}

class Builder;

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

// Reads files (from CompileOptions::files, else disk), parses and checks each once.
class Loader {
 public:
  Loader(const CompileOptions& o, std::vector<SourceFile>& sources, std::vector<Diagnostic>& diags)
      : opts_(o), sources_(sources), diags_(diags) {}

  // The parsed file, or null when it could not be read or parsed (diagnostics were added).
  // `at` is the including statement (null for the main file).
  const File* load(const std::string& name, const SourceFile* given, const Diagnostic* at,
                   bool named = true) {
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
    // A file that is not a policy is never quoted (an include may name a private key through a
    // symlink): binary content (a NUL byte; for an included file, invalid UTF-8 too), or an
    // included file whose first statement is not vigie.
    if (at ? looks_binary(src.text) : src.text.find('\0') != std::string::npos)
      return refuse(
          fmt::format("`{}` is not a policy file (binary content): it is not shown", name),
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

  std::vector<Diagnostic>& diags() { return diags_; }
  const CompileOptions& options() const { return opts_; }
  // One more include, extends or plugins statement followed; false past limits::include_count.
  bool follow() { return ++followed_ <= limits::include_count; }

 private:
  const CompileOptions& opts_;
  std::vector<SourceFile>& sources_;
  std::vector<Diagnostic>& diags_;
  std::map<std::string, std::unique_ptr<File>> parsed_;
  std::size_t followed_ = 0;
};

class Builder {
 public:
  Builder(Loader& loader, Policy::Impl& impl, std::vector<std::string> stack)
      : loader_(loader), impl_(impl), stack_(std::move(stack)) {}

  // A variant for one mode: the same files again, with that mode's `mode NAME { … }` blocks.
  // The base build has already reported every diagnostic, counted every include and compiled
  // the layers, agents and tests: a variant shares them.
  void set_variant(Mode m) { variant_ = m; }
  const std::set<Mode>& modes_with_blocks() const { return modes_seen_; }

  void build_file(const File& f) {
    files_.push_back(&f);
    for (const Item& item : f.items) top_item(f, item);
    files_.pop_back();
  }

  void finish() {
    std::string err;
    for (GlobSet* set : {&impl_.paths.protect_home, &impl_.paths.protect_root})
      if (set->size() > 0 && !set->compiled() && !set->compile(&err))
        error(*last_file_, {}, Code::globs_do_not_compile,
              fmt::format("protected globs do not compile: {}", err), "");
    if (!impl_.paths.protect.compiled() && !impl_.paths.protect.compile(&err))
      error(*last_file_, {}, Code::globs_do_not_compile,
            fmt::format("protected globs do not compile: {}", err), "");
    if (!impl_.paths.third_party_globs.compiled() && !impl_.paths.third_party_globs.compile(&err))
      error(*last_file_, {}, Code::globs_do_not_compile,
            fmt::format("third-party globs do not compile: {}", err), "");
    // Tries are built last, once every pattern is known.
    auto& cr = impl_.commands;
    for (std::uint32_t i = 0; i < cr.patterns.size(); ++i) {
      if (cr.patterns[i].effect == Effect::allow)
        cr.allow_trie.insert(cr.patterns[i].items, i);
      else
        cr.deny_trie.insert(cr.patterns[i].items, i);
    }
    warn_overlaps();
  }

  // Whether every word sequence matching `b` from position `from` also matches `a` (both
  // exact-mode item lists). Conservative: false when unsure.
  static bool covers(const std::vector<Tok>& a, const std::vector<Tok>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Tok& x = a[i];
      if (x.kind == Tok::Kind::rest) return true;
      if (i >= b.size()) return false;
      const Tok& y = b[i];
      if (x.kind == Tok::Kind::any) {
        if (y.kind != Tok::Kind::word && y.kind != Tok::Kind::any && y.kind != Tok::Kind::regex &&
            y.kind != Tok::Kind::alt)
          return false;
        continue;
      }
      if (x.kind == Tok::Kind::word && y.kind == Tok::Kind::word && x.text == y.text) continue;
      if (x.kind == Tok::Kind::end && y.kind == Tok::Kind::end) continue;
      return false;
    }
    return true;
  }

  // The positional items of an allow pattern (its option words removed) and those option
  // words as a command would have them, to compare with deny patterns' option sets.
  static std::pair<std::vector<Tok>, std::vector<shell::WordView>> split_allow(
      const CommandPattern& p) {
    std::vector<Tok> positional;
    std::vector<shell::WordView> words;
    for (std::size_t i = 0; i < p.items.size(); ++i) {
      const Tok& t = p.items[i];
      shell::WordView w;
      if (t.kind == Tok::Kind::word) {
        w.text = t.text;
        w.literal = t.text;
        w.pattern = t.text;
      } else {
        w.text = "*";
      }
      words.push_back(w);
      if (i > 0 && t.kind == Tok::Kind::word && t.text.size() > 1 && t.text[0] == '-') continue;
      positional.push_back(t);
    }
    return {positional, words};
  }

  // Warnings that need the matcher: an allow that a deny or ask always overrides (V340), a rule
  // shadowed by an earlier, broader rule of the same effect (V341).
  void warn_overlaps() {
    const auto& cr = impl_.commands;
    // Only patterns that can share a command name are compared: those with the same first
    // word, and those whose first item is not a word (a regex, `*`).
    std::map<std::string, std::vector<std::uint32_t>, std::less<>> by_name;
    std::vector<std::uint32_t> wild;
    for (std::uint32_t i = 0; i < cr.patterns.size(); ++i) {
      const auto& items = cr.patterns[i].items;
      if (!items.empty() && items[0].kind == Tok::Kind::word)
        by_name[items[0].text].push_back(i);
      else
        wild.push_back(i);
    }
    std::set<std::uint32_t> warned;
    auto check = [&](std::uint32_t i, std::uint32_t j,
                     const std::pair<std::vector<Tok>, std::vector<shell::WordView>>* split) {
      const CommandPattern& b = cr.patterns[i];
      const CommandPattern& a = cr.patterns[j];
      // A rule with conditions may not apply: it overrides or shadows nothing for sure.
      if (i == j || a.rule == b.rule || !a.conditions.empty()) return false;
      const auto& site = rule_sites_[b.rule];
      const RuleInfo& ar = impl_.rules[a.rule];
      if (split && a.effect != Effect::allow && !a.items.empty() && covers(a.items, split->first) &&
          has_all_options(split->second, 1, a.options)) {
        warning(*site.first, site.second, Code::allow_overridden,
                fmt::format("this allow never applies: `{} {}` ({}:{}) always overrides it",
                            to_string(a.effect), ar.text, ar.ref.file, ar.ref.line),
                "remove the allow, or narrow the other rule");
        return true;
      }
      if (a.effect == b.effect && j < i && covers(a.items, b.items) &&
          a.options.size() <= b.options.size()) {
        for (const auto& o : a.options)
          if (std::none_of(b.options.begin(), b.options.end(),
                           [&](const OptionSpec& x) { return x.display() == o.display(); }))
            return false;
        warning(*site.first, site.second, Code::shadowed_rule,
                fmt::format("this rule is shadowed by the broader `{} {}` ({}:{})",
                            to_string(a.effect), ar.text, ar.ref.file, ar.ref.line),
                "remove it, or give it a different effect");
        return true;
      }
      return false;
    };
    for (std::uint32_t i = 0; i < cr.patterns.size(); ++i) {
      const CommandPattern& b = cr.patterns[i];
      if (warned.count(b.rule) || b.rule >= rule_sites_.size()) continue;
      std::optional<std::pair<std::vector<Tok>, std::vector<shell::WordView>>> split;
      if (b.effect == Effect::allow) split = split_allow(b);
      const std::vector<std::uint32_t>* same = nullptr;
      if (!b.items.empty() && b.items[0].kind == Tok::Kind::word) {
        auto it = by_name.find(b.items[0].text);
        if (it != by_name.end()) same = &it->second;
      }
      bool hit = false;
      for (const std::vector<std::uint32_t>* group :
           {same, static_cast<const std::vector<std::uint32_t>*>(&wild)}) {
        if (!group || hit) continue;
        for (std::uint32_t j : *group)
          if ((hit = check(i, j, split ? &*split : nullptr))) break;
      }
      if (hit) warned.insert(b.rule);
    }
  }

  // Examples and counterexamples, run once the compiled form is complete.
  void check_examples() {
    for (const auto& ex : examples_) {
      shell::CommandsResult pr = shell::parse_commands(ex.text);
      bool matched = false;
      if (pr.ok && !pr.commands.empty()) {
        NormalizedCommand n = normalize(pr.commands.front(), impl_.commands.normalize);
        std::vector<PatternMatch> ms;
        match_command(impl_.commands, n, ms);
        // Conditions are checked in a fixed place: the project at /project (the cwd), the
        // home folder at /home/user, no filesystem.
        ConditionContext cc{"/project", "/home/user", "/project", nullptr};
        for (const auto& m : ms) {
          const CommandPattern& cp = impl_.commands.patterns[m.pattern];
          if (cp.rule == ex.rule && m.certain &&
              check_conditions(cp, n, cc) == ConditionResult::holds)
            matched = true;
        }
      }
      if (matched != ex.must_match) {
        error(*ex.file, ex.span,
              ex.must_match ? Code::example_does_not_match : Code::counterexample_matches,
              ex.must_match ? fmt::format("example `{}` does not match this rule", ex.text)
                            : fmt::format("counterexample `{}` matches this rule", ex.text),
              ex.must_match ? "fix the pattern, or the example"
                            : "narrow the pattern (end it with `$` for an exact match)");
      }
    }
  }

  void set_last_file(const File& f) { last_file_ = &f; }

 private:
  struct Example {
    const File* file;
    Span span;
    std::string text;
    std::uint32_t rule;
    bool must_match;
  };

  Loader& loader_;
  Policy::Impl& impl_;
  std::vector<std::string> stack_;  // include chain, for cycles
  std::vector<const File*> files_;
  const File* last_file_ = nullptr;
  std::vector<Example> examples_;
  std::map<std::string, int> id_counts_;
  std::vector<std::pair<const File*, Span>> rule_sites_;  // per rule, for compile warnings

  // A line index per file, built once: a policy of 10,000 rules must not rescan its file for
  // every rule.
  std::map<const File*, policy::LineIndex> lines_;
  std::optional<Mode> variant_;
  std::set<Mode> modes_seen_;
  std::vector<std::pair<const File*, const Block*>> mode_blocks_;

  const policy::LineIndex& lines(const File& f) {
    auto it = lines_.find(&f);
    if (it == lines_.end()) it = lines_.emplace(&f, policy::LineIndex(f.source)).first;
    return it->second;
  }

  Diagnostic diag(const File& f, Span s, Code code, std::string msg, std::string help,
                  Severity sev) {
    return policy::make_diagnostic(f.name, lines(f), s, code_id(code), sev, std::move(msg),
                                   std::move(help));
  }
  void error(const File& f, Span s, Code code, std::string msg, std::string help) {
    if (variant_) return;
    loader_.diags().push_back(diag(f, s, code, std::move(msg), std::move(help), Severity::error));
  }
  void warning(const File& f, Span s, Code code, std::string msg, std::string help) {
    if (variant_) return;
    loader_.diags().push_back(diag(f, s, code, std::move(msg), std::move(help), Severity::warning));
  }

  static std::optional<Effect> effect_arg(const Setting& s, std::size_t i = 0) {
    if (s.args.size() <= i) return std::nullopt;
    return effect_from_string(s.args[i].text);
  }

  std::uint32_t add_rule(const File& f, Span span, Effect e, std::string block, std::string text,
                         std::string message, const std::optional<Word>& id) {
    RuleInfo info;
    info.ref.effect = e;
    info.ref.file = f.name;
    info.ref.line = lines(f).at(span.begin).line;
    info.block = block;
    info.text = text;
    if (id) {
      info.ref.id = id->text;
    } else {
      std::string base = block + "." + to_string(e) + "." + slug(text);
      int n = ++id_counts_[base];
      info.ref.id = n == 1 ? base : fmt::format("{}-{}", base, n);
    }
    info.message = message.empty() && e == Effect::deny ? default_message(block, text) : message;
    impl_.rules.push_back(std::move(info));
    rule_sites_.push_back({&f, span});
    return static_cast<std::uint32_t>(impl_.rules.size() - 1);
  }

  // A setting that names another file: resolved relative to the including file, `.` and `x/..`
  // removed (so that `./a.vigie` is seen as `a.vigie` by the cycle check).
  std::string sibling(const File& f, const std::string& name) {
    std::string joined = !name.empty() && name[0] == '/' ? name : dirname_of(f.name) + name;
    return normalize_name(joined);
  }

  // What an include, extends or plugins statement may name (docs/limits.md): a `.vigie` file,
  // within limits::include_depth levels and limits::include_count statements in all. False with
  // an error (V303) otherwise.
  bool admit(const File& f, const Setting& s, const std::string& name) {
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

  std::shared_ptr<const Policy::Impl> layer(const File& f, const Setting& s,
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

  void top_item(const File& f, const Item& item) {
    static_assert(std::variant_size_v<Item> == 4);
    if (auto* s = std::get_if<Setting>(&item)) {
      top_setting(f, *s);
    } else if (auto* b = std::get_if<Block>(&item)) {
      block(f, *b);
    }
    // Rules and test cases outside blocks were reported by the checker.
  }

  void top_setting(const File& f, const Setting& s) {
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

  void include(const File& f, const Setting& s, const std::string& name) {
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

  void block(const File& f, const Block& b) {
    const std::string& k = b.kind.text;
    if (k == "commands") {
      commands_block(f, b);
    } else if (k == "paths") {
      paths_block(f, b);
    } else if (k == "fetch" || k == "mcp") {
      names_block(f, b, k);
    } else if (k == "tools") {
      tools_block(f, b);
    } else if (k == "safety") {
      for (const auto& it : b.items)
        if (auto* s = std::get_if<Setting>(&it)) safety_setting(*s);
    } else if (k == "session") {
      for (const auto& it : b.items)
        if (auto* s = std::get_if<Setting>(&it)) session_setting(*s);
    } else if (k == "mode") {
      mode_block(f, b);
    } else if (variant_) {
      return;  // agents and tests: the base's
    } else if (k == "agent") {
      agent_block(f, b);
    } else if (k == "test") {
      test_block(f, b);
    }
  }

  // `mode NAME { … }`: its blocks apply only when the request's mode is NAME (docs/language.md).
  void mode_block(const File& f, const Block& b) {
    std::optional<Mode> m = b.label ? mode_from_string(b.label->text) : std::nullopt;
    if (!m) return;  // reported by the checker
    modes_seen_.insert(*m);
    if (variant_ == m) mode_blocks_.push_back({&f, &b});
  }

 public:
  // A mode's blocks come after everything else, wherever they are written: their settings
  // (`workspace-only off`, `default allow`…) override the base's.
  void apply_mode_blocks() {
    for (auto [f, b] : mode_blocks_) {
      set_last_file(*f);
      for (const auto& it : b->items)
        if (auto* inner = std::get_if<Block>(&it)) block(*f, *inner);
    }
  }

 private:
  void safety_setting(const Setting& s) {
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

  static std::optional<double> number(const Word& w) {
    try {
      std::size_t used = 0;
      double v = std::stod(w.text, &used);
      if (used != w.text.size() || v < 0) return std::nullopt;
      return v;
    } catch (...) {
      return std::nullopt;
    }
  }

  void session_setting(const Setting& s) {
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

  // ---- commands ----------------------------------------------------------------------------

  bool compile_tok(const File& f, const PatternItem& it, Tok& out) {
    switch (it.kind) {
      case PatternItem::Kind::word:
        out.kind = Tok::Kind::word;
        out.text = it.word.text;
        return true;
      case PatternItem::Kind::any:
        out.kind = Tok::Kind::any;
        return true;
      case PatternItem::Kind::rest:
        out.kind = Tok::Kind::rest;
        return true;
      case PatternItem::Kind::end:
        out.kind = Tok::Kind::end;
        return true;
      case PatternItem::Kind::regex: {
        auto re = std::make_unique<RE2>(it.word.text, rule_regex_options());
        if (!re->ok()) {
          error(f, it.span, Code::invalid_regex,
                fmt::format("invalid regex `{}`: {}", it.word.text, re->error()),
                "RE2 syntax: no backreferences or lookaround");
          return false;
        }
        out.kind = Tok::Kind::regex;
        impl_.commands.regexes.push_back(std::make_unique<LazyRegex>(std::move(re)));
        out.regex = impl_.commands.regexes.back().get();
        return true;
      }
      case PatternItem::Kind::alt:
        out.kind = Tok::Kind::alt;
        for (const auto& a : it.alts) {
          Tok t;
          if (!compile_tok(f, a, t)) return false;
          out.alts.push_back(std::move(t));
        }
        return true;
    }
    return false;
  }

  static bool is_option_item(const PatternItem& it) {
    return it.kind == PatternItem::Kind::word && it.word.kind == Word::Kind::bare &&
           it.word.text.size() > 1 && it.word.text[0] == '-';
  }

  // The operand conditions of a rule (docs/language.md, "Operand conditions") into one of its
  // patterns: paths kept as written (resolved per request), `without` options as spelling
  // classes of the pattern's command (`git checkout` first, then `git`). A `without` naming an
  // option the pattern itself requires makes the rule dead (V342).
  void command_conditions(const File& f, const Rule& r, const Pattern& p, CommandPattern& cp) {
    std::string command;  // `git checkout`: the command and its first positional word
    for (const PatternItem& it : p.items) {
      if (it.kind != PatternItem::Kind::word || is_option_item(it)) {
        if (command.empty() || it.kind != PatternItem::Kind::word) break;
        continue;
      }
      if (!command.empty()) {
        command += ' ' + it.word.text;
        break;
      }
      command = it.word.text;
    }
    // The pattern's own option words, as a command would carry them.
    std::vector<shell::WordView> written(1);
    for (const PatternItem& it : p.items) {
      if (!is_option_item(it)) continue;
      shell::WordView w;
      w.text = it.word.text;
      w.literal = it.word.text;
      w.pattern = it.word.text;
      written.push_back(std::move(w));
    }
    std::string name = command.substr(0, command.find(' '));
    bool paths_known = name.empty() || touches_paths(name);
    for (const auto& c : r.conditions) {
      if (c.kind != policy::Condition::Kind::without) {
        auto& paths = c.kind == policy::Condition::Kind::inside ? cp.conditions.inside
                                                                : cp.conditions.outside;
        if (!paths_known) {
          const ProgramDecl* d = find_program(name);
          warning(f, c.keyword.span, Code::condition_without_paths,
                  fmt::format("this rule never applies: {}, so `{}` never holds",
                              d ? fmt::format("`{}` has no path operands or options in the "
                                              "programs table",
                                              name)
                                : fmt::format("`{}` is not in the programs table (its operands "
                                              "are not paths)",
                                              name),
                              c.keyword.text),
                  "limit the rule with `without`, or judge its paths with a path rule "
                  "(`paths { deny DIR }`)");
          paths_known = true;  // once per pattern
        }
        if (!paths) paths.emplace();
        for (const auto& w : c.operands) paths->push_back(w.text);
        continue;
      }
      for (const auto& w : c.operands) {
        for (auto& spec : specs_for(command, w.text, impl_.commands.aliases)) {
          if (has_option(written, 1, spec)) {
            warning(f, w.span, Code::condition_never_holds,
                    fmt::format("this rule never applies: it requires `{}` and `without {}` "
                                "refuses it ({})",
                                pattern_option_text(p), w.text, spec.display()),
                    "remove the option from the pattern or from `without`");
          }
          cp.conditions.without.push_back(std::move(spec));
        }
      }
    }
  }

  // Whether the programs table says `name` can touch a path through its operands or options.
  static bool touches_paths(std::string_view name) {
    const ProgramDecl* d = find_program(name);
    if (!d) return false;
    // find, tar, git...; a wrapper's conditions see the paths of the command it runs.
    if (!d->handler.empty()) return true;
    if (d->operands.find_first_of("rwdx") != std::string::npos) return true;
    return std::any_of(d->options.begin(), d->options.end(), [](const OptionDecl& o) {
      return (o.role != 0 && std::string_view("rwdxctPaf").find(o.role) != std::string::npos);
    });
  }

  static std::string pattern_option_text(const Pattern& p) {
    std::string out;
    for (const PatternItem& it : p.items)
      if (is_option_item(it)) out += (out.empty() ? "" : " ") + it.word.text;
    return out;
  }

  void command_rule(const File& f, const Rule& r) {
    std::string text = rule_text(r);
    std::uint32_t ri =
        add_rule(f, r.span, r.effect, "commands", text, r.message ? r.message->text : "", r.id);
    for (const Pattern& p : r.alternatives) {
      CommandPattern cp;
      cp.rule = ri;
      cp.effect = r.effect;
      std::string command;  // the pattern's command name, for option spellings
      bool ok = true;
      for (const PatternItem& it : p.items) {
        if (r.effect != Effect::allow && is_option_item(it)) {
          for (auto& spec : specs_for(command, it.word.text, impl_.commands.aliases))
            cp.options.push_back(std::move(spec));
          continue;
        }
        if (r.effect != Effect::allow && it.kind == PatternItem::Kind::alt &&
            std::all_of(it.alts.begin(), it.alts.end(), is_option_item)) {
          // `(--force | -f)`: one requirement satisfied by any of the spellings.
          OptionSpec any;
          for (const auto& a : it.alts)
            for (auto& spec : specs_for(command, a.word.text, impl_.commands.aliases))
              merge_into(any, spec);
          cp.options.push_back(std::move(any));
          continue;
        }
        Tok t;
        if (!compile_tok(f, it, t)) {
          ok = false;
          break;
        }
        if (cp.items.empty() && t.kind == Tok::Kind::word) command = t.text;
        cp.items.push_back(std::move(t));
      }
      if (!ok) continue;
      if (cp.items.empty()) {
        error(f, p.span, Code::pattern_without_command, "a command pattern needs a command name",
              "write the command first");
        continue;
      }
      command_conditions(f, r, p, cp);
      impl_.commands.patterns.push_back(std::move(cp));
    }
    for (const auto& ex : r.examples) examples_.push_back({&f, ex.span, ex.text, ri, true});
    for (const auto& ex : r.counterexamples) examples_.push_back({&f, ex.span, ex.text, ri, false});
  }

  void commands_block(const File& f, const Block& b) {
    auto& cr = impl_.commands;
    // Settings first: `option` spellings apply to every rule of the block.
    for (const auto& it : b.items) {
      auto* s = std::get_if<Setting>(&it);
      if (!s) continue;
      std::vector<std::string> args;
      for (const auto& w : s->args) args.push_back(w.text);
      switch (s->id) {
        case Key::default_effect:
          cr.default_effect = effect_arg(*s);
          break;
        case Key::option:
          if (args.size() >= 2)
            cr.aliases.add(args[0], std::vector<std::string>(args.begin() + 1, args.end()));
          break;
        case Key::wrapper:
          for (auto& a : args) cr.normalize.extra_wrappers.push_back(a);
          break;
        case Key::interpreter:
          for (auto& a : args) cr.normalize.extra_interpreters.push_back(a);
          break;
        case Key::metachars:
          cr.metachars = effect_arg(*s);
          break;
        default:
          break;
      }
    }
    for (const auto& it : b.items)
      if (auto* r = std::get_if<Rule>(&it)) command_rule(f, *r);
  }

  // ---- paths -------------------------------------------------------------------------------

  void paths_block(const File& f, const Block& b) {
    auto& pr = impl_.paths;
    for (const auto& it : b.items) {
      if (auto* s = std::get_if<Setting>(&it)) {
        const Key k = s->id;
        if (k == Key::workspace && !s->args.empty()) {
          pr.workspace = s->args[0].text;
        } else if (k == Key::binary && !s->args.empty()) {
          pr.binary = s->args[0].text == "on";
        } else if (k == Key::large_edit && !s->args.empty()) {
          if (auto n = number(s->args[0])) pr.large_edit_bytes = static_cast<std::uint64_t>(*n);
        } else if (k == Key::workspace_only && !s->args.empty()) {
          // `tools`: file tools only; the paths a command line touches are not held to it.
          pr.workspace_only = s->args[0].text != "off";
          pr.workspace_only_commands = s->args[0].text == "on";
        } else if (k == Key::protect) {
          const Word* m = policy::protect_message(*s);
          std::string msg = m ? m->text : "";
          std::vector<const Word*> globs;
          for (const auto& w : s->args)
            if (&w != m) globs.push_back(&w);
          for (const Word* g : globs) {
            std::uint32_t ri =
                add_rule(f, s->span, Effect::ask, "paths", "protect " + g->text, msg, std::nullopt);
            impl_.rules[ri].ref.id = "paths.protect." + slug(g->text);
            if (msg.empty())
              impl_.rules[ri].message = fmt::format(
                  "`{}` is a protected path: change the code, not these files", g->text);
            std::string err;
            std::string_view gt = g->text;
            GlobSet& set = gt.substr(0, 2) == "~/"  ? pr.protect_home
                           : gt.substr(0, 1) == "/" ? pr.protect_root
                                                    : pr.protect;
            if (gt.substr(0, 2) == "~/") gt.remove_prefix(1);  // `/.zshrc`, anchored at home
            if (!set.add(gt, ri, &err))
              error(f, g->span, Code::invalid_glob,
                    fmt::format("invalid glob `{}`: {}", g->text, err),
                    "globs use `*`, `?`, `[…]` and `**`");
            pr.protect_rules.push_back(ri);
          }
        } else if (k == Key::third_party && !s->args.empty()) {
          const std::string& a = s->args[0].text;
          if (a == "none") {
            pr.third_party = false;
          } else if (a == "default") {
            pr.third_party = true;
          } else {
            pr.third_party = true;
            std::uint32_t ri =
                add_rule(f, s->span, Effect::ask, "paths", "third-party", "", std::nullopt);
            for (const auto& w : s->args) {
              std::string err;
              if (!pr.third_party_globs.add(w.text, ri, &err))
                error(f, w.span, Code::invalid_glob,
                      fmt::format("invalid glob `{}`: {}", w.text, err), "");
            }
          }
        }
        continue;
      }
      auto* r = std::get_if<Rule>(&it);
      if (!r) continue;
      std::string text = rule_text(*r);
      std::uint32_t ri =
          add_rule(f, r->span, r->effect, "paths", text, r->message ? r->message->text : "", r->id);
      Access access = Access::both;
      for (const auto& p : r->alternatives) {
        for (const auto& item : p.items) {
          const std::string& w = item.word.text;
          if (item.kind == PatternItem::Kind::word && item.word.kind == Word::Kind::bare &&
              (w == "read" || w == "write")) {
            access = w == "read" ? Access::read : Access::write;
            continue;
          }
          pr.rules.push_back({w, r->effect, access, ri});
        }
      }
    }
  }

  // ---- fetch, mcp ---------------------------------------------------------------------------

  void names_block(const File& f, const Block& b, const std::string& k) {
    auto& table = k == "fetch" ? impl_.fetch : impl_.mcp;
    for (const auto& it : b.items) {
      if (auto* s = std::get_if<Setting>(&it)) {
        if (s->id == Key::default_effect)
          (k == "fetch" ? impl_.fetch_default : impl_.mcp_default) = effect_arg(*s);
        continue;
      }
      auto* r = std::get_if<Rule>(&it);
      if (!r) continue;
      std::uint32_t ri = add_rule(f, r->span, r->effect, k, rule_text(*r),
                                  r->message ? r->message->text : "", r->id);
      std::vector<std::string> methods;
      for (const auto& p : r->alternatives) {
        for (const auto& item : p.items) {
          const std::string& w = item.word.text;
          bool upper = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
            return std::isupper(static_cast<unsigned char>(c));
          });
          if (k == "fetch" && upper) {
            methods.push_back(w);
            continue;
          }
          NameRule nr;
          nr.glob = name_glob(w, k == "mcp");
          nr.specificity = specificity(w);
          nr.methods = methods;
          nr.rule = ri;
          nr.effect = r->effect;
          if (!nr.glob) {
            error(f, item.span, Code::invalid_glob, fmt::format("invalid pattern `{}`", w), "");
            continue;
          }
          table.push_back(std::move(nr));
        }
      }
    }
  }

  // `harness NAME…` and `map TOOL KIND ROLE=FIELD…`: checked against engine/tool_names.cpp.
  bool tool_map_setting(const File& f, const Setting& s) {
    auto& t = impl_.tools;
    auto unknown = [&](const policy::Word& w, std::string what,
                       const std::vector<std::string_view>& known) {
      std::string help;
      if (auto m = policy::did_you_mean(w.text, known)) help = "did you mean `" + *m + "`?";
      std::string list;
      for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      error(f, w.span, Code::bad_tool_map,
            fmt::format("unknown {} `{}` (known: {})", what, w.text, list), help);
    };
    if (s.id == Key::harness) {
      std::vector<std::string_view> known;
      for (const auto& h : engine::harnesses()) known.push_back(h.name);
      for (const auto& w : s.args) {
        if (!engine::find_harness(w.text))
          unknown(w, "harness", known);
        else if (std::find(t.harnesses.begin(), t.harnesses.end(), w.text) == t.harnesses.end())
          t.harnesses.push_back(w.text);
      }
      return true;
    }
    if (s.id != Key::map) return false;
    engine::ToolMapping m;
    m.tool = s.args[0].text;
    m.kind = s.args[1].text;
    if (!engine::is_request_kind(m.kind))
      unknown(s.args[1], "request kind", engine::request_kinds());
    for (std::size_t i = 2; i < s.args.size(); ++i) {
      const auto& w = s.args[i];
      auto eq = w.text.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == w.text.size()) {
        error(f, w.span, Code::bad_tool_map, fmt::format("expected ROLE=FIELD, found `{}`", w.text),
              "e.g. `command=cmd` or `path=file`");
        continue;
      }
      if (!engine::is_field_role(w.text.substr(0, eq))) {
        policy::Word role = w;
        role.text = w.text.substr(0, eq);
        unknown(role, "field role", engine::field_roles());
        continue;
      }
      m.fields += (m.fields.empty() ? "" : " ") + w.text;
    }
    t.mappings.push_back(std::move(m));
    return true;
  }

  void tools_block(const File& f, const Block& b) {
    auto& t = impl_.tools;
    for (const auto& it : b.items) {
      if (auto* s = std::get_if<Setting>(&it)) {
        if (tool_map_setting(f, *s)) continue;
        const Key k = s->id;
        auto* set = k == Key::auto_approve ? &t.auto_approve
                    : k == Key::always_ask ? &t.always_ask
                    : k == Key::exclude    ? &t.exclude
                                           : nullptr;
        if (!set) continue;
        std::string names;
        for (const auto& w : s->args) {
          set->insert(w.text);
          names += (names.empty() ? "" : " ") + w.text;
        }
        Effect e = k == Key::auto_approve ? Effect::allow
                   : k == Key::always_ask ? Effect::ask
                                          : Effect::deny;
        const std::string key(policy::key_name(k));
        std::uint32_t ri = add_rule(
            f, s->span, e, "tools", key + " " + names,
            e == Effect::deny ? "this tool is disabled for this project; use another tool" : "",
            std::nullopt);
        impl_.rules[ri].ref.id = "tools." + key;
        (k == Key::auto_approve ? t.auto_approve_rule
         : k == Key::always_ask ? t.always_ask_rule
                                : t.exclude_rule) = ri;
        continue;
      }
      auto* r = std::get_if<Rule>(&it);
      if (!r) continue;
      std::uint32_t ri = add_rule(f, r->span, r->effect, "tools", rule_text(*r),
                                  r->message ? r->message->text : "", r->id);
      for (const auto& p : r->alternatives)
        for (const auto& item : p.items) {
          NameRule nr;
          nr.glob = name_glob(item.word.text, false);
          nr.specificity = specificity(item.word.text);
          nr.rule = ri;
          nr.effect = r->effect;
          if (nr.glob) t.rules.push_back(std::move(nr));
        }
    }
  }

  // ---- agents (sub-agent layers) -------------------------------------------------------------

  void agent_block(const File& f, const Block& b) {
    if (!b.label) return;
    auto sub = std::make_shared<Policy::Impl>();
    sub->name = impl_.name + "/" + b.label->text;
    sub->file = f.name;
    sub->mode = impl_.mode;
    Builder inner(loader_, *sub, stack_);
    inner.set_last_file(f);
    for (const auto& it : b.items) inner.top_item(f, it);
    inner.finish();
    inner.check_examples();
    impl_.agents[b.label->text] = sub;
  }

  // ---- tests ---------------------------------------------------------------------------------

  struct TestContext {
    std::string cwd, project = "/project", home = "/home/user", agent;
    std::optional<Mode> mode;
    bool interactive = true;
    std::map<std::string, std::string> symlinks;
    bool cwd_set = false;
  };

  static void apply(TestContext& c, const Setting& s) {
    std::string a0 = s.args.empty() ? "" : s.args[0].text;
    switch (s.id) {
      case Key::cwd:
        c.cwd = a0;
        c.cwd_set = true;
        break;
      case Key::project:
        c.project = a0;
        break;
      case Key::home:
        c.home = a0;
        break;
      case Key::mode:
        c.mode = mode_from_string(a0);
        break;
      case Key::agent:
        c.agent = a0;
        break;
      case Key::non_interactive:
        c.interactive = false;
        break;
      case Key::interactive:
        c.interactive = true;
        break;
      case Key::symlink:
        if (s.args.size() >= 2) c.symlinks[s.args[0].text] = s.args[1].text;
        break;
      default:
        break;
    }
  }

  void test_block(const File& f, const Block& b) {
    TestContext ctx;
    std::string name = b.label ? b.label->text : "";
    for (const auto& it : b.items) {
      if (auto* s = std::get_if<Setting>(&it)) {
        apply(ctx, *s);
        continue;
      }
      auto* tc = std::get_if<TestCase>(&it);
      if (!tc) continue;
      TestContext c = ctx;
      for (const auto& w : tc->with) apply(c, w);
      TestSpec t;
      t.block = name;
      t.kind = tc->kind.text;
      t.subject = tc->subject.text;
      t.expect = tc->expect;
      t.expect_rule = tc->rule ? tc->rule->text : "";
      t.expect_message = tc->message ? tc->message->text : "";
      t.file = f.name;
      t.line = lines(f).at(tc->span.begin).line;
      t.symlinks = c.symlinks;
      Request& rq = t.request;
      nlohmann::json input = nlohmann::json::object();
      const std::string& k = t.kind;
      if (k == "request") {
        std::string err;
        auto parsed = parse_request(t.subject, &err);
        if (!parsed) {
          error(f, tc->subject.span, Code::invalid_test_request,
                fmt::format("invalid request: {}", err),
                "write the request as JSON in single quotes");
          continue;
        }
        rq = *parsed;
      } else {
        if (k == "command") {
          rq.tool = "Bash";
          input["command"] = t.subject;
        } else if (k == "edit" || k == "write") {
          rq.tool = k == "edit" ? "Edit" : "Write";
          input["file_path"] = t.subject;
        } else if (k == "read") {
          rq.tool = "Read";
          input["file_path"] = t.subject;
        } else if (k == "fetch") {
          rq.tool = "WebFetch";
          input["url"] = t.subject;
        } else if (k == "mcp") {
          std::string s = t.subject;
          auto slash = s.find('/');
          rq.tool = slash == std::string::npos
                        ? "mcp__" + s
                        : "mcp__" + s.substr(0, slash) + "__" + s.substr(slash + 1);
        } else {
          rq.tool = t.subject;
        }
        rq.kind = kind_of_tool(rq.tool);
        rq.input_json = input.dump();
      }
      if (rq.project_root.empty()) rq.project_root = c.project;
      if (rq.cwd.empty()) rq.cwd = c.cwd_set ? c.cwd : rq.project_root;
      if (rq.home.empty()) rq.home = c.home;
      if (c.mode) rq.mode = c.mode;
      if (!c.interactive) rq.interactive = false;
      if (!c.agent.empty()) rq.agent = c.agent;
      impl_.tests.push_back(std::move(t));
    }
  }
};

}  // namespace

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
