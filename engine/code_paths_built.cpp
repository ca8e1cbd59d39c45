// Inline code that opens a file under a path it builds at run time (engine/code_dynamic.hpp,
// `code_opens_built_path`): `python3 -c 'open(os.path.join(d, ".env"))'`, `open(f"{h}/.ssh/
// id_rsa")`, `open(bytes.fromhex("2e656e76").decode())`, `node -e 'fs.readFileSync(`${d}/.env`)'`,
// `perl -e 'open(F, pack("H*", "2e656e76"))'`. engine/named_paths.cpp judges the paths the code
// writes as literals; these it cannot compute, so engine/code_commands.cpp asks for them when a
// piece names a protected file or the code decodes one. Ordinary code (`open(sys.argv[1])`,
// `os.path.join(root, "src")`) names no protected piece and decodes nothing: not asked.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/code_dynamic.hpp"
#include "engine/code_scan.hpp"

namespace vigie::engine {

namespace {

// Names of files and folders that hold secrets, as a path's component: a dot name or a key
// file anywhere in a piece (`{d}/.env`, `.e` + `nv`), the others only after a `/` or as the
// whole piece (`"/".join(["", "etc", "shadow"])`).
constexpr std::string_view kSecretNames[] = {".env",    ".ssh",    ".aws",     ".netrc",
                                             ".npmrc",  ".pypirc", ".gnupg",   ".kube",
                                             ".docker", ".pgpass", ".azure",   ".git-credentials",
                                             "id_rsa",  "id_dsa",  "id_ecdsa", "id_ed25519"};
constexpr std::string_view kSecretComponents[] = {"etc",     "shadow",          "gshadow",
                                                  "sudoers", "authorized_keys", "credentials"};

// How far past a literal's start its text joined to the next ones is looked at: the longest
// protected name and the pieces before it.
constexpr std::size_t kJoinedWindow = 64;

// Calls that build a path or a string from pieces: python's `os.path.join`, `"/".join`,
// `os.sep`, `joinpath`, `.format`, `expanduser`; node's `path.join`, `path.resolve`, `concat`;
// perl's `join`, `sprintf`.
constexpr std::string_view kBuilders[] = {"join",       "joinpath", "sep",        "resolve",
                                          "format",     "sprintf",  "concat",     "expanduser",
                                          "expandvars", "Template", "substitute", "with_name"};

// Calls that decode a string (a name the code does not write): python's `chr`, `fromhex`,
// `unhexlify`, base64's decoders, `codecs.decode`; JavaScript's `String.fromCharCode`, `atob`,
// `Buffer.from(…, "base64")`; perl's `pack`, `decode_base64`; ruby's `decode64`, `pack`; php's
// `hex2bin`, `base64_decode`, `str_rot13`. Called or handed on (`map(chr, [46, 101])`); perl's
// and ruby's `pack` only called. A string reversed (`[::-1]`, `reversed`, `reverse`, `strrev`)
// is built: its literals are read backwards too.
constexpr std::string_view kDecoders[] = {
    "chr",          "fromhex",       "unhexlify",     "b64decode",     "b32decode",
    "b16decode",    "b85decode",     "a85decode",     "decodebytes",   "urlsafe_b64decode",
    "fromCharCode", "fromCodePoint", "atob",          "decode_base64", "decode64",
    "pack",         "hex2bin",       "base64_decode", "str_rot13"};

// Calls that open a file by a path (read, write, copy, remove): their argument is the path.
// `read`, `write`, `readline` alone take a size or the data, not a path.
constexpr std::string_view kOpeners[] = {"open",
                                         "fopen",
                                         "readFile",
                                         "readFileSync",
                                         "writeFile",
                                         "writeFileSync",
                                         "appendFile",
                                         "appendFileSync",
                                         "createReadStream",
                                         "createWriteStream",
                                         "read_text",
                                         "read_bytes",
                                         "write_text",
                                         "write_bytes",
                                         "file_get_contents",
                                         "file_put_contents",
                                         "readfile",
                                         "copy",
                                         "copyfile",
                                         "copy2",
                                         "copyFile",
                                         "copyFileSync",
                                         "move",
                                         "rename",
                                         "renameSync",
                                         "unlink",
                                         "unlinkSync",
                                         "remove",
                                         "rmtree",
                                         "rmSync",
                                         "load_dotenv",
                                         "dotenv_values",
                                         "slurp",
                                         "read_file",
                                         "readlines",
                                         "binread",
                                         "sysopen",
                                         "readTextFile",
                                         "readTextFileSync",
                                         "writeTextFile",
                                         "writeTextFileSync"};

using code_scan::argument_end;
using code_scan::ident_char;
using code_scan::is_quote;
using code_scan::literal_end;
using code_scan::skip_blanks;

bool listed(std::string_view word, std::span<const std::string_view> names) {
  for (std::string_view n : names)
    if (n == word) return true;
  return false;
}

// The suffixes of a template of a secret file, which holds none (`.env.example`).
constexpr std::string_view kTemplateSuffixes[] = {".example", ".sample",   ".template",
                                                  ".dist",    ".defaults", ".pub"};

bool template_suffix(std::string_view rest) {
  for (std::string_view t : kTemplateSuffixes)
    if (rest.starts_with(t) && (rest.size() == t.size() || !ident_char(rest[t.size()])))
      return true;
  return false;
}

// Whether `name` stands in `text` as a path's component (see kSecretNames).
bool names_secret(std::string_view text, std::string_view name, bool anywhere) {
  for (std::size_t at = text.find(name); at != std::string_view::npos;
       at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    if (end < text.size() && (ident_char(text[end]) || text[end] == '-')) continue;
    if (template_suffix(text.substr(end))) continue;
    if (at == 0 || text[at - 1] == '/' || text[at - 1] == '\\' ||
        (anywhere && !ident_char(text[at - 1]) && text[at - 1] != '-' && text[at - 1] != '.'))
      return true;
  }
  return false;
}

bool secret_piece(std::string_view text) {
  for (std::string_view n : kSecretNames)
    if (names_secret(text, n, true)) return true;
  for (std::string_view n : kSecretComponents)
    if (names_secret(text, n, false)) return true;
  return false;
}

// Whether a literal opened by `quote` holding `text` takes values in: a template's `${…}`,
// perl's, ruby's and php's `"$x/…"`, `"${x}"`, `"#{x}"`.
bool interpolated(char quote, std::string_view text) {
  if (quote == '`') return text.find("${") != std::string_view::npos;
  if (quote != '"') return false;
  for (std::size_t k = 0; k + 1 < text.size(); ++k)
    if ((text[k] == '$' && (ident_char(text[k + 1]) || text[k + 1] == '{')) ||
        (text[k] == '#' && text[k + 1] == '{'))
      return true;
  return false;
}

// Whether the string literal at code[i] (a quote) is the whole argument: a `,` or `)` follows.
bool whole_literal(std::string_view code, std::size_t i) {
  if (i >= code.size() || !is_quote(code[i])) return false;
  const std::size_t end = literal_end(code, i);
  const std::size_t next = skip_blanks(code, end);
  if (end >= code.size() || next >= code.size() || (code[next] != ')' && code[next] != ','))
    return false;
  return !interpolated(code[i], code.substr(i + 1, end - i - 2));
}

// Whether a literal's text spells characters by their codes: `\x2e`, `\u002e`, `\056`,
// python's `\N{…}`, JavaScript's `\u{2e}` (`open("\x2e\x65\x6e\x76")` is `.env`).
bool escapes_codes(std::string_view text) {
  for (std::size_t k = 0; k + 1 < text.size(); ++k) {
    if (text[k] != '\\') continue;
    const char n = text[k + 1];
    if (n == 'x' || n == 'u' || n == 'U' || n == 'N' || (n >= '0' && n <= '7')) return true;
    ++k;
  }
  return false;
}

// Whether the opener whose name ends at code[end] takes a path the code writes as one literal
// (`open("notes.txt")`, perl's `open(F, "<", "x")`: its arguments after the handle). A name
// without arguments (`Path(p).read_text()`, perl's `open F, $p`) opens one it does not show.
bool opens_literal(std::string_view code, std::size_t end, bool handle_first) {
  std::size_t i = skip_blanks(code, end);
  if (i >= code.size() || code[i] != '(') return false;
  i = skip_blanks(code, i + 1);
  // perl's handle: `open(F, …)`, `open(my $fh, …)`, `open($fh, …)`, `open(\*F, …)`.
  if (handle_first && i < code.size() && code[i] != '$' && code[i] != '*' && code[i] != '\\' &&
      !code.substr(i).starts_with("my ") && !code.substr(i).starts_with("our ") &&
      !code.substr(i).starts_with("local ")) {
    std::size_t k = i;
    while (k < code.size() && ((code[k] >= 'A' && code[k] <= 'Z') || code[k] == '_')) ++k;
    handle_first = k > i && skip_blanks(code, k) < code.size() && code[skip_blanks(code, k)] == ',';
  }
  if (handle_first) {
    i = skip_blanks(code, argument_end(code, i));
    bool any = false;
    while (i < code.size() && code[i] != ')') {
      if (!whole_literal(code, i) ||
          escapes_codes(code.substr(i + 1, literal_end(code, i) - i - 1)))
        return false;
      any = true;
      i = skip_blanks(code, argument_end(code, i));
    }
    return any;
  }
  // Python's string prefixes that change nothing (`r"…"`, `b"…"`).
  if (i + 1 < code.size() && (code[i] == 'r' || code[i] == 'b') && is_quote(code[i + 1])) ++i;
  return whole_literal(code, i) && !escapes_codes(code.substr(i + 1, literal_end(code, i) - i - 1));
}

// What a scan of the code finds outside its literals.
struct Reading {
  bool builds = false;       // a builder call, an operator next to a literal, an interpolation
  bool decodes = false;      // a decoder call
  bool opens_built = false;  // an opener whose path is not one literal
};

// Whether the character before `i` (past blanks) ends a value: a name, `)`, `]`, a literal.
bool value_before(std::string_view code, std::size_t i) {
  while (i > 0 && (code[i - 1] == ' ' || code[i - 1] == '\t')) --i;
  return i > 0 && (ident_char(code[i - 1]) || code[i - 1] == ')' || code[i - 1] == ']' ||
                   is_quote(code[i - 1]));
}

}  // namespace

bool code_opens_built_path(std::string_view code) {
  Reading r;
  // Every literal's text: whether one names a protected piece is read at the end, and only
  // when it decides (an opener and a builder, no decoder); most code opens nothing.
  std::vector<std::string_view> texts;
  bool rot13 = false;
  for (std::size_t i = 0; i < code.size();) {
    const char c = code[i];
    if (is_quote(c)) {
      const std::size_t end = literal_end(code, i);
      const std::string_view text =
          code.substr(i + 1, end >= i + 2 && end <= code.size() ? end - i - 2 : 0);
      texts.push_back(text);
      rot13 = rot13 || text == "rot13" || text == "rot_13";
      // Escapes spell a name (`"\x2e\x65nv"`), except in python's raw literals (`r"\1"`).
      const bool raw = i > 0 && (code[i - 1] == 'r' || code[i - 1] == 'R');
      r.decodes = r.decodes || (!raw && escapes_codes(text));
      // An interpolated literal: python's f-string, a template's `${…}`, perl's, ruby's and
      // php's `"$x/…"`, `"#{x}"`.
      const bool f = i > 0 && (code[i - 1] == 'f' || code[i - 1] == 'F') &&
                     (i < 2 || !ident_char(code[i - 2]) ||
                      std::string_view("rRbB").find(code[i - 2]) != std::string_view::npos);
      if ((f && text.find('{') != std::string_view::npos) || interpolated(c, text)) r.builds = true;
      // An operator joining the literal to more: `"x" + y`, `"%s" % y`, perl's `"x" . $y`.
      const std::size_t next = skip_blanks(code, end);
      if (next < code.size() &&
          (code[next] == '+' || code[next] == '%' ||
           (code[next] == '.' && next > end && next + 1 < code.size() && code[next + 1] == ' ')))
        r.builds = true;
      // …or the literal joined to what comes before: `p += "nv"`, perl's `$p .= "nv"`, `$x .
      // "y"`, pathlib's `Path.home() / ".ssh"`.
      std::size_t b = i;
      while (b > 0 && (code[b - 1] == ' ' || code[b - 1] == '\t')) --b;
      if (b > 0) {
        const char p = code[b - 1];
        if (p == '+' || (p == '=' && b > 1 && (code[b - 2] == '+' || code[b - 2] == '.')) ||
            (p == '/' && value_before(code, b - 1)) ||
            (p == '.' && b > 1 && code[b - 2] == ' ' && value_before(code, b - 1)))
          r.builds = true;
      }
      i = end;
      continue;
    }
    if (c == '[' && code.substr(i).starts_with("[::-1]")) r.builds = true;
    if (!ident_char(c) || (i > 0 && ident_char(code[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < code.size() && ident_char(code[e])) ++e;
    const std::string_view word = code.substr(i, e - i);
    const std::size_t next = skip_blanks(code, e);
    const bool called = next < code.size() && code[next] == '(';
    if (listed(word, kBuilders)) r.builds = true;
    if ((called || word != "pack") && listed(word, kDecoders)) r.decodes = true;
    // perl's `reverse "vne."`, `scalar reverse($x)` (not `reverse sort @x`, `reverse <F>`);
    // ruby's `"vne.".reverse`; JavaScript's `.split("").reverse()`. Not python's
    // `sort(reverse=True)`.
    const bool reversed_string =
        next < code.size() && (is_quote(code[next]) || code[next] == '$' || code[next] == '(');
    if (word == "reverse" &&
        ((i == 0 || code[i - 1] != '.') ? reversed_string
                                        : (i > 1 && is_quote(code[i - 2])) ||
                                              code.find("split(\"\")") != std::string_view::npos ||
                                              code.find("split('')") != std::string_view::npos))
      r.builds = true;
    if (word == "reversed" || word == "strrev") r.builds = true;
    if (word == "from" && i > 0 && code[i - 1] == '.' && called &&
        (code.find("\"base64\"") != std::string_view::npos ||
         code.find("'base64'") != std::string_view::npos ||
         code.find("\"hex\"") != std::string_view::npos ||
         code.find("'hex'") != std::string_view::npos))
      r.decodes = true;  // node's `Buffer.from(s, "base64")`
    // Ruby's `File.read(p)`, `IO.readlines(p)`, `File.open(p)`: a method of the file classes.
    const bool file_class =
        (i >= 5 && code.substr(i - 5, 5) == "File.") || (i >= 3 && code.substr(i - 3, 3) == "IO.");
    if ((listed(word, kOpeners) || (file_class && called)) &&
        !opens_literal(code, e, word == "open" || word == "sysopen"))
      r.opens_built = r.opens_built || called || word == "open";
    i = e;
  }
  if (rot13) r.decodes = true;
  if (!r.opens_built) return false;
  if (r.decodes) return true;
  if (!r.builds) return false;
  // A name written backwards (`"vne."[::-1]`, perl's `reverse "vne."`) is one too.
  for (std::string_view text : texts)
    if (secret_piece(text) || secret_piece(std::string(text.rbegin(), text.rend()))) return true;
  // The literals one after the other (`p = ".e"; p += "nv"`, python's `".en" "v"`): a
  // protected name is looked for from each literal's start.
  std::string joined;
  std::vector<std::size_t> starts;
  for (std::string_view text : texts) {
    starts.push_back(joined.size());
    joined += text;
  }
  for (std::size_t start : starts)
    if (secret_piece(std::string_view(joined).substr(start, kJoinedWindow))) return true;
  return false;
}

}  // namespace vigie::engine
