// Handlers of converters, compressors, archivers and crypto tools (named in
// engine/programs_table_tools.cpp): the files they write under names derived from their
// operands (`gzip F` writes F.gz, `gunzip F.gz` writes F, `gpg -e F` writes F.gpg), dos2unix's
// `-n IN OUT` pairs, 7-Zip's commands and `-o` folder, openssl's `file:` password sources,
// gpg's options that show photos with a viewer program, and the files poppler's pdftotext and
// pdftohtml write beside their input.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::starts_with;

bool ends_with(std::string_view s, std::string_view e) {
  return s.size() > e.size() && s.substr(s.size() - e.size()) == e;
}

void add(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  add_word_file(out, t, w, From::operand, std::move(entry));
}

// A word standing for every file of a folder (`DIR/*`).
WordView folder_files(const WordView& from, const std::string& dir) {
  WordView v = word_of(from, dir.empty() ? std::string("*") : dir + "/*");
  v.literal.reset();
  v.has_glob = true;
  return v;
}

// A file name 7-Zip matches itself (`-i!/x/*`, a quoted `'*.txt'` operand): `*` and `?` are
// its wildcards, judged as a glob; a folder it names is read with everything below it.
WordView sevenzip_name(const WordView& from, const std::string& name) {
  WordView v = word_of(from, name);
  if (name.find_first_of("*?") != std::string::npos) {
    v.literal.reset();
    v.has_glob = true;
  }
  return v;
}

bool has_option(const ParsedArgs& a, std::string_view name) {
  return std::any_of(a.options.begin(), a.options.end(),
                     [&](const ParsedOption& o) { return o.decl && option_name(*o.decl) == name; });
}

const WordView* option_value(const ParsedArgs& a, std::string_view name) {
  const WordView* v = nullptr;
  for (const auto& o : a.options)
    if (o.decl && o.value && option_name(*o.decl) == name) v = &*o.value;
  return v;
}

// The suffix each compressor adds, and the ones its decompressor strips.
struct Suffixes {
  std::string_view names;  // space-separated program names (and their `un…` forms)
  std::string_view add;
  std::string_view strip;  // space-separated
};
constexpr Suffixes kSuffixes[] = {
    {"gzip gunzip pigz unpigz", ".gz", ".gz .tgz .taz .z .Z -gz -z _z"},
    {"bzip2 bunzip2", ".bz2", ".bz2 .bz .tbz2 .tbz"},
    {"xz unxz", ".xz", ".xz .txz .lzma .tlz"},
    {"lzma unlzma", ".lzma", ".lzma .tlz"},
    {"zstd unzstd", ".zst", ".zst .tzst .zstd"},
    {"lz4 unlz4", ".lz4", ".lz4"},
    {"brotli unbrotli", ".br", ".br"},
    {"compress uncompress", ".Z", ".Z"},
    {"lzip", ".lz", ".lz .tlz"},
};

bool names_has(std::string_view names, std::string_view n) {
  while (!names.empty()) {
    auto sp = names.find(' ');
    if (names.substr(0, sp) == n) return true;
    names = sp == std::string_view::npos ? std::string_view() : names.substr(sp + 1);
  }
  return false;
}

// gzip (gunzip, zcat, pigz) decompressing (`-d`, `-l`, `-t`) an operand that does not exist
// opens it with a suffix added: the `-S` one (else `.gz`), then `.gz`, `.z`, `-z`, `.Z` (gzip.c
// `open_input_file`; not for a name already ending in one). `zcat -f -S nv .e` prints `.env`:
// each such name is read too (a suffix that is not static: any name starting with the operand).
void gzip_suffix_reads(const std::string& base, const ParsedArgs& args, const Words& w,
                       ProgramEffects& out) {
  if (!names_has("gzip gunzip zcat pigz unpigz", base)) return;
  if (base != "gunzip" && base != "zcat" && base != "unpigz" && !has_option(args, "--decompress") &&
      !has_option(args, "--list") && !has_option(args, "--test"))
    return;
  const WordView* suffix = option_value(args, "--suffix");
  const std::string* given = suffix ? suffix->literal ? &*suffix->literal : nullptr : nullptr;
  std::string tried = given ? *given + " .gz .z -z .Z" : std::string(".gz .z -z .Z");
  for (std::size_t i : args.operands) {
    // `~/.s`: bash gives gzip the home folder's path (the word's pattern keeps the `~`).
    const std::string* s = w[i].literal                       ? &*w[i].literal
                           : w[i].has_tilde && !w[i].has_glob ? static_text(w[i])
                                                              : nullptr;
    if (!s || *s == "-") continue;
    if (suffix && !given) {
      WordView any = word_of(w[i], *s + "*");
      any.literal.reset();
      any.has_glob = true;
      any.has_tilde = w[i].has_tilde;  // `~/.s*`
      add(out, Touch::read, any, base + " -S (a suffix that is not static)");
      continue;
    }
    std::string_view list = tried;
    bool has_suffix = false;
    for (std::string_view one : {".gz", ".z", ".taz", ".tgz", "-gz", "-z", "_z"})
      has_suffix = has_suffix || ends_with(*s, one);
    if (has_suffix || (given && !given->empty() && ends_with(*s, *given))) continue;
    while (!list.empty()) {
      auto sp = list.find(' ');
      if (std::string_view one = list.substr(0, sp); !one.empty()) {
        std::string named = *s + std::string(one);
        add(out, Touch::read, w[i].has_tilde ? path_word(w[i], named) : word_of(w[i], named),
            base + " (NAME+suffix)");
      }
      list = sp == std::string_view::npos ? std::string_view() : list.substr(sp + 1);
    }
  }
}

}  // namespace

// gzip, bzip2, xz, zstd, lz4, brotli...: the operand's derived name is written (compressing
// adds the suffix, decompressing strips it), unless the output goes to standard output or to
// the `-o` file. lz4 takes `IN OUT` (two operands without `-m`): OUT is written.
static void compress_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                             ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  // zstd's `-o=FILE`, `-D=DICT`: its parser drops the `=` after a short option's letter.
  if (starts_with(name, "zstd") || starts_with(name, "unzstd"))
    for (auto& o : args.options)
      if (o.value && o.spelling.size() == 2 && o.value->literal &&
          o.value->literal->starts_with('=') && o.value->span.begin < w[o.index].span.end)
        o.value = synthesized(*o.value, o.value->literal->substr(1), 1);
  OperandState st;
  apply_options(name, args, out, st);
  std::string base(name);
  const Suffixes* sfx = nullptr;
  for (const auto& s : kSuffixes)
    if (names_has(s.names, base)) sfx = &s;
  bool lz4_pair = base == "lz4" && args.operands.size() == 2 && !has_option(args, "--multiple");
  std::string shape = lz4_pair ? "rw" : p.operands;
  apply_operands(name, shape, w, args.operands, st, out);
  // `-r`: the operands are folders whose every file is (de)compressed in place.
  if (has_option(args, "--recursive"))
    for (std::size_t i : args.operands)
      if (w[i].literal) add(out, Touch::write, folder_files(w[i], *w[i].literal), base + " -r");
  for (std::string_view flat : {"--output-dir-flat", "--output-dir-mirror"})
    if (const WordView* d = option_value(args, flat))
      add(out, Touch::write, d->literal ? folder_files(*d, *d->literal) : *d,
          base + " " + std::string(flat));
  gzip_suffix_reads(base, args, w, out);
  if (!sfx || st.override_touch == 'r' || lz4_pair || option_value(args, "--output")) return;
  bool decompress = starts_with(base, "un") || base == "gunzip" || base == "bunzip2" ||
                    has_option(args, "--decompress");
  const WordView* suffix = option_value(args, "--suffix");
  std::string add_sfx = suffix && suffix->literal ? *suffix->literal : std::string(sfx->add);
  const std::string entry = base + " derived name";
  for (std::size_t i : args.operands) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s) continue;                                // judged through the operand itself
    if (decompress && has_option(args, "--name")) {  // the name stored in the file
      // any file of the archive's folder (`.` for `x.gz`: the name may be `.env`)
      auto slash = s->rfind('/');
      add(out, Touch::write,
          folder_files(w[i], slash == std::string::npos ? std::string(".")
                             : slash == 0               ? std::string("/")
                                                        : s->substr(0, slash)),
          entry);
    }
    if (!decompress) {
      add(out, Touch::write, word_of(w[i], *s + add_sfx), entry);
      continue;
    }
    std::string strip = suffix && suffix->literal ? *suffix->literal + " " : std::string();
    strip += sfx->strip;
    std::string_view list = strip;
    while (!list.empty()) {
      auto sp = list.find(' ');
      std::string_view one = list.substr(0, sp);
      if (!one.empty() && ends_with(*s, one)) {
        std::string derived = s->substr(0, s->size() - one.size());
        if (one == ".tgz" || one == ".taz" || one == ".tbz2" || one == ".tbz" || one == ".txz" ||
            one == ".tlz" || one == ".tzst")
          derived += ".tar";
        add(out, Touch::write, word_of(w[i], derived), entry);
      }
      list = sp == std::string_view::npos ? std::string_view() : list.substr(sp + 1);
    }
  }
}

// dos2unix, unix2dos, mac2unix, unix2mac: operands are converted in place; after `-n`
// (`--newfile`) they come in pairs `IN OUT` (IN read, OUT written) until `-o` (`--oldfile`).
// `-i` (`--info`) and `-O` (`--to-stdout`) only read.
static void dos2unix_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                             ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  bool read_only = st.override_touch == 'r';
  const std::string entry = std::string(name) + " operand";
  // Modes switch where the options stand among the operands.
  std::size_t next_opt = 0;
  bool newfile = false, out_slot = false;
  for (std::size_t i : args.operands) {
    while (next_opt < args.options.size() && args.options[next_opt].index < i) {
      const auto& o = args.options[next_opt++];
      if (!o.decl) continue;
      std::string n = option_name(*o.decl);
      if (n == "--newfile") newfile = true, out_slot = false;
      if (n == "--oldfile") newfile = false, out_slot = false;
    }
    if (newfile && out_slot) {
      add(out, read_only ? Touch::read : Touch::write, w[i], entry);
      out_slot = false;
      continue;
    }
    add(out, Touch::read, w[i], entry);
    if (newfile)
      out_slot = true;
    else if (!read_only)
      add(out, Touch::write, w[i], entry);
  }
}

// gpg: the table declares its options (prefixes of long options, no permuting; an alias is a
// spelling of its option, so `--clearsign` is `--clear-sign` here); here the files it writes
// without `-o` (`-e F` writes F.gpg, `F.gpg` alone decrypts to F, `--decrypt-files`), and
// `show-photos` in `--list-options`/`--verify-options` (runs the photo viewer).
static void gpg_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                        ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    std::string n = option_name(*o.decl);
    if (n != "--list-options" && n != "--verify-options") continue;
    std::string v = o.value->literal ? ascii_lower(*o.value->literal) : "show-photos";
    if (v.find("show-photo") != std::string::npos)
      out.escalations.push_back(std::string(name) + " " + n + " show-photos");
  }
  if (option_value(args, "--output") || has_option(args, "--list-keys") ||
      has_option(args, "--list-secret-keys") || has_option(args, "--import") ||
      has_option(args, "--verify") || has_option(args, "--list-packets") ||
      has_option(args, "--export") || has_option(args, "--print-md") ||
      has_option(args, "--print-mds") || has_option(args, "--fast-import"))
    return;
  bool enc = has_option(args, "--encrypt") || has_option(args, "--symmetric") ||
             has_option(args, "--sign") || has_option(args, "--encrypt-files") ||
             has_option(args, "--dearmor") || has_option(args, "--store");
  bool armor = has_option(args, "--armor") || has_option(args, "--enarmor") ||
               has_option(args, "--clear-sign");
  bool detach = has_option(args, "--detach-sign");
  // `--multifile` makes `--decrypt` (any prefix gpg takes: `--dec`) `--decrypt-files`: each
  // input is decrypted to its name without the suffix, not to the standard output.
  bool dec_to_stdout = has_option(args, "--decrypt") && !has_option(args, "--decrypt-files") &&
                       !has_option(args, "--multifile");
  // `--use-embedded-filename` decrypts to the name the literal data packet holds, relative to
  // the current folder (`-d` too, and input read from the standard input): a name the line
  // does not show (`.env`, `../x`).
  if (has_option(args, "--use-embedded-filename") && !(enc || armor || detach))
    out.escalations.push_back(std::string(name) +
                              " --use-embedded-filename: writes the name its input holds");
  const std::string entry = std::string(name) + " derived name";
  for (std::size_t i : args.operands) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s) continue;
    if (enc || armor || detach) {
      std::string ext = detach ? (armor ? ".asc" : ".sig") : (armor ? ".asc" : ".gpg");
      add(out, Touch::write, word_of(w[i], *s + ext), entry);
    } else if (!dec_to_stdout) {
      for (std::string_view e : {".gpg", ".pgp", ".asc", ".sig", ".sign"})
        if (s->size() > e.size() && ends_with(*s, e))
          add(out, Touch::write, word_of(w[i], s->substr(0, s->size() - e.size())), entry);
    }
  }
}

// openssl's commands (its first word) that load code: `engine ID|PATH` (and `-pre SO_PATH:…`)
// loads an engine, a shared library; `provider NAME|PATH` a provider module.
constexpr std::string_view kOpensslCodeCommands[] = {"engine", "provider"};

// The files an openssl command writes under names of its own, and the folder it serves:
// `rehash DIR…` writes hash links in each DIR (none: the default certificates' folder);
// `x509 -CA FILE` writes the serial file FILE without its extension plus `.srl` (made by
// `-CAcreateserial`, rewritten when it exists; `-CAserial` names another); `s_server -WWW`
// (`-HTTP`) answers `GET /PATH` with the file ./PATH: the current folder is read with
// everything below it, as a static file server's root (engine/program_file_servers.cpp).
static void openssl_command_files(const std::string& cmd, const Words& w, const ParsedArgs& args,
                                  ProgramEffects& out) {
  if (cmd == "rehash") {
    for (std::size_t k = 1; k < args.operands.size(); ++k) {
      const WordView& d = w[args.operands[k]];
      add(out, Touch::write, d.literal ? folder_files(d, *d.literal) : d, "openssl rehash");
    }
    if (args.operands.size() <= 1 && !w.empty())
      add(out, Touch::write, folder_files(w[0], "/usr/lib/ssl/certs"), "openssl rehash");
  }
  const WordView* ca = option_value(args, "--CA");
  if (cmd == "x509" && ca && !option_value(args, "--CAserial")) {
    if (!ca->literal) {
      add(out, Touch::write, *ca, "openssl x509 -CA (its serial file)");
    } else {
      const std::string& f = *ca->literal;
      const auto dot = f.rfind('.');
      add(out, Touch::write, word_of(*ca, f.substr(0, dot) + ".srl"),
          "openssl x509 -CA (its serial file)");
    }
  }
  if (cmd == "s_server")
    for (std::size_t k = 2; k < w.size(); ++k)
      if (const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
          s && (*s == "-WWW" || *s == "--WWW" || *s == "-HTTP" || *s == "--HTTP")) {
        const std::size_t at = out.files.size();
        add(out, Touch::read, word_of(w[0], "."),
            "openssl s_server " + *s + " (the folder it serves)");
        if (out.files.size() > at) out.files.back().recursive = true;
        break;
      }
}

// openssl: `-passin`, `-passout`, `-pass` sources `file:PATH` and `file:` URIs read PATH. A
// command that loads code, one not shown, or none (before 3.0, commands read from the input):
// asked.
static void openssl_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                            ProgramEffects& out) {
  const std::string* cmd = w.size() > 1 && w[1].literal ? &*w[1].literal : nullptr;
  if (w.size() < 2)
    out.escalations.push_back("openssl without a command: commands read from the input");
  else if (!cmd)
    out.escalations.push_back("openssl with a command that is not static");
  else
    for (std::string_view c : kOpensslCodeCommands)
      if (*cmd == c) out.escalations.push_back("openssl " + *cmd + ": loads a shared library");
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  for (const auto& o : args.options) {
    if (!o.decl || !o.value || !o.value->literal) continue;
    std::string n = option_name(*o.decl);
    if (n != "--passin" && n != "--passout" && n != "--pass") continue;
    const std::string& v = *o.value->literal;
    if (starts_with(ascii_lower(v), "file:"))
      add(out, Touch::read, word_of(*o.value, v.substr(5)), "openssl " + n + " file:");
  }
  openssl_command_files(cmd ? *cmd : std::string(), w, args, out);
  // `openssl storeutl file:PATH`, `file:///PATH`: a URI naming a local file.
  for (std::size_t i : args.operands) {
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s || !starts_with(ascii_lower(*s), "file:")) continue;
    std::string path = s->substr(5);
    if (starts_with(path, "//")) {
      auto slash = path.find('/', 2);
      path = slash == std::string::npos ? "/" : path.substr(slash);
    }
    add(out, Touch::read, word_of(w[i], path), "openssl file: URI");
  }
}

// 7z, 7za, 7zr: `7z COMMAND ARCHIVE [FILES…] [-SWITCHES]`, switches anywhere (case-insensitive
// letters) until `--`. `a u d rn` write the archive and read the files (with none named, the
// current folder); `x e` write into the `-o` folder (every file of it); `-i!NAME`, `-ai!NAME`
// and the names operands give are matched by 7-Zip itself (`*`, `?`: judged as globs, a quoted
// one too); `@LIST`, `-i@LIST`, `-x@LIST` read LIST and the names it holds (asked); `-spf`
// extracts to absolute paths and `-sdel` deletes the files added: asked / deleted.
static void sevenzip_handler(const ProgramDecl&, std::string_view name, const Words& w,
                             ProgramEffects& out) {
  const std::string prog(name);
  std::vector<std::size_t> operands;
  std::vector<WordView> included;  // `-i!NAME`: names added as operands are
  std::string outdir;
  bool has_out = false, sdel = false, options_on = true;
  const auto list_file = [&](const WordView& from, const std::string& file) {
    add(out, Touch::read, word_of(from, file), prog + " @listfile");
    out.escalations.push_back(prog + " @" + file +
                              ": reads the files a list names, which the line does not show");
  };
  for (std::size_t i = 1; i < w.size(); ++i) {
    // An unquoted glob switch (`-i!/x/*`) is read as written: 7-Zip matches it.
    const std::string* s = w[i].literal ? &*w[i].literal : nullptr;
    if (!s && options_on && w[i].pattern && !w[i].has_tilde && starts_with(*w[i].pattern, "-"))
      s = &*w[i].pattern;
    if (!s) {
      if (options_on && !w[i].text.empty() && w[i].text[0] != '-' && !w[i].pattern)
        out.escalations.push_back(prog + " with a word that is not static");
      else if (options_on && !w[i].text.empty() && w[i].text[0] == '-')
        out.escalations.push_back(prog + " with a switch that is not static");
      operands.push_back(i);
      continue;
    }
    if (options_on && *s == "--") {
      options_on = false;
      continue;
    }
    if (!options_on || s->size() < 2 || (*s)[0] != '-') {
      if (options_on && (*s)[0] == '@' && s->size() > 1)  // a list file
        list_file(w[i], s->substr(1));
      else
        operands.push_back(i);
      continue;
    }
    std::string low = ascii_lower(*s);
    const bool include = low[1] == 'i' || starts_with(low, "-ai");
    if (low[1] == 'o') {
      has_out = true;
      outdir = s->substr(2);
    } else if (low[1] == 'w' && s->size() > 2) {
      add(out, Touch::write, word_of(w[i], s->substr(2)), prog + " -w");
    } else if ((include || low[1] == 'x' || starts_with(low, "-ax")) &&
               low.find('@') != std::string::npos) {
      list_file(w[i], s->substr(s->find('@') + 1));
    } else if (include && low.find('!') != std::string::npos) {
      included.push_back(sevenzip_name(w[i], s->substr(s->find('!') + 1)));
    } else if (include) {
      out.escalations.push_back(prog + " " + *s + ": names 7-Zip matches, not shown");
    } else if (starts_with(low, "-spf") || starts_with(low, "-sfx")) {
      out.escalations.push_back(prog + " " + low.substr(0, 4));
    } else if (low == "-sdel") {
      sdel = true;
    }
  }
  if (operands.empty() || !w[operands[0]].literal) {
    if (!operands.empty()) out.escalations.push_back(prog + " with a command that is not static");
    for (const WordView& n : included) add(out, Touch::read, n, prog + " -i!");
    return;
  }
  std::string cmd = ascii_lower(*w[operands[0]].literal);
  const std::string entry = prog + " " + cmd;
  bool writes_archive = cmd == "a" || cmd == "u" || cmd == "d" || cmd == "rn";
  bool extracts = cmd == "x" || cmd == "e";
  const auto add_source = [&](const WordView& o) {
    // A folder is added with everything below it.
    const std::size_t before = out.files.size();
    add(out, sdel ? Touch::delete_ : Touch::read, o, entry);
    if (out.files.size() > before) out.files.back().recursive = true;
  };
  for (std::size_t k = 1; k < operands.size(); ++k) {
    const WordView& o = w[operands[k]];
    if (k == 1) {
      add(out, Touch::read, o, entry);
      if (writes_archive) {
        add(out, Touch::write, o, entry);
        if (o.literal && o.literal->find('.') == std::string::npos)
          add(out, Touch::write, word_of(o, *o.literal + ".7z"), entry);
      }
      continue;
    }
    if (cmd == "a" || cmd == "u") add_source(o.literal ? sevenzip_name(o, *o.literal) : o);
  }
  for (const WordView& n : included) {
    if (cmd == "a" || cmd == "u")
      add_source(n);
    else
      add(out, Touch::read, n, prog + " -i!");
  }
  // `7z a A.7z` with no file named adds the current folder, everything below it.
  if ((cmd == "a" || cmd == "u") && operands.size() == 2 && included.empty())
    add_source(word_of(w[operands[1]], "."));
  if (extracts) {
    WordView here = word_of(w[0], has_out ? outdir : ".");
    add(out, Touch::write, here, entry + " -o");
    if (!has_out && operands.size() <= 2)  // no member named: names the line does not show
      add_tree_write(out, entry + " (members the line does not show)");
    if (has_out) add(out, Touch::write, folder_files(w[0], outdir), entry + " -o");
  }
}

// Go's flag package (age): `-o=F` as well as `-o F`, `--o=F`.
static void goflags_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                            ProgramEffects& out) {
  ParsedArgs args = parse_args_eq(p, w, 1);
  apply_parsed(p, name, w, args, out);
}

// poppler's pdftotext and pdftohtml given their input only write beside it, under its name
// without a `.pdf` of any case (poppler 22.12): pdftotext `IN.txt`; pdftohtml `IN.html`,
// `INs.html`, `IN_ind.html`, `IN-html.html` (-s), `IN-1.html` (-c), `IN.xml` (-xml) and its
// images `IN001.png` (`-fmt jpg`: `.jpg`), judged as `IN*.html`, `IN.xml`, `IN*.png` and
// `IN*.jpg`. `-` (the standard input) and `-stdout` print.
static void pdf_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                        ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  apply_operands(name, p.operands, w, args.operands, st, out);
  if (args.operands.size() != 1) return;
  const WordView& in = w[args.operands[0]];
  const std::string entry = std::string(name) + " derived name";
  const std::string* s = in.literal ? &*in.literal : nullptr;
  if (!s) {
    add(out, Touch::write, in, entry);  // a name the line does not show: not static
    return;
  }
  if (*s == "-") return;
  for (const auto& word : w)  // pdftohtml's `-stdout`: the page printed, no file
    if (word.literal && *word.literal == "-stdout") return;
  std::string stem = *s;
  if (stem.size() > 4 && ascii_lower(stem.substr(stem.size() - 4)) == ".pdf")
    stem.resize(stem.size() - 4);
  if (name == "pdftotext") {
    add(out, Touch::write, word_of(in, stem + ".txt"), entry);
    return;
  }
  std::string glob;
  for (char c : stem) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') glob += '\\';
    glob += c;
  }
  for (std::string_view tail : {"*.html", ".xml", "*.png", "*.jpg"}) {
    WordView files = word_of(in, glob + std::string(tail));
    files.literal.reset();
    files.has_glob = tail.starts_with('*');
    add(out, Touch::write, files, entry);
  }
}

void convert_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                     ProgramEffects& out) {
  const std::string_view h = p.handler;
  if (h == "pdf")
    pdf_handler(p, name, w, out);
  else if (h == "goflags")
    goflags_handler(p, name, w, out);
  else if (h == "compress")
    compress_handler(p, name, w, out);
  else if (h == "dos2unix")
    dos2unix_handler(p, name, w, out);
  else if (h == "gpg")
    gpg_handler(p, name, w, out);
  else if (h == "openssl")
    openssl_handler(p, name, w, out);
  else
    sevenzip_handler(p, name, w, out);
}

}  // namespace vigie::engine
