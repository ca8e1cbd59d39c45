// The compile stage's name and path blocks: `paths` (prefix rules, protected and third-party
// globs), `fetch` and `mcp` (name globs, HTTP methods) and `tools` (names, harnesses, tool maps).
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "engine/compile_builder.hpp"
#include "engine/url_hosts.hpp"
#include "grammar/policy/check.hpp"
#include "grammar/policy/format.hpp"

namespace vigie::engine::compiler {

// A glob over a name, as RE2: `*` any run of characters (except `/` when `slash_stops`).
// Compiled on first use (LazyGlob) when it is ASCII and short: built from quoted characters and
// wildcards, such a glob always compiles. Others are compiled here (RE2 refuses invalid UTF-8,
// and a long one may need more than regex-memory-bytes): empty when RE2 refuses it.
LazyGlob name_glob(std::string_view glob, bool slash_stops, Effect effect) {
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
  bool ascii = std::all_of(glob.begin(), glob.end(),
                           [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii && glob.size() <= kLazyGlobBytes)
    return LazyGlob(std::move(re), effect != Effect::allow);
  auto r = std::make_unique<RE2>(re, rule_regex_options());
  if (!r->ok()) return {};
  return LazyGlob(std::move(r));
}

// A `/regex/` rule of `fetch`, `mcp` or `tools`, as compile_regex built it (null: the policy's
// regex budget is spent, the error given): RE2 over the whole name. `bad` gives RE2's error when
// it refuses the regex; empty then.
template <class Bad>
LazyGlob regex_glob(std::unique_ptr<RE2> re, Bad&& bad) {
  if (!re) return {};
  if (!re->ok()) {
    bad(re->error());
    return {};
  }
  return LazyGlob(std::move(re));
}

// A regex of a fetch rule ignores case: url_hosts writes hosts in lower case, so that
// `/.*\.EVIL\.com/` meets x.evil.com.
PatternItem host_regex(const PatternItem& item) {
  PatternItem it = item;
  it.word.text = "(?i)" + it.word.text;
  return it;
}

std::size_t specificity(std::string_view glob) {
  return static_cast<std::size_t>(
      std::count_if(glob.begin(), glob.end(), [](char c) { return c != '*' && c != '?'; }));
}

void Builder::paths_block(const File& f, const Block& b) {
  auto& pr = impl_.paths;
  for (const auto& it : b.items) {
    if (auto* s = std::get_if<Setting>(&it)) {
      const Key k = s->id;
      if (k == Key::workspace && !s->args.empty()) {
        pr.workspace = s->args[0].text;
      } else if (k == Key::binary && !s->args.empty()) {
        pr.binary = s->args[0].text == "on";
      } else if (k == Key::case_insensitive && !s->args.empty()) {
        const std::string& a = s->args[0].text;
        pr.case_rule = a == "on" ? CaseRule::on : a == "off" ? CaseRule::off : CaseRule::auto_;
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
          std::uint32_t ri = add_rule(f, s->span, Effect::ask, BlockKind::paths,
                                      "protect " + g->text, msg, std::nullopt);
          impl_.rules[ri].ref.id = "paths.protect." + slug(g->text);
          if (msg.empty())
            impl_.rules[ri].message =
                fmt::format("`{}` is a protected path: change the code, not these files", g->text);
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
              add_rule(f, s->span, Effect::ask, BlockKind::paths, "third-party", "", std::nullopt);
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
    std::uint32_t ri = add_rule(f, r->span, r->effect, BlockKind::paths, text,
                                r->message ? r->message->text : "", r->id);
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

void Builder::names_block(const File& f, const Block& b, BlockKind k) {
  auto& table = k == BlockKind::fetch ? impl_.fetch : impl_.mcp;
  for (const auto& it : b.items) {
    if (auto* s = std::get_if<Setting>(&it)) {
      if (s->id == Key::default_effect)
        (k == BlockKind::fetch ? impl_.fetch_default : impl_.mcp_default) = effect_arg(*s);
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
        if (k == BlockKind::fetch && upper && item.kind != PatternItem::Kind::regex) {
          methods.push_back(w);
          continue;
        }
        NameRule nr;
        // A fetch host as url_hosts writes hosts (`EVIL.com.`, `0x7f.1`, `ⓔvil.com`,
        // `bücher.example` as `xn--bcher-kva.example`): the rule meets them. A `/regex/` is RE2
        // over the whole name (the word's text is the regex without its slashes).
        const bool regex = item.kind == PatternItem::Kind::regex;
        if (regex) {
          nr.glob = regex_glob(compile_regex(f, k == BlockKind::fetch ? host_regex(item) : item),
                               [&](const std::string& e) {
                                 error(f, item.span, Code::invalid_regex,
                                       fmt::format("invalid regex `{}`: {}", item.word.text, e),
                                       "RE2 syntax: no backreferences or lookaround");
                               });
          if (!nr.glob) continue;
        } else {
          nr.glob = name_glob(k == BlockKind::fetch ? host_pattern(w) : w, k == BlockKind::mcp,
                              r->effect);
        }
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
bool Builder::tool_map_setting(const File& f, const Setting& s) {
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
  if (!engine::is_request_kind(m.kind)) unknown(s.args[1], "request kind", engine::request_kinds());
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

void Builder::tools_block(const File& f, const Block& b) {
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
          f, s->span, e, BlockKind::tools, key + " " + names,
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
    std::uint32_t ri = add_rule(f, r->span, r->effect, BlockKind::tools, rule_text(*r),
                                r->message ? r->message->text : "", r->id);
    for (const auto& p : r->alternatives)
      for (const auto& item : p.items) {
        NameRule nr;
        if (item.kind == PatternItem::Kind::regex) {
          nr.glob = regex_glob(compile_regex(f, item), [&](const std::string& e) {
            error(f, item.span, Code::invalid_regex,
                  fmt::format("invalid regex `{}`: {}", item.word.text, e),
                  "RE2 syntax: no backreferences or lookaround");
          });
          if (!nr.glob) continue;
        } else {
          nr.glob = name_glob(item.word.text, false, r->effect);
        }
        nr.specificity = specificity(item.word.text);
        nr.rule = ri;
        nr.effect = r->effect;
        if (nr.glob) t.rules.push_back(std::move(nr));
      }
  }
}

}  // namespace vigie::engine::compiler
