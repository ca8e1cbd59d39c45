// Replaying a journal under another policy (engine/replay.hpp).
#include "engine/replay.hpp"

#include <algorithm>
#include <unordered_map>

#include <nlohmann/json.hpp>

namespace vigie::replay {

using nlohmann::json;

namespace {

constexpr Effect kEffects[] = {Effect::allow, Effect::ask, Effect::deny};

// The `--fail-on` vocabulary: one table, read by `crosses` and the usage texts.
struct FailOn {
  const char* name;
  bool (*crosses)(Effect from, Effect to);
};
const FailOn kFailOn[] = {
    {"allow", [](Effect, Effect to) { return to == Effect::allow; }},
    {"ask", [](Effect, Effect to) { return to == Effect::ask; }},
    {"deny", [](Effect, Effect to) { return to == Effect::deny; }},
    {"looser", [](Effect from, Effect to) { return to < from; }},
    {"any", [](Effect, Effect) { return true; }},
};

std::size_t ix(Effect e) {
  return static_cast<std::size_t>(e);
}

std::string transition(Effect from, Effect to) {
  return std::string(to_string(from)) + "->" + to_string(to);
}

std::string one_line(std::string s, std::size_t max = 200) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  if (s.size() > max) {
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    s = s.substr(0, cut) + "…";
  }
  return s;
}

// The program whose part decided (the first command part with the request's decision).
std::string command_of(const Request& r, const Decision& d) {
  for (const auto& t : d.trace)
    if (t.subject == "command" && t.effect == d.decision && !t.argv.empty()) return t.argv[0];
  for (const auto& t : d.trace)
    if (t.subject == "command" && !t.argv.empty()) return t.argv[0];
  return r.tool;
}

void count(Report& rep, Change c) {
  ++rep.changed;
  ++rep.transitions[ix(c.from)][ix(c.to)];
  ++rep.by_rule[c.rule][ix(c.from)][ix(c.to)];
  ++rep.by_command[c.command][ix(c.from)][ix(c.to)];
  rep.changes.push_back(std::move(c));
}

// What a change needs of a decision (a full Decision, trace included, is not kept).
struct Outcome {
  Effect decision = Effect::ask;
  std::string rule, message, command;
  std::vector<std::string> matched;
};

Outcome outcome_of(const Request& r, const Decision& d) {
  Outcome o;
  o.decision = d.decision;
  o.rule = d.rule.id;
  o.message = d.message;
  o.command = command_of(r, d);
  for (const auto& m : d.matched) o.matched.push_back(m.id);
  return o;
}

// Decisions of identical requests, made once: journals repeat themselves (`npm test`, `git
// status`...). Bounded: past kMaxCached distinct requests, the rest is decided each time.
class Decider {
 public:
  Decider(const Policy& p, const DecideOptions& o) : policy_(p), options_(o) {}
  const Outcome& operator()(const Request& r) {
    key_.clear();
    for (const std::string* f : {&r.tool, &r.kind, &r.input_json, &r.cwd, &r.project_root, &r.home,
                                 &r.agent, &r.harness}) {
      key_ += *f;
      key_ += '\0';
    }
    key_ += r.mode ? to_string(*r.mode) : "-";
    key_ += r.interactive ? '1' : '0';
    if (auto it = cache_.find(key_); it != cache_.end()) return it->second;
    Outcome o = outcome_of(r, policy_.decide(r, options_));
    if (cache_.size() >= kMaxCached) {
      last_ = std::move(o);
      return last_;
    }
    return cache_.emplace(key_, std::move(o)).first->second;
  }

 private:
  static constexpr std::size_t kMaxCached = 1'000'000;
  const Policy& policy_;
  const DecideOptions& options_;
  std::unordered_map<std::string, Outcome> cache_;
  std::string key_;
  Outcome last_;
};

// The rule a change is counted under: a rule that now decides and did not match before; else a
// rule that matched before and no longer does (a removed or narrowed rule: for an allowed
// compound line, the deciding rule recorded may be another part's); else the rule before.
std::string responsible(const std::vector<std::string>& before, const std::string& from_rule,
                        const Outcome& now) {
  auto has = [](const std::vector<std::string>& v, const std::string& id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };
  if (!now.rule.empty() && !has(before, now.rule)) return now.rule;
  for (const auto& id : before)
    if (!has(now.matched, id)) return id;
  if (!now.rule.empty()) return now.rule;
  return from_rule.empty() ? "(default)" : from_rule;
}

Change make_change(std::size_t i, const Request& r, Effect from, const std::string& from_rule,
                   const std::vector<std::string>& before, const Outcome& now) {
  Change c;
  c.index = i;
  c.from = from;
  c.to = now.decision;
  c.from_rule = from_rule;
  c.to_rule = now.rule;
  c.rule = responsible(before, from_rule, now);
  c.command = now.command;
  c.subject = one_line(subject_of(r));
  c.message = now.message;
  return c;
}

std::size_t total_of(const Counts& c) {
  std::size_t n = 0;
  for (const auto& row : c)
    for (std::size_t v : row) n += v;
  return n;
}

std::string counts_text(const Counts& c) {
  std::string out;
  for (Effect f : kEffects)
    for (Effect t : kEffects)
      if (c[ix(f)][ix(t)]) {
        if (!out.empty()) out += ", ";
        out += transition(f, t) + " " + std::to_string(c[ix(f)][ix(t)]);
      }
  return out;
}

json counts_json(const Counts& c) {
  json o = json::object();
  for (Effect f : kEffects)
    for (Effect t : kEffects)
      if (c[ix(f)][ix(t)]) o[transition(f, t)] = c[ix(f)][ix(t)];
  return o;
}

// Rows of a by-rule or by-command table, most changes first, then by name.
std::vector<std::pair<std::string, const Counts*>> ranked(const std::map<std::string, Counts>& m) {
  std::vector<std::pair<std::string, const Counts*>> v;
  for (const auto& [k, c] : m) v.push_back({k, &c});
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return total_of(*a.second) > total_of(*b.second);
  });
  return v;
}

// Up to `n` changes of each transition, in journal order.
std::vector<const Change*> examples_of(const Report& r, Effect f, Effect t, std::size_t n) {
  std::vector<const Change*> out;
  for (const auto& c : r.changes) {
    if (out.size() >= n) break;
    if (c.from == f && c.to == t) out.push_back(&c);
  }
  return out;
}

std::string md_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '`')
      out += "'";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string subject_of(const Request& r) {
  json in = json::parse(r.input_json, nullptr, false);
  if (in.is_object()) {
    for (const char* k :
         {"command", "file_path", "notebook_path", "path", "url", "query", "pattern"}) {
      if (auto it = in.find(k); it != in.end() && it->is_string()) return it->get<std::string>();
    }
  }
  return r.tool;
}

Report replay(const Policy& now, const std::vector<journal::Entry>& entries,
              const DecideOptions& options) {
  Report rep;
  Decider decide(now, options);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    const Outcome& d = decide(e.request);
    ++rep.total;
    if (d.decision != e.decision)
      count(rep, make_change(i, e.request, e.decision, e.rule, e.matched, d));
  }
  return rep;
}

Report diff(const Policy& before, const Policy& now, const std::vector<journal::Entry>& entries,
            const DecideOptions& options) {
  Report rep;
  Decider decide_a(before, options), decide_b(now, options);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    const Outcome& a = decide_a(e.request);
    const Outcome& b = decide_b(e.request);
    ++rep.total;
    if (a.decision != b.decision)
      count(rep, make_change(i, e.request, a.decision, a.rule, a.matched, b));
  }
  return rep;
}

bool crosses(const Report& r, const std::string& fail_on, bool* known) {
  for (const auto& f : kFailOn) {
    if (fail_on != f.name) continue;
    if (known) *known = true;
    for (Effect a : kEffects)
      for (Effect b : kEffects)
        if (a != b && r.transitions[ix(a)][ix(b)] && f.crosses(a, b)) return true;
    return false;
  }
  if (known) *known = false;
  return false;
}

const std::vector<std::string>& fail_on_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& f : kFailOn) v.push_back(f.name);
    return v;
  }();
  return names;
}

std::string to_text(const Report& r, std::size_t examples) {
  std::string out = std::to_string(r.total) + " requests decided again, " +
                    std::to_string(r.changed) + " changed\n";
  if (!r.changed) return out;
  out += "\nby transition:\n";
  for (Effect f : kEffects)
    for (Effect t : kEffects) {
      std::size_t n = r.transitions[ix(f)][ix(t)];
      if (!n) continue;
      out += "  " + transition(f, t) + "  " + std::to_string(n) + "\n";
      for (const Change* c : examples_of(r, f, t, examples)) {
        out += "    #" + std::to_string(c->index + 1) + " " + c->command + ": " + c->subject;
        out += "  [" + (c->from_rule.empty() ? "default" : c->from_rule) + " -> " +
               (c->to_rule.empty() ? "default" : c->to_rule) + "]\n";
      }
    }
  out += "\nby rule:\n";
  for (const auto& [k, c] : ranked(r.by_rule)) out += "  " + k + ": " + counts_text(*c) + "\n";
  out += "\nby command:\n";
  for (const auto& [k, c] : ranked(r.by_command)) out += "  " + k + ": " + counts_text(*c) + "\n";
  return out;
}

std::string to_json(const Report& r, std::size_t examples) {
  json j{{"total", r.total}, {"changed", r.changed}};
  json tr = json::array();
  for (Effect f : kEffects)
    for (Effect t : kEffects) {
      std::size_t n = r.transitions[ix(f)][ix(t)];
      if (!n) continue;
      json ex = json::array();
      for (const Change* c : examples_of(r, f, t, examples))
        ex.push_back({{"index", c->index},
                      {"command", c->command},
                      {"subject", c->subject},
                      {"from_rule", c->from_rule.empty() ? json(nullptr) : json(c->from_rule)},
                      {"to_rule", c->to_rule.empty() ? json(nullptr) : json(c->to_rule)},
                      {"message", c->message}});
      tr.push_back({{"from", to_string(f)},
                    {"to", to_string(t)},
                    {"count", n},
                    {"examples", std::move(ex)}});
    }
  j["transitions"] = std::move(tr);
  auto table = [](const std::map<std::string, Counts>& m, const char* key) {
    json a = json::array();
    for (const auto& [k, c] : ranked(m))
      a.push_back({{key, k}, {"changed", total_of(*c)}, {"transitions", counts_json(*c)}});
    return a;
  };
  j["by_rule"] = table(r.by_rule, "rule");
  j["by_command"] = table(r.by_command, "command");
  json idx = json::array();
  for (const auto& c : r.changes)
    idx.push_back({{"index", c.index}, {"from", to_string(c.from)}, {"to", to_string(c.to)}});
  j["changes"] = std::move(idx);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string to_markdown(const Report& r, std::size_t examples) {
  std::string out = "### vigie replay: " + std::to_string(r.changed) + " of " +
                    std::to_string(r.total) + " recorded decisions change\n";
  if (!r.changed) return out;
  out += "\n| change | requests |\n|---|---:|\n";
  for (Effect f : kEffects)
    for (Effect t : kEffects)
      if (std::size_t n = r.transitions[ix(f)][ix(t)])
        out += "| " + transition(f, t) + " | " + std::to_string(n) + " |\n";
  out += "\n| rule | changes |\n|---|---|\n";
  for (const auto& [k, c] : ranked(r.by_rule))
    out += "| `" + md_escape(k) + "` | " + counts_text(*c) + " |\n";
  out += "\n| command | changes |\n|---|---|\n";
  for (const auto& [k, c] : ranked(r.by_command))
    out += "| `" + md_escape(k) + "` | " + counts_text(*c) + " |\n";
  out += "\n<details><summary>examples</summary>\n\n";
  for (Effect f : kEffects)
    for (Effect t : kEffects)
      for (const Change* c : examples_of(r, f, t, examples))
        out += "- " + transition(f, t) + ": `" + md_escape(c->subject) + "` (" +
               (c->to_rule.empty() ? "default" : "`" + md_escape(c->to_rule) + "`") + ")\n";
  out += "\n</details>\n";
  return out;
}

}  // namespace vigie::replay
