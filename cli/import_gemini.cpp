// `vigie import gemini-policy FILE`: a Gemini CLI policy TOML file into a .vigie policy.
//
//   [[rule]]
//   toolName = "run_shell_command"
//   commandPrefix = ["git status", "git diff"]
//   decision = "allow"
//   priority = 100
//
// Read narrowly (the TOML subset these files use): `[[rule]]` tables of `key = value` with
// strings, numbers, booleans and arrays of them, `#` comments. Anything else is an error at
// FILE:LINE:COL; other tables ([[safety_checker]]) are reported as not expressed. A rule on
// run_shell_command with commandPrefix becomes a command rule per prefix; mcpName (+ toolName)
// an mcp rule; another toolName a tools rule; decision allow, deny, ask_user -> ask; denyMessage
// the message. argsPattern and commandRegex (regexes over the whole arguments) and conditions on
// an allow (modes, interactive, subagent) have no equivalent and are reported.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "cli/import_draft.hpp"
#include "cli/import_formats.hpp"
#include "cli/policy_text.hpp"

namespace vigie::cli {
namespace {

struct TomlValue {
  enum class Kind { string, number, boolean, array } kind = Kind::string;
  std::string text;
  std::vector<TomlValue> items;
  std::size_t pos = 0;
};

struct Table {
  std::string header;  // "rule", "safety_checker"
  std::size_t pos = 0;
  std::vector<std::pair<std::string, TomlValue>> keys;
  std::set<std::string> seen;
};

class Toml {
 public:
  Toml(const std::string& text, const std::string& file) : s_(text), file_(file) {}

  bool parse(std::vector<Table>& out, std::string& error) {
    for (;;) {
      skip_blank_lines();
      if (i_ >= s_.size()) return true;
      std::size_t at = i_;
      if (s_.compare(i_, 2, "[[") == 0) {
        i_ += 2;
        std::string h;
        while (i_ < s_.size() && s_[i_] != ']' && s_[i_] != '\n') h += s_[i_++];
        if (s_.compare(i_, 2, "]]") != 0) return fail("expected `]]`", error);
        i_ += 2;
        out.push_back({trim(h), at, {}, {}});
      } else if (s_[i_] == '[') {
        return fail("only `[[rule]]` tables are read (no `[table]`)", error);
      } else {
        std::string key;
        while (i_ < s_.size() &&
               (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '-'))
          key += s_[i_++];
        if (key.empty()) return fail("expected a key, `[[rule]]` or a comment", error);
        spaces();
        if (i_ < s_.size() && s_[i_] == '.') return fail("dotted keys are not read", error);
        if (i_ >= s_.size() || s_[i_] != '=')
          return fail("expected `=` after `" + key + "`", error);
        ++i_;
        TomlValue v;
        if (!value(v, 0, error)) return false;
        if (out.empty()) {
          i_ = at;
          return fail("a key outside `[[rule]]`", error);
        }
        if (!out.back().seen.insert(key).second) {
          i_ = at;
          return fail("`" + key + "` given twice in one table", error);
        }
        out.back().keys.emplace_back(key, std::move(v));
      }
      spaces();
      if (i_ < s_.size() && s_[i_] == '#')
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      if (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r')
        return fail("unexpected text after the value", error);
    }
  }

  std::string position(std::size_t at) const { return text_position(file_, s_, at); }

 private:
  static std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
  }
  bool fail(const std::string& msg, std::string& error) {
    error = position(i_) + ": " + msg;
    return false;
  }
  void spaces() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  void skip_blank_lines() {  // blanks, newlines, comments
    for (;;) {
      spaces();
      if (i_ < s_.size() && s_[i_] == '#')
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      if (i_ < s_.size() && (s_[i_] == '\n' || s_[i_] == '\r'))
        ++i_;
      else
        return;
    }
  }
  bool value(TomlValue& v, int depth, std::string& error) {
    spaces();
    v.pos = i_;
    if (i_ >= s_.size()) return fail("expected a value", error);
    char c = s_[i_];
    if (c == '"' || c == '\'') {
      if (s_.compare(i_, 3, std::string(3, c)) == 0)
        return fail("multi-line strings are not read", error);
      ++i_;
      while (i_ < s_.size() && s_[i_] != c) {
        if (s_[i_] == '\n') return fail("a string does not end on its line", error);
        if (c == '"' && s_[i_] == '\\' && i_ + 1 < s_.size()) {
          char e = s_[++i_];
          if (e == 'u' || e == 'U') return fail("\\u escapes are not read", error);
          v.text += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
        } else {
          v.text += s_[i_];
        }
        ++i_;
      }
      if (i_ >= s_.size()) return fail("a string does not end", error);
      ++i_;
      return true;
    }
    if (c == '[') {
      if (depth >= 2) return fail("arrays nested too deep", error);
      ++i_;
      v.kind = TomlValue::Kind::array;
      for (;;) {
        skip_blank_lines();
        if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
        TomlValue item;
        if (!value(item, depth + 1, error)) return false;
        v.items.push_back(std::move(item));
        skip_blank_lines();
        if (i_ < s_.size() && s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
        return fail("expected `,` or `]`", error);
      }
    }
    if (c == '{') return fail("inline tables are not read", error);
    std::string word;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) ||
                              std::string("+-._").find(s_[i_]) != std::string::npos))
      word += s_[i_++];
    if (word == "true" || word == "false") {
      v.kind = TomlValue::Kind::boolean;
      v.text = word;
      return true;
    }
    if (!word.empty() && word.find_first_not_of("0123456789+-._") == std::string::npos) {
      v.kind = TomlValue::Kind::number;
      v.text = word;
      return true;
    }
    i_ = v.pos;
    return fail("expected a string, a number, a boolean or an array", error);
  }

  const std::string& s_;
  const std::string& file_;
  std::size_t i_ = 0;
};

// A string or an array of strings; false otherwise.
bool strings(const TomlValue& v, std::vector<std::string>& out) {
  if (v.kind == TomlValue::Kind::string) return out.push_back(v.text), true;
  if (v.kind != TomlValue::Kind::array) return false;
  for (const auto& x : v.items) {
    if (x.kind != TomlValue::Kind::string) return false;
    out.push_back(x.text);
  }
  return true;
}

}  // namespace

bool read_gemini_policy(const std::string& text, Draft& d, std::string& error) {
  const LineIndex lines(text);
  d.title = "Gemini CLI policy";
  d.header = {"Gemini's highest priority wins; in vigie the most restrictive match wins (deny >",
              "ask > allow), whatever the priority: a test below notes where that differs.",
              "commandPrefix is a whole-token prefix; deny and ask rules also match option sets."};
  Toml toml(text, d.from);
  std::vector<Table> tables;
  if (!toml.parse(tables, error)) return false;
  for (const auto& t : tables) {
    std::string where = d.from + ":" + std::to_string(lines.line(t.pos));
    if (t.header != "rule") {
      d.not_expressed.push_back(where + ": `[[" + t.header + "]]`: only [[rule]] is read");
      continue;
    }
    std::map<std::string, const TomlValue*> k;
    for (const auto& [key, v] : t.keys) k[key] = &v;
    auto get = [&](const char* key) -> const TomlValue* {
      auto it = k.find(key);
      return it == k.end() ? nullptr : it->second;
    };
    const TomlValue* dec = get("decision");
    Effect effect;
    if (!dec || dec->kind != TomlValue::Kind::string ||
        (dec->text != "allow" && dec->text != "deny" && dec->text != "ask_user")) {
      error = toml.position(dec ? dec->pos : t.pos) +
              ": a rule's `decision` is \"allow\", \"deny\" or \"ask_user\"";
      return false;
    }
    effect = dec->text == "allow"  ? Effect::allow
             : dec->text == "deny" ? Effect::deny
                                   : Effect::ask;
    std::vector<std::string> tools, prefixes, servers;
    for (auto [key, out] : {std::pair{"toolName", &tools}, std::pair{"commandPrefix", &prefixes},
                            std::pair{"mcpName", &servers}}) {
      if (const TomlValue* v = get(key); v && !strings(*v, *out)) {
        error = toml.position(v->pos) + ": `" + key + "` is a string or an array of strings";
        return false;
      }
    }
    std::string message;
    if (const TomlValue* m = get("denyMessage")) message = m->text;
    std::string priority = get("priority") ? get("priority")->text : "0";
    std::string what = where + ": rule (" + dec->text + ", priority " + priority + ")";
    bool skip = false;
    for (const char* key : {"argsPattern", "commandRegex"}) {
      if (get(key)) {
        d.not_expressed.push_back(what + ": `" + key +
                                  "` (a regex over the arguments; vigie's regexes match one word)");
        skip = true;
      }
    }
    for (const char* key : {"modes", "interactive", "subagent", "allowRedirection"}) {
      if (!get(key)) continue;
      if (effect == Effect::allow) {
        d.not_expressed.push_back(what + ": `" + key +
                                  "` limits an allow (vigie's would apply always: left out)");
        skip = true;
      } else {
        d.notes.push_back(what + ": `" + key + "` not expressed; the rule applies always");
      }
    }
    if (skip) continue;
    if (tools.empty() && !prefixes.empty()) tools.push_back("run_shell_command");
    if (tools.empty() && servers.empty()) {
      d.not_expressed.push_back(what + ": no toolName (a rule for every tool)");
      continue;
    }
    auto add = [&](DraftRule r, const std::string& slug_text) {
      r.effect = effect;
      r.message = effect == Effect::allow ? "" : message;
      r.id = d.make_id(effect, slug_text);
      r.from = what;
      if (r.entry.empty())
        r.entry = r.block == "commands" ? "commandPrefix = '" + r.test_subject + "'"
                                        : "toolName = '" + r.test_subject + "'";
      d.rules.push_back(std::move(r));
    };
    for (const auto& server : servers) {
      std::vector<std::string> names = tools.empty() ? std::vector<std::string>{"*"} : tools;
      for (const auto& n : names) {
        DraftRule r;
        r.block = "mcp", r.body = server + "/" + n;
        r.entry = "mcpName = '" + server + "'" + (n == "*" ? "" : ", toolName = '" + n + "'");
        r.test_kind = "mcp", r.test_subject = server + "/" + (n == "*" ? "any_tool" : n);
        add(r, slug({server, n}));
      }
    }
    if (!servers.empty()) continue;
    for (const auto& tool : tools) {
      if (tool != "run_shell_command") {
        if (std::string kind = kind_of_tool(tool); kind != "tool") {
          d.not_expressed.push_back(what + ": toolName " + tool + ": a rule for every " + kind +
                                    " (vigie's mode decides those: readonly, ask or auto)");
          continue;
        }
        DraftRule r;
        r.block = "tools", r.body = pattern_word(tool);
        r.test_kind = "tool", r.test_subject = tool;
        add(r, "tool-" + slug({tool}));
        continue;
      }
      if (prefixes.empty()) {
        if (effect == Effect::allow) {
          d.not_expressed.push_back(what +
                                    ": run_shell_command without commandPrefix allows "
                                    "every command (write `default allow` if meant)");
          continue;
        }
        DraftRule r;
        r.block = "commands", r.body = "*", r.test_kind = "command", r.test_subject = "true";
        add(r, "shell");
        continue;
      }
      for (const auto& prefix : prefixes) {
        std::string why;
        auto words = split_shell_words(prefix, &why);
        if (!words) {
          d.not_expressed.push_back(what + ": commandPrefix `" + prefix + "`: " + why);
          continue;
        }
        DraftRule r;
        r.block = "commands";
        for (const auto& w : *words) r.body += (r.body.empty() ? "" : " ") + pattern_word(w);
        r.test_kind = "command", r.test_subject = command_line(*words);
        add(r, slug(*words));
      }
    }
  }
  return true;
}

}  // namespace vigie::cli
