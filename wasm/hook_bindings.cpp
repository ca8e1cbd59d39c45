// The embind surface of the harness hooks (the npm package's `createHook`, wasm/src/hook.mjs):
// the same wire as `vigie hook HARNESS` (engine/hook_wire.cpp), with the policy compiled once.
//
//   class HookHandle(harness, policySource, optionsJson)
//     .ok()               the policy compiled and the options were understood
//     .diagnosticsJson()  the compiler's diagnostics (or the options error), as `lint` gives them
//     .run(inputText)  -> {"exitCode", "stdout", "stderr"}: what the hook process would answer
//   hookHarnesses()    -> ["claude", "gemini", ...]
//
// options: {"file"?, "files"?: {name: text}, "project"?, "home"?, "mode"?, "agent"?,
// "nonInteractive"?, "denyExitCode"?, "fs"?: {"symlinks"?: {path: target}, "files"?: [path]}}.
// Nothing throws into JS: a policy that does not compile, options that cannot be read or an
// internal error make every call answer the harness's blocking form (never an allow).
#include <emscripten/bind.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/hook_wire.hpp"
#include "engine/limits.hpp"
#include "vigie/vigie.hpp"
#include "wasm/rare_bindings.hpp"

namespace {

using json = nlohmann::json;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  if (!it->is_string()) throw std::runtime_error(std::string("`") + key + "` must be a string");
  return it->get<std::string>();
}

bool flag(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

class HookHandle {
 public:
  HookHandle(const std::string& harness, const std::string& source,
             const std::string& options_json) noexcept
      : harness_(harness) {
    std::string file = "policy.vigie";
    try {
      if (!vigie::hooks::is_hook_harness(harness))
        throw std::runtime_error("unknown harness `" + harness + "`");
      json j = options_json.empty()
                   ? json::object()
                   : vigie::engine::parse_json(options_json, nullptr, vigie::limits::request_bytes);
      if (j.is_discarded() || !j.is_object())
        throw std::runtime_error("the options must be a JSON object");
      if (auto f = str(j, "file"); !f.empty()) file = f;
      vigie::CompileOptions copt;
      copt.read_files = false;  // no disk in wasm: includes come from `files`
      if (auto it = j.find("files"); it != j.end() && it->is_object())
        for (const auto& [name, text] : it->items())
          copt.files.push_back({name, text.get<std::string>()});
      options_.project = str(j, "project");
      options_.home = str(j, "home");
      options_.agent = str(j, "agent");
      if (auto m = str(j, "mode"); !m.empty()) {
        options_.mode = vigie::mode_from_string(m);
        if (!options_.mode) throw std::runtime_error("unknown mode `" + m + "`");
      }
      options_.non_interactive = flag(j, "nonInteractive");
      options_.deny_exit_code = flag(j, "denyExitCode");
      if (auto it = j.find("fs"); it != j.end() && it->is_object()) {
        std::map<std::string, std::string> links;
        std::vector<std::string> files;
        if (auto s = it->find("symlinks"); s != it->end() && s->is_object())
          for (const auto& [path, target] : s->items()) links[path] = target.get<std::string>();
        if (auto f = it->find("files"); f != it->end() && f->is_array())
          for (const auto& p : *f) files.push_back(p.get<std::string>());
        decide_.fs = vigie::virtual_file_system(std::move(links), std::move(files));
      }
      vigie::CompileResult r = vigie::compile({{file, source}}, copt);
      policy_ = std::move(r.policy);
      diagnostics_json_ = vigie::diagnostics_to_json(r.diagnostics);
      for (const auto& d : r.diagnostics)
        if (d.severity == vigie::Severity::error && error_.empty()) error_ = d.message;
      if (!policy_ && error_.empty()) error_ = "the policy does not compile";
    } catch (const std::exception& e) {
      policy_ = nullptr;
      error_ = std::string("invalid hook options: ") + e.what();
      diagnostics_json_ = error_diagnostics(file, error_);
    } catch (...) {
      policy_ = nullptr;
      error_ = "internal error";
      diagnostics_json_ = error_diagnostics(file, error_);
    }
  }

  bool ok() const { return policy_ != nullptr; }
  std::string diagnostics_json() const { return diagnostics_json_; }

  std::string run(const std::string& input) const {
    vigie::hooks::HookResult r;
    if (!policy_) {
      r = vigie::hooks::hook_failure(
          harness_, input,
          "vigie could not judge this tool call: the policy cannot be used (" + error_ +
              "); fix it before the agent goes on");
    } else {
      r = vigie::hooks::run_hook(harness_, *policy_, input, options_, decide_);
    }
    try {
      return json{{"exitCode", r.exit_code}, {"stdout", r.out}, {"stderr", r.err}}.dump(
          -1, ' ', false, json::error_handler_t::replace);
    } catch (...) {
      return R"({"exitCode":2,"stdout":"","stderr":"vigie: internal error\n"})";
    }
  }

 private:
  static std::string error_diagnostics(const std::string& file, const std::string& message) {
    try {
      vigie::Diagnostic d;
      d.code = "V001";
      d.file = file;
      d.line = d.column = d.end_line = d.end_column = 1;
      d.message = message;
      return vigie::diagnostics_to_json({d});
    } catch (...) {
      return "[]";
    }
  }

  std::string harness_;
  std::shared_ptr<const vigie::Policy> policy_;
  vigie::hooks::HookOptions options_;
  vigie::DecideOptions decide_;
  std::string error_, diagnostics_json_;
};

std::string hook_harnesses() {
  json out = json::array();
  for (auto h : vigie::hooks::hook_harnesses()) out.push_back(std::string(h));
  return out.dump();
}

}  // namespace

void vigie::wasm::register_hook_bindings() {
  namespace em = emscripten;
  em::class_<HookHandle>("HookHandle")
      .constructor<const std::string&, const std::string&, const std::string&>()
      .function("ok", &HookHandle::ok)
      .function("diagnosticsJson", &HookHandle::diagnostics_json)
      .function("run", &HookHandle::run);
  em::function("hookHarnesses", &hook_harnesses);
}
