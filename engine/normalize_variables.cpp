// Variables whose value a program runs or reads (normalize.hpp `variable_line`,
// `variable_names_file`): one list of each, read by the normalization of assignments and of
// `export`/`declare` (engine/builtin_code.cpp).
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include "engine/normalize.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using program_words::starts_with;
namespace {

// Variables whose value a program runs as a command line: pagers, editors, askpass helpers, ssh
// and diff commands, prompt commands, browsers (`LESSOPEN`'s after its `|`). Space-separated.
constexpr std::string_view kLineVariables =
    " PAGER MANPAGER EDITOR VISUAL FCEDIT BROWSER PROMPT_COMMAND GIT_PAGER GIT_EDITOR "
    "GIT_SEQUENCE_EDITOR GIT_SSH GIT_SSH_COMMAND GIT_EXTERNAL_DIFF GIT_ASKPASS GIT_PROXY_COMMAND "
    "SSH_ASKPASS SUDO_ASKPASS LESSOPEN LESSCLOSE DELTA_PAGER BAT_PAGER PSQL_PAGER PSQL_EDITOR "
    "GH_EDITOR GH_PAGER GH_BROWSER KUBE_EDITOR KUBECTL_EXTERNAL_DIFF TERMINAL "
    // npm's configuration from the environment (names are case-insensitive), the programs a
    // build runs from the environment (make's `$(CC)`, cargo's wrappers).
    "NPM_CONFIG_SCRIPT_SHELL NPM_CONFIG_SHELL NPM_CONFIG_GIT NPM_CONFIG_EDITOR "
    "NPM_CONFIG_BROWSER NPM_CONFIG_VIEWER YARN_SCRIPT_SHELL CC CXX CPP LD AR AS FC "
    "RUSTC_WRAPPER RUSTC_WORKSPACE_WRAPPER RUSTC RUSTDOC CARGO_BUILD_RUSTC_WRAPPER "
    "CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER ";
// Prompts: expanded each time they are shown (`PS4` under `set -x`), their substitutions run.
constexpr std::string_view kPromptVariables = " PS0 PS1 PS2 PS3 PS4 ";

bool listed(std::string_view list, const std::string& name) {
  return list.find(" " + name + " ") != std::string_view::npos;
}

// Variables that name a file a program reads when it starts: a shell sources `BASH_ENV` and
// `ENV`, python `PYTHONSTARTUP`; git, kubectl, npm, wget, the cloud clients read the
// configuration or credentials they name.
constexpr std::string_view kFileVariables =
    " BASH_ENV ENV PYTHONSTARTUP GIT_CONFIG GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM KUBECONFIG "
    "NPM_CONFIG_USERCONFIG NPM_CONFIG_GLOBALCONFIG WGETRC INPUTRC AWS_SHARED_CREDENTIALS_FILE "
    "AWS_CONFIG_FILE GOOGLE_APPLICATION_CREDENTIALS DOCKER_CONFIG CLOUDSDK_CONFIG "
    "NETRC CURL_HOME PIP_CONFIG_FILE ";

}  // namespace

bool variable_names_file(std::string_view name) {
  return listed(kFileVariables, std::string(name));
}

std::optional<std::string> variable_line(std::string_view name, std::string_view value) {
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (listed(kPromptVariables, u)) return "_=" + std::string(value);
  // `GIT_CONFIG_PARAMETERS="'core.pager=CMD' 'k=v'"` (git's own `-c` pairs): each value, one line.
  if (u == "GIT_CONFIG_PARAMETERS") {
    std::string lines;
    for (auto q = value.find('\''); q != std::string_view::npos;) {
      const auto end = value.find('\'', q + 1);
      if (end == std::string_view::npos) break;
      const std::string_view pair = value.substr(q + 1, end - q - 1);
      if (auto eq = pair.find('='); eq != std::string_view::npos)
        lines += std::string(pair.substr(eq + 1)) + "\n";
      q = value.find('\'', end + 1);
    }
    return lines;
  }
  // git's configuration values from the environment (`GIT_CONFIG_VALUE_<n>`: `core.pager`,
  // `core.sshCommand`…) may be command lines too.
  // `GOFLAGS='-toolexec=CMD -exec=PROG'`: the go command's flags from the environment.
  if (u == "GOFLAGS") {
    std::string lines;
    std::size_t i = 0;
    while (i < value.size()) {
      std::size_t e = value.find(' ', i);
      if (e == std::string_view::npos) e = value.size();
      std::string_view flag = value.substr(i, e - i);
      while (flag.starts_with("-")) flag.remove_prefix(1);
      for (std::string_view name : {"toolexec=", "exec=", "vettool="})
        if (flag.starts_with(name)) lines += std::string(flag.substr(name.size())) + "\n";
      i = e + 1;
    }
    if (!lines.empty()) return lines;
    return std::nullopt;
  }
  if (listed(kLineVariables, u) || starts_with(u, "GIT_CONFIG_VALUE_")) {
    while (!value.empty() && value.front() == '|') value.remove_prefix(1);
    return std::string(value);
  }
  return std::nullopt;
}

}  // namespace vigie::engine
