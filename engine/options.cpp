// Option classes (engine/options.hpp): the built-in table of each command's option spellings
// (`kBuiltinOptions`), a policy's own `option` lines layered on it, and the matching of a
// command's words against a class.
#include "engine/options.hpp"

#include <algorithm>

namespace vigie::engine {

namespace {

std::string_view first_word(std::string_view command) {
  auto sp = command.find(' ');
  return sp == std::string_view::npos ? command : command.substr(0, sp);
}

// `--name=value` -> `name`.
std::string_view long_name(std::string_view word) {
  std::string_view n = word.substr(2);
  auto eq = n.find('=');
  return eq == std::string_view::npos ? n : n.substr(0, eq);
}

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

void add_unique(std::vector<std::string>& v, std::string_view s) {
  if (!contains(v, s)) v.emplace_back(s);
}

void add_letters(std::string& into, std::string_view letters) {
  for (char c : letters)
    if (into.find(c) == std::string::npos) into.push_back(c);
}

// Adds one spelling as written (`-r`, `--recursive`, `-delete`) to a spec.
void add_spelling(OptionSpec& spec, std::string_view s, bool single_dash_long) {
  if (s.size() > 2 && s.substr(0, 2) == "--") {
    add_unique(spec.longs, long_name(s));
  } else if (s.size() == 2 && s[0] == '-') {
    add_letters(spec.shorts, s.substr(1));
  } else if (s.size() > 2 && s[0] == '-' && !single_dash_long) {
    add_letters(spec.shorts, s.substr(1));  // `option rm -rR`: several letters, one class
  } else if (!s.empty()) {
    add_unique(spec.exact, s);
  }
}

// Whether `spec` has the spelling `s` (a single option as written).
bool has_spelling(const OptionSpec& spec, std::string_view s) {
  if (contains(spec.exact, s)) return true;
  if (s.size() > 2 && s.substr(0, 2) == "--") return contains(spec.longs, long_name(s));
  if (s.size() == 2 && s[0] == '-') return spec.shorts.find(s[1]) != std::string::npos;
  return false;
}

// A long option written in a command matches a long name: exactly, or as a GNU abbreviation
// of any length (`--recur`, and `--f` for rm's `--force`: getopt_long takes one letter when no
// other long option starts with it). We cannot know every long option of every command, so a
// prefix is taken as the option: the options of a pattern are those of deny and ask rules and
// of `without` conditions, where this errs on the safe side (a prefix the program finds
// ambiguous makes it refuse to run).
bool long_matches(std::string_view written, const std::vector<std::string>& longs) {
  for (const auto& l : longs) {
    if (written == l) return true;
    if (!written.empty() && written.size() < l.size() && l.compare(0, written.size(), written) == 0)
      return true;
  }
  return false;
}

// The built-in option classes, one row per class (or per option that takes an argument, or
// per command that spells long options with one dash), read by one loop in `make_builtin`:
// constant data rather than 21 KB of straight-line calls, which WASM's cold start compiled
// (lazily, on the first policy with an option) to run once.
enum class OptionRow : char {
  option_class,    // the spellings are one class of each command (`-r -R --recursive`)
  takes_argument,  // each spelling takes an argument (`-m`, `--message`)
  single_dash,     // the commands spell long options with one dash (`find -name`)
  go_flags,        // the commands parse options with Go's flag package: one dash or two are
                   // the same option (`-auto-approve` is `--auto-approve`), never a cluster
};
struct BuiltinOptions {
  OptionRow row;
  std::string_view commands;   // separated by commas (a command may be `git push`)
  std::string_view spellings;  // separated by spaces
};

// clang-format off
constexpr BuiltinOptions kBuiltinOptions[] = {
    // rm: -r/-R/--recursive, -f/--force, -i, -d.
    {OptionRow::option_class, "rm", "-r -R --recursive"},
    {OptionRow::option_class, "rm", "-f --force"},
    {OptionRow::option_class, "rm", "-i --interactive"},
    {OptionRow::option_class, "rm", "-d --dir"},
    {OptionRow::option_class, "rm", "-v --verbose"},
    // cp: -a implies recursion.
    {OptionRow::option_class, "cp", "-r -R --recursive -a --archive"},
    {OptionRow::option_class, "cp", "-f --force"},
    {OptionRow::option_class, "cp", "-n --no-clobber"},
    {OptionRow::option_class, "cp", "-i --interactive"},
    {OptionRow::takes_argument, "cp", "-t -S --target-directory --suffix"},
    {OptionRow::option_class, "mv", "-f --force"},
    {OptionRow::option_class, "mv", "-n --no-clobber"},
    {OptionRow::option_class, "mv", "-i --interactive"},
    {OptionRow::takes_argument, "mv", "-t -S --target-directory --suffix"},
    // chmod's -r/-w/-x are modes, not options: only -R is recursive.
    {OptionRow::option_class, "chmod,chown,chgrp", "-R --recursive"},
    {OptionRow::option_class, "chmod,chown,chgrp", "-v --verbose"},
    {OptionRow::option_class, "chmod,chown,chgrp", "-f --silent --quiet"},
    // git: the classes shared by its subcommands (push, clean, checkout, branch, reset...).
    // --force-with-lease is NOT --force: long names are exact.
    {OptionRow::option_class, "git,git push", "-f --force"},
    {OptionRow::option_class, "git,git push", "-n --dry-run"},
    {OptionRow::option_class, "git,git push", "-d --delete"},
    {OptionRow::option_class, "git,git push", "-u --set-upstream"},
    {OptionRow::option_class, "git,git push", "-q --quiet"},
    {OptionRow::option_class, "git,git push", "-v --verbose"},
    {OptionRow::option_class, "git clean", "-f --force"},
    {OptionRow::option_class, "git clean", "-d"},
    {OptionRow::option_class, "git clean", "-x"},
    {OptionRow::option_class, "git clean", "-n --dry-run"},
    {OptionRow::option_class, "git checkout", "-f --force"},
    {OptionRow::option_class, "git branch", "-D"},
    {OptionRow::option_class, "git branch", "-f --force"},
    {OptionRow::option_class, "git reset", "--hard"},
    {OptionRow::takes_argument, "git", "-m -F -C -c -o --message --file --push-option "
                                       "--reuse-message --reedit-message --repo --exec "
                                       "--receive-pack --author --date --template"},
    {OptionRow::takes_argument, "git commit", "-m -F -C -c --message --file"},
    {OptionRow::takes_argument, "git push", "-o --push-option --repo"},
    // find speaks single-dash long options.
    {OptionRow::single_dash, "find,xcodebuild,java,javac,go,swiftc,clang,gcc,g++,clang++,xcrun,"
                             "plutil,defaults,tcpdump,ffmpeg,convert,magick,qemu-img,security,"
                             "codesign,dd", ""},
    {OptionRow::go_flags, "terraform,tofu,packer,vault,consul,nomad,go", ""},
    {OptionRow::option_class, "sort", "-o --output"},
    {OptionRow::takes_argument, "sort", "-o -k -t -S -T"},
    {OptionRow::option_class, "sed", "-i --in-place"},
    {OptionRow::option_class, "sed", "-n --quiet --silent"},
    {OptionRow::option_class, "sed", "-E -r --regexp-extended"},
    {OptionRow::takes_argument, "sed", "-e -f --expression"},
    {OptionRow::option_class, "tar", "-x --extract --get"},
    {OptionRow::option_class, "tar", "-c --create"},
    {OptionRow::option_class, "tar", "-z --gzip"},
    {OptionRow::takes_argument, "tar", "-f -C --file --directory"},
    {OptionRow::option_class, "curl", "-k --insecure"},
    {OptionRow::option_class, "curl", "-o --output"},
    {OptionRow::option_class, "curl", "-O --remote-name"},
    {OptionRow::takes_argument, "curl", "-X -d -H -u -A -e -F -T -x -w -m --request --data "
                                        "--header --user --form --upload-file"},
    {OptionRow::option_class, "wget", "-O --output-document"},
    {OptionRow::option_class, "npm", "-g --global"},
    {OptionRow::option_class, "npm", "-f --force"},
    {OptionRow::option_class, "pip", "-U --upgrade"},
    {OptionRow::option_class, "pip", "-e --editable"},
    {OptionRow::option_class, "pip3", "-U --upgrade"},
    {OptionRow::option_class, "docker", "-f --force"},
    {OptionRow::option_class, "kill", "-9 -KILL -SIGKILL"},
    {OptionRow::option_class, "ln", "-s --symbolic"},
    {OptionRow::option_class, "ln", "-f --force"},
    {OptionRow::option_class, "grep", "-r -R --recursive --dereference-recursive"},
    {OptionRow::option_class, "rsync", "--delete"},
};
// clang-format on

// The pieces of `list` between `sep`s, empty pieces skipped.
template <class F>
void each_piece(std::string_view list, char sep, F&& f) {
  while (!list.empty()) {
    auto at = list.find(sep);
    if (std::string_view piece = list.substr(0, at); !piece.empty()) f(piece);
    if (at == std::string_view::npos) break;
    list.remove_prefix(at + 1);
  }
}

// Whether the built-in table says `command` parses options with Go's flag package (a policy
// cannot declare it).
bool go_flags(std::string_view command) {
  const std::string_view name = first_word(command);
  for (const auto& r : kBuiltinOptions) {
    if (r.row != OptionRow::go_flags) continue;
    bool found = false;
    each_piece(r.commands, ',', [&](std::string_view c) { found = found || c == name; });
    if (found) return true;
  }
  return false;
}

AliasTable make_builtin() {
  AliasTable t;
  for (const auto& r : kBuiltinOptions) {
    std::vector<std::string> spellings;
    each_piece(r.spellings, ' ', [&](std::string_view s) { spellings.emplace_back(s); });
    each_piece(r.commands, ',', [&](std::string_view c) {
      const std::string command(c);
      switch (r.row) {
        case OptionRow::option_class:
          t.add(command, spellings);
          break;
        case OptionRow::takes_argument:
          for (const auto& s : spellings) t.add_argument_option(command, s);
          break;
        case OptionRow::single_dash:
          t.add_single_dash_long(command);
          break;
        case OptionRow::go_flags:
          t.add_single_dash_long(command);
          break;
      }
    });
  }
  return t;
}

}  // namespace

std::string OptionSpec::display() const {
  std::string out;
  auto sep = [&] {
    if (!out.empty()) out += '|';
  };
  for (char c : shorts) {
    sep();
    out += '-';
    out += c;
  }
  for (const auto& l : longs) {
    sep();
    out += "--" + l;
  }
  for (const auto& e : exact) {
    sep();
    out += e;
  }
  return out;
}

void merge_into(OptionSpec& into, const OptionSpec& from) {
  add_letters(into.shorts, from.shorts);
  for (const auto& l : from.longs) add_unique(into.longs, l);
  for (const auto& e : from.exact) add_unique(into.exact, e);
  add_letters(into.arg_shorts, from.arg_shorts);
  for (const auto& l : from.arg_longs) add_unique(into.arg_longs, l);
}

void AliasTable::add(const std::string& command, const std::vector<std::string>& spellings) {
  auto& classes = classes_[command];
  bool sdl = single_dash_long(command);
  // A spelling already in a class extends that class (`option rm -r --recurse` adds to rm's
  // built-in recursive class when the table is layered by `find`).
  OptionSpec* target = nullptr;
  for (auto& c : classes)
    for (const auto& s : spellings)
      if (!target && has_spelling(c, s)) target = &c;
  if (!target) target = &classes.emplace_back();
  for (const auto& s : spellings) add_spelling(*target, s, sdl);
}

void AliasTable::add_argument_option(const std::string& command, const std::string& spelling) {
  OptionSpec& ctx = context_[command];
  if (spelling.size() > 2 && spelling.substr(0, 2) == "--")
    add_unique(ctx.arg_longs, long_name(spelling));
  else if (spelling.size() == 2 && spelling[0] == '-')
    add_letters(ctx.arg_shorts, spelling.substr(1));
}

const OptionSpec* AliasTable::find(std::string_view command, std::string_view option) const {
  for (std::string_view key : {command, first_word(command)}) {
    auto it = classes_.find(key);
    if (it == classes_.end()) continue;
    for (const auto& c : it->second)
      if (has_spelling(c, option)) return &c;
  }
  return nullptr;
}

OptionSpec AliasTable::context(std::string_view command) const {
  OptionSpec out;
  for (std::string_view key : {command, first_word(command)}) {
    auto it = context_.find(key);
    if (it != context_.end()) merge_into(out, it->second);
    if (key == first_word(command)) break;
  }
  return out;
}

bool AliasTable::single_dash_long(std::string_view command) const {
  return single_dash_.count(first_word(command)) > 0 || single_dash_.count(command) > 0;
}

void AliasTable::add_single_dash_long(const std::string& command) {
  single_dash_[command] = true;
}

const AliasTable& builtin_aliases() {
  static const AliasTable table = make_builtin();
  return table;
}

OptionSpec spec_for(std::string_view command, std::string_view written_option,
                    const AliasTable& extra) {
  const AliasTable& builtin = builtin_aliases();
  bool sdl = builtin.single_dash_long(command) || extra.single_dash_long(command);
  OptionSpec spec;
  add_spelling(spec, written_option, sdl);
  // The closure over both tables: a policy's `option rm -r --recurse` joins the built-in class
  // of `-r`, so `-R` also means `--recurse`.
  for (int round = 0; round < 4; ++round) {
    std::size_t before = spec.shorts.size() + spec.longs.size() + spec.exact.size();
    std::vector<std::string> spellings;
    for (char c : spec.shorts) spellings.push_back(std::string{'-', c});
    for (const auto& l : spec.longs) spellings.push_back("--" + l);
    for (const auto& e : spec.exact) spellings.push_back(e);
    for (const auto& sp : spellings) {
      if (const OptionSpec* c = builtin.find(command, sp)) merge_into(spec, *c);
      if (const OptionSpec* c = extra.find(command, sp)) merge_into(spec, *c);
    }
    if (spec.shorts.size() + spec.longs.size() + spec.exact.size() == before) break;
  }
  // Go's flag package: `-name` and `--name` are one option.
  if (go_flags(command)) {
    for (std::size_t k = 0, n = spec.exact.size(); k < n; ++k)
      if (spec.exact[k].size() > 1 && spec.exact[k][0] == '-')
        add_unique(spec.longs, std::string_view(spec.exact[k]).substr(1));
    for (const auto& l : std::vector<std::string>(spec.longs)) add_unique(spec.exact, "-" + l);
  }
  OptionSpec ctx = builtin.context(command);
  merge_into(ctx, extra.context(command));
  add_letters(spec.arg_shorts, ctx.arg_shorts);
  for (const auto& l : ctx.arg_longs) add_unique(spec.arg_longs, l);
  // A letter that is itself the option asked for is not an argument-taking letter here.
  std::erase_if(spec.arg_shorts, [&](char c) { return spec.shorts.find(c) != std::string::npos; });
  return spec;
}

std::vector<OptionSpec> specs_for(std::string_view command, std::string_view written_option,
                                  const AliasTable& extra) {
  bool sdl = builtin_aliases().single_dash_long(command) || extra.single_dash_long(command);
  std::string_view w = written_option;
  if (w.size() > 2 && w[0] == '-' && w[1] != '-' && !sdl && !builtin_aliases().find(command, w) &&
      !extra.find(command, w)) {
    std::vector<OptionSpec> out;
    std::string seen;
    for (char c : w.substr(1)) {
      if (seen.find(c) != std::string::npos) continue;
      seen.push_back(c);
      out.push_back(spec_for(command, std::string{'-', c}, extra));
    }
    return out;
  }
  return {spec_for(command, written_option, extra)};
}

namespace {

// has_option over the words at `at(0)`, `at(1)`… (`n` of them, increasing indices): a word
// skipped as the previous option's argument is the one right after it.
template <typename At>
bool scan_options(const std::vector<shell::WordView>& words, std::size_t n, At at,
                  const OptionSpec& spec) {
  std::size_t skip = static_cast<std::size_t>(-1);  // the index an argument-taking option takes
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t i = at(j);
    if (i == skip) continue;
    const auto& w = words[i];
    if (!w.literal) continue;  // never an option, never a proof of its absence
    std::string_view v = *w.literal;
    if (v == "--") return false;
    if (contains(spec.exact, v)) return true;
    // `-name=value` of a single-dash long option (Go's flag package: `-auto-approve=true`).
    if (const auto eq = v.find('='); eq != std::string_view::npos && !spec.exact.empty() &&
                                     contains(spec.exact, v.substr(0, eq)))
      return true;
    if (v.size() > 2 && v.substr(0, 2) == "--") {
      std::string_view name = long_name(v);
      if (long_matches(name, spec.longs)) return true;
      if (v.find('=') == std::string_view::npos && contains(spec.arg_longs, name)) skip = i + 1;
      continue;
    }
    if (v.size() < 2 || v[0] != '-') continue;  // an operand
    if (!spec.exact.empty() && spec.shorts.empty()) {
      // Single-dash long spellings: the word is one option; an argument-taking one skips.
      continue;
    }
    for (std::size_t k = 1; k < v.size(); ++k) {
      char c = v[k];
      if (spec.shorts.find(c) != std::string::npos) return true;
      if (spec.arg_shorts.find(c) != std::string::npos) {
        if (k + 1 == v.size()) skip = i + 1;  // `-m msg`; `-mmsg` carries it
        break;
      }
    }
  }
  return false;
}

}  // namespace

bool has_option(const std::vector<shell::WordView>& words, std::size_t from,
                const OptionSpec& spec) {
  if (from >= words.size()) return false;
  return scan_options(
      words, words.size() - from, [from](std::size_t j) { return from + j; }, spec);
}

bool has_option(const std::vector<shell::WordView>& words, const std::vector<std::uint32_t>& dashed,
                const OptionSpec& spec) {
  return scan_options(
      words, dashed.size(), [&dashed](std::size_t j) { return dashed[j]; }, spec);
}

bool has_all_options(const std::vector<shell::WordView>& words, std::size_t from,
                     const std::vector<OptionSpec>& specs) {
  return std::all_of(specs.begin(), specs.end(),
                     [&](const OptionSpec& s) { return has_option(words, from, s); });
}

}  // namespace vigie::engine
