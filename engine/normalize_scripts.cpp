// The nested scripts a command runs, found while normalizing it (normalize_internal.hpp):
// `bash -c 'S'` and scripts on stdin, `eval S…`, `watch CMD…`, `su -c S` and the like. They are
// returned as text to parse and judge again; anything dynamic is an escalation.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_runners.hpp"
#include "engine/program_words.hpp"
#include "engine/programs_decl.hpp"

namespace vigie::engine::normalize_detail {

void shell_script(const std::string& name, const Words& w,
                  const std::vector<shell::RedirectView>& redirects, NormalizedCommand& n) {
  bool has_c = false, has_s = false, interactive = false, rcfile = false;
  std::size_t i = 1;
  while (i < w.size()) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || ((*s)[0] != '-' && (*s)[0] != '+')) {
      if (s && (*s == "-" || *s == "--")) ++i;
      break;
    }
    if (*s == "--") {
      ++i;
      break;
    }
    if (starts_with(*s, "--")) {
      const bool file = *s == "--rcfile" || *s == "--init-file";
      rcfile = rcfile || file;
      interactive = interactive || *s == "--interactive";
      i += file ? 2 : 1;
      continue;
    }
    bool takes_next = false;
    for (std::size_t k = 1; k < s->size(); ++k) {
      char c = (*s)[k];
      if (c == 'c' && (*s)[0] == '-') has_c = true;
      if (c == 's' && (*s)[0] == '-') has_s = true;
      if (c == 'i' && (*s)[0] == '-') interactive = true;
      if (c == 'o' || c == 'O') takes_next = true;
      // `bash -O nocaseglob -c 'cat .EN?'`: its globs match names in any case.
      if (c == 'O' && program_words::lit_is(w, i + 1, "nocaseglob"))
        n.escalations.push_back(name + " -O nocaseglob: globs that match names in any case");
      // `bash -k -c`, `bash -o keyword -c`: the `NAME=VALUE` arguments of its commands go into
      // their environment (`git diff GIT_EXTERNAL_DIFF=CMD`).
      if ((*s)[0] == '-' && (c == 'k' || (c == 'o' && program_words::lit_is(w, i + 1, "keyword"))))
        n.escalations.push_back(name + " -k: `NAME=VALUE` arguments set its commands' environment");
    }
    i += takes_next ? 2 : 1;
  }
  // `bash --rcfile F -ic 'ls'`: an interactive shell runs F's code first.
  if (rcfile && interactive)
    n.escalations.push_back(name + " --rcfile with -i: the file's code is not visible");
  if (has_c) {
    if (i < w.size() && w[i].literal)
      n.nested_scripts.push_back(*w[i].literal);
    else
      n.escalations.push_back("dynamic script for " + name + " -c");
    return;
  }
  // `bash -s ARG…` reads its script from stdin: the operands are its positional parameters.
  if (!has_s && i < w.size() && !(w[i].literal && names_descriptor(*w[i].literal))) {
    // `bash script.sh` runs a file (an interpreter: the caller decides); `bash <(curl …)` or
    // `bash $SCRIPT` runs something we cannot see. `bash ../../dev/stdin` may be either: its
    // input is judged too.
    if (!w[i].literal) n.escalations.push_back("dynamic script for " + name);
    if (w[i].literal && may_name_descriptor(*w[i].literal)) stdin_script(name, redirects, n);
    return;
  }
  // `bash /dev/fd/3 3<<EOF`: the script is what descriptor 3 holds.
  const int fd = !has_s && i < w.size() ? descriptor_path(*w[i].literal, "").fd : 0;
  stdin_script(name, redirects, n, fd);
}

// The script comes from stdin (or descriptor `fd`): a here-string or a here-document we can
// read, as bash gives it (an unquoted here-document's `\\` is `\`). When the last redirection
// of `fd` is a file or a copy of another descriptor (`bash <<<'echo hi' <x`), the script is that
// file's, as in `bash <x`: no here-string is, and none is judged as one (the caller judges the
// shell as it judges a script it does not see).
void stdin_script(const std::string& name, const std::vector<shell::RedirectView>& redirects,
                  NormalizedCommand& n, int fd) {
  const auto last = std::find_if(redirects.rbegin(), redirects.rend(),
                                 [fd](const shell::RedirectView& r) { return r.fd == fd; });
  if (last != redirects.rend() && (last->op == "<" || last->op == "<>" || last->op == "<&")) return;
  for (const auto& r : redirects) {
    if (r.op == "<<<") {
      if (r.target.literal)
        n.nested_scripts.push_back(*r.target.literal);
      else
        n.escalations.push_back("dynamic script for " + name + " <<<");
    } else if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body) {
      const std::string& b = *r.heredoc_body;
      bool dynamic = !r.heredoc_quoted &&
                     (b.find('$') != std::string::npos || b.find('`') != std::string::npos);
      if (dynamic)
        n.escalations.push_back("dynamic script for " + name + " <<");
      else
        n.nested_scripts.push_back(heredoc_text(r));
    }
  }
}

namespace {

// Clients that read their commands from the standard input, and the option that gives the same
// text on the line (their handlers read it there: client commands, SQL that opens files or
// runs programs). One table: a client added here has its here-documents judged. No option:
// a language with shell escapes or file commands the engine does not read (sftp's and ftp's
// `!CMD`, gdb's `shell`, sqlplus' `host`, cqlsh's `SOURCE`, ed's `!CMD` and `w FILE`): a
// here-document there asks.
// A file on the standard input (`gdb < cmds`) is the client's file option when it has one
// (`gdb -x cmds`, `sftp -b cmds`, `psql -f x.sql`): judged as that option.
struct StdinClient {
  std::string_view name;
  std::string_view option;
  std::string_view file_option = {};
};
constexpr StdinClient kStdinClients[] = {
    {"psql", "-c", "-f"},
    {"mysql", "-e"},
    {"mariadb", "-e"},
    {"sqlite3", "-cmd"},
    {"duckdb", "-c"},
    {"sftp", "", "-b"},
    {"ftp", ""},
    {"lftp", "", "-f"},
    {"gdb", "", "-x"},
    {"sqlplus", ""},
    {"cqlsh", "", "-f"},
    {"tftp", ""},
    {"ed", ""},
    // ar -M reads an MRI librarian script (CREATE, ADDMOD, EXTRACT…) from its input: the text
    // is given as an operand of `ar -M`, which its handler reads as that script
    // (engine/program_ar_mri.cpp).
    {"ar", "-M"},
    // vi and its kin run what their input types (`:!CMD`, `:w FILE`), in ex mode (`-e`, `-es`)
    // or not.
    {"vim", ""},
    {"vi", ""},
    {"ex", ""},
    {"view", ""},
    {"nvim", ""},
    {"rvim", ""},
    {"vim.basic", ""},
    {"vim.tiny", ""},
    {"nvi", ""},
    {"vimdiff", ""},
};

}  // namespace

bool reads_stdin_commands(std::string_view name) {
  for (const auto& e : kStdinClients)
    if (e.name == name) return true;
  return false;
}

void client_stdin(const std::string& name, const ProgramDecl* decl, const Words& w,
                  const std::vector<shell::RedirectView>& redirects, NormalizedCommand& n) {
  const StdinClient* c = nullptr;
  for (const auto& e : kStdinClients)
    if (e.name == name) c = &e;
  if (!c || (!decl && !c->option.empty())) return;
  for (const auto& r : redirects) {
    std::optional<std::string> text;
    std::string_view option = c->option;
    if (r.op == "<" && !c->file_option.empty() && decl) {
      // `gdb < cmds` is `gdb -x cmds`: the file, as the client's own option names it.
      if (!r.target.literal) {
        n.escalations.push_back(name + " with input that is not static");
        continue;
      }
      text = *r.target.literal;
      option = c->file_option;
    } else if (r.op == "<<<") {
      if (r.target.literal) text = *r.target.literal;
    } else if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body) {
      const std::string& b = *r.heredoc_body;
      if (r.heredoc_quoted ||
          (b.find('$') == std::string::npos && b.find('`') == std::string::npos))
        text = heredoc_text(r);
    } else if (r.op == "<" && c->option.empty() && c->file_option.empty()) {
      // `ed f < script`, `vim -es < cmds`: commands from a file the line does not show.
      n.escalations.push_back(name + " reads commands from its input file");
      continue;
    } else {
      continue;
    }
    if (!text) {
      n.escalations.push_back(name + " with input that is not static");
      continue;
    }
    if (option.empty()) {
      n.escalations.push_back(name + " reads commands from a here-document (`!CMD`, `shell`)");
      continue;
    }
    // The text as the client's own option: `psql <<EOF … EOF` is `psql -c '…'`.
    Words with = w;
    for (std::string_view s : {option, std::string_view(*text)}) {
      shell::WordView v;
      v.text = std::string(s);
      v.literal = std::string(s);
      v.pattern = std::string(s);
      with.push_back(std::move(v));
    }
    ProgramEffects fx;
    program_effects(decl, name, with, fx);
    take_effects(fx, n);
  }
}

void interpreter_stdin(const ProgramDecl* decl, bool interpreter, NormalizedCommand& n) {
  if (decl) {
    if (decl->operands.empty() || decl->operands[0] != 'x') return;
    // Its code comes from stdin: no inline code, and no script operand (or `-`, `/dev/stdin`).
    ParsedArgs args = parse_args(*decl, n.words, 1);
    for (const auto& o : args.options)
      if (!o.decl || o.decl->role == 'p') return;  // inline code, `-m MODULE`, or unknown
    if (!args.operands.empty()) {
      const std::string* first = lit(n.words, args.operands.front());
      if (!first || !(*first == "-" || names_descriptor(*first))) return;
    }
  } else {
    // An interpreter the table does not declare (`R --no-save <<EOF`): its options' values are
    // not known, so any word that is not an option (a script, inline code) means the input is
    // not its code.
    if (!interpreter || !code_commands_known(n.name)) return;
    for (std::size_t i = 1; i < n.words.size(); ++i) {
      const std::string* s = lit(n.words, i);
      if (!s) return;
      if (*s != "-" && !names_descriptor(*s) && (s->empty() || (*s)[0] != '-')) return;
    }
  }
  for (const auto& r : n.redirects) {
    std::optional<std::string> text;
    if (r.op == "<<<" && r.target.literal) text = *r.target.literal;
    if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body) text = heredoc_text(r);
    if (!text) continue;
    add_code_named_paths(*text, n.name + " code on its input", n.files, code_bare_words(n.name));
    add_code_commands(*text, n.name, n.nested_scripts, n.escalations);
  }
}

void remote_stdin(const std::vector<std::string>& remote, NormalizedCommand& n) {
  // The remote command: none (the login shell), or a shell without `-c` or a script.
  if (!remote.empty()) {
    shell::CommandsResult pr = shell::parse_commands(remote.front());
    if (!pr.ok || pr.commands.size() != 1) return;
    const Words& w = pr.commands.front().argv;
    if (w.empty() || !lit(w, 0) || !is_shell(*lit(w, 0))) return;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = lit(w, i);
      if (!s || s->empty()) return;
      if ((*s)[0] != '-') return;  // a script file
      if ((*s)[0] == '-' && s->find('c') != std::string::npos && (*s)[1] != '-') return;
    }
  }
  const std::size_t before = n.nested_scripts.size();
  // `ssh HOST < script.sh`: the remote shell runs a file the line does not show.
  for (const auto& r : n.redirects)
    if ((r.op == "<" || r.op == "<>") && r.fd == 0 && r.target.literal != "/dev/null")
      n.escalations.push_back("ssh: the commands in `" + r.target.text + "` run on another host");
  stdin_script("ssh", n.redirects, n);
  if (n.nested_scripts.size() > before)
    n.escalations.push_back("ssh: the commands on its input run on another host");
}

// The words from `from` joined as a script, the way `eval` (and `watch`, `su -c`...) builds it:
// a glob or a brace stays as written and expands again when the script is parsed; anything
// with an expansion makes the script dynamic (nullopt).
namespace {

std::optional<std::string> joined_script(const Words& w, std::size_t from) {
  std::string script;
  for (std::size_t i = from; i < w.size(); ++i) {
    if (w[i].has_expansion) return std::nullopt;
    std::string v;
    if (w[i].literal)
      v = *w[i].literal;
    else if (w[i].pattern)
      v = *w[i].pattern;
    else if (w[i].has_brace && w[i].text.find_first_of("'\"\\") == std::string::npos)
      v = w[i].text;
    else
      return std::nullopt;
    if (!script.empty()) script += ' ';
    script += v;
  }
  return script;
}

}  // namespace

void eval_script(const Words& w, NormalizedCommand& n) {
  // bash's eval takes one `--` before its words (`eval -- 'curl x'` runs `curl x`).
  const std::size_t from = w.size() > 1 && w[1].literal && *w[1].literal == "--" ? 2 : 1;
  auto script = joined_script(w, from);
  if (!script)
    n.escalations.push_back("dynamic script for eval");
  else if (!script->empty())
    n.nested_scripts.push_back(std::move(*script));
}

namespace {

// The programs whose `-c LINE` runs a shell line, with the spellings each takes (getopt:
// `-cLINE`, a cluster `-qc LINE`, `--command=LINE`, any prefix of a long name that getopt
// resolves to it). flock takes `-c`/`--command` only as whole words after its file.
struct LineOptions {
  std::string_view program;
  std::string_view flags;  // short options without a value (they may come first in a cluster)
  // Short options that take a value (the line's among them). Any other letter ends the
  // cluster: the rest of the word is its value (`script -tFILE`), or the option is unknown.
  std::string_view valued;
  std::string_view line;  // the short option of the line
  // The long names of the line, each `NAME:N`: N the shortest prefix getopt takes for it.
  std::string_view longs;
  bool getopt;
};

constexpr LineOptions kLineOptions[] = {
    {"script", "aefqhV", "IOBTmEoc", "c", "command:1", true},
    {"runuser", "mplfPhV", "uwgGcs", "c", "command:1 session-command:2", true},
    {"flock", "", "c", "c", "command:7", false},
};

const LineOptions* line_options(std::string_view name) {
  for (const auto& t : kLineOptions)
    if (t.program == name) return &t;
  return nullptr;
}

// Whether `key` (a long option's name, without `--`) names one of the line's long options.
bool line_long(const LineOptions& t, std::string_view key) {
  std::string_view all = t.longs;
  while (!all.empty()) {
    const auto sp = all.find(' ');
    std::string_view item = all.substr(0, sp);
    const auto colon = item.find(':');
    std::string_view name = item.substr(0, colon);
    const std::size_t min = static_cast<std::size_t>(item[colon + 1] - '0');
    if (t.getopt ? key.size() >= min && starts_with(name, key) : key == name) return true;
    if (sp == std::string_view::npos) break;
    all.remove_prefix(sp + 1);
  }
  return false;
}

// The word holding the line (an attached value is a synthesized word), or nothing.
std::optional<shell::WordView> option_line(const LineOptions& t, const Words& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    if (*s == "--") return std::nullopt;
    if ((*s)[1] == '-') {
      const std::string_view v = std::string_view(*s).substr(2);
      const auto eq = v.find('=');
      if (!line_long(t, v.substr(0, eq))) continue;
      if (eq != std::string_view::npos) return word_of(w[i], std::string(v.substr(eq + 1)));
      if (i + 1 < w.size()) return w[i + 1];
      return std::nullopt;
    }
    if (!t.getopt) {
      if (s->size() == 2 && (*s)[1] == t.line[0] && i + 1 < w.size()) return w[i + 1];
      continue;
    }
    for (std::size_t j = 1; j < s->size(); ++j) {
      const char c = (*s)[j];
      if (t.flags.find(c) != std::string_view::npos) continue;
      if (c == t.line[0]) {
        if (j + 1 < s->size()) return word_of(w[i], s->substr(j + 1));
        if (i + 1 < w.size()) return w[i + 1];
        return std::nullopt;
      }
      // Another option with a value (the rest of the word or the next word), or unknown.
      if (t.valued.find(c) != std::string_view::npos && j + 1 == s->size()) ++i;
      break;
    }
  }
  return std::nullopt;
}

}  // namespace

// Commands that run a script given in an option: `runuser [user] -c S`, `script -c S`,
// `flock FILE -c S`. (watch is a launcher: engine/program_launchers_runners.cpp.)
void script_runners(const std::string& name_s, const Words& w, NormalizedCommand& n) {
  const std::string_view name = name_s;  // compared with literals as a view
  // (`su` is a launcher: engine/program_launchers.cpp reads its `-c LINE` and its user. runuser
  // is one too, but its `-c` may follow a user its launcher entry takes for the command.)
  if (const LineOptions* t = line_options(name)) {
    if (auto line = option_line(*t, w)) {
      if (line->literal)
        n.nested_scripts.push_back(*line->literal);
      else
        n.escalations.push_back("dynamic script for " + name_s + " -c");
    } else if (name == "script") {
      // Without `-c`, script runs a shell that reads its input: `script -q /dev/null <<EOF`.
      // Any other input (`< cmds.txt`, a pipe, the terminal) is code the line does not show,
      // unless an option makes it run nothing (`-V`, `--help`: flag N in the table).
      stdin_script(name_s, n.redirects, n);
      bool shown = false;
      for (const auto& r : n.redirects)
        shown = shown || r.op == "<<<" || ((r.op == "<<" || r.op == "<<-") && r.heredoc_body);
      bool runs_nothing = false;
      if (const ProgramDecl* d = find_program(name); d && !shown) {
        const ParsedArgs a = parse_args(*d, w, 1);
        for (const auto& o : a.options)
          runs_nothing = runs_nothing || (o.decl && o.decl->flag == 'N');
      }
      if (!shown && !runs_nothing)
        n.escalations.push_back(name_s + " without -c: an interactive shell reads its input");
    }
  }
}

namespace {

bool in_list(std::string_view list, std::string_view word) {
  return program_words::in_words(list, word);
}

// Whether `name` is in an editors row of the interpreters column (kind 'e').
bool table_editor(std::string_view name) {
  for (std::size_t i = 0; i < kInterpreterCount; ++i)
    if (kInterpreters[i].kind == 'e' && in_list(kInterpreters[i].names, name)) return true;
  return false;
}

// Editor options whose value is commands the editor runs (ex commands, which write files and
// run shell lines; elisp; kakoune commands): asked, and the paths they name are reads
// (engine/named_paths.cpp): bare words for ex commands (`w .env`), quoted strings otherwise.
struct EditorCommands {
  std::string_view names;    // space-separated
  std::string_view options;  // space-separated; `--opt=VALUE` also
  std::string_view cluster;  // letters of a `-xyz` cluster that take the next word as commands
  bool ex;                   // ex commands: `+CMD` operands too (not `+N`, `+/PATTERN`, `+`)
  // Options naming a start file of commands (`vim -u FILE`), whose `NONE`, `NORC` and
  // `DEFAULTS` values load none.
  std::string_view start_files = "";
  // Long options may be abbreviated (emacs completes `--ev` to `--eval`; emacsclient reads its
  // options with getopt_long): any prefix of one, from `--` and a letter, gives commands.
  bool abbreviated = false;
};
constexpr EditorCommands kEditorCommands[] = {
    // nvim: `-l SCRIPT` runs a Lua script; vim's `-l` is a flag (lisp mode).
    {"nvim", "-c --cmd -S -s -u -l", "cS", true, "-u"},
    {"vim vi ex view gvim rvim vimdiff vim.basic vim.tiny nvi", "-c --cmd -S -s -u -U", "cS", true,
     "-u -U"},
    {"emacs", "--eval -eval --execute -l --load -f --funcall --script -x --init-directory", "",
     false, "", true},
    // emacsclient's `-e` makes its operands expressions the server evaluates; `-a CMD` runs CMD
    // when no server answers.
    {"emacsclient", "-e --eval -a --alternate-editor", "ea", false, "", true},
    {"kak", "-e -E", "", false},
    // nano's rc file sets the formatter and linter programs it runs; micro's configuration folder
    // holds Lua plugins.
    {"nano pico", "--rcfile -f", "", false},
    {"micro", "-config-dir --config-dir", "", false},
};

// Whether `word` (`--ev`) is a prefix of one of the `--` options of `options`.
bool abbreviates(std::string_view options, std::string_view word) {
  if (word.size() < 3 || word.substr(0, 2) != "--") return false;
  while (!options.empty()) {
    const auto sp = options.find(' ');
    const std::string_view o = options.substr(0, sp);
    if (o.size() > 2 && o.substr(0, 2) == "--" && o.starts_with(word)) return true;
    options = sp == std::string_view::npos ? std::string_view() : options.substr(sp + 1);
  }
  return false;
}

// One word of an editor's line: when it gives commands (`-c CMD`, `-sc CMD`, `--eval=EXPR`,
// `+CMD`), records them and skips their value (`i`); false for any other word.
bool editor_option(const EditorCommands& e, const Words& w, std::size_t& i, const std::string& name,
                   NormalizedCommand& n) {
  const std::string_view v = *lit(w, i);
  const std::string* next = i + 1 < w.size() ? lit(w, i + 1) : nullptr;
  std::string_view text;
  bool takes_next = false;
  if (e.ex && v[0] == '+') {
    if (v[1] == '/' || v.find_first_not_of("0123456789", 1) == std::string_view::npos) return false;
    text = v.substr(1);
  } else if (v[0] == '-' && (in_list(e.options, v.substr(0, v.find('='))) ||
                             (e.abbreviated && abbreviates(e.options, v.substr(0, v.find('=')))))) {
    const auto eq = v.find('=');
    takes_next = eq == std::string_view::npos;
    text = takes_next ? (next ? std::string_view(*next) : std::string_view()) : v.substr(eq + 1);
  } else if (v[0] == '-' && v[1] != '-' && !e.cluster.empty() &&
             v.find_first_of(e.cluster, 1) != std::string_view::npos) {
    takes_next = true;
    text = next ? std::string_view(*next) : std::string_view();
  } else {
    return false;
  }
  if (in_list(e.start_files, v.substr(0, v.find('='))) &&
      in_list("NONE NORC DEFAULTS", text)) {  // `vim -u NONE`: no start file
    if (takes_next) ++i;
    return true;
  }
  n.escalations.push_back(name + " " + std::string(v.substr(0, v.find('='))) +
                          " (commands the editor runs)");
  if (e.ex) {
    // Ex commands name files as bare words: `w .env`, `r ~/.ssh/id_rsa`, `so x.vim`.
    std::string_view rest = text;
    while (!rest.empty()) {
      const auto b = rest.find_first_not_of(" \t|");
      if (b == std::string_view::npos) break;
      rest.remove_prefix(b);
      const auto end = rest.find_first_of(" \t|");
      add_token_named_path(rest.substr(0, end), name + " commands", n.files);
      if (end == std::string_view::npos) break;
      rest.remove_prefix(end);
    }
  } else {
    add_code_named_paths(text, name + " commands", n.files);
  }
  if (takes_next) ++i;
  return true;
}

const EditorCommands* editor_commands(std::string_view name) {
  for (const auto& e : kEditorCommands)
    if (in_list(e.names, name)) return &e;
  return nullptr;
}

}  // namespace

void undeclared_interpreter(const std::string& name, const Words& w, NormalizedCommand& n) {
  undeclared_inline_code(name, w, n.files, n.nested_scripts, n.escalations);
  if (ProgramEffects fx; subcommand_entry_effects(name, w, fx)) {
    take_effects(fx, n);
    return;  // `dotnet build -o DIR`, `deno fmt DIR`: a subcommand, not a script file
  }
  {
    // `deno run npm:shx rm -rf x`: the command the package runs (its argvs); `bun run NAME`:
    // the deny view of a package's binary, and NAME judged below as a file too.
    ProgramEffects fx;
    const bool package = runner_package_subcommand(name, w, fx);
    take_effects(fx, n);
    if (package) return;  // `bun x PKG`: a package, not a script file
  }
  const bool editor = table_editor(name);
  const EditorCommands* commands = editor ? editor_commands(name) : nullptr;
  bool options = true;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (options && s && *s == "--") {
      options = false;
      continue;
    }
    if (commands && options && s && s->size() > 1 && editor_option(*commands, w, i, name, n))
      continue;
    // Options (`-x`, vim's `+CMD`) are not operands; an allow of the program does not cover
    // them either (`commands.interpreter`), so the command asks.
    if (options && s && s->size() > 1 && ((*s)[0] == '-' || (*s)[0] == '+')) continue;
    if (s && (*s == "-" || names_descriptor(*s))) continue;  // the standard input
    // `vim scp://host/x`, `vim http://…`: the editor's network plugin (vim's netrw) runs scp,
    // curl or ftp to fetch and write it.
    if (editor && s && s->find("://") != std::string::npos) {
      n.escalations.push_back(name + " " + *s + ": a URL its network plugin fetches");
      continue;
    }
    n.files.push_back({editor ? Touch::write : Touch::read, w[i], From::operand,
                       name + (editor ? " file" : " script")});
    if (!editor) return;  // the script's own arguments are not paths
  }
}

}  // namespace vigie::engine::normalize_detail
