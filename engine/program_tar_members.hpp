// The members tar extracts when the line names them, read as the patterns tar matches
// (engine/program_tar_members.cpp). Internal to engine/program_tar*.cpp.
#ifndef VIGIE_ENGINE_PROGRAM_TAR_MEMBERS_HPP
#define VIGIE_ENGINE_PROGRAM_TAR_MEMBERS_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace vigie::engine {

// How tar matches the members after an option: GNU tar's defaults for members are anchored,
// case-sensitive patterns whose `*`, `?` and `[…]` match `/` too, wildcards only with
// `--wildcards`; bsdtar (macOS's `tar`) always matches them as patterns.
struct MemberMatch {
  bool wildcards = false;
  bool slash = true;     // `--wildcards-match-slash`
  bool anchored = true;  // `--no-anchored`: a match may start after any `/`
  bool icase = false;    // `--ignore-case`
};

// Applies a matching option spelled `s` (`--wildcards`, `--no-anchored`, `--ignore-ca`, any
// prefix tar takes) to `mm`; any other spelling leaves it as it is.
void member_matching_option(std::string_view s, MemberMatch& mm);

// A member as the judge's glob (engine/glob_meet.hpp syntax), relative to the folder it is
// extracted to, without its first `strip` components (`--strip-components`).
struct MemberGlob {
  std::string glob;
  bool has_glob = false;  // else `glob` is the name itself
};
// nullopt when the member may be any name below the folder: a pattern starting with a wildcard
// (`*`), or components stripped that the pattern does not show.
std::optional<MemberGlob> member_glob(std::string_view member, const MemberMatch& mm,
                                      std::size_t strip);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_TAR_MEMBERS_HPP
