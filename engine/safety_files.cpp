// The safety checks on files: `rm -r` of a broad target, `rm --no-preserve-root`, `find -delete`
// from a broad root, recursive chmod/chown/chgrp on a system folder, mv to /dev/null.
#include "engine/safety_internal.hpp"

#include "engine/options.hpp"
#include "engine/programs.hpp"

namespace vigie::engine::safety {

void check_rm(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (has_literal_option(w, "--no-preserve-root")) {
    add(hits, ctx,
        hit(SafetyCheck::rm_no_preserve_root,
            "Refused: `rm --no-preserve-root` only exists to bypass the safeguard against "
            "deleting `/`; it is never needed for real work."));
  }
  if (!has_option(w, 1, builtin_spec("rm", "-r"))) return;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t i : operands(w)) {
    Target t = classify(w[i], ctx, chdir);
    if (t.broad == Broad::none) continue;
    std::string why = reason_of(t, ctx);
    if (t.broad == Broad::project) {
      add(hits, ctx,
          hit(SafetyCheck::rm_project_folder, "Refused: `rm -r " + t.shown + "`: " + why + "."));
    } else if (t.broad == Broad::unset_prefix) {
      add(hits, ctx,
          hit(SafetyCheck::rm_unset_variable,
              "Refused without confirmation: `rm -r " + t.shown + "`: " + why + "."));
    } else if (ctx.root_context) {
      if (!t.catastrophic()) continue;  // `/usr`, `/etc`: the root context's own business
      add(hits, ctx,
          hit(SafetyCheck::rm_catastrophic, "Refused: `rm -r " + t.shown + "`: " + why + "."));
    } else {
      add(hits, ctx,
          hit(SafetyCheck::rm_dangerous_target, "Refused: `rm -r " + t.shown + "`: " + why + ".",
              t.catastrophic()));
    }
  }
}

void check_find(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits,
                bool piped_to_rm) {
  const Words& w = c.words;
  // `-delete`, or `-exec rm …` / `-execdir rm …`: every match is removed.
  bool deletes = piped_to_rm || has_literal_option(w, "-delete");
  for (const auto& argv : c.nested_argvs)
    if (!argv.empty())
      if (auto n = command_name(argv[0]);
          n && in(ascii_lower(*n), {"rm", "unlink", "shred", "rmdir"}))
        deletes = true;
  if (!deletes) return;
  // The starting points, as the programs table's find handler reads them.
  std::vector<std::size_t> roots = find_start_points(w);
  std::size_t i = roots.empty() ? 1 : roots.back() + 1;
  // A filter (`-name '*.pyc'`) makes `find . … -delete` a scoped cleanup: only an unfiltered
  // delete of the working folder counts as broad; roots like `/` or `~` are broad regardless.
  bool filtered = false;
  for (std::size_t k = i; k < w.size(); ++k)
    if (const std::string* s = lit(w, k);
        s &&
        in(*s, {"-name",      "-iname",      "-path",  "-ipath", "-regex", "-iregex",   "-newer",
                "-mtime",     "-mmin",       "-atime", "-amin",  "-ctime", "-cmin",     "-size",
                "-empty",     "-user",       "-group", "-perm",  "-inum",  "-samefile", "-links",
                "-wholename", "-iwholename", "-lname", "-ilname"}))
      filtered = true;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t r : roots) {
    Target t = classify(w[r], ctx, chdir);
    if (t.broad == Broad::none || t.broad == Broad::unset_prefix) continue;
    if (filtered && (t.broad == Broad::relative || t.broad == Broad::project)) continue;
    add(hits, ctx,
        hit(SafetyCheck::find_delete_broad_root,
            "Refused: `find " + t.shown + " ... -delete`: " + reason_of(t, ctx) +
                ", and `find -delete` recursively removes everything that matches."));
  }
}

void check_perms(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                 std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  if (!has_option(w, 1, builtin_spec(name, "-R"))) return;
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  for (std::size_t i : operands(w, "", {"reference", "from"})) {
    Target t = classify(w[i], ctx, chdir);
    // The project and `.` are where an agent legitimately fixes permissions.
    if (t.broad == Broad::none || t.broad == Broad::project || t.broad == Broad::relative ||
        t.broad == Broad::unset_prefix)
      continue;
    add(hits, ctx,
        hit(SafetyCheck::perms_recursive_on_root,
            "Refused: `" + name + " -R ... " + t.shown + "`: " + reason_of(t, ctx) +
                "; changing permissions or ownership recursively there can make the system or "
                "your account unusable."));
  }
}

void check_mv(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  auto ops = operands(w, "tS", {"target-directory", "suffix"});
  bool to_null = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    if ((*s == "-t" || *s == "--target-directory") && lit(w, i + 1) &&
        *lit(w, i + 1) == "/dev/null")
      to_null = true;
    if (*s == "--target-directory=/dev/null" || *s == "-t/dev/null") to_null = true;
  }
  if (!ops.empty() && lit(w, ops.back()) && *lit(w, ops.back()) == "/dev/null") {
    to_null = true;
    ops.pop_back();
  }
  const std::string* chdir = c.chdir && c.chdir->literal ? &*c.chdir->literal : nullptr;
  if (!to_null) {
    // `mv ~ /tmp/x`, `mv / x`, `mv /etc x`: the folder is gone from where everything expects it.
    // The sources: every operand but the last (all of them with `-t DIR`).
    bool target_option = false;
    for (std::size_t i = 1; i < w.size() && !target_option; ++i)
      if (const std::string* s = lit(w, i))
        target_option = *s == "-t" || s->starts_with("--target-directory") ||
                        (s->size() > 2 && (*s)[0] == '-' && (*s)[1] != '-' &&
                         s->find('t') != std::string::npos);
    if (!target_option && !ops.empty()) ops.pop_back();
    for (std::size_t i : ops) {
      Target t = classify(w[i], ctx, chdir);
      if (t.broad != Broad::root && t.broad != Broad::home && t.broad != Broad::system &&
          t.broad != Broad::project)
        continue;
      if (ctx.root_context && !t.catastrophic()) continue;
      add(hits, ctx,
          hit(SafetyCheck::mv_dangerous_source,
              "Refused: `mv " + t.shown + " …`: " + reason_of(t, ctx) + "."));
    }
    return;
  }
  for (std::size_t i : ops) {
    Target t = classify(w[i], ctx, chdir);
    if (t.broad == Broad::none || t.broad == Broad::unset_prefix) continue;
    add(hits, ctx,
        hit(SafetyCheck::mv_to_devnull, "Refused: moving `" + t.shown +
                                            "` to `/dev/null` destroys it (" + reason_of(t, ctx) +
                                            ")."));
  }
}

}  // namespace vigie::engine::safety
