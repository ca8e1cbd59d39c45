// `vigie acp`: an Agent Client Protocol permission proxy.
//
//   editor <-stdin/stdout-> vigie acp <-pipes-> AGENT_COMMAND (spawned by vigie)
//
// ACP is JSON-RPC 2.0, one message per line. Every line passes through unchanged (byte for byte,
// in order, both ways), except the agent's `session/request_permission` requests that the policy
// decides: vigie answers an allow or a deny itself (the option of the fitting kind, see
// acp_map.hpp) and forwards an ask to the editor, as it does anything it cannot map. A line
// longer than limits::request_bytes is never buffered whole: it streams through unchanged (a
// permission request that long is forwarded, i.e. asked). Exit: the agent's exit status (128+N
// when killed by signal N), 1 when the policy does not compile, 2 on bad usage, 127 when the
// agent cannot be run.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/acp_map.hpp"
#include "cli/command.hpp"
#include "cli/context.hpp"
#include "engine/limits.hpp"

namespace vigie::cli {
namespace {

using nlohmann::json;

// Past this many bytes waiting to be written one way, vigie stops reading the other end until
// the reader catches up (backpressure: memory stays bounded whatever either side does).
constexpr std::size_t kHighWater = 1 << 20;
constexpr std::size_t kMaxLine = limits::request_bytes;

struct AcpArgs {
  Context flags;     // --policy, --cwd, --project, --home, --mode, --agent, --non-interactive
  acp::Context ctx;  // what the flags say, for the requests of the permission requests
  bool quiet = false;
  std::vector<std::string> agent;
};

int usage_error(const std::string& msg) {
  return cli::usage_error("acp", msg);
}

// One direction of the relay: bytes read from `in`, lines handled, bytes queued for `out`.
struct Stream {
  int in = -1, out = -1;
  std::string pending;       // the start of a line not yet ended
  bool passthrough = false;  // inside an oversized line: bytes go out as they come, to its '\n'
  std::string queue;         // bytes for `out`
  std::size_t sent = 0;      // of `queue`
  bool out_is_ours = false;  // a pipe vigie made (non-blocking), else a stdio fd
  std::size_t waiting() const { return queue.size() - sent; }
  // The queue ends at a line boundary (a partial line waits in `pending`, not in the queue).
  bool at_line_start() const { return !passthrough; }
};

volatile sig_atomic_t g_agent_pid = 0;
extern "C" void forward_signal(int sig) {
  if (g_agent_pid > 0) ::kill(static_cast<pid_t>(g_agent_pid), sig);
}

class Proxy {
 public:
  Proxy(const Policy& policy, const AcpArgs& args) : policy_(policy), args_(args) {}
  int run();

 private:
  bool spawn();
  void feed(Stream& s, const char* data, std::size_t n, bool from_agent);
  void line_from_agent(std::string&& line);
  void line_from_editor(const std::string& line);
  void answer_agent(const std::string& line);
  bool flush(Stream& s);
  void close_out(Stream& s);

  const Policy& policy_;
  const AcpArgs& args_;
  acp::Memory memory_;
  pid_t pid_ = -1;
  Stream up_;    // editor (fd 0) -> agent stdin
  Stream down_;  // agent stdout -> editor (fd 1)
  std::vector<std::string>
      deferred_;  // answers waiting for the agent's stdin to be at a line start
};

bool Proxy::spawn() {
  int to_agent[2], from_agent[2], exec_err[2];
  if (::pipe2(to_agent, O_CLOEXEC) != 0) return false;
  if (::pipe2(from_agent, O_CLOEXEC) != 0) return false;
  if (::pipe2(exec_err, O_CLOEXEC) != 0) return false;
  std::vector<char*> argv;
  for (const auto& a : args_.agent) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) return false;
  if (pid_ == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    if (::dup2(to_agent[0], 0) < 0 || ::dup2(from_agent[1], 1) < 0) ::_exit(127);
    ::execvp(argv[0], argv.data());
    int e = errno;
    ssize_t w = ::write(exec_err[1], &e, sizeof e);
    (void)w;
    ::_exit(127);
  }
  ::close(to_agent[0]);
  ::close(from_agent[1]);
  ::close(exec_err[1]);
  int e = 0;
  ssize_t r;
  do r = ::read(exec_err[0], &e, sizeof e);
  while (r < 0 && errno == EINTR);
  ::close(exec_err[0]);
  if (r == sizeof e) {
    std::cerr << "vigie acp: cannot run `" << args_.agent[0] << "`: " << std::strerror(e) << "\n";
    ::close(to_agent[1]);
    ::close(from_agent[0]);
    int st;
    ::waitpid(pid_, &st, 0);
    pid_ = -1;
    return false;
  }
  g_agent_pid = pid_;
  up_.in = 0;
  up_.out = to_agent[1];
  up_.out_is_ours = true;
  down_.in = from_agent[0];
  down_.out = 1;
  ::fcntl(to_agent[1], F_SETFL, ::fcntl(to_agent[1], F_GETFL) | O_NONBLOCK);
  ::fcntl(from_agent[0], F_SETFL, ::fcntl(from_agent[0], F_GETFL) | O_NONBLOCK);
  return true;
}

void Proxy::feed(Stream& s, const char* data, std::size_t n, bool from_agent) {
  std::size_t i = 0;
  while (i < n) {
    const char* nl = static_cast<const char*>(std::memchr(data + i, '\n', n - i));
    std::size_t end = nl ? static_cast<std::size_t>(nl - data) + 1 : n;
    if (s.passthrough) {
      if (s.out >= 0) s.queue.append(data + i, end - i);
      s.passthrough = nl == nullptr;
    } else if (!nl && s.pending.size() + (end - i) > kMaxLine) {
      // Oversized: not judged, not buffered whole; it goes through as it is.
      if (!args_.quiet && from_agent)
        std::cerr << "vigie acp: a message over " << kMaxLine << " bytes passed through unjudged\n";
      if (s.out >= 0) {
        s.queue += s.pending;
        s.queue.append(data + i, end - i);
      }
      s.pending.clear();
      s.passthrough = true;
    } else {
      s.pending.append(data + i, end - i);
      if (nl) {
        std::string line;
        line.swap(s.pending);
        if (from_agent)
          line_from_agent(std::move(line));
        else
          line_from_editor(line);
      }
    }
    i = end;
  }
  if (!from_agent && up_.at_line_start()) {
    for (auto& a : deferred_) answer_agent(a);
    deferred_.clear();
  }
}

void Proxy::line_from_editor(const std::string& line) {
  if (line.find("session/") != std::string::npos) memory_.from_editor(engine::parse_json(line));
  if (up_.out >= 0) up_.queue += line;
}

void Proxy::answer_agent(const std::string& line) {
  if (up_.out < 0) return;
  if (!up_.at_line_start()) {
    deferred_.push_back(line);
    return;
  }
  up_.queue += line;
  up_.queue += '\n';
}

void Proxy::line_from_agent(std::string&& line) {
  // Only lines that can matter are parsed: a permission request, a tool call announced, the
  // response to a session/new. A method spelled with escapes is not recognized: forwarded.
  bool permission = line.find("session/request_permission") != std::string::npos;
  bool update = line.find("session/update") != std::string::npos;
  if (permission || update || line.find("sessionId") != std::string::npos) {
    json m = engine::parse_json(line);
    memory_.from_agent(m);
    auto method = m.is_object() ? m.find("method") : m.end();
    if (permission && method != m.end() && *method == "session/request_permission" &&
        up_.out >= 0) {
      acp::Verdict v = acp::judge_permission(m, policy_, args_.ctx, memory_);
      if (!args_.quiet) std::cerr << "vigie acp: " << v.note << "\n";
      if (v.answer) {
        answer_agent(v.response);
        return;
      }
    }
  }
  if (down_.out >= 0) down_.queue += line;
}

// Writes what it can without blocking (a stdio fd gets at most PIPE_BUF bytes per call, which a
// pipe reported writable takes at once). False when the reader is gone.
bool Proxy::flush(Stream& s) {
  while (s.waiting() > 0) {
    std::size_t n = s.waiting();
    if (!s.out_is_ours) n = std::min<std::size_t>(n, PIPE_BUF);
    ssize_t w = ::write(s.out, s.queue.data() + s.sent, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    if (w <= 0) return false;
    s.sent += static_cast<std::size_t>(w);
    if (!s.out_is_ours) break;
  }
  if (s.sent == s.queue.size() || s.sent > kHighWater) {
    s.queue.erase(0, s.sent);
    s.sent = 0;
  }
  return true;
}

void Proxy::close_out(Stream& s) {
  if (s.out >= 0 && s.out_is_ours) ::close(s.out);
  s.out = -1;
  s.queue.clear();
  s.sent = 0;
}

int Proxy::run() {
  if (!spawn()) return pid_ < 0 ? 127 : kExitError;
  char buf[65536];
  for (;;) {
    if (up_.in < 0 && up_.waiting() == 0 && up_.out >= 0) close_out(up_);  // editor gone
    if (down_.in < 0 && (down_.waiting() == 0 || down_.out < 0)) break;    // agent done
    pollfd fds[4];
    int n = 0, i_up_in = -1, i_down_in = -1, i_up_out = -1, i_down_out = -1;
    if (up_.in >= 0 && up_.waiting() < kHighWater) {
      i_up_in = n;
      fds[n++] = {up_.in, POLLIN, 0};
    }
    if (down_.in >= 0 && down_.waiting() < kHighWater) {
      i_down_in = n;
      fds[n++] = {down_.in, POLLIN, 0};
    }
    if (up_.out >= 0 && up_.waiting() > 0) {
      i_up_out = n;
      fds[n++] = {up_.out, POLLOUT, 0};
    }
    if (down_.out >= 0 && down_.waiting() > 0) {
      i_down_out = n;
      fds[n++] = {down_.out, POLLOUT, 0};
    }
    if (::poll(fds, static_cast<nfds_t>(n), -1) < 0) {
      if (errno == EINTR) continue;
      std::cerr << "vigie acp: poll: " << std::strerror(errno) << "\n";
      break;
    }
    auto ready = [&](int i, short ev) {
      return i >= 0 && (fds[i].revents & (ev | POLLHUP | POLLERR | POLLNVAL));
    };
    if (ready(i_up_out, POLLOUT) && !flush(up_)) close_out(up_);  // the agent stopped reading
    if (ready(i_down_out, POLLOUT) && !flush(down_)) {
      // The editor stopped reading: nobody hears the agent any more; end its input.
      close_out(down_);
      up_.in = -1;
      close_out(up_);
    }
    for (auto [idx, s, from_agent] :
         {std::tuple{i_up_in, &up_, false}, std::tuple{i_down_in, &down_, true}}) {
      if (!ready(idx, POLLIN)) continue;
      ssize_t r = ::read(s->in, buf, sizeof buf);
      if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (r > 0) {
        feed(*s, buf, static_cast<std::size_t>(r), from_agent);
        continue;
      }
      // End of input: a last line without its newline goes through as it is.
      if (!s->pending.empty() && s->out >= 0) s->queue += s->pending;
      s->pending.clear();
      if (s->in != 0) ::close(s->in);
      s->in = -1;
    }
  }
  // Whatever is left for the editor goes out (blocking now: the agent has closed its output).
  while (down_.out >= 0 && down_.waiting() > 0)
    if (!flush(down_)) break;
  close_out(up_);
  if (down_.in >= 0) ::close(down_.in);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  g_agent_pid = 0;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return kExitError;
}

int run_acp(const std::vector<std::string>& a) {
  AcpArgs args;
  std::size_t i = 0;
  for (; i < a.size(); ++i) {
    const std::string& k = a[i];
    if (k == "--") break;
    std::string err;  // acp keeps no journal
    if (Take t = take_context_flag(a, i, args.flags, nullptr, kAllContextFlags, err);
        t != Take::no) {
      if (t == Take::bad) return usage_error(err);
    } else if (k == "--quiet") {
      args.quiet = true;
    } else {
      return usage_error("unknown option `" + k + "` (the agent's command comes after `--`)");
    }
  }
  if (i >= a.size() || i + 1 >= a.size())
    return usage_error("give the agent's command after `--`: `vigie acp -- AGENT [ARGS...]`");
  args.agent.assign(a.begin() + static_cast<std::ptrdiff_t>(i) + 1, a.end());
  Context& f = args.flags;
  if (auto err = finish_context(f)) return usage_error(*err);
  args.ctx = {f.cwd, f.project, f.home, f.agent, f.mode, !f.non_interactive};
  if (f.policy.empty()) f.policy = (f.project.empty() ? f.cwd : f.project) + "/.vigie/policy.vigie";
  auto compiled = load_policy(f.policy, /*cached=*/true);
  if (!compiled) {
    std::cerr << "vigie acp: the policy `" << f.policy
              << "` does not compile: the agent is not started\n";
    return kExitError;
  }
  // A closed stdin/stdout/stderr would be reused by the pipes made for the agent: hold them.
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) ::open("/dev/null", O_RDWR);
  ::signal(SIGPIPE, SIG_IGN);
  struct sigaction sa {};
  sa.sa_handler = forward_signal;
  ::sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
  Proxy proxy(*compiled->policy, args);
  return proxy.run();
}

const Registrar acp_reg{
    "acp",
    {"an Agent Client Protocol proxy that answers the agent's permission requests",
     "usage: vigie acp [--policy FILE] [--cwd DIR] [--project DIR] [--home DIR]\n"
     "                 [--mode readonly|ask|auto] [--agent NAME] [--non-interactive] [--quiet]\n"
     "                 -- AGENT_COMMAND [ARGS...]\n\n"
     "Runs the agent and relays ACP (JSON-RPC over stdio, one message a line) between it and\n"
     "the editor on vigie's stdin/stdout, unchanged, except `session/request_permission`:\n"
     "an allow is answered with the `allow_once` option, a deny with `reject_once` (else\n"
     "`reject_always`); an ask, a tool call vigie cannot map, or a request without a fitting\n"
     "option goes to the editor. The project is the session's cwd (or --project); the policy\n"
     "defaults to PROJECT/.vigie/policy.vigie. One line per permission request on stderr\n"
     "(not with --quiet).\n"
     "Exit: the agent's exit status (128+N if killed by signal N), 1 when the policy does not\n"
     "compile (the agent is not started), 2 on bad usage, 127 when the agent cannot be run.\n",
     run_acp}};

}  // namespace
}  // namespace vigie::cli
