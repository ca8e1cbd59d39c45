#include "engine/effects_view.hpp"

#include <nlohmann/json.hpp>

#include "grammar/limits.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

namespace {

std::string word_text(const shell::WordView& w) {
  return w.literal ? *w.literal : w.pattern ? *w.pattern : w.text;
}

void add_line(std::string_view src, unsigned depth, nlohmann::ordered_json& commands,
              nlohmann::ordered_json& errors, bool& ok);

void add_command(const NormalizedCommand& n, unsigned depth, nlohmann::ordered_json& commands,
                 nlohmann::ordered_json& errors, bool& ok) {
  nlohmann::ordered_json c;
  c["argv"] = nlohmann::ordered_json::array();
  for (const auto& w : n.words) c["argv"].push_back(word_text(w));
  c["effects"] = nlohmann::ordered_json::array();
  for (const auto& e : effects_of(n)) {
    if (e.entry == kGlobExpansion) continue;  // the shell's listing, not the command's effect
    c["effects"].push_back({{"access", e.access}, {"path", e.path}, {"from", e.from}});
  }
  commands.push_back(std::move(c));
  if (depth >= limits::script_depth) return;
  for (const auto& s : n.nested_scripts) add_line(s, depth + 1, commands, errors, ok);
  for (const auto& argv : n.nested_argvs) {
    shell::CommandView sub;
    sub.argv = argv;
    add_command(normalize(sub), depth + 1, commands, errors, ok);
  }
}

void add_line(std::string_view src, unsigned depth, nlohmann::ordered_json& commands,
              nlohmann::ordered_json& errors, bool& ok) {
  shell::CommandsResult r = shell::parse_commands(src);
  if (!r.ok) ok = false;
  for (const auto& e : r.errors)
    errors.push_back({{"line", e.line}, {"column", e.column}, {"message", e.message}});
  for (const auto& cmd : r.commands) add_command(normalize(cmd), depth, commands, errors, ok);
}

}  // namespace

std::vector<TraceEffect> effects_of(const NormalizedCommand& n) {
  std::vector<TraceEffect> out;
  out.reserve(n.files.size() + n.nested_scripts.size() + n.nested_argvs.size());
  for (const auto& f : n.files)
    out.push_back({std::string(touch_name(f.touch)), word_text(f.word),
                   std::string(from_name(f.from)), f.entry});
  for (const auto& s : n.nested_scripts) out.push_back({"exec", s, "option", "script"});
  for (const auto& argv : n.nested_argvs) {
    std::string joined;
    for (const auto& w : argv) joined += (joined.empty() ? "" : " ") + word_text(w);
    out.push_back({"exec", joined, "option", "argv"});
  }
  for (const auto& e : n.escalations) out.push_back({"exec", "", "option", e});
  return out;
}

std::string effects_to_json(std::string_view src) {
  nlohmann::ordered_json j;
  auto commands = nlohmann::ordered_json::array();
  auto errors = nlohmann::ordered_json::array();
  bool ok = true;
  add_line(src, 0, commands, errors, ok);
  j["ok"] = ok;
  j["commands"] = std::move(commands);
  j["errors"] = std::move(errors);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace vigie::engine
