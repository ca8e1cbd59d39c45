// Requests the engine tests build again and again.
#ifndef VIGIE_TESTS_ENGINE_REQUESTS_HPP
#define VIGIE_TESTS_ENGINE_REQUESTS_HPP

#include <string>

#include <nlohmann/json.hpp>

#include "vigie/vigie.hpp"

namespace vigie::testing {

// A Bash tool call of `line` in the project /srv/app, home /home/u.
inline Request command_request(const std::string& line) {
  Request r;
  r.tool = "Bash";
  r.kind = "command";
  r.input_json = nlohmann::json{{"command", line}}.dump();
  r.cwd = r.project_root = "/srv/app";
  r.home = "/home/u";
  return r;
}

}  // namespace vigie::testing

#endif  // VIGIE_TESTS_ENGINE_REQUESTS_HPP
