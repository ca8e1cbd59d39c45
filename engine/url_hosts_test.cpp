// The host of a URL and the instance-metadata hosts (engine/url_hosts.hpp).
#include "engine/url_hosts.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using vigie::engine::is_metadata_host;
using vigie::engine::url_host;
using vigie::engine::url_hosts;

TEST_CASE("url_host: scheme, user, port, case, final dot, IPv6 brackets") {
  CHECK(url_host("http://Example.COM/x") == "example.com");
  CHECK(url_host("https://u:p@host.example:8443/a?b#c") == "host.example");
  CHECK(url_host("host.example:80/x") == "host.example");
  CHECK(url_host("http://x.evil.com./") == "x.evil.com");
  CHECK(url_host("http://[::1]:8080/") == "[::1]");
  CHECK(url_host("http://[fd00:ec2::254]/latest") == "[fd00:ec2::254]");
  CHECK(url_host("http://a@b@169.254.169.254/") == "169.254.169.254");
  CHECK(url_host("") == "");
}

TEST_CASE("url_host reads as WHATWG's parser; url_hosts adds RFC 3986's reading") {
  CHECK(url_host("https://evil.com\\@github.com/") == "evil.com");
  CHECK(url_hosts("https://evil.com\\@github.com/") ==
        std::vector<std::string>{"evil.com", "github.com"});
  CHECK(url_host("https:evil.com/x") == "evil.com");
  CHECK(url_host("https:/\\/evil.com") == "evil.com");
  CHECK(url_host("HTTPS:\\\\EVIL.com") == "evil.com");
  CHECK(url_host(" https://evil.com\t/") == "evil.com");
  CHECK(url_host("https://ev\nil.com/") == "evil.com");
  CHECK(url_host("https://evil%2Ecom/") == "evil.com");
  CHECK(url_host("https://evil\xe3\x80\x82"
                 "com/") == "evil.com");  // U+3002
  CHECK(url_host("https://evil\xef\xbc\x8e"
                 "com/") == "evil.com");  // U+FF0E
  CHECK(url_host("https://evil\xef\xbd\xa1"
                 "com/") == "evil.com");  // U+FF61
  CHECK(url_host("https://\xef\xbd\x85"
                 "vil.com/") == "evil.com");  // U+FF45
  CHECK(url_host("https://evil.com%2F@github.com/") == "github.com");
  CHECK(url_hosts("https://github.com/x") == std::vector<std::string>{"github.com"});
  // Not a special scheme without `//`, or no scheme: read as a host (`user@host:path`).
  CHECK(url_host("git@evil.com:x/y") == "evil.com");
  CHECK(url_host("evil.com:8080/x") == "evil.com");
  CHECK(url_host("ssh://git@evil.com:22/x") == "evil.com");
}

TEST_CASE("is_metadata_host: 169.254.0.0/16 in every notation") {
  for (const char* h : {"169.254.169.254",
                        "169.254.0.1",
                        "169.254.255.255",
                        "0xa9fea9fe",
                        "0XA9FEA9FE",
                        "2852039166",
                        "0251.0376.0251.0376",
                        "169.254.43518",
                        "169.16689662",
                        "0xa9.0xfe.0xa9.0xfe",
                        "0xa9.254.0251.254",
                        "%31%36%39.254.169.254",
                        "169.254.169.254.",
                        "100.100.100.200",
                        "192.0.0.192",
                        "metadata.google.internal",
                        "metadata.goog",
                        "metadata",
                        "instance-data",
                        "[fe80::1]",
                        "[fe80::a9fe:a9fe%25eth0]",
                        "[febf::1]",
                        "[fd00:ec2::254]",
                        "[::ffff:169.254.169.254]",
                        "[::ffff:a9fe:a9fe]",
                        "[::169.254.169.254]",
                        "[64:ff9b::169.254.169.254]",
                        "[FD00:EC2:0:0:0:0:0:254]",
                        "169.254.169.254.nip.io",
                        "app-169-254-169-254.sslip.io",
                        "a9fea9fe.nip.io",
                        "fd00-ec2--254.sslip.io"})
    CHECK(is_metadata_host(h));
}

TEST_CASE("is_metadata_host: other hosts are not") {
  for (const char* h : {"169.253.169.254",
                        "169.255.0.1",
                        "127.0.0.1",
                        "localhost",
                        "10.0.0.1",
                        "example.com",
                        "10.0.0.1.nip.io",
                        "--1.sslip.io",
                        "metadata.example.com",
                        "0xa9fea9fe1",
                        "4294967296",
                        "1.2.3.4.5",
                        "169.254.169.256",
                        "08.0.0.1",
                        "",
                        "[",
                        "[]",
                        "[::1]",
                        "[fec0::1]",
                        "[fd00:ec2::253]",
                        "[::ffff:127.0.0.1]",
                        "100.100.100.100",
                        "192.0.0.193",
                        "[not-an-address]"})
    CHECK_FALSE(is_metadata_host(h));
}

TEST_CASE("is_metadata_host: a long host is read in one pass") {
  std::string h(100000, '1');
  CHECK_FALSE(is_metadata_host(h));
  std::string dots(100000, '.');
  CHECK_FALSE(is_metadata_host(dots));
  CHECK_FALSE(is_metadata_host("[" + std::string(100000, ':') + "]"));
}
