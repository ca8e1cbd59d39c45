// Text of the two languages the importers and installers write: shell words (split a command
// the way a shell would, quote a word back) and the policy language's words and strings
// (docs/language.md, "Words"). Header-only, shared by cli/import_*.cpp and cli/install_cmd.cpp.
#ifndef VIGIE_CLI_POLICY_TEXT_HPP
#define VIGIE_CLI_POLICY_TEXT_HPP

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace vigie::cli {

// Splits a rule's command text into words the way a shell would for a simple command (quotes
// removed, backslash escapes). Returns nullopt, with a reason, when the text is not one static
// simple command (operators, substitutions, variables).
inline std::optional<std::vector<std::string>> split_shell_words(const std::string& s,
                                                                 std::string* why_out = nullptr) {
  auto fail = [&](const std::string& w) -> std::optional<std::vector<std::string>> {
    if (why_out) *why_out = w;
    return std::nullopt;
  };
  std::vector<std::string> out;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_word) out.push_back(cur), cur.clear(), in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      auto e = s.find('\'', i + 1);
      if (e == std::string::npos) return fail("an unterminated single quote");
      cur += s.substr(i + 1, e - i - 1);
      i = e;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < s.size() && s[j] != '"'; ++j) {
        if (s[j] == '$' || s[j] == '`') return fail("a substitution or variable");
        if (s[j] == '\\' && j + 1 < s.size() &&
            std::string("\"\\$`").find(s[j + 1]) != std::string::npos)
          ++j;
        cur += s[j];
      }
      if (j >= s.size()) return fail("an unterminated double quote");
      i = j;
    } else if (c == '\\') {
      if (i + 1 < s.size()) cur += s[++i];
    } else if (std::string(";&|<>()`").find(c) != std::string::npos) {
      return fail(std::string("the shell operator `") + c + "` (a rule is one command)");
    } else if (c == '$') {
      return fail("a variable or substitution");
    } else {
      cur += c;
    }
  }
  if (in_word) out.push_back(cur);
  if (out.empty()) return fail("an empty command");
  return out;
}

// A command-pattern word of the policy language matching exactly `w` (see docs/language.md,
// "Words"): bare when it is plain, single-quoted when it needs it, else a regex of its bytes.
inline std::string pattern_word(const std::string& w) {
  static const std::string plain = "_.:=@%+,~^-/";
  bool bare = !w.empty() && w[0] != '/' && w != "..." && w != "$";
  for (char c : w)
    if (!std::isalnum(static_cast<unsigned char>(c)) && plain.find(c) == std::string::npos)
      bare = false;
  if (bare) return w;
  if (w.find('\'') == std::string::npos && !w.empty()) return "'" + w + "'";
  std::string re = "/^";
  for (unsigned char c : w) {
    if (std::isalnum(c) || c >= 0x80) {
      re += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      re += buf;
    }
  }
  return re + "$/";
}

// A double-quoted string of the policy language.
inline std::string policy_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

inline std::string slug(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    for (char c : w) {
      if (std::isalnum(static_cast<unsigned char>(c)))
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      else if (!out.empty() && out.back() != '-')
        out += '-';
    }
    if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out.size() > 40) out.resize(40);
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "rule" : out;
}

// A word quoted for a POSIX shell only when it needs it.
inline std::string shell_quote(const std::string& w) {
  bool plain = !w.empty() && w.find_first_of(" \t\n'\"\\$`;&|<>()*?[]#~{}!") == std::string::npos;
  if (plain) return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Words joined into one command line that a shell splits back into them.
inline std::string command_line(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + shell_quote(w);
  return out;
}

// FILE:LINE:COL of the byte at `offset` of `text` (1-based, columns in bytes).
inline std::string text_position(const std::string& file, const std::string& text,
                                 std::size_t offset) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < text.size() && i < offset; ++i) {
    if (text[i] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

}  // namespace vigie::cli

#endif  // VIGIE_CLI_POLICY_TEXT_HPP
