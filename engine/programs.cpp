// The generic half of the programs table: parsing a command's words the way its program would,
// and turning options and operands into effects (the table's declarations are parsed and indexed
// by name in engine/programs_index.cpp). The programs whose
// arguments are a language of their own have handlers in engine/program_handlers.cpp.
#include "engine/programs.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "engine/code_dotenv.hpp"
#include "engine/program_handlers.hpp"
#include "engine/programs_decl.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

std::string_view touch_name(Touch t) {
  switch (t) {
    case Touch::read:
      return "read";
    case Touch::write:
      return "write";
    case Touch::delete_:
      return "delete";
    case Touch::exec:
      return "exec";
  }
  return "read";
}

std::string_view from_name(From f) {
  switch (f) {
    case From::operand:
      return "operand";
    case From::option:
      return "option";
    case From::redirect:
      return "redirect";
  }
  return "operand";
}

// The static text of a word for option parsing: its literal, else its pattern (a glob).
const std::string* static_text(const WordView& w) {
  if (w.literal) return &*w.literal;
  if (w.pattern) return &*w.pattern;
  return nullptr;
}

WordView synthesized(const WordView& from, std::string value, std::size_t offset) {
  WordView v;
  v.text = value;
  v.literal = value;
  v.pattern = value;
  if (!from.literal && from.pattern) {
    v.literal.reset();  // a glob stays a glob
    v.has_glob = from.has_glob;
  }
  v.has_tilde = !value.empty() && value[0] == '~' && !from.literal;
  v.span = {static_cast<std::uint32_t>(from.span.begin + offset), from.span.end};
  return v;
}

void chain_chdir(std::optional<WordView>& cur, const WordView& next) {
  const bool absolute = next.pattern && !next.pattern->empty() &&
                        ((*next.pattern)[0] == '/' || (*next.pattern)[0] == '~');
  if (!cur || absolute) {
    cur = next;
    return;
  }
  WordView joined;
  joined.text = cur->text + "/" + next.text;
  joined.span = next.span;
  if (cur->pattern && next.pattern && !cur->has_glob && !next.has_glob) {
    std::string v = *cur->pattern + "/" + *next.pattern;
    joined.pattern = v;
    joined.has_tilde = cur->has_tilde;
    if (cur->literal && next.literal) joined.literal = std::move(v);
  } else {
    joined.has_expansion = true;  // judged as a path the line does not show
  }
  cur = std::move(joined);
}

std::string option_name(const OptionDecl& d) {
  if (!d.longs.empty()) return "--" + d.longs.front();
  if (!d.exact.empty()) return d.exact.front();
  if (!d.shorts.empty()) return std::string("-") + d.shorts.front();
  return "";
}

// ---- effects of a parsed command --------------------------------------------------------------

namespace {

// The programs whose operands may name another host's file (`host:path`, `user@host:path`).
// For every other program `a:b` is a local file (`cat x:/../.env` reads .env once `x:` exists,
// `cat .e[n:]v` is a glob that matches it).
constexpr std::string_view kRemoteOperandPrograms[] = {"rsync", "scp",    "rclone", "sshfs",
                                                       "sftp",  "rcp",    "unison", "rsync-ssl",
                                                       "lftp",  "gsutil", "gcloud"};

bool takes_remote_operands(std::string_view name) {
  // `gsutil:cp`: the program's own entry. Byte compares, not find and memcmp calls: every
  // command of the table asks (`git` met `scp` and `rcp` by memcmp).
  std::size_t end = 0;
  while (end < name.size() && name[end] != ':') ++end;
  name = name.substr(0, end);
  for (std::string_view p : kRemoteOperandPrograms)
    if (p.size() == name.size() && p[0] == name[0] && p == name) return true;
  return false;
}

// `scheme://…` (any program: a URL), `host:path` and `user@host:path` (a program that takes
// remote operands): not a local path. A glob is always local: the shell expands it.
bool remote_operand(const ProgramEffects& out, const WordView& w, std::string_view v) {
  if (w.has_glob) return false;
  if (v.find("://") != std::string_view::npos) return true;
  if (!out.remote_operands) return false;
  auto colon = v.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  auto slash = v.find('/');
  return slash == std::string_view::npos || colon < slash;
}

}  // namespace

// Whether the text of a word that is not static, from `at`, may start with `@` once expanded
// (quotes skipped): `@…`, `$X`, `` `…` ``, `"$X"`.
bool may_start_with_at(std::string_view t, std::size_t at) {
  t.remove_prefix(std::min(at, t.size()));
  while (!t.empty() && (t[0] == '"' || t[0] == '\'')) t.remove_prefix(1);
  return !t.empty() && (t[0] == '@' || t[0] == '$' || t[0] == '`' || t[0] == '<');
}

bool files_full(ProgramEffects& out) {
  if (out.files.size() <= limits::judged_paths) return false;
  if (!out.files_capped) {
    out.files_capped = true;
    out.escalations.push_back(fmt::format(
        "more than {} paths on one command: a human must check it", limits::judged_paths));
  }
  return true;
}

void add_file(ProgramEffects& out, Touch t, const WordView& w, From from, std::string entry) {
  if (files_full(out)) return;
  if (const std::string* s = static_text(w)) {
    if (*s == "-" || harmless_device(*s)) return;
    if (from == From::operand && remote_operand(out, w, *s)) return;
  }
  out.files.push_back({t, w, from, std::move(entry)});
}

Touch touch_of(char role) {
  switch (role) {
    case 'w':
    case 't':
      return Touch::write;
    case 'd':
    case 'D':
      return Touch::delete_;
    case 'x':
      return Touch::exec;
    default:
      return Touch::read;
  }
}

void add_folder_files(ProgramEffects& out, const WordView& dir, From from, std::string entry) {
  if (const std::string* t = static_text(dir)) {  // `~/x` and globs too: `~/x/*`
    const std::string& d = *t;
    if (from == From::operand && remote_operand(out, dir, d)) return;
    WordView g = synthesized(dir, d + (!d.empty() && d.back() == '/' ? "*" : "/*"), 0);
    g.literal.reset();
    g.has_glob = true;
    add_file(out, Touch::write, g, from, std::move(entry));
  } else {
    add_file(out, Touch::write, dir, from, std::move(entry));
  }
}

void apply_operands(std::string_view prog, const std::string& shape_in, const Words& w,
                    const std::vector<std::size_t>& operands, const OperandState& st,
                    ProgramEffects& out) {
  std::string shape = shape_in;
  if (!shape.empty() && shape[0] == '^') {
    // `patch -p1 < x.diff`, `unzip a.zip`: with no operand in its first written place and no
    // folder given, the files its input names, below the current folder
    // (engine/tree_writes.cpp).
    shape.erase(0, 1);
    std::size_t first_write = 0;  // the operand place of the first `w` (`r*w`: 1)
    for (std::size_t i = 0; i < shape.size() && shape[i] != 'w'; ++i)
      if (shape[i] != '*' && shape[i] != '$' && (i == 0 || shape[i - 1] != '$')) ++first_write;
    if (operands.size() <= first_write && !st.no_paths && !st.folder_given &&
        st.override_touch != 'r')
      add_tree_write(out, std::string(prog) + " (files its input names)");
  }
  if (operands.empty() && st.tree_without_operand && !st.no_paths)
    add_tree_write(out, std::string(prog) + " (the files of the current folder)");
  // Shape `*h` (rg, ag): folders are searched with everything below them, the current one
  // when no operand is given.
  const bool searches_tree =
      shape.ends_with("*h") || shape.ends_with("*H") || shape.ends_with("*l");
  if (st.no_paths || (operands.empty() && !st.recursive && !searches_tree)) return;
  if (st.pattern_given && !shape.empty() && (shape[0] == 'p' || shape[0] == 'x')) shape.erase(0, 1);
  if (st.drop_leading_dash && !shape.empty() && shape[0] == '-') shape.erase(0, 1);
  std::string fixed;
  char rest = '-', last = 0;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == '*' && i + 1 < shape.size()) {
      rest = shape[++i];
    } else if (shape[i] == '$' && i + 1 < shape.size()) {
      last = shape[++i];
    } else {
      fixed.push_back(shape[i]);
    }
  }
  // A destination a source may be written into (engine/copy_into.cpp): `$w`, rsync's `$C`
  // (`SRC/` is what SRC holds), ln's `$L` (a lone operand: a link in the current folder).
  const char into = st.links && last == 'w'                       ? 'L'
                    : (last == 'w' || last == 'C' || last == 'L') ? last
                                                                  : 0;
  if (into) last = 'w';
  const bool moves = rest == 'D' || rest == 'd';
  if (st.all_sources) last = 0;
  std::size_t n = operands.size();
  bool script_seen = false;   // the words after a script are its arguments
  bool read_folder = false;   // a recursive read of an operand was added
  bool path_operand = false;  // an operand is a path (`scp -r HOST:DIR .`: the destination)
  // A program whose operands the table does not declare passes the words after `--` to code
  // it runs (`cargo run -- ARGS`, `dotnet run -- ARGS`): they are arguments like a script's.
  std::size_t dashdash = w.size();
  if (shape_in.empty())
    for (std::size_t k = 1; k < w.size(); ++k)
      if (w[k].literal && *w[k].literal == "--") {
        dashdash = k;
        break;
      }
  for (std::size_t k = 0; k < n; ++k) {
    if (files_full(out)) break;
    char role = k < fixed.size() ? fixed[k] : rest;
    if (last && n >= fixed.size() + 2 && k + 1 == n) role = last;
    // An option that says what the operands are (`git diff --no-index`, `perl -i`) makes
    // operands that are not paths otherwise into paths; scripts and patterns stay what they are.
    if (st.override_touch && role != 'x' && role != 'p') role = st.override_touch;
    if (role == '-' && (script_seen || operands[k] > dashdash)) {
      // `python3 tool.py ~/.ssh/id_rsa`: what the script does with its arguments is not in
      // the table; a word naming a path meets the explicit path rules (engine/named_paths.cpp).
      add_named_path(w[operands[k]], std::string(prog) + " script argument", out.files);
      continue;
    }
    if (role == '-' || role == 'p') continue;
    path_operand = true;
    if (role == 'x') script_seen = true;
    std::string entry = std::string(prog) + " operand";
    if (role == 'R') {  // a folder read with every file below it (a file server's root)
      const std::size_t at = out.files.size();
      add_file(out, Touch::read, w[operands[k]], From::operand, entry);
      if (out.files.size() > at) out.files.back().recursive = true;
      continue;
    }
    if (role == 'h' || role == 'H' || role == 'l') {  // a folder searched with all below it
      const std::size_t at = out.files.size();        // (`h`: hidden names skipped unless Q;
      add_file(out, Touch::read, w[operands[k]], From::operand, entry);  // `l`: listed)
      if (out.files.size() > at) {
        out.files.back().recursive = true;
        out.files.back().skip_hidden = role == 'h' && !st.recursive;
        out.files.back().listing = role == 'l' || st.listing;
        read_folder = true;
      }
      continue;
    }
    if (role == 'g') {  // a folder written under names the line does not show
      add_folder_files(out, w[operands[k]], From::operand, entry);
      continue;
    }
    if (role == 'm') {  // read, then rewritten in place (objcopy IN, strip)
      add_file(out, Touch::read, w[operands[k]], From::operand, entry);
      role = 'w';
    }
    if (role == 'M') {  // rewritten in place, a folder with every file below it (black DIR)
      std::size_t at = out.files.size();
      add_file(out, Touch::write, w[operands[k]], From::operand, entry);
      if (out.files.size() > at) out.files.back().recursive = true;
      continue;
    }
    std::size_t before = out.files.size();
    add_file(out, touch_of(role), w[operands[k]], From::operand, entry);
    // A hard link is a second name of its source: writes through it change the source.
    if (into == 'L' && !st.symbolic && role == 'r') {
      const std::size_t at = out.files.size();
      add_file(out, Touch::write, w[operands[k]], From::operand, entry + " (a hard link to it)");
      if (out.files.size() > at) out.files.back().second_name = true;
    }
    // A symbolic link is a second name of its target, a folder's for all below it: what is
    // written through it later changes the target (`ln -s tests t`, then `touch t/a`): judged
    // as written, rules below it at most asked. A relative target is relative to the link's
    // folder: only a link made in the current folder (a lone operand, or a destination
    // without `/` and no `-t`) or an absolute target names what the line shows.
    const auto link_here = [&] {
      const std::string& t = w[operands[k]].text;  // (`~/x` has no literal: the home's)
      if (t.starts_with('/') || t.starts_with('~')) return true;
      if (st.target_dir) return false;
      if (n == 1) return true;
      const std::string* d = w[operands[n - 1]].literal ? &*w[operands[n - 1]].literal : nullptr;
      return d && d->find('/') == std::string::npos;
    };
    const auto link_to = [&](const WordView& target) {
      const std::size_t at = out.files.size();
      add_file(out, Touch::write, target, From::operand, entry + " (a symbolic link to it)");
      if (out.files.size() > at) {
        out.files.back().recursive = true;
        out.files.back().below = "**";
        out.files.back().second_name = true;
      }
    };
    if (into == 'L' && st.symbolic && role == 'r' && link_here()) {
      link_to(w[operands[k]]);
      // `ln -s ../tests a`: when `a` is a folder, the link is `a/tests`, relative to `a`.
      const WordView& d = w[operands[n - 1]];
      const std::string* t = w[operands[k]].literal ? &*w[operands[k]].literal : nullptr;
      if (n >= 2 && k + 1 < n && t && !t->starts_with('/') && d.literal)
        link_to(synthesized(w[operands[k]], *d.literal + "/" + *t, 0));
    } else if (into == 'L' && st.symbolic && role == 'r' && w[operands[k]].literal) {
      // A relative target in another folder (`ln -s ../tests a/t`, `ln -st a ../tests`) is
      // taken from `-t DIR`, else from the destination and from the destination's folder.
      const std::string& t = *w[operands[k]].literal;
      const WordView& dest = st.target_dir ? *st.target_dir : w[operands[n - 1]];
      if (!dest.literal) link_to(dest);  // a folder the line does not show: asked
      const std::string d = dest.literal ? *dest.literal : "";
      const std::size_t slash = d.find_last_of('/');
      if (dest.literal) link_to(synthesized(w[operands[k]], d + "/" + t, 0));
      if (dest.literal && !st.target_dir && slash != std::string::npos)
        link_to(synthesized(w[operands[k]], d.substr(0, slash) + "/" + t, 0));
    }
    // Recursive (flag `Q`, or a source moved with all it holds: role `D`): what is read or
    // deleted, and what is changed in place (`chmod -R`), not a destination (`cp -r a DEST`).
    bool destination = last && n >= fixed.size() + 2 && k + 1 == n;
    // `cp -rT SRC DEST`, `mv -T SRC DEST`: DEST becomes the tree SRC was.
    bool tree_target = destination && st.no_target_dir && (st.recursive || moves);
    if ((((st.recursive || role == 'D') && !destination) || tree_target) &&
        out.files.size() > before) {
      out.files.back().recursive = true;
      out.files.back().listing = st.listing && out.files.back().touch == Touch::read;
      read_folder = read_folder || out.files.back().touch == Touch::read;
    }
  }
  if (into) add_copy_into(prog, into, w, operands, fixed.size(), st, moves, out);
  const bool tree = rest == 'h' || rest == 'H' || rest == 'l';
  if (!read_folder && !path_operand && ((st.recursive && rest == 'r') || tree)) {
    // `grep -r PATTERN`, `rg PATTERN`, `ls -R`, `du` with no file: the current folder, and
    // everything below it (rg reads its input instead when that is a pipe or a file, which the line
    // may not show: the folder is judged).
    WordView here;
    here.text = ".";
    here.literal = ".";
    here.pattern = ".";
    out.files.push_back({Touch::read, here, From::operand,
                         std::string(prog) + (tree || st.listing ? " (the current folder)" : " -r"),
                         false, true});
    out.files.back().skip_hidden = rest == 'h' && !st.recursive;
    out.files.back().listing = rest == 'l' || st.listing;
  }
}

void program_effects(std::string_view name, const Words& words, ProgramEffects& out) {
  program_effects(find_program(name), name, words, out);
}

void program_effects(const ProgramDecl* p, std::string_view name, const Words& words,
                     ProgramEffects& out) {
  // The credentials it prints or writes without naming them (engine/program_credentials.cpp).
  credential_effects(name, words, out);
  if (!p || p->wrapper) return;
  if (too_many_options(*p, words)) {
    out.escalations.push_back(
        fmt::format("more than {} options in one command", limits::command_options));
    return;
  }
  out.remote_operands = takes_remote_operands(name);
  if (!p->handler.empty()) {
    // A versioned name (`bundle3.1`) is handled as the name of its entry (`bundle`).
    if (!name.empty() && name.back() >= '0' && name.back() <= '9') {
      std::size_t v = name.size();
      while (v > 0 && ((name[v - 1] >= '0' && name[v - 1] <= '9') || name[v - 1] == '.')) --v;
      if (v > 1 && name[v - 1] == '-') --v;
      if (v > 1 && v < name.size() && find_program(name.substr(0, v)) == p)
        name = name.substr(0, v);
    }
    if (p->run) p->run(*p, name, words, out);
    return;
  }
  apply_parsed(*p, name, words, parse_args(*p, words, 1), out);
}

void add_word_file(ProgramEffects& out, Touch t, const WordView& w, From from, std::string entry) {
  if (files_full(out)) return;
  if (w.literal && (*w.literal == "-" || harmless_device(*w.literal))) return;
  out.files.push_back({t, w, from, std::move(entry)});
}

void apply_parsed(const ProgramDecl& p, std::string_view name, const Words& words,
                  const ParsedArgs& args, ProgramEffects& out) {
  OperandState st;
  apply_options(name, args, out, st);
  // An interpreter's inline code (`python3 -c CODE`, `node -e`, `perl -e`, `ruby -e`, `php -r`):
  // the paths its strings name (engine/named_paths.cpp) and the commands it runs by name
  // (engine/code_commands.cpp). Perl's `-M'Foo;CODE'` is `use Foo;CODE;`: code as well.
  if (!p.operands.empty() && (p.operands[0] == 'x' || p.operands.starts_with("*x")))
    for (const auto& o : args.options) {
      // `python3 -c "$CODE"`, `node -e "$(cat f)"`: code the line does not show.
      if (o.decl && o.value && !o.value->literal &&
          (o.decl->role == 'p' || option_value_is_code(*o.decl, o.value))) {
        out.escalations.push_back(std::string(name) + " " + o.spelling +
                                  " with code the line does not show");
        continue;
      }
      if (o.decl && o.value && o.value->literal &&
          (o.decl->role == 'p' ||
           (o.decl->role == 'M' && option_value_is_code(*o.decl, o.value)))) {
        add_code_named_paths(*o.value->literal, std::string(name) + " " + o.spelling + " code",
                             out.files, code_bare_words(name));
        add_code_commands(*o.value->literal, name, out.scripts, out.escalations);
        if (o.spelling == "-m" && name.starts_with("py")) add_module_effects(o, words, out);
      }
    }
  if (name == "ruby") add_ruby_un_effects(args, words, out);
  // `node -r dotenv/config`: the preload reads ./.env (or dotenv_config_path=FILE).
  if (name.starts_with("node")) node_preload_dotenv(words, out.files);
  if (name.starts_with("php")) add_ini_effects(name, args, out);
  // `python3 -X pycache_prefix=DIR`: the compiled files of every module it imports are
  // written below DIR, under names the line does not show.
  if (name.starts_with("py"))
    for (const auto& o : args.options)
      if (o.spelling == "-X" && o.value &&
          o.value->text.find("pycache_prefix") != std::string::npos) {
        const std::string& v = o.value->literal ? *o.value->literal : o.value->text;
        const auto eq = v.find('=');
        if (!o.value->literal || eq == std::string::npos)
          add_file(out, Touch::write, *o.value, From::option, std::string(name) + " -X");
        else
          add_folder_files(out, synthesized(*o.value, v.substr(eq + 1), eq + 1), From::option,
                           std::string(name) + " -X pycache_prefix");
      }
  if (p.response_files) {
    // `javac @args`: the file holds more options and operands, which the line does not show.
    std::vector<std::size_t> operands;
    for (std::size_t k : args.operands) {
      const std::string* s = static_text(words[k]);
      if (!s || s->size() < 2 || (*s)[0] != '@') {
        operands.push_back(k);
        continue;
      }
      const std::string entry = std::string(name) + " @FILE";
      add_file(out, Touch::read, synthesized(words[k], s->substr(1), 1), From::operand, entry);
      out.escalations.push_back(entry + ": arguments the line does not show");
    }
    apply_operands(name, p.operands, words, operands, st, out);
    return;
  }
  const std::size_t before = out.files.size();
  apply_operands(name, p.operands, words, args.operands, st, out);
  add_backup_names(name, args, before, out);
}

}  // namespace vigie::engine
