// `vigie check`, `vigie explain`, `vigie test`: deciding requests from the command line.
//
// Contract (tools outside the project rely on it):
//   vigie check --policy FILE [--cwd DIR] [--project DIR] [--home DIR] [--non-interactive]
//               (--command 'CMD' | --request FILE | --jsonl)
//   one JSON decision per request on stdout; exit 0 when every decision is allow, 3 when any is
//   deny, 4 when any is ask and none is deny, 1 on a policy error, 2 on bad usage.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/context.hpp"
#include "cli/io.hpp"
#include "cli/journal.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

constexpr int kExitDeny = 3;
constexpr int kExitAsk = 4;

struct CheckArgs {
  Context ctx;  // --policy, --cwd, --project, --home, --mode, --agent, --non-interactive
  std::optional<std::string> command, request_file;
  bool jsonl = false;
  bool session = false;  // one session across the requests: loop detection and budgets
  std::string dump;      // "compiled"
  std::vector<std::pair<std::string, std::string>> symlinks;
  JournalOptions journal;
};

std::optional<CheckArgs> parse_args(const std::string& cmd, const std::vector<std::string>& a,
                                    int& rc) {
  CheckArgs c;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string& k = a[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= a.size()) {
        rc = usage_error(cmd, "`" + k + "` needs a value");
        return false;
      }
      out = a[++i];
      return true;
    };
    std::string v, err;
    if (Take t = take_context_flag(a, i, c.ctx, &c.journal, kAllContextFlags, err); t != Take::no) {
      if (t == Take::bad) {
        rc = usage_error(cmd, err);
        return std::nullopt;
      }
    } else if (k == "--command") {
      if (!value(v)) return std::nullopt;
      c.command = v;
    } else if (k == "--request") {
      if (!value(v)) return std::nullopt;
      c.request_file = v;
    } else if (k == "--jsonl") {
      c.jsonl = true;
    } else if (k == "--session") {
      c.session = true;
    } else if (k.rfind("--dump=", 0) == 0) {
      c.dump = k.substr(7);
      if (c.dump != "compiled") {
        rc = usage_error(cmd, "`--dump` takes `compiled`");
        return std::nullopt;
      }
    } else if (k == "--symlink") {
      if (!value(v)) return std::nullopt;
      auto eq = v.find('=');
      if (eq == std::string::npos) {
        rc = usage_error(cmd, "`--symlink` takes FROM=TO");
        return std::nullopt;
      }
      // The link is a path of the virtual filesystem (absolute); its target is what the link
      // holds (absolute, or relative to the link's folder), never empty.
      if (eq == 0 || v[0] != '/' || eq + 1 == v.size()) {
        rc = usage_error(
            cmd, "`--symlink " + v + "`: FROM must be an absolute path and TO must not be empty");
        return std::nullopt;
      }
      c.symlinks.push_back({v.substr(0, eq), v.substr(eq + 1)});
    } else {
      rc = usage_error(cmd, "unknown option `" + k + "`");
      return std::nullopt;
    }
  }
  if (c.ctx.policy.empty()) {
    rc = usage_error(cmd, "`--policy FILE` is required");
    return std::nullopt;
  }
  int inputs = (c.command ? 1 : 0) + (c.request_file ? 1 : 0) + (c.jsonl ? 1 : 0);
  if (inputs != 1 && c.dump.empty()) {
    rc = usage_error(cmd, "give exactly one of `--command`, `--request`, `--jsonl`");
    return std::nullopt;
  }
  if (auto err = finish_context(c.ctx)) {
    rc = usage_error(cmd, *err);
    return std::nullopt;
  }
  return c;
}

std::string one_line(const Request& r) {
  nlohmann::json in = nlohmann::json::parse(r.input_json, nullptr, false);
  if (in.is_object()) {
    for (const char* k : {"command", "file_path", "path", "url"})
      if (auto it = in.find(k); it != in.end() && it->is_string())
        return engine::visible(r.tool) + " `" + engine::visible(it->get<std::string>()) + "`";
  }
  return engine::visible(r.tool);
}

void explain(std::ostream& out, const Request& r, const Decision& d) {
  auto where = [](const RuleRef& ref) {
    if (ref.file.empty() || ref.builtin) return std::string("built-in");
    return ref.file + ":" + std::to_string(ref.line);
  };
  out << "request: " << one_line(r) << "\n";
  for (const auto& t : d.trace) {
    // What the request holds is shown with its control characters escaped (engine::visible): a
    // line's `\r` or `\x1b[1A` must not rewrite what the human reads above it.
    out << "  " << t.subject << " `" << engine::visible(t.text) << "`";
    if (!t.context.empty()) {
      out << "  [";
      for (std::size_t i = 0; i < t.context.size(); ++i)
        out << (i ? " > " : "") << engine::visible(t.context[i]);
      out << "]";
    }
    out << "\n";
    if (!t.argv.empty()) {
      out << "    argv:";
      for (const auto& a : t.argv)
        out << " "
            << nlohmann::json(a).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      out << "\n";
    }
    for (const auto& e : t.effects) {
      const char* verb = e.access == "read"     ? "reads"
                         : e.access == "write"  ? "writes"
                         : e.access == "delete" ? "deletes"
                                                : "runs";
      out << "    " << verb << " ";
      if (!e.path.empty())
        out << nlohmann::json(e.path).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
            << " ";
      out << "(" << engine::visible(e.from) << ": " << engine::visible(e.entry) << ")\n";
    }
    for (const auto& m : t.matched)
      out << "    matched " << to_string(m.effect) << " " << m.id << " (" << where(m) << ")\n";
    out << "    -> " << to_string(t.effect);
    if (!t.reason.empty()) out << ": " << engine::visible(t.reason, /*keep_newlines=*/true);
    out << "\n";
  }
  out << "decision: " << to_string(d.decision);
  if (!d.rule.id.empty()) out << " by " << d.rule.id << " (" << where(d.rule) << ")";
  out << "\n";
  if (!d.message.empty()) out << "message: " << d.message << "\n";
  if (d.error) out << "error: " << *d.error << "\n";
}

int run_check(const std::string& cmd, const std::vector<std::string>& args, bool human) {
  int rc = kExitOk;
  auto c = parse_args(cmd, args, rc);
  if (!c) return rc;
  // Through the compiled-policy cache (one process per call in hooks and scripts), except for
  // --dump.
  auto compiled = load_policy(c->ctx.policy, c->dump.empty());
  if (!compiled) return kExitError;
  const Policy& policy = *compiled->policy;
  if (c->dump == "compiled") {
    std::cout << policy.dump();
    return kExitOk;
  }
  JournalWriter journal;
  if (std::string err; !journal.open(c->journal, cmd, *compiled, &err)) {
    std::cerr << "vigie " << cmd << ": " << err << "\n";
    return kExitError;
  }
  DecideOptions opt;
  Session session;
  if (c->session) opt.session = &session;
  if (!c->symlinks.empty()) {
    std::map<std::string, std::string> links(c->symlinks.begin(), c->symlinks.end());
    opt.fs = virtual_file_system(links, {});
  }
  bool any_deny = false, any_ask = false;
  auto emit = [&](const Request* r, const Decision& d) {
    any_deny |= d.decision == Effect::deny;
    any_ask |= d.decision == Effect::ask;
    if (r)
      journal.write_journal_line(*r, d);
    else
      journal.write_error("", d.error.value_or(d.message));
    if (human) {
      Request none;
      explain(std::cout, r ? *r : none, d);
    } else {
      std::cout << decision_to_json(d) << "\n";
    }
    std::cout.flush();
  };
  auto decide_text = [&](const std::string& text) {
    std::string err;
    auto r = parse_request(text, &err);
    if (!r) {
      emit(nullptr, invalid_request_decision(err, !c->ctx.non_interactive));
      return;
    }
    c->ctx.fill(*r);
    emit(&*r, policy.decide(*r, opt));
  };
  if (c->command) {
    Request r;
    r.tool = "Bash";
    r.kind = "command";
    bool utf8 = true;
    try {
      r.input_json = nlohmann::json{{"command", *c->command}}.dump();
    } catch (const nlohmann::json::exception&) {
      utf8 = false;
    }
    if (!utf8) {
      // Bytes that are not UTF-8: no request can carry them (JSON is UTF-8); fail closed.
      emit(nullptr,
           invalid_request_decision("the command is not valid UTF-8", !c->ctx.non_interactive));
    } else {
      c->ctx.fill(r);
      emit(&r, policy.decide(r, opt));
    }
  } else if (c->request_file) {
    std::string text, err;
    bool too_large = false;
    if (!read_bounded(*c->request_file, text, err, limits::request_bytes, &too_large)) {
      if (too_large) {  // bad input, not bad usage: a fail-closed decision
        emit(nullptr, invalid_request_decision("the request is larger than " +
                                                   std::to_string(limits::request_bytes) + " bytes",
                                               !c->ctx.non_interactive));
      } else {
        std::cerr << "vigie " << cmd << ": " << err << "\n";
        return kExitUsage;
      }
    } else {
      decide_text(text);
    }
  } else {
    // Lines are bounded while reading: a longer one is discarded to its newline and answered.
    std::string line;
    for (;;) {
      LineStatus st = read_line(std::cin, line, limits::request_bytes);
      if (st == LineStatus::eof) break;
      if (st == LineStatus::too_long) {
        emit(nullptr, invalid_request_decision("the request line is larger than " +
                                                   std::to_string(limits::request_bytes) + " bytes",
                                               !c->ctx.non_interactive));
        continue;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      decide_text(line);
    }
  }
  return any_deny ? kExitDeny : any_ask ? kExitAsk : kExitOk;
}

int run_check_json(const std::vector<std::string>& a) {
  return run_check("check", a, false);
}
int run_explain(const std::vector<std::string>& a) {
  return run_check("explain", a, true);
}

int run_test(const std::vector<std::string>& args) {
  bool json_out = false;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--format" && i + 1 < args.size()) {
      std::string f = args[++i];
      if (f != "json" && f != "human") return usage_error("test", "`--format` takes human or json");
      json_out = f == "json";
    } else if (!args[i].empty() && args[i][0] == '-') {
      return usage_error("test", "unknown option `" + args[i] + "`");
    } else {
      files.push_back(args[i]);
    }
  }
  if (files.empty()) return usage_error("test", "give one or more policy files");
  int passed = 0, failed = 0;
  bool policy_error = false;
  nlohmann::json all = nlohmann::json::array();
  for (const auto& f : files) {
    auto compiled = load_policy(f, /*cached=*/false);  // the test blocks are not cached
    if (!compiled) {
      policy_error = true;
      continue;
    }
    auto outcomes = run_tests(*compiled->policy);
    if (json_out) {
      for (auto& o : nlohmann::json::parse(test_outcomes_to_json(outcomes))) all.push_back(o);
    }
    for (const auto& o : outcomes) {
      if (o.passed) {
        ++passed;
        continue;
      }
      ++failed;
      if (json_out) continue;
      std::cout << o.file << ":" << o.line << ": FAIL " << o.kind << " `" << o.subject << "`";
      if (!o.name.empty()) std::cout << " (test \"" << o.name << "\")";
      std::cout << "\n    expected: " << to_string(o.expected);
      if (!o.expected_rule.empty()) std::cout << " rule " << o.expected_rule;
      std::cout << "\n    actual:   " << to_string(o.actual.decision);
      if (!o.actual.rule.id.empty()) std::cout << " rule " << o.actual.rule.id;
      if (!o.actual.message.empty()) std::cout << " \"" << o.actual.message << "\"";
      std::cout << "\n    " << o.why << "\n";
    }
  }
  if (json_out)
    std::cout << all.dump(2) << "\n";
  else
    std::cout << passed << " passed, " << failed << " failed\n";
  if (policy_error) return kExitError;
  return failed ? kExitError : kExitOk;
}

const std::string kCheckUsage =
    "usage: vigie check --policy FILE [--cwd DIR] [--project DIR] [--home DIR]\n"
    "                   [--mode readonly|ask|auto] [--agent NAME] [--non-interactive]\n"
    "                   [--symlink FROM=TO]... [--dump=compiled]\n"
    "                   [--journal FILE [--redact REGEX]... [--no-default-redactions]]\n"
    "                   (--command 'CMD' | --request FILE | --jsonl)\n\n"
    "Decides requests and prints one JSON decision per request on stdout.\n"
    "  --command 'CMD'   a Bash tool call with this command line\n"
    "  --request FILE    a JSON request (flat, or Escouade's {\"request\": {...}}); - for stdin\n"
    "  --jsonl           one JSON request per line on stdin, one decision per line out\n"
    "  --session         one session across the requests: the policy's loop detection and\n"
    "                    budgets apply (the Nth identical call in a row is denied)\n"
    "  --symlink FROM=TO judge against a virtual filesystem with these symlinks\n"
    "  --dump=compiled   print the compiled policy and stop\n" +
    std::string(kJournalUsage) +
    "Exit: 0 all allowed, 3 any denied, 4 any asked (none denied), 1 policy error, 2 usage.\n";

const Registrar check_reg{"check",
                          {"decide requests (JSON in, JSON out)", kCheckUsage, run_check_json}};
const Registrar explain_reg{
    "explain",
    {"decide requests and print the human trace",
     "usage: vigie explain (same options as `vigie check`)\n\n"
     "Prints each part of the request (each command of the line), the rules that matched it\n"
     "and the winner.\n",
     run_explain}};
const Registrar test_reg{
    "test",
    {"run the tests written in policy files",
     "usage: vigie test [--format human|json] FILE...\n\n"
     "Runs the `test` blocks of each policy; prints each failure with the expected and the\n"
     "actual decision and rule, and ends with `N passed, M failed`. Exit 0 when all pass.\n",
     run_test}};

}  // namespace
}  // namespace vigie::cli
