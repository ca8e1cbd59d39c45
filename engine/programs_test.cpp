// The programs table checked against itself: for every entry, a command line is synthesized
// from its declaration (each option that takes a path or runs something, in every spelling the
// program accepts, and its operand shape), and `vigie parse --effects --json`'s view of that line
// (engine/effects_view.hpp) must report what the table declares.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/effects_pairs_test.hpp"
#include "engine/effects_view.hpp"
#include "engine/normalize.hpp"
#include "engine/program_handlers.hpp"
#include "engine/programs.hpp"
#include "engine/programs_decl.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/check.hpp"

using namespace vigie::engine;

namespace {

using testing::effects;  // engine/effects_pairs_test.hpp

std::string access_of(char role) {
  switch (role) {
    case 'w':
    case 't':
    case 'M':  // rewritten in place
      return "write";
    case 'd':
    case 'D':
      return "delete";
    case 'x':
      return "exec";
    default:
      return "read";
  }
}

// Every spelling of an option with a value: `-fV`, `-f V`, `--file=V`, `--file V`, and an
// unambiguous prefix `--fi V` when the program accepts prefixes.
std::vector<std::string> spellings(const ProgramDecl& p, const OptionDecl& d,
                                   const std::string& v) {
  std::vector<std::string> out;
  for (char c : d.shorts) {
    out.push_back(std::string("-") + c + v);
    if (d.arg == OptionDecl::Arg::required) out.push_back(std::string("-") + c + " " + v);
  }
  for (const auto& e : d.exact) out.push_back(e + " " + v);
  for (const auto& l : d.longs) {
    out.push_back("--" + l + "=" + v);
    if (d.arg == OptionDecl::Arg::required) out.push_back("--" + l + " " + v);
    if (!p.prefixes || l.size() < 4) continue;
    // The shortest prefix no other long option of the program shares.
    for (std::size_t n = 2; n < l.size(); ++n) {
      std::string pre = l.substr(0, n);
      bool unique = true;
      for (const auto& o : p.options)
        for (const auto& ol : o.longs)
          if (&o != &d && ol.compare(0, n, pre) == 0) unique = false;
      if (!unique) continue;
      out.push_back("--" + pre + "=" + v);
      break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("programs table: every handler named in the table has its function") {
  std::size_t handled = 0;
  for (const auto& p : program_table()) {
    INFO(p.names.front() << ": handler `" << p.handler << "`");
    CHECK(p.wrapper == (p.handler == "wrapper"));
    if (p.handler.empty() || p.wrapper) {
      CHECK(p.run == nullptr);
      continue;
    }
    CHECK(p.run != nullptr);
    CHECK(p.run == handler_function(p.handler));
    ++handled;
  }
  CHECK(handled > 20);
  // And every entry of the handlers' table is named by some program of the table.
  for (std::string_view h : handler_names()) {
    INFO("handler " << h);
    CHECK(handler_function(h) != nullptr);
    CHECK(std::any_of(program_table().begin(), program_table().end(),
                      [&](const ProgramDecl& p) { return p.handler == h; }));
  }
  CHECK(handler_function("wrapper") == nullptr);
  CHECK(handler_function("") == nullptr);
  CHECK(handler_function("no such handler") == nullptr);
}

TEST_CASE("programs table: every option that takes a path or runs a program is seen") {
  std::size_t checked = 0;
  for (const auto& p : program_table()) {
    if (p.handler == "wrapper" || p.handler == "find" || p.handler == "dd") continue;
    const std::string& name = p.names.front();
    for (const auto& d : p.options) {
      if (d.arg == OptionDecl::Arg::none) continue;
      if (std::string("rwdtxPio").find(d.role) == std::string::npos || d.role == 0) continue;
      // A value that cannot be mistaken for anything else, and for `x` a command line.
      std::string v = d.role == 'x' ? "/opt/probe/run" : "/opt/probe/file";
      // `--checkpoint-action=exec=CMD`: only the `exec` action runs something; roles `i` and
      // `o` take `NAME=FILE`.
      bool action = !d.longs.empty() && d.longs.front() == "checkpoint-action";
      std::string given = action ? "exec=" + v : d.role == 'i' || d.role == 'o' ? ".s=" + v : v;
      for (const auto& sp : spellings(p, d, given)) {
        // Old-style tar needs a mode; sed and awk need a script; git needs its subcommand.
        std::string line = name + " " + sp;
        if (p.handler == "tar") line += " -t";
        if (p.handler == "sed" && d.role != 'P') line += " -e p";
        if (p.handler == "awk" && d.role != 'P') line += " -e 1";
        CAPTURE(line);
        auto fx = effects(line);
        std::string want = access_of(d.role == 'o' ? 'w' : d.role);
        if (p.handler == "tar" && d.shorts == "f") want = "read";  // `-t`: the archive is read
        if (p.handler == "tar" && d.shorts == "C") continue;       // members' folder (tested below)
        CHECK(fx.count({want, v}) == 1);
        ++checked;
      }
    }
  }
  CHECK(checked > 300);
}

TEST_CASE("programs table: operand shapes give each operand its access") {
  std::size_t checked = 0;
  for (const auto& p : program_table()) {
    if (!p.handler.empty() || p.operands.empty()) continue;
    const std::string& name = p.names.front();
    // Three operands; roles from the shape, the way apply_operands reads it.
    std::string fixed;
    char rest = '-', last = 0;
    for (std::size_t i = 0; i < p.operands.size(); ++i) {
      if (i == 0 && p.operands[i] == '^') {
        // With no operand: the files its input names, below the current folder.
        auto alone = effects(name);
        CHECK(alone.count({"write", "."}) == 1);
        continue;
      }
      if (p.operands[i] == '*')
        rest = p.operands[++i];
      else if (p.operands[i] == '$')
        last = p.operands[++i];
      else
        fixed.push_back(p.operands[i]);
    }
    std::vector<std::string> ops = {"/opt/o/one", "/opt/o/two", "/opt/o/three"};
    std::string line = name;
    for (const auto& o : ops) line += " " + o;
    CAPTURE(line);
    auto fx = effects(line);
    bool script_seen = false;
    for (std::size_t k = 0; k < ops.size(); ++k) {
      char role = k < fixed.size() ? fixed[k] : rest;
      if (last && k + 1 == ops.size() && ops.size() >= fixed.size() + 2) role = last;
      if (last && k + 1 == ops.size() && ops.size() >= fixed.size() + 2 &&
          (role == 'w' || role == 'C' || role == 'L')) {
        // A destination the sources may be written into (engine/copy_into.cpp): two sources,
        // so a folder, and each lands below it.
        for (std::size_t s = fixed.size(); s + 1 < ops.size() && ops.size() - fixed.size() >= 3;
             ++s)
          CHECK(fx.count({"write", ops.back() + ops[s].substr(ops[s].rfind('/'))}) == 1);
        role = 'w';
      }
      if (role == '-' && script_seen) {
        // A script's argument that names a path: a read for the explicit path rules only.
        CHECK(fx.count({"read", ops[k]}) == 1);
      } else if (role == '-' || role == 'p') {
        bool any = false;
        for (const auto& a : {"read", "write", "delete", "exec"})
          any = any || fx.count({a, ops[k]});
        CHECK_FALSE(any);
      } else if (role == 'g') {  // a folder written under names the line does not show
        CHECK(fx.count({"write", ops[k] + "/*"}) == 1);
      } else {
        CHECK(fx.count({access_of(role == 'x' ? 'x' : role), ops[k]}) == 1);
        if (role == 'm') CHECK(fx.count({"write", ops[k]}) == 1);  // read, then rewritten
      }
      script_seen = script_seen || role == 'x';
      ++checked;
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("programs table: wrappers' long options in every prefix hide no command") {
  for (const auto& p : program_table()) {
    // sudoedit's operands are the files it edits (`*w`): it runs no command.
    if (p.handler != "wrapper" || p.operands == "*w") continue;
    const std::string& name = p.names.front();
    for (const auto& d : p.options) {
      // N and P run nothing (`sudo -l`, `ionice -p PID`).
      if (d.flag == 'N' || d.flag == 'P' || d.arg != OptionDecl::Arg::required) continue;
      for (const auto& sp : spellings(p, d, "val")) {
        // A positional before the command (timeout's DURATION); `=` (assignments first) is none.
        const bool positional = !p.operands.empty() && p.operands != "=";
        std::string line = name + " " + sp + (positional ? " 5" : "") + " rm -rf /opt/x";
        CAPTURE(line);
        auto j = nlohmann::json::parse(effects_to_json(line));
        // env's `-S STRING` runs STRING's words with the words after it appended (the shebang
        // form): `val rm -rf /opt/x`, where `rm` is an argument.
        const char* run = name == "env" && d.role == 'x' ? "val" : "rm";
        bool seen = false;
        for (const auto& c : j["commands"])
          if (!c["argv"].empty() && c["argv"][0] == run) seen = true;
        CHECK(seen);
      }
    }
  }
}

namespace {

std::string shape_text(const std::string& s) {
  if (s.empty()) return "not paths";
  std::string out;
  auto role = [](char c) -> std::string {
    switch (c) {
      case 'r':
        return "read";
      case 'w':
        return "write";
      case 'd':
        return "delete";
      case 'x':
        return "run (a script file)";
      case 'p':
        return "pattern/script";
      case 'm':
        return "read and rewritten";
      case 'c':
        return "folder";
      case 'g':
        return "folder written into (`DIR/*`)";
      case 'h':
        return "folder searched with all below it (hidden names skipped)";
      case 'H':
        return "folder searched with all below it";
      case 'l':
        return "folder listed with all folders below it";
      default:
        return "not a path";
    }
  };
  std::string fixed;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::string part;
    if (s[i] == '*' && i + 1 < s.size())
      part = "others: " + role(s[++i]);
    else if (s[i] == '$' && i + 1 < s.size())
      part = "last: " + role(s[++i]);
    else
      part = role(s[i]);
    out += (out.empty() ? "" : ", ") + part;
  }
  return out;
}

// The table of docs/programs.md, from the programs table.
std::string programs_markdown() {
  std::string md =
      "| programs | operands | options with a path | options that run something |\n"
      "|---|---|---|---|\n";
  for (const auto& p : program_table()) {
    std::string names, paths, runs;
    for (const auto& n : p.names) names += (names.empty() ? "" : " ") + ("`" + n + "`");
    if (p.variants) names += " and their versioned and target-prefixed names";
    for (const auto& d : p.options) {
      std::string sp = option_name(d);
      if (d.role == 'r' || d.role == 'w' || d.role == 'd' || d.role == 't' || d.role == 'P' ||
          d.role == 'c')
        paths += (paths.empty() ? "" : " ") + ("`" + sp + "` " + access_of(d.role));
      if (d.role == 'g' || d.role == 'e')  // a folder written under names the line does not show
        paths += (paths.empty() ? "" : " ") +
                 ("`" + sp + "` " + (d.role == 'e' ? "folder, " : "") + "written into (`DIR/*`)");
      if (d.role == 'i' || d.role == 'o')  // `NAME=FILE`
        paths += (paths.empty() ? "" : " ") +
                 ("`" + sp + "` " + (d.role == 'o' ? "write" : "read") + " (`NAME=FILE`)");
      if (d.role == 'u')  // pip -i: a URL, or a local path read
        paths += (paths.empty() ? "" : " ") + ("`" + sp + "` read (a path or `file:` URL)");
      if (d.role == 'y') {  // strace -o: a file, or `|CMD`
        paths += (paths.empty() ? "" : " ") + ("`" + sp + "` write");
        runs += (runs.empty() ? "" : " ") + ("`" + sp + " |CMD`");
      }
      if (d.role == 'x' || d.flag == '!' || d.flag == 'E' || d.flag == 'H' || d.flag == 'X')
        runs += (runs.empty() ? "" : " ") + ("`" + sp + "`");
    }
    std::string ops = p.handler == "wrapper" && p.operands != "*w" ? "the command it runs"
                                                                   : shape_text(p.operands);
    if (!p.handler.empty() && p.handler != "wrapper") ops = "handler `" + p.handler + "`";
    md += "| " + names + " | " + ops + " | " + paths + " | " + runs + " |\n";
  }
  // The interpreters column: programs that run code given to them.
  md += "\n| interpreters | kind | versioned names |\n|---|---|---|\n";
  for (std::size_t i = 0; i < kInterpreterCount; ++i) {
    const auto& s = kInterpreters[i];
    std::string names;
    std::string_view all = s.names;
    while (!all.empty()) {
      auto sp = all.find(' ');
      names += (names.empty() ? "" : " ") + ("`" + std::string(all.substr(0, sp)) + "`");
      if (sp == std::string_view::npos) break;
      all.remove_prefix(sp + 1);
    }
    md += "| " + names + " | " +
          (s.kind == 's'   ? "shell"
           : s.kind == 'e' ? "editor"
                           : "interpreter") +
          " | " + (s.prefix ? "yes (`python3.12`)" : "no") + " |\n";
  }
  return md;
}

}  // namespace

TEST_CASE("docs/programs.md lists the programs table") {
  const std::string path = std::string(VIGIE_SOURCE_DIR) + "/docs/programs.md";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string doc = ss.str();
  const std::string marker = "<!-- table: generated by engine/programs_test.cpp -->\n";
  auto at = doc.find(marker);
  REQUIRE(at != std::string::npos);
  std::string want = doc.substr(0, at + marker.size()) + programs_markdown();
  if (std::getenv("VIGIE_UPDATE_GOLDEN")) {
    std::ofstream(path) << want;
    SUCCEED("docs/programs.md rewritten");
    return;
  }
  CHECK(doc == want);
}

TEST_CASE("the checker's wrappers and interpreters are the engine's") {
  // `lint` (V214) reads the engine's wrappers and interpreters (CheckOptions::programs, passed
  // by the compiler); its fallback for a bare check() must name nothing the engine would not.
  for (auto w : vigie::policy::fallback_wrappers()) {
    CAPTURE(w);
    CHECK(is_wrapper(w));
  }
  for (auto i : vigie::policy::fallback_interpreters()) {
    CAPTURE(i);
    CHECK(is_interpreter(i));
  }
  // Every wrapper of the programs table is a wrapper for the engine.
  for (const auto& p : program_table()) {
    if (p.handler != "wrapper") continue;
    CAPTURE(p.names.front());
    CHECK(is_wrapper(p.names.front()));
  }
}

TEST_CASE("the index's names: one space inside `git SUB`, each found at its first entry") {
  // The index keys are views into the table's strings ("git push git send-pack" gives the view
  // "git push"), so a name of two words is spelled with exactly one space.
  std::set<std::string> seen;
  const auto& table = program_table();
  for (std::size_t i = 0; i < table.size(); ++i) {
    for (const auto& n : table[i].names) {
      CAPTURE(n);
      CHECK(!n.empty());
      CHECK(n.find("  ") == std::string::npos);
      CHECK((n.find(' ') == std::string::npos || n.rfind("git ", 0) == 0));
      ProgramName p = program_name(n);
      CHECK(p.known);
      // One entry per name: a second one would be dead (the first entry of a name wins).
      CHECK(seen.insert(n).second);
      CHECK(p.program == i);
    }
  }
  CHECK(program_name("git push").decl == find_program("git send-pack"));
  CHECK(program_name("git").program != program_name("git push").program);
}

TEST_CASE("the interpreters column: shells, interpreters, versioned names") {
  struct Row {
    const char* name;
    bool shell, interpreter;
  };
  const Row rows[] = {
      {"sh", true, true},           {"bash", true, true},        {"hush", true, true},
      {"fish", false, true},        {"python3.12", false, true}, {"perl5.30", false, true},
      {"node", false, true},        {"nodejs", false, true},     {"ts-node", false, true},
      {"systemd-run", false, true}, {".", false, true},          {"jq", false, false},
      {"git", false, false},        {"pythonic", false, true},   {"Python", false, false},
      {"", false, false},
  };
  for (const auto& r : rows) {
    CAPTURE(r.name);
    CHECK(table_shell(r.name) == r.shell);
    CHECK(table_interpreter(r.name) == r.interpreter);
    CHECK(is_shell(r.name) == r.shell);
    CHECK(is_interpreter(r.name) == r.interpreter);
  }
}

TEST_CASE("versioned and target-prefixed names of the entries of style v") {
  struct Row {
    const char* name;
    const char* entry;  // the first name of the entry it stands for, "" none
  };
  const Row rows[] = {
      {"gcc", "gcc"},
      {"gcc-12", "gcc"},
      {"gcc12", "gcc"},
      {"gcc-12.2", "gcc"},
      {"g++-12", "gcc"},
      {"clang++-17", "gcc"},
      {"clang-17", "gcc"},
      {"x86_64-linux-gnu-gcc", "gcc"},
      {"x86_64-linux-gnu-gcc-12", "gcc"},
      {"arm-none-eabi-g++", "gcc"},
      {"clang-cpp-14", "gcc"},
      {"cpp-12", "gcc"},
      {"aarch64-linux-gnu-ld", "ld"},
      {"ld.lld-17", "ld"},
      // Any entry's name takes a version suffix (program_name), not a target prefix.
      {"clang-format-14", "clang-format"},
      {"x86_64-linux-gnu-clang-format", ""},
      {"python3.12", "python"},
      {"bundle3.1", "uv"},
      {"2to3-3.11", "2to3"},
      {"clang-tidy", "clang-tidy"},  // its own entry (a fixer), not clang's
      {"gcc-ar", ""},
      {"gcc-ar-12", ""},
      {"c++filt", "c++filt"},
      {"x86_64-linux-gnu-c++filt", "c++filt"},
      {"x86_64-linux-gnu-strip", "strip"},
      {"llvm-objdump-17", "objdump"},
      {"gcc-nm-12", "nm"},
      {"arm-none-eabi-objcopy", "objcopy"},
      {"ccmake", ""},
      {"gold", ""},
      {"git x-gcc", ""},
      {"docker:gcc", ""},
      {"/usr/bin/gcc-12", ""},
  };
  for (const auto& r : rows) {
    CAPTURE(r.name);
    const ProgramDecl* d = find_program(r.name);
    if (std::string_view(r.entry).empty()) {
      CHECK(d == nullptr);
    } else {
      REQUIRE(d != nullptr);
      CHECK(d->names.front() == r.entry);
    }
  }
}

TEST_CASE("a command's files stop past the judge's limit, and the command is asked") {
  // Checked before the work it bounds: 100,000 operands make limits::judged_paths + 1 effects,
  // not 100,000 (or 200,000 with cp's destination folder), and one escalation says why.
  auto word = [](const std::string& s) {
    vigie::shell::WordView w;
    w.text = s;
    w.literal = s;
    w.pattern = s;
    return w;
  };
  for (const char* program : {"cp", "rm", "strip", "chmod"}) {
    std::vector<vigie::shell::WordView> words{word(program)};
    if (std::string(program) == "chmod") words.push_back(word("644"));
    for (int i = 0; i < 100000; ++i) words.push_back(word("a" + std::to_string(i % 7)));
    ProgramEffects out;
    program_effects(program, words, out);
    INFO(program);
    CHECK(out.files.size() == vigie::limits::judged_paths + 1);
    CHECK(out.files_capped);
    CHECK(std::count_if(out.escalations.begin(), out.escalations.end(), [](const auto& e) {
            return e.find("paths on one command") != std::string::npos;
          }) == 1);
  }
  ProgramEffects few;
  program_effects("cp", {word("cp"), word("a"), word("b")}, few);
  CHECK_FALSE(few.files_capped);
  CHECK(few.escalations.empty());
}
