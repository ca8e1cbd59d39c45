// The patterns of a read or an edit: a Glob tool's `pattern` and a search tool's file filter
// (`glob`, `include`, `file_pattern`: engine/tool_names.cpp's roles `pattern` and `filter`).
// Each reaches what it can match, and is judged as such a path.
//
// Claude Code's Grep and Glob run ripgrep (roles `rgfilter` and `rgpattern`): Grep splits its
// `glob` on blanks, then each piece without braces on commas, and passes each as a `--glob`;
// Glob passes its `pattern` as one, after splitting an absolute pattern into a base folder and a
// relative glob. A ripgrep glob without `/` matches a name at any depth; one that starts with `!`
// excludes, so the rest of the folder is searched (or listed): judged as the whole folder.
#include <typeinfo>

#include "engine/fs_decision.hpp"
#include "engine/glob_meet.hpp"
#include "engine/judge.hpp"
#include "engine/unicode_blanks.hpp"

namespace vigie::engine {

namespace {

struct Pattern {
  std::string text;
  bool anywhere = false;  // a filter without `/` meets a name at any depth (`.env`, `*.ts`)
  std::string root;       // ripgrep's base folder of an absolute Glob pattern; empty: `path`
};

// The `--glob` values of Claude Code's Grep `glob` field, as its GrepTool builds them.
std::vector<std::string_view> rg_filter_pieces(std::string_view field) {
  std::vector<std::string_view> out;
  for (std::string_view part : split_blanks(field, Trim::js)) {
    if (part.find('{') != std::string_view::npos && part.find('}') != std::string_view::npos) {
      out.push_back(part);
      continue;
    }
    while (!part.empty()) {
      const auto comma = part.find(',');
      if (comma != 0) out.push_back(part.substr(0, comma));
      if (comma == std::string_view::npos) break;
      part.remove_prefix(comma + 1);
    }
  }
  return out;
}

// An absolute Glob pattern split as Claude Code's GlobTool splits it: the folder before the
// component holding the first `*?[{` (or the last component, when there is none), and the rest.
std::pair<std::string, std::string> rg_base(const std::string& pattern) {
  const auto magic = pattern.find_first_of("*?[{");
  const auto slash =
      magic == std::string::npos ? pattern.rfind('/') : pattern.rfind('/', magic == 0 ? 0 : magic);
  if (slash == std::string::npos) return {"", pattern};
  return {slash == 0 ? "/" : pattern.substr(0, slash), pattern.substr(slash + 1)};
}

}  // namespace

std::optional<Part> Judge::judge_patterns(const json& input, const std::string& path, Access access,
                                          const std::string& cwd, TraceEntry& t) {
  std::vector<Pattern> patterns;
  bool invalid = false;
  bool whole = false;  // a ripgrep `!` glob: the whole folder is read (or listed)
  bool listing = false;
  auto collect = [&](const char* key, bool filter, bool rg) {
    auto it = input.find(key);
    if (it == input.end() || it->is_null()) return;
    auto one = [&](const json& v) {
      if (!v.is_string()) {
        invalid = true;
        return;
      }
      const std::string& s = v.get_ref<const std::string&>();
      if (s.empty()) return;
      if (!rg) {
        patterns.push_back({s, filter && s.find('/') == std::string::npos, {}});
        return;
      }
      auto add = [&](std::string_view piece, std::string root) {
        if (piece.empty()) return;
        if (piece[0] == '!') {
          whole = true;
          return;
        }
        patterns.push_back(
            {std::string(piece), piece.find('/') == std::string_view::npos, std::move(root)});
      };
      if (filter) {
        for (std::string_view piece : rg_filter_pieces(s)) add(piece, {});
      } else if (s[0] == '/' || s.rfind("~/", 0) == 0) {
        auto [base, rel] = rg_base(s);
        add(rel, base);
      } else {
        add(s, {});
      }
    };
    if (!it->is_array()) return one(*it);
    if (it->size() > limits::judged_paths) {
      invalid = true;
      return;
    }
    for (const json& v : *it) one(v);
  };
  if (call.mapped || req.tool == "Glob") collect("pattern", false, false);
  collect("glob", true, false);
  collect("rg_glob", true, true);
  if (input.contains("rg_pattern")) {
    listing = true;
    collect("rg_pattern", false, true);
  }
  if (patterns.empty() && !invalid && !whole) return std::nullopt;
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
  if (whole && !listing) return std::nullopt;  // a search with no filter: judged by the caller
  if (!paths_matter(access)) return std::nullopt;
  if (whole) {
    // `Glob !*.ts`: every file below the folder is listed (`find DIR`).
    part = judge_path(path, access, cwd, &t);
    FileEffect f;
    f.entry = req.tool.empty() ? "listing" : req.tool;
    f.listing = true;
    if (!t.text.empty()) judge_below(t.text, f, t, part);
    return part;
  }
  // A rule path in the project that is not written as a folder (`deny .env`) is a file unless
  // the filesystem shows a folder there: `**/*.ts` does not pass through it (as judge_below's
  // listings take it).
  std::vector<std::string> files;
  {
    const ResolvedPaths& resolved = resolved_paths();
    for (std::size_t i = 0; i < resolved.rule_paths.size(); ++i) {
      const std::string& rp = resolved.rule_paths[i];
      if (resolved.rule_folders[i] || resolved.project == "/" || rp == resolved.project ||
          !is_component_prefix(resolved.project, rp))
        continue;
      if (fs && typeid(*fs) == typeid(DecisionFileSystem)) {
        const auto kind = static_cast<const DecisionFileSystem*>(fs)->entry(rp).kind;
        if (kind == RealEntry::Kind::folder || kind == RealEntry::Kind::link) continue;
      }
      files.push_back(rp);
    }
  }
  const KnownFiles known(std::move(files));
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
    const std::string& from = pat.root.empty() ? path : pat.root;
    for (const std::string& alt : alts) {
      bool rooted = pat.root.empty() && !alt.empty() && (alt[0] == '/' || alt[0] == '~');
      // An alternative of a ripgrep glob may hold a `/` its pattern does not show.
      bool anywhere = pat.anywhere && alt.find('/') == std::string::npos;
      std::string full =
          rooted ? alt : from + (from == "/" ? "" : "/") + (anywhere ? "**/" : "") + alt;
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
