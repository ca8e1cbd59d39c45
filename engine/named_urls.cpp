// The hosts a command contacts that its words name, beyond the fetchers with handlers of their
// own (curl, wget, httpie, aria2c: engine/program_curl.cpp): each is a fetch the policy's fetch
// rules judge (engine/judge_names.cpp, `command_fetch_parts`: a deny or an ask of the host makes
// the command as strict; an allow adds nothing), and the metadata check meets it.
//   - URLs with a network scheme (`https://…`, `git+ssh://…`, `ftp://…`), anywhere in a static
//     word (`--index-url=https://…`, `git+https://…`, a string of inline code): in the words of
//     a program the programs table does not declare (it may fetch any URL it is given), of an
//     interpreter (its inline code), and of the declared programs of `kNetworkPrograms` (package
//     managers, version control, container and cluster clients) — not of programs whose words
//     are data (`echo https://…`, `git commit -m 'see https://…'`);
//   - the host operands of network clients (`kNetworkPrograms`: `ssh [user@]HOST`, `nc HOST PORT`,
//     `ping HOST`, `dig @SERVER NAME`, `scp FILE HOST:PATH`, `git clone git@HOST:x`).
// A word that is not static names no host the line shows: nothing is added (curl and wget, whose
// purpose is the fetch, ask for those).
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include "engine/named_hosts.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"
#include "engine/ssh_config.hpp"
#include "engine/url_hosts.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using named_hosts::host_operand;
using named_hosts::urls_in;
using named_hosts::word_text;

namespace {

// Network schemes (lower case; `git+https` is read as `https`).
constexpr std::string_view kSchemes[] = {
    "http",    "https", "ftp",    "ftps",    "ws",     "wss",      "git",        "ssh",   "sftp",
    "scp",     "rsync", "svn",    "hg",      "smb",    "nfs",      "ldap",       "ldaps", "gopher",
    "telnet",  "oci",   "docker", "grpc",    "grpcs",  "postgres", "postgresql", "mysql", "mariadb",
    "mongodb", "redis", "rediss", "amqp",    "amqps",  "mqtt",     "imap",       "imaps", "smtp",
    "smtps",   "socks", "socks4", "socks4a", "socks5", "socks5h",  "tcp",        "udp",   "tls"};

// Variables naming the proxy every connection of the command goes through (any case):
// `HTTPS_PROXY=http://HOST:PORT CMD`, `http_proxy=HOST:PORT CMD`; and the daemon a container
// client talks to (`DOCKER_HOST=tcp://HOST:2375 docker ps`, podman's `CONTAINER_HOST`).
constexpr std::string_view kProxyVariables[] = {"ALL_PROXY",        "FTP_PROXY",
                                                "HTTPS_PROXY",      "HTTP_PROXY",
                                                "RSYNC_PROXY",      "SOCKS_PROXY",
                                                "WSS_PROXY",        "WS_PROXY",
                                                "NPM_CONFIG_PROXY", "NPM_CONFIG_HTTPS_PROXY",
                                                "YARN_HTTP_PROXY",  "YARN_HTTPS_PROXY",
                                                "PIP_PROXY",        "DOCKER_HOST",
                                                "CONTAINER_HOST"};

// The network programs, one entry per name, sorted by name (checked at compile time): `urls`,
// whether the URLs of their words are fetched (a declared program's words are data otherwise)
// and for which subcommands (empty: any line; git's transfers); `hosts`, which operands are hosts:
// 'f' the first (`ssh HOST CMD`, `nc HOST PORT`), 'a' every one (`nslookup NAME SERVER`, `dig
// @SERVER NAME`), 'l' the last (`ping -c 3 HOST`), 'r' those written `[user@]HOST:PATH` (`scp`,
// `rsync`), 'o' the values of `-connect` and `-proxy` (`openssl s_client`), 'g' the module paths
// of `go get|install|mod download` (`evil.com/x@v1`: the first element names a host when it
// holds a dot), 'i' the image of `docker|podman pull|push|run|create` (`evil.com/x:1`: the
// registry, when the first element holds a dot or a port or is `localhost`), 'h' the values of
// `-h`/`--host` (the database clients: `psql -h HOST`, `mysql -hHOST`), 'R' every operand that
// is an image reference with a registry (`crane pull evil.com/x`, `trivy image evil.com/x:1`),
// 0 none. ssh's jump hosts and `-o HostName=`
// (`-J`, `-o ProxyJump=`, any spelling OpenSSH reads) are contacted too.
struct NetworkProgram {
  std::string_view name;
  NetworkUse use;
};
constexpr std::string_view kGitTransfers =
    "clone fetch pull push ls-remote remote submodule archive fetch-pack send-pack config "
    "request-pull";
constexpr NetworkProgram kNetworkPrograms[] = {
    {"autossh", {false, "", 'f'}},
    {"aws", {true, "", 0}},
    {"brew", {true, "", 0}},
    {"buildah", {true, "", 0}},
    {"bun", {true, "", 0, 'r'}},
    {"bundle", {true, "", 0}},
    {"bunx", {true, "", 0, 'r'}},
    {"cargo", {true, "", 0}},
    {"clickhouse-client", {true, "", 'h'}},
    {"composer", {true, "", 0}},
    {"conda", {true, "", 0}},
    {"corepack", {true, "", 0}},
    {"cosign", {false, "", 'R'}},
    {"crane", {false, "", 'R'}},
    {"deno", {true, "", 0}},
    {"dig", {false, "", 'a'}},
    {"docker", {true, "", 'i'}},
    {"drill", {false, "", 'a'}},
    {"ftp", {false, "", 'f'}},
    {"gem", {true, "", 0}},
    {"gh", {false, "", 0, 'g'}},
    {"gio", {true, "", 0}},
    {"git", {true, kGitTransfers, 0}},
    {"go", {true, "", 'g'}},
    {"gradle", {true, "", 0}},
    {"grpcurl", {false, "", 'f'}},
    {"hatch", {true, "", 0}},
    {"helm", {true, "", 0}},
    {"hg", {true, "", 0}},
    {"host", {false, "", 'a'}},
    {"http", {false, "", 0, 'h'}},
    {"https", {false, "", 0, 'h'}},
    {"kubectl", {true, "", 0}},
    {"lftp", {true, "", 'f'}},
    {"mamba", {true, "", 0}},
    {"mariadb", {true, "", 'h'}},
    {"mariadb-dump", {true, "", 'h'}},
    {"micromamba", {true, "", 0}},
    {"mongo", {true, "", 'h'}},
    {"mongodump", {true, "", 'h'}},
    {"mongorestore", {true, "", 'h'}},
    {"mongosh", {true, "", 'h'}},
    {"mosh", {false, "", 'f'}},
    {"mosquitto_pub", {false, "", 'h'}},
    {"mosquitto_sub", {false, "", 'h'}},
    {"mount", {false, "", 'r'}},
    {"mtr", {false, "", 'l'}},
    {"mvn", {true, "", 0}},
    {"mysql", {true, "", 'h'}},
    {"mysqldump", {true, "", 'h'}},
    {"nc", {false, "", 'f', 'n'}},
    {"ncat", {false, "", 'f', 'n'}},
    {"nerdctl", {true, "", 'i'}},
    {"netcat", {false, "", 'f', 'n'}},
    {"nmap", {false, "", 'a'}},
    {"npm", {true, "", 0, 'r'}},
    {"npx", {true, "", 0, 'r'}},
    {"nslookup", {false, "", 'a'}},
    {"openssl", {false, "", 'o', 'o'}},
    {"oras", {false, "", 'R'}},
    {"pdm", {true, "", 0}},
    {"pg_dump", {true, "", 'h'}},
    {"pg_dumpall", {true, "", 'h'}},
    {"pg_restore", {true, "", 'h'}},
    {"ping", {false, "", 'l'}},
    {"ping6", {false, "", 'l'}},
    {"pip", {true, "", 0, 'p'}},
    {"pip3", {true, "", 0, 'p'}},
    {"pipenv", {true, "", 0}},
    {"pipx", {true, "", 0}},
    {"pnpm", {true, "", 0, 'r'}},
    {"pnpx", {true, "", 0, 'r'}},
    {"podman", {true, "", 'i'}},
    {"poetry", {true, "", 0}},
    {"psql", {true, "", 'h'}},
    {"rclone", {true, "", 0}},
    {"rcp", {false, "", 'r'}},
    {"redis-cli", {true, "", 'h'}},
    {"regctl", {false, "", 'R'}},
    {"rsync", {true, "", 'r'}},
    {"rye", {true, "", 0}},
    {"scp", {true, "", 'r'}},
    {"sensible-browser", {true, "", 0}},
    {"sftp", {true, "", 'f'}},
    {"skopeo", {true, "", 0}},
    {"ssh", {true, "", 'f'}},
    {"ssh-copy-id", {true, "", 'f'}},
    {"sshfs", {true, "", 'r'}},
    {"svn", {true, "", 0}},
    {"telnet", {false, "", 'f'}},
    {"terraform", {true, "init get", 0}},
    {"tofu", {true, "init get", 0}},
    {"tracepath", {false, "", 'l'}},
    {"traceroute", {false, "", 'l'}},
    {"traceroute6", {false, "", 'l'}},
    {"trivy", {false, "", 'R'}},
    {"uv", {true, "", 0}},
    {"uvx", {true, "", 0}},
    {"valkey-cli", {true, "", 'h'}},
    {"whois", {false, "", 'h'}},
    {"xdg-open", {true, "", 0}},
    {"xh", {false, "", 0, 'h'}},
    {"xhs", {false, "", 0, 'h'}},
    {"yarn", {true, "", 0, 'r'}},
    {"youtube-dl", {true, "", 0}},
    {"yt-dlp", {true, "", 0}},
};
static_assert(std::is_sorted(std::begin(kNetworkPrograms), std::end(kNetworkPrograms),
                             [](const NetworkProgram& a, const NetworkProgram& b) {
                               return a.name < b.name;
                             }),
              "kNetworkPrograms must be sorted by name");

bool scheme_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '-' || c == '.';
}

bool network_scheme(std::string_view s) {
  std::string lower(s);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  // `git+https`, `svn+ssh`, `mongodb+srv`: one of the parts a `+` joins; `url.https` (a git
  // configuration key holding a URL): the scheme after the dot.
  std::string_view l = lower;
  while (!l.empty()) {
    const auto cut = l.find_first_of("+.");
    const std::string_view part = l.substr(0, cut);
    for (std::string_view k : kSchemes)
      if (k == part) return true;
    l = cut == std::string_view::npos ? std::string_view() : l.substr(cut + 1);
  }
  return false;
}

// The subcommand of `git [GLOBAL OPTIONS] SUB …`.
const std::string* git_subcommand(const Words& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) return nullptr;
    if (s->empty() || (*s)[0] != '-') return s;
    if (*s == "-C" || *s == "-c" || *s == "--git-dir" || *s == "--work-tree" ||
        *s == "--namespace" || *s == "--super-prefix" || *s == "--config-env" ||
        *s == "--attr-source" || *s == "--shallow-file")
      ++i;
  }
  return nullptr;
}

// The registry or module host of `ref` (`evil.com/x@v1`, `evil.com:5000/x:1`): its first
// element when that holds a dot or a port or is `localhost`.
void ref_host(std::string_view ref, std::vector<UrlFetch>& out) {
  const auto slash = ref.find('/');
  if (slash == std::string_view::npos || slash == 0) return;
  const std::string_view first = ref.substr(0, slash);
  if (first == "." || first == "..") return;  // `go install ./cmd/x`: a local package
  if (first.find('.') != std::string_view::npos || first.find(':') != std::string_view::npos ||
      first == "localhost")
    out.push_back({std::string(first), ""});
}

// The subcommand of a container client (`docker [GLOBAL OPTIONS] pull IMAGE`) and where its
// operands start; the image of `pull`, `push`, `run` and `create` (their options with a value
// are the table's `docker:run` entry; pull's and push's are flags but `--platform`).
void image_host(const ProgramDecl* decl, const Words& w, std::vector<UrlFetch>& out) {
  if (!decl) return;
  const std::size_t sub = parse_args(*decl, w, 1, true).stopped_at;
  // The daemon named by `-H HOST:PORT` / `--host=HOST` (tcp when no scheme; a URL's host is
  // read with the other URLs, `unix://` names none).
  for (std::size_t i = 1; i < sub && i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) continue;
    std::string_view v;
    if ((*s == "-H" || *s == "--host") && i + 1 < sub) {
      if (const std::string* n = program_words::lit(w, ++i)) v = *n;
    } else if (s->starts_with("--host=")) {
      v = std::string_view(*s).substr(7);
    } else if (s->starts_with("-H")) {
      v = std::string_view(*s).substr(s->size() > 2 && (*s)[2] == '=' ? 3 : 2);
    }
    if (!v.empty() && v.find("://") == std::string_view::npos) host_operand(std::string(v), out);
  }
  const std::string* s = sub < w.size() ? program_words::lit(w, sub) : nullptr;
  if (!s) return;
  std::size_t at = sub + 1;
  if ((*s == "container" || *s == "image") && at < w.size() && w[at].literal) s = &*w[at++].literal;
  if (*s == "run" || *s == "create") {
    const ProgramDecl* run = find_program("docker:run");
    if (!run) return;
    at = parse_args(*run, w, at, true).stopped_at;
  } else if (*s == "login" || *s == "logout") {  // `docker login [-u USER] SERVER`
    for (; at < w.size(); ++at) {
      const std::string* o = program_words::lit(w, at);
      if (!o) return;
      if (*o == "-u" || *o == "--username" || *o == "-p" || *o == "--password") {
        ++at;
      } else if (!o->starts_with('-')) {
        host_operand(*o, out);
        return;
      }
    }
    return;
  } else if (*s == "pull" || *s == "push") {
    while (at < w.size() && w[at].literal && w[at].literal->starts_with('-'))
      at += *w[at].literal == "--platform" ? 2 : 1;
  } else {
    return;
  }
  if (at < w.size() && w[at].literal) ref_host(*w[at].literal, out);
}

// A list of jump hosts (`-J a,b`, ProxyJump's value; `none`: no jump): each is contacted.
void jump_hosts(std::string_view jump, std::vector<UrlFetch>& out) {
  if (jump == "none") return;
  while (!jump.empty()) {
    const auto comma = jump.find(',');
    const std::string_view one = jump.substr(0, comma);
    if (one.find("://") != std::string_view::npos)
      urls_in(one, "", out);  // `ssh://user@host:port`
    else
      host_operand(one, out);
    jump = comma == std::string_view::npos ? std::string_view() : jump.substr(comma + 1);
  }
}

// An `-o` line of ssh: ProxyJump's hosts, HostName's host (ssh connects there, whatever host
// the operand names).
void ssh_option_hosts(std::string_view value, std::vector<UrlFetch>& out) {
  const std::optional<SshConfigLine> line = ssh_config_line(value);
  if (!line || (line->key != "proxyjump" && line->key != "hostname")) return;
  const auto words = ssh_config_words(line->rest);
  if (!words || words->empty()) return;
  // `"HostName"=H`: after a quoted keyword ssh skips only blanks; `=H` is read as H too.
  const std::string_view v =
      std::string_view(words->front())
          .substr(std::min(words->front().find_first_not_of('='), words->front().size()));
  if (line->key == "proxyjump")
    jump_hosts(v, out);
  else
    host_operand(v, out);
}

void host_operands(const ProgramDecl* decl, std::string_view name, char which, const Words& w,
                   std::vector<UrlFetch>& out) {
  if (which == 'i') {
    image_host(decl, w, out);
    return;
  }
  if (which == 'R') {  // `crane pull REF`, `cosign verify REF`, `oras pull REF`
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const std::string* s = program_words::lit(w, i);
          s && !s->empty() && (*s)[0] != '-' && (*s)[0] != '.' && (*s)[0] != '/' && (*s)[0] != '~')
        ref_host(*s, out);
    return;
  }
  if (which == 'o') {  // `openssl s_client -connect HOST:PORT`
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (s && (*s == "-connect" || *s == "-proxy" || *s == "--connect"))
        if (const std::string* v = program_words::lit(w, i + 1)) host_operand(*v, out);
    }
    return;
  }
  if (which == 'h') {  // `psql -h HOST`, `mysql -hHOST`, `mongosh --host=HOST`
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (!s) continue;
      if ((*s == "-h" || *s == "--host") && i + 1 < w.size()) {
        if (const std::string* v = program_words::lit(w, ++i)) host_operand(*v, out);
      } else if (s->starts_with("--host=")) {
        host_operand(s->substr(7), out);
      } else if (s->size() > 2 && s->starts_with("-h") && (*s)[2] != '-') {
        host_operand(s->substr(2), out);
      }
    }
    return;
  }
  if (which == 'g') {  // `go get evil.com/x@latest`, `go install evil.com/x/cmd@v1`
    const std::string* sub = w.size() > 1 ? program_words::lit(w, 1) : nullptr;
    const bool mod = sub && *sub == "mod" && w.size() > 2 && program_words::lit(w, 2) &&
                     *program_words::lit(w, 2) == "download";
    // `go run evil.com/x@latest`: a module at a version is fetched (`go run ./x` is local).
    const bool run = sub && *sub == "run";
    if (!sub || (*sub != "get" && *sub != "install" && !mod && !run)) return;
    for (std::size_t i = mod ? 3 : 2; i < w.size(); ++i)
      if (const std::string* s = program_words::lit(w, i);
          s && !s->starts_with('-') && (!run || s->find('@') != std::string::npos))
        ref_host(*s, out);
    return;
  }
  // The operands: by the table's options when the program is declared, else the words that
  // are not options (`ping -c 3 HOST`: a number is not a host).
  std::vector<std::size_t> operands;
  if (decl) {
    operands = parse_args(*decl, w, 1).operands;
  } else {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (s && !s->empty() && (*s)[0] != '-' && (*s)[0] != '+') operands.push_back(i);
    }
  }
  auto host_of = [&](std::size_t i) -> const std::string* {
    const std::string* s = word_text(w, i);
    return s && !s->empty() && (*s)[0] != '-' && (*s)[0] != '+' ? s : nullptr;
  };
  // `ssh -J a,b HOST`, `scp -o ProxyJump=a …`: the jump hosts are contacted first; `-o
  // HostName=H` is the host connected to. ssh, scp and sftp by their options as OpenSSH reads
  // them (engine/ssh_config.hpp); other programs (autossh hands its own to ssh) by their words.
  if (decl && decl->handler == "ssh") {
    for (const auto& o : ssh_args(*decl, name, w).options)
      if (o.decl && o.value && !o.value->literal &&
          (o.decl->shorts == "J" || o.decl->shorts == "W")) {
        out.push_back({"", ""});  // `-J "$J"`: a jump host the line does not show
      } else if (o.decl && o.value && o.value->literal) {
        if (o.decl->shorts == "J") jump_hosts(*o.value->literal, out);
        if (o.decl->shorts == "o") ssh_option_hosts(*o.value->literal, out);
        // `-W HOST:PORT`: the connection is forwarded on to HOST.
        if (o.decl->shorts == "W") host_operand(*o.value->literal, out, true);
      }
  } else {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (!s || s->size() < 2 || (*s)[0] != '-' || ((*s)[1] != 'J' && (*s)[1] != 'o')) continue;
      const std::string* v = s->size() > 2 ? s : program_words::lit(w, i + 1);
      if (!v) continue;
      const std::string_view value = std::string_view(*v).substr(v == s ? 2 : 0);
      if ((*s)[1] == 'J')
        jump_hosts(value, out);
      else
        ssh_option_hosts(value, out);
    }
  }
  if (operands.empty()) return;
  // A number is an IPv4 address (`ssh 2852039166`) where only a host stands: ssh's operand,
  // nc's first of two (`nc -l 8080` listens on a port), ping's only one, dig's `@SERVER`.
  const bool nc = name == "nc" || name == "ncat" || name == "netcat";
  switch (which) {
    case 'f':
      if (const std::string* s = host_of(operands.front()))
        host_operand(*s, out, !nc || operands.size() > 1);
      break;
    case 'l':
      if (const std::string* s = host_of(operands.back()))
        host_operand(*s, out, operands.size() == 1);
      break;
    case 'a':
      for (std::size_t i : operands)
        if (const std::string* s = host_of(i))
          host_operand(s->starts_with('@') ? s->substr(1) : *s, out, s->starts_with('@'));
      break;
    default:  // 'r': `[user@]HOST:PATH`
      for (std::size_t i : operands) {
        const std::string* s = host_of(i);
        if (!s) continue;
        const auto colon = s->find(':');
        const auto slash = s->find('/');
        if (colon != std::string::npos && colon > 0 &&
            (slash == std::string::npos || colon < slash))
          host_operand(s->substr(0, colon), out, true);
      }
      break;
  }
}

}  // namespace

namespace named_hosts {

bool proxy_variable(std::string_view name) {
  for (std::string_view v : kProxyVariables) {
    if (v.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < v.size() && same; ++i)
      same = (name[i] >= 'a' && name[i] <= 'z' ? static_cast<char>(name[i] - 'a' + 'A')
                                               : name[i]) == v[i];
    if (same) return true;
  }
  return false;
}

void proxy_value(std::string_view v, std::vector<UrlFetch>& out) {
  if (v.empty()) return;
  if (v.find("://") != std::string_view::npos)
    urls_in(v, "", out);
  else
    host_operand(v.substr(0, v.find('/')), out);
}

// Every `scheme://authority…` in `word` with a network scheme, up to a character that ends a URL
// in text (a quote, a blank, a closing bracket).
void urls_in(std::string_view word, const char* method, std::vector<UrlFetch>& out) {
  // Each URL's end is where the next search starts, so a word of repeated URLs is read once.
  for (std::size_t at = word.find("://"); at != std::string_view::npos;) {
    std::size_t b = at;
    while (b > 0 && at - b <= 16 && scheme_char(word[b - 1])) --b;
    // `-ihttps://…` (an option with its value attached): the longest tail that is a scheme.
    while (b < at && !network_scheme(word.substr(b, at - b))) ++b;
    if (b == at || at - b > 16) {
      at = word.find("://", at + 3);
      continue;
    }
    std::size_t e = at + 3;
    while (e < word.size() && word[e] != '"' && word[e] != '\'' && word[e] != ' ' &&
           word[e] != '\t' && word[e] != '\n' && word[e] != ')' && word[e] != '>' &&
           word[e] != '`' && word[e] != ',' && word[e] != ';')
      ++e;
    if (e > at + 3) out.push_back({std::string(word.substr(b, e - b)), method});
    at = word.find("://", std::max(e, at + 3));
  }
}

void host_operand(std::string_view v, std::vector<UrlFetch>& out, bool digits) {
  if (v.empty()) return;
  if (!digits && v.find_first_not_of("0123456789") == std::string_view::npos &&
      (v.size() < 5 || (v.size() == 5 && v <= "65535")))
    return;  // a port alone

  if (v.size() <= 5 && v.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string_view::npos)
    return;                                             // A, MX, AAAA, TXT, ANY, IN…
  if (v.find("://") != std::string_view::npos) return;  // a URL: urls_in has it
  out.push_back({scp_host(v), ""});
}

}  // namespace named_hosts

const NetworkUse* network_use(std::string_view name) {
  const auto it =
      std::lower_bound(std::begin(kNetworkPrograms), std::end(kNetworkPrograms), name,
                       [](const NetworkProgram& p, std::string_view n) { return p.name < n; });
  return it != std::end(kNetworkPrograms) && it->name == name ? &it->use : nullptr;
}

namespace normalize_detail {

void named_fetches(const ProgramName& program, std::string_view name, const Words& w,
                   const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out) {
  const ProgramDecl* decl = program.decl;
  // Resolved once per table entry (`ProgramDecl::network`); looked up for undeclared names.
  const NetworkUse* net = decl ? decl->network : program.wrapper ? nullptr : network_use(name);
  const bool any_url = (!decl && !program.wrapper) || (program.interpreter && !program.shell);
  for (const auto& a : assigns) {
    if (!a.value.literal || a.value.literal->empty()) continue;
    const std::string& v = *a.value.literal;
    if (named_hosts::proxy_variable(a.name)) {  // `HTTPS_PROXY=HOST:PORT curl …`: any command
      named_hosts::proxy_value(v, out);
    } else if ((net || any_url) && v.find("://") != std::string::npos) {
      // `PIP_INDEX_URL=https://… pip install x`, `API=https://… ./deploy.sh`: a URL the program
      // is given, as its words' are.
      urls_in(v, "GET", out);
    }
  }
  named_hosts::environment_hosts(name, w, assigns, out);
  if (!net && !any_url) return;  // most commands: a declared program whose words are data
  if (net && net->hosts) host_operands(decl, name, net->hosts, w, out);
  if (net) named_hosts::option_hosts(*net, name, w, assigns, out);
  // URLs and `HOST:PATH` both hold a colon: without one (and a word the line does not show, which
  // may be a repository), nothing more to find.
  bool colon = false;
  for (std::size_t i = 1; i < w.size() && !colon; ++i) {
    const std::string* s = word_text(w, i);
    colon = !s || s->find(':') != std::string::npos;
  }
  if (!colon) return;
  bool urls = any_url;
  // A URL a program is given is read from (GET: `allow GET github.com` covers `git clone
  // https://github.com/x`), but where git pushes (POST); a host operand may go either way (all
  // methods).
  const char* method = "GET";
  if (net && net->urls) {
    if (net->subcommands.empty()) {
      urls = true;
    } else if (const std::string* sub = git_subcommand(w);
               sub && program_words::in_words(net->subcommands, *sub)) {
      urls = true;
      if (*sub == "push" || *sub == "send-pack") method = "POST";
      std::size_t at = 2;
      while (at < w.size() && program_words::lit(w, at - 1) != sub) ++at;
      named_hosts::git_repositories(w, at - 1, *sub, out);
    }
  }
  if (urls)
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const std::string* s = word_text(w, i); s && s->find("://") != std::string::npos)
        urls_in(*s, method, out);
}

}  // namespace normalize_detail

}  // namespace vigie::engine
