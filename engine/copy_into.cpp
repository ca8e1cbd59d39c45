// The files a copy, a move or a link writes inside its destination folder: `cp SRC… DIR`,
// `cp -t DIR SRC…`, `mv`, `ln`, `install`, `rsync`, `scp`, `git mv`, `docker cp`, `kubectl cp`
// (operand shapes `$w`, `$C`, `$L`; option role `t`). The destination as written is judged by
// the operand loop (engine/programs.cpp); this adds `DIR/NAME` for each source NAME, so that
// `cp /tmp/x/.env .` meets a rule on `.env` and `cp -r /tmp/t/tests .` a protected `tests/**`.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;

namespace {

// A destination the line shows to be a folder: `.`, `..`, `~`, `~user`, `/`, or a trailing `/`,
// `/.` or `/..`.
bool folder_syntax(std::string_view d) {
  if (d == "." || d == ".." || d == "/" || d.ends_with('/') || d.ends_with("/.") ||
      d.ends_with("/.."))
    return true;
  return d.starts_with('~') && d.find('/') == std::string_view::npos;
}

bool glob_char(char c) {
  return c == '*' || c == '?' || c == '[';
}

// The name a source gets in the destination folder.
struct IntoName {
  enum Kind { name, contents, unknown } kind = unknown;
  std::string text;  // for `name`: the basename, or the relative path (`cp --parents`)
  bool glob = false;
};

// The programs whose remote side expands the wildcards of a remote source (`scp 'host:.e*' .`:
// scp's glob(3) on the remote files, or the remote shell; rsync's own expansion or the remote
// shell): the names are whatever matches, as for a glob the local shell expands.
constexpr std::string_view kRemoteGlobPrograms[] = {"scp", "rsync"};

IntoName into_name(const WordView& src, bool slash_contents, bool parents, bool remote_globs) {
  IntoName n;
  const std::string* s = src.literal ? &*src.literal : src.pattern ? &*src.pattern : nullptr;
  if (!s || s->empty()) return n;
  std::string_view v = *s;
  // `host:path`, `container:path`, `pod:path`: the path part names the file.
  if (v.find("://") != std::string_view::npos) return n;
  bool remote = false;
  if (auto colon = v.find(':'); colon != std::string_view::npos && colon > 0) {
    auto slash = v.find('/');
    if (slash == std::string_view::npos || colon < slash) {
      v.remove_prefix(colon + 1);
      remote = remote_globs;
    }
  }
  if (slash_contents && v.ends_with('/')) {  // rsync: `SRC/` is what SRC holds
    n.kind = IntoName::contents;
    return n;
  }
  while (v.size() > 1 && v.ends_with('/')) v.remove_suffix(1);
  if (parents) {  // `cp --parents a/b DIR` writes DIR/a/b
    while (v.starts_with('/')) v.remove_prefix(1);
  } else if (auto slash = v.rfind('/'); slash != std::string_view::npos) {
    v.remove_prefix(slash + 1);
  }
  if (v.empty() || v == "/" || v == "." || v == ".." || v.ends_with("/.") || v.ends_with("/..")) {
    n.kind = IntoName::contents;  // `cp -r SRC/. DIR`: what SRC holds, names not shown
    return n;
  }
  // A quoted `{a,b}`, `$X` or backquote in the name, which the remote shell may expand (scp
  // -O, rsync's remote shell): a name the line does not show.
  if (remote && v.find_first_of("{$`") != std::string_view::npos) return n;
  n.kind = IntoName::name;
  n.text = std::string(v);
  n.glob = (!src.literal && src.has_glob) || remote;
  if (n.glob && std::none_of(n.text.begin(), n.text.end(), glob_char)) n.glob = false;
  return n;
}

WordView joined(const WordView& dest, const std::string& dtext, std::string_view name, bool glob) {
  std::string p = dtext;
  if (p.empty() || p.back() != '/') p.push_back('/');
  p.append(name);
  WordView v;
  v.text = p;
  v.pattern = p;
  if (dest.literal && !glob) v.literal = p;
  v.has_glob = glob || dest.has_glob;
  v.has_tilde = dest.has_tilde;
  v.span = dest.span;
  return v;
}

}  // namespace

void add_copy_into(std::string_view prog, char shape, const std::vector<WordView>& w,
                   const std::vector<std::size_t>& operands, std::size_t first,
                   const OperandState& st, bool moves, ProgramEffects& out) {
  if (st.no_target_dir || first > operands.size()) return;
  std::size_t end = operands.size();
  WordView here;
  const WordView* dest = st.target_dir;
  bool definite = dest != nullptr;
  if (!dest && end >= first + 2) {
    dest = &w[operands[--end]];
    definite = end - first >= 2;
  } else if (!dest && shape == 'L' && end == first + 1) {
    // `ln -s TARGET`: a link named after TARGET in the current folder.
    here.text = ".";
    here.literal = ".";
    here.pattern = ".";
    dest = &here;
    definite = true;
  }
  if (!dest) return;
  const std::string* dt = dest->literal   ? &*dest->literal
                          : dest->pattern ? &*dest->pattern
                                          : nullptr;
  if (!dt || dt->empty() || dt->find("://") != std::string::npos) return;
  if (auto colon = dt->find(':'); colon != std::string::npos && colon > 0 &&
                                  (dt->find('/') == std::string::npos || colon < dt->find('/')))
    return;  // a remote destination
  // With `--parents` the destination must be a folder (GNU cp refuses anything else).
  definite = definite || st.parents || folder_syntax(*dt);
  const bool recursive = st.recursive || moves;
  const std::string entry = std::string(prog) + " into the destination folder";
  const bool remote_globs =
      std::find(std::begin(kRemoteGlobPrograms), std::end(kRemoteGlobPrograms), prog) !=
      std::end(kRemoteGlobPrograms);
  for (std::size_t k = first; k < end; ++k) {
    if (files_full(out)) break;
    IntoName n = into_name(w[operands[k]], shape == 'C', st.parents, remote_globs);
    FileEffect f{Touch::write, *dest, From::operand, entry};
    f.into = true;
    if (n.kind == IntoName::contents) {
      f.recursive = true;  // `cp -r SRC/. DIR`, `rsync -a SRC/ DIR`: any file below DIR
    } else if (definite) {
      f.word = joined(*dest, *dt, n.kind == IntoName::name ? n.text : "*",
                      n.kind == IntoName::unknown || n.glob);
      f.recursive = recursive && !f.word.has_glob;
    } else {
      // `cp SRC NAME`: NAME may be a file (written as such by the loop) or a folder; in a folder
      // the source lands at NAME/SRC, which the line does not show: at most asked.
      f.recursive = true;
      f.below = n.kind == IntoName::name ? n.text : "*";
      if (recursive) f.below += "/**";
    }
    out.files.push_back(std::move(f));
  }
}

}  // namespace vigie::engine
