// chmod's mode in every spelling: `777`, `0777`, `a=rwx`, `ugo+rwx`, `u=rwx,g=rwx,o=rwx` give a
// file the same permissions whatever it had. For deny and ask rules, a mode whose result does
// not depend on the file's permissions is also judged in its other spellings: octal (`777`,
// `0777`) and symbolic (`a=rwx` when the three classes agree, `u=…,g=…,o=…`; `a+rwx` for 777).
// Its files are read by the programs table's entry, as for chown and chgrp.
#include <array>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

// The nine permission bits `mode` (GNU chmod's syntax) gives a file that had `from` (and no
// umask: every clause here names its classes, or the mode is octal); nullopt when it is not a
// mode this reads (`X`, `s`, `t`, copies like `g=u`, an empty clause).
std::optional<unsigned> apply_mode(std::string_view mode, unsigned from) {
  if (mode.empty()) return std::nullopt;
  if (mode.find_first_not_of("01234567") == std::string_view::npos) {
    while (mode.size() > 1 && mode.front() == '0') mode.remove_prefix(1);  // `00777`
    if (mode.size() > 4) return std::nullopt;
    const unsigned v = static_cast<unsigned>(std::stoul(std::string(mode), nullptr, 8));
    if (v > 0777) return std::nullopt;  // setuid, setgid, sticky: spelled as written only
    return v;
  }
  unsigned m = from;
  for (std::size_t at = 0; at <= mode.size();) {
    const std::size_t comma = std::min(mode.find(',', at), mode.size());
    std::string_view clause = mode.substr(at, comma - at);
    at = comma + 1;
    unsigned who = 0;
    std::size_t k = 0;
    for (; k < clause.size() && std::string_view("ugoa").find(clause[k]) != std::string_view::npos;
         ++k)
      who |= clause[k] == 'u' ? 0700 : clause[k] == 'g' ? 0070 : clause[k] == 'o' ? 0007 : 0777;
    if (who == 0 || k >= clause.size()) return std::nullopt;  // `+x`: the umask decides
    while (k < clause.size()) {
      const char op = clause[k++];
      if (op != '+' && op != '-' && op != '=') return std::nullopt;
      unsigned bits = 0;
      for (; k < clause.size() && std::string_view("rwx").find(clause[k]) != std::string_view::npos;
           ++k)
        bits |= clause[k] == 'r' ? 0444 : clause[k] == 'w' ? 0222 : 0111;
      if (k < clause.size() && std::string_view("+-=").find(clause[k]) == std::string_view::npos)
        return std::nullopt;  // X, s, t, u/g/o copies
      bits &= who;
      if (op == '+') m |= bits;
      if (op == '-') m &= ~bits;
      if (op == '=') m = (m & ~who) | bits;
    }
  }
  return m;
}

std::string symbolic(unsigned bits) {
  std::string s;
  if (bits & 4) s += 'r';
  if (bits & 2) s += 'w';
  if (bits & 1) s += 'x';
  return s;
}

}  // namespace

void chmod_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  const ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  for (const auto& o : args.options)
    if (o.decl && o.decl->flag == 'T') return;  // `chmod -x FILE`: the mode is an option
  if (args.operands.empty() || !w[args.operands[0]].literal) return;
  const std::size_t at = args.operands[0];
  const std::string& mode = *w[at].literal;
  const auto low = apply_mode(mode, 0), high = apply_mode(mode, 0777);
  if (!low || !high || *low != *high) return;  // depends on what the file had
  const unsigned m = *low;
  const unsigned u = (m >> 6) & 7, g = (m >> 3) & 7, o = m & 7;
  std::vector<std::string> spellings = {
      fmt::format("{:o}{:o}{:o}", u, g, o), fmt::format("0{:o}{:o}{:o}", u, g, o),
      fmt::format("u={},g={},o={}", symbolic(u), symbolic(g), symbolic(o))};
  if (u == g && g == o) {
    spellings.push_back("a=" + symbolic(u));
    spellings.push_back("ugo=" + symbolic(u));
  }
  if (m == 0777) {
    spellings.push_back("a+rwx");
    spellings.push_back("ugo+rwx");
  }
  if (w.size() > limits::judged_paths) {  // bounded before the copies
    out.escalations.push_back(
        fmt::format("a command of more than {} words in another spelling", limits::judged_paths));
    return;
  }
  for (std::string& s : spellings) {
    if (s == mode) continue;
    Words argv(w);
    argv[at] = synthesized(w[at], std::move(s), 0);
    out.deny_argvs.push_back(std::move(argv));
  }
}

}  // namespace vigie::engine
