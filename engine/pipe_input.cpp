// What a pipeline stage reads from the stage before it (pipe_input.hpp).
#include "engine/pipe_input.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/line_pipelines.hpp"
#include "engine/normalize_internal.hpp"
#include "engine/printed_text.hpp"
#include "engine/program_words.hpp"
#include "engine/programs.hpp"
#include "engine/safety.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine {
namespace {

using program_words::in;

std::string_view program_of(const shell::CommandView& c) {
  if (c.argv.empty() || !c.argv.front().literal) return {};
  std::string_view s = *c.argv.front().literal;
  std::size_t slash = s.rfind('/');
  return slash == std::string_view::npos ? s : s.substr(slash + 1);
}

bool reads_redirected_input(const shell::CommandView& c) {
  return std::any_of(c.redirects.begin(), c.redirects.end(), [](const shell::RedirectView& r) {
    return r.fd == 0 && in(r.op, {"<", "<<", "<<-", "<<<", "<>", "<&"});
  });
}

// `either`: a text the line shows, or another one (an echo whose escapes may be decoded).
enum class Feed { text, either, file, download, unknown };

// What `cat` without operands prints: its here-string or static here-document, or a file.
Feed cat_input(const shell::CommandView& c, std::string& text) {
  Feed feed = Feed::unknown;
  for (const auto& r : c.redirects) {
    if (r.fd != 0) continue;
    if (r.op == "<<<") {
      if (!r.target.literal) return Feed::unknown;
      text = *r.target.literal + "\n";
      feed = Feed::text;
    } else if ((r.op == "<<" || r.op == "<<-") && r.heredoc_body) {
      const std::string& b = *r.heredoc_body;
      if (!r.heredoc_quoted && b.find_first_of("$`") != std::string::npos) return Feed::unknown;
      text = heredoc_text(r);
      feed = Feed::text;
    } else if (r.op == "<" || r.op == "<>") {
      feed = Feed::file;
    } else if (r.op == "<&") {
      feed = Feed::unknown;
    }
  }
  return feed;
}

bool downloads(const shell::CommandView& c, const NormalizeOptions& opts) {
  // Through its wrappers (`sudo curl … | sh`): normalized once more, for this rare stage only.
  NormalizedCommand n = normalize(c, opts);
  return n.name_static && is_downloader(policy::ascii_lower(n.name));
}

// Whether a stage before stage `k` downloads, each stage normalized at most once per pipeline
// (a pipeline of many shells stays linear).
struct DownloadsBefore {
  const std::vector<shell::CommandView>& cmds;
  std::span<const std::size_t> group;
  const NormalizeOptions& opts;
  std::size_t scanned = 0;
  bool seen = false;
  bool operator()(std::size_t k) {
    for (; scanned < k && !seen; ++scanned) seen = downloads(cmds[group[scanned]], opts);
    return seen;
  }
};

// What stage `k` of `group` reads from the stage before it (`tilde`: for a shell, which expands
// a leading `~` of the text again).
Feed feed_of(const std::vector<shell::CommandView>& cmds, std::span<const std::size_t> group,
             std::size_t k, DownloadsBefore& downloads_before, bool tilde, std::string& text) {
  if (k == 0) return Feed::unknown;  // after a compound command: `{ echo a; echo b; } | bash`
  const shell::CommandView& p = cmds[group[k - 1]];
  std::string_view name = program_of(p);
  if (auto printed = printed_text(name, p.argv, tilde)) {
    text = std::move(*printed);
    return Feed::text;
  }
  // `echo 'cat .e\156v' | sh` under dash: what bash's echo prints, and a text not shown.
  if (auto printed = echo_as_written(name, p.argv, tilde)) {
    text = std::move(*printed);
    return Feed::either;
  }
  if (name == "cat") {
    if (p.argv.size() == 1) return cat_input(p, text);
    bool files = true;
    for (std::size_t i = 1; i < p.argv.size(); ++i) {
      const auto& v = p.argv[i].literal;
      if (!v || v->empty() || (*v)[0] == '-') files = false;
    }
    if (files) return Feed::file;
  }
  // A download anywhere before (`curl … | gunzip | sh`): the pipe-to-shell check's.
  return downloads_before(k) ? Feed::download : Feed::unknown;
}

// Whether `c` may run its input as code: a word of it names a shell, `source`, busybox, a
// scheduler (`at`, `batch`), a client that reads commands or an interpreter (a cheap screen before
// the producer is looked at).
bool may_read_code(const shell::CommandView& c) {
  for (const auto& w : c.argv) {
    if (!w.literal) continue;
    std::string_view s = *w.literal;
    std::size_t slash = s.rfind('/');
    if (slash != std::string_view::npos) s = s.substr(slash + 1);
    if (is_shell(s) || in(s, {"source", ".", "busybox", "at", "batch", "crontab"}) ||
        normalize_detail::reads_stdin_commands(s) || program_name(s).interpreter)
      return true;
  }
  return false;
}

shell::WordView here_string(const std::optional<std::string>& text, shell::Span at) {
  shell::WordView v;
  if (text) {
    v.text = *text;
    v.literal = *text;
    v.pattern = *text;
  } else {
    v.text = "$(…)";  // what the stage before prints
    v.has_expansion = true;
  }
  v.span = at;
  return v;
}

// GNU parallel without `:::`, `::::` or `-a` reads its arguments from its input, one per line:
// given them as `::: ARG…` (a text the line shows) or as `::: $(…)` (one it does not show).
void parallel_input(shell::CommandView& c, Feed feed, const std::string& text) {
  bool split_lines = true;
  for (std::size_t i = 1; i < c.argv.size(); ++i) {
    if (!c.argv[i].literal) continue;
    std::string_view s = *c.argv[i].literal;
    if (in(s, {":::", "::::", ":::+", "::::+", "-a", "--arg-file", "--pipe", "--pipepart",
               "--spreadstdin"}) ||
        s.starts_with("--arg-file=") || (s.starts_with("-a") && s.size() > 2 && s[1] != '-'))
      return;
    if (in(s, {"-0", "--null", "-d", "--delimiter", "--colsep", "-C", "--recend", "--recstart",
               "-E", "--eof"}) ||
        s.starts_with("--delimiter=") || s.starts_with("--colsep=") ||
        (s.size() > 2 && s[0] == '-' && s[1] != '-' && (s[1] == 'd' || s[1] == 'C')))
      split_lines = false;
  }
  shell::WordView sep;
  sep.text = ":::";
  sep.literal = ":::";
  sep.pattern = ":::";
  sep.span = {c.span.end, c.span.end};
  std::vector<shell::WordView> args;
  if (feed == Feed::text && split_lines) {
    std::size_t from = 0;
    while (from < text.size() && args.size() <= limits::judged_paths) {
      std::size_t nl = text.find('\n', from);
      if (nl == std::string::npos) nl = text.size();
      if (nl > from) args.push_back(here_string(text.substr(from, nl - from), sep.span));
      from = nl + 1;
    }
    if (args.size() > limits::judged_paths) args.clear();
  }
  if (args.empty() &&
      !(feed == Feed::text && split_lines && text.find_first_not_of('\n') == std::string::npos))
    args.push_back(here_string(std::nullopt, sep.span));
  if (args.empty()) return;  // nothing on its input: nothing run
  c.argv.push_back(std::move(sep));
  for (auto& a : args) c.argv.push_back(std::move(a));
}

}  // namespace

void pipe_input(std::vector<shell::CommandView>& cmds, const NormalizeOptions& opts) {
  if (std::none_of(cmds.begin(), cmds.end(),
                   [](const shell::CommandView& c) { return c.op == "|" || c.op == "|&"; }))
    return;
  for (const auto group : line_pipelines(cmds)) {
    DownloadsBefore downloads_before{cmds, group, opts};
    for (std::size_t k = 0; k < group.size(); ++k) {
      shell::CommandView& c = cmds[group[k]];
      if ((c.op != "|" && c.op != "|&") || c.argv.empty()) continue;
      if (program_of(c) == "xargs" || reads_redirected_input(c)) continue;
      const bool parallel = program_of(c) == "parallel";
      if (!parallel && !may_read_code(c)) continue;
      std::string text;
      Feed feed = feed_of(cmds, group, k, downloads_before, !parallel, text);
      if (parallel) {
        parallel_input(c, feed, text);
        continue;
      }
      // A file or a download into a shell or an interpreter is their checks' (an input the line
      // does not show); into ssh, the remote shell runs it: an input the line does not show.
      if ((feed == Feed::file || feed == Feed::download) && program_of(c) != "ssh") continue;
      shell::RedirectView r;
      r.op = "<<<";
      r.fd = 0;
      r.span = {c.span.end, c.span.end};
      if (feed == Feed::either) {  // both judged: the text shown, and one not shown
        shell::RedirectView shown = r;
        shown.target = here_string(text, r.span);
        c.redirects.push_back(std::move(shown));
      }
      r.target = here_string(
          feed == Feed::text ? std::optional<std::string>(std::move(text)) : std::nullopt, r.span);
      c.redirects.push_back(std::move(r));
    }
  }
}

}  // namespace vigie::engine
