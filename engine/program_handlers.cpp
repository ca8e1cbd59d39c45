// Handlers of the programs table for programs whose arguments are a language of their own:
// find's expression (tar's old-style clusters and modes: engine/program_tar.cpp; git's global
// options and subcommands are in engine/program_git.cpp, its configuration keys in
// engine/program_git_config.cpp), dd's `key=value` operands, ssh's `-o` options, fd's `--exec`. The
// options they share with the generic code are still declared in engine/programs_table.cpp.
#include <algorithm>
#include <cctype>
#include <optional>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::in;
using program_words::lit;
using program_words::lit_is;
using program_words::starts_with;

void file(ProgramEffects& out, Touch t, const WordView& w, From from, std::string entry) {
  add_word_file(out, t, w, from, std::move(entry));
}

// ---- find --------------------------------------------------------------------------------------

void find_handler(const Words& w, ProgramEffects& out) {
  std::vector<std::size_t> starts = find_start_points(w);
  std::size_t i = starts.empty() ? 1 : starts.back() + 1;
  // With no starting point, the expression begins after the leading options.
  if (starts.empty())
    while (i < w.size() && lit(w, i) &&
           (in(*lit(w, i), {"-H", "-L", "-P", "--"}) || starts_with(*lit(w, i), "-O") ||
            *lit(w, i) == "-D"))
      i += *lit(w, i) == "-D" ? 2 : 1;
  static const std::initializer_list<std::string_view> one_arg = {
      "-name",   "-iname",     "-path",     "-ipath",    "-wholename", "-iwholename", "-regex",
      "-iregex", "-regextype", "-type",     "-xtype",    "-size",      "-mtime",      "-mmin",
      "-atime",  "-amin",      "-ctime",    "-cmin",     "-perm",      "-user",       "-group",
      "-uid",    "-gid",       "-maxdepth", "-mindepth", "-links",     "-inum",       "-lname",
      "-ilname", "-fstype",    "-used",     "-printf",   "-context",   "-D"};
  bool deletes = false;
  bool shallow = false;  // `-maxdepth 0` or `1`: no folder below a starting point is listed
  for (; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      // `find . $EXPR`: a word that is not static where a primary may stand.
      std::string_view t = w[i].text;
      if (!t.empty() && (t[0] == '$' || t[0] == '`' || t[0] == '"'))
        out.escalations.push_back("find with a word that is not static in its expression");
      continue;
    }
    std::string_view v = *s;
    if (in(v, one_arg)) {
      if (v == "-maxdepth" && i + 1 < w.size())
        shallow = lit_is(w, i + 1, "0") || lit_is(w, i + 1, "1");
      ++i;
    } else if (in(v, {"-newer", "-anewer", "-cnewer", "-samefile"}) || starts_with(v, "-newer")) {
      if (i + 1 < w.size() && !(starts_with(v, "-newer") && v.size() == 8 && v[7] == 't'))
        file(out, Touch::read, w[i + 1], From::option, "find " + std::string(v));
      ++i;
    } else if (in(v, {"-fprint", "-fprint0", "-fls"})) {
      if (i + 1 < w.size()) file(out, Touch::write, w[i + 1], From::option, "find " + *s);
      ++i;
    } else if (v == "-fprintf") {
      if (i + 1 < w.size()) file(out, Touch::write, w[i + 1], From::option, "find -fprintf");
      i += 2;
    } else if (v == "-files0-from") {
      // The starting points are the names LIST holds (`-` the input), which the line does not
      // show (`~/.ssh`): asked, as `wc --files0-from` is. `.` below stands in for them.
      if (i + 1 < w.size()) file(out, Touch::read, w[i + 1], From::option, "find -files0-from");
      out.escalations.push_back(
          "find -files0-from: starts at the names a list holds, which the line does not show");
      ++i;
    } else if (in(v, {"-exec", "-execdir", "-ok", "-okdir"})) {
      out.escalations.push_back("find " + std::string(v));
      std::vector<WordView> argv;
      std::size_t j = i + 1;
      for (; j < w.size(); ++j) {
        if (lit_is(w, j, ";")) break;
        if (lit_is(w, j, "+") && j > i + 1 && lit_is(w, j - 1, "{}")) break;
        argv.push_back(w[j]);
      }
      if (!argv.empty()) out.argvs.push_back(std::move(argv));
      i = j;
    } else if (v == "-delete") {
      deletes = true;
    }
  }
  // `-delete` removes what the expression selects anywhere below each starting point: each
  // starting point is deleted with everything below it (narrowed to `**/PATTERN` by a lone
  // `-name PATTERN`), meeting the rules below it (`rm -r` alike). Otherwise each starting point
  // is listed with the folders below it (`ls -R` alike), unless `-maxdepth` stops at its entries.
  const auto start = [&](const WordView& v) {
    const std::size_t before = out.files.size();
    file(out, deletes ? Touch::delete_ : Touch::read, v, From::operand,
         deletes ? "find -delete" : "find operand");
    if (out.files.size() == before || (!deletes && shallow)) return;
    out.files.back().recursive = true;
    out.files.back().listing = !deletes;
    if (deletes)
      if (auto below = find_name_glob(w)) out.files.back().below = std::move(*below);
  };
  if (starts.empty()) {
    WordView dot;
    dot.text = ".";
    dot.literal = ".";
    dot.pattern = ".";
    start(dot);
    return;
  }
  for (std::size_t k : starts) start(w[k]);
}

// ---- dd, fd -------------------------------------------------------------------------------

// A dd operand that is not static, split at its first `=`: the key with its quotes removed, and
// the value's source text (the double or single quote open at the `=` put back in front, so
// `"if=$HOME/x"` gives `"$HOME/x"`). nullopt when an expansion, an escape, a glob or a brace
// may make the key (`$OP`, `o"f"=$X` is `of`, `$K=x` is not known).
struct DdOperand {
  std::string key;
  std::string value;
  std::size_t offset = 0;  // of the value in the word's text
};
std::optional<DdOperand> dd_operand(std::string_view t) {
  DdOperand d;
  char quote = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (quote == '\'' && c != '\'') {
      d.key.push_back(c);
    } else if (c == '\'' || c == '"') {
      if (!quote || quote == c)
        quote = quote ? 0 : c;
      else
        d.key.push_back(c);
    } else if (c == '=') {
      d.value = (quote ? std::string(1, quote) : std::string()) + std::string(t.substr(i + 1));
      d.offset = i + 1;
      return d;
    } else if (std::string_view("$`\\*?[{").find(c) != std::string_view::npos) {
      return std::nullopt;
    } else {
      d.key.push_back(c);
    }
  }
  return std::nullopt;
}

VIGIE_RARE_HANDLER void dd_handler(const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (w[i].pattern &&
          (starts_with(*w[i].pattern, "if=") || starts_with(*w[i].pattern, "of="))) {
        file(out, starts_with(*w[i].pattern, "of=") ? Touch::write : Touch::read,
             word_of(w[i], w[i].pattern->substr(3)), From::operand, "dd");
        continue;
      }
      // `if=$HOME/.ssh/id_rsa`, `"of=${PWD}/x"`: the value as a word of its own, not static, which
      // the judge reads as the path below a variable it knows (engine/variable_paths.hpp), as
      // `cp $HOME/x`'s; an operand whose key is not shown may be `of=`.
      std::optional<DdOperand> d = dd_operand(w[i].text);
      if (!d) {
        out.escalations.push_back("dd with an operand that is not static");
      } else if (d->key == "if" || d->key == "of") {
        out.escalations.push_back("dd with a file that is not static");
        WordView v;
        v.text = d->value;
        v.has_expansion = true;
        v.span = {static_cast<std::uint32_t>(
                      std::min<std::size_t>(w[i].span.begin + d->offset, w[i].span.end)),
                  w[i].span.end};
        file(out, d->key == "of" ? Touch::write : Touch::read, v, From::operand,
             "dd " + d->key + "=");
      }
      continue;
    }
    if (starts_with(*s, "if="))
      file(out, Touch::read, word_of(w[i], s->substr(3)), From::operand, "dd if=");
    else if (starts_with(*s, "of="))
      file(out, Touch::write, word_of(w[i], s->substr(3)), From::operand, "dd of=");
  }
}

VIGIE_RARE_HANDLER void fd_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                                   ProgramEffects& out) {
  Words head;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && in(*s, {"-x", "--exec", "-X", "--exec-batch"})) {
      out.escalations.push_back(std::string(name) + " --exec");
      std::vector<WordView> argv;
      std::size_t j = i + 1;
      for (; j < w.size() && !lit_is(w, j, ";"); ++j) argv.push_back(w[j]);
      if (!argv.empty()) out.argvs.push_back(std::move(argv));
      i = j;
      continue;
    }
    head.push_back(w[i]);
  }
  ParsedArgs args = parse_args(p, head, 1);
  OperandState st;
  apply_options(name, args, out, st);
  st.listing = true;  // fd lists names below its folders (hidden ones with -H), reads no file
  apply_operands(name, p.operands, head, args.operands, st, out);
}

void script_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out, bool is_sed) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  bool sandbox = std::any_of(args.options.begin(), args.options.end(), [](const auto& o) {
    return o.decl && !o.decl->longs.empty() && o.decl->longs.front() == "sandbox";
  });
  // gawk's `-i inplace` (`--include=inplace`, `inplace.awk`): every file operand is rewritten.
  // Any other `-i FILE` runs the code FILE holds (FILE or FILE.awk along AWKPATH, `.` first):
  // asked as `-f FILE` is.
  if (!is_sed)
    for (const auto& o : args.options) {
      if (!o.decl || o.decl->shorts != "i" || !o.value) continue;
      if (o.value->literal &&
          (*o.value->literal == "inplace" || *o.value->literal == "inplace.awk"))
        st.override_touch = 'w';
      else if (!sandbox)
        out.escalations.push_back(std::string(name) +
                                  " -i: the code in the included file is not visible");
    }
  // gawk's `-p`/`--profile` and `-o`/`--pretty-print` without a value write awkprof.out, and
  // `-d`/`--dump-variables` awkvars.out, in the current folder (a value names the file instead).
  if (!is_sed)
    for (const auto& o : args.options) {
      if (!o.decl || o.value || o.decl->shorts.size() != 1) continue;
      char c = o.decl->shorts[0];
      if (c == 'p' || c == 'o' || c == 'd')
        add_file(out, Touch::write, path_word(w[o.index], c == 'd' ? "awkvars.out" : "awkprof.out"),
                 From::option, "gawk profile or dump");
    }
  std::vector<const WordView*> scripts;
  bool from_file = false;
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    if (o.decl->role == 'p') scripts.push_back(&*o.value);
    if (o.decl->role == 'P') from_file = true;
    // mawk's and gawk's `-W NAME[,NAME…]` (`-W exec FILE`, `-Wex`, `-W i,exec`): any but the
    // harmless ones may read the program from a file or load code.
    if (!is_sed && o.decl->shorts == "W" &&
        !awk_w_harmless(o.value->literal ? &*o.value->literal : nullptr))
      out.escalations.push_back(std::string(name) + " -W: an option that may read or load code");
    // `-W exec FILE`: FILE holds the program (read), and it is the last option.
    if (!is_sed && o.decl->shorts == "W")
      if (auto f = awk_w_exec(o.value->literal ? &*o.value->literal : nullptr)) {
        if (!f->empty()) {
          add_file(out, Touch::read, word_of(*o.value, *f), From::option, "awk -W exec");
        } else if (!args.operands.empty() && !st.pattern_given) {
          add_file(out, Touch::read, w[args.operands.front()], From::option, "awk -W exec");
          st.pattern_given = true;  // the operands after it are files
        }
      }
  }
  std::vector<std::size_t> operands = args.operands;
  if (!st.pattern_given && !operands.empty()) {
    scripts.push_back(&w[operands.front()]);
  }
  if (from_file && !sandbox)
    out.escalations.push_back(std::string(name) + " -f: the script in the file is not visible");
  // GNU sed: a piece (`-e`) ending in a backslash leaves the text of `a\`, `i\` or `c\` open,
  // and the next piece is that text (`-e 'a\' -e 'w x'` appends the line `w x`, writes
  // nothing): such pieces are read joined by a newline, as the one script sed compiles. Where
  // the backslash ends anything else sed refuses the script, and the joined text is judged.
  // With `-f FILE` among them the file may hold that text: each piece is read alone.
  std::vector<WordView> joined;
  if (is_sed && scripts.size() > 1 && !from_file) {
    joined.reserve(scripts.size());
    for (std::size_t k = 0; k < scripts.size(); ++k) {
      const WordView* s = scripts[k];
      if (!joined.empty() && joined.back().literal && s->literal) {
        const std::string& prev = *joined.back().literal;
        std::size_t slashes = 0;
        while (slashes < prev.size() && prev[prev.size() - 1 - slashes] == '\\') ++slashes;
        if (slashes % 2 == 1) {
          joined.back() = word_of(joined.back(), prev + "\n" + *s->literal);
          continue;
        }
      }
      joined.push_back(*s);
    }
    scripts.clear();
    for (const WordView& j : joined) scripts.push_back(&j);
  }
  for (const WordView* s : scripts) {
    if (!s->literal) {
      if (!sandbox)
        out.escalations.push_back("a " + std::string(name) + " script that is not static");
      continue;
    }
    std::size_t before = out.escalations.size();
    if (is_sed)
      sed_script_effects(*s->literal, *s, out);
    else
      awk_program_effects(*s->literal, *s, out);
    if (sandbox) out.escalations.resize(before);
  }
  if (!is_sed) {
    // awk operands `var=value` are assignments, not files.
    std::vector<std::size_t> files;
    for (std::size_t k = 0; k < operands.size(); ++k) {
      if (k == 0 && !st.pattern_given) continue;
      const std::string* s = lit(w, operands[k]);
      if (s) {
        auto eq = s->find('=');
        if (eq != std::string::npos && eq > 0 &&
            std::all_of(s->begin(), s->begin() + static_cast<long>(eq), [](char c) {
              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
            }))
          continue;
      }
      files.push_back(operands[k]);
    }
    st.pattern_given = true;
    apply_operands(name, "*r", w, files, st, out);
    return;
  }
  apply_operands(name, p.operands, w, operands, st, out);
  // `sed -iSUF FILE`: the original is kept as a backup, FILE+SUF, or SUF with each `*` the
  // file's name (`-i'bak/*'` puts it in bak/): a file written.
  for (const auto& o : args.options) {
    if (!o.decl || o.decl->flag != 'W' || !o.value) continue;
    if (!o.value->literal) {
      add_file(out, Touch::write, *o.value, From::option, std::string(name) + " -i backup");
      continue;
    }
    const std::string& suffix = *o.value->literal;
    if (suffix.empty()) continue;
    for (std::size_t k = st.pattern_given ? 0 : 1; k < operands.size(); ++k) {
      const WordView& f = w[operands[k]];
      const std::string* file = f.literal ? &*f.literal : f.pattern ? &*f.pattern : nullptr;
      if (!file) continue;
      std::string backup;
      if (suffix.find('*') == std::string::npos) {
        backup = *file + suffix;
      } else {
        const std::string base = file->substr(file->rfind('/') + 1);
        for (char c : suffix) backup += c == '*' ? base : std::string(1, c);
        // Without a `/`, the backup is beside the file.
        if (suffix.find('/') == std::string::npos && file->find('/') != std::string::npos)
          backup = file->substr(0, file->rfind('/') + 1) + backup;
      }
      WordView b = word_of(f, backup);
      if (!f.literal || o.value->has_glob) {
        b.literal.reset();
        b.has_glob = backup.find_first_of("*?[") != std::string::npos;
      }
      add_file(out, Touch::write, b, From::option, std::string(name) + " -i backup");
    }
  }
}

}  // namespace

std::optional<std::string> find_name_glob(const Words& w) {
  // The one `-name PATTERN` test of an expression without operators (`-o`, `!`, `,`...).
  // PATTERN is kept only when it is plain (letters, digits, `._-` and the wildcards `*?`), so
  // that it reads the same as a policy glob.
  std::optional<std::string> name;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && in(*s, {"-o", "-or", "!", "-not", ",", "(", ")", "-a", "-and"})) return std::nullopt;
    if (s && *s == "-name" && i + 1 < w.size()) {
      const std::string* pat = lit(w, i + 1);
      const bool plain = pat && !pat->empty() &&
                         pat->find_first_not_of(
                             "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                             "0123456789._-*?") == std::string::npos;
      if (!plain || name) return std::nullopt;
      name = "**/" + *pat;
    }
  }
  return name;
}

std::vector<std::size_t> find_start_points(const Words& w) {
  std::size_t i = 1;
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s) break;
    if (in(*s, {"-H", "-L", "-P"}) || starts_with(*s, "-O")) {
      ++i;
    } else if (*s == "-D") {
      i += 2;
    } else {
      break;
    }
  }
  // `find -- DIR`: GNU find takes `--` before the starting points.
  if (const std::string* s = lit(w, i); s && *s == "--") ++i;
  std::vector<std::size_t> starts;
  for (; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    std::string_view v = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (!v.empty() && (v[0] == '-' || v == "(" || v == "!" || v == ")" || v == ",")) break;
    starts.push_back(i);
  }
  return starts;
}

ParsedArgs parse_args_eq(const ProgramDecl& d, const Words& w, std::size_t from,
                         bool until_operand) {
  ParsedArgs a = parse_args(d, w, from, until_operand);
  for (auto& o : a.options) {
    if (!o.value || !o.value->literal || o.spelling.size() != 2 || o.index >= w.size() ||
        !w[o.index].literal)
      continue;
    const std::string& v = *o.value->literal;
    const std::string& word = *w[o.index].literal;
    if (!v.empty() && v[0] == '=' && word.size() > v.size() &&
        word.compare(word.size() - v.size(), v.size(), v) == 0)
      o.value = word_of(*o.value, v.substr(1));
  }
  return a;
}

WordView path_word(const WordView& from, std::string_view path) {
  WordView v = word_of(from, std::string(path));
  if (path.starts_with("~")) {
    v.literal.reset();
    v.has_tilde = true;
  }
  return v;
}

void add_named_words(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string entry = std::string(name) + " word";
  for (std::size_t i = 1; i < w.size(); ++i) add_named_path(w[i], entry, out.files);
}

WordView word_of(const WordView& from, std::string value) {
  WordView v;
  v.text = std::move(value);
  v.literal.same_as_text();  // the bytes once: the value is the text
  v.pattern.same_as_text();
  v.span = from.span;
  return v;
}

// Handlers whose function does not read every argument, adapted to `HandlerFn` for the table
// (engine/program_handler_table.cpp).
void find_entry(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  find_handler(w, out);
}
void dd_entry(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  dd_handler(w, out);
}
void perf_entry(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  perf_handler(name, w, out);
}
void sed_entry(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  script_handler(p, name, w, out, true);
}
void awk_entry(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  script_handler(p, name, w, out, false);
}
void fd_entry(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  fd_handler(p, name, w, out);
}

}  // namespace vigie::engine
