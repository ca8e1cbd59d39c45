// The words of a program the programs table does not declare that name a path (`mytool
// /etc/shadow`, `tool upload ~/.ssh/id_rsa`, `tool --input=file://x`, `tool x @secret.json`),
// and the arguments of a script an interpreter runs (`python3 tool.py ~/.ssh/id_rsa`): the
// table cannot say what is done with them, so they are judged only against the policy's
// explicit path rules (a `deny ~/.ssh` meets them; the workspace and the mode's defaults do
// not), engine/judge_paths.cpp.
#include <algorithm>

#include "engine/code_dynamic.hpp"
#include "engine/code_scan.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/program_handlers.hpp"
#include "engine/variable_paths.hpp"

namespace vigie::engine {

namespace {

bool iequals_prefix(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (static_cast<char>(s[i] | 0x20) != p[i]) return false;
  return true;
}

}  // namespace

// The path a word names, or an empty view: `--opt=PATH`, `-opt=PATH`, `key=PATH`,
// `key=@PATH`, `key:=@PATH`, `@PATH`, `file://[localhost]PATH`, `fileb://PATH`, a short
// option's attached value written as a path (`-f.env`, `-i~/.ssh/id`, `-I/etc`: no flag letter
// is `.`, `/` or `~`), or the word itself. Any other short option (`-x`, `-fFILE`: its value
// cannot be told from its letters), a URL of another scheme, `host:path` and a bare word name
// no local path here.
std::string_view named_path(std::string_view s) {
  if (s.size() > 2 && s[0] == '-' && s[1] != '-' && (s[2] == '.' || s[2] == '/' || s[2] == '~') &&
      s.find('=') == std::string_view::npos) {
    s.remove_prefix(2);
  } else if (s.size() > 1 && s[0] == '-') {
    auto eq = s.find('=');  // `--in=PATH`, and Go's and Java's `-var-file=PATH`, `-Dk=PATH`
    if (eq == std::string_view::npos) return {};
    s.remove_prefix(eq + 1);
  } else if (auto eq = s.find('='); eq != std::string_view::npos && eq > 0) {
    s.remove_prefix(eq + 1);
  }
  if (!s.empty() && s[0] == '@') s.remove_prefix(1);
  for (std::string_view scheme : {"file://", "fileb://"})
    if (iequals_prefix(s, scheme)) {
      s.remove_prefix(scheme.size());
      if (iequals_prefix(s, "localhost/")) s.remove_prefix(9);
      return !s.empty() && s[0] == '/' ? s : std::string_view{};
    }
  auto slash = s.find('/');
  auto colon = s.find(':');
  if (colon != std::string_view::npos && (slash == std::string_view::npos || colon < slash))
    return {};  // `https://…`, `host:path`, `key:value`
  if (s.empty() || s == "-") return {};
  // A bare word (`status`, `hello`) is a subcommand or data far more often than a file: only
  // what is written as a path counts (`/…`, `~…`, `.…`, `a/b`).
  if (s[0] != '.' && s[0] != '~' && slash == std::string_view::npos) return {};
  return s;
}

void add_named_path(const shell::WordView& word, std::string entry, std::vector<FileEffect>& out) {
  const std::string* t = word.literal ? &*word.literal : word.pattern ? &*word.pattern : nullptr;
  if (!t) {  // not static: only a path rooted in $HOME or $PWD (`"$PWD/.env"`) names one
    if (variable_rooted(word.text)) out.push_back({Touch::read, word, From::operand, entry, true});
    return;
  }
  if (*t == "--") return;
  std::string_view p = named_path(*t);
  if (p.empty()) return;
  if (p.size() == t->size()) {
    out.push_back({Touch::read, word, From::operand, std::move(entry), true});
    return;
  }
  out.push_back({Touch::read, synthesized(word, std::string(p), t->size() - p.size()),
                 From::operand, std::move(entry), true});
}

void add_token_named_path(std::string_view token, const std::string& entry,
                          std::vector<FileEffect>& out) {
  if (token.empty()) return;
  shell::WordView w;
  w.text = std::string(token);
  w.literal = w.text;
  w.pattern = w.text;
  // `os.path.expanduser("~/.ssh/id_rsa")`, vim's `r ~/.ssh/x`: read as the home's.
  w.has_tilde = token[0] == '~';
  if (w.has_tilde) w.literal.reset();
  add_named_path(w, entry, out);
}

namespace {

// Words of inline code that write, remove or move files (`open(p, "w")`, `writeFileSync`,
// `os.remove`, `shutil.rmtree`, `File.write`, `file_put_contents`, `unlink`…): the paths the
// code names are then judged as written too.
constexpr std::string_view kCodeWrites[] = {"write",       "unlink",    "remove",
                                            "rmtree",      "rename",    "replace(",
                                            "truncate",    "rmSync",    "rmdir",
                                            "copy",        "move",      "chmod",
                                            "chown",       "mkdir",     "makedirs",
                                            "touch",       "symlink",   "put_contents",
                                            "'w'",         "\"w\"",     "'a'",
                                            "\"a\"",       "'wb'",      "\"wb\"",
                                            "'ab'",        "\"ab\"",    "'w+'",
                                            "\"w+\"",      "'r+'",      "\"r+\"",
                                            "'x'",         "\"x\"",     ">>",
                                            "open(F, \">", "rm_rf",     "rm_r(",
                                            "rimraf",      "RemoveAll", "deleteRecursively",
                                            "delete",      "rm(\"",     "rm('"};

// Calls that delete a folder with everything below it (`shutil.rmtree`, node's `rmSync(p,
// {recursive: true})`, `FileUtils.rm_rf`, rust's `remove_dir_all`, perl's `remove_tree`): the
// paths the code names are then changed below them too.
constexpr std::string_view kCodeTreeDeletes[] = {
    "rmtree",          "rm_rf",           "rm_r(",          "remove_dir_all",   "remove_tree",
    "rimraf",          "recursive: true", "recursive:true", "recursive=True",   "deleteRecursively",
    "delete_tree",     "RemoveAll",       "recursive=true", "recursive = true", "recursive=TRUE",
    "recursive = TRUE"};

bool code_deletes_trees(std::string_view code) {
  for (std::string_view w : kCodeTreeDeletes)
    if (code.find(w) != std::string_view::npos) return true;
  return false;
}

// Strings that are a mode, an encoding or an error policy, not a file (`open(p, 'w')`,
// `readFileSync(p, 'utf8')`).
constexpr std::string_view kNotFiles[] = {
    "r",       "w",      "a",   "x",      "rb",     "wb",     "ab",     "r+",
    "w+",      "a+",     "rt",  "wt",     "utf-8",  "utf8",   "ascii",  "latin1",
    "latin-1", "binary", "hex", "base64", "utf-16", "strict", "ignore", "replace"};

// A bare name given as an argument in code that writes (`shutil.rmtree('tests')`,
// `fs.rmSync("dist", …)`): a file or folder of the current one. Only a name of path bytes right
// after `(` or `,`.
bool bare_argument_name(std::string_view code, std::size_t quote, std::string_view s) {
  if (s.empty() || s[0] == '-' || s == "." || s == "..") return false;
  if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
      std::string_view::npos)
    return false;
  for (std::string_view n : kNotFiles)
    if (n == s) return false;
  std::size_t k = quote;
  while (k > 0 && code[k - 1] == ' ') --k;
  return k > 0 && (code[k - 1] == '(' || code[k - 1] == ',');
}

// Calls that change a file under a name too short to find inside other words (`os.link`,
// `os.utime`, `os.mkfifo`, node's `utimesSync`, `mkdtempSync`, perl's `utime`): read only
// where the name stands alone (`readlink` is not `link`).
constexpr std::string_view kCodeWriteNames[] = {
    "link",        "linkSync", "utime",  "utimes", "utimesSync", "lutimes",
    "lutimesSync", "futimes",  "mkfifo", "mknod",  "mknodSync",  "mkdtemp",
    "mkdtempSync", "mkstemp",  "lchown", "lchmod", "setxattr",   "removexattr"};

using code_scan::ident_char;

bool names_write_call(std::string_view code) {
  for (std::string_view w : kCodeWriteNames)
    for (auto at = code.find(w); at != std::string_view::npos; at = code.find(w, at + 1)) {
      const std::size_t end = at + w.size();
      if ((at == 0 || !ident_char(code[at - 1])) && (end == code.size() || !ident_char(code[end])))
        return true;
    }
  return false;
}

// A string that is a mode opening a file to change it: python's, node's, ruby's and php's
// (`"wt"`, `"at"`, `"xb"`, `"a+"`, `"w+b"`, node's `"as"`, `"wx"`, `"ax+"`, php's `"c+"`), perl's
// three-argument `open`'s (`">"`, `"+<"`, `">>:utf8"`). Each letter once, one of r/w/a/c (x
// alone or with w or a), at most 4 letters.
bool write_mode(std::string_view s) {
  if (s.starts_with("+<") || s.starts_with("+>") || s.starts_with(">")) {
    const auto layer = s.find(':');
    return s.substr(0, layer).find_first_not_of("+<>") == std::string_view::npos;
  }
  if (s.empty() || s.size() > 4 || s.find_first_not_of("rwaxcbts+U") != std::string_view::npos)
    return false;
  int primary = 0;
  for (char c : s) {
    if (std::count(s.begin(), s.end(), c) > 1) return false;
    primary += c == 'r' || c == 'w' || c == 'a' || c == 'c';
  }
  const bool x = s.find('x') != std::string_view::npos;
  if (primary + (x ? 1 : 0) == 0 || primary > 1 ||
      (x && primary == 1 && s.find_first_of("wa") == std::string_view::npos))
    return false;
  return s.find_first_of("waxc+") != std::string_view::npos;
}

// What finds the home folder in inline code: python's `expanduser`, `Path.home()`, `HOME`,
// `pwd.getpwuid`; node's `os.homedir()`, `process.env.HOME`; perl's `$ENV{HOME}`, `glob("~")`;
// ruby's `Dir.home`.
constexpr std::string_view kHomeNames[] = {"expanduser", "home()",   "homedir",
                                           "HOME",       "getpwuid", "USERPROFILE",
                                           "\"~\"",      "'~'",      "Dir.home"};

bool code_writes(std::string_view code) {
  for (std::string_view w : kCodeWrites)
    if (code.find(w) != std::string_view::npos) return true;
  if (names_write_call(code)) return true;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char q = code[i];
    if (q != '\'' && q != '"') continue;
    const std::size_t j = code.find(q, i + 1);
    if (j == std::string_view::npos) break;
    if (write_mode(code.substr(i + 1, j - i - 1))) return true;
    i = j;
  }
  return false;
}

}  // namespace

void add_code_named_paths(std::string_view code, const std::string& entry,
                          std::vector<FileEffect>& out, bool bare_words) {
  // `load_dotenv()`, `require("dotenv").config()`: `./.env` read (engine/code_dotenv.cpp).
  if (code_loads_dotenv(code)) add_token_named_path(".env", entry + " (loads ./.env)", out);
  const bool writes = code_writes(code);
  const bool trees = writes && code_deletes_trees(code);
  bool home = false;
  for (std::string_view w : kHomeNames) home = home || code.find(w) != std::string_view::npos;
  if (bare_words) {
    // Tcl's `open .env`, m4's `include(.env)`: a word is a string without quotes. Each word
    // between blanks, brackets, braces, parentheses, commas and `;` that names a path.
    for (std::size_t i = 0; i < code.size();) {
      const std::size_t b = code.find_first_not_of(" \t\n[]{}();,\"'", i);
      if (b == std::string_view::npos) break;
      std::size_t e = code.find_first_of(" \t\n[]{}();,\"'", b);
      if (e == std::string_view::npos) e = code.size();
      const std::string_view word = code.substr(b, e - b);
      if (word.find_first_of("$\\`") == std::string_view::npos)
        add_token_named_path(word, entry, out);
      i = e;
    }
  }
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char q = code[i];
    if (q != '\'' && q != '"' && q != '`') continue;
    std::size_t j = i + 1;
    while (j < code.size() && code[j] != q) j += code[j] == '\\' ? 2 : 1;
    if (j >= code.size()) return;
    // Literals joined into one (`".e" + "nv"`, perl's `"te" . "sts/a"`): the path is the whole.
    // (Literals side by side are separate words in Lisp and Tcl: `(copy-file "x" "/etc/y")`.)
    std::string joined(code.substr(i + 1, j - i - 1));
    for (;;) {
      std::size_t k = code.find_first_not_of(" \t", j + 1);
      if (k == std::string_view::npos || (code[k] != '+' && code[k] != '.')) break;
      k = code.find_first_not_of(" \t", k + 1);
      if (k == std::string_view::npos || (code[k] != '\'' && code[k] != '"')) break;
      std::size_t e = k + 1;
      while (e < code.size() && code[e] != code[k]) e += code[e] == '\\' ? 2 : 1;
      if (e >= code.size()) break;
      joined += code.substr(k + 1, e - k - 1);
      j = e;
    }
    const std::string_view s = joined;
    // perl's two-argument open: `open(F, ">FILE")` writes FILE, `"<FILE"` reads it.
    bool opens_write = false;
    std::string_view path = s;
    for (std::string_view mode : {"+<", "+>", ">>", ">", "<"})
      if (path.starts_with(mode)) {
        opens_write = mode != "<";
        path.remove_prefix(mode.size());
        while (!path.empty() && path.front() == ' ') path.remove_prefix(1);
        break;
      }
    if (path.find_first_of("\\$`{}\n") == std::string_view::npos) {
      const std::size_t before = out.size();
      add_token_named_path(path, entry, out);
      if (out.size() == before && writes && !opens_write && bare_argument_name(code, i, path))
        add_token_named_path("./" + std::string(path), entry, out);
      if ((writes || opens_write) && out.size() > before) {
        FileEffect written = out.back();
        written.touch = Touch::write;
        written.recursive = trees;
        out.push_back(std::move(written));
      }
      // Code that finds the home folder (`os.path.join(os.path.expanduser("~"), ".ssh")`,
      // `os.homedir() + "/.ssh/id_rsa"`, `Path.home() / ".aws"`): a dot name is also the home's.
      std::string_view rest = path;
      if (rest.starts_with('/')) rest.remove_prefix(1);
      if (home && rest.size() > 1 && rest[0] == '.' && rest[1] != '.' && rest[1] != '/') {
        const std::size_t at = out.size();
        add_token_named_path("~/" + std::string(rest), entry, out);
        if ((writes || opens_write) && out.size() > at) {
          FileEffect written = out.back();
          written.touch = Touch::write;
          written.recursive = trees;
          out.push_back(std::move(written));
        }
      }
    }
    if (home && path.find_first_of("}$%") != std::string_view::npos) {
      // A value then a dot name (`f"{h}/.ssh/id_rsa"`, perl's `"$ENV{HOME}/.ssh"`, `"%s/.aws" %
      // h`, `${os.homedir()}/.ssh`) in code that finds the home folder: the home's, as above.
      const std::size_t at = path.find_last_of("}$%");
      std::size_t k = at == std::string_view::npos ? path.size() : at + 1;
      while (k < path.size() && ident_char(path[k])) ++k;
      if (k + 2 < path.size() && path[k] == '/' && path[k + 1] == '.' && path[k + 2] != '.' &&
          path[k + 2] != '/' && path.substr(k).find_first_of("\\`{}\n") == std::string_view::npos) {
        const std::size_t before = out.size();
        add_token_named_path("~/" + std::string(path.substr(k + 1)), entry, out);
        if ((writes || opens_write) && out.size() > before) {
          FileEffect written = out.back();
          written.touch = Touch::write;
          written.recursive = trees;
          out.push_back(std::move(written));
        }
      }
    }
    i = j;
  }
}

namespace normalize_detail {

namespace {

// Options that read a file of their own choosing when given no value: deno's `--env-file`
// (`--env-file[=FILE]`) reads ./.env.
struct DefaultFile {
  std::string_view program;
  std::string_view option;
  std::string_view file;
};
constexpr DefaultFile kDefaultFiles[] = {{"deno", "--env-file", ".env"}};

// Subcommands that read a file when no option names another: `heroku local [PROCESS]` and
// `heroku local:run CMD` (oclif) load ./.env into what they run unless `-e|--env FILE` names
// one (judged as a word of its own).
struct DefaultSubFile {
  std::string_view program;
  std::string_view subs;     // space-separated, the first word
  std::string_view options;  // space-separated: each names the file instead
  std::string_view file;
};
constexpr DefaultSubFile kDefaultSubFiles[] = {
    {"heroku", "local local:run local:start", "-e --env", ".env"}};

bool in_list(std::string_view list, std::string_view w) {
  for (std::size_t b = 0; b < list.size();) {
    std::size_t e = list.find(' ', b);
    if (e == std::string_view::npos) e = list.size();
    if (list.substr(b, e - b) == w) return true;
    b = e + 1;
  }
  return false;
}

// Whether `o` is one of `options` or its `=VALUE` or attached short form (`-e.env`).
bool names_by_option(std::string_view options, std::string_view o) {
  if (o.size() < 2 || o[0] != '-') return false;
  if (in_list(options, o.substr(0, o.find('=')))) return true;
  return o[1] != '-' && in_list(options, o.substr(0, 2));
}

}  // namespace

void named_paths(const std::string& name, const Words& w, NormalizedCommand& n) {
  const std::string entry = name + " word (not in the programs table)";
  for (std::size_t i = 1; i < w.size(); ++i) {
    add_named_path(w[i], entry, n.files);
    for (const DefaultFile& d : kDefaultFiles)
      if (name == d.program && w[i].literal && *w[i].literal == d.option)
        add_named_path(word_of(w[i], std::string(d.file)),
                       name + " " + std::string(d.option) + " (" + std::string(d.file) + ")",
                       n.files);
  }
  for (const DefaultSubFile& d : kDefaultSubFiles) {
    if (name != d.program || w.size() < 2 || !w[1].literal || !in_list(d.subs, *w[1].literal))
      continue;
    bool given = false;  // a word not static may be the option: the default is kept
    for (std::size_t i = 2; i < w.size() && !given; ++i)
      given = w[i].literal && names_by_option(d.options, *w[i].literal);
    if (!given)
      add_named_path(word_of(w[1], std::string(d.file)),
                     name + " " + *w[1].literal + " (" + std::string(d.file) + ")", n.files);
  }
}

}  // namespace normalize_detail

}  // namespace vigie::engine
