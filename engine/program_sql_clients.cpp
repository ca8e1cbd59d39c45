// Handlers `psql`, `mysql`, `duckdb` and `redis` of the programs table
// (engine/programs_table_data.cpp declares their options): the SQL and client commands given on
// the line (`psql -c`, `mysql -e`/`--init-command`, `duckdb -c`/`-cmd`/operands) are scanned by
// engine/program_sql_text.cpp; psql's connection strings name certificate and password files;
// mysql's option spellings (`--loose-`, `_` for `-`) are read as mysql reads them; redis-cli
// commands that load or run code on the server are asked.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/program_data.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using policy::ascii_lower;
using program_words::starts_with;

// A text option's value (`-c`, `-e`): scanned when static, asked when not.
void text_value(SqlDialect d, std::string_view name, const ParsedOption& o, ProgramEffects& out) {
  if (!o.value) return;
  if (!o.value->literal) {
    out.escalations.push_back(std::string(name) + " " + option_name(*o.decl) +
                              " with a text that is not static");
    return;
  }
  sql_text_effects(d, name, *o.value, *o.value->literal, out);
}

// libpq connection parameters that name a file (a conninfo `key=value` or a URI `?key=value`).
constexpr std::string_view kConninfoFiles[] = {"sslcert", "sslkey",    "sslrootcert",
                                               "sslcrl",  "sslcrldir", "passfile"};

void conninfo_files(std::string_view name, const WordView& w, ProgramEffects& out) {
  if (!w.literal) return;
  const std::string& s = *w.literal;
  for (auto key : kConninfoFiles) {
    std::string k = std::string(key) + "=";
    // Each search starts after the previous value: the string is read once per key.
    for (std::size_t at = s.find(k), next = 0; at != std::string::npos; at = s.find(k, next)) {
      next = at + 1;
      if (at > 0 && (std::isalnum(static_cast<unsigned char>(s[at - 1])) || s[at - 1] == '_'))
        continue;
      std::size_t v = at + k.size();
      while (v < s.size() && s[v] == ' ') ++v;
      char q = v < s.size() && s[v] == '\'' ? '\'' : 0;
      if (q) ++v;
      std::size_t e = v;
      while (e < s.size() && (q ? s[e] != q : (s[e] != ' ' && s[e] != '&'))) ++e;
      next = std::max(next, e);
      if (e > v)
        out.files.push_back({Touch::read, file_word(w, s.substr(v, e - v)), From::operand,
                             std::string(name) + " " + std::string(key)});
    }
  }
}

// mysql's option parser (my_getopt): `--loose-NAME` is NAME, `_` and `-` are the same in names.
Words mysql_spellings(const Words& w) {
  Words out = w;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s || !starts_with(*s, "--") || s->size() == 2) continue;
    std::string v = *s;
    std::size_t eq = v.find('=');
    std::size_t end = eq == std::string::npos ? v.size() : eq;
    for (std::size_t k = 2; k < end; ++k)
      if (v[k] == '_') v[k] = '-';
    if (starts_with(v, "--loose-")) v.erase(2, 6);
    if (v != *s) out[i] = word_of(w[i], v);
  }
  return out;
}

// redis-cli commands that load or run code on the server, or change where it writes files.
struct RedisCode {
  std::string_view command;
  std::string_view sub;  // "" any
};
constexpr RedisCode kRedisCode[] = {
    {"eval", ""},   {"evalsha", ""},   {"eval_ro", ""},       {"evalsha_ro", ""},
    {"fcall", ""},  {"fcall_ro", ""},  {"function", ""},      {"script", ""},
    {"module", ""}, {"config", "set"}, {"config", "rewrite"}, {"debug", ""},
};

}  // namespace

void psql_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    const std::string opt = option_name(*o.decl);
    if (opt == "--command") text_value(SqlDialect::postgres, name, o, out);
    if (opt == "--dbname" && o.value) conninfo_files(name, *o.value, out);
    if (opt == "--output" && o.value && o.value->literal && starts_with(*o.value->literal, "|")) {
      out.escalations.push_back(std::string(name) + " --output |COMMAND");
      out.scripts.push_back(o.value->literal->substr(1));
    }
    if (opt == "--set" && o.value && o.value->literal) {
      // `-v HISTFILE=F` writes F; a prompt's %`COMMAND` runs COMMAND.
      const std::string& kv = *o.value->literal;
      if (starts_with(kv, "HISTFILE="))
        out.files.push_back(
            {Touch::write, word_of(*o.value, kv.substr(9)), From::option, "psql HISTFILE"});
      if (kv.find('`') != std::string::npos)
        out.escalations.push_back(std::string(name) + " --set with a `COMMAND`");
    }
  }
  for (std::size_t k : args.operands) conninfo_files(name, w[k], out);
  apply_parsed(p, name, w, args, out);
}

void mysql_handler(const ProgramDecl& p, std::string_view name, const Words& w0,
                   ProgramEffects& out) {
  Words w = mysql_spellings(w0);
  ParsedArgs args = parse_args(p, w, 1);
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    const std::string opt = option_name(*o.decl);
    if (opt == "--execute" || opt == "--init-command" || opt == "--init-command-add")
      text_value(SqlDialect::mysql, name, o, out);
  }
  apply_parsed(p, name, w, args, out);
}

void duckdb_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  std::vector<const WordView*> texts;
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    const std::string opt = option_name(*o.decl);
    if (opt == "--c" || opt == "--s" || opt == "--cmd") texts.push_back(&*o.value);
  }
  for (std::size_t k = 1; k < args.operands.size(); ++k) texts.push_back(&w[args.operands[k]]);
  for (const WordView* t : texts) {
    if (!t->literal) {
      out.escalations.push_back(std::string(name) + " with a command that is not static");
      continue;
    }
    if (starts_with(*t->literal, "."))
      sqlite_dot_command(name, *t, *t->literal, out);
    else
      sql_text_effects(SqlDialect::duckdb, name, *t, *t->literal, out);
  }
  apply_parsed(p, name, w, args, out);
}

void redis_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                   ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  for (const auto& o : args.options)
    if (o.decl && option_name(*o.decl) == "--cluster" && o.value &&
        (!o.value->literal || ascii_lower(*o.value->literal) == "backup"))
      out.escalations.push_back(std::string(name) + " --cluster backup");
  if (!args.operands.empty()) {
    const WordView& cmd = w[args.operands[0]];
    if (!cmd.literal) {
      out.escalations.push_back(std::string(name) + " with a command that is not static");
    } else {
      std::string c = ascii_lower(*cmd.literal);
      std::string sub;
      if (args.operands.size() > 1 && w[args.operands[1]].literal)
        sub = ascii_lower(*w[args.operands[1]].literal);
      for (const RedisCode& r : kRedisCode)
        if (r.command == c && (r.sub.empty() || r.sub == sub)) {
          out.escalations.push_back(std::string(name) + " " + c + (r.sub.empty() ? "" : " " + sub));
          break;
        }
    }
  }
  apply_parsed(p, name, w, args, out);
}

}  // namespace vigie::engine
