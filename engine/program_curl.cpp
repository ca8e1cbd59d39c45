// Handler `curl` of the programs table (engine/programs_table.cpp declares curl's options):
// what curl reads and writes beyond its option values. `file:` URLs (any case, `file://HOST/`,
// percent-encoded) are reads, and writes with `-T`; `--proto-default file` makes every URL
// without a scheme a file. `-b`/`--cookie` reads a file when its value has no `=`. `-O`,
// `--remote-name-all` and `-J` write a file named after the URL (or by the server: then any file
// of the folder) in the `--output-dir` folder; `-o NAME` with `--output-dir D` writes D/NAME,
// and `#N` in NAME stands for a glob's match. `--data-urlencode`/`--url-query`/`--variable`
// `NAME@FILE` read FILE, `--write-out '%output{FILE}'` writes FILE, and `--expand-*` options
// build values the line does not show (asked). curl globs its URLs and `-T` files itself (not
// with `-g`): each alternative is judged; `file://$HOME/p` is judged as `$HOME/p`.
#include <algorithm>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/glob_meet.hpp"
#include "engine/named_hosts.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"
#include "engine/url_hosts.hpp"
#include "engine/variable_paths.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

static std::string percent_decode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    c = static_cast<char>(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  };
  std::string r;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      r.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else {
      r.push_back(s[i]);
    }
  }
  return r;
}

// The local path of a `file:` URL (`file:///p`, `file://localhost/p`, `file:/p`), percent-decoded;
// nullopt when the URL is not a file URL. With `file_default`, a URL without a scheme is a path.
std::optional<std::string> file_url_path(const std::string& url, bool file_default) {
  std::string low = policy::ascii_lower(url.substr(0, 5));
  std::string_view rest;
  if (low == "file:") {
    rest = std::string_view(url).substr(5);
    if (program_words::starts_with(rest, "//")) {
      rest.remove_prefix(2);
      auto slash = rest.find('/');
      rest = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
    }
  } else if (file_default && url.find("://") == std::string::npos) {
    rest = url;
  } else {
    return std::nullopt;
  }
  auto cut = rest.find_first_of("?#");
  return percent_decode(rest.substr(0, cut));
}

namespace {

using policy::ascii_lower;
using policy::ascii_upper;
using program_words::starts_with;

void file(ProgramEffects& out, Touch t, const WordView& w, std::string entry) {
  add_word_file(out, t, w, From::option, std::move(entry));
}

// A word standing for every file of a folder (`DIR/*`): judged against every rule a file
// there would meet.
WordView folder_files(const WordView& from, std::string dir) {
  WordView v = word_of(from, dir.empty() ? std::string("*") : dir + "/*");
  v.literal.reset();
  v.has_glob = true;
  return v;
}

// The names `-O` gives the URL's file: its last path segment, as written and decoded.
std::vector<std::string> remote_names(const std::string& url) {
  std::string_view u = url;
  if (auto s = u.find("://"); s != std::string_view::npos) {
    u.remove_prefix(s + 3);
    auto slash = u.find('/');
    u = slash == std::string_view::npos ? std::string_view() : u.substr(slash);
  }
  std::string_view path = u.substr(0, u.find_first_of("?#"));
  std::vector<std::string> names;
  for (std::string_view whole : {path, u}) {
    auto slash = whole.rfind('/');
    std::string_view seg = slash == std::string_view::npos ? whole : whole.substr(slash + 1);
    if (seg.empty()) continue;
    names.emplace_back(seg);
    names.push_back(percent_decode(seg));
  }
  return names;
}

// `user@host:port` of a URL (all of it when it has no `scheme://`: curl's default is http).
std::string_view authority(std::string_view url) {
  if (auto s = url.find("://"); s != std::string_view::npos) url.remove_prefix(s + 3);
  return url.substr(0, url.find_first_of("/?#"));
}

bool has_glob_chars(std::string_view s) {
  return s.find_first_of("{[") != std::string_view::npos;
}

// The words curl's own globbing makes of `s` (`-T` files, URLs; not with `-g`): each `{a,b}` list
// stands for each of its words, each `[a-z]`/`[1-9]`/`[001-100:2]` range for `*` (it never
// matches a `/`), `\{` for `{`. nullopt when curl would refuse it or when it makes too many
// (the caller asks).
std::optional<std::vector<std::string>> curl_glob_words(std::string_view s, bool& ranged) {
  constexpr std::size_t kMaxWords = 256;
  std::vector<std::string> words{""};
  auto append = [&](const std::vector<std::string>& alts) {
    std::vector<std::string> next;
    for (const auto& w : words)
      for (const auto& a : alts) next.push_back(w + a);
    words = std::move(next);
    return words.size() <= kMaxWords;
  };
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '\\' && i + 1 < s.size()) {
      if (!append({std::string(1, s[i + 1])})) return std::nullopt;
      i += 2;
    } else if (c == '{') {
      std::vector<std::string> alts{""};
      for (++i;; ++i) {
        if (i >= s.size() || s[i] == '{' || s[i] == '[') return std::nullopt;  // unclosed, nested
        if (s[i] == '}') break;
        if (s[i] == ',') {
          alts.emplace_back();
        } else {
          if (s[i] == '\\' && i + 1 < s.size()) ++i;
          alts.back().push_back(s[i]);
        }
      }
      ++i;
      if (!append(alts)) return std::nullopt;
    } else if (c == '[') {
      auto close = s.find(']', i);
      if (close == std::string_view::npos) return std::nullopt;
      ranged = true;
      if (!append({"*"})) return std::nullopt;
      i = close + 1;
    } else if (c == ']' || c == '}') {
      return std::nullopt;  // curl: "unmatched close brace/bracket"
    } else {
      if (!append({std::string(1, c)})) return std::nullopt;
      ++i;
    }
  }
  return words;
}

// The words of `v`'s text after curl's globbing, as words a path rule judges: a range makes a
// glob. Empty (and an escalation) when curl's globbing cannot be followed.
std::vector<WordView> curl_glob_paths(const WordView& v, const std::string& text,
                                      const std::string& prog, ProgramEffects& out) {
  bool ranged = false;
  auto words = curl_glob_words(text, ranged);
  if (!words) {
    out.escalations.push_back(prog + " with a URL or file glob it cannot follow");
    return {};
  }
  std::vector<WordView> r;
  for (auto& t : *words) {
    WordView g = word_of(v, std::move(t));
    if (ranged) {
      g.literal.reset();
      g.has_glob = true;
    }
    r.push_back(std::move(g));
  }
  return r;
}

// `file://$HOME/p`, `"file://${HOME}/p"`, `file://localhost$PWD/p`: a word whose text without
// its `file://[localhost]` is rooted in a variable the judge knows (engine/variable_paths.hpp).
// The word for the path it names (not static: judged as a dynamic path rooted there).
std::optional<WordView> variable_file_url(const WordView& u) {
  std::string_view t = u.text;
  const bool quoted = !t.empty() && t.front() == '"';
  if (quoted) t.remove_prefix(1);
  if (ascii_lower(std::string(t.substr(0, 7))) != "file://") return std::nullopt;
  t.remove_prefix(7);
  if (ascii_lower(std::string(t.substr(0, 9))) == "localhost") t.remove_prefix(9);
  if (t.empty() || t.front() != '$') return std::nullopt;
  std::string text = quoted ? "\"" : "";
  text.append(t.substr(0, t.find_first_of("?#")));
  if (quoted && text.back() != '"') text.push_back('"');
  if (!variable_rooted(text)) return std::nullopt;
  WordView w = u;
  w.text = std::move(text);
  w.literal.reset();
  w.pattern.reset();
  w.has_expansion = true;
  return w;
}

}  // namespace

void curl_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  const std::string prog(name);
  std::vector<const WordView*> urls, dirs, outputs, uploads;
  bool remote = false, header_name = false, upload = false, globoff = false, file_default = false;
  bool data = false, get = false, head = false;
  std::optional<std::string> request;  // `-X METHOD`; empty: not static
  for (const auto& o : args.options) {
    if (starts_with(o.spelling, "--expand-"))
      out.escalations.push_back(prog + " " + o.spelling.substr(0, 40) +
                                " (a value from variables)");
    if (!o.decl) continue;
    const std::string opt = option_name(*o.decl);
    const WordView* v = o.value ? &*o.value : nullptr;
    const std::string* s = v && v->literal ? &*v->literal : nullptr;
    if (opt == "--remote-name" || opt == "--remote-name-all") remote = true;
    if (opt == "--remote-header-name") header_name = true;
    if (opt == "--globoff") globoff = true;
    if (opt == "--get") get = true;
    if (opt == "--head") head = true;
    if (!v) continue;
    if (opt == "--request") request = s ? ascii_upper(*s) : std::string();
    if (starts_with(opt, "--data") || starts_with(opt, "--form") || opt == "--json") data = true;
    // `--url @FILE` (`@-`: standard input): curl 8.13 and later read the URLs from FILE, which
    // the line does not show; an older curl fetches host FILE. A fetch the line does not show.
    if (opt == "--url" && s && starts_with(*s, "@"))
      out.fetches.push_back({"", ""});
    else if (opt == "--url")
      urls.push_back(v);
    // The proxy every request goes through is contacted too (`-x HOST:PORT`, `--socks5 HOST`;
    // `-x ""` uses none).
    if ((opt == "--proxy" || opt == "--preproxy" || opt == "--socks4" || opt == "--socks4a" ||
         opt == "--socks5" || opt == "--socks5-hostname") &&
        !(s && s->empty()))
      out.fetches.push_back({s ? *s : std::string(), ""});
    // `--resolve H:P:ADDR`, `--connect-to H1:P1:H2:P2`: the connection goes to ADDR or H2
    // whatever host the URL names (`169.254.169.254` behind `github.com`); `--doh-url URL`,
    // `--dns-servers ADDR[:PORT],…`: the resolvers asked for every name; `--ipfs-gateway URL`:
    // the gateway receiving every `ipfs://` request.
    if (opt == "--resolve" || opt == "--connect-to" || opt == "--doh-url" ||
        opt == "--dns-servers" || opt == "--ipfs-gateway") {
      // `[fd00:ec2::254]` is a glob to bash that matches no file: passed on as written.
      if (!s && v->has_glob && !v->has_expansion && v->pattern) s = &*v->pattern;
      if (!s)
        out.fetches.push_back({"", ""});
      else if (opt == "--doh-url" || opt == "--ipfs-gateway")
        out.fetches.push_back({*s, ""});
      else if (opt == "--resolve" || opt == "--dns-servers")
        for (auto& a : opt == "--resolve" ? resolve_addresses(*s) : dns_servers(*s))
          out.fetches.push_back({std::move(a), ""});
      else if (std::string h = connect_to_host(*s); !h.empty())
        out.fetches.push_back({std::move(h), ""});
    }
    if (opt == "--output-dir") dirs.push_back(v);
    if (opt == "--output") outputs.push_back(v);
    if (opt == "--upload-file") {
      upload = true;
      if (s && has_glob_chars(*s)) uploads.push_back(v);
    }
    if (opt == "--proto-default") file_default = !s || ascii_lower(*s) == "file";
    if (opt == "--cookie" && (!s || s->find('=') == std::string::npos))
      file(out, Touch::read, *v, prog + " --cookie");
    if ((opt == "--data-urlencode" || opt == "--url-query" || opt == "--variable") && s) {
      auto at = s->find_first_of("=@");
      if (at != std::string::npos && (*s)[at] == '@')
        file(out, Touch::read, word_of(*v, s->substr(at + 1)), prog + " " + opt);
    }
    // `--cert FILE:PASSWORD` (`\:` a colon of the name).
    if ((opt == "--cert" || opt == "--proxy-cert") && s && s->find(':') != std::string::npos) {
      std::string f;
      for (std::size_t k = 0; k < s->size() && (*s)[k] != ':'; ++k) {
        if ((*s)[k] == '\\' && k + 1 < s->size() && (*s)[k + 1] == ':') ++k;
        f.push_back((*s)[k]);
      }
      file(out, Touch::read, word_of(*v, f), prog + " " + opt);
    }
    if (opt == "--write-out" && s) {
      for (auto at = s->find("%output{"); at != std::string::npos;
           at = s->find("%output{", at + 1)) {
        auto end = s->find('}', at);
        std::string f = s->substr(at + 8, end == std::string::npos ? end : end - at - 8);
        while (starts_with(f, ">")) f.erase(0, 1);
        file(out, Touch::write, word_of(*v, f), prog + " --write-out %output");
      }
    }
  }
  for (std::size_t i : args.operands) urls.push_back(&w[i]);
  // `https://github.com/{x,y}`: bash's brace expansion makes a static URL of each word.
  std::deque<WordView> braced;
  for (auto& u : urls)
    if (!u->literal && u->has_brace && !u->has_expansion)
      if (auto words = brace_expand(u->text)) {
        const WordView* from = u;
        for (auto& t : *words) braced.push_back(word_of(*from, std::move(t)));
        u = nullptr;
      }
  std::erase(urls, nullptr);
  for (const WordView& b : braced) urls.push_back(&b);
  const std::string method = request        ? *request
                             : upload       ? "PUT"
                             : data && !get ? "POST"
                             : head         ? "HEAD"
                                            : "GET";
  // `-T '{a,b}'`, `-T 'f[1-3]'`: curl globs the files it uploads.
  for (const WordView* t : globoff ? std::vector<const WordView*>() : uploads)
    for (const auto& g : curl_glob_paths(*t, *t->literal, prog, out))
      file(out, Touch::read, g, prog + " --upload-file (curl's glob)");
  for (const WordView* u : urls) {
    if (!u->literal) {
      if (auto vf = variable_file_url(*u)) {
        file(out, Touch::read, *vf, prog + " file: URL");
        if (upload) file(out, Touch::write, *vf, prog + " -T file: URL");
      }
      if (file_default || remote)
        out.escalations.push_back(prog + " with a URL that is not static");
      out.fetches.push_back({"", method});
      continue;
    }
    // A URL glob in the host (`{a,b}.com`, `h[1-9].net`) fetches hosts the line does not spell.
    const bool glob = !globoff && has_glob_chars(authority(*u->literal));
    out.fetches.push_back({glob ? std::string() : *u->literal, method});
    if (auto path = file_url_path(*u->literal, file_default)) {
      if (!globoff && has_glob_chars(*u->literal)) {
        out.escalations.push_back(prog + " with a file: URL holding a glob");
        for (const auto& g : curl_glob_paths(*u, *u->literal, prog, out))
          if (auto gp = file_url_path(g.text, file_default)) {
            WordView pw = word_of(*u, *gp);
            if (!g.literal) {
              pw.literal.reset();
              pw.has_glob = true;
            }
            file(out, Touch::read, pw, prog + " file: URL (curl's glob)");
            if (upload) file(out, Touch::write, pw, prog + " -T file: URL (curl's glob)");
          }
      }
      file(out, Touch::read, word_of(*u, *path), prog + " file: URL");
      if (upload) file(out, Touch::write, word_of(*u, *path), prog + " -T file: URL");
    }
  }
  // Where downloads land: `-O` names, `-J` (the server's name), `-o NAME` in `--output-dir`.
  std::vector<std::string> folders;
  for (const WordView* d : dirs) {
    if (!d->literal) {
      file(out, Touch::write, *d, prog + " --output-dir");
      continue;
    }
    folders.push_back(*d->literal);
  }
  if (folders.empty() && dirs.empty()) folders.push_back("");
  auto join = [](const std::string& d, const std::string& n) {
    return d.empty() ? n : d + "/" + n;
  };
  for (const WordView* o : outputs) {
    if (!o->literal) continue;  // judged as written by the table's `-o` entry
    std::string n = *o->literal;
    // `#1`, `#2`: the text a URL glob matched.
    for (auto h = n.find('#'); h != std::string::npos; h = n.find('#', h + 1))
      if (h + 1 < n.size() && n[h + 1] >= '0' && n[h + 1] <= '9') {
        std::size_t e = h + 1;
        while (e < n.size() && n[e] >= '0' && n[e] <= '9') ++e;
        n.replace(h, e - h, "*");
      }
    bool glob = n != *o->literal;
    for (const auto& d : folders) {
      if (d.empty() && !glob) continue;
      WordView f = word_of(*o, join(d, n));
      if (glob) {
        f.literal.reset();
        f.has_glob = true;
      }
      file(out, Touch::write, f, prog + " --output");
    }
  }
  if (!remote) return;
  const WordView& at = urls.empty() ? w[0] : *urls.front();
  for (const auto& d : folders) {
    bool unknown = header_name;
    for (const WordView* u : urls) {
      if (!u->literal) {
        unknown = true;
        continue;
      }
      // `file[1-3].txt`, `{a,b}.txt`: the names of curl's glob (a range a glob of names).
      bool ranged = false;
      auto globbed = globoff || !has_glob_chars(*u->literal)
                         ? std::optional<std::vector<std::string>>({*u->literal})
                         : curl_glob_words(*u->literal, ranged);
      if (!globbed) {
        unknown = true;
        continue;
      }
      for (const auto& g : *globbed) {
        auto names = remote_names(g);
        if (names.empty()) unknown = true;
        for (const auto& n : names) {
          WordView f = word_of(*u, join(d, n));
          if (ranged) {
            f.literal.reset();
            f.has_glob = true;
          }
          file(out, Touch::write, f, prog + " --remote-name");
        }
      }
    }
    // A folder given is judged as its files; the current folder as the files of the work tree
    // the line does not name (`curl -OJ URL`: the server names the file).
    if (unknown && !d.empty())
      file(out, Touch::write, folder_files(at, d), prog + " --remote-header-name");
    else if (unknown)
      add_tree_write(out, prog + " --remote-header-name (a file the server names)");
  }
}

// wget without `-O`: each URL is saved in the current folder (or `-P DIR`) under its last path
// segment, `index.html` when it has none. With `-x` (and in a recursive download, `-r`, `-m`),
// under the URL's folders too: `HOST/PATH` (`-nH`: `PATH`; `--protocol-directories`:
// `SCHEME/HOST/PATH`; `--cut-dirs=N`: PATH's first N folders dropped; `-nd`: none of them).
// Recursive and server-named downloads (`-r`, `-m`, `-p`, `--content-disposition`, `-i FILE`)
// name files the line does not show: every file below the folder they land in.
void wget_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                  ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  const std::string prog(name);
  std::string dir;
  std::string method = "GET";
  bool named = false, dir_unknown = false;
  bool server_named = false, recursive = false, force_dirs = false, no_dirs = false;
  bool no_host = false, scheme_dirs = false, span = false;
  const WordView* dir_word = nullptr;  // `-P DIR`
  std::size_t cut = 0;
  for (const auto& o : args.options) {
    if (o.decl && o.spelling == "-n" && o.value) {
      const std::string* v = o.value->literal ? &*o.value->literal : nullptr;
      if (!v || v->find('d') != std::string::npos) no_dirs = true;
      if (!v || v->find('H') != std::string::npos) no_host = true;
    }
    if (!o.decl || o.decl->longs.empty()) continue;
    const std::string_view l = o.decl->longs.front();
    if (l == "content-disposition" || l == "trust-server-names") server_named = true;
    if (l == "no-directories") no_dirs = true;
    if (l == "no-host-directories") no_host = true;
    if (l == "force-directories") force_dirs = true;
    if (l == "protocol-directories") scheme_dirs = true;
    if (l == "cut-dirs") {
      const std::string* v = o.value && o.value->literal ? &*o.value->literal : nullptr;
      if (v && !v->empty() && v->size() < 4 &&
          v->find_first_not_of("0123456789") == std::string::npos)
        cut = static_cast<std::size_t>(std::stoi(*v));
      else
        out.escalations.push_back(prog + " --cut-dirs with a value it cannot read");
    }
    if (l == "recursive" || l == "mirror" || l == "page-requisites" || l == "input-file")
      recursive = true;
    if (l == "post-data" || l == "post-file") method = "POST";
    if (l == "method") method = o.value && o.value->literal ? ascii_upper(*o.value->literal) : "";
    // `-i FILE`: URLs the line does not show.
    if (l == "input-file") out.fetches.push_back({"", method});
    if (l == "output-document") named = true;  // `-O FILE`: that file (the table's entry)
    if (l == "directory-prefix") {
      if (!o.value || !o.value->literal) {
        dir_unknown = true;  // every file below the folder the line does not show
        if (o.value) add_folder_files(out, *o.value, From::option, prog + " -P");
      } else {
        dir = *o.value->literal;
        dir_word = &*o.value;
      }
    }
    if (l == "span-hosts") span = true;
    // `-e https_proxy=HOST:PORT`: a wgetrc command naming the proxy every request goes through.
    if (l == "execute" && (!o.value || !o.value->literal)) out.fetches.push_back({"", method});
    if (l == "execute" && o.value && o.value->literal)
      if (auto proxy = wgetrc_proxy(*o.value->literal); proxy && !proxy->empty())
        out.fetches.push_back({*proxy, method});
  }
  for (std::size_t i : args.operands)
    out.fetches.push_back({w[i].literal ? *w[i].literal : std::string(), method});
  // `-H` in a recursive download: the hosts the pages link to, which the line does not show.
  if (span && recursive) out.fetches.push_back({"", method});
  // `-r -P DIR`, `--content-disposition -P DIR`: names the line does not show, any file of DIR
  // (without them, `-P DIR` writes DIR/NAME, judged below).
  if (dir_word && (recursive || server_named))
    add_folder_files(out, *dir_word, From::option, prog + " -P");
  if (named || dir_unknown) return;
  const bool dirs = (force_dirs || recursive) && !no_dirs;
  auto under = [&](const std::string& rel) {
    return dir.empty() ? rel : rel.empty() ? dir : dir + "/" + rel;
  };
  // Every file below a folder (`""`: the current one, files of the work tree at most asked).
  auto everything_below = [&](const WordView& at, const std::string& rel) {
    const std::string f = under(rel);
    if (f.empty()) return add_tree_write(out, prog + " (files the server or links name)");
    const std::size_t n = out.files.size();
    file(out, Touch::write, word_of(at, f), prog + " (files the server or links name)");
    if (out.files.size() > n) out.files.back().recursive = true;
  };
  // The folders `-x` makes for a URL: `[SCHEME/][HOST/]PATH'S FOLDERS` less `--cut-dirs`.
  auto folders_of = [&](std::string_view url, bool path_too) {
    std::string scheme = "http";
    if (auto s = url.find("://"); s != std::string_view::npos) {
      scheme = ascii_lower(std::string(url.substr(0, s)));
      url.remove_prefix(s + 3);
    }
    std::string_view host = url.substr(0, url.find_first_of("/?#"));
    if (auto at = host.rfind('@'); at != std::string_view::npos) host.remove_prefix(at + 1);
    std::string_view path = url.substr(host.size());
    path = path.substr(0, path.find_first_of("?#"));
    std::vector<std::string> segs;
    for (std::size_t b = 0; b < path.size();) {
      std::size_t e = path.find('/', b);
      if (e == std::string_view::npos) break;  // the last segment is the file
      if (e > b) segs.push_back(percent_decode(path.substr(b, e - b)));
      b = e + 1;
    }
    std::string r = scheme_dirs ? scheme : "";
    auto add = [&](const std::string& x) { r = r.empty() ? x : r + "/" + x; };
    if (!no_host) add(ascii_lower(std::string(host)));
    for (std::size_t k = cut; path_too && k < segs.size(); ++k) add(segs[k]);
    return r;
  };
  if (server_named || recursive) {
    if (!dirs || no_host) {
      everything_below(w[0], "");
    } else {
      for (std::size_t i : args.operands) {
        if (!w[i].literal) {
          everything_below(w[i], "");
          continue;
        }
        everything_below(w[i], folders_of(*w[i].literal, false));
      }
    }
  }
  for (std::size_t i : args.operands) {
    const WordView& u = w[i];
    if (!u.literal) continue;
    auto names = remote_names(*u.literal);
    if (names.empty()) names.push_back("index.html");
    const std::string folder = dirs ? folders_of(*u.literal, true) : std::string();
    for (const auto& n : names)
      file(out, Touch::write, word_of(u, under(folder.empty() ? n : folder + "/" + n)),
           prog + " URL's file");
  }
}

// aria2c URI...: each fetched (a torrent or metalink file operand is read by the table's
// options, not fetched); `-i FILE` fetches URIs the line does not show.
void aria2c_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = parse_args(p, w, 1);
  OperandState st;
  apply_options(name, args, out, st);
  std::string dir;
  bool named = false;
  for (const auto& o : args.options) {
    if (!o.decl) continue;
    if (option_name(*o.decl) == "--input-file") out.fetches.push_back({"", "GET"});
    if (option_name(*o.decl) == "--out") named = true;  // `-o NAME`: the table's entry
    if (option_name(*o.decl) == "--dir") {
      if (!o.value || !o.value->literal)
        named = true;  // not shown: `-d`'s entry judges it
      else
        dir = *o.value->literal;
    }
  }
  for (std::size_t i : args.operands)
    out.fetches.push_back({w[i].literal ? *w[i].literal : std::string(), "GET"});
  named_hosts::aria2c_proxies(w, out.fetches);
  if (named) return;
  // Each URL's file is saved under its last path segment in the current folder (or `-d DIR`).
  const std::string prog(name);
  for (std::size_t i : args.operands) {
    const WordView& u = w[i];
    if (!u.literal || u.literal->find("://") == std::string::npos) continue;  // a .torrent
    for (const auto& n : remote_names(*u.literal))
      file(out, Touch::write, word_of(u, dir.empty() ? n : dir + "/" + n), prog + " URI's file");
  }
}

}  // namespace vigie::engine
