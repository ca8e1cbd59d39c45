// Package runners (engine/program_runners.cpp): the word that names the package npx, npm exec,
// yarn dlx, pnpm dlx, bunx and their kin fetch and run, for allow rules
// (engine/judge_command.cpp: a rule that does not name that word does not cover the command).
#ifndef VIGIE_ENGINE_PROGRAM_RUNNERS_HPP
#define VIGIE_ENGINE_PROGRAM_RUNNERS_HPP

#include <cstddef>
#include <string_view>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

inline constexpr std::size_t kNoCode = static_cast<std::size_t>(-1);

// The index in `words` (words[0] is the command name `name`) of the word naming the package or
// the command a runner runs: `npx cowsay` 1, `npm exec cowsay` 2, `pnpm dlx create-vite` 2,
// `yarn exec CMD` 2; for an install that names packages (their lifecycle scripts run), the
// install subcommand: `npm i lodash` 1, `yarn add x` 1 (not with `--ignore-scripts`); for
// `docker run IMAGE` with no command (the image's default command), the word after `run`;
// kNoCode when it runs none or a script of the project (`npm install`, `npm ci`,
// `npm run build`, `npm test`, `npx --version`) or `name` is not a runner.
std::size_t named_code_word(std::string_view name, const std::vector<shell::WordView>& words);

struct ProgramEffects;
// A runner that is also an interpreter (`bun x PKG …`, `bun create PKG`): when its first operand
// is the subcommand that fetches and runs a package, adds what the program of the package's name
// does with the words after it (`bun x prettier --write tests` writes tests) and returns true:
// that operand is not a script file.
bool runner_package_subcommand(std::string_view name, const std::vector<shell::WordView>& words,
                               ProgramEffects& out);

// What npm's, pnpm's and yarn's own commands change for later
// (engine/program_runners_manifest.cpp): a configuration key naming a program (`npm config set
// script-shell CMD`: the line judged, and asked), package.json's scripts (`npm pkg set
// scripts.test=CMD`, `npm set-script`), a new package.json (`npm init`, in `-w DIR`
// DIR/package.json).
void runner_manifest_effects(std::string_view name, const std::vector<shell::WordView>& words,
                             ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_RUNNERS_HPP
