// The host names that a URL parser's IDNA mapping (UTS #46, as WHATWG's URL parser, Node's
// `URL`, and curl and wget through libidn2 apply it) turns into ASCII: read by
// engine/url_hosts.cpp.
#ifndef VIGIE_ENGINE_HOST_IDNA_HPP
#define VIGIE_ENGINE_HOST_IDNA_HPP

#include <string>
#include <string_view>

namespace vigie::engine {

// `host` (UTF-8) with each code point that UTS #46 maps to ASCII replaced by its ASCII
// (`ⓔvil.com`, `𝐞vil.com`, `ℯvil.com`, `ｅｖｉｌ。ｃｏｍ` are evil.com; `ﬀ` is ff) and each it
// ignores removed (a soft hyphen, a zero-width space, a variation selector: `e\u00advil.com`
// is evil.com). Other bytes, and malformed UTF-8, are kept as they are.
std::string idna_ascii(std::string_view host);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_HOST_IDNA_HPP
