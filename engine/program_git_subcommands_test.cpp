// The git subcommands' table (engine/program_git_subcommands.hpp): every entry is found by its
// name and only by it, and the sets the handler reads hold what git does.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "engine/program_git_subcommands.hpp"

namespace gs = vigie::engine::git_subcommands;

TEST_CASE("git subcommands: each entry is found by its name, and no other word") {
  for (const gs::Entry& e : gs::kTable) {
    CAPTURE(e.name);
    const gs::Entry found = gs::find(e.name);
    CHECK(found.name == e.name);
    CHECK(found.traits == e.traits);
    CHECK(found.id == e.id);
    CHECK((e.traits != 0 || e.id != gs::Id::other));  // an entry says something
    // A prefix, an extension, another case: no entry.
    const std::string name(e.name);
    for (const std::string& other :
         {name.substr(0, name.size() - 1), name + "s", name + "-", "-" + name,
          std::string(1, static_cast<char>(name[0] - 'a' + 'A')) + name.substr(1)}) {
      CAPTURE(other);
      const gs::Entry miss = gs::find(other);
      if (miss.name == other) continue;  // another entry's name (`diff` of `diff-tree`)
      CHECK(miss.traits == 0);
      CHECK(miss.id == gs::Id::other);
    }
  }
  for (std::string_view w : {"", "status", "rev-parse", "checkout", "zzzzzzzzzzzzzzzzzzzzzzzz"}) {
    CAPTURE(w);
    CHECK(gs::find(w).traits == 0);
    CHECK(gs::find(w).id == gs::Id::other);
  }
}

TEST_CASE("git subcommands: the sets the handler reads") {
  auto has = [](std::string_view name, unsigned trait) {
    return (gs::find(name).traits & trait) != 0;
  };
  // Object readers print or compare `REV:PATH` contents; archive and grep read whole trees.
  CHECK(has("show", gs::object_reader));
  CHECK(has("cat-file", gs::object_reader));
  CHECK(has("unpack-file", gs::object_reader));
  CHECK(has("archive", gs::tree_reader));
  CHECK_FALSE(has("ls-tree", gs::tree_reader));
  CHECK_FALSE(has("log", gs::object_reader));
  // add and commit take every operand for a pathspec; diff takes revisions too.
  CHECK(has("add", gs::pathspec_only));
  CHECK(has("stage", gs::pathspec_only));
  CHECK(has("commit", gs::pathspec_only));
  CHECK_FALSE(has("diff", gs::pathspec_only));
  CHECK(has("format-patch", gs::pathspec_reader));
  // Transfers name a repository first; clone and init start from none.
  CHECK(has("ls-remote", gs::transfer));
  CHECK(has("clone", gs::no_repository));
  CHECK(has("init-db", gs::no_repository));
  CHECK_FALSE(has("fetch", gs::no_repository));
  // Synonyms judged in each spelling.
  CHECK(has("remote", gs::synonym));
  CHECK_FALSE(has("rm", gs::synonym));
  CHECK(gs::find("sparse-checkout").id == gs::Id::sparse_checkout);
  CHECK(gs::find("send-pack").id == gs::Id::send_pack);
}
