// jar's command line (handler `archive`, engine/program_archives.cpp; declared in
// engine/programs_table_cloud.cpp): its mode letters, tar-like, and its GNU-style options.
#include <optional>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;
using program_words::starts_with;

namespace {

void touch(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  if (w.literal && (*w.literal == "-" || harmless_device(*w.literal))) return;
  out.files.push_back({t, w, From::operand, std::move(entry)});
}

// `@FILE`: a file of more arguments, read, and asked (the line does not show them).
bool argument_file(ProgramEffects& out, const WordView& w) {
  const std::string& s = *w.literal;
  if (s.size() < 2 || s[0] != '@') return false;
  touch(out, Touch::read, word_of(w, s.substr(1)), "jar @FILE");
  out.escalations.push_back("jar @FILE (arguments the line does not show)");
  return true;
}

}  // namespace

// jar: `jar {c|t|x|u|i}[vfme0MP…] [JARFILE] [MANIFEST] [ENTRYPOINT] [-C DIR] FILE…` (the values
// of `f`, `m` and `e` follow in the order of their letters; a leading `-` is optional) and the
// GNU-style options (`--create --file=F`, `-x -f F`). Created or updated: the jar written, the
// files and folders (with all below them) read, each after `-C DIR` below DIR. Extracted: the
// named members, or every member (names the line does not show), land in the current folder
// (`P` keeps their absolute and `..` names: asked). An index (`i JAR`, `-i JAR`,
// `--generate-index=JAR`) is written into JAR.
void jar_effects(const Words& w, ProgramEffects& out) {
  char mode = 0;
  bool preserve = false;  // `P`: members' absolute and `..` names kept on extraction
  std::optional<WordView> file;
  std::vector<WordView> ops;
  std::string dir;  // `-C DIR`: the next file is read below DIR
  auto take = [&](std::size_t& i) -> const WordView* {
    return i + 1 < w.size() ? &w[++i] : nullptr;
  };
  auto value = [&](const std::string& s, std::size_t& i) -> std::optional<WordView> {
    const auto eq = s.find('=');
    if (eq != std::string::npos) return word_of(w[i], s.substr(eq + 1));
    if (const WordView* v = take(i)) return *v;
    return std::nullopt;
  };
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (mode == 0) {
        out.escalations.push_back("jar with a mode that is not static");
        return;
      }
      ops.push_back(w[i]);
      dir.clear();
      continue;
    }
    if (argument_file(out, w[i])) continue;
    if (starts_with(*s, "--")) {
      const std::string name = s->substr(0, s->find('='));
      if (name == "--create")
        mode = 'c';
      else if (name == "--extract")
        mode = 'x';
      else if (name == "--list" || name == "--describe-module")
        mode = 't';
      else if (name == "--update")
        mode = 'u';
      else if (name == "--help" || name == "--version" || name == "--help-extra")
        return;
      else if (name == "--file")
        file = value(*s, i);
      else if (name == "--manifest") {
        if (auto v = value(*s, i)) touch(out, Touch::read, *v, "jar " + name);
      } else if (name == "--generate-index") {
        file = value(*s, i);
        mode = 'i';
      } else if (name == "--main-class" || name == "--module-version" || name == "--hash-modules" ||
                 name == "--module-path" || name == "--release" || name == "--date" ||
                 name == "--dir")
        (void)value(*s, i);
      continue;
    }
    // The first word is the mode and its letters (`cvf`, `-xf`); later `-X` words are options.
    const bool first = mode == 0 && ops.empty() && !file;
    if (first || (s->size() >= 2 && (*s)[0] == '-')) {
      const std::string letters = (*s)[0] == '-' ? s->substr(1) : *s;
      for (char c : letters) {
        if (c == 'c' || c == 'x' || c == 't' || c == 'u' || c == 'd' || c == 'i')
          mode = c == 'd' ? 't' : c;
        preserve = preserve || c == 'P';
        if (c == 'f' || (c == 'i' && (*s)[0] == '-')) {  // `-i JAR`: its value; `i JAR`: operand
          if (const WordView* v = take(i)) file = *v;
        } else if (c == 'm') {
          if (const WordView* v = take(i)) touch(out, Touch::read, *v, "jar m (manifest)");
        } else if (c == 'e' || c == 'p') {
          (void)take(i);
        } else if (c == 'C') {
          const WordView* v = take(i);
          const std::string* d = v ? v->literal ? &*v->literal : nullptr : nullptr;
          if (v && !d) out.escalations.push_back("jar -C with a folder that is not static");
          dir = d ? *d : std::string();
          break;
        }
      }
      continue;
    }
    ops.push_back(dir.empty() ? w[i] : word_of(w[i], dir + "/" + *s));
    dir.clear();
  }
  if (mode == 0) return;
  const std::string entry = std::string("jar ") + mode;
  if (mode == 'i' && !file && !ops.empty()) {  // `jar i JAR [JAR…]`: the index goes into JAR
    file = ops.front();
    ops.erase(ops.begin());
  }
  if (file) {
    touch(out, Touch::read, *file, entry);
    if (mode == 'c' || mode == 'u' || mode == 'i') touch(out, Touch::write, *file, entry);
  }
  if (mode == 'i')
    for (const WordView& op : ops) touch(out, Touch::read, op, entry);
  if (mode == 'x' && preserve) out.escalations.push_back("jar xP (members' absolute names)");
  if (mode == 'c' || mode == 'u') {
    for (const WordView& op : ops) {
      if (op.literal && *op.literal == "-") continue;
      FileEffect f{Touch::read, op, From::operand, entry};
      f.recursive = true;
      out.files.push_back(std::move(f));
    }
  } else if (mode == 'x') {
    for (const WordView& op : ops) touch(out, Touch::write, op, entry);
    if (ops.empty()) add_tree_write(out, entry + " (members the line does not show)");
  }
}

}  // namespace vigie::engine
