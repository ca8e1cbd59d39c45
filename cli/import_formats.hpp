// The formats `vigie import` reads besides Escouade's rules.json (cli/import_cmd.cpp), each in
// its own file, and the one table of them. Each reader fills a Draft (cli/import_draft.hpp) from
// the file's text; false with "FILE:LINE:COL: message" when the file cannot be read as its format.
#ifndef VIGIE_CLI_IMPORT_FORMATS_HPP
#define VIGIE_CLI_IMPORT_FORMATS_HPP

#include <string>

#include "cli/import_draft.hpp"

namespace vigie::cli {

bool read_claude_settings(const std::string& text, Draft& d,
                          std::string& error);                                 // import_claude.cpp
bool read_codex_rules(const std::string& text, Draft& d, std::string& error);  // import_codex.cpp
bool read_gemini_policy(const std::string& text, Draft& d,
                        std::string& error);  // import_gemini.cpp

struct ImportFormat {
  const char* name;     // `vigie import NAME FILE`
  const char* summary;  // for --help
  bool (*read)(const std::string& text, Draft& d, std::string& error);
};

inline constexpr ImportFormat kImportFormats[] = {
    {"claude-settings", "Claude Code settings.json `permissions` (allow/deny/ask)",
     read_claude_settings},
    {"codex-rules", "Codex CLI execpolicy .rules (prefix_rule)", read_codex_rules},
    {"gemini-policy", "Gemini CLI policy TOML ([[rule]])", read_gemini_policy},
};

}  // namespace vigie::cli

#endif  // VIGIE_CLI_IMPORT_FORMATS_HPP
