// The compiled policies that the decide, request, hook and serve targets judge requests with:
// every ready policy (rules/) and every decision table (tests/engine/decisions/), compiled once
// at start, plus one policy that uses every block of the language.
#ifndef VIGIE_TESTS_FUZZ_POLICIES_HPP
#define VIGIE_TESTS_FUZZ_POLICIES_HPP

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "vigie/vigie.hpp"

#ifndef VIGIE_SOURCE_DIR
#error "VIGIE_SOURCE_DIR must name the source tree"
#endif

namespace vigie::fuzz {

inline const char* kEveryBlock = R"(policy "every-block"
mode ask
paths {
  workspace .
  workspace-only on
  allow ~/shared /tmp/build
  allow read /usr/share/doc
  deny ~/.ssh ~/.aws /etc  "Secrets and system config are off limits."
  protect tests/** *.lock  "Change the code, not the tests."
  third-party default
}
commands {
  deny  rm -rf  "Do not delete recursively."
  deny  git push (--force | -f)  "No force push."
  allow npm test | npm run lint | git status | git diff | git log | cat | ls | echo
  allow python -m pytest
  ask   git push
  deny  /^mkfs(\..+)?$/  "no mkfs"
  option rm -r -R --recursive
  wrapper firejail
  interpreter deno
}
fetch {
  allow GET *.github.com docs.python.org
  deny  *.pastebin.com  "No paste sites."
}
mcp {
  allow github/get_* github/list_*
  ask   */delete_*
}
tools {
  auto-approve file_read memory_search
  always-ask shell
  exclude browser
  allow Task
}
session {
  loop-threshold 3
  budget actions 20
}
agent "reviewer" {
  commands {
    deny git commit  "Reviewers do not commit."
  }
}
)";

inline const std::vector<std::shared_ptr<const Policy>>& policies() {
  static const std::vector<std::shared_ptr<const Policy>> all = [] {
    std::vector<std::shared_ptr<const Policy>> v;
    auto r = compile({{"every-block.vigie", kEveryBlock}});
    if (r.policy) v.push_back(r.policy);
    std::vector<std::filesystem::path> files;
    for (const char* dir : {"/rules", "/tests/engine/decisions"})
      for (const auto& e : std::filesystem::directory_iterator(std::string(VIGIE_SOURCE_DIR) + dir))
        if (e.path().extension() == ".vigie") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    CompileOptions opt;
    opt.check_examples = false;
    for (const auto& f : files) {
      auto c = compile_file(f.string(), opt);
      if (c.policy) v.push_back(c.policy);
    }
    if (v.size() < 2) {
      std::fprintf(stderr, "fuzz: the policies of %s did not compile\n", VIGIE_SOURCE_DIR);
      std::abort();
    }
    return v;
  }();
  return all;
}

// A filesystem with a few symlinks (one a loop), so that path rules resolve something.
inline std::shared_ptr<const FileSystem> file_system() {
  static const auto fs = virtual_file_system(
      {{"/srv/app/link", "/etc"},
       {"/srv/app/loop", "/srv/app/loop2"},
       {"/srv/app/loop2", "/srv/app/loop"},
       {"/home/u/dot", "/home/u/.ssh"}},
      {"/srv/app/src/main.c", "/srv/app/tests/t.py", "/home/u/.ssh/id_rsa", "/etc/passwd"});
  return fs;
}

}  // namespace vigie::fuzz

#endif  // VIGIE_TESTS_FUZZ_POLICIES_HPP
