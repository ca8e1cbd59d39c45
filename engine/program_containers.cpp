// Handlers of container tools (named in engine/programs_table.cpp): docker, podman and nerdctl
// (`run`, `create`, `exec`, `container run|create|exec`, `compose run|exec`), docker-compose and
// podman-compose, kubectl. The command given after the image or the container (with
// `--entrypoint`, the entrypoint first) runs in the container: it is judged as a command, like
// ssh's remote command, so a bare allow of docker never covers it. Bind mounts (`-v HOST:CTR`,
// `--mount type=bind,source=HOST`, `--device`) are host paths the container reads and writes
// (read with `ro`/`readonly`). The options of each subcommand are declared in the programs table
// as `docker:run`, `docker:exec`, `docker:compose`, `docker:compose:run`... (pflag: no long
// prefixes, options stop at the first operand); an option the table does not know makes where
// the image is uncertain, so it is at least asked.
#include <algorithm>
#include <initializer_list>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

using program_words::lit;
using program_words::starts_with;

// A host path in a bind mount: absolute, `~`, or relative from a `.` (`.`, `./x`, `../x`, and
// `.env`, `.git`: docker's compose-spec loader takes any source starting with `.`, `/` or `~`
// for a file path, and the CLI makes a `.`-relative one absolute).
bool host_path(std::string_view s) {
  return !s.empty() && (s[0] == '/' || s[0] == '~' || s[0] == '.');
}

// The text of a mount option: static, or `~/…` (expanded by the shell: a path under home).
const std::string* mount_text(const WordView& v) {
  if (v.literal) return &*v.literal;
  if (v.has_tilde && !v.has_glob && !v.has_expansion && v.pattern) return &*v.pattern;
  return nullptr;
}

// A host path taken from a mount option.
WordView host_word(const WordView& v, const std::string& path) {
  WordView h = word_of(v, path);
  if (!path.empty() && path[0] == '~') {
    h.literal.reset();
    h.has_tilde = true;
  }
  return h;
}

// Host paths whose bind mount hands the host to the container: the root, the container
// engines' sockets (a container that drives the engine starts privileged ones), system
// configuration, the kernel's and the devices' file systems. A mount of one of them or of a
// path under it is asked (the path rules judge it too).
constexpr std::string_view kHostMounts[] = {
    "/",
    "/etc",
    "/root",
    "/boot",
    "/proc",
    "/sys",
    "/dev",
    "/run",
    "/var/run",
    "/var/lib/docker",
    "/var/lib/containers",
    "/var/lib/kubelet",
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
};
// Socket names of container engines, wherever they are mounted from (`~/.docker/run/…`).
constexpr std::string_view kEngineSockets[] = {"docker.sock", "podman.sock", "containerd.sock",
                                               "crio.sock"};

// Options that give the container the host's namespaces, capabilities or devices
// (`--pid=host`, `--cap-add ALL`, `--security-opt seccomp=unconfined`): asked. `value` is what
// the option's value must contain ("" any value).
struct Escalating {
  std::string_view option;  // its name as option_name() gives it
  std::string_view value;   // a value that escalates: "" any, else a word of the value
  std::string_view why;
};
constexpr Escalating kEscalating[] = {
    {"--cap-add", "", "adds capabilities to the container"},
    {"--device", "", "gives the container a host device"},
    {"--device-cgroup-rule", "", "lets the container use host devices"},
    {"--pid", "host", "shares the host's processes"},
    {"--network", "host", "shares the host's network"},
    {"--ipc", "host", "shares the host's IPC"},
    {"--uts", "host", "shares the host's hostname"},
    {"--userns", "host", "shares the host's users"},
    {"--cgroupns", "host", "shares the host's cgroups"},
    {"--pid", "ns:", "joins a namespace of the host"},  // podman: `ns:/proc/1/ns/pid`
    {"--network", "ns:", "joins a namespace of the host"},
    {"--ipc", "ns:", "joins a namespace of the host"},
    {"--uts", "ns:", "joins a namespace of the host"},
    {"--userns", "ns:", "joins a namespace of the host"},
    {"--cgroupns", "ns:", "joins a namespace of the host"},
    {"--security-opt", "unconfined", "lifts a confinement"},
    {"--security-opt", "disable", "lifts a confinement"},
    {"--security-opt", "spc_t", "lifts a confinement"},
    {"--security-opt", "no-new-privileges=false", "lifts a confinement"},
    {"--security-opt", "no-new-privileges:false", "lifts a confinement"},
    {"--volumes-from", "", "mounts another container's volumes"},
    {"--sysctl", "", "changes kernel settings"},
};

// Whether a host path of a bind mount hands the host to the container.
bool host_mount(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  for (std::size_t d; (d = s.find("//")) != std::string::npos;) s.erase(d, 1);
  for (std::string_view sock : kEngineSockets)
    if (s.size() >= sock.size() && s.substr(s.size() - sock.size()) == sock) return true;
  for (std::string_view m : kHostMounts)
    if (s == m || (m != "/" && starts_with(s, m) && s[m.size()] == '/')) return true;
  return false;
}

// The host path of a bind mount: read or written, asked when it hands the host over.
void bind_mount(const WordView& v, const std::string& src, bool ro, const std::string& entry,
                ProgramEffects& out) {
  if (host_mount(src)) out.escalations.push_back(entry + " " + src + ": mounts the host's " + src);
  // The container reaches every file below the folder: a rule below it is met (a read-only
  // mount: the read rules, asked; a writable one: at most asked, as the line does not show
  // which files the container changes).
  FileEffect f{ro ? Touch::read : Touch::write, host_word(v, src), From::option, entry};
  f.recursive = true;
  if (!ro) f.below = "**";
  out.files.push_back(std::move(f));
}

// `-v SRC:DST[:OPTS]`, `--volume=SRC:DST`: a bind mount when SRC is a host path.
void volume(const WordView& v, const std::string& entry, ProgramEffects& out) {
  const std::string* text = mount_text(v);
  if (!text) {
    out.escalations.push_back(entry + " with a mount that is not static");
    return;
  }
  std::string s = *text;
  if (!s.empty() && s[0] == '=') s.erase(0, 1);  // pflag's `-v=SPEC`
  auto colon = s.find(':');
  if (colon == std::string::npos) return;  // an anonymous volume: no host path
  std::string src = s.substr(0, colon);
  if (!host_path(src)) return;  // a named volume
  std::string rest = s.substr(colon + 1);
  auto opts_at = rest.find(':');
  bool ro = false;
  if (opts_at != std::string::npos) {
    std::string_view opts = std::string_view(rest).substr(opts_at + 1);
    while (!opts.empty()) {
      auto comma = opts.find(',');
      std::string_view o = opts.substr(0, comma);
      if (o == "ro" || o == "readonly") ro = true;
      opts = comma == std::string_view::npos ? std::string_view() : opts.substr(comma + 1);
    }
  }
  bind_mount(v, src, ro, entry, out);
}

// `--mount type=bind,source=HOST,target=CTR[,readonly]`.
void mount(const WordView& v, const std::string& entry, ProgramEffects& out) {
  const std::string* text = mount_text(v);
  if (!text) {
    out.escalations.push_back(entry + " with a mount that is not static");
    return;
  }
  std::string_view s = *text;
  std::string type = "volume", src;
  bool ro = false;
  while (!s.empty()) {
    auto comma = s.find(',');
    std::string_view kv = s.substr(0, comma);
    auto eq = kv.find('=');
    std::string_view k = kv.substr(0, eq);
    std::string_view val = eq == std::string_view::npos ? std::string_view() : kv.substr(eq + 1);
    if (k == "type") type = std::string(val);
    if (k == "source" || k == "src") src = std::string(val);
    if ((k == "readonly" || k == "ro") && val != "false" && val != "0") ro = true;
    s = comma == std::string_view::npos ? std::string_view() : s.substr(comma + 1);
  }
  if (type != "bind" || src.empty()) return;
  bind_mount(v, src, ro, entry, out);
}

// The options of the entry `entry_name` at words[from…], then what runs: the words after the
// first operand (the image, the container, the service), after the entrypoint if one is given.
void run_in_container(std::string_view entry_name, const Words& w, std::size_t from,
                      bool has_command, ProgramEffects& out) {
  const ProgramDecl* d = find_program(entry_name);
  if (!d) return;
  std::string entry(entry_name);
  std::replace(entry.begin(), entry.end(), ':', ' ');
  ParsedArgs args = parse_args_eq(*d, w, from, true);
  OperandState st;
  apply_options(entry, args, out, st);
  if (!args.unknown.empty() || args.dynamic_option) {
    out.escalations.push_back(entry + " with an option the table does not know");
    return;
  }
  std::optional<WordView> entrypoint;
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    std::string name = option_name(*o.decl);
    // `--privileged` (`=true`): the container has the host's devices and capabilities.
    if (name == "--privileged" && !(o.value && o.value->literal &&
                                    (*o.value->literal == "false" || *o.value->literal == "0")))
      out.escalations.push_back(entry + " --privileged: the container can act on the host");
    for (const Escalating& e : kEscalating) {
      if (name != e.option) continue;
      const std::string* v = o.value && o.value->literal ? &*o.value->literal : nullptr;
      if (!o.value || e.value.empty() || !v || v->find(e.value) != std::string::npos)
        out.escalations.push_back(entry + " " + name + (v ? " " + *v : std::string()) + ": " +
                                  std::string(e.why));
    }
    if (!o.value) continue;
    if (name == "--volume") volume(*o.value, entry + " --volume", out);
    if (name == "--mount") mount(*o.value, entry + " --mount", out);
    if (name == "--device") {
      std::string dev = o.value->literal ? o.value->literal->substr(0, o.value->literal->find(':'))
                                         : std::string();
      if (!dev.empty())
        out.files.push_back(
            {Touch::write, word_of(*o.value, dev), From::option, entry + " --device"});
    }
    if (name == "--entrypoint") entrypoint = *o.value;
  }
  if (!has_command) return;
  std::size_t at = args.stopped_at;  // the image, the container or the service
  std::vector<WordView> argv;
  if (entrypoint) {
    if (!entrypoint->literal) {
      out.escalations.push_back(entry + " --entrypoint that is not static");
    } else if (!entrypoint->literal->empty()) {
      argv.push_back(*entrypoint);
    }
  }
  for (std::size_t k = at + 1; k < w.size(); ++k) argv.push_back(w[k]);
  if (!argv.empty()) out.argvs.push_back(std::move(argv));
}

// The value of `key=` in a comma-separated spec (`type=local,dest=out`), or "".
std::string spec_value(std::string_view spec, std::initializer_list<std::string_view> keys) {
  while (!spec.empty()) {
    auto comma = spec.find(',');
    std::string_view kv = spec.substr(0, comma);
    auto eq = kv.find('=');
    for (std::string_view k : keys)
      if (eq != std::string_view::npos && kv.substr(0, eq) == k)
        return std::string(kv.substr(eq + 1));
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
  }
  return {};
}

// `build`, `buildx build`, `image build`, `builder build` from words[from…]: the Dockerfile's
// steps run in a build container (the project's own code, like a Makefile: a bare allow covers
// them); the context and `-f` are read, `--iidfile`, `--metadata-file` and `-o` outputs
// written, `--secret`/`--ssh` sources and `--build-context` folders read; the host's network
// (`--network host`), an entitlement (`--allow`), a confinement lifted (`--security-opt`),
// capabilities and podman's bind mounts (`-v`) hand the host to the steps: asked.
void build_image(const Words& w, std::size_t from, ProgramEffects& out) {
  const ProgramDecl* d = find_program("docker:build");
  if (!d) return;
  ParsedArgs args = parse_args_eq(*d, w, from);
  OperandState st;
  apply_options("docker build", args, out, st);
  apply_operands("docker build", d->operands, w, args.operands, st, out);
  if (!args.unknown.empty() || args.dynamic_option)
    out.escalations.push_back("docker build with an option the table does not know");
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    const std::string name = option_name(*o.decl);
    const std::string entry = "docker build " + name;
    if (name == "--volume") {
      volume(*o.value, entry, out);
      continue;
    }
    const std::string* v = o.value->literal ? &*o.value->literal : nullptr;
    if (name == "--allow" || name == "--security-opt" || name == "--cap-add" ||
        (name == "--network" && (!v || *v == "host" || starts_with(*v, "ns:")))) {
      out.escalations.push_back(entry + (v ? " " + *v : std::string()) +
                                ": hands the host to the build steps");
      continue;
    }
    if (name != "--output" && name != "--secret" && name != "--ssh" && name != "--build-context")
      continue;
    if (!v) {
      out.escalations.push_back(entry + " that is not static");
      continue;
    }
    std::string path;
    if (name == "--output")  // `-o DIR`, `-o type=local,dest=DIR`
      path = v->find('=') == std::string::npos ? *v : spec_value(*v, {"dest"});
    else if (name == "--secret")  // `id=x,src=FILE`
      path = spec_value(*v, {"src", "source"});
    else  // `--ssh default=FILE`, `--build-context name=DIR`
      path = v->find('=') == std::string::npos ? std::string() : v->substr(v->find('=') + 1);
    if (path.empty() || path == "-" || path.find("://") != std::string::npos) continue;
    out.files.push_back({name == "--output" ? Touch::write : Touch::read, word_of(*o.value, path),
                         From::option, entry});
  }
}

// `cp SRC DEST` from words[from…] (docker cp, docker compose cp): a container's path
// (`NAME:PATH`) is not a local one.
void container_copy(const std::string& entry, const Words& w, std::size_t from,
                    ProgramEffects& out) {
  const ProgramDecl* cp = find_program("docker:cp");
  if (!cp) return;
  ParsedArgs a = parse_args_eq(*cp, w, from);
  OperandState st;
  apply_options(entry, a, out, st);
  apply_operands(entry, cp->operands, w, a.operands, st, out);
}

// The project's `.env` that compose reads to fill its files' `${VAR}` (any subcommand that loads
// the project; `config` prints the values): the folder's of `--project-directory`, else the
// first `-f` file's, else the line's. `--env-file FILE` reads FILE instead (an option judged as
// such).
void compose_env_file(const ParsedArgs& args, const shell::WordView& at, std::string_view sub,
                      ProgramEffects& out) {
  if (sub == "version" || sub == "ls" || sub == "help") return;
  std::optional<shell::WordView> dir, file;
  for (const ParsedOption& o : args.options) {
    if (!o.decl || !o.value || o.decl->longs.empty()) continue;
    const std::string& name = o.decl->longs.front();
    if (name == "env-file") return;
    if (name == "project-directory" && !dir) dir = *o.value;
    if (name == "file" && !file) file = *o.value;
  }
  std::string folder;
  const shell::WordView* from = dir ? &*dir : file ? &*file : nullptr;
  if (from && !from->literal) {  // a folder the line does not show: the line's is asked too
    out.escalations.push_back(
        "docker compose: reads the `.env` of a folder the line does not show");
    return;
  }
  if (dir) folder = *dir->literal;
  if (!dir && file && file->literal->find('/') != std::string::npos)
    folder = file->literal->substr(0, file->literal->rfind('/'));
  if (!folder.empty() && !folder.ends_with('/')) folder += '/';
  out.files.push_back({Touch::read, word_of(from ? *from : at, folder + ".env"), From::option,
                       "docker compose (the project's .env)"});
}

// `compose [globals] run|exec|… …` from words[from…]; `prog` is "docker" (the entries of compose
// are shared by docker-compose and podman-compose).
void compose(const Words& w, std::size_t from, ProgramEffects& out) {
  const ProgramDecl* g = find_program("docker:compose");
  if (!g) return;
  ParsedArgs args = parse_args_eq(*g, w, from, true);
  OperandState st;
  apply_options("docker compose", args, out, st);
  if (!args.unknown.empty() || args.dynamic_option) {
    out.escalations.push_back("docker compose with an option the table does not know");
    return;
  }
  std::size_t at = args.stopped_at;
  const std::string* sub = lit(w, at);
  if (at >= w.size()) return;
  if (!sub) {
    out.escalations.push_back("docker compose with a subcommand that is not static");
    return;
  }
  compose_env_file(args, w[at], *sub, out);
  if (*sub == "run" || *sub == "exec")
    run_in_container("docker:compose:" + *sub, w, at + 1, true, out);
  else if (*sub == "cp")
    container_copy("docker compose cp", w, at + 1, out);
}

// The subcommands of docker, podman and nerdctl: any other is a CLI plugin (`docker-NAME`,
// code the line does not show): asked.
constexpr std::string_view kContainerCommands[] = {
    "attach",   "build",       "builder",  "buildx",  "checkpoint", "commit",      "compose",
    "config",   "container",   "context",  "cp",      "create",     "diff",        "events",
    "exec",     "export",      "history",  "image",   "images",     "import",      "info",
    "init",     "inspect",     "kill",     "load",    "login",      "logout",      "logs",
    "manifest", "network",     "node",     "pause",   "plugin",     "port",        "ps",
    "pull",     "push",        "rename",   "restart", "rm",         "rmi",         "run",
    "save",     "search",      "secret",   "service", "stack",      "start",       "stats",
    "stop",     "swarm",       "system",   "tag",     "top",        "trust",       "unpause",
    "update",   "version",     "volume",   "wait",    "help",       "auto-update", "farm",
    "generate", "healthcheck", "kube",     "machine", "mount",      "play",        "pod",
    "restore",  "unmount",     "umount",   "unshare", "untag",      "varlink",     "artifact",
    "quadlet",  "namespace",   "apparmor", "ipfs",    "completion"};

// `docker SUB [SUB2] …` with an entry `docker:SUB[:SUB2]` (engine/programs_table_cloud.cpp):
// load, save, export, import, secret/config create, stack deploy, context import/export, buildx
// bake, podman kube play; `plugin install|create|enable|upgrade` and `podman unshare CMD` (the
// command, judged) run code.
void container_files(std::string_view name, const std::string& s, const Words& w, std::size_t at,
                     ProgramEffects& out) {
  if (std::find(std::begin(kContainerCommands), std::end(kContainerCommands), s) ==
      std::end(kContainerCommands)) {
    out.escalations.push_back(std::string(name) + " " + s + " (a CLI plugin it runs)");
    return;
  }
  const std::string* next = lit(w, at + 1);
  if (s == "plugin" && next &&
      (*next == "install" || *next == "create" || *next == "enable" || *next == "upgrade"))
    out.escalations.push_back(std::string(name) + " plugin " + *next + " (runs a plugin)");
  if (s == "unshare" && at + 1 < w.size()) {
    std::size_t c = at + 1;
    while (c < w.size() && lit(w, c) && !lit(w, c)->empty() && (*lit(w, c))[0] == '-') ++c;
    if (c < w.size()) out.argvs.emplace_back(w.begin() + static_cast<long>(c), w.end());
    return;
  }
  std::string entry = "docker:" + s;
  const ProgramDecl* d = nullptr;
  if (next) d = find_program(entry + ":" + *next);
  if (d) {
    entry += ":" + *next;
    ++at;
  } else {
    d = find_program(entry);
  }
  if (!d || d->handler == "container") return;
  apply_parsed(*d, entry, w, parse_args_eq(*d, w, at + 1), out);
}

}  // namespace

void container_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                       ProgramEffects& out) {
  if (p.handler == "compose") {
    compose(w, 1, out);
    return;
  }
  ParsedArgs args = parse_args_eq(p, w, 1, true);
  OperandState st;
  apply_options(name, args, out, st);
  std::size_t at = args.stopped_at;
  if (at >= w.size()) return;
  if (!args.unknown.empty() || args.dynamic_option) {
    out.escalations.push_back(std::string(name) + " with an option the table does not know");
    return;
  }
  const std::string* sub = lit(w, at);
  if (!sub) {
    out.escalations.push_back(std::string(name) + " with a subcommand that is not static");
    return;
  }
  std::string s = *sub;
  if (s == "container" || s == "compose") {
    if (s == "compose") {
      compose(w, at + 1, out);
      return;
    }
    ++at;
    if (!lit(w, at)) {
      if (at < w.size())
        out.escalations.push_back(std::string(name) +
                                  " container with a "
                                  "subcommand that is not "
                                  "static");
      return;
    }
    s = *lit(w, at);
    // `container ls`, `container remove`: the top-level command of the same job.
    if (const std::string_view top = container_top_level(s); !top.empty())
      s = top;
    else if (s == "prune")
      return;
  }
  if ((s == "buildx" || s == "image" || s == "builder") && lit(w, at + 1) &&
      *lit(w, at + 1) == "build") {
    s = "build";
    ++at;
  }
  if (s == "build")
    build_image(w, at + 1, out);
  else if (s == "run" || s == "create")
    run_in_container("docker:run", w, at + 1, true, out);
  else if (s == "exec")
    run_in_container("docker:exec", w, at + 1, true, out);
  else if (s == "cp")
    container_copy("docker cp", w, at + 1, out);
  else {
    container_files(name, s, w, at, out);
  }
}

std::size_t container_image_word(std::string_view name, const Words& w) {
  const ProgramDecl* g = find_program(name);
  const ProgramDecl* r = find_program("docker:run");
  if (!g || !r || g->handler != "container") return static_cast<std::size_t>(-1);
  ParsedArgs a = parse_args_eq(*g, w, 1, true);
  std::size_t at = a.stopped_at;
  const std::string* s = lit(w, at);
  if (s && *s == "container") s = lit(w, ++at);
  if (!s || (*s != "run" && *s != "create") || !a.unknown.empty() || a.dynamic_option)
    return static_cast<std::size_t>(-1);
  ParsedArgs ra = parse_args_eq(*r, w, at + 1, true);
  // Not known (asked by the handler), no image (refused), or a command given (judged).
  if (!ra.unknown.empty() || ra.dynamic_option || ra.stopped_at + 1 != w.size())
    return static_cast<std::size_t>(-1);
  for (const auto& o : ra.options)
    if (o.decl && option_name(*o.decl) == "--entrypoint" &&
        !(o.value && o.value->literal && o.value->literal->empty()))
      return static_cast<std::size_t>(-1);  // the entrypoint is judged as the command
  return at + 1;
}

// kubectl's commands: any other is a plugin (`kubectl-NAME` on the PATH, code the line does not
// show): asked.
constexpr std::string_view kKubectlCommands[] = {
    "create",       "expose",  "run",           "set",          "explain",      "get",
    "edit",         "delete",  "rollout",       "scale",        "autoscale",    "certificate",
    "cluster-info", "top",     "cordon",        "uncordon",     "drain",        "taint",
    "describe",     "logs",    "attach",        "exec",         "port-forward", "proxy",
    "cp",           "auth",    "debug",         "events",       "diff",         "apply",
    "patch",        "replace", "wait",          "kustomize",    "label",        "annotate",
    "completion",   "alpha",   "api-resources", "api-versions", "config",       "plugin",
    "version",      "options", "help"};

// kubectl: everything after `--` runs in a container (`exec`, `run`, `debug`, `create job`…);
// `kubectl exec POD CMD` without `--` (the old form) is at least asked; `kubectl cp`'s local
// side is a path read or written.
void kubectl_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  std::size_t dash = w.size();
  for (std::size_t i = 1; i < w.size(); ++i)
    if (w[i].literal && *w[i].literal == "--") {
      dash = i;
      break;
    }
  // The files its options name (`-f`, `-k`, `--from-file=[KEY=]PATH`, `--kubeconfig`…), in the
  // words before `--`: the entry `kubectl:options` (engine/programs_table_cloud.cpp).
  const ProgramDecl* d = find_program("kubectl:options");
  if (d) {
    const Words own(w.begin(), w.begin() + static_cast<long>(dash));
    ParsedArgs a = parse_args_eq(*d, own, 1);
    OperandState st;
    apply_options("kubectl", a, out, st);
    if (!a.operands.empty() && lit(own, a.operands[0])) {
      const std::string& sub = *lit(own, a.operands[0]);
      if (std::find(std::begin(kKubectlCommands), std::end(kKubectlCommands), sub) ==
          std::end(kKubectlCommands))
        out.escalations.push_back("kubectl " + sub + " (a plugin kubectl runs)");
      if (sub == "plugin" && a.operands.size() > 1) out.escalations.push_back("kubectl plugin");
      kubectl_kind_spellings(own, a.operands, out);
      if (sub == "kustomize") {
        apply_operands("kubectl kustomize", "r", own, {a.operands.begin() + 1, a.operands.end()},
                       st, out);
        // `kubectl kustomize DIR -o FILE|DIR`: the output is written, not a format.
        for (const auto& o : a.options)
          if (o.decl && !o.decl->shorts.empty() && o.decl->shorts[0] == 'o' && o.value)
            add_word_file(out, Touch::write, *o.value, From::option, "kubectl kustomize -o");
      }
    }
  }
  if (dash + 1 < w.size()) {
    out.argvs.emplace_back(w.begin() + static_cast<long>(dash) + 1, w.end());
    return;
  }
  // The subcommand: the first word that is not an option (the options that take a value in
  // the next word are those `kubectl:options` declares with one).
  std::vector<std::size_t> operands;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && s->size() > 1 && (*s)[0] == '-') {
      if (d && option_next_word(*d, *s) == NextWord::taken) ++i;
      continue;
    }
    operands.push_back(i);
  }
  if (operands.size() >= 3 && lit(w, operands[0]) && *lit(w, operands[0]) == "exec")
    out.escalations.push_back("kubectl exec with a command not after `--`");
  // `kubectl cp SRC DST`: the local side is read (a folder with everything below it) or
  // written (`pod:/path` is not local).
  if (operands.size() == 3 && lit(w, operands[0]) && *lit(w, operands[0]) == "cp") {
    OperandState st;
    apply_operands("kubectl cp", "*R$w", w, {operands[1], operands[2]}, st, out);
  }
  if (!operands.empty() && !lit(w, operands[0]))
    out.escalations.push_back("kubectl with a subcommand that is not static");
}

}  // namespace vigie::engine
