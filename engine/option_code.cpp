// Option values that are code an allow of an interpreter cannot see (engine/programs.hpp,
// `option_value_is_code`): perl's `-M`/`-m` holding more than a module and its import list
// (role `M` in the programs table), php's `-d` settings that run or load a file (role `n`); and
// what those settings read, write, load or run (`add_ini_effects`).
#include <algorithm>
#include <iterator>

#include "engine/program_handlers.hpp"
#include "engine/programs.hpp"

namespace vigie::engine {

using shell::WordView;

namespace {

// php's ini settings that name no file to run or load and no program (php -d NAME=VALUE):
// everything else (`auto_prepend_file`, `extension`, `sendmail_path`, `error_log`…) is asked.
constexpr std::string_view kInertIniSettings[] = {
    "memory_limit",
    "display_errors",
    "display_startup_errors",
    "error_reporting",
    "max_execution_time",
    "max_input_time",
    "date.timezone",
    "short_open_tag",
    "html_errors",
    "log_errors",
    "precision",
    "serialize_precision",
    "zend.assertions",
    "assert.active",
    "assert.exception",
    "phar.readonly",
    "default_charset",
    "output_buffering",
    "implicit_flush",
    "register_argc_argv",
    "variables_order",
    "opcache.enable",
    "opcache.enable_cli",
    "opcache.jit",
    "opcache.jit_buffer_size",
    "xdebug.mode",
    "pcre.jit",
    "error_prepend_string",
    "error_append_string",
    "report_memleaks",
    "track_errors",
    "max_input_vars",
    "post_max_size",
    "upload_max_filesize",
    "default_socket_timeout",
    "auto_detect_line_endings",
    "mbstring.language",
};

bool module_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `Foo::Bar`, `-Foo`, `Foo=a,b` (perl's `-MFoo=a,b` is `use Foo split(/,/, q{a,b})`: the list
// stays words, no brace, quote, parenthesis or `;`).
bool perl_module_spec(std::string_view s) {
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  auto eq = s.find('=');
  std::string_view mod = s.substr(0, eq);
  if (mod.empty() || (mod[0] >= '0' && mod[0] <= '9')) return false;
  for (std::size_t i = 0; i < mod.size(); ++i)
    if (!module_char(mod[i]) &&
        !(mod[i] == ':' && i + 1 < mod.size() && mod[i + 1] == ':' && ++i + 1 < mod.size()))
      return false;
  if (eq == std::string_view::npos) return true;
  for (char c : s.substr(eq + 1))
    if (!module_char(c) && c != ',' && c != ':' && c != '.' && c != '-' && c != '+') return false;
  return true;
}

// php's ini settings (`php -d NAME=VALUE`) whose value is a path or a program: 'r' a file read
// (and run: `auto_prepend_file`), 'w' a file written, 'g' a folder written under names the line
// does not show, 'x' a library loaded (asked), 'L' a command line run (judged as one).
struct IniPath {
  std::string_view name;
  char role;
};
constexpr IniPath kIniPaths[] = {
    {"auto_prepend_file", 'r'}, {"auto_append_file", 'r'},  {"opcache.preload", 'r'},
    {"openssl.cafile", 'r'},    {"curl.cainfo", 'r'},       {"error_log", 'w'},
    {"mail.log", 'w'},          {"xdebug.log", 'w'},        {"session.save_path", 'g'},
    {"upload_tmp_dir", 'g'},    {"xdebug.output_dir", 'g'}, {"opcache.file_cache", 'g'},
    {"extension", 'x'},         {"zend_extension", 'x'},    {"extension_dir", 'x'},
    {"sendmail_path", 'L'},
};

}  // namespace

void add_ini_effects(std::string_view prog, const ParsedArgs& args, ProgramEffects& out) {
  for (const ParsedOption& o : args.options) {
    if (!o.decl || o.decl->role != 'n' || !o.value || !o.value->literal) continue;
    const std::string& v = *o.value->literal;
    const std::size_t eq = v.find('=');
    if (eq == std::string::npos) continue;
    std::string_view name = std::string_view(v).substr(0, eq);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    std::size_t at = eq + 1;
    while (at < v.size() && (v[at] == ' ' || v[at] == '\t' || v[at] == '"')) ++at;
    std::size_t end = v.size();
    while (end > at && v[end - 1] == '"') --end;
    const std::string entry = std::string(prog) + " " + o.spelling + " " + std::string(name);
    for (const IniPath& p : kIniPaths) {
      if (p.name != name) continue;
      const WordView path = synthesized(*o.value, v.substr(at, end - at), at);
      if (p.role == 'x')
        out.escalations.push_back(entry + ": loads a library");
      else if (p.role == 'L')
        out.scripts.push_back(v.substr(at, end - at));
      else if (p.role == 'g')
        add_folder_files(out, path, From::option, entry);
      else if (at < end)
        add_word_file(out, p.role == 'w' ? Touch::write : Touch::read, path, From::option, entry);
    }
  }
}

bool option_value_is_code(const OptionDecl& d, const std::optional<WordView>& value) {
  if (d.role != 'M' && d.role != 'n') return false;
  if (!value || !value->literal) return true;  // not static: it may be anything
  std::string_view v = *value->literal;
  if (d.role == 'M') return !perl_module_spec(v);
  std::string_view name = v.substr(0, v.find('='));
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  return std::find(std::begin(kInertIniSettings), std::end(kInertIniSettings), name) ==
         std::end(kInertIniSettings);
}

}  // namespace vigie::engine
