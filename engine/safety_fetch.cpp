// The safety check `fetch.metadata`: a URL whose host serves a cloud machine's instance metadata
// (its credentials), fetched by a command (`curl`, `wget`, `/dev/tcp`) or a fetch tool.
#include <fmt/format.h>

#include "engine/safety_internal.hpp"
#include "engine/url_hosts.hpp"

namespace vigie::engine {

namespace {

std::optional<SafetyHit> metadata_hit(std::string_view url, std::string_view by) {
  for (const std::string& host : url_hosts(url))
    if (!host.empty() && is_metadata_host(host))
      return safety::hit(SafetyCheck::fetch_metadata,
                         fmt::format("{}`{}` is an instance-metadata address.", by, host));
  return std::nullopt;
}

}  // namespace

std::optional<SafetyHit> check_fetch_url(std::string_view url, const SafetyContext& ctx) {
  std::vector<SafetyHit> hits;
  if (auto h = metadata_hit(url, "the host ")) safety::add(hits, ctx, std::move(*h));
  if (hits.empty()) return std::nullopt;
  return std::move(hits.front());
}

namespace safety {

void check_fetches(const NormalizedCommand& c, const SafetyContext& ctx,
                   std::vector<SafetyHit>& hits) {
  for (const UrlFetch& f : c.fetches) {
    if (f.url.empty()) continue;  // a URL the line does not show: the fetch rules' business
    if (auto h = metadata_hit(f.url, "the command fetches from ")) {
      add(hits, ctx, std::move(*h));
      return;
    }
  }
}

}  // namespace safety

}  // namespace vigie::engine
