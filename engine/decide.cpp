// decide(): a compiled policy and a request in, a decision out.
//
// The request is split into parts (each command of a line, each path it touches, the URL, the
// tool name); each part gets an effect from the rules and the built-in checks; the request gets
// the most restrictive effect of its parts (deny > ask > allow). Layers (`extends`, sub-agents)
// can only restrict; plugins combine Escouade's way. Session state (loops, budgets, "always")
// is applied once, outermost. Nothing throws out of here, and nothing errs towards allow.
#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/compiled.hpp"
#include "engine/conditions.hpp"
#include "engine/effects_view.hpp"
#include "engine/fs.hpp"
#include "engine/fs_decision.hpp"
#include "engine/glob_meet.hpp"
#include "engine/json_scan.hpp"
#include "engine/judge.hpp"
#include "engine/limits.hpp"
#include "engine/match.hpp"
#include "engine/safety.hpp"
#include "engine/session.hpp"
#include "engine/shell_semantics.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

RuleRef builtin(std::string id, Effect e) {
  RuleRef r;
  r.id = std::move(id);
  r.file = kBuiltinFile;
  r.builtin = true;
  r.effect = e;
  return r;
}

RuleRef builtin(Builtin b, Effect e, std::string_view suffix) {
  std::string id(builtin_id(b));
  id += suffix;
  return builtin(std::move(id), e);
}

// Combines the parts into the decision.
void Judge::conclude() {
  // The safety checks and operand conditions resolve within the request's budget too
  // (SafetyContext::steps, ConditionContext::steps) and fall back to the path as written when
  // it is spent: the request is asked as when a judged path runs out (Judge::resolve_in).
  if (path_steps_.left == 0 && !path_steps_hit_) {
    path_steps_hit_ = true;
    d.error = fmt::format(
        "the request's paths need more than {} steps to resolve: a human must "
        "check it",
        limits::path_steps);
    add(builtin_ask(Builtin::limits_path_steps, *d.error));
  }
  Part& win = win_;  // the parts, folded as they were added (Judge::add)
  if (!any_part_) {
    win.effect = Effect::ask;
    win.message = "nothing to judge in this request";
  }
  // always-ask beats auto mode, auto-approve and a session "always".
  if (!p.tools.always_ask.empty() &&
      (p.tools.always_ask.count(req.tool) || p.tools.always_ask.count("*"))) {
    const RuleRef& r = ref(p.tools.always_ask_rule);
    note_match(r, nullptr);
    if (win.effect == Effect::allow ||
        (win.effect == Effect::ask && (!win.rule || win.from_default))) {
      win.effect = Effect::ask;
      win.rule = r;
      win.message = fmt::format("`{}` always needs a human's approval", req.tool);
    }
    win.never_remember = true;
  }
  d.decision = win.effect;
  d.message = std::move(win.message);
  if (win.rule) win.rule.give(d.rule);
  d.rule.effect = win.effect;
  never_remember = win.never_remember;
}

// lexical_normalize, without its work for the common case: a path already normal (absolute, no
// empty, `.` or `..` component, no trailing slash), as a request's cwd and home usually are.
std::string normal_path(std::string_view p) {
  const std::size_t n = p.size();
  bool normal = n > 0 && p[0] == '/' && (n == 1 || p[n - 1] != '/');
  // One pass: after each `/`, neither another `/` (an empty component) nor a `.` or `..`
  // component (`/.git` and `/..x` are names).
  for (std::size_t i = 0; normal && i + 1 < n; ++i) {
    if (p[i] != '/') continue;
    const char c = p[i + 1];
    if (c == '/') {
      normal = false;
    } else if (c == '.') {
      const char c2 = i + 2 < n ? p[i + 2] : '/';
      const char c3 = i + 3 < n ? p[i + 3] : '/';
      normal = !(c2 == '/' || (c2 == '.' && c3 == '/'));
    }
  }
  return normal ? std::string(p) : lexical_normalize(p);
}

namespace {

// An input that says nothing: absent, or `{}`.
bool blank_object(std::string_view text) {
  std::size_t n = 0;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      if (n == 2 || c != "{}"[n]) return false;
      ++n;
    }
  return n == 0 || n == 2;
}

// The nearest folder from `dir` up that holds `.git` (a folder, or a file for worktrees and
// submodules); `dir` itself when none does. At most one look-up per path component.
std::string git_root_or(const std::string& dir, const FileSystem& fs) {
  if (dir.empty() || dir[0] != '/') return dir;
  // One buffer, cut back component by component: linear in the length of `dir`.
  std::string at = dir;
  std::size_t end = dir.size();
  for (;;) {
    at.resize(end);
    at += end == 1 ? ".git" : "/.git";
    if (fs.exists(at)) return dir.substr(0, end);
    if (end == 1) return dir;
    auto slash = dir.rfind('/', end - 1);
    end = slash == 0 ? 1 : slash;
  }
}

}  // namespace

Decision decide_one(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                    bool* never_remember) {
  Decision d;
  Mode mode = req.mode ? *req.mode : p.mode;
  std::shared_ptr<const FileSystem> real;
  const FileSystem* fs = opt.fs.get();
  if (!fs) {
    real = real_file_system();
    fs = real.get();
  }
  std::optional<DecisionFileSystem> real_once;  // the real filesystem, each path looked up once
  if (is_native_real(fs)) fs = &real_once.emplace();
  Judge j(p, req, mode, fs, d);
  j.tracing = opt.trace;
  j.home = req.home.empty() ? "/" : normal_path(req.home);
  // A working folder longer than PATH_MAX names no folder a process can be in; checked before
  // the git root is looked for above it.
  if (req.cwd.size() > limits::cwd_bytes) {
    d.decision = Effect::ask;
    d.error = fmt::format("the request's cwd is longer than {} bytes", limits::cwd_bytes);
    d.message = *d.error;
    d.rule = builtin(Builtin::request_invalid, Effect::ask);
    return d;
  }
  // Seed 004: « "Le projet" est la racine du dépôt git (le répertoire de travail hors dépôt) ».
  if (!req.project_root.empty()) {
    j.project_lexical = normal_path(req.project_root);
  } else {
    std::string project = git_root_or(normal_path(req.cwd), *fs);
    j.project_lexical = normal_path(project.empty() ? "/" : project);
  }
  // A relative project root (`--project .`, `"workspace_roots": ["."]`) is relative to no
  // folder vigie knows: the rules it anchors (`deny .env`, `protect tests/**`) would meet
  // nothing.
  if (!req.project_root.empty() && req.project_root[0] != '/') {
    d.decision = Effect::ask;
    d.error = fmt::format("the project root `{}` is not an absolute path",
                          excerpt(req.project_root, 256));
    d.message = *d.error;
    d.rule = builtin(Builtin::request_invalid, Effect::ask);
    return d;
  }
  if (req.input_json.size() > kMaxInputBytes) {
    d.decision = Effect::ask;
    d.error = fmt::format("the request input is larger than {} bytes", kMaxInputBytes);
    d.message = *d.error;
    d.rule = builtin(Builtin::limits_input_size, Effect::ask);
    return d;
  }
  // An explicit kind says what a tool no table knows is; it never overrides what a known tool
  // is (`{"kind": "read", "tool": "Bash"}` would judge a command line as a read of the working
  // folder). A known tool is resolved by its own row. Kind `tool` with no input asks about the
  // tool's name alone (`needs_approval("shell")`): nothing in it runs or is read.
  std::optional<ToolRow> row;
  const std::optional<RequestKind> kind =
      req.kind.empty() ? std::nullopt : request_kind(req.kind);  // read once
  if (!req.kind.empty()) {
    row = find_tool(req.tool, req.harness, p.tools.harnesses, p.tools.mappings);
    const bool name_only = kind == RequestKind::tool && blank_object(req.input_json);
    if (name_only) {
      row.reset();
    } else if (row && kind != row->kind) {
      d.decision = Effect::ask;
      d.error = fmt::format("the request's kind `{}` is not the kind of the tool `{}` ({})",
                            excerpt(req.kind, 64), excerpt(req.tool, 256), kind_name(row->kind));
      d.message = *d.error;
      d.rule = builtin(Builtin::request_invalid, Effect::ask);
      return d;
    }
  }
  // A command request of an explicit kind reads only `input.command`: from a flat object (the
  // common `{"command": "git status"}`, one level deep), it is read in place, without building
  // the JSON object. Not for a tool whose row reads other keys (`cmd`, `workdir`).
  if (!req.kind.empty() && kind == RequestKind::command &&
      (!row || row->fields == "command=command")) {
    if (std::optional<FlatMember> line = flat_member(req.input_json, "command")) {
      j.call.kind = RequestKind::command;
      j.judge_tool_name();
      j.judge_command_line(
          line->found ? std::optional<std::string_view>(line->value()) : std::nullopt,
          req.cwd.empty() ? j.project_lexical : req.cwd);
      j.conclude();
      if (never_remember) *never_remember = j.never_remember;
      return d;
    }
  }
  // Without a kind, the same for a tool whose row reads `command` alone (Claude Code's and
  // Codex's `Bash`) given `{"command": LINE}` and nothing else: resolve_tool would make the same
  // call of it (a mapped command, no folder, nothing invalid), and judge_request would judge the
  // line from the same folder. The common request of a harness's hook, read without a document.
  // (The key written as is: the reader below takes no escaped key. Other tools' inputs skip
  // the row's look-up here, which resolve_tool makes.) A row found here for a request that
  // takes the full path is kept and handed to resolve_row, not looked up again.
  bool looked_up = false;
  std::optional<ToolRow> tool;
  if (req.kind.empty() && req.input_json.find("\"command\"") != std::string::npos) {
    std::optional<ToolRow> found =
        find_tool(req.tool, req.harness, p.tools.harnesses, p.tools.mappings);
    if (found && found->mcp.empty() && found->kind == RequestKind::command &&
        found->fields == "command=command") {
      std::optional<FlatMember> line = flat_member(req.input_json, "command");
      if (line && line->found && line->members == 1) {
        j.call.kind = RequestKind::command;
        j.call.mapped = true;
        j.call.path_optional = true;  // as resolve_tool's: the row names no `path`
        j.judge_tool_name();
        j.judge_command_line(line->value(), req.cwd.empty() ? j.project_lexical : req.cwd);
        j.conclude();
        if (never_remember) *never_remember = j.never_remember;
        return d;
      }
    }
    looked_up = true;
    tool = std::move(found);
  }
  if (!json_depth_within(req.input_json)) {  // before parsing: serializing JSON recurses
    d.decision = Effect::ask;
    d.error = json_depth_error();
    d.message = *d.error;
    d.rule = builtin(Builtin::limits_json_depth, Effect::ask);
    return d;
  }
  std::optional<json> flat = parse_flat_object(req.input_json);
  // A NUL would end nlohmann's reading early (`{…}\0…`): never valid JSON.
  json input = flat ? std::move(*flat)
               : req.input_json.find('\0') != std::string::npos
                   ? json(json::value_t::discarded)
                   : json::parse(req.input_json, nullptr, false);
  JsonDrain drain_input{input};
  if (input.is_discarded() || !input.is_object()) {
    d.decision = Effect::ask;
    d.error = "the request input is not a JSON object";
    d.message = *d.error;
    d.rule = builtin(Builtin::request_invalid, Effect::ask);
    return d;
  }
  if (row) {  // an explicit kind's row, looked up above
    j.call = engine::resolve_row(std::move(row), input);
  } else if (req.kind.empty()) {
    j.call = looked_up ? engine::resolve_row(std::move(tool), input)
                       : engine::resolve_tool(req.tool, req.harness, p.tools.harnesses,
                                              p.tools.mappings, input);
  } else {
    j.call.kind = request_kind(req.kind).value_or(RequestKind::unknown);
    if (j.call.kind == RequestKind::mcp) {  // an explicit kind keeps the name's own MCP form
      json none = json::object();
      j.call.mcp = engine::resolve_tool(req.tool, req.harness, {}, {}, none).mcp;
    }
  }
  j.judge_tool_name();
  j.judge_request(input);
  j.conclude();
  if (never_remember) *never_remember = j.never_remember;
  return d;
}

}  // namespace vigie::engine

namespace vigie {

namespace {

// The decision when even the error path runs out of memory: every string fits in the small-string
// buffer, so nothing here allocates (tests/alloc).
Decision out_of_memory(bool interactive) noexcept {
  Decision d;
  d.decision = interactive ? Effect::ask : Effect::deny;
  d.error = "out of memory";
  d.message = "out of memory";
  d.rule.id = engine::builtin_id(engine::Builtin::internal_error);
  d.rule.file = engine::kBuiltinFile;
  d.rule.builtin = true;
  d.rule.effect = d.decision;
  return d;
}

// The decision of the layers and the session; throws on an internal error. One named decision,
// returned as it was made (no move).
Decision decide_checked(const Policy::Impl& impl, const Request& req, const DecideOptions& opt) {
  bool nr = false;
  const Policy::Impl& p = impl.for_mode(req.mode.value_or(impl.mode));
  Decision d = engine::decide_layers(p, req, opt, &nr);
  if (opt.session) engine::apply_session(p, req, *opt.session, d, nr);
  if (!opt.trace) d.matched.clear();  // the session's own stop rules
  engine::bound_decision(d);
  return d;
}

// The decision of an internal error (`what`: the exception's text, if any); out of memory when
// even this fails.
Decision internal_error(const char* what, bool interactive) noexcept {
  try {
    Decision d;
    d.decision = Effect::ask;
    d.error = what ? fmt::format("internal error: {}", what) : std::string("internal error");
    d.message = engine::builtin_text(engine::BuiltinMessage::internal_error);
    d.rule = engine::builtin(engine::Builtin::internal_error, Effect::ask);
    return d;
  } catch (...) {  // the error path itself failed (out of memory)
    return out_of_memory(interactive);
  }
}

// decide_checked's decision, or the internal error that stopped it (never a throw).
Decision decide_or_error(const Policy::Impl& impl, const Request& req,
                         const DecideOptions& opt) noexcept {
  try {
    return decide_checked(impl, req, opt);
  } catch (const std::exception& e) {
    return internal_error(e.what(), req.interactive);
  } catch (...) {
    return internal_error(nullptr, req.interactive);
  }
}

// Non-interactive: an ask becomes an announced deny; every deny carries a message. False when
// memory runs out on the way.
bool finish(Decision& d, const Policy::Impl& impl, const Request& req) noexcept {
  try {
    if (d.decision == Effect::ask && !req.interactive) {
      Effect e = impl.non_interactive.value_or(Effect::deny);
      if (e == Effect::deny) {
        d.decision = Effect::deny;
        d.message = fmt::format(
            "this needs a human's approval and none is available (non-interactive run): {}",
            d.message.empty() ? "not allowed by policy" : d.message);
        d.rule.effect = Effect::deny;
      }
    }
    if (d.decision == Effect::deny && d.message.empty()) d.message = "denied by policy";
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace

Decision Policy::decide(const Request& req, const DecideOptions& opt) const noexcept {
  Decision d = decide_or_error(*impl_, req, opt);
  if (!finish(d, *impl_, req)) d = out_of_memory(req.interactive);
  return d;
}

}  // namespace vigie
