// The hosts a command's environment and builtins send requests to, beyond its words' URLs
// (engine/named_urls.cpp): the proxy variables `export`, `declare -x` and their kind set for the
// commands after them, git's configuration given in the environment (`GIT_CONFIG_KEY_n` and
// `GIT_CONFIG_VALUE_n`, `GIT_CONFIG_PARAMETERS`), and pip run as a module (`python -m pip`).
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/git_config_hosts.hpp"
#include "engine/named_hosts.hpp"
#include "engine/program_words.hpp"
#include "grammar/policy/text.hpp"

namespace vigie::engine::named_hosts {

namespace {

// The builtins whose `NAME=VALUE` words assign (and, but for `local`, may export: a variable
// already exported keeps its attribute when assigned again).
constexpr std::string_view kAssigningBuiltins[] = {"export", "declare", "typeset", "local",
                                                   "readonly"};

bool assigning_builtin(std::string_view name) {
  for (std::string_view b : kAssigningBuiltins)
    if (name == b) return true;
  return false;
}

// The prefixes of the package managers' settings variables, whose URLs (an index, a registry,
// a module proxy) a later install reads from.
constexpr std::string_view kSettingsPrefixes[] = {
    "PIP_", "NPM_CONFIG_", "YARN_", "UV_", "PNPM_", "GOPROXY", "POETRY_", "CARGO_REGISTRIES_"};

bool settings_variable(std::string_view name) {
  const std::string u = policy::ascii_upper(name);
  for (std::string_view p : kSettingsPrefixes)
    if (u.starts_with(p)) return true;
  return false;
}

// `GIT_CONFIG_KEY_3` -> "3"; empty for another name.
std::string_view config_index(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix) || name.size() == prefix.size()) return {};
  const std::string_view n = name.substr(prefix.size());
  for (char c : n)
    if (c < '0' || c > '9') return {};
  return n;
}

// The `'key=value'` and `'key'='value'` pairs of GIT_CONFIG_PARAMETERS, each part quoted as
// git's sq_quote writes it (`'\''` is a quote), handed to `pair`.
template <class F>
void config_parameters(std::string_view value, F&& pair) {
  std::size_t i = 0;
  auto word = [&] {
    std::string w;
    while (i < value.size() && value[i] != ' ' && value[i] != '=') {
      if (value[i] == '\'') {
        const auto end = value.find('\'', i + 1);
        w += value.substr(i + 1, end == std::string_view::npos ? end : end - i - 1);
        i = end == std::string_view::npos ? value.size() : end + 1;
      } else if (value[i] == '\\' && i + 1 < value.size()) {
        w += value[i + 1];
        i += 2;
      } else {
        w += value[i++];
      }
    }
    return w;
  };
  while (i < value.size()) {
    if (value[i] == ' ') {
      ++i;
      continue;
    }
    std::string key = word();
    std::string v;
    if (i < value.size() && value[i] == '=') {  // the new form: `'key'='value'`
      ++i;
      v = word();
    } else if (const auto eq = key.find('='); eq != std::string::npos) {  // `'key=value'`
      v = key.substr(eq + 1);
      key.resize(eq);
    }
    pair(policy::ascii_lower(key), v);
  }
}

}  // namespace

void environment_hosts(std::string_view name, const Words& w,
                       const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out) {
  // Most commands set nothing and are neither an assigning builtin nor python: every part below
  // reads the variables set, a builtin's words or python's options, so there is nothing to find
  // (`git --config-env` reads the prefix assignments). The first byte decides the names cheaply.
  if (assigns.empty() && !name.empty() && name[0] != 'e' && name[0] != 'd' && name[0] != 't' &&
      name[0] != 'l' && name[0] != 'r' && name[0] != 'p')
    return;
  // The variables the command sets: its prefix assignments, and the `NAME=VALUE` words of an
  // assigning builtin (`export https_proxy=http://HOST:PORT; curl …`, `declare -x ALL_PROXY=…`:
  // every later command of the line, and of the session, goes through the proxy). A value the
  // line does not show is nullopt.
  struct Set {
    std::string_view name;
    std::optional<std::string_view> value;
  };
  std::vector<Set> sets;
  for (const auto& a : assigns)
    sets.push_back({a.name, a.value.literal ? std::optional<std::string_view>(*a.value.literal)
                                            : std::nullopt});
  if (assigning_builtin(name)) {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string_view s = w[i].literal ? std::string_view(*w[i].literal) : w[i].text;
      const auto eq = s.find('=');
      if (eq == std::string_view::npos || eq == 0) continue;
      std::string_view n = s.substr(0, eq);
      if (n.ends_with('+')) n.remove_suffix(1);
      sets.push_back(
          {n, w[i].literal ? std::optional<std::string_view>(s.substr(eq + 1)) : std::nullopt});
      // `export PIP_INDEX_URL=https://…`, `npm_config_registry=…`: the index or registry every
      // later install reads from.
      if (w[i].literal && s.find("://") != std::string_view::npos && settings_variable(n))
        urls_in(s.substr(eq + 1), "GET", out);
      if (!proxy_variable(n)) continue;
      if (!w[i].literal)
        out.push_back({"", ""});
      else
        proxy_value(s.substr(eq + 1), out);
    }
  }
  // `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.proxy GIT_CONFIG_VALUE_0=HOST:PORT git fetch`:
  // each pair is a `-c key=value`; a value the line does not show, with a key that names a host,
  // is a host it does not show.
  bool git_config = false;
  for (const auto& a : sets) {
    if (a.name == "GIT_CONFIG_PARAMETERS" && a.value) {
      config_parameters(*a.value, [&](const std::string& key, const std::string& v) {
        git_config_hosts(key, v, out);
      });
    } else if (a.name == "GIT_CONFIG_PARAMETERS") {
      out.push_back({"", ""});
    }
    git_config = git_config || a.name.starts_with("GIT_CONFIG_KEY_");
  }
  if (git_config) {
    // The value git reads for each index: the last `GIT_CONFIG_VALUE_n` set (a later assignment
    // replaces an earlier one), found by a binary search over them sorted by index, not by
    // reading every variable again for each key (16,000 keys took 4 s; 4,000 keys and values of
    // one index 13 s and a gigabyte).
    std::vector<std::pair<std::string_view, const Set*>> values;
    for (const auto& v : sets)
      if (const std::string_view at = config_index(v.name, "GIT_CONFIG_VALUE_"); !at.empty())
        values.emplace_back(at, &v);
    std::stable_sort(values.begin(), values.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& k : sets) {
      const std::string_view at = config_index(k.name, "GIT_CONFIG_KEY_");
      if (at.empty()) continue;
      if (!k.value) {
        out.push_back({"", ""});
        continue;
      }
      const auto after =
          std::upper_bound(values.begin(), values.end(), at,
                           [](std::string_view a, const auto& v) { return a < v.first; });
      if (after == values.begin() || std::prev(after)->first != at) continue;
      const Set& v = *std::prev(after)->second;
      const std::string key = policy::ascii_lower(*k.value);
      if (v.value) {
        git_config_hosts(key, *v.value, out);
      } else {
        // The key's own hosts (`url.BASE.insteadOf`), and one not shown when the value names
        // one (a proxy, a remote's URL).
        std::vector<UrlFetch> without, with;
        git_config_hosts(key, "", without);
        git_config_hosts(key, "x.invalid", with);
        if (with.size() != without.size()) out.push_back({"", ""});
        out.insert(out.end(), without.begin(), without.end());
      }
    }
  }
  // `P=HOST:PORT git --config-env=http.proxy=P fetch`: the value of a variable the command is
  // given (one set elsewhere is not shown: git's handler asks for the key).
  if (name == "git") {
    // The command's variables by name, each the last one set: a `--config-env` finds its own by
    // a binary search (16,000 options and variables took 0.6 s).
    std::vector<const shell::AssignView*> by_name;
    for (const auto& a : assigns) by_name.push_back(&a);
    std::stable_sort(by_name.begin(), by_name.end(),
                     [](const auto* a, const auto* b) { return a->name < b->name; });
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (!s || s->size() < 2 || (*s)[0] != '-') break;  // the subcommand
      std::string_view kv;
      if (*s == "--config-env") {
        if (const std::string* v = program_words::lit(w, ++i)) kv = *v;
      } else if (s->starts_with("--config-env=")) {
        kv = std::string_view(*s).substr(13);
      } else if (*s == "-c" || *s == "-C" || *s == "--git-dir" || *s == "--work-tree" ||
                 *s == "--namespace" || *s == "--super-prefix") {
        ++i;  // a value in the next word
      }
      const auto eq = kv.find('=');
      if (eq == std::string_view::npos) continue;
      const std::string_view var = kv.substr(eq + 1);
      const auto after =
          std::upper_bound(by_name.begin(), by_name.end(), var,
                           [](std::string_view n, const auto* a) { return n < a->name; });
      if (after == by_name.begin() || (*std::prev(after))->name != var) continue;
      if (const auto& value = (*std::prev(after))->value; value.literal)
        git_config_hosts(policy::ascii_lower(kv.substr(0, eq)), *value.literal, out);
    }
  }
  // `python -m pip install --proxy HOST:PORT x`, `python3 -mpip …`: pip's options.
  if (name.starts_with("python")) {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string* s = program_words::lit(w, i);
      if (!s || s->empty() || (*s)[0] != '-' || *s == "-c") return;  // a script or code
      if (*s == "-W" || *s == "-X") {  // options whose value is the next word
        ++i;
        continue;
      }
      std::string_view module;
      if (*s == "-m") {
        if (const std::string* m = program_words::lit(w, i + 1)) module = *m;
        ++i;
      } else if (s->starts_with("-m")) {
        module = std::string_view(*s).substr(2);
      } else if (s->size() > 1 && (*s)[1] != '-' && s->find('m') != std::string::npos) {
        // `-Im pip`, `-Impip`: clustered flags end at `m`, its value attached or next.
        const auto m = s->find('m');
        if (m + 1 < s->size())
          module = std::string_view(*s).substr(m + 1);
        else if (const std::string* v = program_words::lit(w, i + 1))
          module = *v, ++i;
      } else {
        continue;
      }
      if (module == "pip" || module == "pip3") {
        if (const NetworkUse* pip = network_use("pip")) {
          Words rest(w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
          option_hosts(*pip, "pip", rest, assigns, out);
        }
      }
      return;
    }
  }
}

void assigned_proxies(const std::vector<shell::AssignView>& assigns, std::vector<UrlFetch>& out) {
  for (const auto& a : assigns) {
    if (!proxy_variable(a.name)) continue;
    if (a.value.literal)
      proxy_value(*a.value.literal, out);
    else
      out.push_back({"", ""});  // `https_proxy=$P`: a proxy the line does not show
  }
}

}  // namespace vigie::engine::named_hosts
