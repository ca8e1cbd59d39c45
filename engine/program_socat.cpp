// Handler `socat` (named in engine/programs_table.cpp): socat's two operands are addresses,
// `TYPE:PARAMETERS,OPTION…`, and some types run a program: `EXEC:CMD` (an argv), `SYSTEM:LINE`
// and `SHELL:LINE` (a shell line). The command is judged as a nested line and makes the command
// at least ask, as any option that runs programs does; a bare allow of socat never covers it.
// Types that open a file (`OPEN:`, `CREATE:`, `CREAT:`, `GOPEN:`, `PIPE:`, a bare path holding a
// `/`) write it (socat opens read-write unless told otherwise). Types are case-insensitive
// (`exec:` is `EXEC:`); the words after options that take a value are not addresses. Network
// types (`TCP:HOST:PORT`, `OPENSSL:`, `SOCKS4:SERVER:HOST:PORT`…) fetch their hosts: the
// policy's fetch rules judge them.
#include <cctype>
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// socat's options that take the next word as their value (socat(1)).
constexpr std::string_view kValued[] = {"-b",  "-t",  "-T", "-L", "-W",
                                        "-lf", "-lp", "-r", "-R", "-S"};

// Address types, by what they do.
struct AddressType {
  std::string_view name;
  char role;  // 'x' runs a command line, 'w' opens a file (written)
};
// (socat's xioaddrs.c: `FILE:` is OPEN, `FIFO:` is PIPE, `UNIX:` is UNIX-CLIENT; a Unix
// socket's path is judged like a file opened: `UNIX-CONNECT:/var/run/docker.sock`.)
constexpr AddressType kAddressTypes[] = {
    {"exec", 'x'},   {"exec1", 'x'},        {"exec2", 'x'},       {"system", 'x'},
    {"shell", 'x'},  {"open", 'w'},         {"file", 'w'},        {"create", 'w'},
    {"creat", 'w'},  {"gopen", 'w'},        {"pipe", 'w'},        {"fifo", 'w'},
    {"unix", 'w'},   {"unix-connect", 'w'}, {"unix-client", 'w'}, {"unix-listen", 'w'},
    {"unix-l", 'w'}, {"unix-sendto", 'w'},  {"unix-recv", 'w'},   {"unix-recvfrom", 'w'},
};

// Network address types: the position of the host in their parameters, `:`-separated (`TCP:
// HOST:PORT`; `SOCKS4:SERVER:HOST:PORT`, `PROXY:SERVER:HOST:PORT` contact a server for a host,
// so both are judged): fetches of those hosts. A listening type names no host.
struct NetworkType {
  std::string_view names;  // space-separated
  int hosts;               // 1: the first parameter; 2: the first two
};
constexpr NetworkType kNetworkTypes[] = {
    {"tcp tcp4 tcp6 tcp-connect tcp4-connect tcp6-connect udp udp4 udp6 udp-connect "
     "udp4-connect udp6-connect udp-sendto udp4-sendto udp6-sendto udp-datagram ssl openssl "
     "openssl-connect dtls openssl-dtls-client sctp-connect dccp-connect udplite-connect",
     1},
    {"socks socks4 socks4a socks5 socks5-connect proxy proxy-connect", 2},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void address(std::string_view name, const WordView& word, const std::string& a,
             ProgramEffects& out) {
  const auto colon = a.find(':');
  if (colon == std::string::npos) {
    // A bare path (`socat - /tmp/x`) is GOPEN; a word without `/` is a keyword (STDIO, `-`).
    if (a.find('/') != std::string::npos)
      out.files.push_back({Touch::write, word_of(word, a.substr(0, a.find(','))), From::operand,
                           std::string(name) + " address"});
    return;
  }
  const std::string type = lower(std::string_view(a).substr(0, colon));
  // The parameter ends at the first option (`,pty`); a line holding a comma is cut there, and
  // the command is asked anyway.
  const std::string param = a.substr(colon + 1, a.find(',', colon + 1) - (colon + 1));
  for (const NetworkType& t : kNetworkTypes) {
    if (!program_words::in_words(t.names, type)) continue;
    std::size_t at = 0;
    for (int k = 0; k < t.hosts && at <= param.size(); ++k) {
      std::size_t end = param.find(':', at);
      if (end == std::string::npos) end = param.size();
      // `[::1]:80`: the brackets hold the colons of an IPv6 address.
      if (param.compare(at, 1, "[") == 0 && param.find(']', at) != std::string::npos)
        end = param.find(']', at) + 1;
      if (end > at) out.fetches.push_back({param.substr(at, end - at), ""});
      at = end + 1;
    }
    return;
  }
  for (const auto& t : kAddressTypes) {
    if (t.name != type) continue;
    const std::string entry = std::string(name) + " " + std::string(t.name) + ":";
    if (t.role == 'x') {
      out.escalations.push_back(entry + " runs a command");
      out.scripts.push_back(param);
    } else if (!param.empty()) {
      out.files.push_back({Touch::write, word_of(word, param), From::operand, entry});
    }
    return;
  }
}

}  // namespace

void socat_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) {
      // An address that is not static may run anything.
      out.escalations.push_back(std::string(name) + " with an address that is not static");
      continue;
    }
    if (s->size() > 1 && (*s)[0] == '-') {
      for (auto v : kValued) {
        if (*s != v || i + 1 >= w.size()) continue;
        ++i;
        // The log, lock and data-dump files are written.
        if (v == "-lf" || v == "-L" || v == "-W" || v == "-r" || v == "-R")
          out.files.push_back({Touch::write, w[i], From::option, std::string(name) + " " + *s});
      }
      continue;
    }
    address(name, w[i], *s, out);
  }
}

}  // namespace vigie::engine
