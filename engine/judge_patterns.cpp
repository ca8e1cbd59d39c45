// The patterns of a read or an edit: a Glob tool's `pattern` and a search tool's file filter
// (`glob`, `include`, `file_pattern`: engine/tool_names.cpp's roles `pattern` and `filter`).
// Each reaches what it can match, and is judged as such a path.
#include "engine/glob_meet.hpp"
#include "engine/judge.hpp"

namespace vigie::engine {

namespace {

struct Pattern {
  std::string text;
  bool anywhere = false;  // a filter without `/` meets a name at any depth (`.env`, `*.ts`)
};

}  // namespace

std::optional<Part> Judge::judge_patterns(const json& input, const std::string& path, Access access,
                                          const std::string& cwd, TraceEntry& t) {
  std::vector<Pattern> patterns;
  bool invalid = false;
  auto collect = [&](const char* key, bool filter) {
    auto it = input.find(key);
    if (it == input.end() || it->is_null()) return;
    auto one = [&](const json& v) {
      if (!v.is_string()) {
        invalid = true;
        return;
      }
      const std::string& s = v.get_ref<const std::string&>();
      if (!s.empty()) patterns.push_back({s, filter && s.find('/') == std::string::npos});
    };
    if (!it->is_array()) return one(*it);
    if (it->size() > limits::judged_paths) {
      invalid = true;
      return;
    }
    for (const json& v : *it) one(v);
  };
  if (call.mapped || req.tool == "Glob") collect("pattern", false);
  collect("glob", true);
  if (patterns.empty() && !invalid) return std::nullopt;
  Part part;
  if (invalid) {
    part.effect = Effect::ask;
    part.rule = builtin(Builtin::request_invalid, Effect::ask);
    part.message = fmt::format(
        "the request's patterns are not strings (or more than {}): a human must check them",
        limits::judged_paths);
    d.error = part.message;
    t.text = path;
    return part;
  }
  if (!paths_matter(access)) return std::nullopt;
  // A pattern reaches what it can match: from `path` (or the cwd), or from its own root when it
  // is absolute (`/etc/**`, `~/.ssh/*`, `../../x/**`). Braces are alternatives
  // (`{/etc,/tmp}/x`, `src/**/*.{ts,tsx}`): each is judged, each from its own root; too many of
  // them (or quotes, `$`) and the pattern is asked.
  bool first = true;
  for (const Pattern& pat : patterns) {
    std::vector<std::string> alts{pat.text};
    if (pat.text.find('{') != std::string::npos) {
      if (auto expanded = brace_expand(pat.text))
        alts = std::move(*expanded);
      else
        alts.clear();
    }
    if (alts.empty()) {
      Part many;
      many.effect = Effect::ask;
      many.rule = builtin(Builtin::paths_dynamic, Effect::ask);
      many.message =
          fmt::format("the pattern `{}` has too many alternatives: a human must check it",
                      excerpt(pat.text, 256));
      if (first)
        part = std::move(many);
      else
        fold(part, std::move(many));
      first = false;
    }
    for (const std::string& alt : alts) {
      bool rooted = !alt.empty() && (alt[0] == '/' || alt[0] == '~');
      std::string full = rooted ? alt : path + (pat.anywhere ? "/**/" : "/") + alt;
      shell::WordView gw;
      gw.text = full;
      gw.pattern = full;
      gw.has_glob = full.find_first_of("*?[") != std::string::npos;
      if (!gw.has_glob && full[0] != '~') gw.literal = full;
      Part one = judge_word_path(gw, access, cwd, t, "pattern");
      if (first)
        part = std::move(one);
      else
        fold(part, std::move(one));
      first = false;
      if (t.text.empty()) t.text = full;
    }
  }
  if (patterns.size() > 1)
    t.text = path;
  else if (patterns[0].text.find('{') != std::string::npos)
    t.text = patterns[0].text;
  return part;
}

}  // namespace vigie::engine
