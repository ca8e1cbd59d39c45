// Desktop launches (handler `launcher`, named by their rows in engine/programs_table_desktop.cpp
// and engine/programs_table_tools.cpp): the program a desktop entry's `Exec=` line names, or the
// application a desktop setting chooses, is one the line does not show. `gio launch
// FILE.desktop [FILE…]`, `gtk-launch APP [URI…]`, `dex FILE.desktop…` (`-a`: every autostart
// entry; `-c`: a new entry written), `kioclient exec URL` and `exo-open --launch TYPE [PARAM…]`
// (a terminal's parameters: a command line, judged as one) are asked. The openers (`xdg-open`,
// `kde-open`, `exo-open URL`) run what the desktop's settings choose for what they open (the
// table's operand role `x`): asked when it is a desktop entry (a name ending in `.desktop`, in
// any case) or a word whose end the line does not show. The rows' roles give the files read:
// the desktop entry, the files handed to the application.
#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::in_words;
using program_words::lit;
using program_words::starts_with;

// Run a desktop entry whatever their operands (and `gio launch`, as the subcommand handler
// names it; kioclient's `exec`: kioclient() below).
constexpr std::string_view kLaunchers = "gtk-launch dex";
// Open what they are given with the application the desktop's settings choose.
constexpr std::string_view kOpeners = "xdg-open kde-open kde-open5 kde-open6 exo-open";
constexpr std::string_view kKioClients = "kioclient kioclient5 kioclient6";

// Whether `w` may name a desktop entry: a static name ending in `.desktop` (any case), or a word
// whose last part the line does not show (`"$F"`, `"$D/app.$EXT"`).
bool may_be_desktop_entry(const WordView& w) {
  if (w.literal) {
    const std::string low = policy::ascii_lower(*w.literal);
    return low.size() > 8 && low.ends_with(".desktop");
  }
  std::string_view t = w.text;
  while (!t.empty() && (t.back() == '"' || t.back() == '\'')) t.remove_suffix(1);
  const auto dyn = t.find_last_of("$`)}");
  const std::string_view tail = dyn == std::string_view::npos ? t : t.substr(dyn + 1);
  const auto dot = tail.rfind('.');
  if (dot == std::string_view::npos) return true;  // `"$F"`, `"$D/$NAME"`: any name
  return policy::ascii_lower(std::string(tail.substr(dot))) == ".desktop";
}

bool runs_nothing(const ParsedArgs& a) {
  for (const auto& o : a.options)
    if (o.decl && o.decl->flag == 'N') return true;
  return false;
}

const ParsedOption* given(const ParsedArgs& a, std::string_view name) {
  for (const auto& o : a.options)
    if (o.decl && option_name(*o.decl) == name) return &o;
  return nullptr;
}

// `kioclient [OPTIONS] exec URL [MIMETYPE]`: the URL opened as its desktop settings say (a
// desktop entry run); its other commands (copy, move, remove…) name paths as a program the
// table does not declare does.
void kioclient(std::string_view name, const Words& w, ProgramEffects& out) {
  std::size_t i = 1;
  while (i < w.size() && lit(w, i) && starts_with(*lit(w, i), "-")) ++i;
  if (!lit(w, i) || *lit(w, i) != "exec") {
    if (i < w.size() && !lit(w, i))
      out.escalations.push_back(std::string(name) + " with a command that is not static");
    add_named_words(name, w, out);
    return;
  }
  const std::string entry = std::string(name) + " exec";
  out.escalations.push_back(entry + " (the application the desktop's settings choose)");
  if (i + 1 >= w.size()) return;
  const WordView& url = w[i + 1];
  if (!url.literal) {
    add_word_file(out, Touch::read, url, From::operand, entry);
  } else if (auto local = file_url_path(*url.literal, true)) {
    add_word_file(out, Touch::read, word_of(url, *local), From::operand, entry);
  }
}

}  // namespace

bool desktop_launch(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  if (in_words(kKioClients, name)) {
    kioclient(name, w, out);
    return true;
  }
  const bool launcher = in_words(kLaunchers, name) || name == "gio launch";
  const bool opener = in_words(kOpeners, name);
  if (!launcher && !opener) return false;
  const ParsedArgs a = parse_args(p, w, 1);
  apply_parsed(p, name, w, a, out);
  if (runs_nothing(a)) return true;
  const std::string who(name);
  const char* runs = " (the program a desktop entry names)";
  if (launcher) {
    if (!a.operands.empty() || given(a, "--autostart") || given(a, "--create"))
      out.escalations.push_back(who + runs);
    return true;
  }
  if (const ParsedOption* l = given(a, "--launch")) {  // exo-open's preferred applications
    out.escalations.push_back(who + " --launch (the application a desktop setting chooses)");
    if (l->value && l->value->literal &&
        policy::ascii_lower(*l->value->literal) == "terminalemulator" && !a.operands.empty()) {
      std::string line;
      for (std::size_t k : a.operands) {
        if (!w[k].literal) {
          out.escalations.push_back(who +
                                    " --launch TerminalEmulator with a command that is "
                                    "not static");
          return true;
        }
        line += (line.empty() ? "" : " ") + *w[k].literal;
      }
      out.scripts.push_back(std::move(line));
    }
    return true;
  }
  for (std::size_t k : a.operands)
    if (may_be_desktop_entry(w[k])) {
      out.escalations.push_back(who + runs);
      break;
    }
  return true;
}

}  // namespace vigie::engine
