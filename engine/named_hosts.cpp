// The hosts network clients' options and operands name (engine/named_hosts.hpp): git's
// repositories written scp-like, the index and proxy options of the package managers, openssl
// s_client's address, nc's and httpie's proxies, gh's hosts. Each is a fetch the policy's fetch
// rules judge; a value that is not static is a fetch the line does not show (asked as
// `fetch.dynamic` when the policy's fetch rules restrict hosts).
#include "engine/named_hosts.hpp"

#include <string>
#include <string_view>

#include "engine/program_words.hpp"
#include "engine/url_hosts.hpp"

namespace vigie::engine::named_hosts {

namespace {

using program_words::in_words;

// The options of `openssl s_client` whose value may hold a colon without naming a host.
constexpr std::string_view kSClientValues =
    "-cipher -ciphersuites -curves -groups -sigalgs -client_sigalgs -alpn -nextprotoneg "
    "-named_curve -psk -psk_identity -srpuser -srppass -pass -keylogfile -sess_out -sess_in "
    "-CAfile -CApath -cert -key -out -in -msgfile -cert_chain -chainCAfile -verifyCAfile "
    "-requestCAfile -xmpphost -name -servername -verify_hostname -starttls -bind -dane_tlsa_rrdata "
    "-ssl_config -engine -provider -propquery -provider-path -keymatexport";
// The options of `gh api` that take a value.
constexpr std::string_view kGhApiValues =
    "-X --method -f --raw-field -F --field -H --header --input -q --jq -t --template --cache "
    "-p --preview";

// The value of option `opt` at word `i` (`--opt VALUE`, `--opt=VALUE`; with `attached`, `-xVALUE`
// too; with `prefix`, any prefix of `--opt` that long or longer, as Python's optparse and
// argparse take them: `pip --prox`): `found` when word `i` is the option, `value` its text
// (nullptr: not static), `i` moved past a separate value.
struct OptionValue {
  bool found = false;
  const std::string* value = nullptr;
  std::string attached;
};

OptionValue option_value(const Words& w, std::size_t& i, std::string_view opt, bool attached,
                         std::size_t prefix = 0) {
  OptionValue r;
  const std::string* s = word_text(w, i);
  std::string_view text = s ? std::string_view(*s) : std::string_view(w[i].text);
  std::string whole;  // `--prox=V` written as `--proxy=V`
  if (const std::string_view name = text.substr(0, text.find('='));
      prefix && name.size() >= prefix && name.size() < opt.size() && opt.starts_with(name)) {
    whole = std::string(opt) + std::string(text.substr(name.size()));
    text = whole;
  }
  if (text == opt) {
    r.found = true;
    if (i + 1 < w.size()) r.value = word_text(w, ++i);
    return r;
  }
  if (!text.starts_with(opt) || text.size() == opt.size()) return r;
  const bool eq = text[opt.size()] == '=';
  if (!eq && !(attached && opt.size() == 2)) return r;
  r.found = true;
  if (s) {
    r.attached = std::string(text.substr(opt.size() + (eq ? 1 : 0)));
    r.value = &r.attached;
  }
  return r;
}

// A host value: a URL is judged as a URL, else as a host; not static, a host the line does not
// show.
void host_value(const OptionValue& o, std::vector<UrlFetch>& out) {
  if (!o.value)
    out.push_back({"", ""});
  else if (o.value->find("://") != std::string::npos)
    urls_in(*o.value, "", out);
  else
    host_operand(*o.value, out, true);
}

// `[HOST/]OWNER/REPO` (gh): HOST when it is written.
void gh_repo(std::string_view v, std::vector<UrlFetch>& out) {
  if (v.find("://") != std::string_view::npos) return urls_in(v, "", out);
  const auto slash = v.find('/');
  if (slash != std::string_view::npos && v.find('/', slash + 1) != std::string_view::npos)
    host_operand(v.substr(0, slash), out, true);
}

}  // namespace

const std::string* word_text(const Words& w, std::size_t i) {
  if (i >= w.size()) return nullptr;
  if (w[i].literal) return &*w[i].literal;
  return w[i].has_glob && !w[i].has_expansion && w[i].pattern ? &*w[i].pattern : nullptr;
}

void git_repositories(const Words& w, std::size_t sub_at, std::string_view sub,
                      std::vector<UrlFetch>& out) {
  // The repository of fetch, pull, push and ls-remote is their first operand (a remote's name
  // holds no `:`); clone's, any operand (`git clone HOST:PATH DIR`).
  const bool repo_first = in_words("fetch pull push ls-remote", sub);
  const bool clone = sub == "clone";
  std::size_t k = 0, repo_at = repo_first || clone ? 0 : std::string::npos;
  for (std::size_t i = sub_at + 1; i < w.size(); ++i) {
    const std::string* s = word_text(w, i);
    const std::string_view text = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (!text.empty() && text[0] == '-') {
      // `archive --remote=REPO`, `push --repo REPO`: a repository.
      for (std::string_view opt : {"--remote", "--repo"}) {
        const OptionValue o = option_value(w, i, opt, false);
        if (!o.found) continue;
        if (!o.value) out.push_back({"", ""});
        if (o.value && o.value->find("://") == std::string::npos) {
          const auto c = o.value->find(':');
          if (c != std::string::npos && c > 0 && c < o.value->find('/'))
            host_operand(o.value->substr(0, c), out, true);
        }
        break;
      }
      // The options of these subcommands that take the next word.
      if (s && in_words("--depth --shallow-since --shallow-exclude -o --server-option "
                        "--upload-pack --receive-pack --exec -j --jobs --negotiation-tip --refmap "
                        "--filter --push-option --signed --strategy -s -X --strategy-option "
                        "--reference --name --format --prefix --output",
                        *s))
        ++i;
      // `remote add -t BRANCH -m MASTER`, `submodule add -b BRANCH`.
      if (s && (sub == "remote" || sub == "submodule") && in_words("-t -m -b --branch", *s)) ++i;
      continue;
    }
    const std::size_t at = k++;
    if (at == 0 && s) {
      // `remote add NAME URL`, `remote set-url NAME URL`, `submodule add URL`, `submodule set-url
      // PATH URL`, `request-pull START URL`.
      if ((sub == "remote" || sub == "submodule") && *s == "set-url") repo_at = 2;
      if (sub == "remote" && *s == "add") repo_at = 2;
      if (sub == "submodule" && *s == "add") repo_at = 1;
    }
    if (sub == "request-pull") repo_at = 1;
    const bool repo = clone || at == repo_at;
    if (!s) {
      if (at == repo_at && !repo_first) out.push_back({"", ""});  // `git remote add o "$URL"`
      continue;
    }
    if (s->find("://") != std::string::npos) continue;  // read with the other URLs
    // `[HOST:PORT]:PATH`, `user@[HOST:PORT]:PATH`: git reads a bracketed host to its `]`
    // (connect.c host_end), so the colon that ends it comes after.
    const auto open = s->starts_with('[') ? 0 : s->find("@[");
    const auto close = open == std::string::npos ? std::string::npos : s->find(']', open);
    const auto c = s->find(':', close == std::string::npos ? 0 : close);
    const auto slash = s->find('/');
    const auto user = s->find('@');
    // `git clone git@HOST:PATH`, `git fetch user@HOST:PATH` (scp's syntax for an ssh URL; a
    // refspec `a:b` has no `@`); `HOST:PATH` where a repository stands.
    if (c != std::string::npos && c > 0 && (slash == std::string::npos || c < slash) &&
        ((user != std::string::npos && user < c) || repo))
      host_operand(s->substr(0, c), out, true);
  }
}

void option_hosts(const NetworkUse& net, std::string_view name, const Words& w,
                  const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out) {
  // Declared with the program's network use (named_urls.cpp, `kNetworkPrograms`); most network
  // commands have none (`git`, `curl`).
  const char kind = net.options;
  if (kind == 0) return;
  const std::string* sub = word_text(w, 1);
  if (kind == 'p') {
    // `--proxy HOST:PORT` (pip adds `http://`); `-i`, `--index-url` not static;
    // `pip config set global.proxy HOST:PORT` (every later pip goes through it).
    for (std::size_t i = 1; i < w.size(); ++i) {
      // pip's optparse takes a prefix that names one option (`--prox`, `--ind`, `--extra`).
      for (auto [opt, prefix] : {std::pair<std::string_view, std::size_t>{"--proxy", 6},
                                 {"-i", 0},
                                 {"--index-url", 5},
                                 {"--extra-index-url", 7}}) {
        const OptionValue o = option_value(w, i, opt, false, prefix);
        if (!o.found) continue;
        if (opt == "--proxy" || !o.value) host_value(o, out);
        break;
      }
    }
    // `pip config [--global|--user|--site|--editor E] set KEY VALUE`, options before `set`.
    std::size_t set = 2;
    while (sub && *sub == "config" && set < w.size() && !program_words::lit_is(w, set, "set")) {
      const std::string* o = word_text(w, set);
      if (!o || !o->starts_with('-')) break;
      set += *o == "--editor" ? 2 : 1;
    }
    if (sub && *sub == "config" && set + 2 < w.size() && program_words::lit_is(w, set, "set"))
      if (const std::string* key = word_text(w, set + 1)) {
        const bool proxy = key->ends_with(".proxy") || *key == "proxy";
        const bool index = key->ends_with("index-url") || key->ends_with("find-links");
        const std::string* v = word_text(w, set + 2);
        if (proxy || (index && !v)) {
          OptionValue o;
          o.value = v;
          host_value(o, out);
        }
      }
    return;
  }
  if (kind == 'r') {  // `--registry "$R"`
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const OptionValue o = option_value(w, i, "--registry", false); o.found && !o.value)
        out.push_back({"", ""});
    return;
  }
  if (kind == 'o') {
    // s_client's address: `-connect HOST:PORT` (`-connect=`), `-host HOST`, `-proxy`, or
    // written alone (`openssl s_client HOST:PORT`).
    if (!sub || (*sub != "s_client" && *sub != "s_time")) {
      for (std::size_t i = 1; i < w.size(); ++i)
        for (std::string_view opt : {"-connect", "--connect", "-proxy"})
          if (const OptionValue o = option_value(w, i, opt, false); o.found) host_value(o, out);
      return;
    }
    for (std::size_t i = 2; i < w.size(); ++i) {
      bool option = false;
      for (std::string_view opt : {"-connect", "--connect", "-proxy", "-host"}) {
        const OptionValue o = option_value(w, i, opt, false);
        if (!o.found) continue;
        option = true;
        host_value(o, out);
        break;
      }
      const std::string* s = word_text(w, i);
      if (option || !s || s->empty() || (*s)[0] == '-') continue;
      // An operand (`HOST:PORT`): a word holding a colon and no `/` that is not the value of an
      // option whose values hold colons (cipher and group lists, protocol lists) or are files.
      const std::string* before = word_text(w, i - 1);
      if (s->find(':') != std::string::npos && s->find('/') == std::string::npos &&
          !(before && in_words(kSClientValues, *before)))
        host_operand(*s, out, true);
    }
    return;
  }
  // `nc -x PROXY:PORT`, `ncat --proxy=HOST:PORT` (ncat's `-x` is its hex dump file).
  if (kind == 'n') {
    for (std::size_t i = 1; i < w.size(); ++i)
      for (std::string_view opt : {"-x", "--proxy"})
        if (const OptionValue o = option_value(w, i, opt, opt == "-x");
            o.found && (opt != "-x" || name != "ncat")) {
          host_value(o, out);
          break;
        }
    return;
  }
  if (kind == 'h') {  // `--proxy PROTOCOL:URL`
    for (std::size_t i = 1; i < w.size(); ++i)
      if (const OptionValue o = option_value(w, i, "--proxy", false); o.found) {
        if (!o.value) {
          out.push_back({"", ""});
          continue;
        }
        const auto colon = o.value->find(':');
        OptionValue proxy;
        std::string rest = o.value->substr(colon == std::string::npos ? 0 : colon + 1);
        proxy.value = &rest;
        host_value(proxy, out);
      }
    return;
  }
  if (kind == 'g') {
    // `gh api URL`, `--hostname HOST`, `-R HOST/OWNER/REPO`, `gh repo clone HOST/OWNER/REPO`,
    // `GH_HOST=HOST gh …`: gh sends its token there.
    for (const auto& a : assigns)
      if (a.name == "GH_HOST") {
        OptionValue o;
        o.value = a.value.literal ? &*a.value.literal : nullptr;
        host_value(o, out);
      }
    bool operand = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (const OptionValue o = option_value(w, i, "--hostname", false); o.found) {
        host_value(o, out);
        continue;
      }
      bool repo = false;
      for (std::string_view opt : {"-R", "--repo"})
        if (const OptionValue o = option_value(w, i, opt, false); o.found) {
          repo = true;
          if (o.value) gh_repo(*o.value, out);
          break;
        }
      const std::string* s = word_text(w, i);
      if (repo || !s || s->starts_with('-')) continue;
      // `gh api URL`: its endpoint, the first operand (`-f body='see https://…'` is data).
      const std::string* before = word_text(w, i - 1);
      if (sub && *sub == "api" && !operand && !(before && in_words(kGhApiValues, *before))) {
        if (s->find("://") != std::string::npos) urls_in(*s, "", out);
        if (i >= 2) {
          operand = true;
          continue;
        }
      }
      // `gh repo clone|fork|view REPO`: the operand after the subcommand.
      if (i == 3 && sub && *sub == "repo" && !operand) gh_repo(*s, out);
      operand = operand || (sub && *sub == "repo" && i >= 3);
    }
    return;
  }
}

void aria2c_proxies(const Words& w, std::vector<UrlFetch>& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (program_words::lit_is(w, i, "--")) return;
    for (std::string_view opt : {"--all-proxy", "--http-proxy", "--https-proxy", "--ftp-proxy"})
      if (const OptionValue o = option_value(w, i, opt, false); o.found) {
        if (!o.value || !o.value->empty()) host_value(o, out);
        break;
      }
  }
}

}  // namespace vigie::engine::named_hosts
