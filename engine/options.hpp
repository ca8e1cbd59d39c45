// Option sets: `rm -rf` written in a rule matches `rm -fr`, `rm -Rf`, `rm -r -f`,
// `rm --recursive --force`, in any order, mixed with other options and operands.
//
// A rule's option is turned into one requirement per option it names (`-rf` is two: r and f),
// each an `OptionSpec`: every spelling of that one option for that command (`-r`, `-R`,
// `--recursive`). `has_option` then looks for any spelling in a command's words, the way the
// command's own option parser would: short clusters (`-Rfv`), separate options, long options
// with or without `=value`, unambiguous long abbreviations (`--recur`), `--` ending options.
//
// A word that is not static (`$FLAGS`, `$(…)`) never counts as an option: the caller decides
// what an unknown word means (the engine treats it as "maybe").
#ifndef VIGIE_ENGINE_OPTIONS_HPP
#define VIGIE_ENGINE_OPTIONS_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grammar/shell/commands.hpp"

namespace vigie::engine {

// Every spelling of one option of one command.
struct OptionSpec {
  std::string shorts;              // short letters: "rR" for rm's recursive
  std::vector<std::string> longs;  // long names without dashes: {"recursive"}
  // Words matched verbatim: single-dash long options (`find -delete`, `xcodebuild -list`) and
  // anything written in a rule that is neither a short cluster nor a `--long` option.
  std::vector<std::string> exact;
  // Parsing context, not spellings: the command's short options that take an argument
  // (`-m msg`, `-mmsg`: a cluster stops there and the next word is skipped when the letter is
  // last) and its long options that take a separate argument (`--output FILE`).
  std::string arg_shorts;
  std::vector<std::string> arg_longs;

  bool empty() const { return shorts.empty() && longs.empty() && exact.empty(); }
  // "-r|-R|--recursive", for traces and messages.
  std::string display() const;
};

// Adds every spelling (and parsing context) of `from` to `into`: used for `(--force | -f)`, one
// requirement satisfied by any of its alternatives.
void merge_into(OptionSpec& into, const OptionSpec& from);

// Per-command option classes. The built-in table (`builtin_for()`) knows rm, cp, mv, chmod,
// chown, chgrp, git (push, clean, reset, checkout, branch), find, sort, tar, sed, curl...; a
// policy adds its own with `option CMD OPT+` (`option rm -r -R --recursive`), which extends
// the built-in class of any spelling it shares.
class AliasTable {
 public:
  // One option class of `command` (a name like `rm`, or `git push`): `spellings` are written
  // like in a command (`-r`, `-R`, `--recursive`, `-delete`).
  void add(const std::string& command, const std::vector<std::string>& spellings);
  // A class that shares no spelling with the others of `command` (the caller knows: kill's
  // signals), appended without looking for one to extend.
  void add_new(const std::string& command, OptionSpec spec);
  // Declares that `-m` (or `--message`) of `command` takes an argument.
  void add_argument_option(const std::string& command, const std::string& spelling);
  // The class of a single option (`-r`, `--recursive`) of `command`; nullptr when unknown.
  const OptionSpec* find(std::string_view command, std::string_view option) const;
  // The parsing context of `command` (arg_shorts, arg_longs), empty when unknown.
  OptionSpec context(std::string_view command) const;
  // Whether `command` spells long options with a single dash (find, xcodebuild, java...):
  // `-name` is then one option, not a cluster of n, a, m, e.
  bool single_dash_long(std::string_view command) const;
  void add_single_dash_long(const std::string& command);
  bool empty() const { return classes_.empty() && context_.empty() && single_dash_.empty(); }

 private:
  friend class PolicyCodec;  // engine/policy_codec.cpp: the compiled-policy cache
  // A command's classes, with where each of their spellings is: a key (`S` and a short letter,
  // `L` and a long name, `E` and an exact word) -> the first class that has it. `add` and
  // `find` look a spelling up there instead of scanning every class of the command (20,000
  // `option` lines made that quadratic). `indexed` is how many of the classes it covers: the
  // codec reads the classes alone (a vector, hence the base class), so `find` scans such classes
  // and `add` indexes them first.
  struct Classes : std::vector<OptionSpec> {
    Classes() = default;
    explicit Classes(std::vector<OptionSpec> specs) : std::vector<OptionSpec>(std::move(specs)) {}
    std::size_t indexed = 0;
    std::unordered_map<std::string, std::size_t> first;
    // Indexes the classes not indexed yet (all of them when the codec filled them).
    void index();
  };

  std::map<std::string, Classes, std::less<>> classes_;
  std::map<std::string, OptionSpec, std::less<>> context_;
  std::map<std::string, bool, std::less<>> single_dash_;
};

// The built-in table's classes of `command` and its parents (`git push`, `git`): built on first
// use, then shared (immutable).
const AliasTable& builtin_for(std::string_view command);

// The requirement for ONE written option of `command`: its class from `extra` then the built-in
// table, else just that spelling. `command` may be `git` or `git push` (the first word is
// tried too). `-r` -> {rR, recursive} for rm; `--force` -> {f, force} for git.
OptionSpec spec_for(std::string_view command, std::string_view written_option,
                    const AliasTable& extra = {});

// spec_for(command, option) with the built-in table only, built once per process and shared:
// for the safety checks, which ask for the same few options on every decision (`rm -r`, `git
// push -f`, `chmod -R`).
const OptionSpec& builtin_spec(std::string_view command, std::string_view written_option);

// Every requirement a written option makes: `-rf` -> [spec(-r), spec(-f)] for rm; `--force`
// -> [spec(--force)]; `-delete` for find (single-dash long) -> [{exact -delete}].
std::vector<OptionSpec> specs_for(std::string_view command, std::string_view written_option,
                                  const AliasTable& extra = {});

// Whether any spelling of `spec` appears in `words[from..]`. Short clusters (`-Rfv`), separate
// options, `--long`, `--long=value`, unambiguous long prefixes of 3+ letters (`--recur`), and
// `exact` words count; parsing stops at `--`; option arguments (per `spec.arg_shorts` /
// `arg_longs`) are skipped; non-literal words never count.
bool has_option(const std::vector<shell::WordView>& words, std::size_t from,
                const OptionSpec& spec);

// The same over the words at `dashed` only (increasing indices of the literal words that start
// with `-`, past the command's name): a command of many words read once for all its rules.
bool has_option(const std::vector<shell::WordView>& words, const std::vector<std::uint32_t>& dashed,
                const OptionSpec& spec);

// Every requirement of `specs` is met.
bool has_all_options(const std::vector<shell::WordView>& words, std::size_t from,
                     const std::vector<OptionSpec>& specs);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_OPTIONS_HPP
