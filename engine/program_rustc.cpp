// Handler `rustc` (named in engine/programs_table_codegen.cpp), also used for `rustdoc` and for
// the words cargo passes to them (`cargo rustc -- ARGS`, `cargo rustdoc -- ARGS`), and cargo's
// subcommands that write outside its target folder (`cargo vendor DIR`). The options are the
// programs table's; their values are a language of their own, one table here:
//   `-C linker=PROG` (`-Clinker=`, `--codegen linker=`, `--codegen=linker=`) runs PROG, as
//   `-C linker-plugin-lto=PLUGIN` and `-Z codegen-backend=LIB` load code: asked; the
//   `link-arg(s)` of the whole line are the words of the linker driver it runs (cc), judged as
//   cc's (engine/program_compilers.cpp: `@FILE`, `-o`, `-Wl,…`, `-l:NAME`, an operand read,
//   `-fuse-ld=/x/ld`, `-B DIR`, a plugin); `-C incremental=DIR` and `-C profile-generate=DIR` write
//   files in DIR; `-C profile-use=FILE` reads FILE; `--emit KIND=PATH[,KIND=PATH]` and `--print
//   KIND=PATH` write PATH.
#include <string>
#include <string_view>

#include "engine/program_compilers.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// A `-C`/`-Z` key and what its value does: 'x' runs or loads code (asked), 'g' a folder written
// under names the line does not show, 'r' a file read, 'w' a file written, 'L' the linker
// driver's words (`link-args`: split at blanks).
struct CodegenKey {
  char flag;  // 'C' or 'Z'
  std::string_view key;
  char role;
};
constexpr CodegenKey kCodegenKeys[] = {
    {'C', "linker", 'x'},          {'C', "linker-plugin-lto", 'x'},  {'C', "link-arg", 'L'},
    {'C', "link-args", 'L'},       {'C', "pre-link-arg", 'L'},       {'C', "pre-link-args", 'L'},
    {'C', "incremental", 'g'},     {'C', "profile-generate", 'g'},   {'C', "profile-use", 'r'},
    {'Z', "codegen-backend", 'x'}, {'Z', "llvm-plugins", 'x'},       {'Z', "pre-link-arg", 'L'},
    {'Z', "pre-link-args", 'L'},   {'Z', "self-profile", 'g'},       {'Z', "dump-mir-dir", 'g'},
    {'Z', "temps-dir", 'g'},       {'Z', "profile-sample-use", 'r'},
};
// The linker driver's words of `-C link-arg=A`, `-C link-args='A B'`, in their order.
void linker_words(const WordView& value, std::string_view key, std::string_view rest,
                  std::size_t at, Words& link) {
  if (!key.ends_with("args")) {
    link.push_back(synthesized(value, std::string(rest), at));
    return;
  }
  for (std::size_t i = 0; i < rest.size();) {
    const std::size_t b = rest.find_first_not_of(" \t\n", i);
    if (b == std::string_view::npos) break;
    std::size_t e = rest.find_first_of(" \t\n", b);
    if (e == std::string_view::npos) e = rest.size();
    link.push_back(synthesized(value, std::string(rest.substr(b, e - b)), at + b));
    i = e;
  }
}

void codegen_value(char flag, const WordView& value, const std::string& entry, Words& link,
                   ProgramEffects& out) {
  if (!value.literal) {
    out.escalations.push_back(entry + " with a value that is not static (it may name a linker)");
    return;
  }
  const std::string& v = *value.literal;
  const std::size_t eq = v.find('=');
  const std::string_view key = std::string_view(v).substr(0, eq);
  for (const CodegenKey& k : kCodegenKeys) {
    if (k.flag != flag || k.key != key) continue;
    const std::string what = entry + " " + std::string(key);
    if (k.role == 'x') {
      out.escalations.push_back(what + ": runs or loads another program");
      return;
    }
    if (eq == std::string::npos) return;
    const std::string_view rest = std::string_view(v).substr(eq + 1);
    if (k.role == 'L') {
      linker_words(value, key, rest, eq + 1, link);
      return;
    }
    const WordView path = synthesized(value, std::string(rest), eq + 1);
    if (k.role == 'g')
      add_folder_files(out, path, From::option, what);
    else
      add_word_file(out, k.role == 'w' ? Touch::write : Touch::read, path, From::option, what);
    return;
  }
}

// `--emit=obj=PATH,link=PATH`, `--print=cfg=PATH`: each `KIND=PATH` writes PATH.
void kind_paths(const WordView& value, const std::string& entry, ProgramEffects& out) {
  if (!value.literal) return;
  const std::string& v = *value.literal;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t end = v.find(',', i);
    if (end == std::string::npos) end = v.size();
    const std::size_t eq = v.find('=', i);
    if (eq != std::string::npos && eq < end && eq + 1 < end)
      add_word_file(out, Touch::write, synthesized(value, v.substr(eq + 1, end - eq - 1), eq + 1),
                    From::option, entry + " " + v.substr(i, eq - i));
    i = end + 1;
  }
}

// The option a word spells, for the options whose values this handler reads: `-C`, `--codegen`,
// `-Z`, `--emit`, `--print`, attached (`-Clinker=x`, `--emit=obj=x`) or separate. Returns the
// flag ('C', 'Z', 'e' emit, 'p' print, 0 none) and sets `value_at` (npos: the next word).
char rustc_option(std::string_view o, std::size_t& value_at) {
  struct Spelling {
    std::string_view name;
    char flag;
    bool attached;  // the rest of the word is the value
  };
  constexpr Spelling kSpellings[] = {{"--codegen", 'C', false},
                                     {"--emit", 'e', false},
                                     {"--print", 'p', false},
                                     {"-C", 'C', true},
                                     {"-Z", 'Z', true}};
  for (const Spelling& s : kSpellings) {
    if (o == s.name) {
      value_at = std::string_view::npos;
      return s.flag;
    }
    if (!o.starts_with(s.name) || o.size() == s.name.size()) continue;
    if (o[s.name.size()] == '=') {
      value_at = s.name.size() + 1;
      return s.flag;
    }
    if (s.attached) {
      value_at = s.name.size();
      return s.flag;
    }
  }
  return 0;
}

}  // namespace

void rustc_arguments(std::string_view name, const Words& w, std::size_t from, ProgramEffects& out) {
  const std::string n(name);
  Words link;  // the linker driver's words
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) continue;
    if (*s == "--") break;
    std::size_t value_at = 0;
    const char flag = rustc_option(*s, value_at);
    if (!flag) continue;
    WordView value;
    if (value_at != std::string_view::npos)
      value = synthesized(w[i], s->substr(value_at), value_at);
    else if (i + 1 < w.size())
      value = w[++i];
    else
      continue;
    if (flag == 'C' || flag == 'Z')
      codegen_value(flag, value, n + " -" + flag, link, out);
    else
      kind_paths(value, n + (flag == 'e' ? " --emit" : " --print"), out);
  }
  if (!link.empty()) cc_driver_words(n + " -C link-arg", link, 0, 'c', out, nullptr);
}

void rustc_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  apply_parsed(p, name, w, parse_args(p, w, 1), out);
  rustc_arguments(name, w, 1, out);
}

bool cargo_effects(std::string_view name, const std::string& sub, const Words& w, std::size_t at,
                   ProgramEffects& out) {
  const std::string entry = std::string(name) + " " + sub;
  if (sub == "rustc" || sub == "rustdoc") {
    // Its own options, then `--` and the compiler's: read as the compiler's entry reads them
    // (`-o FILE`, `--out-dir DIR` written, an operand read), and their values' language.
    for (std::size_t k = at + 1; k < w.size(); ++k)
      if (w[k].literal && *w[k].literal == "--") {
        if (const ProgramDecl* d = find_program(sub)) {
          Words compiler{word_of(w[k], sub)};
          compiler.insert(compiler.end(), w.begin() + static_cast<long>(k) + 1, w.end());
          apply_parsed(*d, entry + " --", compiler, parse_args(*d, compiler, 1), out);
        }
        rustc_arguments(entry + " --", w, k + 1, out);
        break;
      }
    return true;
  }
  if (sub == "test" || sub == "t" || sub == "bench") {
    // The words after `--` are the test harness's (libtest, getopts: whole names):
    // `--logfile PATH` writes PATH.
    for (std::size_t k = at + 1; k < w.size(); ++k) {
      if (!w[k].literal || *w[k].literal != "--") continue;
      for (std::size_t i = k + 1; i < w.size(); ++i) {
        const std::string* s = program_words::lit(w, i);
        if (!s) continue;
        if (*s == "--logfile" && i + 1 < w.size())
          add_word_file(out, Touch::write, w[++i], From::option, entry + " -- --logfile");
        else if (s->starts_with("--logfile="))
          add_word_file(out, Touch::write, synthesized(w[i], s->substr(10), 10), From::option,
                        entry + " -- --logfile");
      }
      break;
    }
    return false;
  }
  if (sub == "package" || sub == "publish") {
    // The crate's files, every file below its folder that git does not ignore, are packed (and
    // uploaded): the folder read with everything below it, as `tar czf x.tgz .`.
    const WordView here = word_of(w[at], ".");
    const std::size_t before = out.files.size();
    add_word_file(out, Touch::read, here, From::operand, entry + " (the package's files)");
    if (out.files.size() > before) out.files.back().recursive = true;
    return true;
  }
  if (sub == "vendor") {
    // `cargo vendor [DIR]` (default `vendor`): the sources of every dependency, written in DIR.
    // Its options with a value: `-s|--sync MANIFEST` (read), `--manifest-path`, `--color`…
    bool written = false;
    for (std::size_t k = at + 1; k < w.size(); ++k) {
      const std::string* s = program_words::lit(w, k);
      if (s && (*s == "-s" || *s == "--sync" || *s == "--manifest-path" || *s == "--color" ||
                *s == "-Z" || *s == "--config")) {
        ++k;
        continue;
      }
      if (s && s->starts_with('-')) continue;
      add_folder_files(out, w[k], From::operand, entry);
      written = true;
    }
    if (!written) add_folder_files(out, word_of(w[at], "vendor"), From::operand, entry);
    return true;
  }
  return false;
}

}  // namespace vigie::engine
