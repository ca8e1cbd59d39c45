// What a package manager's own commands change for later (engine/program_runners.hpp,
// `runner_manifest_effects`): a configuration key naming a program it runs (`npm config set
// script-shell CMD`), package.json's scripts (`npm pkg set scripts.test=CMD`), a new
// package.json (`npm init`), the file `--userconfig` names when a setting is written, yarn's
// release file (`yarn set version FILE`); npm's long options spelled with one dash, the folder
// `pnpm -C DIR` and `yarn --cwd DIR` install into. The runners themselves are in
// engine/program_runners.cpp.
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
// npm's node-gyp shim runs `node "$npm_config_node_gyp"` for every native build, `npm init`
// runs the init module.
constexpr std::string_view kCodeKeys[] = {"node-options", "yarnPath", "node-gyp", "init-module"};
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
    {"global-bin-dir", 'g'}, {"logs-dir", 'g'},
};

// Whether `s` is nopt's spelling of the long option `name` (one or two dashes, an unambiguous
// start of at least three letters, `=VALUE` attached or not): `--userc=F`, `-userconfig F`.
bool nopt_spelling(std::string_view s, std::string_view name) {
  if (!s.starts_with('-')) return false;
  s.remove_prefix(s.starts_with("--") ? 2 : 1);
  s = s.substr(0, s.find('='));
  return s.size() >= 3 && name.starts_with(s);
}

// `npm config set|delete|edit|fix … --userconfig F` (`--globalconfig F`): F is the file npm
// rewrites.
void config_file_written(std::string_view name, const Words& w, std::size_t from,
                         ProgramEffects& out) {
  for (std::size_t k = from; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (!s || !(nopt_spelling(*s, "userconfig") || nopt_spelling(*s, "globalconfig"))) continue;
    const auto eq = s->find('=');
    const std::string entry = std::string(name) + " config --userconfig";
    if (eq != std::string::npos)
      add_word_file(out, Touch::write, word_of(w[k], s->substr(eq + 1)), From::option, entry);
    else if (k + 1 < w.size())
      add_word_file(out, Touch::write, w[k + 1], From::option, entry);
  }
}

// npm's nopt also reads a long name after one dash (`-prefix=tests`, `-script-shell=CMD`; npm
// warns that it expands it): each such word, respelled with two dashes, is parsed by npm's
// entry once more. One-letter and repeated-letter words are its shorthands (`-g`, `-dd`).
void npm_single_dash(const Words& w, ProgramEffects& out) {
  const ProgramDecl* d = find_program("npm");
  if (!d) return;
  Words again;
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (s && *s == "--") break;
    if (!s || s->size() < 4 || (*s)[0] != '-' || (*s)[1] == '-') continue;
    const std::string_view n = std::string_view(*s).substr(1, s->find('=') - 1);
    if (n.size() < 3 || n.find_first_not_of(n[0]) == std::string_view::npos) continue;
    if (again.empty()) again = w;
    again[k] = synthesized(w[k], "-" + *s, 0);
  }
  if (again.empty()) return;
  ParsedArgs args = parse_args(*d, again, 1);
  OperandState st;
  apply_options("npm", args, out, st);
}

// `pnpm -C DIR install`, `yarn --cwd DIR add x`: the package manager works in DIR, and its
// node_modules is written there (the lockfile is written beside it, as in the current folder
// without the option).
void working_folder(std::string_view name, const Words& w, ProgramEffects& out) {
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = w[k].literal ? &*w[k].literal : nullptr;
    if (!s || *s == "--") break;
    const std::string option = s->substr(0, s->find('='));
    if (option != "-C" && option != "--dir" && !(name == "yarn" && option == "--cwd")) continue;
    const WordView* dir = option == *s ? (k + 1 < w.size() ? &w[k + 1] : nullptr) : &w[k];
    if (!dir || !dir->literal) continue;  // not static: the option's own role judges it
    // The folder is the command's own (the option's role `c`): node_modules below it.
    const std::size_t at = out.files.size();
    add_word_file(out, Touch::write, word_of(*dir, "node_modules"), From::option,
                  std::string(name) + " " + option);
    if (out.files.size() > at) out.files.back().recursive = true;
  }
}

// `npm config set KEY VALUE`, `npm set KEY=VALUE`, `pnpm config set`, `yarn config set`: a value
// that is a program is judged as the line it runs, and asked.
void config_set_programs(std::string_view name, const Words& w, ProgramEffects& out) {
  std::size_t k = 1;
  while (k < w.size() && w[k].literal && !w[k].literal->empty() && (*w[k].literal)[0] == '-') ++k;
  const bool config =
      k < w.size() && w[k].literal && (*w[k].literal == "config" || *w[k].literal == "c");
  if (config)
    ++k;
  else if (name != "npm" && name != "pnpm")
    return;
  if (k < w.size() && w[k].literal &&
      (*w[k].literal == "set" || (config && (*w[k].literal == "delete" || *w[k].literal == "edit" ||
                                             *w[k].literal == "fix"))))
    config_file_written(name, w, k + 1, out);
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

// `yarn set version FILE` (berry): the release file becomes yarnPath, which yarn runs in its
// own place from then on (as `yarn config set yarnPath FILE`): read, and asked.
void yarn_set_version(const Words& w, ProgramEffects& out) {
  if (w.size() < 4 || !w[1].literal || *w[1].literal != "set" || !w[2].literal ||
      *w[2].literal != "version")
    return;
  const std::string* v = w[3].literal ? &*w[3].literal : nullptr;
  if (v && !(v->starts_with('.') || v->starts_with('/') || v->starts_with('~') ||
             v->ends_with(".js") || v->ends_with(".cjs")))
    return;  // a version or a channel (`stable`, `4.1.0`), fetched from yarn's releases
  out.escalations.push_back("yarn set version FILE: code yarn runs in its place later");
  add_word_file(out, Touch::read, w[3], From::operand, "yarn set version");
}

}  // namespace

void runner_manifest_effects(std::string_view name, const Words& w, ProgramEffects& out) {
  if (name == "npm" || name == "pnpm" || name == "yarn") config_set_programs(name, w, out);
  if (name == "npm") npm_single_dash(w, out);
  if (name == "pnpm" || name == "yarn") working_folder(name, w, out);
  if (name == "yarn") yarn_set_version(w, out);
  pkg_set_scripts(name, w, out);
  init_manifest(name, w, out);
}

}  // namespace vigie::engine
