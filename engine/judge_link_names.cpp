// A name removed or moved as itself: `rm NAME`, `unlink NAME` and `mv NAME DEST` unlink or rename
// the directory entry NAME, and when NAME is a symbolic link only the link goes (coreutils 9.1:
// `rm LINK`, `rm -r LINK`, `unlink LINK`, `mv LINK x`), never what it points to. The path is
// then judged as the link itself: its folder resolved, its last component kept. `rm -r LINK/`
// (a trailing slash, or `LINK/.`) goes through the link and is judged by its target as before;
// shred overwrites what it opens through the link, and rmdir fails on one: both stay judged by
// the target. The operand's quoted `~` is also placed here (engine/shell_semantics.hpp).
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/judge.hpp"
#include "engine/paths.hpp"

namespace vigie::engine {

namespace {

// The entries whose operands name a directory entry removed or renamed (engine/programs.cpp
// names each operand's entry `PROGRAM operand`).
constexpr std::string_view kRemovesName[] = {"rm operand", "unlink operand", "mv operand"};

}  // namespace

bool Judge::removes_name(const FileEffect& f) {
  if (f.touch != Touch::delete_ || f.named || f.from != From::operand || !f.word.pattern)
    return false;
  bool listed = false;
  for (auto e : kRemovesName) listed = listed || f.entry == e;
  return listed && !f.word.pattern->empty() && f.word.pattern->back() != '/';
}

Part Judge::link_rule_part(const std::string& lex, const std::string& kept, Access access,
                           TraceEntry* trace) {
  Part out;
  const bool fc = fold_case();
  for (const auto& spec : p.paths.rules) {
    if (spec.effect == Effect::allow || spec.path.empty() ||
        (static_cast<int>(spec.access) & static_cast<int>(access)) == 0)
      continue;
    // The rule's path as written, from the project's folder as given and as resolved.
    std::string written[2];
    if (spec.path[0] == '/') {
      written[0] = written[1] = spec.path;
    } else if (spec.path[0] == '~') {
      if (spec.path.size() > 1 && spec.path[1] != '/') continue;  // `~user`: placed apart
      written[0] = written[1] = home + spec.path.substr(1);
    } else {
      written[0] = project_lexical + "/" + spec.path;
      written[1] = project() + "/" + spec.path;
    }
    bool meets = false;
    for (auto& w : written) {
      w = lexical_normalize(w);
      if (fc) fold_ascii_case_in_place(w);
      for (const std::string* path : {&lex, &kept})
        meets = meets || relative_to(w, *path).has_value();
    }
    if (!meets || spec.effect < out.effect || (out.rule && spec.effect == out.effect)) continue;
    out.effect = spec.effect;
    out.rule = ref(spec.rule);
    out.message = p.rules[spec.rule].message;
    if (out.message.empty())
      out.message = fmt::format("`{}` needs approval under this policy", lex);
    note_match(ref(spec.rule), trace);
  }
  return out;
}

bool Judge::judge_operand_path(const FileEffect& f, Access access, const std::string& base,
                               TraceEntry& pt, const char* what, Part& part) {
  kept_link_ = false;
  keep_link_ = !f.word.has_glob && removes_name(f);  // a glob's links: judge_links
  tilde_as_written_ = opens_as_given(f.entry, f.from == From::redirect);
  part = judge_word_path(f.word, access, base, pt, what);
  tilde_as_written_ = false;
  keep_link_ = false;  // a path judged without resolving (no rule can meet it)
  if (!std::exchange(kept_link_, false)) return false;
  // A path rule written through the link (`deny .env` with `.env -> /srv/env`) is placed at its
  // target: it meets the link as written too.
  const std::string raw = opens_as_given(f.entry, false) ? word_path(f.word) : *f.word.pattern;
  fold(part, link_rule_part(lexical_path(raw, base, false), pt.text, access, &pt));
  return true;
}

std::optional<Resolved> Judge::resolve_keeping_link(std::string_view path, const std::string& cwd) {
  // The last component, which must be a name: `.`, `..`, a trailing slash and a bare `~…` (the
  // shell's folders) are resolved as they are.
  const std::size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (name.empty() || name == "." || name == ".." ||
      (slash == std::string_view::npos && path[0] == '~'))
    return std::nullopt;
  // `/x` is below the root; `x` below the working folder.
  const std::string_view dir = slash == std::string_view::npos ? std::string_view(".")
                               : slash == 0                    ? std::string_view("/")
                                                               : path.substr(0, slash);
  Resolved r = resolve_in(dir, cwd);
  if (!r.ok) return r;
  if (r.path != "/") r.path += '/';
  r.path += name;
  // Not a link: the name resolved with its folder is the path resolved whole.
  kept_link_ = fs != nullptr && fs->read_link(r.path).has_value();
  return r;
}

}  // namespace vigie::engine
