// `vigie check --dump=compiled`: a readable view of the compiled form.
#include <fmt/format.h>

#include "engine/compiled.hpp"

namespace vigie {

namespace {

std::string tok_text(const engine::Tok& t) {
  using K = engine::Tok::Kind;
  switch (t.kind) {
    case K::word:
      return t.text;
    case K::any:
      return "*";
    case K::rest:
      return "...";
    case K::end:
      return "$";
    case K::regex:
      return "/" + (t.regex ? t.regex->pattern() : std::string()) + "/";
    case K::alt: {
      std::string s = "(";
      for (std::size_t i = 0; i < t.alts.size(); ++i) s += (i ? " | " : "") + tok_text(t.alts[i]);
      return s + ")";
    }
  }
  return "?";
}

void dump_impl(std::string& out, const Policy::Impl& p, const std::string& indent) {
  out += fmt::format("{}policy {:?} mode {}\n", indent, p.name, to_string(p.mode));
  out += fmt::format("{}rules ({}):\n", indent, p.rules.size());
  for (std::size_t i = 0; i < p.rules.size(); ++i) {
    const auto& r = p.rules[i];
    out += fmt::format("{}  [{}] {} {} {} `{}` ({}:{})\n", indent, i, r.ref.id, r.block,
                       to_string(r.ref.effect), r.text, r.ref.file, r.ref.line);
  }
  const auto& c = p.commands;
  out += fmt::format("{}command patterns ({}), allow trie {} nodes, deny trie {} nodes:\n", indent,
                     c.patterns.size(), c.allow_trie.nodes.size(), c.deny_trie.nodes.size());
  for (const auto& cp : c.patterns) {
    std::string items;
    for (const auto& t : cp.items) items += (items.empty() ? "" : " ") + tok_text(t);
    std::string opts;
    for (const auto& o : cp.options) opts += " +" + o.display();
    out +=
        fmt::format("{}  {} {}{} -> rule {}\n", indent, to_string(cp.effect), items, opts, cp.rule);
  }
  out += fmt::format("{}paths: workspace {} (only: {}), {} prefix rules, {} protected globs\n",
                     indent, p.paths.workspace, p.paths.workspace_only, p.paths.rules.size(),
                     p.paths.protect.size());
  out += fmt::format("{}fetch rules {}, mcp rules {}, tool rules {}\n", indent, p.fetch.size(),
                     p.mcp.size(), p.tools.rules.size());
  out += fmt::format("{}session: loop-threshold {}, budget actions {}, minutes {}\n", indent,
                     p.session.loop_threshold, p.session.budget_actions, p.session.budget_minutes);
  out += fmt::format("{}tests: {}\n", indent, p.tests.size());
  for (const auto& parent : p.parents) {
    out += indent + "extends:\n";
    dump_impl(out, *parent, indent + "  ");
  }
  for (const auto& pl : p.plugins) {
    out += indent + "plugin:\n";
    dump_impl(out, *pl, indent + "  ");
  }
  for (const auto& [name, a] : p.agents) {
    out += fmt::format("{}agent {:?}:\n", indent, name);
    dump_impl(out, *a, indent + "  ");
  }
}

}  // namespace

std::string Policy::dump() const {
  std::string out;
  dump_impl(out, *impl_, "");
  return out;
}

}  // namespace vigie
