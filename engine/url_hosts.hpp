// The host of a URL, and the hosts that serve a cloud machine's instance metadata (its
// credentials): read by the fetch judge (engine/judge_names.cpp) and the safety check
// `fetch.metadata` (engine/safety_fetch.cpp).
#ifndef VIGIE_ENGINE_URL_HOSTS_HPP
#define VIGIE_ENGINE_URL_HOSTS_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vigie::engine {

// The host of `url` (`scheme://user@HOST:port/path`, or `HOST:port/path` without a scheme),
// lowercased, percent-decoded, what IDNA maps to ASCII mapped (`。`, `ｅ`, `ⓔ`, `𝐞`; a soft
// hyphen removed: engine/host_idna.hpp), without its port or a final `.`; an IPv6 host keeps its
// brackets; httpie's `:8080/x` is localhost. Read as WHATWG's URL parser reads it
// (browsers, Node's `fetch`): for http, https, ws, wss, ftp and file, any run of `/` and `\`
// after the colon (`https:evil.com`, `https:\\evil.com`) and a `\` ends the host
// (`https://evil.com\@x` is evil.com); tabs and newlines are removed.
std::string url_host(std::string_view url);
// Every host a URL parser may read in `url`: url_host's, then RFC 3986's (curl's) when it
// differs (`https://evil.com\@github.com` is github.com to curl), the IPv4 address an
// IPv4-mapped IPv6 one reaches, a bracketed name without them (git's `ssh://[evil.com]/x`), and
// an address as WHATWG writes it (`127.1`, `0x7f.1` and `2130706433` are 127.0.0.1, `[0:0::1]`
// is `[::1]`). A rule that restricts any of them restricts the URL.
std::vector<std::string> url_hosts(std::string_view url);
// A fetch rule's host pattern as url_host writes hosts, so that the rule meets them: lower case,
// without a final `.`, what IDNA maps to ASCII mapped, and (without a wildcard) an address as
// WHATWG writes it (`deny EVIL.com.` meets evil.com, `deny 0x7f.1` meets 127.0.0.1).
std::string host_pattern(std::string_view glob);

// Whether `host` (as url_host returns it) is an instance-metadata service or a link-local
// address: 169.254.0.0/16 in every notation a URL parser or inet_aton takes (`0xa9fea9fe`,
// `2852039166`, `0251.0376.0251.0376`, `169.254.43518`, percent-encoded digits), the same as an
// IPv4-mapped IPv6 address, fe80::/10, AWS's `fd00:ec2::254`, Alibaba's `100.100.100.200`,
// Oracle's `192.0.0.192`, and the metadata names of the clouds (`metadata.google.internal`…).
bool is_metadata_host(std::string_view host);

// The addresses a `[+]HOST:PORT:ADDR[,ADDR]…` entry sends HOST to (curl's `--resolve`, git's
// `http.curloptResolve`): each is contacted in HOST's place (an IPv6 address keeps its
// brackets); none for a removal (`-HOST:PORT`).
std::vector<std::string> resolve_addresses(std::string_view entry);
// HOST2 of a `HOST1:PORT1:HOST2:PORT2` entry (curl's `--connect-to`): the host contacted in
// HOST1's place; empty when HOST2 is (the request's own host).
std::string connect_to_host(std::string_view entry);
// The servers of curl's `--dns-servers ADDR[:PORT],…`, each asked for every name the request
// resolves (an IPv6 address without brackets, `::1`, gets them).
std::vector<std::string> dns_servers(std::string_view list);
// The proxy a wgetrc command sets (`https_proxy = HOST:PORT`, wget's `-e`; its name is read
// as wget reads it: any case, `_` and `-` ignored, `httpsproxy`): for `http_proxy`,
// `https_proxy` and `ftp_proxy`; nullopt for another command.
std::optional<std::string> wgetrc_proxy(std::string_view command);
// The host part of an scp-like address (`[user@host]`, `user@[host]`) as git, scp and rsync
// read it: brackets around a name that is not an IPv6 address removed.
std::string scp_host(std::string_view host);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_URL_HOSTS_HPP
