// Whether the real filesystem under a folder tells `.ENV` from `.env` (engine/fs_case.cpp).
#ifndef VIGIE_ENGINE_FS_CASE_HPP
#define VIGIE_ENGINE_FS_CASE_HPP

#include <string>

namespace vigie::engine {

// True when the filesystem holding `folder` (absolute) finds a file under its name with the
// case of its letters changed: then paths are matched with their ASCII letters folded. Asked
// once per folder per process (the last 8 answers are kept). Always false in the WASM build,
// which sees no filesystem of its own.
bool real_folder_case_insensitive(const std::string& folder) noexcept;

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_FS_CASE_HPP
