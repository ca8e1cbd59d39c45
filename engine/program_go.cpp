// What the go command runs and changes beyond its table entry (engine/programs_table_tools.cpp),
// called by the `fmt-command` handler (engine/program_format_commands.cpp):
//   - `go env -w NAME=VALUE…` writes go's environment file: every later go command runs with
//     NAME=VALUE, so each pair is judged as `export NAME=VALUE` would be (`go env -w
//     GOFLAGS=-toolexec=CMD`, `CC=CMD`: CMD is a line go runs later);
//   - `go run PKG@VERSION` downloads a module and runs it: asked;
//   - `-ldflags` holding `-extld=CMD` (or `-extld CMD`) makes the linker run CMD; `-extldflags`
//     holding one of cc's options that run a program (`-fuse-ld=/x`, `-B DIR`): asked.
#include <string>
#include <string_view>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// Words of external linker flags that make the C compiler driver run or load another program.
constexpr std::string_view kExtLinkerRuns[] = {"-fuse-ld=", "--ld-path", "-B",     "-wrapper",
                                               "plugin",    "-specs",    "--specs"};

// go build's flags that take the next word as their value (one or two dashes).
constexpr std::string_view kValuedBuildFlags =
    "-C -o -p -tags -ldflags -gcflags -asmflags -gccgoflags -mod -modfile -overlay -pkgdir "
    "-toolexec -exec -compiler -installsuffix -pgo -covermode -coverpkg -buildmode "
    "--C --o --p --tags --ldflags --gcflags --asmflags --gccgoflags --mod --modfile --overlay "
    "--pkgdir --toolexec --exec --compiler --installsuffix --pgo --covermode --coverpkg "
    "--buildmode";

// `-ldflags=VALUE`: the linker's flags, space-separated (quotes group words).
void ldflags(const std::string& entry, std::string_view v, ProgramEffects& out) {
  for (std::size_t at = v.find("-extld"); at != std::string_view::npos;
       at = v.find("-extld", at + 1)) {
    std::size_t i = at + 6;
    const bool flags = v.substr(i).starts_with("flags");
    if (flags) i += 5;
    if (i < v.size() && v[i] != '=' && v[i] != ' ') continue;  // another flag's name
    ++i;
    if (flags) {
      for (std::string_view marker : kExtLinkerRuns)
        if (v.find(marker, i) != std::string_view::npos) {
          out.escalations.push_back(entry + " -extldflags: makes the linker run another program");
          return;
        }
      continue;
    }
    std::size_t end = v.find(' ', i);
    if (end == std::string_view::npos) end = v.size();
    std::string_view cmd = v.substr(i, end - i);
    while (!cmd.empty() && (cmd.front() == '\'' || cmd.front() == '"')) cmd.remove_prefix(1);
    while (!cmd.empty() && (cmd.back() == '\'' || cmd.back() == '"')) cmd.remove_suffix(1);
    out.escalations.push_back(entry + " -extld: the linker runs another program");
    if (!cmd.empty()) out.scripts.emplace_back(cmd);
  }
}

}  // namespace

bool go_effects(std::string_view name, const std::string& sub, const Words& w, std::size_t at,
                ProgramEffects& out) {
  const std::string n(name);
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = program_words::lit(w, k);
    if (!s) continue;
    std::string_view o = *s;
    if (o.starts_with("--")) o.remove_prefix(1);
    if (o == "-ldflags" && k + 1 < w.size() && w[k + 1].literal)
      ldflags(n + " -ldflags", *w[++k].literal, out);
    else if (o.starts_with("-ldflags="))
      ldflags(n + " -ldflags", o.substr(9), out);
  }
  // `go run PKG@VERSION`: downloads a module and runs its program (as `npx PKG`).
  if (sub == "run")
    for (std::size_t k = at + 1; k < w.size(); ++k) {
      const std::string* s = program_words::lit(w, k);
      if (!s) break;
      if (s->starts_with('-')) {
        // Build flags that take the next word (`-tags x`), unless given with `=`.
        if (s->find('=') == std::string::npos && program_words::in_words(kValuedBuildFlags, *s))
          ++k;
        continue;
      }
      if (s->find('@') != std::string::npos && !s->ends_with(".go"))
        out.escalations.push_back(n + " run " + *s + ": downloads a module and runs it");
      break;
    }
  if (sub != "env") return false;
  // `go env -w NAME=VALUE…`; `-u NAME` only removes a setting.
  bool write = false;
  for (std::size_t k = at + 1; k < w.size(); ++k) {
    const std::string* s = program_words::lit(w, k);
    if (!s) {
      if (write) out.escalations.push_back(n + " env -w with a word that is not static");
      continue;
    }
    if (*s == "-w" || *s == "--w") {
      write = true;
      continue;
    }
    if (!write || s->starts_with('-')) continue;
    const std::size_t eq = s->find('=');
    if (eq == std::string::npos || eq == 0) continue;
    out.scripts.push_back("export " + s->substr(0, eq + 1) +
                          program_words::single_quoted(std::string_view(*s).substr(eq + 1)));
  }
  return true;
}

}  // namespace vigie::engine
