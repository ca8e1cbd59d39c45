// Task runners and build tools whose line runs more than its table entry shows
// (engine/program_task_runners.hpp; their entries: engine/programs_table_desktop.cpp,
// engine/programs_table_fixers.cpp, engine/programs_table_codegen.cpp,
// engine/programs_table_system.cpp):
//   - commands they run, judged as commands: `rustup run TOOLCHAIN CMD…`, `just -c CMD…`,
//     `meson devenv CMD…`, `meson subprojects foreach CMD…`, `tox exec -- CMD…`; code: rake's
//     `-e|-E|-p CODE` (Ruby, judged as `ruby -e CODE`), MSBuild's `PreBuildEvent`,
//     `PostBuildEvent` and `RunCommand` properties (a shell line), `tox -x KEY=VALUE`'s commands;
//   - what loads or runs code the line does not show (asked): `just --shell|--chooser`, a
//     toolchain from a folder (`rustup run /tmp/tc`, `rustup toolchain link`), javac's
//     `-Xplugin:NAME`, `pytest -p
//     PLUGIN`, MSBuild's loggers and imported targets, gradle's and bazel's JVM options;
//   - folders written that an option points at: `gradle -p DIR` (DIR/build, DIR/.gradle),
//     MSBuild's output properties and a project elsewhere (its bin/ and obj/), pytest's cache
//     (`-o cache_dir=DIR`, `--rootdir DIR`), `just -d DIR`; and the files written by default:
//     lesskey's `~/.less` without `-o`, uudecode's output named in its input's header (asked).
#include "engine/program_task_runners.hpp"

#include <cctype>
#include <string>

#include "engine/normalize.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using program_words::in_words;
using program_words::lit;
using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// A folder written with every file below it: `DIR/SUB` (SUB empty: DIR itself).
void tree_written(ProgramEffects& out, const WordView& dir, std::string_view sub,
                  const std::string& entry) {
  const std::size_t at = out.files.size();
  if (!dir.literal) {
    add_word_file(out, Touch::write, dir, From::option, entry);
  } else {
    std::string path = *dir.literal;
    if (!sub.empty()) path = (path.ends_with('/') ? path : path + "/") + std::string(sub);
    add_word_file(out, Touch::write, word_of(dir, path), From::option, entry);
  }
  for (std::size_t i = at; i < out.files.size(); ++i) out.files[i].recursive = true;
}

bool current_folder(const WordView& w) {
  return w.literal && (*w.literal == "." || *w.literal == "./");
}

// The command words from w[k] on, judged as a command; a lone word holding blanks
// (`just -c 'rm -rf ~'`) is also judged as the line it spells.
void run_words(const Words& w, std::size_t k, ProgramEffects& out) {
  if (k >= w.size()) return;
  out.argvs.emplace_back(w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
  if (w[k].literal && w[k].literal->find_first_of(" \t") != std::string::npos)
    out.scripts.push_back(*w[k].literal);
}

// The value of option `opt` (its long name) as parsed, each time it is given.
std::vector<const WordView*> values(const ParsedArgs& args, std::string_view opt) {
  std::vector<const WordView*> out;
  for (const ParsedOption& o : args.options)
    if (o.decl && o.value && option_name(*o.decl) == opt) out.push_back(&*o.value);
  return out;
}

bool given(const ParsedArgs& args, std::string_view opt) {
  for (const ParsedOption& o : args.options)
    if (o.decl && option_name(*o.decl) == opt) return true;
  return false;
}

// A JVM's options (`-javaagent:`, `-XX:OnError=`) that load an agent or run a command.
void jvm_options(const WordView& v, const std::string& entry, ProgramEffects& out) {
  if (!v.literal)
    out.escalations.push_back(entry + ": JVM options that are not static");
  else if (variable_code("JAVA_TOOL_OPTIONS", *v.literal))
    out.escalations.push_back(entry + ": the JVM loads an agent or runs a command");
}

// rustup: `run [--install] TOOLCHAIN [--] CMD…` runs CMD with the toolchain's programs first
// on PATH; a toolchain written as a path (`/tmp/tc`, `./tc`) is a folder's programs, and so is
// one `toolchain link NAME PATH` makes or `override set`/`default` picks.
void toolchain(const WordView& t, const std::string& entry, ProgramEffects& out) {
  if (!t.literal)
    out.escalations.push_back(entry + " with a toolchain that is not static");
  else if (t.literal->find('/') != std::string::npos || t.literal->starts_with('~') ||
           t.literal->starts_with('.'))
    out.escalations.push_back(entry + " " + *t.literal + ": runs a toolchain from a folder");
}

void rustup(std::string_view name, const Words& w, const ParsedArgs& args, ProgramEffects& out) {
  if (args.operands.empty()) return;
  std::size_t k = args.operands[0];
  const std::string* sub = lit(w, k);
  if (!sub) {
    out.escalations.push_back(std::string(name) + " with a subcommand that is not static");
    return;
  }
  const std::string entry = std::string(name) + " " + *sub;
  const auto operand = [&](std::size_t from) {
    while (from < w.size() && lit(w, from) && lit(w, from)->starts_with('-')) ++from;
    return from;
  };
  if (*sub == "run") {
    k = operand(k + 1);  // `--install`
    if (k >= w.size()) return;
    toolchain(w[k], entry, out);
    if (lit(w, ++k) && *lit(w, k) == "--") ++k;
    run_words(w, k, out);
  } else if (*sub == "toolchain" && lit(w, k + 1) && *lit(w, k + 1) == "link") {
    out.escalations.push_back(entry + " link: makes a folder's programs a toolchain");
    const std::size_t n = operand(operand(k + 2) + 1);
    if (n < w.size()) add_word_file(out, Touch::read, w[n], From::operand, entry + " link");
  } else if (*sub == "default" || (*sub == "override" && lit(w, k + 1) &&
                                   (*lit(w, k + 1) == "set" || *lit(w, k + 1) == "add"))) {
    const std::size_t at = operand(*sub == "default" ? k + 1 : k + 2);
    if (at < w.size()) toolchain(w[at], entry, out);
  }
}

// just (clap): `-c|--command CMD…` runs CMD (the rest of the line); `--shell PROGRAM` runs every
// recipe line with PROGRAM, `--chooser CMD` is a shell line; `-d DIR` runs the recipes in DIR.
void just(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string n(name);
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    if (*s == "--") return;
    const std::string key = s->substr(0, s->find('='));
    const bool attached = key.size() < s->size();
    const auto value = [&]() -> std::optional<WordView> {
      if (attached) return synthesized(w[k], s->substr(key.size() + 1), key.size() + 1);
      if (k + 1 < w.size()) return w[++k];
      return std::nullopt;
    };
    if (key == "-c" || key == "--command" || (s->starts_with("-c") && !s->starts_with("--"))) {
      if (s->size() > 2 && key != "--command" && !attached) {  // `-cCMD`
        out.argvs.push_back({synthesized(w[k], s->substr(2), 2)});
        out.argvs.back().insert(out.argvs.back().end(), w.begin() + static_cast<long>(k) + 1,
                                w.end());
        return;
      }
      if (attached) {
        out.argvs.push_back({synthesized(w[k], s->substr(key.size() + 1), key.size() + 1)});
        out.argvs.back().insert(out.argvs.back().end(), w.begin() + static_cast<long>(k) + 1,
                                w.end());
        return;
      }
      run_words(w, k + 1, out);
      return;
    }
    if (key == "--shell" || key == "--chooser") {
      const auto v = value();
      out.escalations.push_back(n + " " + key + ": runs the program it names");
      if (key == "--chooser" && v && v->literal) out.scripts.push_back(*v->literal);
    } else if (key == "-d" || key == "--working-directory") {
      if (const auto v = value(); v && !current_folder(*v))
        tree_written(out, *v, "", n + " " + key);
    }
  }
}

// rake: `-e|-E|-p CODE` is Ruby code it runs, with rake's own methods (`sh`, `ruby`) that run
// commands: asked, and judged as `ruby -e CODE`.
void rake(std::string_view name, const ParsedArgs& args, ProgramEffects& out) {
  for (std::string_view opt : {"--execute", "--execute-continue", "--execute-print"})
    for (const WordView* v : values(args, opt)) {
      out.escalations.push_back(std::string(name) + " " + std::string(opt) + ": Ruby code it runs");
      if (v->literal)
        out.scripts.push_back("ruby -e " + program_words::single_quoted(*v->literal));
      else
        out.escalations.push_back(std::string(name) + " " + std::string(opt) +
                                  " with Ruby code that is not static");
    }
}

// tox 4: `exec [-e ENV] -- CMD…` runs CMD in the environment; `-x|--override KEY=VALUE` changes
// its configuration (`commands`, `deps`, `allowlist_externals`): asked, a `…commands` value
// judged as the line it runs.
void tox(std::string_view name, const Words& w, const ParsedArgs& args, ProgramEffects& out) {
  const std::string n(name);
  for (const WordView* v : values(args, "--override")) {
    out.escalations.push_back(n + " --override: changes the commands it runs");
    if (!v->literal) continue;
    const std::size_t eq = v->literal->find('=');
    if (eq != std::string::npos && v->literal->substr(0, eq).find("command") != std::string::npos)
      out.scripts.push_back(v->literal->substr(eq + 1));
  }
  if (args.operands.empty() || !lit(w, args.operands[0]) || *lit(w, args.operands[0]) != "exec")
    return;
  for (std::size_t k = args.operands[0] + 1; k < w.size(); ++k)
    if (lit(w, k) && *lit(w, k) == "--") return run_words(w, k + 1, out);
  if (args.operands.size() > 1) run_words(w, args.operands[1], out);
}

// `meson subprojects foreach [--types T] [--num-processes N] [--sourcedir D] CMD…`.
void meson_subprojects(const Words& w, const ParsedArgs& args, ProgramEffects& out) {
  if (args.operands.empty() || !lit(w, args.operands[0]) || *lit(w, args.operands[0]) != "foreach")
    return;
  std::size_t k = args.operands[0] + 1;
  while (k < w.size() && lit(w, k) && lit(w, k)->starts_with('-')) {
    const std::string& s = *lit(w, k);
    if (s == "--") {
      ++k;
      break;
    }
    k += (s == "--types" || s == "--num-processes" || s == "--sourcedir") ? 2 : 1;
  }
  run_words(w, k, out);
}

// MSBuild's properties (`-p:NAME=VALUE;NAME=VALUE`): what they run, load or write.
constexpr std::string_view kRunProperties = " prebuildevent postbuildevent runcommand ";
constexpr std::string_view kCodeProperties =
    " directorybuildpropspath directorybuildtargetspath custombeforemicrosoftcommontargets "
    "customaftermicrosoftcommontargets custombeforemicrosoftcommonprops "
    "customaftermicrosoftcommonprops custombeforedirectorybuildprops "
    "customafterdirectorybuildtargets msbuildextensionspath msbuilduserextensionspath "
    "runarguments csctoolpath csctoolexe vbctoolpath fsctoolpath dotnethostpath "
    "nugetrestoretargets ";
constexpr std::string_view kFolderProperties =
    " outputpath outdir baseoutputpath baseintermediateoutputpath intermediateoutputpath "
    "publishdir packageoutputpath ";

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void msbuild_properties(const WordView& word, std::size_t at, const std::string& entry,
                        ProgramEffects& out) {
  const std::string& s = *word.literal;
  while (at < s.size()) {
    std::size_t end = s.find_first_of(";,", at);
    if (end == std::string::npos) end = s.size();
    const std::size_t eq = s.find('=', at);
    if (eq == std::string::npos || eq > end) {
      at = end + 1;
      continue;
    }
    const std::string key = lower(s.substr(at, eq - at));
    if (in_words(kRunProperties, key)) {
      out.escalations.push_back(entry + " " + s.substr(at, eq - at) + ": a command it runs");
      out.scripts.push_back(s.substr(eq + 1));  // the rest: `;` may be the line's own
      return;
    }
    if (in_words(kCodeProperties, key))
      out.escalations.push_back(entry + " " + s.substr(at, eq - at) +
                                ": names code or a program the build runs");
    else if (in_words(kFolderProperties, key) && eq + 1 < end)
      tree_written(out, synthesized(word, s.substr(eq + 1, end - eq - 1), eq + 1), "",
                   entry + " " + s.substr(at, eq - at));
    at = end + 1;
  }
}

// dotnet's MSBuild commands: each switch in any spelling (`-p:`, `/p:`, `--property:`,
// `-property:`, and `-p NAME=VALUE`); the binary log (`-bl:FILE`); a logger given as an
// assembly (`-logger:CLASS,FILE.dll`); a project in another folder writes its bin/ and obj/.
void dotnet(std::string_view name, const Words& w, ProgramEffects& out) {
  const std::string entry(name);
  const bool run = entry.ends_with(" run");
  for (std::size_t k = 1; k < w.size(); ++k) {
    const std::string* s = lit(w, k);
    if (!s) continue;
    if (*s == "--") return;
    const std::size_t lead =
        s->starts_with("--") ? 2 : (s->starts_with('-') || s->starts_with('/'));
    const std::size_t colon = s->find(':');
    std::size_t e = lead;
    while (e < s->size() && std::isalpha(static_cast<unsigned char>((*s)[e]))) ++e;
    const std::string sw = lower(s->substr(lead, e - lead));
    const bool switch_word = lead > 0 && !sw.empty() && (e == s->size() || e == colon);
    if (switch_word && (sw == "p" || sw == "property" || sw == "rp" || sw == "restoreproperty")) {
      if (e == colon)
        msbuild_properties(w[k], colon + 1, entry, out);
      else if (lit(w, k + 1) && lit(w, k + 1)->find('=') != std::string::npos)
        msbuild_properties(w[++k], 0, entry, out);
      continue;
    }
    if (switch_word && e == colon && (sw == "bl" || sw == "binarylogger")) {
      std::string f = s->substr(colon + 1);
      if (lower(f).starts_with("logfile=")) f = f.substr(8);
      f = f.substr(0, f.find(';'));
      if (!f.empty())
        add_word_file(out, Touch::write, word_of(w[k], f), From::option, entry + " -bl");
      continue;
    }
    if (switch_word && e == colon &&
        (sw == "logger" || sw == "l" || sw == "distributedlogger" || sw == "dl")) {
      const std::string v = lower(s->substr(colon + 1));
      if (v.find(".dll") != std::string::npos || v.find_first_of(",/\\") != std::string::npos)
        out.escalations.push_back(entry + " -" + sw + ": loads a logger assembly");
      continue;
    }
    if (lead > 0 || run) continue;
    // An operand: a project or solution file, or the folder holding one.
    const std::string low = lower(*s);
    const bool project = low.ends_with("proj") || low.ends_with(".sln") || low.ends_with(".slnx");
    const std::size_t slash = s->rfind('/');
    const std::string dir = project ? (slash == std::string::npos ? "." : s->substr(0, slash)) : *s;
    if (dir == "." || dir == "./" || (!project && s->find('.') != std::string::npos)) continue;
    const WordView d = word_of(w[k], dir);
    if (low.ends_with(".sln") || low.ends_with(".slnx")) {
      tree_written(out, d, "", entry + " " + *s);
    } else {
      tree_written(out, d, "bin", entry + " " + *s);
      tree_written(out, d, "obj", entry + " " + *s);
    }
  }
}

// gradle: `-p DIR` builds the project in DIR (its build/ and .gradle/ written); `-D` system
// properties that set its JVM (`org.gradle.jvmargs`, `org.gradle.java.home`).
void gradle(std::string_view name, const ParsedArgs& args, ProgramEffects& out) {
  const std::string n(name);
  for (const WordView* v : values(args, "--project-dir")) {
    if (current_folder(*v)) continue;
    tree_written(out, *v, "build", n + " --project-dir");
    tree_written(out, *v, ".gradle", n + " --project-dir");
  }
  for (const WordView* v : values(args, "--system-prop")) {
    if (!v->literal) {
      out.escalations.push_back(n + " -D with a property that is not static");
      continue;
    }
    const std::string& kv = *v->literal;
    const std::string key = kv.substr(0, kv.find('='));
    if (key == "org.gradle.java.home")
      out.escalations.push_back(n + " -Dorg.gradle.java.home: runs the JVM of a folder");
    else if (key == "org.gradle.jvmargs" && key.size() < kv.size())
      jvm_options(synthesized(*v, kv.substr(key.size() + 1), key.size() + 1),
                  n + " -Dorg.gradle.jvmargs", out);
  }
}

// pytest: `-p NAME` loads a plugin module (`-p no:NAME` only disables one), `--pdbcls MOD:CLASS`
// a debugger class; `-o cache_dir=DIR` and `--rootdir DIR` (its .pytest_cache/) are written.
// Asked here rather than marked in the row (`!!`), which would make pytest a program that runs
// programs and ask every line that gives it a word that is not static (`for f in *.py; do
// pytest $f; done`); such a word is judged as an operand, as before these two were read.
void pytest(std::string_view name, const ParsedArgs& args, ProgramEffects& out) {
  const std::string n(name);
  for (const ParsedOption& o : args.options)
    if (o.decl && option_name(*o.decl) == "-p" && o.value &&
        !(o.value->literal && o.value->literal->starts_with("no:")))
      out.escalations.push_back(n + " -p: loads a plugin module");
  if (!values(args, "--pdbcls").empty())
    out.escalations.push_back(n + " --pdbcls: loads a debugger class");
  for (const WordView* v : values(args, "--override-ini")) {
    if (!v->literal) {
      out.escalations.push_back(n + " --override-ini with a value that is not static");
      continue;
    }
    const std::string& kv = *v->literal;
    const std::size_t eq = kv.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = kv.substr(0, eq);
    if (key == "cache_dir" && eq + 1 < kv.size())
      tree_written(out, synthesized(*v, kv.substr(eq + 1), eq + 1), "", n + " -o cache_dir");
    else if (key == "addopts" || key == "required_plugins" || key == "pythonpath")
      out.escalations.push_back(n + " -o " + key + ": changes the code it loads");
  }
  for (const WordView* v : values(args, "--rootdir"))
    if (!current_folder(*v)) tree_written(out, *v, ".pytest_cache", n + " --rootdir");
}

}  // namespace

bool task_runner_effects(const ProgramDecl& p, std::string_view name, const Words& w,
                         const ParsedArgs& args, ProgramEffects& out) {
  const std::string& prog = p.names.front();
  if (prog == "rustup") {
    rustup(name, w, args, out);
  } else if (prog == "just") {
    just(name, w, out);
  } else if (prog == "rake") {
    rake(name, args, out);
  } else if (prog == "tox") {
    tox(name, w, args, out);
  } else if (prog == "meson:devenv") {
    if (!args.operands.empty()) run_words(w, args.operands[0], out);
  } else if (prog == "meson:subprojects") {
    meson_subprojects(w, args, out);
  } else if (prog == "dotnet:build") {
    dotnet(name, w, out);
  } else if (prog == "gradle") {
    gradle(name, args, out);
  } else if (prog == "bazel") {
    for (const WordView* v : values(args, "--host_jvm_args"))
      jvm_options(*v, std::string(name) + " --host_jvm_args", out);
  } else if (prog == "javac") {
    // `-Xplugin:NAME ARGS` (one word, javac's own syntax): a compiler plugin it loads.
    for (std::size_t k = 1; k < w.size(); ++k)
      if (!w[k].literal ? w[k].text.find("-Xplugin") != std::string::npos
                        : w[k].literal->starts_with("-Xplugin"))
        out.escalations.push_back(std::string(name) + " -Xplugin: loads a compiler plugin");
  } else if (prog == "pytest") {
    pytest(name, args, out);
  } else if (prog == "lesskey") {
    // Without `-o`, the binary key file less reads at start (its `#env` sets LESSOPEN).
    if (!given(args, "--output") && !given(args, "--version"))
      add_word_file(out, Touch::write, path_word(w[0], "~/.less"), From::option,
                    std::string(name) + " (its default output)");
  } else if (prog == "uudecode") {
    // Without `-o`, each file is written under the name its header holds; `-R` saves the
    // options to a file (by default ~/.sharrc, which later runs read).
    if (given(args, "--help") || given(args, "--version") || given(args, "--more-help"))
      return true;
    if (!given(args, "--output-file"))
      out.escalations.push_back(std::string(name) +
                                " writes the file its input's header names (not on the line)");
    for (const ParsedOption& o : args.options)
      if (o.decl && option_name(*o.decl) == "--save-opts" && !o.value)
        add_word_file(out, Touch::write, path_word(w[0], "~/.sharrc"), From::option,
                      std::string(name) + " --save-opts");
  } else {
    return false;
  }
  return true;
}

}  // namespace vigie::engine
