// The container CLIs' commands in every spelling they accept (engine/program_handlers.hpp,
// `container_command_spellings`): a top-level command and its management form (`docker rm` and
// `docker container rm`, `docker rmi` and `docker image rm`), and the management commands'
// aliases (`docker container remove`, `docker volume remove`, `docker image list`). A deny or
// ask rule written with one spelling meets the others: the command is also judged (by those
// rules only) under each other spelling.
#include <string>

#include <fmt/format.h>

#include "engine/program_handlers.hpp"
#include "grammar/limits.hpp"

namespace vigie::engine {

namespace {

using shell::WordView;
using Words = std::vector<WordView>;

// One command, each spelling its words after the program's global options (docker's, podman's
// and nerdctl's CLIs: `docker COMMAND --help` lists the aliases).
struct Spellings {
  std::string_view forms[4];
};
constexpr Spellings kCommands[] = {
    {{"rm", "container rm", "container remove"}},
    {{"rmi", "image rm", "image remove"}},
    {{"ps", "container ls", "container list", "container ps"}},
    {{"images", "image ls", "image list"}},
    {{"run", "container run"}},
    {{"create", "container create"}},
    {{"exec", "container exec"}},
    {{"kill", "container kill"}},
    {{"stop", "container stop"}},
    {{"start", "container start"}},
    {{"restart", "container restart"}},
    {{"pause", "container pause"}},
    {{"unpause", "container unpause"}},
    {{"attach", "container attach"}},
    {{"commit", "container commit"}},
    {{"cp", "container cp"}},
    {{"diff", "container diff"}},
    {{"export", "container export"}},
    {{"logs", "container logs"}},
    {{"port", "container port"}},
    {{"rename", "container rename"}},
    {{"stats", "container stats"}},
    {{"top", "container top"}},
    {{"update", "container update"}},
    {{"wait", "container wait"}},
    {{"build", "image build", "buildx build", "builder build"}},
    {{"history", "image history"}},
    {{"import", "image import"}},
    {{"load", "image load"}},
    {{"pull", "image pull"}},
    {{"push", "image push"}},
    {{"save", "image save"}},
    {{"tag", "image tag"}},
    {{"volume rm", "volume remove"}},
    {{"volume ls", "volume list"}},
    {{"network rm", "network remove"}},
    {{"network ls", "network list"}},
    {{"context rm", "context remove"}},
    {{"context ls", "context list"}},
    {{"secret rm", "secret remove"}},
    {{"config rm", "config remove"}},
};

// How many words of `form` (space-separated) start at w[at], or 0.
std::size_t form_at(std::string_view form, const Words& w, std::size_t at) {
  std::size_t n = 0;
  while (!form.empty()) {
    const std::size_t sp = form.find(' ');
    const std::string_view word = form.substr(0, sp);
    if (at + n >= w.size() || !w[at + n].literal || *w[at + n].literal != word) return 0;
    ++n;
    if (sp == std::string_view::npos) break;
    form.remove_prefix(sp + 1);
  }
  return n;
}

}  // namespace

std::string_view container_top_level(std::string_view sub) {
  for (const Spellings& c : kCommands) {
    if (c.forms[0].find(' ') != std::string_view::npos) continue;
    for (std::string_view f : c.forms)
      if (f.size() == 10 + sub.size() && f.starts_with("container ") && f.ends_with(sub))
        return c.forms[0];
  }
  return {};
}

void container_command_spellings(const Words& w, std::size_t at, ProgramEffects& out) {
  // Each spelling copies the command: bounded before the copies (a longer command is asked).
  if (w.size() > limits::judged_paths) {
    out.escalations.push_back(
        fmt::format("a container command of more than {} words", limits::judged_paths));
    return;
  }
  for (const Spellings& c : kCommands) {
    std::size_t written = 0;
    std::string_view as_written;
    for (std::string_view f : c.forms) {
      const std::size_t n = f.empty() ? 0 : form_at(f, w, at);
      if (n > written) {  // the longest form written (`container rm` over a lone `rm`)
        written = n;
        as_written = f;
      }
    }
    if (written == 0) continue;
    for (std::string_view f : c.forms) {
      if (f.empty() || f == as_written) continue;
      Words argv(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(at));
      for (std::string_view rest = f; !rest.empty();) {
        const std::size_t sp = rest.find(' ');
        argv.push_back(synthesized(w[at], std::string(rest.substr(0, sp)), 0));
        if (sp == std::string_view::npos) break;
        rest.remove_prefix(sp + 1);
      }
      argv.insert(argv.end(), w.begin() + static_cast<std::ptrdiff_t>(at + written), w.end());
      out.deny_argvs.push_back(std::move(argv));
    }
    return;
  }
}

}  // namespace vigie::engine
