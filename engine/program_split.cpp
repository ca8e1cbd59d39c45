// split and csplit: the pieces they write are named PREFIX + SUFFIX, the suffix generated
// (split: `aa`, `ab`…, then `--additional-suffix`; csplit: `-b FORMAT`, printf'd with the
// piece's number). Each piece is judged as the glob of every name it can have: `split -a1 a .en`
// writes `.env` (its 22nd piece), `csplit -f tes -b 'ts/x%d'` writes `tests/x0`.
#include <optional>
#include <string>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// A printf format with each conversion (`%02d`, `%.0x`, `%u`) as `*` and `%%` as `%`; nullopt
// when it holds a conversion vigie does not read.
std::optional<std::string> format_glob(std::string_view f) {
  std::string out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out.push_back(f[i]);
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '%') {
      out.push_back('%');
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < f.size() && std::string_view("#0- +'.0123456789").find(f[j]) != f.npos) ++j;
    if (j >= f.size() || std::string_view("diouxX").find(f[j]) == std::string_view::npos)
      return std::nullopt;
    out.push_back('*');
    i = j;
  }
  return out;
}

// The glob of a piece's names, as a word synthesized from `from` (a glob: judged against every
// rule a name it matches can meet).
// `tilde`: the glob starts with a prefix's unquoted `~` (`-f ~/x`), expanded as the shell would.
WordView piece_glob(const WordView& from, std::string glob, bool tilde = false) {
  WordView w = synthesized(from, glob, 0);
  w.literal.reset();
  w.pattern = glob;
  w.has_glob = true;
  w.has_tilde = tilde && glob.starts_with("~");
  return w;
}

}  // namespace

void split_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  const bool csplit = name == "csplit";
  std::optional<WordView> prefix;
  std::optional<WordView> suffix;  // split: --additional-suffix; csplit: -b FORMAT
  for (const auto& o : args.options) {
    if (!o.decl || !o.value || o.decl->longs.empty()) continue;
    const std::string& l = o.decl->longs.front();
    if (l == "prefix") prefix = *o.value;
    if ((csplit && l == "suffix-format") || (!csplit && l == "additional-suffix"))
      suffix = *o.value;
  }
  // The prefix's text: its literal, or its pattern when only an unquoted `~` keeps it from being
  // one
  // (`-f ~/x`: the shell expands it).
  const auto text = [](const std::optional<WordView>& v) -> const std::string* {
    if (v && v->literal) return &*v->literal;
    if (v && v->pattern && v->has_tilde && !v->has_glob && !v->has_expansion) return &*v->pattern;
    return nullptr;
  };
  // split's prefix is its second operand.
  if (!csplit && args.operands.size() >= 2) prefix = w[args.operands[1]];
  if (!prefix && !suffix) return;  // `xaa`, `xx00`: in the current folder
  const std::string entry = std::string(name) + " (the pieces it writes)";
  const WordView& at = prefix ? *prefix : *suffix;
  if ((prefix && !text(prefix)) || (suffix && !suffix->literal)) {
    add_file(out, Touch::write, at, From::option, entry);
    return;
  }
  const bool tilde = prefix && !prefix->literal;
  const std::string pre = prefix ? *text(prefix) : (csplit ? "xx" : "x");
  std::string glob;
  if (csplit) {
    auto f = format_glob(suffix ? *suffix->literal : "%02d");
    if (!f) {
      out.escalations.push_back(entry + ": a suffix format vigie does not read");
      return;
    }
    glob = pre + *f;
  } else {
    // Suffixes are letters, or digits (`-d`), or hex digits (`-x`): `-a N` of them, or two, then
    // `z` and three more as the pieces need (GNU split lengthens them: `yz`, `zaaa`).
    std::size_t n = 0;
    for (const auto& o : args.options)
      if (o.decl && !o.decl->longs.empty() && o.decl->longs.front() == "suffix-length" && o.value &&
          o.value->literal && !o.value->literal->empty() && o.value->literal->size() <= 2 &&
          o.value->literal->find_first_not_of("0123456789") == std::string::npos)
        for (char c : *o.value->literal) n = n * 10 + static_cast<std::size_t>(c - '0');
    const std::string tail = suffix ? *suffix->literal : "";
    if (n == 0) {
      add_file(out, Touch::write, piece_glob(at, pre + "z[a-z0-9][a-z0-9][a-z0-9]" + tail, tilde),
               From::option, entry);
      n = 2;
    }
    glob = pre;
    for (std::size_t k = 0; k < n; ++k) glob += "[a-z0-9]";
    glob += tail;
  }
  add_file(out, Touch::write, piece_glob(at, glob, tilde), From::option, entry);
}

}  // namespace vigie::engine
