// Reading requests (engine/request.cpp). `vigie::parse_request` (vigie.hpp) reads the fields
// it needs without building a JSON document and keeps `input` as text; this is the full
// parser it falls back to, and the reference its tests compare it with.
#ifndef VIGIE_ENGINE_REQUEST_HPP
#define VIGIE_ENGINE_REQUEST_HPP

#include <optional>
#include <string>
#include <string_view>

#include "vigie/vigie.hpp"

namespace vigie::engine {

// parse_request through a whole nlohmann::json document (`input` re-serialized compactly).
std::optional<Request> parse_request_document(std::string_view text, std::string* error);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_REQUEST_HPP
