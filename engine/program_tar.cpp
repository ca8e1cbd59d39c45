// tar's handler (the programs table's entry `tar`): old-style clusters (`tar czf a.tgz x`), the
// modes in every spelling, the archive (`-f`, remote `HOST:FILE`), the folders `-C` moves to (each
// relative to the one before), the members read or extracted, and the program-running options.
#include <algorithm>
#include <optional>

#include "engine/program_handlers.hpp"
#include "engine/program_tar_members.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;

void file(ProgramEffects& out, Touch t, const WordView& w, From from, std::string entry) {
  add_word_file(out, t, w, from, std::move(entry));
}

// `-C a -C b`: tar moves to `b` from `a`. A folder that is not static leaves the next unknown.
WordView below_folder(const WordView& before, const WordView& dir) {
  const std::string* d = dir.literal ? &*dir.literal : nullptr;
  if ((d && d->starts_with('/')) || dir.has_tilde) return dir;
  if (d && before.literal) return word_of(dir, *before.literal + "/" + *d);
  if (d && before.has_tilde && before.pattern && !before.has_glob) {
    WordView w = word_of(dir, *before.pattern + "/" + *d);
    w.literal.reset();
    w.has_tilde = true;
    return w;
  }
  WordView unknown;
  unknown.text = before.text + "/" + dir.text;
  unknown.has_expansion = true;
  unknown.span = dir.span;
  return unknown;
}

void tar_members(std::string_view name, const Words& w, const ParsedArgs& args, char mode,
                 bool removes, bool recursive, const WordView* cdir, OperandState st,
                 ProgramEffects& out);
void tar_extracted(std::string_view name, const Words& w, const ParsedArgs& args,
                   const WordView& dest, ProgramEffects& out);

VIGIE_RARE_HANDLER void tar_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                                    ProgramEffects& out) {
  // Old style: `tar xvIf PROG a.tar`: a first word without a dash is a cluster whose letters
  // take their values from the next words, in order.
  ParsedArgs args;
  std::size_t from = 1;
  char mode = 0;
  if (const std::string* first = lit(w, 1); first && !first->empty() && (*first)[0] != '-') {
    std::size_t next = 2;
    // For deny and ask rules, the command again with its options spelled with dashes, each
    // letter with its value (`tar czf a.tgz x` is `tar -c -z -f a.tgz x`).
    Words dashed{w[0]};
    for (char c : *first) {
      if (std::string_view("crtuxdA").find(c) != std::string_view::npos) mode = c;
      const OptionDecl* d = nullptr;
      for (const auto& o : p.options)
        if (o.shorts.find(c) != std::string::npos) d = &o;
      ParsedOption po{d, std::string("-") + c, std::nullopt, 1};
      const bool copy = first->size() <= limits::judged_paths;  // bounded before the copies
      if (copy) dashed.push_back(synthesized(w[1], po.spelling, 0));
      if (d && d->arg == OptionDecl::Arg::required && next < w.size()) {
        if (copy) dashed.push_back(w[next]);
        po.value = w[next++];
      }
      args.options.push_back(std::move(po));
    }
    from = next;
    if (w.size() <= limits::judged_paths && first->size() <= limits::judged_paths) {
      dashed.insert(dashed.end(), w.begin() + static_cast<std::ptrdiff_t>(next), w.end());
      out.deny_argvs.push_back(std::move(dashed));
    } else {
      out.escalations.push_back("tar with an old-style key and more than " +
                                std::to_string(limits::judged_paths) +
                                " words or letters in another spelling");
    }
  }
  ParsedArgs rest = parse_args(p, w, from);
  for (auto& o : rest.options) args.options.push_back(std::move(o));
  args.operands = std::move(rest.operands);
  args.dynamic_option = rest.dynamic_option;
  for (const auto& o : args.options) {
    if (o.decl) continue;
    std::string_view s = o.spelling;
    if (s.size() == 2 && std::string_view("crtuxdA").find(s[1]) != std::string_view::npos)
      mode = s[1];
  }
  // Long mode names (any unambiguous prefix was resolved to an unknown option: look at them).
  bool removes = false;
  for (const auto& o : args.options) {
    std::string_view s = o.spelling;
    if (!starts_with(s, "--") || s.size() < 4) continue;
    std::string_view k = s.substr(2);
    auto is = [&](std::string_view full) { return starts_with(full, k); };
    if (is("create") || is("append") || is("update") || is("catenate") || is("concatenate"))
      mode = 'c';
    else if (is("extract") || is("get"))
      mode = 'x';
    else if (is("list"))
      mode = 't';
    else if (is("diff") || is("compare"))
      mode = 'd';
    else if (is("delete"))
      mode = 'r';
    // `--remove-files` (from `--rem`: `--re` is ambiguous with `--recursion`, `--record-size`):
    // the members are deleted once archived.
    if (k.size() >= 3 && is("remove-files")) removes = true;
  }
  // `-O`, `--to-stdout` (any prefix from `--to-s`): the members are extracted to the standard
  // output, no file written (the table leaves the option undeclared: looked at by spelling).
  const bool to_stdout = std::any_of(args.options.begin(), args.options.end(), [](const auto& o) {
    return o.spelling == "-O" || (o.spelling.size() >= 6 && starts_with("--to-stdout", o.spelling));
  });
  if (mode == 'x' && to_stdout) mode = 't';
  bool writes_archive = mode == 'c' || mode == 'r' || mode == 'u' || mode == 'A';
  const bool force_local = std::any_of(args.options.begin(), args.options.end(), [](const auto& o) {
    return o.spelling.size() >= 4 && starts_with("--force-local", o.spelling);
  });
  // Members that are folders are archived with everything below them, unless `--no-recursion`
  // (any prefix from `--no-rec`; bsdtar: `-n`, `--norecurse`) comes after the last `--recursion`.
  bool recursive = true;
  for (const auto& o : args.options) {
    std::string_view s = o.spelling;
    if (starts_with(s, "--") && s.size() >= 8 && starts_with("--no-recursion", s))
      recursive = false;
    else if (starts_with(s, "--") && s.size() >= 5 && starts_with("--recursion", s))
      recursive = true;
    else if (s == "--norecurse" || (s == "-n" && name == "bsdtar"))
      recursive = false;
  }
  // The archive and the program-running options; `-f` is read unless the archive is written.
  ParsedArgs generic;
  OperandState st;
  std::vector<WordView> cdirs;  // each `-C DIR`, relative to the one before it
  for (auto& o : args.options) {
    if (o.decl && !o.decl->longs.empty() && o.decl->longs.front() == "checkpoint-action") {
      if (o.value && o.value->literal) {
        std::string_view v = *o.value->literal;
        if (starts_with(v, "exec=") || starts_with(v, "exec")) {
          out.escalations.push_back("tar --checkpoint-action");
          auto eq = v.find('=');
          if (eq != std::string_view::npos) out.scripts.emplace_back(v.substr(eq + 1));
        }
      } else {
        out.escalations.push_back("tar --checkpoint-action");
      }
      continue;
    }
    if (o.decl && o.decl->shorts.find('C') != std::string::npos && o.value) {
      // Where the members after it are read from or extracted to (judged below).
      cdirs.push_back(cdirs.empty() ? *o.value : below_folder(cdirs.back(), *o.value));
      continue;
    }
    if (o.decl && o.decl->shorts.find('f') != std::string::npos && o.value) {
      // `-f HOST:FILE` (a `:` before any `/`) is an archive on another host: tar runs rsh or
      // ssh to reach it, unless `--force-local`.
      const std::string* a = o.value->literal ? &*o.value->literal : nullptr;
      if (a && a->find(':') != std::string::npos && a->find(':') < a->find('/') && !force_local) {
        out.escalations.push_back(std::string(name) + " --file HOST:FILE (runs rsh or ssh)");
        continue;
      }
      file(out, writes_archive ? Touch::write : Touch::read, *o.value, From::option,
           std::string(name) + " --file");
      continue;
    }
    // `--remove-files` with `-T LIST`: the files it deletes are in LIST, not on the line.
    if (removes && o.decl && o.decl->shorts.find('T') != std::string::npos)
      out.escalations.push_back(std::string(name) +
                                " --remove-files -T: deletes files the line does not show");
    generic.options.push_back(o);
  }
  generic.dynamic_option = args.dynamic_option;
  apply_options(name, generic, out, st);
  // Members read from the disk: created, appended, updated, compared (`-d`), and the archives
  // `-A` concatenates.
  // Each member is judged from every folder a `-C` moves to (the line's order is not kept).
  if (cdirs.empty()) tar_members(name, w, args, mode, removes, recursive, nullptr, st, out);
  for (const WordView& cdir : cdirs)
    tar_members(name, w, args, mode, removes, recursive, &cdir, st, out);
}

// The members of a tar command read from `cdir` (or the current folder), or extracted there.
void tar_members(std::string_view name, const Words& w, const ParsedArgs& args, char mode,
                 bool removes, bool recursive, const WordView* cdir, OperandState st,
                 ProgramEffects& out) {
  if (mode == 'c' || mode == 'r' || mode == 'u' || mode == 'd' || mode == 'A') {
    st.recursive = st.recursive || recursive;
    // Members are taken relative to `-C DIR` (the archive itself is not): DIR as written, or a
    // `~` folder (`-C ~/.ssh`: the shell expands it, the members are below the home folder).
    // A folder that is not static leaves relative members unplaced: asked.
    std::optional<std::string> prefix;
    bool tilde = false;
    if (cdir && cdir->literal) {
      prefix = *cdir->literal;
    } else if (cdir && cdir->has_tilde && cdir->pattern && !cdir->has_glob) {
      prefix = *cdir->pattern;
      tilde = true;
    } else if (cdir) {
      out.escalations.push_back(std::string(name) +
                                " -C with a folder that is not static: where its members are "
                                "read from is not known");
    }
    if (prefix) {
      Words members = w;
      for (std::size_t k : args.operands)
        if (members[k].literal && !members[k].literal->empty() && (*members[k].literal)[0] != '/') {
          members[k] = word_of(w[k], *prefix + "/" + *members[k].literal);
          if (tilde) {  // a `~` path, as the shell would have expanded it
            members[k].literal.reset();
            members[k].has_tilde = true;
          }
        }
      apply_operands(name, removes ? "*D" : "*r", members, args.operands, st, out);
    } else {
      apply_operands(name, removes ? "*D" : "*r", w, args.operands, st, out);
    }
  } else if (mode == 'x') {
    WordView dest;
    if (cdir) {
      dest = *cdir;
    } else {
      dest.text = ".";
      dest.literal = ".";
      dest.pattern = ".";
    }
    file(out, Touch::write, dest, From::option, std::string(name) + " --extract");
    // No member named and no folder: the archive's files land below the current folder, under
    // names the line does not show (engine/tree_writes.cpp).
    if (!cdir && args.operands.empty())
      add_tree_write(out, std::string(name) + " --extract (members the line does not show)");
    // The members' names are in the archive: any file of a folder given (`-C DIR`).
    // A `~` folder likewise, as the shell expands it (`-C ~`: `~/*`).
    const bool tilde = !dest.literal && dest.has_tilde && dest.pattern && !dest.has_glob;
    if (cdir && (dest.literal || tilde)) {
      const std::string& d = dest.literal ? *dest.literal : *dest.pattern;
      WordView any = word_of(dest, d + (d.ends_with('/') ? "*" : "/*"));
      any.literal.reset();
      any.has_glob = true;
      any.has_tilde = tilde;
      file(out, Touch::write, any, From::option, std::string(name) + " --extract");
    }
    tar_extracted(name, w, args, dest, out);
  }
}

// The members named on the line (`tar xf a.tar .env`), written below the folder `dest` where
// the archive's paths put them: each a pattern tar matches, read with the matching options
// before it (engine/program_tar_members.cpp), without the components `--strip-components`
// drops. A member that may be any name (`--wildcards '*'`, `--transform`, a member stripped
// away) is a write of any file below the folder, at most asked, as when no member is named.
void tar_extracted(std::string_view name, const Words& w, const ParsedArgs& args,
                   const WordView& dest, ProgramEffects& out) {
  const std::string entry = std::string(name) + " --extract member";
  const bool tilde = !dest.literal && dest.has_tilde && dest.pattern && !dest.has_glob;
  const bool placed = dest.literal || tilde;  // else the folder alone (not static) is judged
  bool tree = false;
  const auto any_below = [&](std::string below) {
    if (placed && (below != "**" || !tree)) rewrite_tree(out, dest, entry, below);
    tree = tree || below == "**";
  };
  // `--transform` renames the members; `--strip-components=N` (the last one given) drops
  // their first N components, a count the line does not show leaving them unknown.
  bool renamed = false;
  std::size_t strip = 0;
  bool strip_known = true;
  for (const auto& o : args.options) {
    if (!o.decl || o.decl->longs.empty()) continue;
    const std::string& l = o.decl->longs.front();
    if (l == "transform") renamed = true;
    if (l != "strip-components") continue;
    strip_known = false;
    const std::string* v = o.value && o.value->literal ? &*o.value->literal : nullptr;
    if (v && !v->empty() && v->size() < 6 &&
        v->find_first_not_of("0123456789") == std::string::npos) {
      strip = static_cast<std::size_t>(std::stoul(*v));
      strip_known = true;
    }
  }
  // bsdtar (macOS's `tar` too) matches its members as patterns always; GNU tar with
  // `--wildcards`, which `gtar` names.
  MemberMatch mm;
  mm.wildcards = name != "gtar";
  std::size_t next_option = 0;  // the matching options apply to the members after them
  for (std::size_t k : args.operands) {
    for (; next_option < args.options.size() && args.options[next_option].index < k; ++next_option)
      if (!args.options[next_option].decl)
        member_matching_option(args.options[next_option].spelling, mm);
    if (!w[k].literal) {
      file(out, Touch::write, w[k], From::operand, entry);  // a member the line does not show
      continue;
    }
    const std::optional<MemberGlob> g =
        renamed || !strip_known ? std::nullopt : member_glob(*w[k].literal, mm, strip);
    if (!g) {
      any_below("**");
      continue;
    }
    if (!placed) {
      file(out, Touch::write, dest, From::operand, entry);  // below a folder not static
      continue;
    }
    std::string folder = tilde ? *dest.pattern : *dest.literal;
    if (g->has_glob && !tilde) {  // the folder's own characters as themselves
      std::string escaped;
      for (char c : folder) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') escaped += '\\';
        escaped += c;
      }
      folder = std::move(escaped);
    }
    WordView m = word_of(w[k], !tilde && folder == "." ? g->glob : folder + "/" + g->glob);
    if (g->has_glob || tilde) m.literal.reset();
    m.has_glob = g->has_glob;
    m.has_tilde = tilde;  // a `~` path, as the shell expands it (`-C ~`)
    file(out, Touch::write, m, From::operand, entry);
    // `--no-anchored`: the member's name at any depth.
    if (!mm.anchored) any_below("**/" + g->glob);
  }
}

}  // namespace

void tar_entry(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  tar_handler(p, name, w, out);
}

}  // namespace vigie::engine
