// The embind surface of the WASM module. Kept tiny on purpose: strings (JSON) in, strings (JSON)
// out, so that the JS wrapper (src/api.mjs) owns every object shape and the C++ side owns none
// of JS's. Nothing here lets an exception reach JS: every entry point catches everything and
// returns an error value (for a decision: ask, never allow). The bound functions are not
// marked noexcept only because embind 3.1.6 cannot bind noexcept function types.
//
//   class PolicyHandle(source, optionsJson)   compile once; immutable afterwards
//     .ok()  .name()  .diagnosticsJson()  .decide(requestJson, fsJson)  .testsJson()  .dump()
//     .decideIn(requestJson, fsJson, session)
//     .decideBrief(requestJson, fsJson) .decideBriefIn(requestJson, fsJson, session)
//         -> Brief {decision, message, ruleId, ruleFile, ruleLine, ruleEffect, error, hasError}:
//            the decision's common fields as an embind value object, without JSON and without
//            building the trace and the matched rules (DecideOptions::trace = false)
//     .setContext(contextJson) .useFilesystem(fsJson) .address(): the fast path's state
//   vigie_decide_fast(policy, length, session, command) (a plain export, see fast_impl) -> the
//            same decision with no string crossing: the request (or, with `command`, only its
//            input, `{"command":…}`) is read from the module's request buffer (requestBufferAt),
//            the fields are written to fastResultAt() as numbers: the message and error as address
//            and length, the rule's strings as indexes into the handle's interned strings
//            (.interned(k)), or kVolatile (.lastString(field))
//   requestBufferAt(capacity) fastResultAt()   where JS writes the request and reads the result
//   class SessionHandle()   .rememberAlways(tool)  .actions()  .denials()  .setClock(seconds)
//   parseShell, parseShellAst, the argv form: shell_bindings.cpp
//   format(source, options)    -> {"ok", "text", "diagnostics"}
//   lint(source, options)      -> `vigie lint --format json` (the diagnostics array)
//   memoryJson()               -> {"heap_size", "in_use"} for leak tests and the benchmark
//   version()
//   vigie_register_rare()      (a plain export) registers format, lint, memoryJson, the journal's,
//                              hooks', vocabulary's and parseShell/parseShellAst's bindings, once
//                              (rare_bindings.hpp): the JS wrapper calls it before their first use
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/limits.hpp"
#include "grammar/policy/format.hpp"
#include "grammar/policy/parser.hpp"
#include "vigie/vigie.hpp"
#include "wasm/fast_path.hpp"
#include "wasm/rare_bindings.hpp"
#include "wasm/what_of.hpp"

namespace {

using namespace vigie::wasm;
using json = nlohmann::json;

// The main file's name when the caller gives none.
constexpr const char* kDefaultFile = "policy.vigie";

// A diagnostic for a failure outside the compiler (bad options, an internal error).
std::string internal_diagnostics(const std::string& file, const std::string& code,
                                 const std::string& message, const std::string& help) {
  vigie::Diagnostic d;
  d.code = code;
  d.file = file;
  d.line = d.column = d.end_line = d.end_column = 1;
  d.message = message;
  d.help = help;
  return vigie::diagnostics_to_json({d});
}

// A decision's common fields, crossing to JS as a plain object (embind value_object): no JSON
// text is written or parsed. `ruleId` is empty when the default decided (JS: `rule: null`).
struct Brief {
  std::string decision = "ask";
  std::string message;
  std::string rule_id, rule_file, rule_effect;
  std::uint32_t rule_line = 0;
  std::string error;
  bool has_error = false;
};

Brief brief_of(const vigie::Decision& d) {
  Brief b;
  b.decision = vigie::to_string(d.decision);
  b.message = d.message;
  if (!d.rule.id.empty()) {
    b.rule_id = d.rule.id;
    b.rule_file = d.rule.file;
    b.rule_line = d.rule.line;
    b.rule_effect = vigie::to_string(d.rule.effect);
  }
  if (d.error) {
    b.error = *d.error;
    b.has_error = true;
  }
  return b;
}

// The fail-closed brief: ask, with the error.
Brief error_brief(const std::string& error) noexcept {
  Brief b;
  try {
    b.error = error;
  } catch (...) {
  }
  b.has_error = true;
  return b;
}

// An ask (fail closed) carrying the error, in the shape of `decision_to_json`.
std::string error_decision(const std::string& error) {
  vigie::Decision d;
  d.decision = vigie::Effect::ask;
  d.error = error;
  try {
    return vigie::decision_to_json(d);
  } catch (...) {
    return R"({"decision":"ask","message":"","rule":null,"matched":[],"trace":[],)"
           R"("error":"internal error"})";
  }
}

// A request that could not be read still gets a decision, the same as `vigie check` gives it:
// ask, or deny when the request says it is not interactive; never allow.
std::string bad_request(const std::string& request_json, const std::string& error) {
  json j = vigie::engine::parse_json(request_json);  // bounded: discarded when too deep
  bool interactive = true;
  if (j.is_object()) {
    if (auto it = j.find("interactive"); it != j.end() && it->is_boolean())
      interactive = it->get<bool>();
  }
  return vigie::decision_to_json(vigie::invalid_request_decision(error, interactive));
}

// Compile options from JSON: {"file"?, "files"?: {name: text} | [{name, text}],
// "check_examples"?}. Included files come only from `files`: there is no disk in wasm.
struct ParsedOptions {
  std::string file = kDefaultFile;
  vigie::CompileOptions options;
};

ParsedOptions parse_options(const std::string& options_json) {
  ParsedOptions p;
  p.options.read_files = false;
  if (options_json.empty()) return p;
  if (!vigie::engine::json_depth_within(options_json))
    throw std::invalid_argument(vigie::engine::json_depth_error());
  json j = json::parse(options_json);
  if (j.is_null()) return p;
  if (!j.is_object()) throw std::runtime_error("compile options must be an object");
  if (auto it = j.find("file"); it != j.end() && it->is_string()) p.file = it->get<std::string>();
  if (auto it = j.find("files"); it != j.end()) {
    if (it->is_object()) {
      for (const auto& [name, text] : it->items()) {
        p.options.files.push_back({name, text.get<std::string>()});
      }
    } else if (it->is_array()) {
      for (const auto& f : *it) {
        p.options.files.push_back(
            {f.at("name").get<std::string>(), f.at("text").get<std::string>()});
      }
    } else {
      throw std::runtime_error("`files` must map file names to their text");
    }
  }
  if (auto it = j.find("check_examples"); it != j.end() && it->is_boolean()) {
    p.options.check_examples = it->get<bool>();
  }
  return p;
}

// The caller's virtual filesystem: {"symlinks"?: {path: target}, "files"?: [path]}. Empty: none.
std::shared_ptr<const vigie::FileSystem> parse_fs(const std::string& fs_json) {
  if (fs_json.empty()) return nullptr;
  if (!vigie::engine::json_depth_within(fs_json))
    throw std::invalid_argument(vigie::engine::json_depth_error());
  json j = json::parse(fs_json);
  if (j.is_null()) return nullptr;
  if (!j.is_object()) throw std::runtime_error("the filesystem must be an object");
  std::map<std::string, std::string> symlinks;
  std::vector<std::string> files;
  if (auto it = j.find("symlinks"); it != j.end() && !it->is_null()) {
    for (const auto& [path, target] : it->items()) symlinks[path] = target.get<std::string>();
  }
  if (auto it = j.find("files"); it != j.end() && !it->is_null()) {
    for (const auto& f : *it) files.push_back(f.get<std::string>());
  }
  return vigie::virtual_file_system(std::move(symlinks), std::move(files));
}

// Embedder-owned session state ("always" answers, loop detection, budgets), passed to
// successive decisions of one agent session.
class SessionHandle {
 public:
  void remember_always(const std::string& tool) {
    try {
      session_.remember_always(tool);
    } catch (...) {
    }
  }
  // Counters as doubles: exact up to 2^53, and JS has no 64-bit integer through embind.
  double actions() const { return static_cast<double>(session_.actions()); }
  double denials() const { return static_cast<double>(session_.denials()); }
  void set_clock(double seconds) { session_.set_clock(seconds); }
  vigie::Session& session() { return session_; }
  std::uintptr_t address() { return reinterpret_cast<std::uintptr_t>(this); }

 private:
  vigie::Session session_;
};

class PolicyHandle {
 public:
  PolicyHandle(const std::string& source, const std::string& options_json) noexcept {
    std::string file = kDefaultFile;
    try {
      ParsedOptions p = parse_options(options_json);
      file = p.file;
      vigie::CompileResult r = vigie::compile({{p.file, source}}, p.options);
      policy_ = std::move(r.policy);
      diagnostics_json_ = vigie::diagnostics_to_json(r.diagnostics);
    } catch (const std::invalid_argument& e) {  // options nested too deep
      policy_ = nullptr;
      diagnostics_json_ = internal_diagnostics(
          file, "V001", std::string("invalid compile options: ") + e.what(),
          "pass `{ file: \"name.vigie\", files: { \"other.vigie\": \"...\" } }`");
    } catch (const json::exception& e) {
      policy_ = nullptr;
      diagnostics_json_ = internal_diagnostics(
          file, "V001", std::string("invalid compile options: ") + e.what(),
          "pass `{ file: \"name.vigie\", files: { \"other.vigie\": \"...\" } }`");
    } catch (...) {
      policy_ = nullptr;
      diagnostics_json_ =
          internal_diagnostics(file, "V000", "internal error: " + what_of(std::current_exception()),
                               "please report this policy to the vigie maintainers");
    }
  }

  bool ok() const { return policy_ != nullptr; }

  std::string name() const {
    try {
      return policy_ ? policy_->name() : std::string();
    } catch (...) {
      return {};
    }
  }

  std::string diagnostics_json() const { return diagnostics_json_; }

  std::string decide(const std::string& request_json, const std::string& fs_json) const {
    return decide_impl(request_json, fs_json, nullptr);
  }

  std::string decide_in(const std::string& request_json, const std::string& fs_json,
                        SessionHandle& session) const {
    return decide_impl(request_json, fs_json, &session.session());
  }

  std::string decide_impl(const std::string& request_json, const std::string& fs_json,
                          vigie::Session* session) const {
    try {
      if (!policy_) return error_decision("the policy did not compile");
      std::string error;
      std::optional<vigie::Request> req = vigie::parse_request(request_json, &error);
      if (!req) return bad_request(request_json, error);
      vigie::DecideOptions options;
      options.session = session;
      try {
        options.fs = cached_fs(fs_json);
      } catch (...) {
        return error_decision("invalid filesystem: " + what_of(std::current_exception()));
      }
      return vigie::decision_to_json(policy_->decide(*req, options));
    } catch (...) {
      return error_decision("internal error: " + what_of(std::current_exception()));
    }
  }

  Brief decide_brief(const std::string& request_json, const std::string& fs_json) const {
    return brief_impl(request_json, fs_json, nullptr);
  }

  Brief decide_brief_in(const std::string& request_json, const std::string& fs_json,
                        SessionHandle& session) const {
    return brief_impl(request_json, fs_json, &session.session());
  }

  // The same decision as decide_impl, without the trace, the matched rules and JSON out.
  Brief brief_impl(std::string_view request_json, const std::string& fs_json,
                   vigie::Session* session) const {
    return brief_with(request_json, session, [&] { return cached_fs(fs_json); });
  }

  // brief_impl with the filesystem from `fs()`, which may throw (an invalid filesystem).
  template <class Fs>
  Brief brief_with(std::string_view request_json, vigie::Session* session, Fs&& fs) const {
    try {
      if (!policy_) return error_brief("the policy did not compile");
      std::string error;
      std::optional<vigie::Request> req = vigie::parse_request(request_json, &error);
      if (!req) {
        json j = vigie::engine::parse_json(request_json);  // bounded: discarded when too deep
        bool interactive = true;
        if (j.is_object())
          if (auto it = j.find("interactive"); it != j.end() && it->is_boolean())
            interactive = it->get<bool>();
        return brief_of(vigie::invalid_request_decision(error, interactive));
      }
      vigie::DecideOptions options;
      options.session = session;
      options.trace = false;
      try {
        options.fs = fs();
      } catch (...) {
        return error_brief("invalid filesystem: " + what_of(std::current_exception()));
      }
      return brief_of(policy_->decide(*req, options));
    } catch (...) {
      return error_brief("internal error: " + what_of(std::current_exception()));
    }
  }

  // The fast path (vigie_decide_fast below): the request buffer's first `length` bytes are a
  // request's JSON text, or with `command`, the JSON text of the input of a request whose
  // input is `{"command": line}` and whose other fields were given to set_context. The filesystem
  // is the one given to use_filesystem. The result goes to fast_result; returns the decision's
  // index (0 allow, 1 ask, 2 deny).
  int fast_impl(std::size_t length, vigie::Session* session, bool command) const {
    try {
      std::string_view text(request_buffer.data(), std::min(length, request_buffer.size()));
      if (length > request_buffer.size()) {
        last_ = error_brief("internal error: the request buffer is shorter than the request");
      } else if (command) {
        last_ = command_brief(text, session);
      } else {
        last_ = brief_with(text, session, [&] {
          if (!fast_fs_error_.empty()) throw std::runtime_error(fast_fs_error_);
          return fast_fs_;
        });
      }
      const Brief& b = last_;
      fast_result[kDecision] = b.decision == "allow" ? 0 : b.decision == "deny" ? 2 : 1;
      fast_result[kMessageAt] = address_of(b.message);
      fast_result[kMessageLength] = static_cast<std::int32_t>(b.message.size());
      fast_result[kRuleId] = b.rule_id.empty() ? kNone : intern(b.rule_id);
      fast_result[kRuleFile] = b.rule_id.empty() ? kNone : intern(b.rule_file);
      fast_result[kRuleLine] = static_cast<std::int32_t>(b.rule_line);
      fast_result[kRuleEffect] = b.rule_id.empty() ? kNone : intern(b.rule_effect);
      fast_result[kErrorAt] = address_of(b.error);
      fast_result[kErrorLength] = b.has_error ? static_cast<std::int32_t>(b.error.size()) : kNone;
      return fast_result[kDecision];
    } catch (...) {
      fast_result.fill(kNone);
      fast_result[kDecision] = 1;  // ask
      fast_result[kMessageLength] = 0;
      try {
        last_ = error_brief("internal error: " + what_of(std::current_exception()));
      } catch (...) {
      }
      fast_result[kErrorAt] = address_of(last_.error);
      fast_result[kErrorLength] = static_cast<std::int32_t>(last_.error.size());
      return 1;
    }
  }

  // The command path's context: a request's fields other than `input` as JSON (parsed once
  // per distinct context by JS's choice). "" when it reads as a request; else the error, and
  // JS sends such requests whole (brief_impl reports the error as it always did).
  std::string set_context(const std::string& context_json) {
    try {
      std::string error;
      context_ = vigie::parse_request(context_json, &error);
      return context_ ? std::string() : error.empty() ? std::string("invalid request") : error;
    } catch (...) {
      context_.reset();
      return "internal error";
    }
  }

  // `input_json` is the request's input as JS's JSON.stringify wrote it: `{"command":"…"}`
  // (escaping there is native and exact; nlohmann's dump() cost a 512-byte buffer per call).
  Brief command_brief(std::string_view input_json, vigie::Session* session) const {
    if (!policy_) return error_brief("the policy did not compile");
    if (!context_) return error_brief("internal error: no request context");
    if (!fast_fs_error_.empty()) return error_brief("invalid filesystem: " + fast_fs_error_);
    context_->input_json.assign(input_json);
    vigie::DecideOptions options;
    options.session = session;
    options.trace = false;
    options.fs = fast_fs_;
    return brief_of(policy_->decide(*context_, options));
  }

  // The fast path's filesystem, parsed when JS gives a text other than the last one. ""
  // when it reads (or is empty), else the error, which the fast path's decisions then carry.
  std::string use_filesystem(const std::string& fs_json) {
    try {
      fast_fs_error_.clear();
      fast_fs_ = parse_fs(fs_json);
    } catch (...) {
      fast_fs_.reset();
      fast_fs_error_ = what_of(std::current_exception());
    }
    return fast_fs_error_;
  }

  std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }

  // A string's index in the interned table (added when there is room), else kVolatile.
  std::int32_t intern(const std::string& s) const {
    if (auto it = interned_.find(s); it != interned_.end()) return it->second;
    if (strings_.size() >= kMaxInterned || s.size() > kMaxInternedBytes) return kVolatile;
    auto k = static_cast<std::int32_t>(strings_.size());
    strings_.push_back(s);
    interned_.emplace(s, k);
    return k;
  }

  std::string interned(std::int32_t k) const {
    return k >= 0 && static_cast<std::size_t>(k) < strings_.size() ? strings_[k] : std::string();
  }

  // A string field of the last fast decision (for kVolatile).
  std::string last_string(int field) const {
    switch (field) {
      case kRuleId:
        return last_.rule_id;
      case kRuleFile:
        return last_.rule_file;
      case kRuleEffect:
        return last_.rule_effect;
      default:
        return {};
    }
  }

  static std::int32_t address_of(const std::string& s) {
    return static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(s.data()));
  }

  // The caller's filesystem, parsed once per distinct text: a loop passing the same filesystem
  // (or none) does not parse it again for every decision.
  std::shared_ptr<const vigie::FileSystem> cached_fs(const std::string& fs_json) const {
    if (fs_json.empty()) return nullptr;
    if (fs_json_ == fs_json) return fs_;
    std::shared_ptr<const vigie::FileSystem> fs = parse_fs(fs_json);
    fs_json_ = fs_json;
    fs_ = fs;
    return fs;
  }

  // `vigie test --format json`: the outcome of every test block of the policy.
  std::string tests_json() const {
    try {
      if (!policy_) return "[]";
      return vigie::test_outcomes_to_json(vigie::run_tests(*policy_));
    } catch (...) {
      json j = json::array({{{"name", ""},
                             {"passed", false},
                             {"why", "internal error: " + what_of(std::current_exception())}}});
      return j.dump(-1, ' ', false, json::error_handler_t::replace);
    }
  }

  std::string dump() const {
    try {
      return policy_ ? policy_->dump() : std::string();
    } catch (...) {
      return {};
    }
  }

 private:
  std::shared_ptr<const vigie::Policy> policy_;
  std::string diagnostics_json_ = "[]";
  // The last filesystem parsed (cached_fs). JS is single-threaded: no lock.
  mutable std::string fs_json_;
  mutable std::shared_ptr<const vigie::FileSystem> fs_;
  // The fast path's interned strings (both ways) and its last decision.
  mutable std::unordered_map<std::string, std::int32_t> interned_;
  mutable std::vector<std::string> strings_;
  mutable Brief last_;
  // The command path's request (set_context; its input is replaced on each call) and the
  // fast path's filesystem (use_filesystem) or the error that parsing it gave.
  mutable std::optional<vigie::Request> context_;
  std::shared_ptr<const vigie::FileSystem> fast_fs_;
  std::string fast_fs_error_;
};

// `vigie fmt`: the canonical text when the source parses; the source unchanged otherwise, with
// the syntax errors (formatting needs only the parse stage, not the checker).
std::string format(const std::string& source, const std::string& options_json) {
  std::string file = kDefaultFile;
  try {
    file = parse_options(options_json).file;
    vigie::policy::ParseResult r = vigie::policy::parse(file, source);
    bool ok = r.ok();
    json j = {{"ok", ok},
              {"text", ok ? vigie::policy::format(r.file) : source},
              {"diagnostics", json::parse(vigie::diagnostics_to_json(r.diagnostics))}};
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (...) {
    json j = {
        {"ok", false},
        {"text", source},
        {"diagnostics", json::parse(internal_diagnostics(
                            file, "V000", "internal error: " + what_of(std::current_exception()),
                            "please report this policy to the vigie maintainers"))}};
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

std::string lint(const std::string& source, const std::string& options_json) {
  PolicyHandle h(source, options_json);
  return h.diagnostics_json();
}

std::string memory_json() {
  struct mallinfo mi = mallinfo();
  json j = {{"heap_size", emscripten_get_heap_size()}, {"in_use", mi.uordblks}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string version() {
  return VIGIE_VERSION;
}

}  // namespace

// The fast path's entry, a plain wasm export: no embind conversion on the hot call. The handles
// are the addresses JS read once from `address()`; JS never passes a freed one (0: no session).
extern "C" EMSCRIPTEN_KEEPALIVE int vigie_decide_fast(std::uintptr_t policy, std::uint32_t length,
                                                      std::uintptr_t session, int command) {
  const auto* h = reinterpret_cast<const PolicyHandle*>(policy);
  auto* s = reinterpret_cast<SessionHandle*>(session);
  return h->fast_impl(length, s ? &s->session() : nullptr, command != 0);
}

EMSCRIPTEN_BINDINGS(vigie) {
  namespace em = emscripten;
  em::value_object<Brief>("Brief")
      .field("decision", &Brief::decision)
      .field("message", &Brief::message)
      .field("ruleId", &Brief::rule_id)
      .field("ruleFile", &Brief::rule_file)
      .field("ruleLine", &Brief::rule_line)
      .field("ruleEffect", &Brief::rule_effect)
      .field("error", &Brief::error)
      .field("hasError", &Brief::has_error);
  em::class_<SessionHandle>("SessionHandle")
      .constructor<>()
      .function("rememberAlways", &SessionHandle::remember_always)
      .function("actions", &SessionHandle::actions)
      .function("denials", &SessionHandle::denials)
      .function("setClock", &SessionHandle::set_clock)
      .function("address", &SessionHandle::address);
  em::class_<PolicyHandle>("PolicyHandle")
      .constructor<const std::string&, const std::string&>()
      .function("ok", &PolicyHandle::ok)
      .function("name", &PolicyHandle::name)
      .function("diagnosticsJson", &PolicyHandle::diagnostics_json)
      .function("decide", &PolicyHandle::decide)
      .function("decideIn", &PolicyHandle::decide_in)
      .function("decideBrief", &PolicyHandle::decide_brief)
      .function("decideBriefIn", &PolicyHandle::decide_brief_in)
      .function("setContext", &PolicyHandle::set_context)
      .function("useFilesystem", &PolicyHandle::use_filesystem)
      .function("address", &PolicyHandle::address)
      .function("interned", &PolicyHandle::interned)
      .function("lastString", &PolicyHandle::last_string)
      .function("testsJson", &PolicyHandle::tests_json)
      .function("dump", &PolicyHandle::dump);
  em::function("requestBufferAt", &request_buffer_at);
  em::function("fastResultAt", &fast_result_at);
  em::function("version", &version);
}

// The rarely used bindings, registered by the first call (wasm/src/api.mjs) rather than at
// instantiation: a cold start then neither runs nor compiles their registrations.
extern "C" EMSCRIPTEN_KEEPALIVE void vigie_register_rare() {
  static bool done = false;
  if (done) return;
  done = true;
  namespace em = emscripten;
  em::function("format", &format);
  em::function("lint", &lint);
  em::function("memoryJson", &memory_json);
  register_journal_bindings();
  register_hook_bindings();
  register_vocabulary_bindings();
  register_shell_json_bindings();
}
