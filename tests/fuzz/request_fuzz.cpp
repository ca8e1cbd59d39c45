// The JSON request decoder the CLI uses (`vigie::parse_request`, engine/request.cpp; `check
// --request`, `check --jsonl`, `serve`), then `decide` on what it decoded. Invariants: a request
// that cannot be read gets ask (deny when not interactive), never allow; a decoded one gets a
// valid decision.
#include "tests/fuzz/fuzz.hpp"
#include "tests/fuzz/policies.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace vigie;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string err;
  auto req = parse_request(text, &err);
  if (!req) {
    FUZZ_CHECK(!err.empty(), "a refused request says why");
    FUZZ_CHECK(invalid_request_decision(err, true).decision == Effect::ask, "invalid: ask");
    FUZZ_CHECK(invalid_request_decision(err, false).decision == Effect::deny, "invalid: deny");
    (void)decision_to_json(invalid_request_decision(err, true));
    return 0;
  }
  FUZZ_CHECK(!req->tool.empty(), "a decoded request has a tool");
  if (req->cwd.empty()) req->cwd = "/srv/app";
  if (req->project_root.empty()) req->project_root = "/srv/app";
  if (req->home.empty()) req->home = "/home/u";
  const auto& ps = fuzz::policies();
  DecideOptions opt;
  opt.fs = fuzz::file_system();
  Decision d = ps[size % ps.size()]->decide(*req, opt);
  fuzz::check_decision(d, req->interactive);
  (void)decision_to_json(d);
  return 0;
}
