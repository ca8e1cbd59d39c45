// `vigie install HARNESS` / `vigie uninstall HARNESS`: writes (or removes) the hook
// configuration that makes an agent harness call `vigie hook HARNESS --policy FILE` before every
// tool call (../shared/contracts/hooks.md has each harness's contract; docs/install.md the files).
//
// The harness's file is merged, never replaced: every key, hook and setting already there is
// kept, in its order. What vigie adds is found again by its command (`<path>/vigie hook HARNESS
// …`), so `uninstall` removes exactly that and the containers it emptied. The file is written as
// 2-space JSON (nlohmann's dump, keys in the file's order); a file in another layout is
// reformatted once, and said so. A file that is not JSON, or whose `hooks` has an unexpected
// shape, is never written: the error says where.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/io.hpp"
#include "cli/policy_text.hpp"
#include "engine/limits.hpp"

namespace vigie::cli {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// How a harness lists its hooks under `hooks.EVENT`:
//   nested: [{"matcher": …, "hooks": [HANDLER]}]  (Claude Code, Gemini CLI, Codex)
//   flat:   [HANDLER]                            (Cursor, Copilot CLI)
enum class Shape { nested, flat };

// The one table of harnesses `vigie install` knows (the names are `vigie hook`'s).
struct Harness {
  const char* name;
  const char* title;
  const char* project_file;  // relative to the project folder
  const char* user_file;     // relative to $HOME
  Shape shape;
  std::vector<const char*> events;
  const char* command_key;  // the handler's field holding the shell command
  bool version_key;         // the file starts with "version": 1
  // The handler (flat) or the matcher entry's extra fields (nested), for a command.
  ojson (*handler)(const std::string& command);
  ojson (*entry)(const ojson& handler);  // nested only: wraps the handler
};

ojson claude_handler(const std::string& c) {
  return {{"type", "command"}, {"command", c}, {"timeout", 10}};
}
ojson gemini_handler(const std::string& c) {
  return {{"name", "vigie"}, {"type", "command"}, {"command", c}, {"timeout", 10000}};
}
ojson codex_handler(const std::string& c) {
  return {{"type", "command"},
          {"command", c},
          {"timeout", 10},
          {"statusMessage", "vigie: checking the policy"}};
}
ojson cursor_handler(const std::string& c) {
  return {{"command", c}, {"timeout", 10}, {"failClosed", true}};
}
ojson copilot_handler(const std::string& c) {
  return {{"type", "command"}, {"bash", c}, {"timeoutSec", 10}};
}
ojson match_all(const ojson& h) {
  return {{"matcher", "*"}, {"hooks", ojson::array({h})}};
}
ojson match_omitted(const ojson& h) {
  return {{"hooks", ojson::array({h})}};
}

const std::vector<Harness>& harnesses() {
  static const std::vector<Harness> t = {
      {"claude",
       "Claude Code",
       ".claude/settings.json",
       ".claude/settings.json",
       Shape::nested,
       {"PreToolUse", "PermissionRequest"},
       "command",
       false,
       claude_handler,
       match_all},
      {"gemini",
       "Gemini CLI",
       ".gemini/settings.json",
       ".gemini/settings.json",
       Shape::nested,
       {"BeforeTool"},
       "command",
       false,
       gemini_handler,
       match_all},
      {"codex",
       "Codex CLI",
       ".codex/hooks.json",
       ".codex/hooks.json",
       Shape::nested,
       {"PreToolUse", "PermissionRequest"},
       "command",
       false,
       codex_handler,
       match_omitted},
      {"cursor",
       "Cursor",
       ".cursor/hooks.json",
       ".cursor/hooks.json",
       Shape::flat,
       {"preToolUse", "beforeShellExecution", "beforeReadFile"},
       "command",
       true,
       cursor_handler,
       nullptr},
      {"copilot",
       "GitHub Copilot CLI",
       ".github/hooks/vigie.json",
       ".copilot/hooks/vigie.json",
       Shape::flat,
       {"preToolUse"},
       "bash",
       true,
       copilot_handler,
       nullptr},
  };
  return t;
}

struct Args {
  bool install = true, user = false, dry_run = false;
  std::string harness, policy, file;
};

int usage_error(const Args& a, const std::string& msg) {
  return cli::usage_error(a.install ? "install" : "uninstall", msg);
}

// Is this shell command one that `vigie install` wrote for `harness`?
bool is_ours(const ojson& handler, const Harness& h) {
  if (!handler.is_object()) return false;
  auto c = handler.find(h.command_key);
  if (c == handler.end() || !c->is_string()) return false;
  auto words = split_shell_words(c->get<std::string>());
  if (!words || words->size() < 3) return false;
  return fs::path((*words)[0]).filename() == "vigie" && (*words)[1] == "hook" &&
         (*words)[2] == h.name;
}

// Object members (colons outside strings), counted in one linear scan before parsing:
// ordered_json finds a key by a linear scan, so an object of n members costs n^2 to parse
// (limits::config_members).
std::size_t json_members(const std::string& text) {
  std::size_t n = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == ':') {
      ++n;
    }
  }
  return n;
}

// Checks the shapes vigie will touch; returns an error message, empty when fine.
std::string check_shape(const ojson& doc, const Harness& h) {
  if (!doc.is_object()) return "the file is not a JSON object";
  auto hooks = doc.find("hooks");
  if (hooks == doc.end()) return "";
  if (!hooks->is_object()) return "`hooks` is not an object";
  for (const char* ev : h.events) {
    auto list = hooks->find(ev);
    if (list == hooks->end()) continue;
    if (!list->is_array()) return std::string("`hooks.") + ev + "` is not an array";
    if (h.shape == Shape::flat) continue;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const ojson& e = (*list)[i];
      auto inner = e.is_object() ? e.find("hooks") : e.end();
      if (e.is_object() && inner != e.end() && !inner->is_array())
        return std::string("`hooks.") + ev + "[" + std::to_string(i) + "].hooks` is not an array";
    }
  }
  return "";
}

// Removes vigie's handlers, and the entries, event lists and `hooks` object they leave empty.
// Returns how many handlers were removed.
int remove_ours(ojson& doc, const Harness& h) {
  int removed = 0;
  auto hooks = doc.find("hooks");
  if (hooks == doc.end()) return 0;
  for (const char* ev : h.events) {
    auto list = hooks->find(ev);
    if (list == hooks->end()) continue;
    ojson kept = ojson::array();
    int here = 0;
    for (auto& e : *list) {
      if (h.shape == Shape::flat) {
        if (is_ours(e, h)) {
          ++here;
          continue;
        }
      } else if (e.is_object() && e.contains("hooks")) {
        ojson inner = ojson::array();
        int mine = 0;
        for (auto& x : e["hooks"]) (is_ours(x, h) ? (void)++mine : inner.push_back(x));
        if (mine > 0) {
          here += mine;
          if (inner.empty()) continue;
          e["hooks"] = inner;
        }
      }
      kept.push_back(e);
    }
    if (here == 0) continue;
    removed += here;
    if (kept.empty())
      hooks->erase(ev);
    else
      *list = kept;
  }
  if (removed > 0 && hooks->empty()) doc.erase("hooks");
  return removed;
}

void add_ours(ojson& doc, const Harness& h, const std::string& command) {
  // A new file starts with "version": 1; an existing one is left as the user wrote it (adding
  // the key would survive `uninstall`).
  if (h.version_key && doc.empty()) doc["version"] = 1;
  if (!doc.contains("hooks")) doc["hooks"] = ojson::object();
  for (const char* ev : h.events) {
    ojson handler = h.handler(command);
    doc["hooks"][ev].push_back(h.shape == Shape::flat ? handler : h.entry(handler));
  }
}

bool installed_as(const ojson& doc, const Harness& h, const std::string& command) {
  ojson probe = doc;
  if (remove_ours(probe, h) != static_cast<int>(h.events.size())) return false;
  add_ours(probe, h, command);
  // Installed already when removing then re-adding ours gives the same document, or when each
  // event list holds exactly the handler vigie would write.
  if (probe == doc) return true;
  auto hooks = doc.find("hooks");
  for (const char* ev : h.events) {
    auto list = hooks->find(ev);  // `hooks` is there: remove_ours found handlers in it
    if (list == hooks->end()) return false;
    ojson want = h.handler(command);
    bool found = false;
    for (const auto& e : *list) {
      if (h.shape == Shape::flat
              ? e == want
              : e.is_object() && e.contains("hooks") &&
                    std::find(e["hooks"].begin(), e["hooks"].end(), want) != e["hooks"].end())
        found = true;
    }
    if (!found) return false;
  }
  return true;
}

std::string absolute(const std::string& p) {
  std::error_code ec;
  fs::path a = fs::weakly_canonical(fs::absolute(p, ec), ec);
  if (ec) a = fs::absolute(p, ec);
  return a.lexically_normal().string();
}

std::string vigie_binary() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("vigie") : self.string();
}

bool write_atomically(const std::string& path, const std::string& text, std::string& err) {
  std::error_code ec;
  fs::path p(path);
  if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
  std::string tmp = path + ".vigie-" + std::to_string(::getpid());
  {
    std::ofstream o(tmp, std::ios::binary | std::ios::trunc);
    o << text;
    o.flush();
    if (!o) return err = "cannot write `" + tmp + "`", fs::remove(tmp, ec), false;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) ::chmod(tmp.c_str(), st.st_mode & 07777);
  fs::rename(tmp, p, ec);
  if (ec) return err = "cannot replace `" + path + "`: " + ec.message(), fs::remove(tmp, ec), false;
  return true;
}

int run(const std::vector<std::string>& argv, bool install) {
  Args a;
  a.install = install;
  bool project = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s == "--user") {
      a.user = true;
    } else if (s == "--project") {
      project = true;
    } else if (s == "--dry-run") {
      a.dry_run = true;
    } else if (s == "--policy" || s == "--file") {
      if (i + 1 >= argv.size()) return usage_error(a, "`" + s + "` needs a value");
      (s == "--policy" ? a.policy : a.file) = argv[++i];
    } else if (!s.empty() && s[0] == '-') {
      return usage_error(a, "unknown option `" + s + "`");
    } else if (a.harness.empty()) {
      a.harness = s;
    } else {
      return usage_error(a, "unexpected argument `" + s + "`");
    }
  }
  if (a.user && project) return usage_error(a, "give `--project` or `--user`, not both");
  if (!install && !a.policy.empty()) return usage_error(a, "`--policy` is for `vigie install`");
  const Harness* h = nullptr;
  std::string names;
  for (const auto& x : harnesses()) {
    names += std::string(names.empty() ? "" : ", ") + x.name;
    if (a.harness == x.name) h = &x;
  }
  if (a.harness.empty()) return usage_error(a, "give the harness: " + names);
  if (!h) {
    std::string msg = "unknown harness `" + a.harness + "` (one of " + names + ")";
    if (a.harness == "opencode" || a.harness == "cline")
      msg = "`" + a.harness + "` has no hook configuration file to write: see docs/install.md";
    return usage_error(a, msg);
  }

  const char* home = std::getenv("HOME");
  if (a.file.empty()) {
    if (a.user && (!home || !*home)) return usage_error(a, "`--user` needs $HOME");
    a.file = a.user ? (fs::path(home) / h->user_file).string() : h->project_file;
  }
  a.file = absolute(a.file);  // a symlink (dotfiles) is resolved: its target is rewritten
  const std::string tag = "vigie " + std::string(install ? "install" : "uninstall") + ": ";

  std::string text, err;
  bool exists = fs::exists(a.file);
  ojson doc = ojson::object();
  if (exists) {
    if (!read_bounded(a.file, text, err, limits::policy_file_bytes)) {
      std::cerr << tag << err << "\n";
      return kExitError;
    }
    if (!engine::json_depth_within(text)) {
      std::cerr << tag << a.file << ": nested deeper than " << limits::json_depth
                << " levels; not written\n";
      return kExitError;
    }
    if (json_members(text) > limits::config_members) {
      std::cerr << tag << a.file << ": more than " << limits::config_members
                << " keys; not a configuration file vigie writes\n";
      return kExitError;
    }
    try {
      doc = ojson::parse(text);
    } catch (const ojson::parse_error& e) {
      std::string m = e.what();
      auto p = m.find("parse error");
      std::cerr << tag << text_position(a.file, text, e.byte > 0 ? e.byte - 1 : 0) << ": not JSON ("
                << (p == std::string::npos ? m : m.substr(p)) << "); the file is left as it is\n";
      return kExitError;
    }
    if (std::string s = check_shape(doc, *h); !s.empty()) {
      std::cerr << tag << a.file << ": " << s << "; the file is left as it is\n";
      return kExitError;
    }
  }

  ojson out = doc;
  std::string command;
  if (install) {
    std::string policy = a.policy;
    if (policy.empty())
      policy =
          a.user && home ? (fs::path(home) / ".config/vigie/policy.vigie").string() : "vigie.vigie";
    policy = absolute(policy);
    if (!fs::is_regular_file(policy))
      std::cerr << tag << "warning: the policy `" << policy
                << "` does not exist yet: until it does, every tool call is blocked\n";
    command = shell_quote(vigie_binary()) + " hook " + h->name + " --policy " + shell_quote(policy);
    if (exists && installed_as(doc, *h, command)) {
      std::cerr << tag << h->title << ": already installed in " << a.file << "\n";
      if (a.dry_run) std::cout << text;
      return kExitOk;
    }
    remove_ours(out, *h);
    add_ours(out, *h, command);
  } else {
    if (!exists || remove_ours(out, *h) == 0) {
      std::cerr << tag << h->title << ": nothing of vigie's in " << a.file << "\n";
      if (a.dry_run && exists) std::cout << text;
      return kExitOk;
    }
  }
  // A file that held only what vigie added goes away with it.
  ojson bare = ojson::object();
  if (h->version_key) bare["version"] = 1;
  bool remove_file = !install && (out.empty() || out == bare);
  std::string result = remove_file ? "" : out.dump(2) + "\n";
  if (exists && !remove_file && text != doc.dump(2) + "\n")
    std::cerr << tag << "note: " << a.file
              << " is rewritten as 2-space JSON (its keys, hooks and values are kept)\n";
  if (a.dry_run) {
    std::cerr << tag << (remove_file ? "would remove " : "would write ") << a.file << "\n";
    std::cout << result;
    return kExitOk;
  }
  if (remove_file) {
    std::error_code ec;
    fs::remove(a.file, ec);
    if (ec) {
      std::cerr << tag << "cannot remove `" << a.file << "`: " << ec.message() << "\n";
      return kExitError;
    }
    std::cerr << tag << h->title << ": removed " << a.file << " (it held only vigie's hooks)\n";
    return kExitOk;
  }
  if (!write_atomically(a.file, result, err)) {
    std::cerr << tag << err << "\n";
    return kExitError;
  }
  std::cerr << tag << h->title << ": " << (install ? "wrote " : "removed vigie's hooks from ")
            << a.file << "\n";
  return kExitOk;
}

int run_install(const std::vector<std::string>& a) {
  return run(a, true);
}
int run_uninstall(const std::vector<std::string>& a) {
  return run(a, false);
}

const char* const kInstallUsage =
    "usage: vigie install HARNESS [--project|--user] [--policy FILE] [--file CONFIG] [--dry-run]\n"
    "\n"
    "Adds a hook calling `vigie hook HARNESS --policy FILE` (absolute paths) to the harness's\n"
    "configuration, merged with what is there:\n"
    "  claude   .claude/settings.json     PreToolUse and PermissionRequest\n"
    "  gemini   .gemini/settings.json     BeforeTool\n"
    "  codex    .codex/hooks.json         PreToolUse and PermissionRequest\n"
    "  cursor   .cursor/hooks.json        preToolUse, beforeShellExecution, beforeReadFile\n"
    "                                     (failClosed: true)\n"
    "  copilot  .github/hooks/vigie.json  preToolUse (--user: ~/.copilot/hooks/vigie.json)\n"
    "--project (the default) writes in the current folder, --user under $HOME; --file names the\n"
    "configuration file. The policy defaults to ./vigie.vigie (--user:\n"
    "~/.config/vigie/policy.vigie). Installing again changes nothing; a different policy replaces\n"
    "vigie's hook in place. --dry-run prints the file instead of writing it.\n"
    "The file is written as 2-space JSON. A file that is not JSON is never written.\n"
    "Exit: 0 done (or nothing to do), 1 the file cannot be read, parsed or written, 2 bad usage.\n";

const Registrar install_reg{
    "install", {"add vigie's hook to a harness's configuration", kInstallUsage, run_install}};
const Registrar uninstall_reg{
    "uninstall",
    {"remove vigie's hook from a harness's configuration",
     "usage: vigie uninstall HARNESS [--project|--user] [--file CONFIG] [--dry-run]\n\n"
     "Removes the hooks `vigie install HARNESS` added (recognized by their command,\n"
     "`…/vigie hook HARNESS …`) and the lists they leave empty; everything else in the file\n"
     "stays. A file that held only vigie's hooks is removed.\n",
     run_uninstall}};

}  // namespace
}  // namespace vigie::cli
