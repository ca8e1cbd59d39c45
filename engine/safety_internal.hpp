// What the built-in safety checks share, split by family of checks across engine/safety*.cpp:
// the targets (how broad is a path: engine/safety_targets.cpp), the checks on files
// (engine/safety_files.cpp), on disks (engine/safety_disk.cpp), fork bombs
// (engine/safety_fork_bomb.cpp), and the entry points with git and pipelines (engine/safety.cpp).
// The checks' ids, effects and advice are in engine/safety_checks.hpp. Internal to the engine.
#ifndef VIGIE_ENGINE_SAFETY_INTERNAL_HPP
#define VIGIE_ENGINE_SAFETY_INTERNAL_HPP

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/safety.hpp"
#include "engine/safety_checks.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine::safety {

using shell::WordView;
using Words = std::vector<WordView>;

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

inline bool in(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

using policy::ascii_lower;

inline const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

// ---------------------------------------------------------------------------------------------
// Targets: how broad is the path a destructive command is given? (engine/safety_targets.cpp)
// ---------------------------------------------------------------------------------------------

enum class Broad {
  none,
  wildcard,      // `*`, `./*`, `.*`, `*.*`: every file of a cwd that could be anywhere
  relative,      // `.`, `..`, `./`: the cwd or its parent
  root,          // `/`, `/*`
  home,          // `~`, `$HOME`, the home folder written out
  system,        // `/etc`, `/usr/*`, an ancestor of home
  project,       // the project folder itself, its contents, or an ancestor
  unset_prefix,  // `$DIR/`, `$DIR/*`: catastrophic if DIR is empty or unset
};

struct Target {
  Broad broad = Broad::none;
  std::string shown;  // the word as written
  bool catastrophic() const {
    return broad == Broad::wildcard || broad == Broad::root || broad == Broad::home ||
           broad == Broad::project;
  }
};

// Why a target is broad, for the model ("this is your home folder").
std::string reason_of(const Target& t, const SafetyContext& ctx);

// How broad `w` is as the target of a recursive delete, a move to /dev/null, a recursive chmod;
// `chdir`: the folder the command runs in when a wrapper changes it (`git -C`, `env -C`).
Target classify(const WordView& w, const SafetyContext& ctx, const std::string* chdir);

// Operands of a command: words after the name that are not options (before `--`), skipping
// the arguments of `arg_shorts` / `arg_longs` options.
std::vector<std::size_t> operands(const Words& w, std::string_view arg_shorts = {},
                                  std::initializer_list<std::string_view> arg_longs = {});

// A literal word equal to `opt` before `--`.
bool has_literal_option(const Words& w, std::string_view opt);

// A block device: a whole disk or a partition, not /dev/null, /dev/zero, a tty...
bool is_block_device(std::string_view p);

// ---------------------------------------------------------------------------------------------
// Hits
// ---------------------------------------------------------------------------------------------

// A hit of check `c`: `why` (the start of the message, naming the target) and the table's
// advice; `catastrophic_target` decides RootKeeps::by_target.
inline SafetyHit hit(SafetyCheck c, std::string why, bool catastrophic_target = false) {
  const SafetyCheckInfo& i = safety_check_info(c);
  why += ' ';
  why += i.advice;
  bool keep =
      i.root == RootKeeps::always || (i.root == RootKeeps::by_target && catastrophic_target);
  return {std::string(i.id), std::move(why), i.effect, keep};
}

inline void add(std::vector<SafetyHit>& hits, const SafetyContext& ctx, SafetyHit h) {
  if (ctx.disabled.count(h.id)) return;
  if (ctx.root_context && !h.catastrophic) return;
  for (const auto& e : hits)
    if (e.id == h.id) return;  // one hit per check and command
  hits.push_back(std::move(h));
}

// ---------------------------------------------------------------------------------------------
// The checks, by family
// ---------------------------------------------------------------------------------------------

// engine/safety_files.cpp: rm, find -delete (`piped_to_rm`: the pipeline feeds find's output to
// `xargs rm`), chmod/chown/chgrp -R, mv to /dev/null.
void check_rm(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits);
void check_find(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits,
                bool piped_to_rm = false);
void check_perms(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                 std::vector<SafetyHit>& hits);
void check_mv(const NormalizedCommand& c, const SafetyContext& ctx, std::vector<SafetyHit>& hits);

// engine/safety_disk.cpp: dd, mkfs and friends, diskutil erase, partitioners, writes to a block
// device (`name`: the lowered command name, empty for a bare redirection).
void check_disk(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                std::vector<SafetyHit>& hits);

// engine/safety_process.cpp: `kill -1`, `kill 0`, `killall5`, `pkill -u USER` with no pattern
// (`name`: the lowered command name).
void check_process(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                   std::vector<SafetyHit>& hits);
// engine/safety_process.cpp: `shutdown`, `reboot`, `init 0`, `systemctl poweroff`…
void check_power(const NormalizedCommand& c, std::string_view name, const SafetyContext& ctx,
                 std::vector<SafetyHit>& hits);

// engine/safety_fetch.cpp: URLs the command fetches whose host serves instance metadata.
void check_fetches(const NormalizedCommand& c, const SafetyContext& ctx,
                   std::vector<SafetyHit>& hits);

}  // namespace vigie::engine::safety

#endif  // VIGIE_ENGINE_SAFETY_INTERNAL_HPP
