// The handlers of the programs table, by the name its handler column gives: ONE table
// (`kHandlers`), read once per program entry (engine/programs_index.cpp). A new handler is one
// line here.
#include <string_view>
#include <vector>

#include "engine/program_data.hpp"
#include "engine/program_data_runners.hpp"
#include "engine/program_handlers.hpp"

namespace vigie::engine {

namespace {

// The handlers, by the name the programs table's handler column gives (engine/programs_table*.cpp;
// "wrapper" is not a handler: engine/normalize.cpp reads through wrappers). A new handler is one
// line here.
struct HandlerEntry {
  std::string_view name;
  HandlerFn run;
};
constexpr HandlerEntry kHandlers[] = {
    {"find", find_entry},
    {"tar", tar_entry},
    {"git", git_entry},
    {"dd", dd_entry},
    {"ssh", ssh_handler},
    {"cmake", cmake_handler},
    {"sql", sql_handler},
    {"split", split_handler},
    {"pager", pager_handler},
    {"perf", perf_entry},
    {"fd", fd_entry},
    {"sed", sed_entry},
    {"awk", awk_entry},
    {"tmux", tmux_handler},
    {"container", container_handler},
    {"compose", container_handler},
    {"kubectl", kubectl_handler},
    {"runner", runner_handler},
    {"upload", upload_handler},
    {"system-files", system_files_handler},
    {"launcher", launcher_handler},
    {"socat", socat_handler},
    {"bwrap", bwrap_handler},
    {"cmd", cmd_handler},
    {"capsh", capsh_handler},
    {"make", make_handler},
    {"cc", cc_handler},
    {"ld", cc_handler},
    {"gdb", gdb_handler},
    {"schedule", schedule_handler},
    {"sg", sg_handler},
    {"mvn", plugin_handler},
    {"pandoc", plugin_handler},
    {"curl", curl_handler},
    {"wget", wget_handler},
    {"aria2c", aria2c_handler},
    {"compress", convert_handler},
    {"dos2unix", convert_handler},
    {"gpg", convert_handler},
    {"openssl", convert_handler},
    {"7z", convert_handler},
    {"ffmpeg", ffmpeg_handler},
    {"goflags", convert_handler},
    {"pdf", convert_handler},
    {"fmt-command", format_command_handler},
    {"psql", psql_handler},
    {"mysql", mysql_handler},
    {"duckdb", duckdb_handler},
    {"redis", redis_handler},
    {"mlr", mlr_handler},
    {"dasel", dasel_handler},
    {"jq", jq_handler},
    {"httpie", httpie_handler},
    {"xslt", xslt_handler},
    {"csvsql", csvsql_handler},
    {"csvtool", csvtool_handler},
    {"unshar", unshar_handler},
    {"gh", gh_handler},
    {"sub", subcommand_handler},
    {"trust", trust_handler},
    {"serve", serve_handler},
    {"cloud", cloud_handler},
    {"archive", archive_handler},
    {"corepack", corepack_handler},
    {"rename", rename_handler},
    {"protoc", protoc_handler},
    {"pdftk", pdftk_handler},
    {"pyarchive", pyarchive_handler},
    {"pycode", pycode_handler},
    {"rustc", rustc_handler},
    {"signals", signals_handler},
    {"sops", sops_handler},
    {"chmod", chmod_handler},
    {"script", script_handler},
};

}  // namespace

HandlerFn handler_function(std::string_view name) {
  for (const HandlerEntry& h : kHandlers)
    if (h.name == name) return h.run;
  return nullptr;
}

std::vector<std::string_view> handler_names() {
  std::vector<std::string_view> names;
  for (const HandlerEntry& h : kHandlers) names.push_back(h.name);
  return names;
}

}  // namespace vigie::engine
