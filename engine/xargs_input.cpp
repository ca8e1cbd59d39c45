// The words xargs reads, and what the command it runs does with them (xargs_input.hpp).
#include "engine/xargs_input.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/printed_text.hpp"
#include "engine/program_words.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {
namespace {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;
using program_words::starts_with;

constexpr char kSlot = '\x01';  // where a word read by xargs goes, in a copy of the command

// xargs's own options (findutils xargs.c, getopt_long with `+`: they stop at the command).
struct XargsOptions {
  std::optional<std::string> replace;  // `-I R`, `-i[R]`, `--replace[=R]`
  bool from_file = false;              // `-a FILE`, `--arg-file=FILE`: not the pipe
  bool delimited = false;              // `-0`, `-d D`: items are not split on blanks
  bool split = false;                  // `-n N`, `-L N`, `-l`: the items make several runs
  bool known = true;                   // every option was read
};

struct LongOption {
  std::string_view name;
  char value;  // 'r' required, 'o' optional (attached only), 0 none
  char as;     // the short option it stands for
};
constexpr LongOption kLongOptions[] = {{"arg-file", 'r', 'a'},
                                       {"delimiter", 'r', 'd'},
                                       {"eof", 'o', 'e'},
                                       {"replace", 'o', 'i'},
                                       {"max-lines", 'o', 'l'},
                                       {"max-args", 'r', 'n'},
                                       {"max-procs", 'r', 'P'},
                                       {"max-chars", 'r', 's'},
                                       {"process-slot-var", 'r', 'S'},
                                       {"null", 0, '0'},
                                       {"open-tty", 0, 'o'},
                                       {"interactive", 0, 'p'},
                                       {"no-run-if-empty", 0, 'r'},
                                       {"verbose", 0, 't'},
                                       {"exit", 0, 'x'},
                                       {"show-limits", 0, 'L'},
                                       {"help", 0, 'h'},
                                       {"version", 0, 'v'}};
constexpr std::string_view kShortRequired = "adEILnPs";
constexpr std::string_view kShortOptional = "eil";

void option(XargsOptions& o, char c, std::optional<std::string_view> value) {
  if (c == 'a') o.from_file = true;
  if (c == '0' || c == 'd') o.delimited = true;
  if (c == 'n' || c == 'L' || c == 'l') o.split = true;
  if (c == 'I') o.replace = std::string(value.value_or("{}"));
  if (c == 'i') o.replace = value && !value->empty() ? std::string(*value) : std::string("{}");
}

XargsOptions read_options(const Words& w) {
  XargsOptions o;
  // The words before the command: `xargs` and its options, after any wrapper before it.
  std::size_t k = 0;
  while (k < w.size() &&
         !(lit(w, k) &&
           (*lit(w, k) == "xargs" || (lit(w, k)->size() > 6 && lit(w, k)->ends_with("/xargs")))))
    ++k;
  for (++k; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) {
      o.known = false;
      return o;
    }
    std::string_view v = *s;
    if (v == "--" || v.size() < 2 || v[0] != '-') return o;
    if (starts_with(v, "--")) {
      std::string_view body = v.substr(2);
      std::string_view name = body.substr(0, body.find('='));
      const LongOption* found = nullptr;
      for (const auto& l : kLongOptions) {
        if (l.name == name) {
          found = &l;
          break;
        }
        if (starts_with(l.name, name)) {
          if (found) {  // ambiguous
            o.known = false;
            return o;
          }
          found = &l;
        }
      }
      if (!found) {
        o.known = false;
        return o;
      }
      std::optional<std::string_view> value;
      if (auto eq = body.find('='); eq != std::string_view::npos)
        value = body.substr(eq + 1);
      else if (found->value == 'r' && k + 1 < w.size())
        value = lit(w, ++k) ? std::string_view(*lit(w, k)) : std::string_view();
      option(o, found->as, value);
      continue;
    }
    for (std::size_t c = 1; c < v.size(); ++c) {
      const char ch = v[c];
      if (kShortRequired.find(ch) != std::string_view::npos) {
        std::optional<std::string_view> value;
        if (c + 1 < v.size())
          value = v.substr(c + 1);
        else if (k + 1 < w.size())
          value = lit(w, ++k) ? std::string_view(*lit(w, k)) : std::string_view();
        option(o, ch, value);
        break;
      }
      if (kShortOptional.find(ch) != std::string_view::npos) {
        option(o, ch, c + 1 < v.size() ? std::optional(v.substr(c + 1)) : std::nullopt);
        break;
      }
      option(o, ch, std::nullopt);
    }
  }
  return o;
}

// What xargs reads.
struct Input {
  enum Kind { unknown, text, tree } kind = unknown;
  std::string printed;         // text: what the producer prints
  std::vector<WordView> dirs;  // tree: the folders whose paths are printed
  std::string below;           // tree: the glob below them (empty: everything)
  bool found = false;          // tree: printed by find (its paths start with a folder)
};

Input producer_input(const NormalizedCommand& p) {
  Input in;
  const Words& w = p.words;
  if (!p.name_static || w.empty()) return in;
  if (auto printed = printed_text(p.name, w)) {
    in.kind = Input::text;
    in.printed = std::move(*printed);
    return in;
  }
  if (p.name == "find") {
    in.kind = Input::tree;
    for (std::size_t k : find_start_points(w)) in.dirs.push_back(w[k]);
    if (in.dirs.empty()) {
      WordView dot;
      dot.text = ".";
      dot.literal = ".";
      dot.pattern = ".";
      in.dirs.push_back(std::move(dot));
    }
    in.below = find_name_glob(w).value_or("");
    in.found = true;
    return in;
  }
  if (p.name == "git" && w.size() > 1 && lit(w, 1) && *lit(w, 1) == "ls-files") {
    WordView dot;
    dot.text = ".";
    dot.literal = ".";
    dot.pattern = ".";
    in.kind = Input::tree;
    in.dirs.push_back(std::move(dot));
  }
  return in;
}

// A here-string or a here-document that xargs reads instead of the pipe.
std::optional<Input> redirected_input(const NormalizedCommand& n) {
  std::optional<Input> in;
  for (const auto& r : n.redirects) {
    if (r.fd != 0) continue;
    in = Input{};
    if (r.op == "<<<" && r.target.literal) {
      in->kind = Input::text;
      in->printed = *r.target.literal + "\n";
    } else if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body &&
               (r.heredoc_quoted || r.heredoc_body->find_first_of("$`\\") == std::string::npos)) {
      in->kind = Input::text;
      in->printed = *r.heredoc_body;
    }
  }
  return in;
}

// The items xargs makes of `printed`: lines with a replace string, else blank-separated words.
// nullopt when xargs would read quotes or backslashes in them, or split them otherwise.
std::optional<std::vector<std::string>> items_of(const std::string& printed,
                                                 const XargsOptions& o) {
  if (o.delimited || printed.find_first_of("'\"\\") != std::string::npos) return std::nullopt;
  std::vector<std::string> out;
  std::string cur;
  for (char c : printed) {
    const bool sep = c == '\n' || (!o.replace && (c == ' ' || c == '\t'));
    if (!sep) {
      if (!(o.replace && cur.empty() && (c == ' ' || c == '\t'))) cur += c;
      continue;
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    cur.clear();
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string filled(std::string_view s, std::string_view item) {
  std::string out;
  for (char c : s) {
    if (c == kSlot)
      out += item;
    else
      out += c;
  }
  return out;
}

// `a/b/` → `b`: the name a copy gives a source inside its destination folder.
std::string_view last_component(std::string_view item) {
  while (item.size() > 1 && item.ends_with('/')) item.remove_suffix(1);
  if (auto slash = item.rfind('/'); slash != std::string_view::npos && item.size() > 1)
    item.remove_prefix(slash + 1);
  return item;
}

WordView filled_word(const WordView& w, std::string_view item) {
  WordView v;
  v.text = filled(w.text, item);
  const std::string value = filled(*w.literal, item);
  v.literal = value;
  v.pattern = value;
  v.span = w.span;
  return v;
}

// The argvs xargs runs with the items its input shows, for the safety checks: one per item
// in place of the replace string (the first few), or every item after the words (up to the
// judge's bound on paths).
void filled_argvs(const Words& w, const std::vector<std::string>& items, bool replace,
                  NormalizedCommand& n) {
  constexpr std::size_t kReplaced = 16;
  if (replace) {
    for (std::size_t k = 0; k < items.size() && k < kReplaced; ++k) {
      Words a = w;
      for (auto& v : a)
        if (v.literal && v.literal->find(kSlot) != std::string::npos) v = filled_word(v, items[k]);
      n.xargs_argvs.push_back(std::move(a));
    }
    return;
  }
  Words a(w.begin(), w.end() - 1);  // without the slot
  for (std::size_t k = 0; k < items.size() && k < limits::judged_paths; ++k) {
    WordView v;
    v.text = items[k];
    v.literal = items[k];
    v.pattern = items[k];
    a.push_back(std::move(v));
  }
  n.xargs_argvs.push_back(std::move(a));
}

// A word of the command with xargs's input in it: `item`'s text, or (nullptr) a word the line
// does not show.
WordView input_word(const WordView& w, std::string_view replace, const std::string* item) {
  constexpr std::string_view kUnknown = "$(xargs input)";
  WordView v;
  std::string text;
  const std::string& from = *w.literal;
  for (std::size_t at = 0; at < from.size();) {
    if (!replace.empty() && from.compare(at, replace.size(), replace) == 0) {
      text += item ? std::string_view(*item) : kUnknown;
      at += replace.size();
    } else {
      text += from[at++];
    }
  }
  v.span = w.span;
  if (item) {
    v.literal = text;
    v.pattern = text;
  } else {
    v.has_expansion = true;
  }
  v.text = std::move(text);
  return v;
}

// The argvs xargs runs: with the items the line shows (each in the replace string's place, or
// appended from each of the first items on when `-n`/`-L` split them into runs), else with
// words the line does not show. Bounded: the first few runs.
std::vector<Words> input_argvs(const Words& w, const XargsOptions& o,
                               const std::vector<std::string>* items, std::string_view start,
                               bool& too_many) {
  constexpr std::size_t kRuns = 16;
  constexpr std::size_t kItemsPerRun = 256;
  std::vector<Words> out;
  if (o.replace) {
    too_many = items && items->size() > kRuns;
    const std::size_t runs = items ? std::min(items->size(), kRuns) : 1;
    for (std::size_t r = 0; r < runs; ++r) {
      Words a = w;
      for (auto& v : a)
        if (v.literal && v.literal->find(*o.replace) != std::string::npos)
          v = input_word(v, *o.replace, items ? &(*items)[r] : nullptr);
      out.push_back(std::move(a));
    }
    return out;
  }
  if (!items) {
    // Paths `find DIR` prints are words starting with `DIR/`: operands, never options.
    WordView dyn;
    if (start.empty()) {
      dyn.text = "$(xargs input)";
      dyn.has_expansion = true;
    } else {
      dyn.text = std::string(start) + "*";
      dyn.literal = dyn.text;
      dyn.pattern = dyn.text;
      dyn.has_glob = true;
    }
    if (!w.empty()) dyn.span = w.back().span;
    Words a = w;
    a.push_back(std::move(dyn));
    out.push_back(std::move(a));
    return out;
  }
  too_many = items->size() > kItemsPerRun || (o.split && items->size() > kRuns);
  const std::size_t starts = o.split ? std::min(items->size(), kRuns) : std::size_t(1);
  for (std::size_t k = 0; k < starts; ++k) {
    Words a = w;
    for (std::size_t i = k; i < items->size() && i < k + kItemsPerRun; ++i) {
      WordView v;
      v.text = (*items)[i];
      v.literal = (*items)[i];
      v.pattern = (*items)[i];
      if (!w.empty()) v.span = w.back().span;
      a.push_back(std::move(v));
    }
    out.push_back(std::move(a));
  }
  return out;
}

bool listed_in(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// What the command does with the words xargs gives it, beyond their paths: the program its
// input names (`xargs -I{} {}`, `xargs env`), the code it reads there (`xargs -I{} sh -c {}`,
// `xargs python3 -c`), the commands that code runs when the line shows it, and the argvs the
// deny and ask rules meet (`echo push | xargs git` is `git push`).
// `start`: how every word of the input starts, when the line shows it (the paths `find DIR`
// prints start with DIR: not options).
void input_runs(NormalizedCommand& n, const XargsOptions& o, const std::vector<std::string>* items,
                std::string_view start, const NormalizeOptions& opts) {
  bool too_many = false;
  for (Words& argv : input_argvs(n.words, o, items, start, too_many)) {
    shell::CommandView sub;
    sub.argv = argv;
    NormalizedCommand m = normalize(sub, opts);
    if (!m.name_static) n.escalations.push_back("xargs runs a command its input names");
    for (auto& e : m.escalations)
      if (!listed_in(n.escalations, e)) n.escalations.push_back(std::move(e));
    for (auto& sc : m.nested_scripts)
      if (!listed_in(n.nested_scripts, sc)) n.nested_scripts.push_back(std::move(sc));
    for (auto& a : m.nested_argvs) n.nested_argvs.push_back(std::move(a));
    n.deny_argvs.push_back(std::move(argv));
  }
  if (too_many) n.escalations.push_back("xargs with more words than are judged one by one");
}

}  // namespace

bool runs_xargs(const NormalizedCommand& n) {
  return std::find(n.wrappers.begin(), n.wrappers.end(), "xargs") != n.wrappers.end();
}

void xargs_input(NormalizedCommand& n, const NormalizedCommand* producer,
                 const NormalizeOptions& opts) {
  if (n.words.empty()) return;
  const XargsOptions o = read_options(n.allow_words());
  Input in;
  if (auto r = redirected_input(n))
    in = std::move(*r);
  else if (producer && !o.from_file && o.known)
    in = producer_input(*producer);
  std::optional<std::vector<std::string>> items;
  if (in.kind == Input::text) items = items_of(in.printed, o);
  if (in.kind == Input::text && !items) in.kind = Input::unknown;
  std::string start;
  if (in.kind == Input::tree && in.found && in.dirs.size() == 1 && in.dirs[0].literal &&
      !in.dirs[0].literal->empty() && (*in.dirs[0].literal)[0] != '-')
    start = *in.dirs[0].literal + "/";
  if (!o.replace || !o.replace->empty())
    input_runs(n, o, in.kind == Input::text ? &*items : nullptr, start, opts);
  if (!n.name_static || !n.program.decl) return;

  // The command with a slot where xargs puts the words: in place of the replace string, or
  // after its words.
  Words w = n.words;
  if (o.replace) {
    if (o.replace->empty()) return;
    bool any = false;
    for (std::size_t k = 1; k < w.size(); ++k) {
      if (!w[k].literal || w[k].literal->find(*o.replace) == std::string::npos) continue;
      std::string v = *w[k].literal;
      for (auto at = v.find(*o.replace); at != std::string::npos; at = v.find(*o.replace, at + 1))
        v.replace(at, o.replace->size(), std::string(1, kSlot));
      WordView slot;
      slot.text = v;
      slot.literal = v;
      slot.pattern = v;
      slot.span = w[k].span;
      w[k] = std::move(slot);
      any = true;
    }
    if (!any) return;
  } else {
    WordView slot;
    slot.text = std::string(1, kSlot);
    slot.literal = slot.text;
    slot.pattern = slot.text;
    w.push_back(std::move(slot));
  }
  if (in.kind == Input::text) filled_argvs(w, *items, o.replace.has_value(), n);
  ProgramEffects fx;
  program_effects(n.program.decl, n.name, w, fx);
  for (auto& f : fx.files) {
    const bool slot_word = f.word.literal && f.word.literal->find(kSlot) != std::string::npos;
    if (!slot_word && f.into && f.below.find(kSlot) != std::string::npos) {
      // `xargs cp -t DIR`'s words in a destination that may be a file or a folder: the names
      // are the items' last components (below), or any name when the line does not show them.
      f.entry += " (words read by xargs)";
      if (in.kind != Input::text) {
        f.below = "*";
        n.files.push_back(std::move(f));
        continue;
      }
      for (const auto& item : *items) {
        if (n.files.size() > limits::judged_paths) {
          n.escalations.push_back("xargs with more words than are judged one by one");
          return;
        }
        FileEffect e = f;
        e.below = filled(f.below, last_component(item));
        n.files.push_back(std::move(e));
      }
      continue;
    }
    if (!slot_word) continue;
    f.entry += " (words read by xargs)";
    if (in.kind == Input::text) {
      for (const auto& item : *items) {
        // Past the judge's bound the command is asked anyway (limits.judged-paths): stop here,
        // so that many words times many slots stay linear.
        if (n.files.size() > limits::judged_paths) {
          n.escalations.push_back("xargs with more words than are judged one by one");
          return;
        }
        FileEffect e = f;
        // Inside a copy's destination folder, a word stands by its last component.
        e.word = filled_word(f.word, f.into ? last_component(item) : std::string_view(item));
        n.files.push_back(std::move(e));
      }
    } else if (in.kind == Input::tree && *f.word.literal == std::string(1, kSlot)) {
      for (const auto& dir : in.dirs) {
        FileEffect e = f;
        e.word = dir;
        e.recursive = true;
        e.below = in.below;
        n.files.push_back(std::move(e));
      }
    } else {
      // Paths the line does not show.
      WordView dyn;
      dyn.text = filled(f.word.text, "$(xargs input)");
      dyn.has_expansion = true;
      dyn.span = f.word.span;
      f.word = std::move(dyn);
      n.files.push_back(std::move(f));
    }
  }
  // `xargs curl`: the URLs it reads (the policy's fetch rules judge their hosts).
  for (auto& u : fx.fetches) {
    if (u.url.find(kSlot) == std::string::npos) continue;
    if (in.kind != Input::text || items->size() > limits::judged_paths) {
      n.fetches.push_back({"", u.method});
      continue;
    }
    for (const auto& item : *items) n.fetches.push_back({filled(u.url, item), u.method});
  }
}

}  // namespace vigie::engine
