// What a command's options do (`apply_options`, engine/program_handlers.hpp): the flag roles of
// the programs table (R W D U Z Q K…) set the operands' state, and the value roles (r w d t c x
// a f i o k e g R b…) add the files and lines an option's value names. The legend of the roles
// is in engine/programs_table.cpp.
#include "engine/program_handlers.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// `.`, a word the line does not show: where a file named after a URL goes, what a server serves.
WordView current_folder() {
  WordView here;
  here.text = ".";
  here.literal = ".";
  here.pattern = ".";
  return here;
}

}  // namespace

void apply_options(std::string_view prog, const ParsedArgs& args, ProgramEffects& out,
                   OperandState& st) {
  for (const auto& po : args.options) {
    if (!po.decl) continue;
    const OptionDecl& d = *po.decl;
    std::string entry = std::string(prog) + " " + option_name(d);
    switch (d.flag) {
      case '!':
        out.escalations.push_back(entry);
        break;
      case 'R':
        // A flag that makes operands read never weakens one that writes them (`perl -i -p`).
        if (st.override_touch != 'w' && st.override_touch != 'd' && st.override_touch != 'M')
          st.override_touch = 'r';
        break;
      case 'W':
        st.override_touch = 'w';
        break;
      case 'D':
        st.override_touch = 'd';
        break;
      case 'Q':
        st.recursive = true;
        break;
      case 'L':  // `ls -R`: folder operands listed with every folder below them
        st.recursive = true;
        st.listing = true;
        break;
      case 'p':  // `rg --files`: no pattern operand, the folders' names are listed
        st.pattern_given = true;
        st.listing = true;
        break;
      case 'V':  // read, folders with everything below them (`git diff --no-index A B`)
        st.override_touch = 'r';
        st.recursive = true;
        break;
      case 'U':  // rewritten in place, folders with everything below them (`gofmt -w DIR`)
        st.override_touch = 'M';
        break;
      case 'Z':  // U, and with no operand the files of the current folder (`rubocop -A`)
        st.override_touch = 'M';
        st.tree_without_operand = true;
        break;
      case 'T':
        st.drop_leading_dash = true;
        break;
      case 'Y':  // `ln -s`: the sources are the targets of symbolic links
        st.symbolic = true;
        break;
      case 'J':  // `cp -l`: hard links, second names of the sources
        st.links = true;
        break;
      case 'j':  // `cp -s`: symbolic links to the sources
        st.links = true;
        st.symbolic = true;
        break;
      case 'I':  // `cp -T`: the destination is the copy itself
        st.no_target_dir = true;
        break;
      case 'K':  // `git reset --hard`: files of the work tree the line does not name
        st.work_tree = &d;
        break;
      case 'A':  // `cp --parents`: a source keeps its path below the destination
        st.parents = true;
        break;
      case 'S':
        st.serves = true;
        break;
      case 'C':
        st.no_paths = true;
        break;
      case 'F':
        st.forced = true;
        break;
      case 'G':
        st.global = true;
        break;
      case 'l':  // `sha256sum -c`: the operands (or the input) list the files read
        out.escalations.push_back(entry +
                                  ": reads the files its input lists, which the line does not "
                                  "show");
        break;
      case 'O':  // `curl -O URL`: a file named after the URL, in the current folder.
        add_file(out, Touch::write, current_folder(), From::option, entry);
        break;
      default:
        break;
    }
    if (d.arg == OptionDecl::Arg::none) continue;
    if (!po.value) {
      if (d.role == 'x' && d.arg == OptionDecl::Arg::optional) out.escalations.push_back(entry);
      continue;
    }
    const WordView& val = *po.value;
    switch (d.role) {
      case 'r':
        // `pip install -r file:///home/u/.env`: a file URL names the local file read.
        if (val.literal && val.literal->compare(0, 5, "file:") == 0)
          if (auto local = file_url_path(*val.literal, false)) {
            add_file(out, Touch::read, synthesized(val, *local, 0), From::option, entry);
            break;
          }
        add_file(out, touch_of(d.role), val, From::option, entry);
        break;
      case 'w':
      case 'd':
        add_file(out, touch_of(d.role), val, From::option, entry);
        break;
      case 'u':
        // A URL, or a local path read (`pip install -f DIR`, `-i file:///srv/index`): a
        // `file:` URL's path, a word without a scheme itself; another scheme is remote.
        if (val.literal && val.literal->compare(0, 5, "file:") == 0) {
          if (auto local = file_url_path(*val.literal, false))
            add_file(out, Touch::read, synthesized(val, *local, 0), From::option, entry);
          else
            add_file(out, Touch::read, val, From::option, entry);
        } else if (!val.literal || val.literal->find("://") == std::string::npos) {
          add_file(out, Touch::read, val, From::option, entry);
        }
        break;
      case 't':
        add_file(out, Touch::write, val, From::option, entry);
        st.all_sources = true;
        st.target_dir = &val;
        break;
      case 'c':
        add_file(out, Touch::read, val, From::option, entry);
        out.chdir = val;
        break;
      case 'x':
        out.escalations.push_back(entry);
        if (val.literal) out.scripts.push_back(*val.literal);
        break;
      case 'E':  // Python code the program runs (`pylint --init-hook=CODE`)
        out.escalations.push_back(entry + " (Python code)");
        if (val.literal) {
          add_code_named_paths(*val.literal, entry + " code", out.files);
          add_code_commands(*val.literal, "python3", out.scripts, out.escalations);
        }
        break;
      case 'K': {
        // strace's `-e QUALIFIER=SET`: `inject=…` and `fault=…` change what the traced program
        // does (its system calls fail or return what they say): asked, as a value not shown.
        const std::string_view v = val.literal ? std::string_view(*val.literal) : "";
        const std::string_view q = v.substr(0, v.find('='));
        if (!val.literal ||
            (v.find('=') != std::string_view::npos && (q == "inject" || q == "fault")))
          out.escalations.push_back(entry + " " + std::string(q) +
                                    ": changes what the program does");
        break;
      }
      case 'q':
        // `grep -d recurse` (GNU's argmatch takes any prefix from `rec`): folder operands are
        // read with everything below them; a value the line does not show may be `recurse`.
        if (!val.literal ||
            (val.literal->size() >= 3 && std::string_view("recurse").starts_with(*val.literal)))
          st.recursive = true;
        break;
      case 'p':
        st.pattern_given = true;
        break;
      case 'P':
        add_file(out, Touch::read, val, From::option, entry);
        st.pattern_given = true;
        break;
      case 'F':  // an rsync filter rule: `merge FILE`, `. FILE`, `dir-merge FILE`, `: FILE`
        if (!val.literal) {
          add_file(out, Touch::read, val, From::option, entry);
        } else {
          const std::string& v = *val.literal;
          const std::size_t b = v.find_first_not_of(" \t");
          const std::size_t e = b == std::string::npos ? b : v.find_first_of(" _", b);
          if (e != std::string::npos) {
            std::string_view kw = std::string_view(v).substr(b, e - b);
            kw = kw.substr(0, kw.find(','));
            const bool merge = kw == "merge" || kw == "dir-merge" ||
                               (!kw.empty() && (kw[0] == '.' || kw[0] == ':') &&
                                kw.find_first_not_of(".:-+Cenw!sr/p", 1) == std::string_view::npos);
            const std::size_t f = v.find_first_not_of(" _", e);
            if (merge && f != std::string::npos)
              add_file(out, Touch::read, synthesized(val, v.substr(f), f), From::option, entry);
          }
        }
        break;
      case 'l':  // a file listing the files read (`wc --files0-from=LIST`): names not shown
        add_file(out, Touch::read, val, From::option, entry);
        out.escalations.push_back(entry +
                                  ": reads the files a list names, which the line does "
                                  "not show");
        break;
      case 'a':
        if (val.literal && val.literal->size() > 1 && (*val.literal)[0] == '@')
          add_file(out, Touch::read, synthesized(val, val.literal->substr(1), 1), From::option,
                   entry);
        else if (!val.literal && may_start_with_at(val.text, 0))
          add_file(out, Touch::read, val, From::option, entry);  // `-d "$X"`: X may be `@FILE`
        break;
      case 'f':
        if (!val.literal) {
          // `-F "k=$X"`, `-F "$X"`: the expansion may be `k=@FILE`.
          const std::size_t eq = val.text.find('=');
          if (eq == std::string::npos ? val.text.find_first_of("$`") != std::string::npos
                                      : may_start_with_at(val.text, eq + 1))
            add_file(out, Touch::read, val, From::option, entry);
        } else {
          auto eq = val.literal->find('=');
          if (eq != std::string::npos && eq + 2 <= val.literal->size() &&
              ((*val.literal)[eq + 1] == '@' || (*val.literal)[eq + 1] == '<')) {
            std::string file = val.literal->substr(eq + 2);
            if (auto semi = file.find(';'); semi != std::string::npos) file.resize(semi);
            add_file(out, Touch::read, synthesized(val, file, eq + 2), From::option, entry);
          }
        }
        break;
      case 'i':
      case 'o':
        // `NAME=FILE` (objcopy --add-section / --dump-section): FILE read / written.
        if (!val.literal)
          add_file(out, d.role == 'o' ? Touch::write : Touch::read, val, From::option, entry);
        if (val.literal) {
          auto eq = val.literal->find('=');
          if (eq != std::string::npos && eq + 1 < val.literal->size())
            add_file(out, d.role == 'o' ? Touch::write : Touch::read,
                     synthesized(val, val.literal->substr(eq + 1), eq + 1), From::option, entry);
          else if (eq == std::string::npos)
            add_file(out, d.role == 'o' ? Touch::write : Touch::read, val, From::option, entry);
        }
        break;
      case 'k':
        git_config_value(val, out);
        break;
      case 'j':  // `REV:PATH` (git config --blob): PATH as the revision holds it, read
        git_object_value(val, out, entry);
        break;
      case 'e':
        // The folder the program works in, written under names the line does not show
        // (`patch -d DIR`): `c` and `g` at once.
        add_file(out, Touch::read, val, From::option, entry);
        out.chdir = val;
        add_folder_files(out, val, From::option, entry);
        break;
      case 'R': {
        // A folder read with every file below it (a file server's root: `http.server -d DIR`).
        const std::size_t at = out.files.size();
        add_file(out, Touch::read, val, From::option, entry);
        if (out.files.size() > at) out.files.back().recursive = true;
        st.folder_given = true;
        break;
      }
      case 'b': {
        // An output folder written with every file below it, under names taken from the
        // program's inputs (`tsc --outDir DIR`, `babel -d DIR`): like an operand of role M.
        const std::size_t at = out.files.size();
        add_file(out, Touch::write, val, From::option, entry);
        if (out.files.size() > at) out.files.back().recursive = true;
        break;
      }
      case 's': {
        // `KIND:PATH` (pytest --cov-report html:DIR, xml:FILE): PATH written, a folder with
        // every file below it; a value without a colon names no path.
        if (!val.literal) {
          add_file(out, Touch::write, val, From::option, entry);
          break;
        }
        const auto colon = val.literal->find(':');
        if (colon == std::string::npos || colon + 1 >= val.literal->size()) break;
        const std::size_t at = out.files.size();
        add_file(out, Touch::write, synthesized(val, val.literal->substr(colon + 1), colon + 1),
                 From::option, entry);
        if (out.files.size() > at) out.files.back().recursive = true;
        break;
      }
      case 'z':
        // `file:PATH` (clang-format --style, clang-tidy --format-style): PATH read; a style's
        // name or inline settings (`llvm`, `{BasedOnStyle: llvm}`) name no file. A value not
        // shown may be `file:PATH`.
        if (!val.literal)
          add_file(out, Touch::read, val, From::option, entry);
        else if (val.literal->size() > 5 && val.literal->compare(0, 5, "file:") == 0)
          add_file(out, Touch::read, synthesized(val, val.literal->substr(5), 5), From::option,
                   entry);
        break;
      case 'g':
        // A folder written under names the line does not show: any file of it (`DIR/*`).
        add_folder_files(out, val, From::option, entry);
        st.folder_given = true;
        break;
      default:
        break;
    }
  }
  if (st.work_tree && st.override_touch != 'r' && !st.no_paths)
    add_tree_write(out, std::string(prog) + " " + option_name(*st.work_tree));
  // `php -S ADDR` without `-t DIR`: it serves the current folder, every file below it.
  if (st.serves && !st.folder_given) {
    const std::size_t at = out.files.size();
    add_file(out, Touch::read, current_folder(), From::option,
             std::string(prog) + " (the folder it serves)");
    if (out.files.size() > at) out.files.back().recursive = true;
  }
  if (args.dynamic_option && find_program(prog) && find_program(prog)->runs_programs)
    out.escalations.push_back(std::string(prog) +
                              " with a word that is not static where an option may stand");
}

// Whether the options of `words` (each letter of a cluster one, tar's old-style first word
// too) are more than limits::command_options: counted over the words' text before any is
// parsed, so that no handler builds a million options from a megabyte cluster.
bool too_many_options(const ProgramDecl& p, const Words& words) {
  std::size_t n = 0;
  for (std::size_t i = 1; i < words.size() && n <= limits::command_options; ++i) {
    const std::string& t = words[i].text;
    if (t.size() > 2 && t[0] == '-' && t[1] != '-')
      n += t.size() - 1;
    else if (!t.empty() && t[0] == '-')
      n += 1;
    else if (i == 1 && p.handler == "tar")
      n += t.size();
  }
  return n > limits::command_options;
}

void add_backup_names(std::string_view name, const ParsedArgs& args, std::size_t before,
                      ProgramEffects& out) {
  // `cp -S SUFFIX`, `mv --suffix=SUFFIX` (role B; coreutils: a suffix makes backups): each
  // file written is first renamed to its name and SUFFIX, which is written too
  // (`mv -S nv a .e` renames an existing `.e` to `.env`).
  for (const auto& o : args.options) {
    if (!o.decl || o.decl->role != 'B' || !o.value) continue;
    const std::size_t end = out.files.size();
    for (std::size_t k = before; k < end && !files_full(out); ++k) {
      if (out.files[k].touch != Touch::write) continue;
      const WordView& w = out.files[k].word;
      if (!w.pattern || !o.value->literal) {
        add_file(out, Touch::write, *o.value, From::option, std::string(name) + " --suffix");
        break;
      }
      WordView b = synthesized(w, *w.pattern + *o.value->literal, 0);
      b.span = o.value->span;
      add_file(out, Touch::write, b, From::option,
               std::string(name) + " " + o.spelling + " (a backup)");
    }
  }
}

}  // namespace vigie::engine
