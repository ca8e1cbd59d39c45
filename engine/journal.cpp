// The decision journal: writing, redacting and reading its lines (engine/journal.hpp,
// docs/journal.md).
#include "engine/journal.hpp"

#include "engine/tool_names.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <unordered_map>

#include <re2/re2.h>
#include <nlohmann/json.hpp>

#include "engine/limits.hpp"

namespace vigie::journal {

using nlohmann::json;
// Lines are written with their keys in the documented order (`v` first).
using ojson = nlohmann::ordered_json;

namespace {

constexpr std::string_view kRedacted = "[REDACTED]";

// The answers, as written in the journal: one table, read both ways.
struct AnswerName {
  Answer answer;
  const char* name;
};
constexpr AnswerName kAnswers[] = {{Answer::allow_once, "allow_once"},
                                   {Answer::allow_always, "allow_always"},
                                   {Answer::deny, "deny"}};

std::string str(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void redact_value(json& v, const Redactor& r, bool& changed) {
  if (v.is_string()) {
    bool c = false;
    std::string out = r.redact(v.get_ref<const std::string&>(), &c);
    if (c) {
      v = std::move(out);
      changed = true;
    }
  } else if (v.is_object() || v.is_array()) {
    for (auto& child : v) redact_value(child, r, changed);
  }
}

}  // namespace

const char* to_string(Answer a) noexcept {
  for (const auto& n : kAnswers)
    if (n.answer == a) return n.name;
  return "";
}

std::optional<Answer> answer_from_string(std::string_view s) noexcept {
  for (const auto& n : kAnswers)
    if (s == n.name) return n.answer;
  return std::nullopt;
}

const std::vector<Redactor::Pattern>& Redactor::default_patterns() {
  // Each replaces its first group (or its whole match). RE2 syntax, linear time.
  static const std::vector<Pattern> table = {
      {"aws-access-key-id", R"(\b((?:AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16})\b)"},
      {"aws-secret-access-key",
       R"((?i)aws_?secret_?(?:access_?)?key["']?\s*[=:]\s*["']?([A-Za-z0-9/+=]{40}))"},
      {"github-token", R"(\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}))"},
      {"github-fine-grained-token", R"(\b(github_pat_[A-Za-z0-9_]{20,255}))"},
      {"slack-token", R"(\b(xox[abposr]-[A-Za-z0-9-]{10,}))"},
      {"authorization-header",
       R"((?i)\b(?:proxy-)?authorization\s*:\s*(?:(?:bearer|basic|token|digest)\s+)?([^\s"']+))"},
      {"bearer-token", R"((?i)\bbearer\s+([A-Za-z0-9._~+/=-]{8,}))"},
      {"password-assignment",
       R"((?i)\b(?:password|passwd|pwd|secret|client_secret|token|access_token|api_?key|apikey)["']?\s*[=:]\s*["']?([^\s"'&;]+))"},
      {"url-credentials", R"(://[^/\s:@'"]+:([^/\s@'"]+)@)"},
      {"private-key-block",
       R"((?s)(-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----))"},
  };
  return table;
}

Redactor::Redactor(bool with_defaults) {
  if (with_defaults)
    for (const auto& p : default_patterns()) add(p.regex);
}
Redactor::~Redactor() = default;
Redactor::Redactor(Redactor&&) noexcept = default;
Redactor& Redactor::operator=(Redactor&&) noexcept = default;

bool Redactor::add(std::string_view regex, std::string* error) {
  RE2::Options o;
  o.set_log_errors(false);
  o.set_max_mem(8 << 20);
  auto re = std::make_unique<RE2>(regex, o);
  if (!re->ok()) {
    if (error) *error = "invalid redaction pattern `" + std::string(regex) + "`: " + re->error();
    return false;
  }
  patterns_.push_back(std::move(re));
  return true;
}

std::string Redactor::redact(std::string_view text, bool* changed) const {
  std::string cur(text);
  bool any = false;
  for (const auto& re : patterns_) {
    const int groups = re->NumberOfCapturingGroups() >= 1 ? 1 : 0;
    re2::StringPiece sub[2];
    std::string out;
    std::size_t pos = 0, copied = 0;
    bool hit = false;
    while (pos <= cur.size() && re->Match(cur, pos, cur.size(), RE2::UNANCHORED, sub, groups + 1)) {
      const re2::StringPiece& m = sub[groups];
      const std::size_t whole_end =
          static_cast<std::size_t>(sub[0].data() - cur.data()) + sub[0].size();
      if (m.data() != nullptr && !m.empty()) {
        const std::size_t b = static_cast<std::size_t>(m.data() - cur.data());
        out.append(cur, copied, b - copied);
        out.append(kRedacted);
        copied = b + m.size();
        hit = true;
      }
      // Always move forward, even on an empty match.
      pos = whole_end > pos ? whole_end : pos + 1;
    }
    if (hit) {
      out.append(cur, copied, std::string::npos);
      cur = std::move(out);
      any = true;
    }
  }
  if (changed) *changed = any;
  return cur;
}

std::string Redactor::redact_json(std::string_view text, bool* changed) const {
  bool any = false;
  if (engine::json_depth_within(text)) {
    json j = json::parse(text, nullptr, false);
    if (!j.is_discarded()) {
      redact_value(j, *this, any);
      if (changed) *changed = any;
      return any ? j.dump(-1, ' ', false, json::error_handler_t::replace) : std::string(text);
    }
  }
  return redact(text, changed);
}

std::string policy_hash(const std::vector<SourceFile>& sources) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  auto feed = [&](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // a separator no text byte sequence can forge alone
    h *= 1099511628211ull;
  };
  for (const auto& s : sources) {
    feed(s.name);
    feed(s.text);
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string now_utc() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

Entry make_entry(const Request& request, const Decision& decision, std::string_view source,
                 std::string_view policy_name, std::string_view policy_hash) {
  Entry e;
  e.time = now_utc();
  e.source = source;
  e.policy_name = policy_name;
  e.policy_hash = policy_hash;
  e.request = request;
  if (e.request.kind.empty()) e.request.kind = kind_of_tool(e.request.tool);
  e.decision = decision.decision;
  e.rule = decision.rule.id;
  for (const auto& m : decision.matched)
    if (!m.id.empty() && std::find(e.matched.begin(), e.matched.end(), m.id) == e.matched.end())
      e.matched.push_back(m.id);
  e.message = decision.message;
  e.error = decision.error;
  return e;
}

std::string to_line(const Entry& e, const Redactor& redactor) {
  try {
    bool changed = false;
    std::string input = redactor.redact_json(e.request.input_json, &changed);
    // Parsed as `json` (its keys sorted, as a redacted input already is): one parser in the
    // module instead of a second one for ordered_json (docs/wasm.md, "Size").
    json parsed = json::parse(input, nullptr, false);
    ojson in = parsed.is_discarded() ? ojson(input) : ojson(parsed);  // a string: one JSON value
    const Request& r = e.request;
    ojson req{{"tool", r.tool},
              {"kind", r.kind},
              {"input", std::move(in)},
              {"cwd", r.cwd},
              {"project", r.project_root},
              {"home", r.home},
              {"agent", r.agent},
              {"harness", r.harness},
              {"interactive", r.interactive}};
    if (r.mode) req["mode"] = vigie::to_string(*r.mode);
    ojson j{{"v", kVersion}, {"time", e.time}, {"source", e.source}};
    if (!e.id.empty()) j["id"] = e.id;
    j["policy"] = ojson{{"name", e.policy_name}, {"hash", e.policy_hash}};
    j["request"] = std::move(req);
    j["decision"] = vigie::to_string(e.decision);
    j["rule"] = e.rule.empty() ? ojson(nullptr) : ojson(e.rule);
    if (!e.matched.empty()) j["matched"] = e.matched;
    if (!e.message.empty()) j["message"] = redactor.redact(e.message);
    if (e.error) j["error"] = *e.error;
    if (e.answer != Answer::none) j["answer"] = to_string(e.answer);
    if (e.duration_ms >= 0) j["duration_ms"] = std::round(e.duration_ms * 1000) / 1000;
    if (changed || e.redacted) j["redacted"] = true;
    return j.dump(-1, ' ', false, ojson::error_handler_t::replace);
  } catch (...) {
    // Never a half line: the smallest entry that still says what was decided.
    return std::string(R"({"v":1,"event":"error","error":"the entry could not be written"})");
  }
}

std::optional<Entry> parse_line(std::string_view line, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Entry> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (!engine::json_depth_within(line)) return fail(engine::json_depth_error());
  json j = json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return fail("not a JSON object");
  auto v = j.find("v");
  if (v == j.end() || !v->is_number_integer() || v->get<long long>() != kVersion)
    return fail("not a version 1 journal line (`\"v\": 1`)");
  if (j.contains("event")) return fail("event");
  auto rq = j.find("request");
  if (rq == j.end() || !rq->is_object()) return fail("`request` must be an object");
  auto dec = effect_from_string(str(j, "decision"));
  if (!dec) return fail("`decision` must be allow, ask or deny");
  Entry e;
  e.time = str(j, "time");
  e.source = str(j, "source");
  if (auto id = j.find("id"); id != j.end())
    e.id = id->is_string() ? id->get<std::string>() : id->dump();
  if (auto p = j.find("policy"); p != j.end() && p->is_object()) {
    e.policy_name = str(*p, "name");
    e.policy_hash = str(*p, "hash");
  }
  Request& r = e.request;
  r.tool = str(*rq, "tool");
  if (r.tool.empty()) return fail("`request.tool` must be a non-empty string");
  // An empty kind stays empty: the policy's tool maps resolve the tool, as when it was decided.
  r.kind = str(*rq, "kind");
  if (auto in = rq->find("input"); in != rq->end())
    r.input_json = in->is_string() ? in->get<std::string>() : in->dump();
  r.cwd = str(*rq, "cwd");
  r.project_root = str(*rq, "project");
  r.home = str(*rq, "home");
  r.agent = str(*rq, "agent");
  r.harness = str(*rq, "harness");
  if (!r.harness.empty() && !engine::find_harness(r.harness))
    return fail("`request.harness` is not a known harness");
  if (std::string m = str(*rq, "mode"); !m.empty()) {
    r.mode = mode_from_string(m);
    if (!r.mode) return fail("`request.mode` is not a mode");
  }
  if (auto it = rq->find("interactive"); it != rq->end() && it->is_boolean())
    r.interactive = it->get<bool>();
  e.decision = *dec;
  e.rule = str(j, "rule");
  if (auto it = j.find("matched"); it != j.end() && it->is_array())
    for (const auto& m : *it)
      if (m.is_string()) e.matched.push_back(m.get<std::string>());
  e.message = str(j, "message");
  if (auto it = j.find("error"); it != j.end() && it->is_string()) e.error = it->get<std::string>();
  if (std::string a = str(j, "answer"); !a.empty()) {
    auto ans = answer_from_string(a);
    if (!ans) return fail("`answer` must be allow_once, allow_always or deny");
    e.answer = *ans;
  }
  if (auto it = j.find("redacted"); it != j.end() && it->is_boolean()) e.redacted = *it;
  if (auto it = j.find("duration_ms"); it != j.end() && it->is_number())
    e.duration_ms = it->get<double>();
  return e;
}

void load(std::string_view text, std::string_view file_name, Loaded& out) {
  // The latest entry of each id, for answer lines.
  std::unordered_map<std::string, std::size_t> by_id;
  for (std::size_t i = 0; i < out.entries.size(); ++i)
    if (!out.entries[i].id.empty()) by_id[out.entries[i].id] = i;
  std::size_t line_no = 0, pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    auto where = [&] { return std::string(file_name) + ":" + std::to_string(line_no) + ": "; };
    if (out.entries.size() >= kMaxEntries) {
      out.errors.push_back(where() + "more than " + std::to_string(kMaxEntries) +
                           " entries: the rest is not read");
      return;
    }
    std::string err;
    auto e = parse_line(line, &err);
    if (e) {
      if (!e->id.empty()) by_id[e->id] = out.entries.size();
      out.entries.push_back(std::move(*e));
      continue;
    }
    if (err != "event") {
      out.errors.push_back(where() + err);
      continue;
    }
    json j = json::parse(line, nullptr, false);
    if (str(j, "event") == "answer") {
      std::string id;
      if (auto it = j.find("id"); it != j.end())
        id = it->is_string() ? it->get<std::string>() : it->dump();
      auto ans = answer_from_string(str(j, "answer"));
      auto target = by_id.find(id);
      if (!ans || target == by_id.end()) {
        out.errors.push_back(where() + "an answer for no recorded request (or not an answer)");
        continue;
      }
      out.entries[target->second].answer = *ans;
    } else {
      ++out.skipped;
    }
  }
}

}  // namespace vigie::journal
