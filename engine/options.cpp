// Option classes (engine/options.hpp): the built-in table of each command's option spellings
// (engine/options_table.cpp), a policy's own `option` lines layered on it, and the requirements a
// rule's written option makes. Matching a command's words against a class: options_match.cpp.
#include "engine/options.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#include <set>

#include "engine/options_table.hpp"
#include "engine/options_words.hpp"

namespace vigie::engine {

namespace {

std::string_view first_word(std::string_view command) {
  auto sp = command.find(' ');
  return sp == std::string_view::npos ? command : command.substr(0, sp);
}

// Calls f with `command` and each shorter prefix of it at a space, longest first (`docker system
// prune`, `docker system`, `docker`): a subcommand's classes, then its parents'.
template <class F>
void each_prefix(std::string_view command, F&& f) {
  while (!command.empty()) {
    f(command);
    const auto sp = command.rfind(' ');
    if (sp == std::string_view::npos) break;
    command = command.substr(0, sp);
  }
}

using options_words::contains;
using options_words::long_name;

void add_unique(std::vector<std::string>& v, std::string_view s) {
  if (!contains(v, s)) v.emplace_back(s);
}

void add_letters(std::string& into, std::string_view letters) {
  for (char c : letters)
    if (into.find(c) == std::string::npos) into.push_back(c);
}

// Calls f(kind, value) for each place a spelling as written (`-r`, `--recursive`, `-delete`)
// takes in a spec: `S` and one short letter (each of a cluster), `L` and a long name, `E` and
// an exact word.
template <class F>
void each_place(std::string_view s, bool single_dash_long, F&& f) {
  if (s.size() > 2 && s[0] == '-' && s.find('=') != std::string_view::npos) {
    f('E', s);  // an option with its value (`--location=global`, `-s=KILL`)
  } else if (single_dash_long && s.size() == 2 && s[0] == '-' &&
             std::isdigit(static_cast<unsigned char>(s[1]))) {
    f('E', s);  // `kill -9`: not a letter of a cluster (`-19` is another signal)
  } else if (s.size() > 2 && s.substr(0, 2) == "--") {
    f('L', long_name(s));
  } else if (s.size() == 2 && s[0] == '-') {
    f('S', s.substr(1));
  } else if (s.size() > 2 && s[0] == '-' && !single_dash_long) {
    for (std::size_t k = 1; k < s.size(); ++k)
      f('S', s.substr(k, 1));  // `option rm -rR`: several letters, one class
  } else if (!s.empty()) {
    f('E', s);
  }
}

// Calls f(kind, value) for each place where has_spelling looks for `s`.
template <class F>
void each_lookup(std::string_view s, F&& f) {
  f('E', s);
  if (s.size() > 2 && s.substr(0, 2) == "--")
    f('L', long_name(s));
  else if (s.size() == 2 && s[0] == '-')
    f('S', s.substr(1));
}

// A place as the index keys it: its kind, then its value.
std::string place_key(char kind, std::string_view value) {
  std::string key;
  key.reserve(value.size() + 1);
  key += kind;
  key += value;
  return key;
}

// Puts `value` in the place of `kind` of `spec`, unless it is there already.
void add_place(OptionSpec& spec, char kind, std::string_view value) {
  if (kind == 'S')
    add_letters(spec.shorts, value);
  else if (kind == 'L')
    add_unique(spec.longs, value);
  else
    add_unique(spec.exact, value);
}

// Adds one spelling as written (`-r`, `--recursive`, `-delete`) to a spec.
void add_spelling(OptionSpec& spec, std::string_view s, bool single_dash_long) {
  each_place(s, single_dash_long,
             [&](char kind, std::string_view value) { add_place(spec, kind, value); });
}

// Whether `spec` has the spelling `s` (a single option as written).
bool has_spelling(const OptionSpec& spec, std::string_view s) {
  if (contains(spec.exact, s)) return true;
  if (s.size() > 2 && s.substr(0, 2) == "--") return contains(spec.longs, long_name(s));
  if (s.size() == 2 && s[0] == '-') return spec.shorts.find(s[1]) != std::string::npos;
  return false;
}

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// The first class of an index's command that has the spelling `s`, else kNone.
std::size_t first_with(const std::unordered_map<std::string, std::size_t>& first,
                       std::string_view s) {
  std::size_t at = kNone;
  each_lookup(s, [&](char kind, std::string_view value) {
    if (auto it = first.find(place_key(kind, value)); it != first.end())
      at = std::min(at, it->second);
  });
  return at;
}

// Notes that class `i` has the place `key` (the index keeps the first class of each).
void note_place(std::unordered_map<std::string, std::size_t>& first, std::string key,
                std::size_t i) {
  auto [it, fresh] = first.try_emplace(std::move(key), i);
  if (!fresh) it->second = std::min(it->second, i);
}

// Notes every place of `spec`, class `i` of its command.
void note_class(std::unordered_map<std::string, std::size_t>& first, const OptionSpec& spec,
                std::size_t i) {
  for (char c : spec.shorts) note_place(first, place_key('S', std::string_view(&c, 1)), i);
  for (const auto& l : spec.longs) note_place(first, place_key('L', l), i);
  for (const auto& e : spec.exact) note_place(first, place_key('E', e), i);
}

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

// Whether `command` (or its first word) is among a row's commands (separated by commas).
bool row_has(const BuiltinOptions& r, std::string_view command) {
  bool found = false;
  each_piece(r.commands, ',', [&](std::string_view c) {
    each_prefix(command, [&](std::string_view key) { found = found || c == key; });
  });
  return found;
}

// Whether the built-in table says `command` parses options with Go's flag package (a policy
// cannot declare it).
bool go_flags(std::string_view command) {
  const std::string_view name = first_word(command);
  for (const auto& r : builtin_option_rows())
    if (r.row == OptionRow::go_flags && row_has(r, name)) return true;
  return false;
}

// The spellings of one signal (`KILL`, 9) for kill, pkill, killall: the option alone (`-9`,
// `-KILL`, `-SIGKILL`, any case but the number's), with `-s`, `--signal` or bash's `-n`, in one
// word or two.
std::vector<std::string> signal_spellings(std::string_view name, std::string_view number) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string n(name), sig = "SIG" + n;
  std::vector<std::string> out = {"-" + std::string(number), "-" + n, "-" + sig, "-" + lower};
  for (const std::string& v : {std::string(number), n, sig, lower, "sig" + lower}) {
    out.push_back("-s=" + v);
    out.push_back("--signal=" + v);
  }
  out.push_back("-n=" + std::string(number));
  out.push_back("-n=" + n);
  return out;
}

// The built-in classes of `command` and of its parents (`git push`, `git`): the rows that name
// one of them. Built per command on first use (a policy names a few commands; the table has a
// few thousand spellings).
AliasTable make_builtin(std::string_view command) {
  AliasTable t;
  for (const auto& r : builtin_option_rows()) {
    if (!row_has(r, command)) continue;
    std::vector<std::string> spellings;
    if (r.row == OptionRow::option_class || r.row == OptionRow::takes_argument)
      each_piece(r.spellings, ' ', [&](std::string_view s) { spellings.emplace_back(s); });
    each_piece(r.commands, ',', [&](std::string_view c) {
      bool mine = false;  // `c` is `command` or one of its parents
      each_prefix(command, [&](std::string_view key) { mine = mine || c == key; });
      if (!mine) return;
      const std::string key(c);
      switch (r.row) {
        case OptionRow::option_class:
          t.add(key, spellings);
          break;
        case OptionRow::classes:
          each_piece(r.spellings, ' ', [&](std::string_view piece) {
            const bool argument = piece.ends_with('=');
            if (argument) piece.remove_suffix(1);
            std::vector<std::string> one;
            each_piece(piece, '|', [&](std::string_view s) { one.emplace_back(s); });
            if (one.size() > 1) t.add(key, one);
            if (argument)
              for (const auto& s : one) t.add_argument_option(key, s);
          });
          break;
        case OptionRow::takes_argument:
          for (const auto& s : spellings) t.add_argument_option(key, s);
          break;
        case OptionRow::signals:
          each_piece(r.spellings, ' ', [&](std::string_view piece) {
            const auto eq = piece.find('=');
            OptionSpec spec;
            for (const auto& s : signal_spellings(piece.substr(0, eq), piece.substr(eq + 1)))
              add_spelling(spec, s, true);
            t.add_new(key, std::move(spec));  // no signal shares a spelling with another
          });
          break;
        case OptionRow::single_dash:
        case OptionRow::go_flags:
          t.add_single_dash_long(key);
          break;
        case OptionRow::implies:
        case OptionRow::combines:
          break;  // read by spec_for and specs_for
      }
    });
  }
  return t;
}

// The pieces `A>B` of the `implies` rows of `command` (and `C=A+B` of its `combines` rows, read
// as `C>A`, `C>B`) whose B is one of `spec`'s spellings: calls f(A).
template <class F>
void each_implier(std::string_view command, const OptionSpec& spec, F&& f) {
  for (const auto& r : builtin_option_rows()) {
    if ((r.row != OptionRow::implies && r.row != OptionRow::combines) || !row_has(r, command))
      continue;
    each_piece(r.spellings, ' ', [&](std::string_view piece) {
      if (r.row == OptionRow::implies) {
        const auto gt = piece.find('>');
        if (has_spelling(spec, piece.substr(gt + 1))) f(piece.substr(0, gt));
        return;
      }
      const auto eq = piece.find('=');
      bool implied = false;
      each_piece(piece.substr(eq + 1), '+',
                 [&](std::string_view part) { implied = implied || has_spelling(spec, part); });
      if (implied) f(piece.substr(0, eq));
    });
  }
}

// The parts of `option` when a `combines` row of `command` declares it (`-D` of git branch:
// `-d`, `-f`), else empty.
std::vector<std::string> combined_parts(std::string_view command, std::string_view option) {
  std::vector<std::string> parts;
  for (const auto& r : builtin_option_rows()) {
    if (r.row != OptionRow::combines || !row_has(r, command)) continue;
    each_piece(r.spellings, ' ', [&](std::string_view piece) {
      const auto eq = piece.find('=');
      if (parts.empty() && piece.substr(0, eq) == option)
        each_piece(piece.substr(eq + 1), '+', [&](std::string_view p) { parts.emplace_back(p); });
    });
  }
  return parts;
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

void AliasTable::Classes::index() {
  for (; indexed < size(); ++indexed) note_class(first, (*this)[indexed], indexed);
}

void AliasTable::add(const std::string& command, const std::vector<std::string>& spellings) {
  Classes& classes = classes_[command];
  bool sdl = single_dash_long(command);
  classes.index();
  // A spelling already in a class extends that class, the first one that has any of them
  // (`option rm -r --recurse` adds to rm's built-in recursive class when the table is layered
  // by `find`).
  std::size_t target = kNone;
  for (const auto& s : spellings) target = std::min(target, first_with(classes.first, s));
  if (target == kNone) {
    target = classes.size();
    classes.emplace_back();
  }
  OptionSpec& spec = classes[target];
  for (const auto& s : spellings)
    each_place(s, sdl, [&](char kind, std::string_view value) {
      auto [it, fresh] = classes.first.try_emplace(place_key(kind, value), target);
      if (fresh) {
        // No class has it: appended without looking (a class of many spellings stays linear).
        if (kind == 'S')
          spec.shorts += value;
        else
          (kind == 'L' ? spec.longs : spec.exact).emplace_back(value);
      } else if (it->second != target) {
        add_place(spec, kind, value);  // another class has it: maybe the target too
        it->second = std::min(it->second, target);
      }
    });
  classes.indexed = classes.size();
}

void AliasTable::add_new(const std::string& command, OptionSpec spec) {
  Classes& classes = classes_[command];
  classes.index();
  classes.push_back(std::move(spec));
  classes.index();
}

void AliasTable::add_argument_option(const std::string& command, const std::string& spelling) {
  OptionSpec& ctx = context_[command];
  if (spelling.size() > 2 && spelling.substr(0, 2) == "--")
    add_unique(ctx.arg_longs, long_name(spelling));
  else if (spelling.size() == 2 && spelling[0] == '-')
    add_letters(ctx.arg_shorts, spelling.substr(1));
}

const OptionSpec* AliasTable::find(std::string_view command, std::string_view option) const {
  const OptionSpec* found = nullptr;
  each_prefix(command, [&](std::string_view key) {
    auto it = classes_.find(key);
    if (found || it == classes_.end()) return;
    if (const Classes& classes = it->second; classes.indexed == classes.size()) {
      if (std::size_t i = first_with(classes.first, option); i != kNone) found = &classes[i];
      return;
    }
    for (const auto& c : it->second)  // filled by the codec: not indexed
      if (!found && has_spelling(c, option)) found = &c;
  });
  return found;
}

OptionSpec AliasTable::context(std::string_view command) const {
  OptionSpec out;
  each_prefix(command, [&](std::string_view key) {
    auto it = context_.find(key);
    if (it != context_.end()) merge_into(out, it->second);
  });
  return out;
}

bool AliasTable::single_dash_long(std::string_view command) const {
  return single_dash_.count(first_word(command)) > 0 || single_dash_.count(command) > 0;
}

void AliasTable::add_single_dash_long(const std::string& command) {
  single_dash_[command] = true;
}

const AliasTable& builtin_for(std::string_view command) {
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<const AliasTable>, std::less<>> tables;
  const std::lock_guard<std::mutex> hold(lock);
  // The commands the rows name (`git`, `git push`, `docker system prune`).
  static const std::set<std::string, std::less<>> named = [] {
    std::set<std::string, std::less<>> out;
    for (const auto& r : builtin_option_rows())
      each_piece(r.commands, ',', [&](std::string_view c) { out.emplace(c); });
    return out;
  }();
  // A command's table is that of its longest prefix a row names (`git push origin main` has
  // `git push`'s): the cache holds at most one table per named command, whatever the policies.
  std::string_view key;
  each_prefix(command, [&](std::string_view p) {
    if (key.empty() && named.count(p)) key = p;
  });
  auto it = tables.find(key);
  if (it == tables.end())
    it = tables.emplace(std::string(key), std::make_unique<const AliasTable>(make_builtin(key)))
             .first;
  return *it->second;
}

OptionSpec spec_for(std::string_view command, std::string_view written_option,
                    const AliasTable& extra) {
  const AliasTable& builtin = builtin_for(command);
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
  // The options that imply it (`rsync -a` recurses: a rule's `-r` is met by `-a`), with their
  // classes; not the other way (`-r` alone is not `-a`).
  // Chains too: rsync's `--devices` is part of `-D`, itself part of `-a`.
  std::vector<std::string> impliers, seen;
  for (int round = 0; round < 4; ++round) {
    impliers.clear();
    each_implier(command, spec, [&](std::string_view a) {
      if (!contains(seen, a)) impliers.emplace_back(a);
    });
    if (impliers.empty()) break;
    for (const auto& a : impliers) {
      seen.push_back(a);
      add_spelling(spec, a, sdl);
      if (const OptionSpec* c = builtin.find(command, a)) merge_into(spec, *c);
    }
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

namespace {

std::vector<OptionSpec> specs_at(std::string_view command, std::string_view written_option,
                                 const AliasTable& extra, int depth) {
  const AliasTable& builtin = builtin_for(command);
  bool sdl = builtin.single_dash_long(command) || extra.single_dash_long(command);
  std::string_view w = written_option;
  // An option that is others together (`git branch -D` is `-d -f`): each part, which the
  // option itself also meets.
  if (const auto parts = depth < 4 ? combined_parts(command, w) : std::vector<std::string>();
      !parts.empty()) {
    std::vector<OptionSpec> out;
    for (const auto& p : parts)
      for (auto& spec : specs_at(command, p, extra, depth + 1)) out.push_back(std::move(spec));
    return out;
  }
  if (w.size() > 2 && w[0] == '-' && w[1] != '-' && !sdl && !builtin.find(command, w) &&
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

}  // namespace

const OptionSpec& builtin_spec(std::string_view command, std::string_view written_option) {
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<const OptionSpec>, std::less<>> specs;
  std::string key(command);
  key += '\0';
  key += written_option;
  const std::lock_guard<std::mutex> hold(lock);
  auto it = specs.find(key);
  if (it == specs.end())
    it = specs
             .emplace(std::move(key),
                      std::make_unique<const OptionSpec>(spec_for(command, written_option)))
             .first;
  return *it->second;
}

std::vector<OptionSpec> specs_for(std::string_view command, std::string_view written_option,
                                  const AliasTable& extra) {
  return specs_at(command, written_option, extra, 0);
}

}  // namespace vigie::engine
