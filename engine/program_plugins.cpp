// Handlers `mvn` and `pandoc` (named in engine/programs_table.cpp): build and document tools
// whose command line can name code they load and run, beyond their table options.
//
// Maven: `-Dexec.executable=PROGRAM` (any spelling of `-D|--define`: `-Dk=v`, `-D k=v`,
// `--define=k=v`, `--def k=v`) names the program the exec plugin's `exec:exec` goal runs, in a
// goal of the line or one the pom binds to a phase: PROGRAM with `-Dexec.args` is judged as a
// nested line. `-Dexec.args` without it gives arguments to a program the pom names: asked
// unless the only exec goal is `exec:java` (its arguments go to a main class). `exec:java`'s
// `-Dexec.mainClass` is a class of the project's classpath: the project's own code, like the
// pom itself (a bare allow covers `mvn package`). A property whose name is not static is asked.
// The standard plugins' properties that name a program, a file read or an output
// (`-Dfile=F` of install-file and deploy-file, `-DoutputDirectory=DIR`): kMavenProperties.
//
// pandoc: `-f|-r|--from|--read FILE.lua` and `-t|-w|--to|--write FILE.lua` are Lua readers and
// writers (pandoc runs the file's code): the file is read and the command asked, like
// `--lua-filter`. A format that is not static is asked.
#include <string>

#include "engine/normalize.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// The table's effects of the command (options, operands); commons-cli (mvn) reads `-f=FILE`
// as `-f FILE`.
ParsedArgs table_effects(const ProgramDecl& p, std::string_view name, const Words& w,
                         ProgramEffects& out) {
  ParsedArgs args = p.handler == "mvn" ? parse_args_eq(p, w, 1) : parse_args(p, w, 1);
  apply_parsed(p, name, w, args, out);
  return args;
}

// Maven properties that name what the exec plugin runs.
constexpr std::string_view kExecProgram = "exec.executable";
constexpr std::string_view kExecArgs = "exec.args";

// A word quoted for a shell line when it holds anything but plain path characters.
std::string quoted(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789/._-+:@%,=") == std::string::npos)
    return s;
  return program_words::single_quoted(s);
}

// The goal an operand names, without its `@execution` suffix: `exec:exec`,
// `org.codehaus.mojo:exec-maven-plugin:3.1.0:exec` -> "exec"; `exec:java` -> "java"; else "".
std::string_view exec_goal(std::string_view g) {
  g = g.substr(0, g.find('@'));
  auto colon = g.rfind(':');
  if (colon == std::string_view::npos) return {};
  std::string_view prefix = g.substr(0, colon);
  if (prefix != "exec" && prefix.find("exec-maven-plugin") == std::string_view::npos) return {};
  std::string_view goal = g.substr(colon + 1);
  return goal == "exec" || goal == "java" ? goal : std::string_view();
}

// Maven user properties of the standard plugins, by what their value names: 'x' a program or
// code the build runs (the compiler plugin's forked javac, surefire's JVM and its `argLine`,
// maven-gpg's gpg, a core extension jar), 'r' a file read (install-file's and deploy-file's
// artifact, copied into the local repository or uploaded), 'w' a file written, 'g' a folder
// written (the dependency and help plugins' output); 'j' the forked JVM's options (asked when
// they load an agent or run a command, as JAVA_TOOL_OPTIONS).
struct MavenProperty {
  std::string_view key;
  char role;
};
constexpr MavenProperty kMavenProperties[] = {
    {"maven.compiler.executable", 'x'},
    {"jvm", 'x'},
    {"argLine", 'j'},
    // surefire's and failsafe's debug string is added to the forked JVM's options;
    // spring-boot:run's JVM arguments and agents; the javadoc program.
    {"maven.surefire.debug", 'j'},
    {"maven.failsafe.debug", 'j'},
    {"spring-boot.run.jvmArguments", 'j'},
    {"spring-boot.run.agents", 'x'},
    {"javadocExecutable", 'x'},
    {"gpg.executable", 'x'},
    {"maven.ext.class.path", 'x'},
    {"file", 'r'},
    {"pomFile", 'r'},
    {"javadoc", 'r'},
    {"sources", 'r'},
    {"output", 'w'},
    {"mdep.outputFile", 'w'},
    {"outputDirectory", 'g'},
    {"dest", 'w'},
};

// `-DKEY=VALUE` of kMavenProperties: asked, or the file or folder judged.
void maven_property(const WordView& word, const std::string& kv, std::string_view key,
                    const std::string& entry, ProgramEffects& out) {
  for (const MavenProperty& m : kMavenProperties) {
    if (m.key != key) continue;
    if (m.role == 'j') {
      if (key.size() < kv.size() &&
          variable_code("JAVA_TOOL_OPTIONS", std::string_view(kv).substr(key.size() + 1)))
        out.escalations.push_back(entry + " -D" + std::string(key) +
                                  ": the tests' JVM loads an agent or runs a command");
      return;
    }
    if (m.role == 'x') {
      out.escalations.push_back(entry + " -D" + std::string(key) + ": a program or code it runs");
      return;
    }
    if (key.size() + 1 >= kv.size()) return;
    const WordView v = synthesized(word, kv.substr(key.size() + 1), key.size() + 1);
    if (m.role == 'g')
      add_folder_files(out, v, From::option, entry + " -D" + std::string(key));
    else
      add_word_file(out, m.role == 'r' ? Touch::read : Touch::write, v, From::option,
                    entry + " -D" + std::string(key));
    return;
  }
}

void mvn_handler(const ProgramDecl& p, std::string_view name, const Words& w, ProgramEffects& out) {
  ParsedArgs args = table_effects(p, name, w, out);
  const std::string entry(name);
  const std::string* program = nullptr;
  const std::string* arguments = nullptr;
  for (const auto& o : args.options) {
    if (!o.decl || option_name(*o.decl) != "--define" || !o.value) continue;
    if (!o.value->literal) {
      // `-Dexec.args="$X"`: the name may still be static.
      const std::string& t = o.value->text;
      std::string_view key = std::string_view(t).substr(0, t.find('='));
      if (key.find_first_of("$`\"'\\") != std::string_view::npos || key == kExecProgram ||
          key == kExecArgs)
        out.escalations.push_back(entry + " -D " + t + ": a property that is not static");
      continue;
    }
    const std::string& kv = *o.value->literal;
    std::string_view key = std::string_view(kv).substr(0, kv.find('='));
    if (key == kExecProgram) program = &kv;
    if (key == kExecArgs) arguments = &kv;
    maven_property(*o.value, kv, key, entry, out);
    // `-Dmaven.repo.local=DIR`: the local repository, every artifact downloaded is written
    // below it.
    if (key == "maven.repo.local" && key.size() < kv.size())
      add_folder_files(out, synthesized(*o.value, kv.substr(key.size() + 1), key.size() + 1),
                       From::option, entry + " -Dmaven.repo.local");
  }
  // `-f DIR/pom.xml`, `-f DIR`: the project in DIR is built, its target folder DIR/target
  // written (the current folder's is the project's own, as for `mvn package`).
  for (const auto& o : args.options) {
    if (!o.decl || option_name(*o.decl) != "--file" || !o.value || !o.value->literal) continue;
    const std::string& f = *o.value->literal;
    const std::size_t slash = f.rfind('/');
    const std::string dir =
        f.ends_with(".xml") ? (slash == std::string::npos ? "." : f.substr(0, slash)) : f;
    if (dir == "." || dir == "./" || dir.empty()) continue;
    const std::size_t at = out.files.size();
    add_word_file(out, Touch::write, word_of(*o.value, dir + "/target"), From::option,
                  entry + " -f");
    for (std::size_t i = at; i < out.files.size(); ++i) out.files[i].recursive = true;
  }
  // `-Dexec.args="$X"`, `-D"$K"=V`: a word that is not static is not parsed as an option.
  if (args.dynamic_option)
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string& t = w[i].text;
      if (w[i].literal || !(t.starts_with("-D") || t.starts_with("--d"))) continue;
      std::string_view key = std::string_view(t).substr(0, t.find('='));
      key.remove_prefix(t.starts_with("-D") ? 2 : 0);
      if (!t.starts_with("-D") || key.find_first_of("$`\"'\\") != std::string_view::npos ||
          key == kExecProgram || key == kExecArgs)
        out.escalations.push_back(entry + " " + t + ": a property that is not static");
    }
  bool exec = false, java = false;
  for (std::size_t k : args.operands) {
    if (!w[k].literal) continue;
    std::string_view g = exec_goal(*w[k].literal);
    exec = exec || g == "exec";
    java = java || g == "java";
  }
  auto value = [](const std::string* kv) {
    auto eq = kv->find('=');
    return eq == std::string::npos ? std::string("true") : kv->substr(eq + 1);
  };
  if (program) {
    // Maven splits exec.args itself (quotes group words); a shell line is at least as strict.
    std::string line = quoted(value(program));
    if (arguments) line += " " + value(arguments);
    out.scripts.push_back(line);
  } else if (arguments && (exec || !java)) {
    out.escalations.push_back(entry +
                              " -Dexec.args: arguments of a program the pom names (not visible)");
  }
}

void pandoc_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  ParsedArgs args = table_effects(p, name, w, out);
  const std::string entry(name);
  for (const auto& o : args.options) {
    if (!o.decl || !o.value) continue;
    const std::string opt = option_name(*o.decl);
    if (opt != "--from" && opt != "--to") continue;
    if (!o.value->literal) {
      out.escalations.push_back(entry + " " + opt + " that is not static");
      continue;
    }
    // `FILE.lua`, `FILE.lua+EXT-EXT`: a custom reader or writer.
    const std::string& f = *o.value->literal;
    auto lua = f.find(".lua");
    if (lua == std::string::npos) continue;
    out.escalations.push_back(entry + " " + opt + " " + f + ": a Lua " +
                              (opt == "--from" ? "reader" : "writer") + " runs its code");
    out.files.push_back(
        {Touch::read, word_of(*o.value, f.substr(0, lua + 4)), From::option, entry + " " + opt});
  }
}

}  // namespace

void plugin_handler(const ProgramDecl& p, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  if (p.handler == "mvn")
    mvn_handler(p, name, w, out);
  else
    pandoc_handler(p, name, w, out);
}

}  // namespace vigie::engine
