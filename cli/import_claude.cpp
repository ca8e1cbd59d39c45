// `vigie import claude-settings FILE`: Claude Code's `permissions` (a settings.json, or just its
// `permissions` object) into a .vigie policy.
//
//   {"permissions": {"allow": ["Bash(npm run test:*)", "Bash(git status)", "Edit(src/**)",
//                              "WebFetch(domain:docs.python.org)", "mcp__github__get_issue"],
//                    "deny":  ["Read(./.env)", "mcp__danger"], "ask": ["Bash(git push:*)"]}}
//
// Bash(CMD:*) and Bash(CMD *) are whole-token prefixes (`allow npm run test`), Bash(CMD) an exact
// command (`allow git status $`); Read(P) and Edit(P)/Write(P) are path rules (`deny read
// ./.env`, `allow write ./src`: a trailing /** is the folder); WebFetch(domain:D) a fetch rule;
// mcp__S__T and mcp__S an mcp rule (`S/T`, `S/*`); another bare tool name a tools rule. What
// has no equivalent (a `*` inside a command, a path glob, a specifier vigie does not know) is
// reported and left out.
#include <iostream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/import_draft.hpp"
#include "cli/import_formats.hpp"
#include "cli/policy_text.hpp"
#include "engine/limits.hpp"

namespace vigie::cli {
namespace {

using ojson = nlohmann::json;  // keys sorted: lookups in O(log n)

// The rule for one entry, or the reason it has no equivalent.
std::optional<DraftRule> convert(Effect effect, const std::string& entry, std::string& why) {
  DraftRule r;
  r.effect = effect;
  std::string tool = entry, spec;
  bool has_spec = false;
  if (auto open = entry.find('('); open != std::string::npos) {
    if (entry.back() != ')') return why = "no closing `)`", std::nullopt;
    tool = entry.substr(0, open);
    spec = entry.substr(open + 1, entry.size() - open - 2);
    has_spec = true;
  }
  if (tool.empty()) return why = "no tool name", std::nullopt;
  if (tool == "Bash" && has_spec && spec != "*") {
    bool prefix = false;
    for (const char* tail : {":*", " *"})
      if (spec.size() > 2 && spec.compare(spec.size() - 2, 2, tail) == 0)
        spec.resize(spec.size() - 2), prefix = true;
    if (spec.find('*') != std::string::npos)
      return why = "a `*` inside the command (vigie's `*` stands for one whole word)", std::nullopt;
    std::string w;
    auto words = split_shell_words(spec, &w);
    if (!words) return why = w, std::nullopt;
    r.block = "commands";
    for (const auto& x : *words) r.body += (r.body.empty() ? "" : " ") + pattern_word(x);
    if (!prefix) r.body += " $";
    r.id = slug(*words);
    r.test_kind = "command";
    r.test_subject = command_line(*words);
    return r;
  }
  if (tool == "Bash" || tool == "Bash(*)") {
    if (effect == Effect::allow)
      return why = "allows every command (write `default allow` in `commands` if that is meant)",
             std::nullopt;
    r.block = "commands", r.body = "*", r.id = "bash", r.test_kind = "command";
    r.test_subject = "true";
    return r;
  }
  if ((tool == "Edit" || tool == "Write") && has_spec && effect == Effect::allow)
    return why =
               "approves edits: a vigie path rule puts a folder in scope, edits still follow "
               "the mode (`mode auto` approves every edit)",
           std::nullopt;
  if ((tool == "Read" || tool == "Edit" || tool == "Write") && has_spec) {
    std::string p = spec, sample;
    bool folder = false;
    if (p.size() > 3 && p.compare(p.size() - 3, 3, "/**") == 0)
      p.resize(p.size() - 3), folder = true;
    if (p.find_first_of("*?[") != std::string::npos)
      return why =
                 "a path glob (vigie's path rules take paths; `protect` takes globs but only asks)",
             std::nullopt;
    if (p.rfind("//", 0) == 0)
      p = p.substr(1);  // //abs: absolute
    else if (p.rfind("/", 0) == 0)
      p = "." + p;  // /x: from the project root
    else if (p != "~" && p.rfind("~/", 0) != 0 && p.rfind("./", 0) != 0 && p != ".")
      p = "./" + p;
    sample = p.rfind("./", 0) == 0 ? p.substr(2) : p;
    if (folder || p == "." || p == "~") sample += (sample.empty() ? "" : "/") + std::string("x");
    r.block = "paths";
    r.body = std::string(tool == "Read" ? "read " : "write ") + pattern_word(p);
    r.id = (tool == "Read" ? "read-" : "write-") + slug({p});
    r.test_kind = tool == "Read" ? "read" : "edit";
    r.test_subject = sample;
    return r;
  }
  if (tool == "WebFetch") {
    std::string domain = "*";
    if (has_spec) {
      if (spec.rfind("domain:", 0) != 0)
        return why = "a WebFetch specifier other than domain:", std::nullopt;
      domain = spec.substr(7);
    }
    if (domain.empty() || domain.find_first_of(" \t/\"'") != std::string::npos)
      return why = "not a domain", std::nullopt;
    r.block = "fetch", r.body = domain, r.id = "fetch-" + slug({domain});
    r.test_kind = "fetch";
    r.test_subject = "https://" +
                     (domain.rfind("*.", 0) == 0 ? "www" + domain.substr(1)
                      : domain == "*"            ? std::string("example.org")
                                                 : domain) +
                     "/";
    return r;
  }
  if (tool.rfind("mcp__", 0) == 0 && !has_spec) {
    std::string rest = tool.substr(5), server = rest, name = "*";
    if (auto sep = rest.find("__"); sep != std::string::npos)
      server = rest.substr(0, sep), name = rest.substr(sep + 2);
    if (server.empty() || name.empty()) return why = "not an MCP name", std::nullopt;
    for (char c : server + name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '*')
        return why = "an MCP name with `" + std::string(1, c) + "`", std::nullopt;
    r.block = "mcp", r.body = server + "/" + name, r.id = "mcp-" + slug({server, name});
    r.test_kind = "mcp";
    r.test_subject = server + "/" + (name == "*" ? "any_tool" : name);
    return r;
  }
  if (has_spec) return why = "a specifier for " + tool + " (vigie has none)", std::nullopt;
  if (std::string kind = kind_of_tool(tool); kind != "tool")
    return why = "a rule for every " + kind + " of " + tool +
                 " (vigie's mode decides those: readonly, ask or auto)",
           std::nullopt;
  for (char c : tool)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-')
      return why = "not a tool name", std::nullopt;
  r.block = "tools", r.body = tool, r.id = "tool-" + slug({tool});
  r.test_kind = "tool";
  r.test_subject = tool;
  return r;
}

}  // namespace

bool read_claude_settings(const std::string& text, Draft& d, std::string& error) {
  const LineIndex lines(text);
  d.title = "Claude Code permissions";
  d.header = {"Claude Code evaluates deny, then ask, then allow; vigie's most restrictive match",
              "wins, the same order. Bash(X:*) is a whole-token prefix here (`npm run test` does",
              "not cover `npm run testx`); deny and ask rules match option sets (`rm -rf` also",
              "catches `rm -fr`). Built-in safety checks apply too."};
  ojson doc;
  if (!engine::json_depth_within(text))
    return error =
               d.from + ": nested deeper than " + std::to_string(limits::json_depth) + " levels",
           false;
  try {
    doc = ojson::parse(text);
  } catch (const ojson::parse_error& e) {
    std::string m = e.what();
    auto p = m.find("parse error");
    error = text_position(d.from, text, e.byte > 0 ? e.byte - 1 : 0) + ": not JSON (" +
            (p == std::string::npos ? m : m.substr(p)) + ")";
    return false;
  }
  if (!doc.is_object()) return error = d.from + ": not a JSON object", false;
  const ojson* perms = &doc;
  if (auto p = doc.find("permissions"); p != doc.end()) perms = &*p;
  if (!perms->is_object()) return error = d.from + ": `permissions` is not an object", false;
  const std::size_t start = text.find("\"permissions\"");
  for (const char* key : {"deny", "ask", "allow"}) {
    auto list = perms->find(key);
    if (list == perms->end()) continue;
    // Entries are found in the text in order, from their list's key, for their line numbers.
    std::size_t cursor =
        text.find("\"" + std::string(key) + "\"", start == std::string::npos ? 0 : start);
    if (cursor == std::string::npos) cursor = 0;
    if (!list->is_array()) return error = d.from + ": `" + key + "` is not an array", false;
    Effect effect = *effect_from_string(key);
    for (std::size_t i = 0; i < list->size(); ++i) {
      const ojson& item = (*list)[i];
      std::string entry = item.is_string() ? item.get<std::string>() : item.dump();
      // The entry as written, in order; once one is not found (written with other escapes),
      // the list's other entries are not searched for (each search could scan to the end).
      auto at = cursor == std::string::npos ? cursor : text.find(ojson(entry).dump(), cursor);
      std::size_t line = at == std::string::npos ? 0 : lines.line(at);
      cursor = at == std::string::npos ? at : at + 1;
      std::string where = d.from + ":" + std::to_string(line) + ": " + key + " `" + entry + "`";
      std::string why = "not a string";
      auto r = item.is_string() ? convert(effect, entry, why) : std::nullopt;
      if (!r) {
        d.not_expressed.push_back(where + ": " + why);
        continue;
      }
      r->id = d.make_id(effect, r->id);
      r->from = where;
      r->entry = entry;
      d.rules.push_back(std::move(*r));
    }
  }
  for (const char* key : {"additionalDirectories", "defaultMode", "disableBypassPermissionsMode"})
    if (perms->contains(key))
      d.not_expressed.push_back(d.from + ": `" + key +
                                "` (vigie's paths and mode are written by hand)");
  return true;
}

}  // namespace vigie::cli
