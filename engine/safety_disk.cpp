// The safety checks on disks: dd to a block device, mkfs and friends, diskutil erase verbs,
// partitioners and shred on a block device, writes to a block device (redirection, tee, cp).
#include "engine/safety_internal.hpp"

namespace vigie::engine::safety {

void check_disk(const NormalizedCommand& c, const std::string& name, const SafetyContext& ctx,
                std::vector<SafetyHit>& hits) {
  const Words& w = c.words;
  const std::string_view nm = name;  // compared with literals as a view
  // The first letter first: most commands are none of these (every command passes here).
  const char c0 = nm.empty() ? '\0' : nm[0];
  if (c0 == 'd' && nm == "dd") {
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const std::string* s = lit(w, i);
          s && starts_with(*s, "of=") && is_block_device(s->substr(3)))
        add(hits, ctx,
            hit(SafetyCheck::disk_dd, "Refused: `dd` writing to the block device `" + s->substr(3) +
                                          "` overwrites a disk irreversibly."));
  }
  if ((c0 == 'm' || c0 == 'n' || c0 == 'w' || c0 == 'b') &&
      (starts_with(name, "mkfs") || starts_with(name, "newfs") ||
       in(name, {"mke2fs", "mkswap", "wipefs", "mkdosfs", "mkntfs", "mkexfatfs", "blkdiscard"}))) {
    add(hits, ctx,
        hit(SafetyCheck::disk_mkfs,
            "Refused: `" + name + "` formats or wipes a device, destroying everything on it."));
  }
  if (c0 == 'd' && nm == "diskutil" && w.size() > 1 && w[1].literal) {
    std::string verb = ascii_lower(*w[1].literal);
    if (in(verb,
           {"erasedisk", "erasevolume", "zerodisk", "randomdisk", "secureerase", "partitiondisk",
            "reformat", "deletevolume", "splitpartition", "mergepartitions"}) ||
        (in(verb, {"apfs", "cs", "ar"}) && w.size() > 2 && w[2].literal &&
         ascii_lower(*w[2].literal).find("delete") != std::string::npos))
      add(hits, ctx,
          hit(SafetyCheck::disk_erase, "Refused: `diskutil " + *w[1].literal +
                                           "` erases or repartitions a disk irreversibly."));
  }
  if ((c0 == 's' || c0 == 'f' || c0 == 'p') &&
      (nm == "shred" || nm == "sgdisk" || nm == "fdisk" || nm == "sfdisk" || nm == "parted") &&
      std::any_of(w.begin() + 1, w.end(),
                  [](const WordView& x) { return x.literal && is_block_device(*x.literal); }) &&
      (nm == "shred" || nm == "sfdisk" || has_literal_option(w, "--zap-all") ||
       has_literal_option(w, "-Z") || nm == "parted" || nm == "fdisk")) {
    add(hits, ctx,
        hit(SafetyCheck::disk_erase,
            "Refused: `" + name + "` on a block device rewrites or erases a disk."));
  }
  // Writes to a device through a redirection, tee or cp.
  auto device_hit = [&](const std::string& dev) {
    add(hits, ctx,
        hit(SafetyCheck::disk_device_write,
            "Refused: writing to the block device `" + dev + "` overwrites a disk irreversibly."));
  };
  for (const auto& r : c.redirects)
    if (in(r.op, {">", ">>", ">|", "&>", "&>>", "<>"}) && r.target.literal &&
        is_block_device(*r.target.literal))
      device_hit(*r.target.literal);
  if ((c0 == 't' || c0 == 'c') && (nm == "tee" || nm == "cp" || nm == "cat")) {
    auto ops = operands(w);
    for (std::size_t k = 0; k < ops.size(); ++k) {
      bool dest = nm == "tee" || (nm == "cp" && k + 1 == ops.size());
      if (dest && w[ops[k]].literal && is_block_device(*w[ops[k]].literal))
        device_hit(*w[ops[k]].literal);
    }
  }
}

}  // namespace vigie::engine::safety
