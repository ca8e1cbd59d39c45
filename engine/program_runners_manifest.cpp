// What a package manager's own commands change for later (engine/program_runners.hpp,
// `runner_manifest_effects`): a configuration key naming a program it runs (`npm config set
// script-shell CMD`), package.json's scripts (`npm pkg set scripts.test=CMD`), a new
// package.json (`npm init`). The runners themselves are in engine/program_runners.cpp.
#include <algorithm>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_runners.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// The configuration keys whose value is a program a package manager runs later
// (`npm config set script-shell CMD`, `yarn config set script-shell CMD`).
constexpr std::string_view kProgramKeys[] = {"script-shell", "shell",  "git",        "editor",
                                             "browser",      "viewer", "scriptShell"};
// Keys whose value is code run later without being a command line: node's options for every
// script (`--require FILE`), yarn's own release file (yarn runs it in its place).
constexpr std::string_view kCodeKeys[] = {"node-options", "yarnPath"};
// Keys whose value is a path used later: 'r' a file read (npm's configuration files and
// certificates), 'g' a folder written (the global prefix, the caches and stores).
struct PathKey {
  std::string_view key;
  char role;
};
constexpr PathKey kPathKeys[] = {
    {"userconfig", 'r'},     {"globalconfig", 'r'},
    {"cafile", 'r'},         {"prefix", 'g'},
    {"cache", 'g'},          {"store-dir", 'g'},
    {"global-dir", 'g'},     {"cacheFolder", 'g'},
    {"globalFolder", 'g'},   {"virtual-store-dir", 'g'},
    {"global-bin-dir", 'g'},
};

// `npm config set KEY VALUE`, `npm set KEY=VALUE`, `pnpm config set`, `yarn config set`: a value
// that is a program is judged as the line it runs, and asked.
void config_set_programs(std::string_view name, const Words& w, ProgramEffects& out) {
  std::size_t k = 1;
  while (k < w.size() && w[k].literal && !w[k].literal->empty() && (*w[k].literal)[0] == '-') ++k;
  if (k < w.size() && w[k].literal && (*w[k].literal == "config" || *w[k].literal == "c"))
    ++k;
  else if (name != "npm" && name != "pnpm")
    return;
  if (!(k < w.size() && w[k].literal && *w[k].literal == "set")) return;
  for (++k; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (!s || s->empty() || (*s)[0] == '-') continue;
    std::string key = *s, value;
    bool has_value = false;
    if (auto eq = s->find('='); eq != std::string::npos) {
      key = s->substr(0, eq);
      value = s->substr(eq + 1);
      has_value = true;
    }
    const bool program =
        std::find(std::begin(kProgramKeys), std::end(kProgramKeys), key) != std::end(kProgramKeys);
    const bool code =
        std::find(std::begin(kCodeKeys), std::end(kCodeKeys), key) != std::end(kCodeKeys);
    const PathKey* path = nullptr;
    for (const PathKey& p : kPathKeys)
      if (p.key == key) path = &p;
    if (!program && !code && !path) continue;
    const std::string entry = std::string(name) + " config set " + key;
    std::size_t value_at = k;
    if (!has_value) {
      if (k + 1 >= w.size()) continue;
      if (path) {  // `npm config set prefix ~/x`: the word as a path (`~` expanded)
        if (path->role == 'g')
          add_folder_files(out, w[++k], From::option, entry);
        else
          add_word_file(out, Touch::read, w[++k], From::option, entry);
        continue;
      }
      if (!w[k + 1].literal) {
        out.escalations.push_back(entry + " with a value that is not static");
        return;
      }
      value = *w[++k].literal;
      value_at = k;
    }
    if (path) {
      const WordView v = word_of(w[value_at], value);
      if (path->role == 'g')
        add_folder_files(out, v, From::option, entry);
      else
        add_word_file(out, Touch::read, v, From::option, entry);
      continue;
    }
    out.escalations.push_back(entry +
                              (program ? ": a program it runs later" : ": code it runs later"));
    if (program && !value.empty()) out.scripts.push_back(value);
  }
}

// `npm pkg set scripts.test=CMD`, `npm pkg delete KEY`, `npm set-script test CMD`: package.json
// is rewritten, and a script set is a line npm runs later (`npm test`): judged, and asked.
void pkg_set_scripts(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name != "npm" && name != "pnpm") return;
  std::size_t k = 1;
  while (k < w.size() && w[k].literal && !w[k].literal->empty() && (*w[k].literal)[0] == '-') ++k;
  if (k >= w.size() || !w[k].literal) return;
  const std::string& sub = *w[k].literal;
  const bool pkg =
      sub == "pkg" && k + 1 < w.size() && w[k + 1].literal &&
      (*w[k + 1].literal == "set" || *w[k + 1].literal == "delete" || *w[k + 1].literal == "fix");
  if (!pkg && sub != "set-script") return;
  const std::string entry = std::string(name) + " " + sub + (pkg ? " " + *w[k + 1].literal : "");
  add_word_file(out, Touch::write, word_of(w[k], "package.json"), From::operand, entry);
  if (sub == "set-script") {
    if (k + 2 < w.size()) {
      out.escalations.push_back(entry + ": a script npm runs later");
      if (w[k + 2].literal) out.scripts.push_back(*w[k + 2].literal);
    }
    return;
  }
  for (std::size_t i = k + 2; i < w.size(); ++i) {
    const std::string* a = w[i].literal ? &*w[i].literal : nullptr;
    if (!a) {
      out.escalations.push_back(entry + " with a word that is not static");
      continue;
    }
    if (!a->starts_with("scripts")) continue;
    out.escalations.push_back(entry + " " + a->substr(0, a->find('=')) +
                              ": a script npm runs later");
    if (auto eq = a->find('='); eq != std::string::npos) out.scripts.push_back(a->substr(eq + 1));
  }
}

// `npm init`, `npm init -y`, `pnpm init`, `yarn init -y`: with no package to run (`npm init
// vite` runs create-vite), ./package.json is written (in `-w DIR`: DIR/package.json).
void init_manifest(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name != "npm" && name != "pnpm" && name != "yarn") return;
  std::size_t k = 1;
  while (k < w.size() && w[k].literal && !w[k].literal->empty() && (*w[k].literal)[0] == '-') ++k;
  if (k >= w.size() || !w[k].literal || (*w[k].literal != "init" && *w[k].literal != "innit"))
    return;
  const WordView* workspace = nullptr;
  for (std::size_t i = k + 1; i < w.size(); ++i) {
    const std::string* a = w[i].literal ? &*w[i].literal : nullptr;
    if (a && (*a == "-w" || *a == "--workspace") && i + 1 < w.size()) {
      workspace = &w[++i];
      continue;
    }
    if (!a || a->empty() || (*a)[0] != '-') return;  // a package to run: package_effects
  }
  const std::string entry = std::string(name) + " init";
  if (workspace && workspace->literal)
    add_word_file(out, Touch::write, word_of(*workspace, *workspace->literal + "/package.json"),
                  From::option, entry);
  else
    add_word_file(out, Touch::write, word_of(w[k], "package.json"), From::operand, entry);
}

}  // namespace

void runner_manifest_effects(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name == "npm" || name == "pnpm" || name == "yarn") config_set_programs(name, w, out);
  pkg_set_scripts(name, w, out);
  init_manifest(name, w, out);
}

}  // namespace vigie::engine
