// git's configuration keys that make git run a program (`core.pager`, `!` aliases, filters,
// hooks...) and what a `-c key=value` / `git config key value` pair does: read by the git
// handler (engine/program_git.cpp), engine/programs.cpp and engine/normalize.cpp.
#include <cctype>
#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/git_config_hosts.hpp"
#include "engine/named_hosts.hpp"
#include "engine/program_handlers.hpp"
#include "engine/url_hosts.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using policy::ascii_lower;
using shell::WordView;

namespace {

bool in_set(std::string_view s, std::initializer_list<std::string_view> set) {
  for (std::string_view x : set)
    if (s == x) return true;
  return false;
}

}  // namespace

bool git_key_runs_command(std::string_view raw) {
  std::string key = ascii_lower(raw);
  auto eq = key.find('=');
  if (eq != std::string::npos) key.resize(eq);
  for (std::string_view p :
       {"alias.",      "pager.",     "credential.",  "filter.",    "core.",      "diff.",
        "merge.",      "sequence.",  "gpg.",         "difftool.",  "mergetool.", "protocol.",
        "uploadpack.", "receive.",   "remote.",      "url.",       "include.",   "includeif.",
        "http.",       "sendemail.", "instaweb.",    "gui.",       "guitool.",   "web.",
        "browser.",    "man.",       "interactive.", "submodule.", "commit.",    "blame.",
        "mailmap.",    "init.",      "clone.",       "log.",       "help.",      "safe."}) {
    if (!key.starts_with(p)) continue;
    if (p == "core.") {
      return in_set(
          key, {"core.pager", "core.editor", "core.sshcommand", "core.askpass",
                "core.alternaterefscommand", "core.gitproxy", "core.fsmonitor", "core.hookspath",
                "core.worktree", "core.attributesfile", "core.excludesfile"});
    }
    if (p == "http.")
      return key.ends_with("cookiefile") || key.ends_with("proxy") || key.ends_with("sslcainfo") ||
             key.ends_with("sslcert");
    if (p == "remote.")
      return key.ends_with(".uploadpack") || key.ends_with(".receivepack") ||
             key.ends_with(".vcs") || key.ends_with(".proxy");
    if (p == "diff.")
      return key == "diff.external" || key.ends_with(".command") || key.ends_with(".textconv");
    if (p == "merge.") return key.ends_with(".driver");
    if (p == "protocol.") return key.ends_with(".allow");
    if (p == "url.") return true;  // insteadOf can point a fetch at an `ext::` command
    // `submodule.NAME.update=!CMD` runs CMD on `git submodule update`; the others name a file
    // git reads (a template, a revision list, a mailmap): asked like the core's file keys.
    if (p == "submodule.") return key.ends_with(".update");
    if (p == "commit.") return key == "commit.template";
    if (p == "blame.") return key == "blame.ignorerevsfile";
    if (p == "mailmap.") return key == "mailmap.file";
    // `init.templateDir`: the hooks `git init` and `git clone` copy into the new repository;
    // `clone.defaultRemoteName` and the rest name no program.
    if (p == "init.") return key == "init.templatedir";
    if (p == "clone.") return false;
    // `log.showSignature` makes `git log`/`git show` run gpg (gpg.program) on every commit.
    if (p == "log.") return key == "log.showsignature";
    // `help.browser`, the browser `git help --web` opens (`help.format=web`: git_runners).
    if (p == "help.") return key == "help.browser";
    // `safe.directory=*` (or a path) turns off the check of a repository's owner: another
    // user's repository then runs its hooks and its configuration's programs for this one;
    // `safe.bareRepository=all` lets an embedded bare repository do the same.
    if (p == "safe.") return key == "safe.directory" || key == "safe.barerepository";
    return true;
  }
  return key.ends_with(".cmd") || key.ends_with(".command") || key.ends_with(".program") ||
         key.ends_with(".helper") || key.ends_with(".editor") || key.ends_with(".pager") ||
         key.ends_with(".hook") || key.ends_with("hook") || key.ends_with(".tunnel");
}

// Keys whose value names a file (or folder) git reads: its TLS keys and certificates, cookie
// jar, attributes and excludes files, templates, mailmap, included configuration, the signing
// key of ssh signing, the signature format-patch appends. Judged by the path rules, like an
// option naming a file.
bool git_key_names_file(const std::string& key) {
  if (key.starts_with("http.")) {
    for (std::string_view end : {".sslkey", ".sslcert", ".sslcainfo", ".sslcapath", ".cookiefile",
                                 ".proxysslcert", ".proxysslkey", ".proxysslcainfo"})
      if (key.ends_with(end)) return true;
    return false;
  }
  if (key.starts_with("includeif.") && key.ends_with(".path")) return true;
  return in_set(key,
                {"core.attributesfile", "core.excludesfile", "core.hookspath", "commit.template",
                 "blame.ignorerevsfile", "mailmap.file", "include.path", "init.templatedir",
                 "user.signingkey", "gpg.ssh.allowedsignersfile", "gpg.ssh.revocationfile",
                 "sendemail.smtpsslcertpath", "diff.orderfile", "format.signaturefile"});
}

// Keys whose value, an absolute path, is a file git writes (appends to) as it runs, or a folder
// it writes a file in: trace2's targets (`1`, a file descriptor or `af_unix:` name none).
bool git_key_writes_file(std::string_view key) {
  return in_set(key, {"trace2.eventtarget", "trace2.normaltarget", "trace2.perftarget"});
}

// Keys whose value, not the key alone, makes git run a program or write a file: `help.format`
// (`web`, `html`: a browser), `remote.NAME.url` and `pushurl` (`HELPER::ADDRESS` runs
// git-remote-HELPER), trace2's targets (a file written). A value the line does not show (`git
// --config-env=KEY=ENVVAR`, engine/program_git.cpp) is asked for them, as for the keys that
// always run one.
bool git_key_value_decides(std::string_view raw) {
  const std::string key = ascii_lower(raw.substr(0, raw.find('=')));
  if (key == "help.format" || git_key_writes_file(key)) return true;
  return key.starts_with("remote.") && (key.ends_with(".url") || key.ends_with(".pushurl"));
}

// The hosts a key's value sends git to: `http[.URL].curloptResolve=H:P:ADDR` (libcurl connects
// to ADDR for H), `remote.NAME.url|pushurl` written scp-like (`git@HOST:PATH`, `HOST:PATH`),
// git-lfs's endpoints, the proxies (`http.proxy`, `http.URL.proxy`, `remote.NAME.proxy`: with a
// scheme or without, `HOST:PORT`) and the base a URL is rewritten to (`url.BASE.insteadOf`,
// `pushInsteadOf`: a URL or scp-like `git@HOST:`), which receive the requests.
void git_config_hosts(std::string_view key, std::string_view v, std::vector<UrlFetch>& out) {
  const bool resolve = key.starts_with("http.") && key.ends_with(".curloptresolve");
  const bool remote_url =
      key.starts_with("remote.") && (key.ends_with(".url") || key.ends_with(".pushurl") ||
                                     key.ends_with(".lfsurl") || key.ends_with(".lfspushurl"));
  const bool lfs_url = key == "lfs.url" || key == "lfs.pushurl";
  const bool proxy =
      (key.starts_with("http.") || key.starts_with("remote.")) && key.ends_with(".proxy");
  std::string_view base;
  if (key.starts_with("url.")) {
    for (std::string_view end : {".insteadof", ".pushinsteadof"})
      if (key.size() > 4 + end.size() && key.ends_with(end)) {
        base = key.substr(4, key.size() - 4 - end.size());
        break;
      }
  }
  // The address a proxy or rewritten base names: a URL, else `[user@]HOST[:PORT][/…]` or
  // scp-like `[user@]HOST:PATH`.
  auto address = [&out](std::string_view a) {
    if (a.empty()) return;
    if (a.find("://") != std::string_view::npos) {
      named_hosts::urls_in(a, "", out);
      return;
    }
    const auto colon = a.find(':');
    const auto slash = a.find('/');
    if (colon != std::string_view::npos && colon > 0 &&
        (slash == std::string_view::npos || colon < slash))
      out.push_back({scp_host(a.substr(0, colon)), ""});
    else
      named_hosts::host_operand(a.substr(0, slash), out, true);
  };
  if (resolve) {
    for (auto& a : resolve_addresses(v)) out.push_back({std::move(a), ""});
  } else if ((remote_url || lfs_url) && v.find("://") != std::string_view::npos) {
    out.push_back({std::string(v), ""});
  } else if (remote_url && v.find("::") == std::string_view::npos) {
    const auto colon = v.find(':');
    const auto slash = v.find('/');
    if (colon != std::string_view::npos && colon > 0 &&
        (slash == std::string_view::npos || colon < slash))
      out.push_back({scp_host(v.substr(0, colon)), ""});
  } else if (proxy) {
    // git prepends `http://` to a proxy without a scheme: `HOST:PORT` is a host and its port.
    if (v.find("://") != std::string_view::npos)
      named_hosts::urls_in(v, "", out);
    else if (!v.empty())
      named_hosts::host_operand(v.substr(0, v.find('/')), out, true);
  } else if (!base.empty() && base.find("::") == std::string_view::npos) {
    address(base);
  }
}

void git_config_value(const WordView& kv, ProgramEffects& out, std::string_view entry) {
  const std::string* text = kv.literal ? &*kv.literal : kv.pattern ? &*kv.pattern : nullptr;
  if (!text) {
    out.escalations.push_back(std::string(entry) + " with a value that is not static");
    return;
  }
  const std::string& s = *text;
  auto eq = s.find('=');
  std::string key = ascii_lower(s.substr(0, eq));
  // `-c core.pag?r=CMD`: a glob in the key may expand to any key a file of the folder is named
  // after (the value as written is still judged below).
  if (kv.has_glob && key.find_first_of("*?[") != std::string::npos)
    out.escalations.push_back(std::string(entry) + " with a key that is a glob");
  if (git_key_runs_command(key)) {
    out.escalations.push_back(std::string(entry) + " " + s.substr(0, eq));
    // The value is a command line git runs through the shell (`core.pager`, `!` aliases,
    // `core.sshCommand`, filters...): judge it too.
    if (eq != std::string::npos && eq + 1 < s.size() && kv.literal) {
      std::string v = s.substr(eq + 1);
      if (key.starts_with("alias.")) {
        if (v[0] == '!') out.scripts.push_back(v.substr(1));
      } else if (!key.starts_with("url.") && !key.starts_with("include") &&
                 key != "log.showsignature") {
        out.scripts.push_back(v);
      }
    }
  }
  if (eq != std::string::npos && eq + 1 < s.size() && git_key_names_file(key)) {
    const std::string v = s.substr(eq + 1);
    // `user.signingkey` is a key ID for gpg and a file for ssh signing: only a path counts.
    const bool path_like = v.find('/') != std::string::npos || v[0] == '.' || v[0] == '~';
    if (key != "user.signingkey" || path_like) {
      WordView f = synthesized(kv, v, eq + 1);
      if (v.starts_with("~/")) {  // git expands `~/` in its path values
        f.literal.reset();
        f.has_tilde = true;
      }
      add_word_file(out, Touch::read, f, From::option, std::string(entry) + " " + key);
    }
  }
  if (eq != std::string::npos && eq + 1 < s.size() && git_key_writes_file(key) &&
      (s[eq + 1] == '/' || s.compare(eq + 1, 2, "~/") == 0)) {
    WordView f = synthesized(kv, s.substr(eq + 1), eq + 1);
    if (s[eq + 1] == '~') {
      f.literal.reset();
      f.has_tilde = true;
    }
    const std::string what = std::string(entry) + " " + key;
    add_word_file(out, Touch::write, f, From::option, what);
    add_folder_files(out, f, From::option, what);  // a folder: a file per process in it
  }
  // `format.outputDirectory=DIR`: the folder format-patch writes its patches in (created).
  if (key == "format.outputdirectory" && eq != std::string::npos && eq + 1 < s.size()) {
    const WordView f = synthesized(kv, s.substr(eq + 1), eq + 1);
    add_word_file(out, Touch::write, f, From::option, std::string(entry) + " " + key);
    add_folder_files(out, f, From::option, std::string(entry) + " " + key);
  }
  // `remote.NAME.url=HELPER::ADDRESS` (and `pushurl`): a fetch or push of NAME runs the remote
  // helper git-remote-HELPER, as `git fetch HELPER::ADDRESS` does (ext:: is judged as a line:
  // engine/program_git_transports.cpp).
  if (key.starts_with("remote.") && (key.ends_with(".url") || key.ends_with(".pushurl")) &&
      eq != std::string::npos) {
    const std::string v = s.substr(eq + 1);
    const std::size_t at = v.find("::");
    std::size_t b = 0;
    while (b < at && at != std::string::npos &&
           (std::isalnum(static_cast<unsigned char>(v[b])) || v[b] == '+' || v[b] == '-' ||
            v[b] == '.'))
      ++b;
    const std::string helper =
        at != std::string::npos && b == at ? ascii_lower(v.substr(0, at)) : "";
    if (!helper.empty() && !in_set(helper, {"ext", "fd", "http", "https", "ftp", "ftps"}))
      out.escalations.push_back(std::string(entry) + " " + key + ": the " + helper +
                                ":: transport runs the program git-remote-" + helper);
  }
  if (eq != std::string::npos)
    git_config_hosts(key, std::string_view(s).substr(eq + 1), out.fetches);
  // `mailmap.blob=REV:PATH`: git reads PATH of a revision (`HEAD:.env`), judged as that path.
  if (key == "mailmap.blob" && eq != std::string::npos) {
    const std::string v = s.substr(eq + 1);
    if (const auto colon = v.find(':'); colon != std::string::npos && colon + 1 < v.size())
      add_word_file(out, Touch::read, synthesized(kv, v.substr(colon + 1), eq + 2 + colon),
                    From::option, std::string(entry) + " " + key);
  }
  if (key.starts_with("remote.") && (key.ends_with(".push") || key.ends_with(".mirror")) &&
      eq != std::string::npos) {
    std::string_view v = std::string_view(s).substr(eq + 1);
    if ((!v.empty() && v[0] == '+') || (key.ends_with(".mirror") && v != "false"))
      out.implied.push_back("--force");
  }
}

}  // namespace vigie::engine
