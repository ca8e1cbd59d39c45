// The files run by third parties (CI configuration, build scripts, VCS hooks, manifests, lock
// files; seed 004): the default globs, one table, and the class of a project path.
#include <algorithm>

#include "engine/paths.hpp"

namespace vigie::engine {

// ---------------------------------------------------------------------------------------------
// Files run by third parties
// ---------------------------------------------------------------------------------------------

const std::vector<std::pair<std::string, std::string>>& default_third_party_globs() {
  // Order matters only for `third_party_class` (the first match decides); the classes do not
  // overlap today. Globs without `/` match the basename at any depth: a nested Makefile or
  // package.json (monorepos) is run just the same.
  static const auto* const globs = new std::vector<std::pair<std::string, std::string>>{
      // CI configuration.
      {".github/workflows/**", "ci"},
      {".github/actions/**", "ci"},  // composite actions, run by workflows
      {".gitlab-ci.yml", "ci"},
      {".gitlab-ci.yaml", "ci"},
      {".gitlab/ci/**", "ci"},
      {".circleci/**", "ci"},
      {"Jenkinsfile", "ci"},
      {"*.jenkinsfile", "ci"},
      {"azure-pipelines.yml", "ci"},
      {"azure-pipelines.yaml", "ci"},
      {".azure-pipelines/**", "ci"},
      {".travis.yml", "ci"},
      {"bitbucket-pipelines.yml", "ci"},
      {".buildkite/**", "ci"},
      {".drone.yml", "ci"},
      {"appveyor.yml", "ci"},
      {".appveyor.yml", "ci"},
      {".woodpecker.yml", "ci"},
      {".woodpecker/**", "ci"},
      {"cloudbuild.yaml", "ci"},
      {"cloudbuild.yml", "ci"},
      {".ci/**", "ci"},
      // VCS hooks and repository configuration.
      {".git/hooks/**", "vcs"},
      {".git/config", "vcs"},
      {".git/info/**", "vcs"},  // info/attributes, info/exclude
      {".gitattributes", "vcs"},
      {".gitmodules", "vcs"},
      {".husky/**", "vcs"},
      {".githooks/**", "vcs"},
      {".pre-commit-config.yaml", "vcs"},
      {".pre-commit-hooks.yaml", "vcs"},
      {"lefthook.yml", "vcs"},
      {".lefthook.yml", "vcs"},
      {".hg/hgrc", "vcs"},
      // Build scripts.
      {"Makefile", "build"},
      {"makefile", "build"},
      {"GNUmakefile", "build"},
      {"*.mk", "build"},
      {"Makefile.am", "build"},
      {"Makefile.in", "build"},
      {"configure", "build"},
      {"configure.ac", "build"},
      {"CMakeLists.txt", "build"},
      {"*.cmake", "build"},
      {"CMakePresets.json", "build"},
      {"meson.build", "build"},
      {"meson_options.txt", "build"},
      {"meson.options", "build"},  // meson 1.1's name for meson_options.txt
      {"BUILD", "build"},
      {"BUILD.bazel", "build"},
      {"WORKSPACE", "build"},
      {"WORKSPACE.bazel", "build"},
      {"MODULE.bazel", "build"},
      {"*.bzl", "build"},
      {".bazelrc", "build"},
      {"build.gradle", "build"},
      {"build.gradle.kts", "build"},
      {"settings.gradle", "build"},
      {"settings.gradle.kts", "build"},
      {"gradlew", "build"},
      {"gradle/wrapper/**", "build"},
      {"gradle.properties", "build"},  // `org.gradle.jvmargs`, `org.gradle.java.home`
      {"pom.xml", "build"},
      // Maven's project folder: `jvm.config` joins MAVEN_OPTS, `maven.config` its options,
      // `extensions.xml` the core extensions it loads; the wrapper script.
      {".mvn/**", "build"},
      {"mvnw", "build"},
      {"mvnw.cmd", "build"},
      {"build.xml", "build"},
      {"build.sbt", "build"},
      {"setup.py", "build"},
      {"setup.cfg", "build"},
      {"build.rs", "build"},
      // rake's default names and the folder it imports; just finds `justfile` in any case and
      // `.justfile`; invoke's default collection and configuration; pytest loads conftest.py
      // and reads its ini's `addopts` (`-p PLUGIN`).
      {"Rakefile", "build"},
      {"rakefile", "build"},
      {"Rakefile.rb", "build"},
      {"rakefile.rb", "build"},
      {"rakelib/**", "build"},
      {"justfile", "build"},
      {"Justfile", "build"},
      {"JUSTFILE", "build"},
      {".justfile", "build"},
      {"tasks.py", "build"},
      {"invoke.yaml", "build"},
      {"invoke.yml", "build"},
      {"conftest.py", "build"},
      {"pytest.ini", "build"},
      {"bunfig.toml", "build"},  // `preload` scripts
      {"Taskfile.yml", "build"},
      {"Dockerfile", "build"},
      {"*.dockerfile", "build"},
      {"Containerfile", "build"},
      {"SConstruct", "build"},
      {"SConscript", "build"},
      {".envrc", "build"},  // run by direnv on `cd`
      // Run by the editor, a development container, mise, tox and nox, process managers and
      // container orchestration (VS Code's tasks may run on opening the folder).
      {".vscode/tasks.json", "build"},
      {".vscode/launch.json", "build"},
      {".vscode/settings.json", "build"},
      {".devcontainer/**", "build"},
      {".devcontainer.json", "build"},
      {"mise.toml", "build"},
      {".mise.toml", "build"},
      {"mise.local.toml", "build"},
      {".mise/**", "build"},
      {".config/mise.toml", "build"},
      {"tox.ini", "build"},
      {"tox.toml", "build"},
      {"noxfile.py", "build"},
      {"Procfile", "build"},
      {"docker-compose.yml", "build"},
      {"docker-compose.yaml", "build"},
      {"compose.yml", "build"},
      {"compose.yaml", "build"},
      {"Vagrantfile", "build"},
      {"Earthfile", "build"},
      {"Tiltfile", "build"},
      // Dependency manifests.
      {"package.json", "manifest"},
      {".npmrc", "manifest"},         // can redirect the registry
      {".pnpmfile.cjs", "manifest"},  // run by pnpm on every install
      {".tool-versions", "manifest"},
      {".yarnrc", "manifest"},
      {".yarnrc.yml", "manifest"},
      {"Cargo.toml", "manifest"},
      {".cargo/config.toml", "manifest"},
      {".cargo/config", "manifest"},
      {"go.mod", "manifest"},
      {"go.work", "manifest"},
      {"pyproject.toml", "manifest"},
      {"requirements*.txt", "manifest"},
      {"requirements/*.txt", "manifest"},
      {"constraints*.txt", "manifest"},
      {"Pipfile", "manifest"},
      {"environment.yml", "manifest"},
      {"Gemfile", "manifest"},
      {"*.gemspec", "manifest"},
      {"composer.json", "manifest"},
      {"mix.exs", "manifest"},
      {"pubspec.yaml", "manifest"},
      {"Package.swift", "manifest"},
      {"Podfile", "manifest"},
      {"*.csproj", "manifest"},
      {"*.fsproj", "manifest"},
      {"packages.config", "manifest"},
      {"Directory.Packages.props", "manifest"},
      {"Directory.Build.props", "manifest"},
      // MSBuild imports these on every build (targets run `Exec` tasks; the response file adds
      // switches such as `-logger:ASSEMBLY`).
      {"Directory.Build.targets", "build"},
      {"Directory.Build.rsp", "build"},
      {"deno.json", "manifest"},
      {"deno.jsonc", "manifest"},
      {"vcpkg.json", "manifest"},
      {"conanfile.txt", "manifest"},
      {"conanfile.py", "manifest"},
      {"flake.nix", "manifest"},
      // Lock files.
      {"package-lock.json", "lock"},
      {"npm-shrinkwrap.json", "lock"},
      {"yarn.lock", "lock"},
      {"pnpm-lock.yaml", "lock"},
      {"pnpm-workspace.yaml", "manifest"},
      {"bun.lockb", "lock"},
      {"bun.lock", "lock"},
      {"Cargo.lock", "lock"},
      {"go.sum", "lock"},
      {"go.work.sum", "lock"},
      {"poetry.lock", "lock"},
      {"Pipfile.lock", "lock"},
      {"uv.lock", "lock"},
      {"pdm.lock", "lock"},
      {"Gemfile.lock", "lock"},
      {"composer.lock", "lock"},
      {"mix.lock", "lock"},
      {"pubspec.lock", "lock"},
      {"Package.resolved", "lock"},
      {"Podfile.lock", "lock"},
      {"packages.lock.json", "lock"},
      {"flake.lock", "lock"},
      {"deno.lock", "lock"},
      {"gradle.lockfile", "lock"},
      {"conan.lock", "lock"},
      {"*.lock", "lock"},
      // The agent harnesses' own configuration and vigie's policies: what the agent may run
      // without asking, the hooks and MCP servers the harness starts, the commands it runs
      // (class `agent`; the home folder's in startup_globs).
      {".claude/settings.json", "agent"},
      {".claude/settings.local.json", "agent"},
      {".claude/commands/**", "agent"},
      {".claude/agents/**", "agent"},
      {".claude/hooks/**", "agent"},
      {".mcp.json", "agent"},
      {".gemini/settings.json", "agent"},
      {".gemini/commands/**", "agent"},
      {".codex/**", "agent"},
      {".cursor/mcp.json", "agent"},
      {".cursor/hooks.json", "agent"},
      {".cursor/environment.json", "agent"},
      {".vscode/mcp.json", "agent"},
      {"opencode.json", "agent"},
      {"opencode.jsonc", "agent"},
      {".opencode/**", "agent"},
      {".github/copilot/**", "agent"},
      {".windsurf/**", "agent"},
      {".roo/**", "agent"},
      {".vigie/**", "agent"},
      {"*.vigie", "agent"},
      // Binary files: a diff does not show what changes (seed 004: « les fichiers binaires et
      // les différences au-delà d'un seuil de taille »). Edits whose content is not text, and
      // edits larger than `large-edit`, join this class in engine/decide.cpp. Only with
      // `binary on`: building and cleaning produce binary files all day.
      {"*.png", "binary"},
      {"*.jpg", "binary"},
      {"*.jpeg", "binary"},
      {"*.gif", "binary"},
      {"*.bmp", "binary"},
      {"*.ico", "binary"},
      {"*.webp", "binary"},
      {"*.tiff", "binary"},
      {"*.psd", "binary"},
      {"*.pdf", "binary"},
      {"*.doc", "binary"},
      {"*.docx", "binary"},
      {"*.xls", "binary"},
      {"*.xlsx", "binary"},
      {"*.ppt", "binary"},
      {"*.pptx", "binary"},
      {"*.odt", "binary"},
      {"*.ods", "binary"},
      {"*.zip", "binary"},
      {"*.gz", "binary"},
      {"*.tgz", "binary"},
      {"*.bz2", "binary"},
      {"*.xz", "binary"},
      {"*.zst", "binary"},
      {"*.7z", "binary"},
      {"*.rar", "binary"},
      {"*.tar", "binary"},
      {"*.jar", "binary"},
      {"*.war", "binary"},
      {"*.whl", "binary"},
      {"*.deb", "binary"},
      {"*.rpm", "binary"},
      {"*.exe", "binary"},
      {"*.dll", "binary"},
      {"*.so", "binary"},
      {"*.dylib", "binary"},
      {"*.a", "binary"},
      {"*.o", "binary"},
      {"*.obj", "binary"},
      {"*.lib", "binary"},
      {"*.bin", "binary"},
      {"*.class", "binary"},
      {"*.pyc", "binary"},
      {"*.pyo", "binary"},
      {"*.wasm", "binary"},
      {"*.node", "binary"},
      {"*.sqlite", "binary"},
      {"*.sqlite3", "binary"},
      {"*.db", "binary"},
      {"*.mdb", "binary"},
      {"*.woff", "binary"},
      {"*.woff2", "binary"},
      {"*.ttf", "binary"},
      {"*.otf", "binary"},
      {"*.eot", "binary"},
      {"*.mp3", "binary"},
      {"*.mp4", "binary"},
      {"*.wav", "binary"},
      {"*.ogg", "binary"},
      {"*.webm", "binary"},
      {"*.mov", "binary"},
      {"*.avi", "binary"},
  };
  return *globs;
}

namespace {

const GlobSet& default_third_party_set() {
  // Built once; immutable afterwards. (Function-local statics are thread-safe natively; the
  // WASM build has no threads.)
  static const GlobSet* const set = [] {
    auto* s = new GlobSet();
    const auto& globs = default_third_party_globs();
    for (std::size_t i = 0; i < globs.size(); ++i) {
      s->add(globs[i].first, static_cast<std::uint32_t>(i));
    }
    s->compile();
    return s;
  }();
  return *set;
}

// Whether a relative path is already normal: no empty, `.` or `..` component, no slash at
// either end (what `relative_to` gives for a resolved path).
bool normal_relative(std::string_view p) {
  if (p.empty() || p.front() == '/' || p.back() == '/') return false;
  for (std::size_t b = 0; b <= p.size();) {
    std::size_t e = p.find('/', b);
    if (e == std::string_view::npos) e = p.size();
    std::string_view c = p.substr(b, e - b);
    if (c.empty() || c == "." || c == "..") return false;
    b = e + 1;
  }
  return true;
}

}  // namespace

std::optional<std::string> third_party_class(std::string_view path_relative_to_project,
                                             bool fold_case) {
  // Normalize: `./a//b/` -> `a/b`. `..` cannot leave the project here (clamped at the root).
  std::string normalized;
  std::string_view rel = path_relative_to_project;
  if (!normal_relative(rel)) {
    normalized = lexical_normalize(rel);
    if (normalized == "/") return std::nullopt;
    rel = std::string_view(normalized).substr(1);
  }
  bool failed = false;
  const GlobSet& set = default_third_party_set();
  auto hits = (fold_case ? set.case_folded() : set).match(rel, basename_of(rel), &failed);
  if (hits.empty()) return std::nullopt;
  return default_third_party_globs()[hits.front()].second;  // lowest index: first in the list
}

// ---------------------------------------------------------------------------------------------
// Files run at startup, outside the project
// ---------------------------------------------------------------------------------------------

const std::vector<std::pair<std::string, std::string>>& startup_globs() {
  // Relative to the home folder (`~/`) or to the root (`/`). Class `startup`: what every shell,
  // git, the package managers, debuggers and REPLs or the session run or load when they start,
  // and the folders of programs on PATH that a user may write (`/usr/local/bin` comes before
  // `/usr/bin`: a file there shadows a system program). Class `system`: the system's programs,
  // configuration, schedulers (cron, at), boot files, disks and kernel settings; root needs sudo,
  // but sudo is a wrapper a policy may allow. The first match decides (startup rows first).
  static const auto* const globs = new std::vector<std::pair<std::string, std::string>>{
      {"~/.bashrc", "startup"},
      {"~/.bash_profile", "startup"},
      {"~/.bash_login", "startup"},
      {"~/.bash_logout", "startup"},
      {"~/.profile", "startup"},
      {"~/.bash_aliases", "startup"},
      {"~/.zshrc", "startup"},
      {"~/.zshenv", "startup"},
      {"~/.zprofile", "startup"},
      {"~/.zlogin", "startup"},
      {"~/.zlogout", "startup"},
      {"~/.kshrc", "startup"},
      {"~/.mkshrc", "startup"},
      {"~/.config/fish/**", "startup"},
      {"~/.inputrc", "startup"},
      {"~/.pam_environment", "startup"},
      {"~/.xprofile", "startup"},
      {"~/.xinitrc", "startup"},
      {"~/.xsession", "startup"},
      {"~/.config/autostart/**", "startup"},
      {"~/.config/systemd/user/**", "startup"},
      {"~/.config/environment.d/**", "startup"},
      {"~/.gitconfig", "startup"},
      {"~/.config/git/**", "startup"},
      {"~/.ssh/config", "startup"},
      {"~/.ssh/rc", "startup"},
      {"~/.ssh/environment", "startup"},
      {"~/.ssh/authorized_keys", "startup"},
      {"~/.npmrc", "startup"},
      {"~/.yarnrc", "startup"},
      {"~/.yarnrc.yml", "startup"},
      {"~/.pypirc", "startup"},
      {"~/.config/pip/**", "startup"},
      {"~/.pip/**", "startup"},
      {"~/.cargo/config", "startup"},
      {"~/.cargo/config.toml", "startup"},
      {"~/.cargo/bin/**", "startup"},
      {"~/.local/bin/**", "startup"},
      {"~/bin/**", "startup"},
      {"~/.vimrc", "startup"},
      {"~/.vim/**", "startup"},
      {"~/.config/vim/**", "startup"},  // vim 9.1's XDG place of vimrc
      {"~/.gvimrc", "startup"},
      {"~/.config/nvim/**", "startup"},
      {"~/.emacs", "startup"},
      {"~/.emacs.d/**", "startup"},
      {"~/.curlrc", "startup"},
      {"~/.wgetrc", "startup"},
      {"~/.netrc", "startup"},
      {"~/.docker/config.json", "startup"},
      {"~/.kube/config", "startup"},
      {"~/.config/direnv/**", "startup"},
      {"~/.envrc", "startup"},
      {"/usr/local/bin/**", "startup"},
      {"/usr/local/sbin/**", "startup"},
      {"/etc/profile", "startup"},
      {"/etc/profile.d/**", "startup"},
      {"/etc/bash.bashrc", "startup"},
      {"/etc/environment", "startup"},
      {"/etc/ld.so.preload", "startup"},
      {"/etc/cron.d/**", "startup"},
      {"/etc/sudoers.d/**", "startup"},
      {"~/.bash_completion", "startup"},
      {"~/.local/share/bash-completion/**", "startup"},
      {"~/.tmux.conf", "startup"},
      {"~/.config/tmux/**", "startup"},
      {"~/.screenrc", "startup"},
      {"~/.gdbinit", "startup"},
      {"~/.config/gdb/**", "startup"},
      {"~/.lldbinit", "startup"},
      {"~/.psqlrc", "startup"},
      {"~/.sqliterc", "startup"},
      {"~/.irbrc", "startup"},
      {"~/.pryrc", "startup"},
      {"~/.gemrc", "startup"},
      {"~/.pdbrc", "startup"},
      {"~/.pythonrc", "startup"},
      {"~/.pythonrc.py", "startup"},
      {"~/.ipython/**", "startup"},
      {"~/.Rprofile", "startup"},
      {"~/.lesskey", "startup"},
      {"~/.config/lesskey", "startup"},
      // less's binary key file (lesskey's output; its `#env` can set LESSOPEN), Debian's
      // lesspipe runs an executable lessfilter, man-db's user file can `DEFINE pager`.
      {"~/.less", "startup"},
      {"~/.config/less", "startup"},
      {"~/.lessfilter", "startup"},
      {"~/.config/lessfilter", "startup"},
      {"~/.manpath", "startup"},
      {"~/.gnupg/gpg.conf", "startup"},
      {"~/.gnupg/gpg-agent.conf", "startup"},
      {"~/.gradle/init.d/**", "startup"},
      {"~/.gradle/init.gradle", "startup"},
      {"~/.m2/settings.xml", "startup"},
      // Sourced as shell by the mvn script; gradle's JVM options and Java home; the ant
      // launcher sources its two and loads the jars of ~/.ant/lib; bazel's rc (`--run_under`,
      // `--workspace_status_command`); rustup's env file that ~/.profile sources; perl's
      // debugger's rc (Perl code); the global justfile and rakelib (`just -g`, `rake -g`).
      {"~/.mavenrc", "startup"},
      {"~/.gradle/gradle.properties", "startup"},
      {"~/.antrc", "startup"},
      {"~/.ant/**", "startup"},
      {"~/.bazelrc", "startup"},
      {"~/.cargo/env", "startup"},
      {"~/.cargo/env.fish", "startup"},
      {"~/.perldb", "startup"},
      {"~/.rake/**", "startup"},
      {"~/.justfile", "startup"},
      {"~/.config/just/**", "startup"},
      {"~/.julia/config/**", "startup"},
      {"~/.latexmkrc", "startup"},
      {"~/.config/latexmk/**", "startup"},
      {"~/.ghci", "startup"},
      {"~/.hgrc", "startup"},
      {"~/.config/hg/**", "startup"},
      {"~/.pylintrc", "startup"},
      {"~/.local/lib/python*/site-packages/**", "startup"},
      {"~/.config/containers/**", "startup"},
      {"~/.config/gh/**", "startup"},
      {"~/.mailcap", "startup"},
      {"~/.exrc", "startup"},
      {"~/.nanorc", "startup"},
      {"~/.config/nano/**", "startup"},
      {"~/Library/LaunchAgents/**", "startup"},  // macOS: run at login
      {"~/.config/mise/**", "startup"},
      {"~/.tool-versions", "startup"},
      {"~/.condarc", "startup"},
      {"~/.aws/config", "startup"},  // `credential_process` runs a program
      {"~/.config/Code/User/settings.json", "startup"},
      {"~/.claude/**", "agent"},
      {"~/.claude.json", "agent"},
      {"~/.gemini/**", "agent"},
      {"~/.codex/**", "agent"},
      {"~/.cursor/**", "agent"},
      {"~/.config/opencode/**", "agent"},
      {"~/.copilot/**", "agent"},
      {"~/.config/github-copilot/**", "agent"},
      {"~/.config/vigie/**", "agent"},
      {"~/.vigie/**", "agent"},
      {"~/Library/Application Support/Code/User/settings.json", "startup"},
      {"/etc/**", "system"},
      {"/boot/**", "system"},
      {"/Library/LaunchAgents/**", "system"},
      {"/Library/LaunchDaemons/**", "system"},
      {"/var/spool/cron/**", "system"},
      {"/var/spool/at/**", "system"},
      {"/usr/bin/**", "system"},
      {"/usr/sbin/**", "system"},
      {"/bin/**", "system"},
      {"/sbin/**", "system"},
      {"/usr/lib/**", "system"},
      {"/usr/libexec/**", "system"},
      {"/lib/**", "system"},
      {"/lib64/**", "system"},
      {"/usr/share/bash-completion/**", "system"},
      {"/sys/**", "system"},
      {"/proc/sys/**", "system"},
      {"/proc/sysrq-trigger", "system"},
      {"/dev/sd*", "system"},
      {"/dev/hd*", "system"},
      {"/dev/vd*", "system"},
      {"/dev/xvd*", "system"},
      {"/dev/nvme*", "system"},
      {"/dev/mmcblk*", "system"},
      {"/dev/loop*", "system"},
      {"/dev/dm-*", "system"},
      {"/dev/md*", "system"},
      {"/dev/mapper/**", "system"},
      {"/dev/disk/**", "system"},
      {"/dev/mem", "system"},
      {"/dev/kmem", "system"},
      {"/dev/port", "system"},
      {"/dev/sg*", "system"},
      {"/dev/sr*", "system"},
      {"/dev/nbd*", "system"},
      {"/dev/zram*", "system"},
      {"/dev/ram*", "system"},
      {"/dev/root", "system"},
      {"/dev/mtd*", "system"},
      {"/dev/cpu/**", "system"}};
  return *globs;
}

namespace {

// Two sets, anchored: the home globs (relative to the home folder) and the root ones.
const GlobSet& startup_set(bool home) {
  static const GlobSet* const sets[2] = {[] {
                                           auto* s = new GlobSet();
                                           const auto& g = startup_globs();
                                           for (std::size_t i = 0; i < g.size(); ++i)
                                             if (g[i].first[0] == '/')
                                               s->add(g[i].first, static_cast<std::uint32_t>(i));
                                           s->compile();
                                           return s;
                                         }(),
                                         [] {
                                           auto* s = new GlobSet();
                                           const auto& g = startup_globs();
                                           for (std::size_t i = 0; i < g.size(); ++i)
                                             if (g[i].first[0] == '~')
                                               s->add(g[i].first.substr(1),
                                                      static_cast<std::uint32_t>(i));
                                           s->compile();
                                           return s;
                                         }()};
  return *sets[home ? 1 : 0];
}

}  // namespace

std::optional<std::string> startup_class(std::string_view path, std::string_view home,
                                         bool fold_case) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  bool failed = false;
  std::string_view base = basename_of(path);
  std::vector<std::uint32_t> hits;
  if (home.size() > 1 && path.size() > home.size() + 1 && path.substr(0, home.size()) == home &&
      path[home.size()] == '/')
    hits = (fold_case ? startup_set(true).case_folded() : startup_set(true))
               .match(path.substr(home.size() + 1), base, &failed);
  for (auto h : (fold_case ? startup_set(false).case_folded() : startup_set(false))
                    .match(path.substr(1), base, &failed))
    hits.push_back(h);
  if (failed) return std::string("startup");  // a glob that could not be matched: fail closed
  if (hits.empty()) return std::nullopt;
  return startup_globs()[*std::min_element(hits.begin(), hits.end())].second;
}

}  // namespace vigie::engine
