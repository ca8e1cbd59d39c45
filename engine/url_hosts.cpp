// The host of a URL and the instance-metadata hosts (engine/url_hosts.hpp).
#include "engine/url_hosts.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/host_idna.hpp"

namespace vigie::engine {

namespace {

// The names the clouds give their metadata service (each resolves to a link-local address, or
// to the service itself inside the cloud).
constexpr std::string_view kMetadataNames[] = {
    "metadata.google.internal",
    "metadata.goog",
    "metadata",
    "instance-data",
    "instance-data.ec2.internal",
    "metadata.tencentyun.com",
    "metadata.platformequinix.com",
};

// IPv4 metadata addresses outside 169.254.0.0/16: Alibaba Cloud, Oracle Cloud.
constexpr std::uint32_t kMetadataV4[] = {0x646464C8u /* 100.100.100.200 */,
                                         0xC00000C0u /* 192.0.0.192 */};

bool metadata_v4(std::uint32_t a) {
  if ((a >> 16) == 0xA9FEu) return true;  // 169.254.0.0/16, link-local
  for (std::uint32_t m : kMetadataV4)
    if (a == m) return true;
  return false;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `%31%36%39.254…`: URL parsers decode the host before they read it.
std::string percent_decoded(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    int hi = 0, lo = 0;
    if (s[i] == '%' && i + 2 < s.size() && (hi = hex_digit(s[i + 1])) >= 0 &&
        (lo = hex_digit(s[i + 2])) >= 0) {
      char c = static_cast<char>(hi * 16 + lo);
      out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// One part of an IPv4 address as inet_aton and the URL standard read it: `0x…` hex, `0…`
// octal, else decimal.
std::optional<std::uint64_t> v4_part(std::string_view p) {
  if (p.empty()) return std::nullopt;
  unsigned base = 10;
  if (p.size() > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p.remove_prefix(2);
    if (p.empty()) return 0;
  } else if (p.size() > 1 && p[0] == '0') {
    base = 8;
    p.remove_prefix(1);
  }
  std::uint64_t v = 0;
  for (char c : p) {
    int d = hex_digit(c);
    if (d < 0 || static_cast<unsigned>(d) >= base) return std::nullopt;
    v = v * base + static_cast<unsigned>(d);
    if (v > 0xFFFFFFFFull) return std::nullopt;
  }
  return v;
}

// `169.254.169.254`, `169.254.43518`, `0xa9fea9fe`, `2852039166`, `0251.0376.0251.0376`.
std::optional<std::uint32_t> v4_address(std::string_view h) {
  std::array<std::uint64_t, 4> parts{};
  std::size_t n = 0;
  while (true) {
    if (n == parts.size()) return std::nullopt;
    const std::size_t dot = h.find('.');
    auto v = v4_part(h.substr(0, dot));
    if (!v) return std::nullopt;
    parts[n++] = *v;
    if (dot == std::string_view::npos) break;
    h.remove_prefix(dot + 1);
  }
  std::uint64_t a = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (parts[i] > 0xFF) return std::nullopt;
    a |= parts[i] << (8 * (3 - i));
  }
  const std::uint64_t last = parts[n - 1];
  if (last >> (8 * (4 - (n - 1))) != 0) return std::nullopt;  // the rest of the bytes
  return static_cast<std::uint32_t>(a | last);
}

bool metadata_v6(std::string_view inner) {
  // A zone (`fe80::1%eth0`, `%25eth0` once decoded) names the interface, not the address.
  inner = inner.substr(0, inner.find('%'));
  if (inner.size() > 63) return false;
  std::string s(inner);
  std::array<unsigned char, 16> b{};
  if (inet_pton(AF_INET6, s.c_str(), b.data()) != 1) return false;
  if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return true;  // fe80::/10, link-local
  // fd00:ec2::254, AWS's IPv6 metadata service.
  static constexpr std::array<unsigned char, 16> kAws = {0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0,    0,
                                                         0,    0,    0,    0,    0, 0, 0x02, 0x54};
  if (b == kAws) return true;
  // An IPv4 address inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) or NAT64
  // (64:ff9b::a.b.c.d).
  const bool zeros10 = std::all_of(b.begin(), b.begin() + 10, [](unsigned char c) { return !c; });
  const bool mapped = zeros10 && ((b[10] == 0xFF && b[11] == 0xFF) || (!b[10] && !b[11]));
  const bool nat64 = b[0] == 0 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B &&
                     std::all_of(b.begin() + 4, b.begin() + 12, [](unsigned char c) { return !c; });
  if (!mapped && !nat64) return false;
  const std::uint32_t a = (std::uint32_t{b[12]} << 24) | (std::uint32_t{b[13]} << 16) |
                          (std::uint32_t{b[14]} << 8) | std::uint32_t{b[15]};
  return metadata_v4(a);
}

// Wildcard-DNS services: a name under them resolves to the address it embeds, in dots
// (`app.169.254.169.254.nip.io`), dashes (`app-169-254-169-254.sslip.io`), eight hex digits
// (`a9fea9fe.nip.io`) or, on sslip.io, an IPv6 address with dashes for colons
// (`fd00-ec2--254.sslip.io`).
constexpr std::string_view kWildcardDns[] = {".nip.io", ".sslip.io", ".xip.io", ".traefik.me"};

// Whether `name` (lowercase, no trailing dot) is under a wildcard-DNS service and embeds a
// metadata address. Any run of four decimal labels, split at dots and dashes, is read as an
// address: wider than each service's own grammar, so a spelling one of them adds is still seen.
bool wildcard_dns_metadata(std::string_view name) {
  std::string_view rest;
  for (std::string_view suffix : kWildcardDns)
    if (name.size() > suffix.size() && name.ends_with(suffix))
      rest = name.substr(0, name.size() - suffix.size());
  if (rest.empty()) return false;
  std::vector<std::string_view> tokens;
  for (std::size_t start = 0; start <= rest.size();) {
    const std::size_t end = std::min(rest.find_first_of(".-", start), rest.size());
    tokens.push_back(rest.substr(start, end - start));
    start = end + 1;
  }
  const auto decimal_byte = [](std::string_view t) -> std::optional<std::uint32_t> {
    if (t.empty() || t.size() > 3) return std::nullopt;
    std::uint32_t v = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return v <= 255 ? std::optional<std::uint32_t>(v) : std::nullopt;
  };
  for (std::size_t i = 0; i + 4 <= tokens.size(); ++i) {
    std::uint32_t a = 0;
    bool ok = true;
    for (std::size_t k = 0; k < 4 && ok; ++k) {
      const auto b = decimal_byte(tokens[i + k]);
      ok = b.has_value();
      if (ok) a = (a << 8) | *b;
    }
    if (ok && metadata_v4(a)) return true;
  }
  for (std::string_view t : tokens) {
    if (t.size() != 8) continue;
    std::uint32_t a = 0;
    bool ok = true;
    for (char c : t) {
      const int d = hex_digit(c);
      ok = ok && d >= 0;
      a = (a << 4) | static_cast<std::uint32_t>(d < 0 ? 0 : d);
    }
    if (ok && metadata_v4(a)) return true;
  }
  // sslip.io's IPv6 form: each dot label with its dashes read as colons (`--1`, `fd00-ec2--254`).
  for (std::size_t start = 0; start <= rest.size();) {
    const std::size_t end = std::min(rest.find('.', start), rest.size());
    std::string label(rest.substr(start, end - start));
    std::replace(label.begin(), label.end(), '-', ':');
    if (label.find(':') != std::string::npos && metadata_v6(label)) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

namespace {

// The host as written, read as RFC 3986 and curl read it: after `scheme://` (or from the start),
// up to `/`, `?` or `#`; after the last `@`; without its port.
std::string rfc_host(std::string_view url) {
  auto s = url.find("://");
  std::size_t b = s == std::string_view::npos ? 0 : s + 3;
  // `//evil.com/x`, a reference without a scheme (a browser takes the page's): the host follows.
  if (s == std::string_view::npos)
    while (b < url.size() && (url[b] == ' ' || url[b] == '\t')) ++b;
  if (s == std::string_view::npos && url.size() > b + 1 && (url[b] == '/' || url[b] == '\\') &&
      (url[b + 1] == '/' || url[b + 1] == '\\'))
    while (b < url.size() && (url[b] == '/' || url[b] == '\\')) ++b;
  std::size_t e = url.find_first_of("/?#", b);
  std::string host(url.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b));
  if (auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
  if (auto colon = host.rfind(':');
      colon != std::string::npos && host.find(']') == std::string::npos)
    host = host.substr(0, colon);
  else if (auto close = host.find(']'); close != std::string::npos)
    host = host.substr(0, close + 1);  // `[::1]:8080`: the brackets and what they hold
  return host;
}

// The schemes WHATWG's URL parser treats as special: any run of `/` and `\` after the colon,
// and a `\` ends the host (`https:evil.com`, `https:\\evil.com`, `https://evil.com\@x`).
bool special_scheme(std::string_view s) {
  return s == "http" || s == "https" || s == "ws" || s == "wss" || s == "ftp" || s == "file";
}

// The host as a WHATWG parser (browsers, Node's `URL` and `fetch`, most fetch tools) reads it;
// nullopt when it would read none where the RFC reading finds one (a scheme that is not special
// without `//`: `host:22`, `user@host:path`).
std::optional<std::string> whatwg_host(std::string_view url) {
  // Leading and trailing C0 controls and spaces are stripped, tabs and newlines removed.
  std::string s;
  s.reserve(url.size());
  for (char c : url)
    if (c != '\t' && c != '\n' && c != '\r') s.push_back(c);
  std::size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  std::string_view v = std::string_view(s).substr(b, e - b);
  std::size_t colon = 0;
  while (colon < v.size() && (std::isalnum(static_cast<unsigned char>(v[colon])) ||
                              v[colon] == '+' || v[colon] == '-' || v[colon] == '.'))
    ++colon;
  if (colon == 0 || colon >= v.size() || v[colon] != ':' ||
      !std::isalpha(static_cast<unsigned char>(v[0])))
    return std::nullopt;
  std::string scheme(v.substr(0, colon));
  for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::size_t at = colon + 1;
  const bool special = special_scheme(scheme);
  if (special) {
    while (at < v.size() && (v[at] == '/' || v[at] == '\\')) ++at;
  } else if (v.substr(at, 2) == "//") {
    at += 2;
  } else {
    return std::nullopt;
  }
  std::size_t end = v.find_first_of(special ? "/?#\\" : "/?#", at);
  std::string_view authority = v.substr(at, end == std::string_view::npos ? v.npos : end - at);
  if (auto u = authority.rfind('@'); u != std::string_view::npos) authority.remove_prefix(u + 1);
  std::string_view host = authority;
  if (!host.empty() && host[0] == '[') {
    host =
        host.substr(0, host.find(']') == std::string_view::npos ? host.size() : host.find(']') + 1);
  } else if (auto p = host.rfind(':'); p != std::string_view::npos) {
    host = host.substr(0, p);
  }
  return std::string(host);
}

// `127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`: the dotted address WHATWG's parser writes and
// inet_aton (curl, wget, ssh, nc) connects to; `[0:0::1]`, `[::ffff:127.0.0.1]`: the IPv6 address
// as WHATWG writes it (`[::1]`, `[::ffff:7f00:1]`). nullopt when `host` is no address.
std::optional<std::string> canonical_address(const std::string& host) {
  if (auto a = v4_address(host))
    return fmt::format("{}.{}.{}.{}", *a >> 24, (*a >> 16) & 0xFF, (*a >> 8) & 0xFF, *a & 0xFF);
  if (host.size() < 3 || host.front() != '[' || host.back() != ']' || host.size() > 65)
    return std::nullopt;
  std::array<unsigned char, 16> b{};
  if (inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), b.data()) != 1)
    return std::nullopt;  // a zone (`%eth0`) too: kept as written
  std::array<unsigned, 8> piece{};
  for (std::size_t i = 0; i < 8; ++i) piece[i] = (unsigned{b[2 * i]} << 8) | b[2 * i + 1];
  // The first longest run of two or more zero pieces is written `::`.
  std::size_t zero_at = 8, zero_len = 1;
  for (std::size_t i = 0; i < 8;) {
    std::size_t j = i;
    while (j < 8 && piece[j] == 0) ++j;
    if (j - i > zero_len) zero_at = i, zero_len = j - i;
    i = j == i ? i + 1 : j;
  }
  std::string out = "[";
  for (std::size_t i = 0; i < 8; ++i) {
    if (i == zero_at) {
      out += i == 0 ? "::" : ":";
      i += zero_len - 1;
      continue;
    }
    out += fmt::format("{:x}", piece[i]);
    if (i < 7) out += ':';
  }
  return out + "]";
}

// A host as a URL parser compares it: percent-decoded, with what IDNA maps to ASCII mapped
// (`。`, `ｅｖｉｌ`, `ⓔ`, `𝐞`; a soft hyphen removed: engine/host_idna.cpp), a label in another
// script in Punycode (`bücher` is `xn--bcher-kva`), lower case, without a
// final `.`. An address stays as written (`0x7f.1`): url_hosts adds the form WHATWG writes.
std::string canonical_host(std::string_view raw, bool transitional = false) {
  std::string host = idna_labels(idna_ascii(percent_decoded(raw)), transitional);
  for (char& c : host)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  // `x.evil.com.` is the same host as `x.evil.com` (a fully qualified name): judged as it.
  if (host.size() > 1 && host.back() == '.') host.pop_back();
  return host;
}

}  // namespace

std::string url_host(std::string_view url) {
  const auto w = whatwg_host(url);
  // `:8080/x`, `:/x`: httpie's and xh's shorthand for a port or path of localhost.
  if (!w && !url.empty() && url.front() == ':' &&
      (url.size() == 1 || url[1] == '/' || (url[1] >= '0' && url[1] <= '9')))
    return "localhost";
  return canonical_host(w ? *w : rfc_host(url));
}

std::string host_pattern(std::string_view glob) {
  // A wildcard is kept as written: only the name around it is mapped.
  if (glob.find_first_of("*?") == std::string_view::npos) {
    std::string host = canonical_host(glob);
    auto a = canonical_address(host);
    return a ? std::move(*a) : host;
  }
  std::string out = idna_labels(idna_ascii(glob));
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (out.size() > 1 && out.back() == '.') out.pop_back();
  return out;
}

std::vector<std::string> url_hosts(std::string_view url) {
  std::vector<std::string> out{url_host(url)};
  std::string rfc = canonical_host(rfc_host(url));
  if (rfc != out.front()) out.push_back(std::move(rfc));
  // `straße.example`: a client mapping as IDNA 2003 does (Python's `idna` codec) asks for
  // strasse.example (`ß` and `ς`, or their percent-encoding, are the only difference).
  if (url.find("\xC3\x9F") != url.npos || url.find("\xCF\x82") != url.npos ||
      url.find('%') != url.npos) {
    const auto w = whatwg_host(url);
    for (const std::string& raw : {w ? *w : rfc_host(url), rfc_host(url)})
      if (std::string t = canonical_host(raw, true);
          std::find(out.begin(), out.end(), t) == out.end())
        out.push_back(std::move(t));
  }
  for (std::size_t i = 0, n = out.size(); i < n; ++i) {
    const std::string& h = out[i];
    if (h.size() < 3 || h.front() != '[' || h.back() != ']') continue;
    std::string also;
    std::array<unsigned char, 16> b{};
    const std::string inner = h.substr(1, h.size() - 2);
    if (inet_pton(AF_INET6, inner.c_str(), b.data()) == 1) {
      // `[::ffff:7f00:1]`: an IPv4-mapped address reaches the IPv4 address (`127.0.0.1`).
      if (std::all_of(b.begin(), b.begin() + 10, [](unsigned char c) { return !c; }) &&
          b[10] == 0xFF && b[11] == 0xFF)
        also = fmt::format("{}.{}.{}.{}", b[12], b[13], b[14], b[15]);
    } else if (inner.find(':') == std::string::npos && inner.find('%') == std::string::npos) {
      // `ssh://[evil.com]/x`, `git://[evil.com]/x`: git strips the brackets of any host.
      also = canonical_host(inner);
    }
    if (!also.empty() && std::find(out.begin(), out.end(), also) == out.end())
      out.push_back(std::move(also));
  }
  // A control byte in a host (`evil.com%00.github.com`, a raw NUL): a WHATWG parser refuses
  // the URL, but a program handing the host to the resolver as a C string asks for what comes
  // before the byte.
  for (std::size_t i = 0, n = out.size(); i < n; ++i) {
    const auto cut = std::find_if(out[i].begin(), out[i].end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    });
    if (cut == out[i].end()) continue;
    std::string head = canonical_host(std::string_view(out[i]).substr(0, cut - out[i].begin()));
    if (std::find(out.begin(), out.end(), head) == out.end()) out.push_back(std::move(head));
  }
  // `127.1`, `0x7f.1`, `2130706433`, `[0:0::1]`: the address as WHATWG writes it, the host a rule
  // names (the spelling itself is judged too: the most restrictive answer stands).
  for (std::size_t i = 0, n = out.size(); i < n; ++i) {
    auto a = canonical_address(out[i]);
    if (a && std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(std::move(*a));
  }
  return out;
}

bool is_metadata_host(std::string_view host) {
  std::string h = percent_decoded(host);
  if (h.size() > 1 && h.back() == '.') h.pop_back();
  if (h.size() > 2 && h.front() == '[' && h.back() == ']')
    return metadata_v6(std::string_view(h).substr(1, h.size() - 2));
  for (std::string_view n : kMetadataNames)
    if (h == n) return true;
  if (auto a = v4_address(h)) return metadata_v4(*a);
  for (char& c : h) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return wildcard_dns_metadata(h);
}

namespace {

// The end of the host that starts `s` (`[::1]` to its bracket, else to the first colon).
std::size_t host_end(std::string_view s) {
  if (!s.empty() && s.front() == '[') {
    const auto close = s.find(']');
    return close == std::string_view::npos ? s.size() : close + 1;
  }
  return std::min(s.find(':'), s.size());
}

}  // namespace

std::vector<std::string> resolve_addresses(std::string_view entry) {
  std::vector<std::string> out;
  if (!entry.empty() && entry.front() == '-') return out;
  if (!entry.empty() && entry.front() == '+') entry.remove_prefix(1);
  entry.remove_prefix(host_end(entry));                        // HOST (`*` in newer curl)
  for (int field = 0; field < 2 && !entry.empty(); ++field) {  // `:PORT`, then `:`
    entry.remove_prefix(1);
    if (field == 0) entry.remove_prefix(std::min(entry.find(':'), entry.size()));
  }
  while (!entry.empty()) {
    const std::size_t end = entry.front() == '[' ? host_end(entry) : entry.find(',');
    const std::string_view one = entry.substr(0, std::min(end, entry.size()));
    if (!one.empty()) out.emplace_back(one);
    entry.remove_prefix(std::min(one.size(), entry.size()));
    while (!entry.empty() && entry.front() != ',') entry.remove_prefix(1);
    if (!entry.empty()) entry.remove_prefix(1);
  }
  return out;
}

std::string connect_to_host(std::string_view entry) {
  entry.remove_prefix(host_end(entry));                        // HOST1
  for (int field = 0; field < 2 && !entry.empty(); ++field) {  // `:PORT1`, then `:`
    entry.remove_prefix(1);
    if (field == 0) entry.remove_prefix(std::min(entry.find(':'), entry.size()));
  }
  return std::string(entry.substr(0, host_end(entry)));
}

std::vector<std::string> dns_servers(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const std::string one(list.substr(0, list.find(',')));
    list.remove_prefix(std::min(list.size(), one.size() + 1));
    const bool v6 = one.find(':') != one.rfind(':') && !one.starts_with('[');
    if (!one.empty()) out.push_back(v6 ? "[" + one + "]" : one);
  }
  return out;
}

std::optional<std::string> wgetrc_proxy(std::string_view command) {
  const auto eq = command.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  std::string name;
  for (char c : command.substr(0, eq))
    if (c != '_' && c != '-' && c != ' ' && c != '\t')
      name.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (name != "httpproxy" && name != "httpsproxy" && name != "ftpproxy") return std::nullopt;
  std::string_view v = command.substr(eq + 1);
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return std::string(v);
}

std::string scp_host(std::string_view host) {
  std::string h(host);
  const auto open = h.find('[');
  const auto close = h.find(']', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos) return h;
  if (const auto colon = h.find(':', open); colon < close) {
    // `[::1]`, `user@[fd00::1]`: an IPv6 address keeps them. Any other host git strips of its
    // brackets, then reads a port after its first colon, digits below 65536 or none
    // (`[evil.com:22]:x`, `[git@evil.com:2222]:x`: connect.c get_host_and_port).
    const std::string inner = h.substr(open + 1, close - open - 1);
    std::array<unsigned char, 16> b{};
    if (inner.find('%') != std::string::npos || inet_pton(AF_INET6, inner.c_str(), b.data()) == 1)
      return h;
    const std::string port = h.substr(colon + 1, close - colon - 1);
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
        (!port.empty() && std::stoul(port) > 65535))
      return h;
    return h.substr(0, open) + h.substr(open + 1, colon - open - 1) + h.substr(close + 1);
  }
  h.erase(close, 1);
  h.erase(open, 1);
  return h;
}

}  // namespace vigie::engine
