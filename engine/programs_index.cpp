// The programs table indexed by name (engine/programs.hpp: `program_name`, `find_program`,
// `table_shell`, `table_interpreter`): each entry's declarations parsed from their strings on
// first use, and every name's flags from the interpreters column, in one hash.
#include <atomic>
#include <cctype>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "engine/program_handlers.hpp"
#include "engine/programs.hpp"
#include "engine/programs_decl.hpp"
#include "engine/word_hash.hpp"

namespace vigie::engine {

// The parts of the programs table, in the order they are read (a name's first entry wins): one
// line per table file.
namespace {
struct TablePart {
  const ProgramSource* entries;
  const std::size_t* count;
};
const TablePart kTableParts[] = {
    {kPrograms, &kProgramCount},
    {kProgramsNetwork, &kProgramsNetworkCount},
    {kProgramsGit, &kProgramsGitCount},
    {kProgramsTools, &kProgramsToolsCount},
    {kProgramsCloud, &kProgramsCloudCount},
    {kProgramsData, &kProgramsDataCount},
    {kProgramsJs, &kProgramsJsCount},
    {kProgramsDesktop, &kProgramsDesktopCount},
    {kProgramsFixers, &kProgramsFixersCount},
    {kProgramsCodegen, &kProgramsCodegenCount},
    {kProgramsSystem, &kProgramsSystemCount},
    {kProgramsPython, &kProgramsPythonCount},
    {kProgramsCheckers, &kProgramsCheckersCount},
    {kProgramsWrappers, &kProgramsWrappersCount},
};
}  // namespace

const ProgramSource& program_source(std::size_t i) {
  for (const TablePart& t : kTableParts) {
    if (i < *t.count) return t.entries[i];
    i -= *t.count;
  }
  return kPrograms[0];  // not reached: i < program_source_count()
}

std::size_t program_source_count() {
  std::size_t n = 0;
  for (const TablePart& t : kTableParts) n += *t.count;
  return n;
}

namespace {

std::vector<std::string> split_spaces(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// `-o|--output=w!F` -> an OptionDecl.
OptionDecl parse_option_decl(std::string_view tok) {
  OptionDecl d;
  std::size_t end = tok.find_first_of("=?!");
  std::string_view names = tok.substr(0, end);
  while (!names.empty()) {
    std::size_t bar = names.find('|');
    std::string_view n = names.substr(0, bar);
    if (n.size() > 2 && n[0] == '-' && n[1] == '-')
      d.longs.emplace_back(n.substr(2));
    else if (n.size() == 2 && n[0] == '-')
      d.shorts.push_back(n[1]);
    else if (n.size() > 2 && n[0] == '-')
      d.exact.emplace_back(n);  // single-dash long (`-TT`)
    if (bar == std::string_view::npos) break;
    names.remove_prefix(bar + 1);
  }
  if (end == std::string_view::npos) return d;
  std::string_view rest = tok.substr(end);
  if ((rest[0] == '=' || rest[0] == '?') && rest.size() > 1) {
    d.arg = rest[0] == '=' ? OptionDecl::Arg::required : OptionDecl::Arg::optional;
    d.role = rest[1];
    rest.remove_prefix(2);
  }
  if (rest.size() > 1 && rest[0] == '!') d.flag = rest[1];
  return d;
}

// Calls `f` with each name of a table entry, a view into the static table: "git push
// git send-pack" -> "git push", "git send-pack" (names of two words stay together; the table
// writes them with one space, which programs_test checks).
template <class F>
void for_each_name(const ProgramSource& src, F&& f) {
  std::string_view s = src.names;
  const bool pairs = std::string_view(src.handler).empty();
  auto next_word = [&](std::size_t& i) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    std::string_view w = s.substr(i, j - i);
    i = j;
    return w;
  };
  std::size_t i = 0;
  for (std::string_view w = next_word(i); !w.empty(); w = next_word(i)) {
    if (pairs && w == "git") {
      std::size_t k = i;
      if (std::string_view sub = next_word(k); !sub.empty()) {
        w = s.substr(static_cast<std::size_t>(w.data() - s.data()),
                     static_cast<std::size_t>(sub.data() + sub.size() - w.data()));
        i = k;
      }
    }
    f(w);
  }
}

std::vector<std::string> program_names(const ProgramSource& src) {
  std::vector<std::string> names;
  for_each_name(src, [&](std::string_view n) { names.emplace_back(n); });
  return names;
}

ProgramDecl parse_program(const ProgramSource& src) {
  ProgramDecl p;
  p.names = program_names(src);
  std::string_view style = src.style;
  p.prefixes = style.find('p') != std::string_view::npos;
  p.permute = style.find('m') != std::string_view::npos;
  p.stop = style.find('s') != std::string_view::npos;
  p.safe_wrapper = style.find('S') != std::string_view::npos;
  p.variants = style.find('v') != std::string_view::npos;
  p.response_files = style.find('@') != std::string_view::npos;
  p.underscores = style.find('_') != std::string_view::npos;
  p.long_shorts = style.find('z') != std::string_view::npos;
  p.first_letter = style.find('1') != std::string_view::npos;
  p.operands = src.operands;
  p.handler = src.handler;
  p.wrapper = p.handler == "wrapper";
  p.run = handler_function(p.handler);
  for (const std::string& n : p.names) {
    if (!p.network) p.network = network_use(n);
    p.command_spellings = p.command_spellings || has_command_spellings(n);
  }
  for (const auto& tok : split_spaces(src.options)) {
    p.options.push_back(parse_option_decl(tok));
    const OptionDecl& d = p.options.back();
    if (d.role == 'x' || d.role == 'E' || d.flag == '!') p.runs_programs = true;
    if (d.flag == 'X') p.gated = true;
  }
  return p;
}

// Names -> what the tables say of them, in one open-addressed array of a power of two slots
// (linear probing, kept at most half full): a look-up hashes the name once and compares a slot's
// stored hash before its bytes, without std::unordered_map's prime modulo and bucket list
// (about half the instructions of a look-up; every command looks its name up, `git SUB` twice).
class NameTable {
 public:
  // The name's entry, added empty when missing. `n` views the static tables.
  ProgramName& entry(std::string_view n) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::size_t h = word_hash(n);
    Slot& s = slots_[probe(n, h)];
    if (!s.used) {
      s = Slot{n, h, ProgramName{}, true};
      ++size_;
    }
    return s.value;
  }
  const ProgramName* find(std::string_view n) const {
    const Slot& s = slots_[probe(n, word_hash(n))];
    return s.used ? &s.value : nullptr;
  }
  ProgramName* find(std::string_view n) {
    Slot& s = slots_[probe(n, word_hash(n))];
    return s.used ? &s.value : nullptr;
  }
  // Calls f(name, entry) for every name, in no order.
  template <class F>
  void for_each(F&& f) {
    for (Slot& s : slots_)
      if (s.used) f(s.name, s.value);
  }

 private:
  struct Slot {
    std::string_view name;
    std::size_t hash = 0;
    ProgramName value;
    bool used = false;
  };
  // The slot holding `n`, else the empty one where it would go.
  std::size_t probe(std::string_view n, std::size_t h) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t k = h & mask;
    while (slots_[k].used && !(slots_[k].hash == h && same(slots_[k].name, n))) k = (k + 1) & mask;
    return k;
  }
  // `a == b` without a call to memcmp: a slot whose hash is the name's holds it but for a
  // collision, and names are short (`git`, `git status`).
  static bool same(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (Slot& s : old)
      if (s.used) slots_[probe(s.name, s.hash)] = s;
  }
  std::vector<Slot> slots_ = std::vector<Slot>(2048);
  std::size_t size_ = 0;
};

// Names -> entries, each entry's declarations parsed on its first lookup: a decision meets a
// handful of programs, and parsing the whole table up front was most of the first decision's
// work (about 1.5 M instructions natively, more in WASM's first, lazily compiled run).
// The names are hashed (one look-up per name on the decision path, where the sorted map cost a
// dozen string compares), and each carries what the interpreters column says of it, so that
// `is_wrapper`, `is_interpreter` and `is_shell` (engine/normalize.hpp) cost one look-up too.
struct Index {
  NameTable by_name;
  std::unique_ptr<ProgramDecl[]> decls = std::make_unique<ProgramDecl[]>(program_source_count());
  std::unique_ptr<std::once_flag[]> parsed =
      std::make_unique<std::once_flag[]>(program_source_count());
  // Set once an entry is parsed: later look-ups read it without entering call_once.
  std::unique_ptr<std::atomic<bool>[]> ready =
      std::make_unique<std::atomic<bool>[]>(program_source_count());
  std::vector<std::string_view> interpreter_prefixes;  // python -> python3, python3.12
  std::unordered_map<std::string_view, std::uint32_t, WordHash> variant_bases;  // style `v`
  Index();
  const ProgramDecl& at(std::size_t i) const {
    if (!ready[i].load(std::memory_order_acquire)) {
      std::call_once(parsed[i], [&] { decls[i] = parse_program(program_source(i)); });
      ready[i].store(true, std::memory_order_release);
    }
    return decls[i];
  }
  bool prefixed_interpreter(std::string_view name) const {
    for (std::string_view p : interpreter_prefixes)
      if (name.substr(0, p.size()) == p) return true;
    return false;
  }
};

Index::Index() {
  auto entry = [&](std::string_view n) -> ProgramName& { return by_name.entry(n); };
  for (std::size_t i = 0; i < program_source_count(); ++i) {
    std::string_view handler = program_source(i).handler;
    std::string_view style = program_source(i).style;
    const bool wrapper = handler == "wrapper";
    const bool safe = wrapper && style.find('S') != std::string_view::npos;
    const bool variant = style.find('v') != std::string_view::npos;
    for_each_name(program_source(i), [&](std::string_view n) {
      ProgramName& e = entry(n);
      if (e.program != ProgramName::kNone) return;  // the first entry of a name wins
      e.program = static_cast<std::uint32_t>(i);
      e.wrapper = wrapper;
      e.safe_wrapper = safe;
      if (variant) variant_bases.emplace(n, e.program);
    });
  }
  // `git push`, `docker:run`, `kubectl:options`: their program has subentries.
  by_name.for_each([&](std::string_view n, ProgramName&) {
    const std::size_t cut = n.find_first_of(" :");
    if (cut == std::string_view::npos) return;
    if (ProgramName* base = by_name.find(n.substr(0, cut))) base->subentries = true;
  });
  bool prefix_first[256] = {};  // the first letters of the versioned interpreters' names
  for (std::size_t i = 0; i < kInterpreterCount; ++i) {
    const InterpreterSource& s = kInterpreters[i];
    std::string_view list = s.names;  // points into the static table
    while (!list.empty()) {
      auto sp = list.find(' ');
      std::string_view n = list.substr(0, sp);
      ProgramName& e = entry(n);
      if (s.kind == 's') e.shell = true;
      e.interpreter = true;
      if (s.prefix) {
        interpreter_prefixes.push_back(n);
        prefix_first[static_cast<unsigned char>(n[0])] = true;
      }
      if (sp == std::string_view::npos) break;
      list.remove_prefix(sp + 1);
    }
  }
  by_name.for_each([&](std::string_view n, ProgramName& e) {
    if (!e.interpreter && prefix_first[static_cast<unsigned char>(n[0])])
      e.interpreter = prefixed_interpreter(n);
  });
}

const Index& index() {
  static const Index idx;
  return idx;
}

}  // namespace

const std::vector<ProgramDecl>& program_table() {
  static const std::vector<ProgramDecl> table = [] {
    std::vector<ProgramDecl> t;
    t.reserve(program_source_count());
    for (std::size_t i = 0; i < program_source_count(); ++i) t.push_back(index().at(i));
    return t;
  }();
  return table;
}

// The entry a versioned or target-prefixed name stands for (style `v`): `gcc-12`, `gcc12`,
// `x86_64-linux-gnu-gcc-12` -> gcc; none when no base of the name is such an entry.
std::uint32_t variant_of(const Index& idx, std::string_view name) {
  // Byte loops, not find_first_of: every name the index does not hold comes here (`git x`).
  for (char c : name)
    if (c == ' ' || c == ':' || c == '/') return ProgramName::kNone;
  std::string_view stem = name;  // without a version suffix: `-12`, `-12.2`, `12`
  std::size_t v = stem.size();
  while (v > 0 && ((stem[v - 1] >= '0' && stem[v - 1] <= '9') || stem[v - 1] == '.')) --v;
  if (v > 0 && v < stem.size() && stem[v] >= '0' && stem[v] <= '9') {
    --v;  // the last byte that is not a digit or a dot
    stem = stem.substr(0, stem[v] == '-' ? v : v + 1);
  }
  for (std::string_view s : {name, stem}) {
    for (std::size_t at = 0; at != std::string_view::npos && at < s.size();) {
      if (auto it = idx.variant_bases.find(s.substr(at)); it != idx.variant_bases.end())
        return it->second;
      at = s.find('-', at);  // drop one component of a target prefix
      if (at != std::string_view::npos) ++at;
    }
  }
  return ProgramName::kNone;
}

namespace {

// The architectures a GNU target triple starts with: a cross tool's name is the triple, then
// the tool's (`x86_64-linux-gnu-ar`, `aarch64-none-elf-as`, `x86_64-w64-mingw32-gfortran-12`).
constexpr std::string_view kTargetArches[] = {
    "x86_64",      "amd64",         "i386",        "i486",      "i586",        "i686",
    "aarch64",     "aarch64_be",    "arm",         "armeb",     "armel",       "armhf",
    "armv5tel",    "armv6l",        "armv7l",      "armv7a",    "armv7hl",     "arm64",
    "mips",        "mipsel",        "mips64",      "mips64el",  "mipsisa32r6", "mipsisa32r6el",
    "mipsisa64r6", "mipsisa64r6el", "powerpc",     "powerpc64", "powerpc64le", "ppc",
    "ppc64",       "ppc64le",       "riscv32",     "riscv64",   "s390",        "s390x",
    "sparc",       "sparc64",       "alpha",       "hppa",      "hppa64",      "ia64",
    "m68k",        "sh4",           "loongarch64", "arc",       "avr",         "xtensa",
    "or1k",        "nios2",         "microblaze",  "msp430",    "wasm32",      "wasm64",
    "bpf"};

// A cross tool's name without its target triple (`x86_64-linux-gnu-ar` -> `ar`): the
// architecture, then one to three more components (vendor, system, ABI). Empty when the name
// does not start with an architecture or no program of the table follows it.
std::string_view without_triple(std::string_view name) {
  if (name.find_first_of(" :/") != std::string_view::npos) return {};
  const std::size_t dash = name.find('-');
  if (dash == std::string_view::npos) return {};
  const std::string_view arch = name.substr(0, dash);
  bool found = false;
  for (std::string_view a : kTargetArches) found = found || a == arch;
  if (!found) return {};
  std::size_t at = dash + 1;
  for (int component = 0; component < 3; ++component) {
    at = name.find('-', at);
    if (at == std::string_view::npos || at + 1 >= name.size()) return {};
    ++at;
    if (program_name(name.substr(at)).known) return name.substr(at);
  }
  return {};
}

}  // namespace

ProgramName program_name(std::string_view name) {
  const Index& idx = index();
  const ProgramName* found = idx.by_name.find(name);
  if (!found) {
    ProgramName e;
    e.program = variant_of(idx, name);
    // A versioned name (`python3.12`, `pypy3.10`, `ruby3.1`, `php8.2`, `node18`, `bundle3.1`,
    // `2to3-3.11`, `bash-5.2`; python's builds `python3.13t`, `python3.12d`, `python3-dbg`): the
    // entry of its name without the version.
    std::string_view n = name;
    if (n.size() > 4 && n.ends_with("-dbg")) n.remove_suffix(4);
    if (n.size() > 2 && (n.back() == 't' || n.back() == 'd' || n.back() == 'm') &&
        n[n.size() - 2] >= '0' && n[n.size() - 2] <= '9')
      n.remove_suffix(1);
    if (e.program == ProgramName::kNone && !n.empty() && n.back() >= '0' && n.back() <= '9') {
      std::size_t v = n.size();
      while (v > 0 && ((n[v - 1] >= '0' && n[v - 1] <= '9') || n[v - 1] == '.')) --v;
      if (v > 1 && n[v - 1] == '-') --v;
      const ProgramName* base = idx.by_name.find(n);
      if (!base && v > 1) base = idx.by_name.find(n.substr(0, v));
      if (v > 1 && base) {
        e = *base;
        e.known = true;
        if (e.program != ProgramName::kNone) e.decl = &idx.at(e.program);
        return e;
      }
    }
    if (e.program == ProgramName::kNone) return e;
    e.known = true;
    e.decl = &idx.at(e.program);
    return e;
  }
  ProgramName e = *found;
  e.known = true;
  if (e.program != ProgramName::kNone) e.decl = &idx.at(e.program);
  return e;
}

// A name the tables do not know that differs from one they know only by ASCII case or a `.exe`
// suffix (`CURL`, `Rm`, `curl.exe`, `GIT.EXE`): a case-insensitive filesystem (macOS, Windows)
// or Windows' executables run that program, so the command is read as that program's.
void fold_program_name(std::string& name, ProgramName& program) {
  if (program.known || name.empty()) return;
  // Another name of a program (`slogin`, `fakeroot-sysv`, `rust-gdb`): read as that program.
  for (std::size_t i = 0; i < kProgramAliasCount; ++i)
    if (name == kProgramAliases[i].alias) {
      name = kProgramAliases[i].program;
      program = program_name(name);
      return;
    }
  // A cross tool (`x86_64-linux-gnu-ar`, `arm-none-eabi-as`): read as the tool, under its name,
  // as handlers that tell their programs apart by name need (ar, as).
  if (std::string_view tool = without_triple(name); !tool.empty()) {
    name = std::string(tool);
    program = program_name(name);
    return;
  }
  bool upper = false;
  for (char c : name) upper = upper || (c >= 'A' && c <= 'Z');
  const std::size_t n = name.size();
  const bool exe = n > 4 && name[n - 4] == '.' && (name[n - 3] | 0x20) == 'e' &&
                   (name[n - 2] | 0x20) == 'x' && (name[n - 1] | 0x20) == 'e';
  if (!upper && !exe) return;
  std::string folded = name.substr(0, exe ? n - 4 : n);
  for (char& c : folded)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  ProgramName p = program_name(folded);
  if (!p.known) return;
  name = std::move(folded);
  program = p;
}

bool table_shell(std::string_view name) {
  return program_name(name).shell;
}

bool table_interpreter(const ProgramName& p, std::string_view name) {
  // A name of neither table may still be a versioned interpreter (python3.13).
  return p.interpreter || (!p.known && index().prefixed_interpreter(name));
}

bool table_interpreter(std::string_view name) {
  return table_interpreter(program_name(name), name);
}

const ProgramDecl* find_program(std::string_view name) {
  return program_name(name).decl;
}

}  // namespace vigie::engine
