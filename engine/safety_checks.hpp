// The built-in safety checks: ONE table, in one place. Each check's id (stable: policies name
// it in `safety { disable ID }`, audit logs record it), its effect, whether a root context keeps
// it, a one-line summary (docs/safety.md is generated from it) and the advice that ends every
// message of the check (what to do instead). The detection stays in code (engine/safety_*.cpp);
// the code writes only the "why" at the start of a message (it names the target).
//
// Add a check here, then its detection; `VIGIE_UPDATE_GOLDEN=1` on engine/safety_test.cpp
// regenerates the docs table.
#ifndef VIGIE_ENGINE_SAFETY_CHECKS_HPP
#define VIGIE_ENGINE_SAFETY_CHECKS_HPP

#include <cstddef>
#include <string_view>

#include "vigie/vigie.hpp"

namespace vigie::engine {

// Whether a root context (`safety { context root }`) keeps a hit of the check.
enum class RootKeeps {
  always,     // catastrophic whatever the target
  never,      // the root context's own business
  by_target,  // only when the target is catastrophic (`/`, home, a bare wildcard)
};

// X(enumerator, "id", effect, root, "summary", "advice")
#define VIGIE_SAFETY_CHECKS(X)                                                                     \
  X(rm_dangerous_target, "rm.dangerous-target", deny, by_target,                                   \
    "`rm -r` of a system folder, home, a bare wildcard or a folder above the project",             \
    "vigie blocks this before it reaches any shell. Narrow the path to the specific subfolder "    \
    "you actually want to delete.")                                                                \
  X(rm_catastrophic, "rm.catastrophic", deny, always,                                              \
    "in a root context, `rm -r` of `/`, home or a bare wildcard",                                  \
    "This is one of the few patterns blocked even in a root context. Name the specific folder "    \
    "you want to delete.")                                                                         \
  X(rm_no_preserve_root, "rm.no-preserve-root", deny, always, "`rm --no-preserve-root`",           \
    "Delete the specific files or folders you mean, by name.")                                     \
  X(rm_project_folder, "rm.project-folder", deny, always, "`rm -r` of the project folder",         \
    "You must never delete the project you are working in. Delete specific files or "              \
    "subfolders inside it instead.")                                                               \
  X(rm_unset_variable, "rm.unset-variable", ask, never,                                            \
    "`rm -r $VAR/…` where an empty variable would make the path broad",                            \
    "Check the variable first (`${VAR:?}` makes the shell stop when it is empty), or write "       \
    "the path out.")                                                                               \
  X(find_delete_broad_root, "find.delete-broad-root", deny, never,                                 \
    "`find -delete`, `-exec rm` or piped to `xargs rm`, from a broad root",                        \
    "Narrow the search root to the folder you mean.")                                              \
  X(perms_recursive_on_root, "perms.recursive-on-root", deny, never,                               \
    "`chmod`/`chown`/`chgrp`/`chattr`/`setfacl -R` on a system folder or home",                    \
    "Narrow the target to the folder you mean.")                                                   \
  X(mv_to_devnull, "mv.to-devnull", deny, never, "`mv` of a broad target to `/dev/null`",          \
    "To discard output, redirect it (`> /dev/null`); to delete files, name them.")                 \
  X(mv_dangerous_source, "mv.dangerous-source", deny, by_target,                                   \
    "`mv` of `/`, home, a system folder or the project folder",                                    \
    "Move the specific files or subfolders you mean, by name.")                                    \
  X(fork_bomb, "fork-bomb", deny, never, "a function that calls itself in the background",         \
    "Do not run it in any form.")                                                                  \
  X(process_kill_all, "process.kill-all", deny, never,                                             \
    "`kill` of every process (`kill -9 -1`, `kill 0`), `killall5`, `pkill`/`killall` of every "    \
    "process of a user, `fuser -k -m` or `fuser -k /`",                                            \
    "Stop the processes you started, by their PID or their name.")                                 \
  X(system_power, "system.power", deny, never,                                                     \
    "`shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`, `systemctl`/`loginctl` "                \
    "`poweroff|reboot|halt|kexec|suspend|hibernate`",                                              \
    "The machine runs more than this task: if it must really stop or restart, ask the user to "    \
    "do it.")                                                                                      \
  X(disk_dd, "disk.dd", deny, never, "`dd of=` a block device",                                    \
    "If this is really intended, ask the user to run it themselves, or write to an image file "    \
    "instead.")                                                                                    \
  X(disk_mkfs, "disk.mkfs", deny, never, "`mkfs`, `newfs`, `wipefs`, `mkswap`, `blkdiscard`…",     \
    "If this is really intended, ask the user to run it themselves.")                              \
  X(disk_erase, "disk.erase", deny, never,                                                         \
    "`diskutil erase…`/partitioning verbs; `shred`, `sfdisk`, `sgdisk --zap-all`, `fdisk`, "     \
    "`parted` on a block device",                                                                  \
    "If this is really intended, ask the user to run it themselves.")                              \
  X(disk_device_write, "disk.device-write", deny, never,                                           \
    "a redirection, `tee` or `cp` writing to a block device", "Write to a regular file instead.")  \
  X(pipe_to_shell, "pipe-to-shell", ask, never, "a download piped into a shell or an interpreter", \
    "Download it to a file first (`curl -o install.sh URL`), read it, then run it if it is "       \
    "what you expect.")                                                                            \
  X(git_force_push, "git.force-push", ask, never, "`git push --force` or a `+refspec`",            \
    "Push a new commit instead; if history must really be rewritten, use "                         \
    "`--force-with-lease` on a branch you own, after asking the user.")                            \
  X(fetch_metadata, "fetch.metadata", ask, never,                                                  \
    "a fetch of a cloud instance-metadata or link-local address (`169.254.169.254` in any "        \
    "notation, `metadata.google.internal`), by a fetch tool or a command",                         \
    "Instance metadata hold the machine's credentials: fetch it only if the user asked for it.")

enum class SafetyCheck {
#define VIGIE_X(e, id, effect, root, summary, advice) e,
  VIGIE_SAFETY_CHECKS(VIGIE_X)
#undef VIGIE_X
};

struct SafetyCheckInfo {
  SafetyCheck check;
  std::string_view id;
  Effect effect;
  RootKeeps root;
  std::string_view summary;
  std::string_view advice;
};

inline constexpr SafetyCheckInfo kSafetyChecks[] = {
#define VIGIE_X(e, id, effect, root, summary, advice) \
  {SafetyCheck::e, id, Effect::effect, RootKeeps::root, summary, advice},
    VIGIE_SAFETY_CHECKS(VIGIE_X)
#undef VIGIE_X
};

constexpr const SafetyCheckInfo& safety_check_info(SafetyCheck c) {
  return kSafetyChecks[static_cast<std::size_t>(c)];
}

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_SAFETY_CHECKS_HPP
