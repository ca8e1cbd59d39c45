// Bounded input for the subcommands (header-only, so that the fuzz targets that include a
// subcommand's source get it too): a whole file or stdin up to a size, one line up to a size.
// What is past a limit (grammar/limits.hpp) is never buffered.
#ifndef VIGIE_CLI_IO_HPP
#define VIGIE_CLI_IO_HPP

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grammar/limits.hpp"

namespace vigie::cli {

// Reads a whole file, or stdin for "-", at most `max_bytes`; a directory is refused. Returns
// false with a message on error; *too_large (when given) tells that the input was over the
// limit ("`x` is larger than N bytes").
inline bool read_bounded(const std::string& path, std::string& out, std::string& error,
                         std::size_t max_bytes, bool* too_large = nullptr) {
  if (too_large) *too_large = false;
  out.clear();
  auto over = [&](const std::string& what) {
    error = what + " is larger than " + std::to_string(max_bytes) + " bytes";
    if (too_large) *too_large = true;
    out.clear();
    return false;
  };
  char buf[65536];
  if (path == "-") {
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      std::size_t n = static_cast<std::size_t>(std::cin.gcount());
      if (out.size() + n > max_bytes) return over("the standard input");
      out.append(buf, n);
    }
    return true;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    error = "cannot read `" + path + "`: " + std::strerror(errno);
    return false;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = "cannot read `" + path + "`: " + std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    error = "cannot read `" + path + "`: it is a directory";
    return false;
  }
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes)
    return over("`" + path + "`");
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = "cannot read `" + path + "`: " + std::strerror(errno);
      return false;
    }
    if (n == 0) break;
    if (out.size() + static_cast<std::size_t>(n) > max_bytes) return over("`" + path + "`");
    out.append(buf, static_cast<std::size_t>(n));
  }
  return true;
}

// Reads one line (without its newline) of at most `max_bytes`: a longer line is read to its
// end and discarded, never buffered, and `too_long` is returned. A last line without a newline
// is a line (a client that disconnects mid-line). `eof` when nothing is left.
enum class LineStatus { ok, too_long, eof };

inline LineStatus read_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  std::streambuf* sb = in.rdbuf();
  if (!sb) return LineStatus::eof;
  bool any = false, too_long = false;
  for (;;) {
    int c = sb->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineStatus::eof;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (too_long) continue;  // discard to the newline
    if (line.size() >= max_bytes) {
      too_long = true;
      std::string().swap(line);
      continue;
    }
    line.push_back(static_cast<char>(c));
  }
  return too_long ? LineStatus::too_long : LineStatus::ok;
}

}  // namespace vigie::cli

#endif  // VIGIE_CLI_IO_HPP
