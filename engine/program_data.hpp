// Handlers of database clients and data tools (engine/programs_table_data.cpp names them):
// psql, mysql and its dump tools, duckdb, redis-cli (engine/program_sql_clients.cpp), the SQL
// and client-command scanner they share (engine/program_sql_text.cpp), and mlr, dasel, the jq
// family, httpie/xh, xsltproc, csvsql (engine/program_data_tools.cpp). Internal to
// engine/program*.cpp.
#ifndef VIGIE_ENGINE_PROGRAM_DATA_HPP
#define VIGIE_ENGINE_PROGRAM_DATA_HPP

#include <string>
#include <string_view>
#include <vector>

#include "engine/program_handlers.hpp"

namespace vigie::engine {

// The SQL dialects the scanner knows (a letter of `SqlWord::dialects`).
enum class SqlDialect : char { postgres = 'p', mysql = 'm', duckdb = 'd' };

// What a SQL text given on the line (`psql -c`, `mysql -e`, `duckdb -c`, an operand) reaches:
// the client's own commands (psql's `\i`, `\o`, `\copy`, `\!`; mysql's `source`, `tee`,
// `system`, `pager`; duckdb's dot commands, sqlite3's table), and the statements and functions
// that open files or run programs (COPY … FROM/TO/PROGRAM, load_file(), INTO OUTFILE,
// read_csv()...). A file named by a quoted literal is a file effect; what the text can reach
// without naming it statically is an escalation.
void sql_text_effects(SqlDialect dialect, std::string_view prog, const shell::WordView& from,
                      const std::string& text, ProgramEffects& out);

// A word holding a path a program names inside its own language: `*`, `?`, `[` are globs (the
// programs that read these paths expand them, DuckDB and psql's `\copy` included).
shell::WordView file_word(const shell::WordView& from, std::string value);

// sqlite3's dot commands (engine/program_sqlite.cpp), shared with duckdb's shell (derived from
// sqlite3's): `line` starts with `.`; `prog` names the entries ("duckdb .read").
void sqlite_dot_command(std::string_view prog, const shell::WordView& from, const std::string& line,
                        ProgramEffects& out);

VIGIE_RARE_HANDLER void psql_handler(const ProgramDecl& p, std::string_view name,
                                     const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void mysql_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void duckdb_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void redis_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void mlr_handler(const ProgramDecl& p, std::string_view name,
                                    const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void dasel_handler(const ProgramDecl& p, std::string_view name,
                                      const std::vector<shell::WordView>& w, ProgramEffects& out);
void jq_handler(const ProgramDecl& p, std::string_view name, const std::vector<shell::WordView>& w,
                ProgramEffects& out);
VIGIE_RARE_HANDLER void httpie_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void xslt_handler(const ProgramDecl& p, std::string_view name,
                                     const std::vector<shell::WordView>& w, ProgramEffects& out);
VIGIE_RARE_HANDLER void csvsql_handler(const ProgramDecl& p, std::string_view name,
                                       const std::vector<shell::WordView>& w, ProgramEffects& out);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_PROGRAM_DATA_HPP
