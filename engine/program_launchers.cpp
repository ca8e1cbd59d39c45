// Handler `launcher` (named in engine/programs_table.cpp): environment and project managers
// whose subcommand runs a command in the environment they set up: `uv run CMD`, `poetry run`,
// `pipenv run`, `bundle exec`, `conda run` (mamba, micromamba), `direnv exec DIR CMD`,
// `mise exec -- CMD`, `nix develop -c CMD`, `nix-shell --run LINE`, `op run -- CMD`,
// `aws-vault exec PROFILE -- CMD`, `doppler run -- CMD`. The command is judged as a command (a
// shell line as a nested script), so a bare allow of the manager never covers it. Each
// launcher's own options before the command are declared below; an option it does not declare
// makes where the command starts uncertain: at least asked.
#include <algorithm>
#include <string>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

struct Launcher {
  std::string_view program;
  std::string_view sub;     // the subcommand that runs a command ("" for the program itself)
  std::string_view flags;   // options without a value (space-separated, as written)
  std::string_view valued;  // options taking the next word (or `=VALUE`)
  std::size_t skip;         // operands before the command (direnv's DIR, aws-vault's PROFILE)
  bool dash_only;           // the command is only what follows `--`
  std::string_view line;    // options whose value is a shell line (nix-shell --run)
  std::string_view argv;    // options after which the rest is the command (nix develop -c)
};

constexpr Launcher kLaunchers[] = {
    {"uv", "run",
     "--no-sync --frozen --locked --isolated --no-project --active --all-packages --all-extras "
     "--no-dev --only-dev --no-default-groups --all-groups --offline --no-cache -q --quiet -v "
     "--verbose --no-editable --exact --inexact --no-env-file --no-config --native-tls "
     "--no-progress -n --no-build --preview --no-python-downloads",
     "--with --with-editable --with-requirements -p --python --package --extra --group "
     "--only-group --no-group --env-file --directory --project --index --default-index "
     "--index-url --extra-index-url -f --find-links --config-file --cache-dir --color "
     "--python-platform",
     0, false, "", ""},
    {"poetry", "run",
     "-q --quiet -v -vv -vvv --verbose -n --no-interaction --no-ansi --ansi --no-plugins "
     "--no-cache",
     "-C --directory -P --project", 0, false, "", ""},
    {"pipenv", "run", "--system -v --verbose -q --quiet --clear", "--python", 0, false, "", ""},
    {"bundle", "exec", "--keep-file-descriptors", "--gemfile", 0, false, "", ""},
    {"conda", "run",
     "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet",
     "-n --name -p --prefix --cwd", 0, false, "", ""},
    {"mamba", "run",
     "--live-stream --no-capture-output --debug-wrapper-scripts -v --verbose -q --quiet",
     "-n --name -p --prefix --cwd", 0, false, "", ""},
    {"micromamba", "run", "-a --attach --clean-env -q --quiet -v --verbose",
     "-n --name -p --prefix --cwd -e --env", 0, false, "", ""},
    {"direnv", "exec", "", "", 1, false, "", ""},
    {"mise", "exec", "", "", 0, true, "", ""},
    {"mise", "x", "", "", 0, true, "", ""},
    {"op", "run", "", "", 0, true, "", ""},
    {"aws-vault", "exec", "", "", 0, true, "", ""},
    {"doppler", "run", "", "", 0, true, "", ""},
    {"nix", "develop", "", "", 0, false, "", "-c --command"},
    {"nix-shell", "", "", "", 0, false, "--run --command", ""},
};

bool listed(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    auto sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

const std::string* lit(const Words& w, std::size_t i) {
  return i < w.size() && w[i].literal ? &*w[i].literal : nullptr;
}

// The words from `from` on are the command: judged as an argv.
void run_argv(const Words& w, std::size_t from, ProgramEffects& out) {
  if (from < w.size()) out.argvs.emplace_back(w.begin() + static_cast<long>(from), w.end());
}

void launch(const Launcher& l, const Words& w, std::size_t from, ProgramEffects& out) {
  const std::string entry =
      std::string(l.program) + (l.sub.empty() ? "" : " ") + std::string(l.sub);
  std::size_t operands = 0;
  bool unknown = false;
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (!w[i].text.empty() && (w[i].text[0] == '$' || w[i].text[0] == '`' ||
                                 w[i].text[0] == '"' || w[i].text[0] == '\'')) {
        out.escalations.push_back(entry + " with a word that is not static before its command");
        return;
      }
    }
    std::string_view v = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (v == "--") {
      run_argv(w, i + 1, out);
      return;
    }
    if (v.size() > 1 && v[0] == '-') {
      std::string_view key = v.substr(0, v.find('='));
      bool attached = key.size() < v.size();
      if (listed(l.line, key)) {
        const std::string* line = attached ? nullptr : lit(w, i + 1);
        std::string text =
            attached ? std::string(v.substr(key.size() + 1)) : (line ? *line : std::string());
        if (!attached && !line) {
          out.escalations.push_back(entry + " " + std::string(key) + " that is not static");
        } else {
          out.escalations.push_back(entry + " " + std::string(key) + ": runs a shell command");
          out.scripts.push_back(text);
        }
        if (!attached) ++i;
        continue;
      }
      if (listed(l.argv, key)) {
        run_argv(w, i + 1, out);
        return;
      }
      if (listed(l.valued, key)) {
        if (!attached) ++i;
        continue;
      }
      if (!listed(l.flags, key)) unknown = true;
      continue;
    }
    if (l.dash_only || !l.argv.empty() || !l.line.empty()) continue;  // not the command
    if (operands++ < l.skip) continue;
    if (unknown) {
      out.escalations.push_back(entry + " with an option the table does not know");
      return;
    }
    run_argv(w, i, out);
    return;
  }
  if (l.dash_only && w.size() > from)
    out.escalations.push_back(entry + " without `--`: where its command starts is not known");
}

}  // namespace

void launcher_handler(const ProgramDecl&, std::string_view name, const Words& w,
                      ProgramEffects& out) {
  // The subcommand: the first word that names one (global options may stand before it, some
  // with a separate value: `nix --option K V develop`), or the program itself.
  for (std::size_t i = 1; i <= w.size(); ++i) {
    for (const auto& l : kLaunchers) {
      if (l.program != name) continue;
      if (l.sub.empty() && i == 1) {
        launch(l, w, 1, out);
        return;
      }
      if (i < w.size() && !l.sub.empty() && lit(w, i) && *lit(w, i) == l.sub) {
        launch(l, w, i + 1, out);
        return;
      }
    }
    if (i < w.size() && lit(w, i) && *lit(w, i) == "--") return;
  }
}

}  // namespace vigie::engine
