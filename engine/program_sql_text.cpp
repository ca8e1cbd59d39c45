// What a SQL client's text reaches (declared in engine/program_data.hpp): the client's own
// commands (psql's backslash commands, mysql's client commands), each declared once in
// `kClientCommands` with what it does to its argument, and the SQL statements and functions that
// open files or run programs, declared once in `kSqlWords` per dialect. The text is split into
// tokens once (words, quoted literals, parentheses, `;`) and walked once: linear in its length.
// A file a statement names by a quoted literal is a file effect (so that deny rules meet it);
// the statement is asked besides, since SQL can compute a name the line does not show — except
// DuckDB's `FROM 'file'`, whose file is the literal itself.
#include <algorithm>
#include <cctype>
#include <cstdint>
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

// What a SQL word does with the file literal that follows it.
enum class Reach : std::uint8_t {
  read,   // the next literal (or every literal of the parenthesis that follows) is read
  write,  // ... written
  both,   // ... read and written (DuckDB's ATTACH)
  runs,   // loads or runs code: asked (its literal, a library, is read)
  copy,   // COPY … FROM 'f' (read), TO 'f' (write), FROM/TO PROGRAM 'cmd' (runs)
  from,   // DuckDB `FROM 'f'`, `JOIN 'f'`: a literal right after is a file read, not asked
};

struct SqlWord {
  std::string_view dialects;  // letters of SqlDialect
  std::string_view word;      // lower case
  Reach reach;
};

// Every SQL word that opens a file or runs something, per dialect (PostgreSQL: COPY, large
// objects, the admin file functions, LOAD and the untrusted languages; MySQL/MariaDB: LOAD DATA
// INFILE, load_file(), INTO OUTFILE/DUMPFILE, plugins and UDFs by SONAME; DuckDB: COPY, the
// table functions that read files, ATTACH, EXPORT/IMPORT DATABASE, INSTALL/LOAD, `FROM 'f'`).
constexpr SqlWord kSqlWords[] = {
    {"pd", "copy", Reach::copy},
    {"p", "lo_import", Reach::read},
    {"p", "lo_export", Reach::write},
    {"p", "pg_read_file", Reach::read},
    {"p", "pg_read_binary_file", Reach::read},
    {"p", "pg_stat_file", Reach::read},
    {"p", "pg_ls_dir", Reach::read},
    {"p", "pg_file_write", Reach::write},
    {"p", "pg_file_rename", Reach::write},
    {"p", "pg_file_unlink", Reach::write},
    {"pd", "load", Reach::runs},
    {"p", "plpython3u", Reach::runs},
    {"p", "plpythonu", Reach::runs},
    {"p", "plperlu", Reach::runs},
    {"p", "pltclu", Reach::runs},
    {"p", "plsh", Reach::runs},
    {"m", "infile", Reach::read},
    {"m", "load_file", Reach::read},
    {"m", "outfile", Reach::write},
    {"m", "dumpfile", Reach::write},
    {"m", "soname", Reach::runs},
    {"d", "read_csv", Reach::read},
    {"d", "read_csv_auto", Reach::read},
    {"d", "read_parquet", Reach::read},
    {"d", "parquet_scan", Reach::read},
    {"d", "parquet_metadata", Reach::read},
    {"d", "parquet_schema", Reach::read},
    {"d", "parquet_file_metadata", Reach::read},
    {"d", "parquet_kv_metadata", Reach::read},
    {"d", "read_json", Reach::read},
    {"d", "read_json_auto", Reach::read},
    {"d", "read_json_objects", Reach::read},
    {"d", "read_ndjson", Reach::read},
    {"d", "read_ndjson_auto", Reach::read},
    {"d", "read_ndjson_objects", Reach::read},
    {"d", "read_text", Reach::read},
    {"d", "read_blob", Reach::read},
    {"d", "read_xlsx", Reach::read},
    {"d", "sniff_csv", Reach::read},
    {"d", "glob", Reach::read},
    {"d", "delta_scan", Reach::read},
    {"d", "iceberg_scan", Reach::read},
    {"d", "st_read", Reach::read},
    {"d", "attach", Reach::both},
    {"d", "export", Reach::write},
    {"d", "import", Reach::read},
    {"d", "install", Reach::runs},
    {"d", "from", Reach::from},
    {"d", "join", Reach::from},
};

// What a client command does with its argument.
enum class Arg : std::uint8_t {
  read,           // its first argument is read
  write,          // written
  write_second,   // its second argument is written (`\lo_export OID FILE`)
  pipe_or_write,  // written, or `|CMD` runs CMD (`\o`, `\g`, `\w`)
  runs,           // the rest of the line is a shell command (`\!`, `system`, `pager`)
  asks,           // runs an editor or changes what later commands reach: asked
  copy,           // psql's `\copy … from|to FILE|PROGRAM 'CMD'`
};

struct ClientCommand {
  std::string_view dialects;
  std::string_view name;  // `\NAME` after a backslash; else a name opening a statement (mysql)
  Arg arg;
};

// The client commands that name a file or run something: psql's backslash commands (exact
// names), mysql's and MariaDB's commands (long names open a statement, one letter after `\`,
// case sensitive: `\T` is tee, `\t` notee).
constexpr ClientCommand kClientCommands[] = {
    {"p", "\\i", Arg::read},
    {"p", "\\include", Arg::read},
    {"p", "\\ir", Arg::read},
    {"p", "\\include_relative", Arg::read},
    {"p", "\\o", Arg::pipe_or_write},
    {"p", "\\out", Arg::pipe_or_write},
    {"p", "\\w", Arg::pipe_or_write},
    {"p", "\\write", Arg::pipe_or_write},
    {"p", "\\g", Arg::pipe_or_write},
    {"p", "\\gx", Arg::pipe_or_write},
    {"p", "\\s", Arg::write},
    {"p", "\\lo_import", Arg::read},
    {"p", "\\lo_export", Arg::write_second},
    {"p", "\\copy", Arg::copy},
    {"p", "\\!", Arg::runs},
    {"p", "\\setenv", Arg::asks},
    {"p", "\\e", Arg::asks},
    {"p", "\\edit", Arg::asks},
    {"p", "\\ef", Arg::asks},
    {"p", "\\ev", Arg::asks},
    {"p", "\\cd", Arg::asks},
    {"p", "\\gexec", Arg::asks},
    {"m", "source", Arg::read},
    {"m", "\\.", Arg::read},
    {"m", "system", Arg::runs},
    {"m", "\\!", Arg::runs},
    {"m", "tee", Arg::write},
    {"m", "\\T", Arg::write},
    {"m", "pager", Arg::runs},
    {"m", "\\P", Arg::runs},
    {"m", "edit", Arg::asks},
    {"m", "\\e", Arg::asks},
    {"m", "ssl_session_data_print", Arg::write},
};

bool in_dialect(std::string_view dialects, SqlDialect d) {
  return dialects.find(static_cast<char>(d)) != std::string_view::npos;
}

struct Token {
  enum class Kind : std::uint8_t { word, literal, open, close, end } kind;
  std::string value;  // words in lower case; literals unquoted
};

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

std::vector<Token> sql_tokens(const std::string& s, SqlDialect d) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '\\' && d == SqlDialect::postgres) {  // a backslash command is not SQL
      ++i;
      while (i < s.size() && word_char(s[i])) ++i;
      continue;
    }
    if (word_char(c)) {
      std::size_t j = i;
      while (j < s.size() && word_char(s[j])) ++j;
      out.push_back({Token::Kind::word, ascii_lower(s.substr(i, j - i))});
      i = j;
    } else if (c == '\'' || c == '"') {
      std::string v;
      std::size_t j = i + 1;
      while (j < s.size()) {
        if (s[j] == c) {
          if (j + 1 < s.size() && s[j + 1] == c) {
            v.push_back(c);
            j += 2;
            continue;
          }
          break;
        }
        if (d == SqlDialect::mysql && s[j] == '\\' && j + 1 < s.size()) ++j;
        v.push_back(s[j++]);
      }
      out.push_back({Token::Kind::literal, std::move(v)});
      i = j + 1;
    } else {
      if (c == '(') out.push_back({Token::Kind::open, {}});
      if (c == ')') out.push_back({Token::Kind::close, {}});
      if (c == ';') out.push_back({Token::Kind::end, {}});
      ++i;
    }
  }
  return out;
}

void add(ProgramEffects& out, Touch t, const WordView& from, const std::string& path,
         const std::string& entry) {
  out.files.push_back({t, file_word(from, path), From::operand, entry});
}

void reach_file(Reach r, const WordView& from, const std::string& path, const std::string& entry,
                ProgramEffects& out) {
  if (r == Reach::write || r == Reach::both) add(out, Touch::write, from, path, entry);
  if (r != Reach::write) add(out, Touch::read, from, path, entry);
}

// The SQL words of the text, walked once.
void sql_statements(SqlDialect d, std::string_view prog, const WordView& from,
                    const std::string& text, ProgramEffects& out) {
  std::vector<Token> toks = sql_tokens(text, d);
  std::vector<std::string_view> asked;  // each word asked once
  auto ask = [&](std::string_view word) {
    if (std::find(asked.begin(), asked.end(), word) != asked.end()) return;
    asked.push_back(word);
    out.escalations.push_back(std::string(prog) + " SQL " + std::string(word));
  };
  // A word waiting for its literal: the next literal of the statement, or every literal of the
  // parenthesis right after it.
  const SqlWord* pending = nullptr;
  int depth = 0;  // > 0: inside the pending word's parenthesis
  bool copying = false;
  char copy_dir = 0;  // 'r' FROM, 'w' TO
  bool copy_program = false;
  int copy_depth = 0;  // `COPY (SELECT … FROM t WHERE x = 'a') TO 'f'`: the query's words
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (t.kind == Token::Kind::end) {
      pending = nullptr;
      depth = 0;
      copying = false;
      continue;
    }
    if (copying && (t.kind == Token::Kind::open || t.kind == Token::Kind::close)) {
      copy_depth += t.kind == Token::Kind::open ? 1 : -1;
      continue;
    }
    // Inside the query's parentheses, the words are SQL of their own (`FROM 'f'`, read_csv).
    if (copying && copy_depth == 0 && t.kind == Token::Kind::word) {
      if (t.value == "from" || t.value == "to") copy_dir = t.value == "from" ? 'r' : 'w';
      if (copy_dir && t.value == "program") copy_program = true;
      if (copy_dir && (t.value == "stdin" || t.value == "stdout")) copying = false;
      continue;
    }
    if (copying && copy_depth == 0 && t.kind == Token::Kind::literal && copy_dir) {
      const std::string entry = std::string(prog) + " SQL copy";
      if (copy_program) {
        out.escalations.push_back(std::string(prog) + " SQL copy program");
        out.scripts.push_back(t.value);
      } else {
        reach_file(copy_dir == 'r' ? Reach::read : Reach::write, from, t.value, entry, out);
      }
      copying = false;
      continue;
    }
    if (pending) {
      if (t.kind == Token::Kind::open) {
        ++depth;
        continue;
      }
      if (t.kind == Token::Kind::close && depth > 0 && --depth == 0) {
        pending = nullptr;
        continue;
      }
      if (t.kind == Token::Kind::literal) {
        reach_file(pending->reach, from, t.value,
                   std::string(prog) + " SQL " + std::string(pending->word), out);
        if (depth == 0) pending = nullptr;
        continue;
      }
    }
    if (t.kind != Token::Kind::word) continue;
    for (const SqlWord& s : kSqlWords) {
      if (s.word != t.value || !in_dialect(s.dialects, d)) continue;
      if (s.reach == Reach::from) {
        // `FROM 'f'`: the literal right after is the file; a glob is asked like a computed name.
        if (i + 1 < toks.size() && toks[i + 1].kind == Token::Kind::literal) {
          const std::string& f = toks[i + 1].value;
          add(out, Touch::read, from, f, std::string(prog) + " SQL from");
          if (f.find_first_of("*?[") != std::string::npos) ask(s.word);
          ++i;
        }
        break;
      }
      ask(s.word);
      if (s.reach == Reach::copy) {
        copying = true;
        copy_dir = 0;
        copy_program = false;
        copy_depth = 0;
      } else {
        pending = &s;
        depth = 0;
      }
      break;
    }
  }
}

// Arguments of a client command as its parser splits them: blanks separate, '…' and "…" quote.
std::vector<std::string> split_args(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i >= s.size()) break;
    std::string a;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) {
      char q = s[i];
      if (q == '\'' || q == '"') {
        ++i;
        while (i < s.size() && s[i] != q) a.push_back(s[i++]);
        ++i;
        continue;
      }
      a.push_back(s[i++]);
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == ';'))
    s.remove_suffix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return std::string(s);
}

// One client command with its arguments (`args`: to the end of its arguments; `line`: to the
// end of the line, for the commands that take the rest of the line). True when the command took
// the rest of the line (the caller goes on after it: each character is read once).
bool client_command(const ClientCommand& c, std::string_view prog, const WordView& from,
                    std::string_view args, std::string_view line, bool whole_arg,
                    ProgramEffects& out) {
  const std::string entry = std::string(prog) + " " + std::string(c.name);
  if (c.arg == Arg::asks) {
    out.escalations.push_back(entry);
    return false;
  }
  if (c.arg == Arg::runs) {
    out.escalations.push_back(entry);
    std::string cmd = trimmed(line);
    if (!cmd.empty()) out.scripts.push_back(cmd);
    return true;
  }
  std::vector<std::string> a = whole_arg ? std::vector<std::string>{} : split_args(args);
  if (whole_arg) {  // mysql: the rest of the line is the file name
    std::string f = trimmed(line);
    if (f.size() >= 2 && (f[0] == '\'' || f[0] == '"') && f.back() == f[0])
      f = f.substr(1, f.size() - 2);
    if (!f.empty()) a.push_back(f);
  }
  // psql variables (`:name`) and backquoted commands make a name the line does not show.
  for (const auto& x : a)
    if (starts_with(x, ":") || x.find('`') != std::string::npos) {
      out.escalations.push_back(entry + " with a name that is not static");
      break;
    }
  if (c.arg == Arg::copy) {
    int depth = 0;
    for (std::size_t k = 1; k < a.size(); ++k) {
      std::string low = ascii_lower(a[k]);
      for (char ch : a[k]) depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
      if (depth > 0 || (low != "from" && low != "to") || k + 1 >= a.size()) continue;
      std::string target = ascii_lower(a[k + 1]);
      if (target == "program") {
        out.escalations.push_back(entry + " program");
        if (k + 2 < a.size()) out.scripts.push_back(a[k + 2]);
      } else if (target != "stdin" && target != "stdout" && target != "pstdin" &&
                 target != "pstdout") {
        add(out, low == "from" ? Touch::read : Touch::write, from, a[k + 1], entry);
      }
      return true;
    }
    return true;
  }
  std::size_t at = 0;
  if (c.arg == Arg::pipe_or_write) {
    // `\g (format=csv) FILE`: the options in parentheses come first.
    while (at < a.size() && starts_with(a[at], "(")) {
      while (at < a.size() && a[at].find(')') == std::string::npos) ++at;
      ++at;
    }
    std::size_t bar = args.find('|');
    if (bar != std::string_view::npos && (at >= a.size() || starts_with(a[at], "|"))) {
      out.escalations.push_back(entry + " |COMMAND");
      std::string cmd = trimmed(line.substr(std::min(line.size(), line.find('|') + 1)));
      if (!cmd.empty()) out.scripts.push_back(cmd);
      return true;
    }
  }
  if (c.arg == Arg::write_second) at = 1;
  if (at < a.size()) add(out, c.arg == Arg::read ? Touch::read : Touch::write, from, a[at], entry);
  return whole_arg;
}

// The end of the line holding `from`, remembered while `from` stays on that line (the callers'
// positions only grow: the text is searched once).
struct LineEnds {
  std::string_view s;
  std::size_t end = 0;
  bool known = false;
  std::size_t at(std::size_t from) {
    if (!known || from > end) {
      std::size_t e = s.find('\n', from);
      end = e == std::string_view::npos ? s.size() : e;
      known = true;
    }
    return end;
  }
};

// psql: a backslash command's arguments end at the end of the line or at the next unquoted
// backslash; `\!`, `\copy` and `|COMMAND` take the rest of the line.
void psql_meta(std::string_view prog, const WordView& from, const std::string& text,
               ProgramEffects& out) {
  LineEnds ends{text};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') continue;
    std::size_t j = i + 1;
    if (j < text.size() && text[j] == '!') {
      ++j;
    } else {
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) ||
                                 text[j] == '_' || text[j] == '+'))
        ++j;
    }
    std::string name = "\\" + text.substr(i + 1, j - i - 1);
    while (name.size() > 2 && name.back() == '+') name.pop_back();
    std::size_t end = ends.at(j);
    std::size_t arg_end = j;
    char q = 0;
    while (arg_end < end && (q || text[arg_end] != '\\')) {
      char ch = text[arg_end];
      if (ch == '\'' || ch == '"') {
        if (!q)
          q = ch;
        else if (q == ch)
          q = 0;
      }
      ++arg_end;
    }
    std::string_view sv(text);
    bool took_line = false;
    for (const ClientCommand& c : kClientCommands)
      if (in_dialect(c.dialects, SqlDialect::postgres) && c.name == name)
        took_line = client_command(c, prog, from, sv.substr(j, arg_end - j), sv.substr(j, end - j),
                                   false, out);
    i = took_line ? end : arg_end - 1;
  }
}

// mysql: long command names open a statement (the text's start, after `;`, `\g`, `\G` or a
// newline); one letter after a backslash anywhere. Their argument is the rest of the line.
void mysql_commands(std::string_view prog, const WordView& from, const std::string& text,
                    ProgramEffects& out) {
  std::string_view sv(text);
  LineEnds ends{text};
  for (std::size_t i = 0; i < text.size(); ++i) {
    bool start = i == 0 || text[i - 1] == ';' || text[i - 1] == '\n' ||
                 (i >= 2 && text[i - 2] == '\\' && (text[i - 1] == 'g' || text[i - 1] == 'G'));
    if (text[i] == '\\' && i + 1 < text.size()) {
      std::string name = text.substr(i, 2);
      for (const ClientCommand& c : kClientCommands)
        if (in_dialect(c.dialects, SqlDialect::mysql) && c.name == name) {
          std::size_t end = ends.at(i + 2);
          client_command(c, prog, from, sv.substr(i + 2, end - i - 2),
                         sv.substr(i + 2, end - i - 2), true, out);
          i = end;  // the command took the rest of the line
          break;
        }
      if (i < text.size() && text[i] == '\\') ++i;
      continue;
    }
    if (!start) continue;
    std::size_t j = i;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
    std::size_t k = j;
    while (k < text.size() && (std::isalpha(static_cast<unsigned char>(text[k])) || text[k] == '_'))
      ++k;
    if (k == j) continue;
    std::string word = ascii_lower(text.substr(j, k - j));
    for (const ClientCommand& c : kClientCommands)
      if (in_dialect(c.dialects, SqlDialect::mysql) && c.name == word) {
        std::size_t end = ends.at(k);
        client_command(c, prog, from, sv.substr(k, end - k), sv.substr(k, end - k), true, out);
        i = end - 1;  // the command took the rest of the line
        break;
      }
  }
}

}  // namespace

WordView file_word(const WordView& from, std::string value) {
  WordView v = word_of(from, std::move(value));
  v.has_glob = v.text.find_first_of("*?[") != std::string::npos;
  if (v.has_glob) v.literal = std::nullopt;
  return v;
}

void sql_text_effects(SqlDialect d, std::string_view prog, const WordView& from,
                      const std::string& text, ProgramEffects& out) {
  if (d == SqlDialect::postgres) {
    psql_meta(prog, from, text, out);
    if (text.find('`') != std::string::npos)
      out.escalations.push_back(std::string(prog) + " `COMMAND`");
  }
  if (d == SqlDialect::mysql) mysql_commands(prog, from, text, out);
  sql_statements(d, prog, from, text, out);
}

}  // namespace vigie::engine
