// The compile stage's `commands` blocks: patterns to tokens and option requirements, operand
// conditions, the allow and deny tries, the overlap warnings (V340, V341) and the examples and
// counterexamples written in rules.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "engine/compile_builder.hpp"
#include "engine/conditions.hpp"
#include "engine/match.hpp"
#include "engine/programs.hpp"

namespace vigie::engine::compiler {

void Builder::finish() {
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
bool Builder::covers(const std::vector<Tok>& a, const std::vector<Tok>& b) {
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
std::pair<std::vector<Tok>, std::vector<shell::WordView>> Builder::split_allow(
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
void Builder::warn_overlaps() {
  // A variant's warnings are the base's (warning() is silent there): no work.
  if (variant_) return;
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
  // Each pair compared is counted before it is, for the whole policy (limits::overlap_checks):
  // past the limit, one note says where the analysis stopped.
  Loader::Spent& spent = loader_.spent();
  auto cut = [&](std::uint32_t i) {
    if (spent.overlap_checks < limits::overlap_checks) {
      ++spent.overlap_checks;
      return false;
    }
    if (!spent.overlaps_cut) {
      spent.overlaps_cut = true;
      const auto& site = rule_sites_[cr.patterns[i].rule];
      loader_.diags().push_back(
          diag(*site.first, site.second, Code::shadowed_rule,
               fmt::format("overlap analysis stopped after {} comparisons: this rule and the "
                           "ones after it are not checked for V340 and V341",
                           limits::overlap_checks),
               "split the policy's rules of one command into fewer, broader ones", Severity::note));
    }
    return true;
  };
  for (std::uint32_t i = 0; i < cr.patterns.size(); ++i) {
    const CommandPattern& b = cr.patterns[i];
    if (warned.count(b.rule) || b.rule >= rule_sites_.size()) continue;
    if (spent.overlaps_cut) break;
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
        if (cut(i) || (hit = check(i, j, split ? &*split : nullptr))) break;
    }
    if (hit) warned.insert(b.rule);
  }
}

// Examples and counterexamples, run once the compiled form is complete.
void Builder::check_examples() {
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

bool Builder::compile_tok(const File& f, const PatternItem& it, Tok& out) {
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
      auto re = compile_regex(f, it);
      if (!re) return false;
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

bool Builder::is_option_item(const PatternItem& it) {
  return it.kind == PatternItem::Kind::word && it.word.kind == Word::Kind::bare &&
         it.word.text.size() > 1 && it.word.text[0] == '-';
}

// The operand conditions of a rule (docs/language.md, "Operand conditions") into one of its
// patterns: paths kept as written (resolved per request), `without` options as spelling
// classes of the pattern's command (`git checkout` first, then `git`). A `without` naming an
// option the pattern itself requires makes the rule dead (V342).
void Builder::command_conditions(const File& f, const Rule& r, const Pattern& p, CommandPattern& cp,
                                 bool warn) {
  // `docker system prune`: the command and up to two positional words, as the pattern's own
  // options are looked up (command_rule); the classes of its longest prefix a row names apply.
  std::string command;
  std::size_t words = 0;
  for (const PatternItem& it : p.items) {
    if (it.kind != PatternItem::Kind::word || is_option_item(it)) {
      if (command.empty() || it.kind != PatternItem::Kind::word) break;
      continue;
    }
    if (command.empty()) {
      command = it.word.text;
      continue;
    }
    command += ' ' + it.word.text;
    if (++words == 2) break;
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
      auto& paths =
          c.kind == policy::Condition::Kind::inside ? cp.conditions.inside : cp.conditions.outside;
      if (!paths_known && warn) {
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
        if (warn && has_option(written, 1, spec)) {
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
bool Builder::touches_paths(std::string_view name) {
  const ProgramDecl* d = find_program(name);
  if (!d) return false;
  // find, tar, git...; a wrapper's conditions see the paths of the command it runs.
  if (!d->handler.empty()) return true;
  if (d->operands.find_first_of("rwdxmh") != std::string::npos) return true;
  return std::any_of(d->options.begin(), d->options.end(), [](const OptionDecl& o) {
    return (o.role != 0 && std::string_view("rwdxctPafio").find(o.role) != std::string::npos);
  });
}

std::string Builder::pattern_option_text(const Pattern& p) {
  std::string out;
  for (const PatternItem& it : p.items)
    if (is_option_item(it)) out += (out.empty() ? "" : " ") + it.word.text;
  return out;
}

std::optional<Pattern> Builder::valued_form(const Pattern& p) {
  // The name and up to two positional words before the first option (as command_rule).
  std::string command;
  std::size_t words = 0;
  bool options = false;
  std::optional<Pattern> out;
  for (std::size_t k = 0; k < p.items.size(); ++k) {
    const PatternItem& it = p.items[k];
    if (it.kind != PatternItem::Kind::word) return std::nullopt;
    if (!is_option_item(it)) {
      if (command.empty()) {
        command = it.word.text;
      } else if (words < 2 && !options) {
        command += ' ' + it.word.text;
        ++words;
      }
      continue;
    }
    options = true;
    if (command.empty() || k + 1 >= p.items.size()) continue;
    const PatternItem& value = p.items[k + 1];
    if (value.kind != PatternItem::Kind::word || is_option_item(value) ||
        it.word.text.find('=') != std::string::npos)
      continue;
    // Only where the table knows the valued option in other spellings (kill's signals): a
    // plain `-m msg` stays an option and a positional word.
    const std::string joined = it.word.text + "=" + value.word.text;
    const std::vector<OptionSpec> specs = specs_for(command, joined, impl_.commands.aliases);
    if (specs.size() != 1 ||
        (specs[0].shorts.empty() && specs[0].longs.empty() && specs[0].exact.size() < 2))
      continue;
    if (!out) out = p;
    // The pair, in the copy: the option's word holds `OPT=VALUE`, the value's word goes.
    const std::size_t shift = p.items.size() - out->items.size();
    out->items[k - shift].word.text = joined;
    out->items.erase(out->items.begin() + static_cast<std::ptrdiff_t>(k + 1 - shift));
    ++k;
  }
  return out;
}

void Builder::command_rule(const File& f, const Rule& r) {
  std::string text = rule_text(r);
  std::uint32_t ri = add_rule(f, r.span, r.effect, BlockKind::commands, text,
                              r.message ? r.message->text : "", r.id);
  // A deny or ask rule also meets its `OPT VALUE` pairs in the valued option's other
  // spellings: one more pattern of the same rule (no diagnostic of its own).
  std::vector<Pattern> valued;
  if (r.effect != Effect::allow)
    for (const Pattern& p : r.alternatives)
      if (auto v = valued_form(p)) valued.push_back(std::move(*v));
  const std::size_t written = r.alternatives.size();
  for (std::size_t k = 0; k < written + valued.size(); ++k) {
    const Pattern& p = k < written ? r.alternatives[k] : valued[k - written];
    CommandPattern cp;
    cp.rule = ri;
    cp.effect = r.effect;
    // The pattern's command name and up to two positional words after it, for option
    // spellings (`git commit`, `docker system prune`: their classes first, then their parents').
    std::string command;
    std::size_t words = 0;  // the positional words after the name in `command`
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
      if (cp.items.empty() && t.kind == Tok::Kind::word) {
        command = t.text;
        words = 0;
      }
      if (cp.items.size() == words + 1 && words < 2 && cp.options.empty() &&
          t.kind == Tok::Kind::word && !command.empty()) {
        command += ' ' + t.text;
        ++words;
      }
      cp.items.push_back(std::move(t));
    }
    if (!ok) continue;
    if (cp.items.empty()) {
      error(f, p.span, Code::pattern_without_command, "a command pattern needs a command name",
            "write the command first");
      continue;
    }
    command_conditions(f, r, p, cp, k < written);
    impl_.commands.patterns.push_back(std::move(cp));
  }
  for (const auto& ex : r.examples) examples_.push_back({&f, ex.span, ex.text, ri, true});
  for (const auto& ex : r.counterexamples) examples_.push_back({&f, ex.span, ex.text, ri, false});
}

void Builder::commands_block(const File& f, const Block& b) {
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

}  // namespace vigie::engine::compiler
