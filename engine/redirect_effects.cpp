// What redirections do to files (`> f` writes f, `< f` reads it; `2>&1`, here-documents and
// harmless devices touch none), and which devices are harmless: shared by every command's
// effects (engine/programs.hpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "engine/descriptor_paths.hpp"
#include "engine/programs.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

bool harmless_device(std::string_view t) {
  return t == "/dev/null" || t == "/dev/stdout" || t == "/dev/stderr" || t == "/dev/stdin" ||
         t == "/dev/tty" || t == "/dev/zero" || t == "/dev/random" || t == "/dev/urandom" ||
         (t.size() > 8 && t.compare(0, 8, "/dev/fd/") == 0 &&
          std::all_of(t.begin() + 8, t.end(), [](char c) { return c >= '0' && c <= '9'; }));
}

namespace {

// Whether the target of redirects[i] is `$v` or `${v}` with `v` the variable of an earlier
// redirection that opens a descriptor (`{v}>F`, `{v}<F`, `{v}>&2`).
bool fd_variable(const std::vector<shell::RedirectView>& redirects, std::size_t i) {
  std::string_view name = redirects[i].target.text;
  if (!name.starts_with('$')) return false;
  name.remove_prefix(1);
  if (name.starts_with('{') && name.ends_with('}')) name = name.substr(1, name.size() - 2);
  if (name.empty()) return false;
  for (std::size_t k = 0; k < i; ++k) {
    const auto& r = redirects[k];
    const bool closes =
        (r.op == ">&" || r.op == "<&") && r.target.literal && r.target.literal->ends_with('-');
    if (r.fd_var == name && !closes) return true;
  }
  return false;
}

}  // namespace

void redirect_effects(const std::vector<shell::RedirectView>& redirects,
                      std::vector<FileEffect>& out) {
  for (std::size_t i = 0; i < redirects.size(); ++i) {
    const auto& r = redirects[i];
    // One past the judge's limit is enough to make it ask (limits::judged_paths): the rest are
    // not built.
    if (out.size() > limits::judged_paths) return;
    const std::string& op = r.op;
    if (op == "<<" || op == "<<-" || op == "<<<") continue;  // data
    const std::string* t = r.target.literal   ? &*r.target.literal
                           : r.target.pattern ? &*r.target.pattern
                                              : nullptr;
    bool dup = op == ">&" || op == "<&";
    if (dup) {
      // `2>&1`, `>&-`: a descriptor. `>&FILE` (bash: like `&>FILE`) writes FILE.
      if (op == "<&") continue;
      if (t && (t->empty() || *t == "-" ||
                std::all_of(t->begin(), t->end(), [](char c) { return c >= '0' && c <= '9'; }) ||
                (t->back() == '-' && std::all_of(t->begin(), t->end() - 1,
                                                 [](char c) { return c >= '0' && c <= '9'; }))))
        continue;
      if (!t && r.fd >= 0 && r.fd != 1) continue;  // `2>&$fd`: a descriptor
      // `{v}>F >&$v`: the descriptor an earlier redirection of the command opened and stored
      // in `v` (F is judged there); `{v}>&-` closes one and stores nothing.
      if (!t && fd_variable(redirects, i)) continue;
    }
    bool writes = op == ">" || op == ">>" || op == ">|" || op == "&>" || op == "&>>" ||
                  op == "<>" || op == ">&";
    bool reads = op == "<" || op == "<>";
    // `echo x 3<f >/dev/fd/3`: opening a descriptor's path (`/dev/stdin`, `/proc/self/fd/3`)
    // opens its file again, for writing too, whatever the descriptor was opened for.
    if (writes && t)
      if (const DescriptorPath d = descriptor_path(*t, ""); d.fd >= 0 && !d.below)
        for (const OpenFile& o : open_files(redirects, i))
          if (o.fd == d.fd) out.push_back({Touch::write, *o.file, From::redirect, op});
    if (t && harmless_device(*t)) continue;
    if (writes) out.push_back({Touch::write, r.target, From::redirect, op});
    if (reads) out.push_back({Touch::read, r.target, From::redirect, op});
  }
}

void network_redirects(const std::vector<shell::RedirectView>& redirects,
                       std::vector<std::string>& connections, std::vector<UrlFetch>& fetches) {
  for (const auto& r : redirects) {
    if (r.op == "<<" || r.op == "<<-" || r.op == "<<<") continue;  // data
    // bash matches the target's text (redir.c, `/dev/tcp/*/*`): no other spelling of the path.
    std::string_view t = r.target.literal ? std::string_view(*r.target.literal) : r.target.text;
    const bool is_static = r.target.literal.has_value();
    std::string_view proto;
    for (std::string_view dev : {"/dev/tcp/", "/dev/udp/"})
      if (t.substr(0, dev.size()) == dev) proto = dev.substr(5, 3);
    if (proto.empty()) {
      // `> "/dev/$P/h/80"`: a target that is not static but begins `/dev/` may name one.
      if (is_static) continue;
      std::string_view u = t;
      while (!u.empty() && (u[0] == '"' || u[0] == '\'')) u.remove_prefix(1);
      if (u.substr(0, 5) != "/dev/") continue;
      connections.push_back(fmt::format(
          "the redirection `{}{}` may open a network connection (bash's /dev/tcp, /dev/udp)", r.op,
          r.target.text));
      fetches.push_back({"", ""});
      continue;
    }
    const std::string_view rest = t.substr(9);
    const std::size_t slash = rest.find('/');
    const std::string_view host = rest.substr(0, slash);
    const std::string_view port = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
    connections.push_back(
        fmt::format("the redirection `{}{}` opens a network connection ({} to {}, port {})", r.op,
                    r.target.text, proto, host, port));
    if (!is_static || host.find_first_of("$`") != std::string_view::npos) {
      fetches.push_back({"", ""});
    } else {
      const bool sends = r.op != "<";
      fetches.push_back({fmt::format("http://{}:{}/", host, port), sends ? "POST" : "GET"});
    }
  }
}

}  // namespace vigie::engine
