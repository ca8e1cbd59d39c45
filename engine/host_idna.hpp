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
// `host` (after idna_ascii) as UTS #46's ToASCII writes it: each label that still holds other
// code points lowered (`BÜCHER` is `bücher`), composed (`u` and U+0308 are `ü`) and written in
// Punycode (`xn--bcher-kva`), so that a name and its Punycode meet. A label that is not
// well-formed UTF-8 is kept as it is. With `transitional`, as IDNA 2003 and the transitional
// mapping (Python's `idna` codec, older browsers) write it: `ß` is `ss`, `ς` is `σ`. Kept as
// they are, not encoded (Punycode's encoder reads a label once per distinct code point): a
// label of more than 63 code points (no DNS label: its Punycode is longer), and every label
// once the name written so far is longer than limits::name_bytes (judge_names refuses it).
std::string idna_labels(std::string_view host, bool transitional = false);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_HOST_IDNA_HPP
