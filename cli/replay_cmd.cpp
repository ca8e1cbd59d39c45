// `vigie replay`, `vigie diff`, `vigie suggest`: what a policy change does to recorded
// requests (engine/replay.hpp, engine/suggest.hpp; the journal: docs/journal.md).
//
//   vigie replay --policy NEW [--fail-on allow|ask|deny|looser|any] [--json|--markdown] JOURNAL…
//   vigie diff OLD NEW [--fail-on …] [--json|--markdown] JOURNAL…
//   vigie suggest [--policy P] [--write P] [--min-denials N] [--json] JOURNAL…
//
// Exit: 0 done (no change crosses the --fail-on line), 5 a change crosses it, 1 a policy or a
// journal cannot be read (or has unreadable lines, unless --skip-bad-lines), 2 usage.
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/context.hpp"
#include "cli/io.hpp"
#include "engine/journal.hpp"
#include "engine/limits.hpp"
#include "engine/replay.hpp"
#include "engine/suggest.hpp"
#include "vigie/vigie.hpp"

namespace vigie::cli {
namespace {

constexpr int kExitCrossed = 5;
// A journal file is read whole, up to this size.
constexpr std::size_t kJournalFileBytes = std::size_t{1} << 30;

struct Args {
  std::vector<std::string> positional;
  std::string policy, write, fail_on, format = "text";
  std::size_t examples = 3, min_denials = 2;
  bool skip_bad = false, no_fs = false;
};

std::optional<Args> parse(const std::string& cmd, const std::vector<std::string>& a, int& rc) {
  Args r;
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
    auto number = [&](std::size_t& out) {
      std::string v;
      if (!value(v)) return false;
      if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) {
        rc = usage_error(cmd, "`" + k + "` takes a number");
        return false;
      }
      out = std::stoul(v);
      return true;
    };
    bool ok = true;
    if (k == "--policy" && cmd != "diff")
      ok = value(r.policy);
    else if (k == "--write" && cmd == "suggest")
      ok = value(r.write);
    else if (k == "--fail-on" && cmd != "suggest")
      ok = value(r.fail_on);
    else if (k == "--json")
      r.format = "json";
    else if (k == "--markdown" && cmd != "suggest")
      r.format = "markdown";
    else if (k == "--examples")
      ok = number(r.examples);
    else if (k == "--min-denials" && cmd == "suggest")
      ok = number(r.min_denials);
    else if (k == "--skip-bad-lines")
      r.skip_bad = true;
    else if (k == "--no-fs")
      r.no_fs = true;
    else if (k.size() > 1 && k[0] == '-') {
      rc = usage_error(cmd, "unknown option `" + k + "`");
      return std::nullopt;
    } else
      r.positional.push_back(k);
    if (!ok) return std::nullopt;
  }
  if (!r.fail_on.empty()) {
    bool known = false;
    replay::crosses(replay::Report{}, r.fail_on, &known);
    if (!known) {
      std::string names;
      for (const auto& n : replay::fail_on_names()) names += (names.empty() ? "" : ", ") + n;
      rc = usage_error(cmd, "`--fail-on` takes one of " + names);
      return std::nullopt;
    }
  }
  return r;
}

// Reads the journals; false when one cannot be read, or has bad lines (unless skipped).
bool load_journals(const std::string& cmd, const std::vector<std::string>& files, bool skip_bad,
                   journal::Loaded& out) {
  for (const auto& f : files) {
    std::string text, err;
    if (!read_bounded(f, text, err, kJournalFileBytes)) {
      std::cerr << "vigie " << cmd << ": " << err << "\n";
      return false;
    }
    journal::load(text, f, out);
  }
  for (const auto& e : out.errors) std::cerr << "vigie " << cmd << ": " << e << "\n";
  return out.errors.empty() || skip_bad;
}

DecideOptions decide_options(const Args& a) {
  DecideOptions o;
  if (a.no_fs) o.fs = virtual_file_system({}, {});
  return o;
}

int report(const Args& a, const replay::Report& r) {
  if (a.format == "json")
    std::cout << replay::to_json(r, a.examples) << "\n";
  else if (a.format == "markdown")
    std::cout << replay::to_markdown(r, a.examples);
  else
    std::cout << replay::to_text(r, a.examples);
  if (!a.fail_on.empty() && replay::crosses(r, a.fail_on)) {
    std::cerr << "vigie: a decision changes to " << a.fail_on << " (--fail-on " << a.fail_on
              << ")\n";
    return kExitCrossed;
  }
  return kExitOk;
}

int run_replay(const std::vector<std::string>& args) {
  int rc = kExitOk;
  auto a = parse("replay", args, rc);
  if (!a) return rc;
  if (a->policy.empty()) return usage_error("replay", "`--policy FILE` is required");
  if (a->positional.empty()) return usage_error("replay", "give one or more journal files");
  auto p = load_policy(a->policy, /*cached=*/false);
  if (!p) return kExitError;
  journal::Loaded j;
  if (!load_journals("replay", a->positional, a->skip_bad, j)) return kExitError;
  return report(*a, replay::replay(*p->policy, j.entries, decide_options(*a)));
}

int run_diff(const std::vector<std::string>& args) {
  int rc = kExitOk;
  auto a = parse("diff", args, rc);
  if (!a) return rc;
  if (a->positional.size() < 3) return usage_error("diff", "give OLD NEW and one or more journals");
  auto before = load_policy(a->positional[0], /*cached=*/false);
  auto now = load_policy(a->positional[1], /*cached=*/false);
  if (!before || !now) return kExitError;
  journal::Loaded j;
  std::vector<std::string> files(a->positional.begin() + 2, a->positional.end());
  if (!load_journals("diff", files, a->skip_bad, j)) return kExitError;
  return report(*a, replay::diff(*before->policy, *now->policy, j.entries, decide_options(*a)));
}

int run_suggest(const std::vector<std::string>& args) {
  int rc = kExitOk;
  auto a = parse("suggest", args, rc);
  if (!a) return rc;
  if (a->positional.empty()) return usage_error("suggest", "give one or more journal files");
  if (!a->write.empty() && !a->policy.empty() && a->write != a->policy)
    return usage_error("suggest", "`--write` writes the policy given with `--policy`");
  std::string policy_path = a->policy.empty() ? a->write : a->policy;
  std::vector<SourceFile> base;
  if (!policy_path.empty()) {
    std::string text, err;
    if (!engine::read_policy_file(policy_path, text, err)) {
      std::cerr << "vigie suggest: " << err << "\n";
      return kExitError;
    }
    base.push_back({policy_path, text});
  }
  journal::Loaded j;
  if (!load_journals("suggest", a->positional, a->skip_bad, j)) return kExitError;
  suggest::Options o;
  o.min_denials = a->min_denials;
  o.max_examples = a->examples;
  suggest::Result r = suggest::suggest(base, j.entries, o, {}, decide_options(*a));
  if (a->format == "json")
    std::cout << suggest::to_json(r) << "\n";
  else
    std::cout << suggest::to_text(r, a->examples);
  if (!r.errors.empty()) return kExitError;
  if (!a->write.empty() && !r.suggestions.empty()) {
    std::ofstream out(a->write, std::ios::binary | std::ios::trunc);
    out << r.policy_text;
    if (!out) {
      std::cerr << "vigie suggest: cannot write `" << a->write << "`\n";
      return kExitError;
    }
    std::cerr << "vigie suggest: " << r.suggestions.size() << " rule(s) added to " << a->write
              << "\n";
  }
  return kExitOk;
}

const char* const kCommon =
    "  --json              the report as JSON\n"
    "  --examples N        changed requests shown per transition (default 3)\n"
    "  --no-fs             decide against an empty virtual filesystem (no symlink resolved)\n"
    "  --skip-bad-lines    go on past journal lines that cannot be read (warned on stderr)\n";

const Registrar replay_reg{
    "replay",
    {"decide a journal's requests again under a policy and report what changes",
     std::string("usage: vigie replay --policy NEW [--fail-on allow|ask|deny|looser|any]\n"
                 "                    [--json | --markdown] [--examples N] JOURNAL...\n\n"
                 "Decides every recorded request of the journals (docs/journal.md) again under\n"
                 "NEW and reports the decisions that change (allow->ask, ask->deny...) counted by\n"
                 "rule and by command name, with examples.\n"
                 "  --fail-on X         exit 5 when a request newly gets X (allow, ask, deny),\n"
                 "                      any looser decision (looser) or any change (any)\n"
                 "  --markdown          the report as Markdown (a pull request comment)\n") +
         kCommon +
         "Exit: 0 done, 5 a change crosses --fail-on, 1 a policy or journal error, 2 usage.\n",
     run_replay}};

const Registrar diff_reg{
    "diff",
    {"compare two policies on a journal's requests",
     std::string("usage: vigie diff OLD NEW [--fail-on X] [--json | --markdown] JOURNAL...\n\n"
                 "Decides every recorded request under OLD and under NEW and reports the\n"
                 "decisions that differ, like `vigie replay`.\n") +
         kCommon +
         "Exit: 0 done, 5 a change crosses --fail-on, 1 a policy or journal error, 2 usage.\n",
     run_diff}};

const Registrar suggest_reg{
    "suggest",
    {"propose rules from the answers humans gave to asks",
     std::string(
         "usage: vigie suggest [--policy P | --write P] [--min-denials N] [--json] JOURNAL...\n\n"
         "Commands asked and answered allow_always become allow rules at the narrowest token\n"
         "prefix that covers them (never an interpreter, a wrapper or a shell); commands refused\n"
         "N times (default 2) in one shape become deny rules. Each suggestion lists the\n"
         "recorded requests it would change.\n"
         "  --policy P          the policy the journal is judged against (default: an empty\n"
         "                      policy in mode ask)\n"
         "  --write P           add the suggestions to P, canonically formatted, with\n"
         "                      `example` lines from the journal\n"
         "  --min-denials N     refusals of one shape needed for a deny rule\n") +
         kCommon + "Exit: 0 done, 1 a policy or journal error, 2 usage.\n",
     run_suggest}};

}  // namespace
}  // namespace vigie::cli
