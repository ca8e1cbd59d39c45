// npm's command names (engine/program_runners.hpp, `npm_command_name`): the command an alias or
// an abbreviation stands for, as npm 11's `deref` (lib/utils/cmd-list.js) resolves it, so that a
// deny or ask rule on `npm publish` meets `npm pub`, `npm publ` and `npm unpublish`'s `npm unp`.
#include <algorithm>
#include <iterator>
#include <string>

#include "engine/program_runners.hpp"

namespace vigie::engine {

namespace {

// npm 11's commands (lib/utils/cmd-list.js `commands`), sorted.
constexpr std::string_view kNpmCommands[] = {"access",
                                             "adduser",
                                             "approve-scripts",
                                             "audit",
                                             "bugs",
                                             "cache",
                                             "ci",
                                             "completion",
                                             "config",
                                             "dedupe",
                                             "deny-scripts",
                                             "deprecate",
                                             "diff",
                                             "dist-tag",
                                             "docs",
                                             "doctor",
                                             "edit",
                                             "exec",
                                             "explain",
                                             "explore",
                                             "find-dupes",
                                             "fund",
                                             "get",
                                             "help",
                                             "help-search",
                                             "init",
                                             "install",
                                             "install-ci-test",
                                             "install-scripts",
                                             "install-test",
                                             "link",
                                             "ll",
                                             "login",
                                             "logout",
                                             "ls",
                                             "org",
                                             "outdated",
                                             "owner",
                                             "pack",
                                             "ping",
                                             "pkg",
                                             "prefix",
                                             "profile",
                                             "prune",
                                             "publish",
                                             "query",
                                             "rebuild",
                                             "repo",
                                             "restart",
                                             "root",
                                             "run",
                                             "sbom",
                                             "search",
                                             "set",
                                             "shrinkwrap",
                                             "stage",
                                             "star",
                                             "stars",
                                             "start",
                                             "stop",
                                             "team",
                                             "test",
                                             "token",
                                             "trust",
                                             "undeprecate",
                                             "uninstall",
                                             "unpublish",
                                             "unstar",
                                             "update",
                                             "version",
                                             "view",
                                             "whoami"};

struct Alias {
  std::string_view name;
  std::string_view command;
};
// Its aliases (`aliases`), each with the command it stands for.
constexpr Alias kNpmAliases[] = {{"author", "owner"},
                                 {"home", "docs"},
                                 {"issues", "bugs"},
                                 {"info", "view"},
                                 {"show", "view"},
                                 {"find", "search"},
                                 {"add", "install"},
                                 {"unlink", "uninstall"},
                                 {"remove", "uninstall"},
                                 {"rm", "uninstall"},
                                 {"r", "uninstall"},
                                 {"un", "uninstall"},
                                 {"rb", "rebuild"},
                                 {"list", "ls"},
                                 {"ln", "link"},
                                 {"create", "init"},
                                 {"i", "install"},
                                 {"it", "install-test"},
                                 {"cit", "install-ci-test"},
                                 {"u", "update"},
                                 {"up", "update"},
                                 {"c", "config"},
                                 {"s", "search"},
                                 {"se", "search"},
                                 {"tst", "test"},
                                 {"t", "test"},
                                 {"ddp", "dedupe"},
                                 {"v", "view"},
                                 {"run-script", "run"},
                                 {"clean-install", "ci"},
                                 {"clean-install-test", "install-ci-test"},
                                 {"x", "exec"},
                                 {"why", "explain"},
                                 {"la", "ll"},
                                 {"verison", "version"},
                                 {"ic", "ci"},
                                 {"innit", "init"},
                                 {"in", "install"},
                                 {"ins", "install"},
                                 {"inst", "install"},
                                 {"insta", "install"},
                                 {"instal", "install"},
                                 {"isnt", "install"},
                                 {"isnta", "install"},
                                 {"isntal", "install"},
                                 {"isntall", "install"},
                                 {"install-clean", "ci"},
                                 {"isntall-clean", "ci"},
                                 {"hlep", "help"},
                                 {"dist-tags", "dist-tag"},
                                 {"upgrade", "update"},
                                 {"udpate", "update"},
                                 {"rum", "run"},
                                 {"sit", "install-ci-test"},
                                 {"urn", "run"},
                                 {"ogr", "org"},
                                 {"add-user", "adduser"}};

std::string_view alias_target(std::string_view name) {
  for (const Alias& a : kNpmAliases)
    if (a.name == name) return a.command;
  return {};
}

}  // namespace

std::string npm_command_name(std::string_view word) {
  if (word.empty()) return {};
  // `installTest` is `install-test`.
  std::string c;
  for (char ch : word) {
    if (ch >= 'A' && ch <= 'Z') {
      c += '-';
      c += static_cast<char>(ch - 'A' + 'a');
    } else {
      c += ch;
    }
  }
  if (std::binary_search(std::begin(kNpmCommands), std::end(kNpmCommands), std::string_view(c)))
    return c;
  if (const std::string_view a = alias_target(c); !a.empty()) return std::string(a);
  // abbrev: the one command or alias `c` is a prefix of; an alias then stands for its command.
  std::string_view found;
  const auto consider = [&](std::string_view name) {
    if (name.size() <= c.size() || name.compare(0, c.size(), c) != 0) return true;
    if (!found.empty()) return false;  // ambiguous: npm knows no such command
    found = name;
    return true;
  };
  for (std::string_view n : kNpmCommands)
    if (!consider(n)) return {};
  for (const Alias& a : kNpmAliases)
    if (!consider(a.name)) return {};
  if (found.empty()) return {};
  if (const std::string_view a = alias_target(found); !a.empty()) return std::string(a);
  return std::string(found);
}

}  // namespace vigie::engine
