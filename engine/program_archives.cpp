// Archivers whose command line is a language of its own (handler `archive`): ar's key letter,
// pax's and cpio's modes, unrar's and rar's commands and `-SWITCH` words. What each reads,
// writes and extracts; an extraction that may write the absolute names an archive holds
// (`pax -r`, `cpio -i` without `--no-absolute-filenames`, `unrar x -ep3`) and names read from the
// standard input (`cpio -o`, `cpio -p`, `pax -w` with no file operand) are asked; dpkg-deb's
// (and dpkg's) extraction and build actions; jar's (engine/program_jar.cpp). The options
// are declared in engine/programs_table_cloud.cpp. Info-ZIP's zip and unzip (declared in
// engine/programs_table_data.cpp and engine/programs_table.cpp) as the table reads them, and:
// `zip -u A`, `zip -f A` with no file named read every file the archive names (asked, as
// `tar -xf A` is); unzip's members are patterns it matches itself, judged as globs (`'*'`,
// `'.e*'`, `'[t]ests/*'`; with `-C` in any case), and its `*` and `?` match `/` too (unless
// `-W`): the files below the folder, asked. `ar -M`'s MRI script: engine/program_ar_mri.cpp.
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "engine/program_ar_mri.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;
using program_words::starts_with;

// engine/program_jar.cpp.
void jar_effects(const Words& w, ProgramEffects& out);

namespace {

void touch(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  if (w.literal && (*w.literal == "-" || harmless_device(*w.literal))) return;
  out.files.push_back({t, w, From::operand, std::move(entry)});
}

// `@FILE`: a file of more arguments, read, and asked (the line does not show them).
bool argument_file(ProgramEffects& out, const WordView& w, std::string_view prog) {
  const std::string& s = *w.literal;
  if (s.size() < 2 || s[0] != '@') return false;
  touch(out, Touch::read, word_of(w, s.substr(1)), std::string(prog) + " @FILE");
  out.escalations.push_back(std::string(prog) + " @FILE (arguments the line does not show)");
  return true;
}

bool has_option(const ParsedArgs& a, std::string_view spelling) {
  return std::any_of(a.options.begin(), a.options.end(), [&](const ParsedOption& o) {
    return o.decl && (o.spelling == spelling || option_name(*o.decl) == spelling);
  });
}

const WordView* option_value(const ParsedArgs& a, std::string_view name) {
  for (const ParsedOption& o : a.options)
    if (o.decl && option_name(*o.decl) == name && o.value) return &*o.value;
  return nullptr;
}

// ar's long options (getopt_long: any unambiguous prefix, `--out=DIR`, `--outp DIR`, anywhere
// on the line); a word none of them starts with, or starts ambiguously, as written.
std::string ar_long(const std::string& name) {
  static constexpr std::string_view kLongs[] = {
      "--plugin", "--target", "--output", "--record-libdeps", "--thin", "--help", "--version"};
  std::string_view found;
  for (std::string_view l : kLongs) {
    if (l == name) return name;
    if (name.size() > 2 && starts_with(l, name)) {
      if (!found.empty()) return name;
      found = l;
    }
  }
  return found.empty() ? name : std::string(found);
}

// ar [--plugin P] [--target T] [--output DIR] [-]KEY[MODS] [RELPOS] [COUNT] ARCHIVE [MEMBER…].
void ar(const Words& w, ProgramEffects& out) {
  std::string key;
  std::optional<WordView> output;
  std::vector<std::size_t> ops;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (key.empty() && ops.empty()) {
        out.escalations.push_back("ar with a key that is not static");
        return;
      }
      ops.push_back(i);
      continue;
    }
    if (argument_file(out, w[i], "ar")) continue;
    if (starts_with(*s, "--")) {
      const std::size_t eq = s->find('=');
      const std::string name = ar_long(s->substr(0, eq));
      const bool valued = name == "--plugin" || name == "--target" || name == "--output" ||
                          name == "--record-libdeps";
      const WordView* val = nullptr;
      WordView attached;
      if (valued && eq != std::string::npos) {
        attached = word_of(w[i], s->substr(eq + 1));
        val = &attached;
      } else if (valued && i + 1 < w.size()) {
        val = &w[++i];
      }
      if (name == "--plugin") {
        out.escalations.push_back("ar --plugin");
        if (val) touch(out, Touch::read, *val, "ar --plugin");
      }
      if (name == "--output" && val) output = *val;
      if (name == "--help" || name == "--version") return;
      continue;
    }
    if (key.empty() && ops.empty()) {
      key = (*s)[0] == '-' ? s->substr(1) : *s;
      continue;
    }
    if ((*s)[0] == '-' && ops.empty() && *s != "-X32_64") {
      key += s->substr(1);  // `ar -r -v LIB.a X.o`
      continue;
    }
    ops.push_back(i);
  }
  // `M` anywhere in the key (`-M`, `-vM`, `rM`): ar reads an MRI script from its input and
  // ignores its operands. The script is not on the line: asked. Each operand is read as such a
  // script (a here-document or here-string is given to the handler so, by client_stdin), its
  // files judged.
  if (key.find('M') != std::string::npos) {
    out.escalations.push_back("ar -M: archive commands (an MRI script) read from its input");
    for (std::size_t i : ops)
      if (const std::string* s = lit(w, i)) ar_mri_effects(*s, w[i], out);
    return;
  }
  const std::size_t op = key.find_first_of("dmpqrstx");
  if (op == std::string::npos) return;
  const char k = key[op];
  // Positional modifiers take operands before the archive: RELPOS (a, b, i), COUNT (N).
  std::size_t skip = 0;
  if ((k == 'r' || k == 'm') && key.find_first_of("abi", op + 1) != std::string::npos) ++skip;
  if (key.find('N', op + 1) != std::string::npos) ++skip;
  if (ops.size() <= skip) return;
  const WordView& archive = w[ops[skip]];
  const std::string entry = std::string("ar ") + k;
  touch(out, Touch::read, archive, entry);
  if (k == 'd' || k == 'm' || k == 'q' || k == 'r' || k == 's')
    touch(out, Touch::write, archive, entry);
  for (std::size_t n = skip + 1; n < ops.size(); ++n) {
    if (k == 'q' || k == 'r') touch(out, Touch::read, w[ops[n]], entry);
    if (k == 'x') {
      const std::string* m = lit(w, ops[n]);
      if (output && m && output->literal)
        touch(out, Touch::write, word_of(w[ops[n]], *output->literal + "/" + *m), entry);
      else if (output)  // below a folder the line does not show: any file of it
        add_folder_files(out, *output, From::option, entry);
      else
        touch(out, Touch::write, w[ops[n]], entry);
    }
  }
  if (k == 'x') {
    if (key.find('P', op + 1) != std::string::npos)
      out.escalations.push_back("ar xP (members' full path names)");
    if (output && ops.size() == skip + 1) add_folder_files(out, *output, From::option, entry);
    // No member named and no `--output`: the archive's members land in the current folder,
    // under names the line does not show (as `tar -xf A`; engine/tree_writes.cpp).
    if (!output && ops.size() == skip + 1)
      add_tree_write(out, entry + " (members the line does not show)");
  }
}

// pax: list (neither -r nor -w), read (-r), write (-w), copy (-rw).
void pax(const ProgramDecl& d, const Words& w, ProgramEffects& out) {
  ParsedArgs a = parse_args(d, w, 1);
  const bool r = has_option(a, "-r"), wr = has_option(a, "-w");
  // The archive: read when listed, extracted or appended to (-a), written by -w.
  if (const WordView* f = option_value(a, "-f")) {
    if (r || !wr || has_option(a, "-a")) touch(out, Touch::read, *f, "pax -f");
    if (wr && !r) touch(out, Touch::write, *f, "pax -f");
  }
  if (a.dynamic_option) out.escalations.push_back("pax with a word that is not static");
  if (r && !wr) {
    out.escalations.push_back("pax -r (writes the names the archive holds, absolute ones too)");
    return;
  }
  if (!wr) return;
  OperandState st;
  std::vector<std::size_t> files = a.operands;
  if (r && !files.empty()) {
    apply_operands("pax -rw", "g", w, {files.back()}, st, out);
    files.pop_back();
  }
  if (files.empty()) out.escalations.push_back("pax -w with the names on its standard input");
  apply_operands(r ? "pax -rw" : "pax -w", "*r", w, files, st, out);
}

// cpio -i|-o|-p|-t.
void cpio(const ProgramDecl& d, const Words& w, ProgramEffects& out) {
  ParsedArgs a = parse_args(d, w, 1);
  OperandState st;
  apply_options("cpio", a, out, st);
  const bool in = has_option(a, "--extract") || has_option(a, "--list");
  const bool create = has_option(a, "--create"), pass = has_option(a, "--pass-through");
  if (const WordView* f = option_value(a, "--file")) {
    touch(out, Touch::read, *f, "cpio -F");
    if (create) touch(out, Touch::write, *f, "cpio -F");
  }
  if (a.dynamic_option) out.escalations.push_back("cpio with a word that is not static");
  if (create || pass) out.escalations.push_back("cpio reads the names on its standard input");
  if (pass && !a.operands.empty()) apply_operands("cpio -p", "g", w, {a.operands.back()}, st, out);
  const bool writes = has_option(a, "--extract") && !has_option(a, "--list") &&
                      !has_option(a, "--to-stdout") && !has_option(a, "--only-verify-crc");
  if (!in || !writes) return;
  if (!has_option(a, "--no-absolute-filenames"))
    out.escalations.push_back("cpio -i without --no-absolute-filenames (absolute names kept)");
  else if (out.chdir)
    add_folder_files(out, *out.chdir, From::option, "cpio -D");
}

// unrar|rar COMMAND [-SWITCH…] ARCHIVE [NAMES|@LIST…] [DIR/].
void rar(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string* cmd = lit(w, 1);
  if (w.size() < 2) return;
  if (!cmd) {
    out.escalations.push_back(std::string(name) + " with a command that is not static");
    return;
  }
  const std::string c = *cmd;
  const std::string entry = std::string(name) + " " + c;
  const bool extract = c == "x" || c == "e";
  const bool adds = name == "rar" && (c == "a" || c == "m" || c == "u" || c == "f");
  bool moves = adds && c == "m";  // `m`, and `-df`: the files are deleted once archived
  const bool rewrites =
      name == "rar" && !extract && c != "t" && c != "p" && c[0] != 'l' && c[0] != 'v' && c != "i";
  std::vector<std::size_t> ops;
  bool switches = true;
  bool destination = false;  // `-opDIR` or a last operand `DIR/`: where it extracts
  for (std::size_t i = 2; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (switches && s && *s == "--") {
      switches = false;
      continue;
    }
    if (!switches || !s || s->size() < 2 || (*s)[0] != '-') {
      if (!s && !w[i].pattern && switches)
        out.escalations.push_back(entry + " with a word that is not static");
      ops.push_back(i);
      continue;
    }
    const std::string sw = s->substr(1);
    auto path = [&](std::size_t skip) { return word_of(w[i], sw.substr(skip)); };
    if (starts_with(sw, "op") && sw.size() > 2) {
      add_folder_files(out, path(2), From::option, entry + " -op");
      destination = true;
    } else if ((starts_with(sw, "x@") || starts_with(sw, "n@")) && sw.size() > 2)
      touch(out, Touch::read, path(2), entry + " -" + sw.substr(0, 2));
    else if (starts_with(sw, "ilog") && sw.size() > 4)
      touch(out, Touch::write, path(4), entry + " -ilog");
    else if (starts_with(sw, "z") && sw.size() > 1 && name == "rar")
      touch(out, Touch::read, path(1), entry + " -z");
    else if (starts_with(sw, "w") && sw.size() > 1 && name == "rar")
      add_folder_files(out, path(1), From::option, entry + " -w");
    else if (sw == "df" || sw == "dr")
      moves = moves || adds;
    else if (sw == "ep3" && extract)
      out.escalations.push_back(entry + " -ep3 (absolute names)");
  }
  if (ops.empty()) return;
  touch(out, Touch::read, w[ops[0]], entry);
  if (rewrites) touch(out, Touch::write, w[ops[0]], entry);
  for (std::size_t n = 1; n < ops.size(); ++n) {
    const std::string* s = lit(w, ops[n]);
    const std::string* t = s ? s : w[ops[n]].pattern ? &*w[ops[n]].pattern : nullptr;
    if (s && s->size() > 1 && (*s)[0] == '@') {
      touch(out, Touch::read, word_of(w[ops[n]], s->substr(1)), entry + " @LIST");
    } else if (extract && n + 1 == ops.size() && t && !t->empty() &&
               (t->back() == '/' || t->back() == '\\')) {
      add_folder_files(out, w[ops[n]], From::operand, entry);
      destination = true;
    } else if (adds) {
      touch(out, Touch::read, w[ops[n]], entry);
      if (moves) touch(out, Touch::delete_, w[ops[n]], entry);
    }
  }
  // `unrar x a.rar`: the members are written in the folder it runs in, under names the line
  // does not show (as `unzip a.zip`).
  if (extract && !destination) add_tree_write(out, entry + " (the archive's members)");
}

// dpkg's actions that read .deb files (installing, or handed to dpkg-deb).
constexpr std::array<std::string_view, 8> kDebReaders = {
    "--install", "--unpack", "--record-avail", "--contents",
    "--info",    "--field",  "--ctrl-tarfile", "--fsys-tarfile"};

// dpkg-deb ACTION [ARGS] and the actions dpkg hands to it: what is extracted where, built
// from what.
void dpkg_deb(std::string_view name, const ProgramDecl& d, const Words& w, ProgramEffects& out) {
  const ParsedArgs a = parse_args(d, w, 1);
  OperandState st;
  apply_options(name, a, out, st);
  if (a.dynamic_option) out.escalations.push_back(std::string(name) + " with an option not static");
  const std::vector<std::size_t>& ops = a.operands;
  if (ops.empty()) return;
  const WordView& first = w[ops[0]];
  const std::string entry(name);
  const bool control = has_option(a, "--control");
  if (control || has_option(a, "--extract") || has_option(a, "--vextract") ||
      (name == "dpkg-deb" && has_option(a, "--raw-extract"))) {
    touch(out, Touch::read, first, entry + " extract");
    if (ops.size() > 1)
      add_folder_files(out, w[ops[1]], From::operand, entry + " extract");
    else if (control)
      add_folder_files(out, word_of(first, "DEBIAN"), From::operand, entry + " --control");
    return;
  }
  if (has_option(a, "--build")) {
    FileEffect tree{Touch::read, first, From::operand, entry + " --build"};
    tree.recursive = true;
    out.files.push_back(std::move(tree));
    if (ops.size() > 1) {
      const std::string* o = lit(w, ops[1]);
      if (o && !o->empty() && o->back() == '/')
        add_folder_files(out, w[ops[1]], From::operand, entry + " --build");
      else
        touch(out, Touch::write, w[ops[1]], entry + " --build");
    } else if (const std::string* dir = lit(w, ops[0])) {
      std::string deb = *dir;
      while (deb.size() > 1 && deb.back() == '/') deb.pop_back();
      touch(out, Touch::write, word_of(first, deb + ".deb"), entry + " --build");
    } else {
      out.escalations.push_back(entry + " --build with a folder that is not static");
    }
    return;
  }
  // Listing, showing, installing: the packages (and, with dpkg -R, the folders) are read;
  // dpkg's queries (-l, -L, -s, -S, -r…) name installed packages, not files.
  const bool reads_debs =
      name == "dpkg-deb" || std::any_of(kDebReaders.begin(), kDebReaders.end(),
                                        [&](std::string_view o) { return has_option(a, o); });
  if (!reads_debs) return;
  for (std::size_t k : ops) {
    FileEffect f{Touch::read, w[k], From::operand, entry};
    f.recursive = has_option(a, "--recursive");
    if (w[k].literal && *w[k].literal == "-") continue;
    out.files.push_back(std::move(f));
    if (has_option(a, "--contents") || has_option(a, "--info") || has_option(a, "--field") ||
        has_option(a, "--show"))
      break;  // the words after the package are member or field names
  }
}

// zip: `-u`/`-f` with no file operand update the files the archive names.
void zip(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  const ParsedArgs a = parse_args(p, w, 1);
  apply_parsed(p, name, w, a, out);
  if (a.operands.size() <= 1 && (has_option(a, "--update") || has_option(a, "--freshen")))
    out.escalations.push_back(std::string(name) +
                              " --update: reads the files the archive names, not shown");
}

// A member unzip matches itself (`*`, `?`, `[…]`): a glob; with `-C` (`fold`) its letters match
// either case (`.ENV` is `.[eE][nN][vV]`). nullopt when it stays a plain name.
std::optional<WordView> unzip_member(const WordView& from, bool fold) {
  const std::string* s = from.literal ? &*from.literal : from.pattern ? &*from.pattern : nullptr;
  if (!s) return std::nullopt;
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  const bool wild = s->find_first_of("*?[") != std::string::npos;
  if (!wild && !(fold && std::any_of(s->begin(), s->end(), letter))) return std::nullopt;
  std::string g;
  bool bracket = false;  // inside `[…]`: copied as written
  for (std::size_t i = 0; i < s->size(); ++i) {
    const char c = (*s)[i];
    if (c == '\\' && i + 1 < s->size()) {
      g += s->substr(i++, 2);
      continue;
    }
    if (c == '[') bracket = true;
    if (c == ']') bracket = false;
    if (!fold || bracket || !letter(c)) {
      g += c;
      continue;
    }
    const char other = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c - 'A' + 'a');
    g += std::string{'[', c, other, ']'};
  }
  WordView v = word_of(from, std::move(g));
  v.literal.reset();
  v.has_glob = true;
  return v;
}

// unzip: the table's reading, the members it extracts judged as the patterns they are (listed,
// tested or piped, they are read from the archive, not written).
void unzip(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  const ParsedArgs a = parse_args(p, w, 1);
  const std::size_t before = out.files.size();
  apply_parsed(p, name, w, a, out);
  // Below `-d DIR` every file of DIR is written already (role g).
  if (has_option(a, "-d")) return;
  const bool fold = has_option(a, "-C");
  bool below = false;  // a `*` or `?` that may match below a folder
  for (std::size_t k = 1; k < a.operands.size(); ++k) {
    const WordView& m = w[a.operands[k]];
    const std::optional<WordView> g = unzip_member(m, fold);
    if (!g) continue;
    bool written = false;
    for (std::size_t f = before; f < out.files.size(); ++f)
      if (out.files[f].touch == Touch::write && out.files[f].from == From::operand &&
          out.files[f].word.span.begin == m.span.begin && out.files[f].word.text == m.text) {
        out.files[f].word = *g;
        written = true;
      }
    if (!written) continue;
    if (fold && m.text.find('[') != std::string::npos)
      out.escalations.push_back(std::string(name) + " -C: a pattern matched in any case");
    below = below || g->pattern->find_first_of("*?") != std::string::npos;
  }
  if (below && !has_option(a, "-W"))
    add_tree_write(out, std::string(name) + " (the members its patterns match)");
}

// Extractors that write an archive's members in the folder they run in, or in the folder an
// option names: `cabextract [-d DIR] A…`, `unar [-o DIR] A [MEMBERS]`, `lha x[w=DIR] A`.
// Listing, testing and piping write nothing. The archives are read.
struct Extractor {
  std::string_view name;
  std::string_view dir;        // the options naming the folder written (`-d DIR`, `--directory=`)
  std::string_view valued;     // other options taking a value
  std::string_view no_writes;  // options after which nothing is written
};
constexpr Extractor kExtractors[] = {
    {"cabextract", " -d --directory ", " -F --filter -e --encoding ",
     " -l --list -t --test -p --pipe "},
    {"unar", " -o -output-directory ", " -p -password -e -encoding -E -password-encoding ", ""},
};

void extractor(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string entry(name);
  if (name == "lha" || name == "lhasa") {  // its command: x/e extract (`w=DIR`), l/v/t/p do not
    const std::string* c = w.size() > 1 ? lit(w, 1) : nullptr;
    if (!c || c->empty()) return out.escalations.push_back(entry + " with a command not shown");
    const char k = (*c)[0] == '-' && c->size() > 1 ? (*c)[1] : (*c)[0];
    for (std::size_t i = 2; i < w.size(); ++i) touch(out, Touch::read, w[i], entry);
    if (k != 'x' && k != 'e') return;
    if (const auto at = c->find("w="); at != std::string::npos)
      return add_folder_files(out, word_of(w[1], c->substr(at + 2)), From::option, entry);
    return add_tree_write(out, entry + " (the archive's members)");
  }
  const Extractor* x = nullptr;
  for (const auto& e : kExtractors)
    if (e.name == name) x = &e;
  if (!x) return;
  auto listed = [](std::string_view list, std::string_view word) {
    return word.size() > 1 && list.find(" " + std::string(word) + " ") != std::string_view::npos;
  };
  bool writes = true;
  std::optional<WordView> dir;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') {
      touch(out, Touch::read, w[i], entry);
      if (name == "unar") break;  // the words after its archive are member names
      continue;
    }
    const std::size_t eq = s->find('=');
    const std::string_view opt = std::string_view(*s).substr(0, eq);
    if (listed(x->no_writes, opt)) writes = false;
    const bool is_dir = listed(x->dir, opt);
    if (eq != std::string::npos && is_dir) dir = word_of(w[i], s->substr(eq + 1));
    if (eq == std::string::npos && (is_dir || listed(x->valued, opt)) && i + 1 < w.size()) {
      if (is_dir) dir = w[i + 1];
      ++i;
    }
  }
  if (!writes) return;
  if (dir)
    add_folder_files(out, *dir, From::option, entry + " (the archive's members)");
  else
    add_tree_write(out, entry + " (the archive's members)");
}

}  // namespace

void archive_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                     ProgramEffects& out) {
  if (name == "ar")
    ar(w, out);
  else if (name == "pax")
    pax(p, w, out);
  else if (name == "cpio")
    cpio(p, w, out);
  else if (name == "jar")
    jar_effects(w, out);
  else if (name == "dpkg-deb" || name == "dpkg")
    dpkg_deb(name, p, w, out);
  else if (name == "zip")
    zip(p, name, w, out);
  else if (name == "unzip")
    unzip(p, name, w, out);
  else if (name == "cabextract" || name == "unar" || name == "lha" || name == "lhasa")
    extractor(name, w, out);
  else
    rar(name, w, out);
}

}  // namespace vigie::engine
