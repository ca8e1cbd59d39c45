// Seeing through wrappers, assignments, git's global options, nested scripts and exec-capable
// options. Commands are built by hand (a tiny word splitter) so that these tests do not depend
// on the shell grammar; tests/engine/safety_corpus_test.cpp goes through parse_commands.
#include "engine/normalize.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace vigie;
using namespace vigie::engine;

namespace {

// A word as the shell grammar would describe it, for simple inputs: single and double quotes,
// backslashes, `$` (not static), unquoted globs and a leading `~` (pattern only).
shell::WordView word(const std::string& t) {
  shell::WordView w;
  w.text = t;
  std::string v;
  bool sq = false, dq = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '\'' && !dq) {
      sq = !sq;
    } else if (c == '"' && !sq) {
      dq = !dq;
    } else if (c == '\\' && !sq && i + 1 < t.size()) {
      v += t[++i];
    } else {
      if (!sq && (c == '$' || c == '`')) w.has_expansion = true;
      if (!sq && !dq && (c == '*' || c == '?' || c == '[')) w.has_glob = true;
      v += c;
    }
  }
  w.has_tilde = !t.empty() && t[0] == '~';
  if (w.has_expansion) return w;
  w.pattern = v;
  if (!w.has_glob && !w.has_tilde) w.literal = v;
  return w;
}

// Splits on spaces outside quotes; leading NAME=value words become assignments.
shell::CommandView cmd(const std::string& line) {
  shell::CommandView c;
  std::string cur;
  bool sq = false, dq = false, any = false;
  auto flush = [&] {
    if (!any) return;
    shell::WordView w = word(cur);
    auto eq = cur.find('=');
    bool ident = eq != std::string::npos && eq > 0 &&
                 cur.find_first_not_of(
                     "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789") == eq;
    if (c.argv.empty() && ident) {
      shell::AssignView a;
      a.name = cur.substr(0, eq);
      a.value = word(cur.substr(eq + 1));
      c.assigns.push_back(std::move(a));
    } else {
      c.argv.push_back(std::move(w));
    }
    cur.clear();
    any = false;
  };
  for (char ch : line) {
    if (ch == ' ' && !sq && !dq) {
      flush();
      continue;
    }
    if (ch == '\'' && !dq) sq = !sq;
    if (ch == '"' && !sq) dq = !dq;
    cur += ch;
    any = true;
  }
  flush();
  return c;
}

std::string join(const std::vector<shell::WordView>& ws) {
  std::string out;
  for (const auto& w : ws) {
    if (!out.empty()) out += ' ';
    out += w.literal ? *w.literal : w.text;
  }
  return out;
}

std::string join(const std::vector<std::string>& ss) {
  std::string out;
  for (const auto& s : ss) {
    if (!out.empty()) out += ',';
    out += s;
  }
  return out;
}

}  // namespace

TEST_CASE("wrappers are seen through with their own options") {
  struct Row {
    const char* line;
    const char* words;        // after every wrapper
    const char* allow_words;  // after the safe wrappers only
    const char* wrappers;
  };
  const Row rows[] = {
      {"rm -rf /", "rm -rf /", "rm -rf /", ""},
      {"sudo rm -rf /", "rm -rf /", "sudo rm -rf /", "sudo"},
      {"sudo -u bob -E rm -rf x", "rm -rf x", "sudo -u bob -E rm -rf x", "sudo"},
      {"sudo -ubob rm x", "rm x", "sudo -ubob rm x", "sudo"},
      {"sudo --user=bob -- rm x", "rm x", "sudo --user=bob -- rm x", "sudo"},
      {"sudo exec sudo rm -rf /", "rm -rf /", "sudo exec sudo rm -rf /", "sudo,exec,sudo"},
      {"doas -u root rm x", "rm x", "doas -u root rm x", "doas"},
      {"env -i A=1 -u B rm x", "rm x", "env -i A=1 -u B rm x", "env"},
      {"env - PATH=/x ls", "ls", "env - PATH=/x ls", "env"},
      {"nice -n 5 rm x", "rm x", "rm x", "nice"},
      {"nice -5 make", "make", "make", "nice"},
      {"nice --adjustment=3 make", "make", "make", "nice"},
      {"timeout 10 npm test", "npm test", "npm test", "timeout"},
      {"timeout -s KILL 10 rm x", "rm x", "rm x", "timeout"},
      {"timeout --signal=TERM -k 5 1m make", "make", "make", "timeout"},
      {"nohup ./server &", "./server &", "./server &", "nohup"},
      {"time -p make", "make", "make", "time"},
      {"command -p ls", "ls", "ls", "command"},
      {"command -v rm", "command -v rm", "command -v rm", ""},  // a lookup, not a run
      {"builtin cd /", "cd /", "cd /", "builtin"},
      {"exec -a name rm x", "rm x", "exec -a name rm x", "exec"},
      {"stdbuf -oL grep x", "grep x", "grep x", "stdbuf"},
      {"stdbuf -o L grep x", "grep x", "grep x", "stdbuf"},
      {"xargs -0 -n1 rm -f", "rm -f", "xargs -0 -n1 rm -f", "xargs"},
      {"xargs -I{} rm {}", "rm {}", "xargs -I{} rm {}", "xargs"},
      {"xargs -i rm {}", "rm {}", "xargs -i rm {}", "xargs"},
      {"nice sudo rm x", "rm x", "sudo rm x", "nice,sudo"},
      {"time nice -n 1 timeout 5 npm test", "npm test", "npm test", "time,nice,timeout"},
      {"/usr/bin/sudo /bin/rm x", "/bin/rm x", "/usr/bin/sudo /bin/rm x", "sudo"},
      {"sudo -l", "sudo -l", "sudo -l", ""},
      {"sudo -h", "sudo -h", "sudo -h", ""},                    // help: runs nothing
      {"sudo -h A=1 x", "sudo -h A=1 x", "sudo -h A=1 x", ""},  // help, then a usage error
      {"sudo -h rm x", "x", "sudo -h rm x", "sudo"},            // the host `rm`, the command `x`
      {"sudo -hbox rm x", "rm x", "sudo -hbox rm x", "sudo"},
      {"sudo -c class -a type rm x", "rm x", "sudo -c class -a type rm x", "sudo"},
      {"sudo -e /etc/hosts", "sudo -e /etc/hosts", "sudo -e /etc/hosts", ""},
      {"env", "env", "env", ""},
      {"exec", "exec", "exec", ""},
      {"git -C /repo --no-pager -c color.ui=never log -1", "git log -1", "git log -1", ""},
      {"git --git-dir=/r/.git --work-tree /r status", "git status", "git status", ""},
      {"git --version", "git --version", "git --version", ""},
      {"sudo git -C x push", "git push", "sudo git -C x push", "sudo"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    NormalizedCommand n = normalize(cmd(r.line));
    CHECK(join(n.words) == r.words);
    CHECK(join(n.allow_words()) == r.allow_words);
    CHECK(join(n.wrappers) == r.wrappers);
  }
}

TEST_CASE("the command name is normalized for deny, and must be static") {
  struct Row {
    const char* line;
    const char* name;
    bool name_static;
  };
  const Row rows[] = {
      {"rm x", "rm", true},   {"/bin/rm x", "rm", true},     {"\\rm x", "rm", true},
      {"'r'm x", "rm", true}, {"\"/bin/rm\" x", "rm", true}, {"sudo /usr/bin/rm x", "rm", true},
      {"$CMD x", "", false},  {"/bin/r? x", "", false},      {"sudo $(which rm) x", "", false},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    NormalizedCommand n = normalize(cmd(r.line));
    CHECK(n.name == r.name);
    CHECK(n.name_static == r.name_static);
    if (!r.name_static) CHECK(join(n.escalations) == "dynamic command name");
  }
}

TEST_CASE("leading assignments: collected, and harmless only when they change nothing run") {
  struct Row {
    const char* line;
    const char* names;
    bool harmless;
  };
  const Row rows[] = {
      {"FOO=bar rm x", "FOO", true},
      {"A=1 B=2 rm x", "A,B", true},
      {"PATH=/tmp npm test", "PATH", false},
      {"LD_PRELOAD=/x.so ls", "LD_PRELOAD", false},
      {"DYLD_INSERT_LIBRARIES=/x ls", "DYLD_INSERT_LIBRARIES", false},
      {"GIT_SSH_COMMAND=x git fetch", "GIT_SSH_COMMAND", false},
      {"BASH_ENV=/x bash s.sh", "BASH_ENV", false},
      {"IFS=/ ls", "IFS", false},
      {"PS4=x bash -x s", "PS4", false},
      {"NODE_OPTIONS=--require=x npm test", "NODE_OPTIONS", false},
      {"MAKEFILES=/tmp/x.mk make", "MAKEFILES", false},
      {"PYTEST_ADDOPTS='-p evil' pytest", "PYTEST_ADDOPTS", false},
      {"PYTEST_PLUGINS=evil pytest", "PYTEST_PLUGINS", false},
      {"LESS=-o/etc/shadow less x", "LESS", false},
      {"LESSKEY_CONTENT='#env LESSOPEN=|x' less x", "LESSKEY_CONTENT", false},
      {"LESSEDIT=x less y", "LESSEDIT", false},
      {"BAT_PAGER=x bat y", "BAT_PAGER", false},
      {"CURL_HOME=/tmp curl x", "CURL_HOME", false},
      {"WGETRC=/tmp/rc wget x", "WGETRC", false},
      {"GNUPGHOME=/tmp/g gpg -d x", "GNUPGHOME", false},
      {"PSQLRC=/tmp/rc psql -c 'select 1'", "PSQLRC", false},
      {"PSQL_PAGER='sh -c id' psql", "PSQL_PAGER", false},
      {"PGPASSFILE=~/.ssh/id_rsa psql", "PGPASSFILE", false},
      {"GH_BROWSER=./x gh repo view --web", "GH_BROWSER", false},
      {"KUBE_EDITOR=./x kubectl edit cm a", "KUBE_EDITOR", false},
      {"HELM_PLUGINS=/tmp/p helm ls", "HELM_PLUGINS", false},
      {"TF_CLI_ARGS_plan=-x terraform plan", "TF_CLI_ARGS_plan", false},
      {"CLOUDSDK_PYTHON=./x gcloud info", "CLOUDSDK_PYTHON", false},
      {"BOTO_CONFIG=/tmp/b gsutil ls", "BOTO_CONFIG", false},
      {"LESSCHARSET=utf-8 less x", "LESSCHARSET", true},
      {"A=$(curl x) ls", "A", false},
      {"A=`id` ls", "A", false},
      {"A=$HOME ls", "A", true},
      {"env A=1 ls", "A", true},
      {"env PATH=/x ls", "PATH", false},
      {"sudo PAGER=x git log", "PAGER", false},
      {"FOO=1 exec rm -rf ~", "FOO", true},
      {"CI=1 env EDITOR=vim git commit", "CI,EDITOR", false},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    NormalizedCommand n = normalize(cmd(r.line));
    std::vector<std::string> names;
    for (const auto& a : n.assigns) names.push_back(a.name);
    CHECK(join(names) == r.names);
    CHECK(n.assigns_harmless == r.harmless);
  }
  // The value of `env A=1` is a word of its own.
  NormalizedCommand n = normalize(cmd("env A=x=y ls"));
  REQUIRE(n.assigns.size() == 1);
  CHECK(n.assigns[0].value.literal == "x=y");
  CHECK(n.name == "ls");
}

TEST_CASE("escalations: exec-capable options, command-valued git config, dynamic scripts") {
  struct Row {
    const char* line;
    const char* escalations;
  };
  const Row rows[] = {
      {"find . -name x", ""},
      {"find . -name '*.o' -delete", ""},
      {"find . -exec rm {} ;", "find -exec"},
      {"find . -execdir sh -c x {} +", "find -execdir"},
      {"find . -ok rm {} ;", "find -ok"},
      {"find . -fprint /etc/x", ""},
      {"fd -e o -x rm", "fd --exec"},
      {"rg --pre ./x pat", "rg --pre"},
      {"rg --pre=./x pat", "rg --pre"},
      {"rg --pre-glob '*.gz' pat", ""},
      {"sort -o out in", ""},
      {"sort -u -k2 in", ""},
      {"tar --to-command=sh -xf a.tar", "tar --to-command"},
      {"tar --checkpoint=1 --checkpoint-action=exec=sh -cf a.tar x", "tar --checkpoint-action"},
      {"tar -xzf a.tgz", ""},
      {"git -c core.pager=sh log", "git -c core.pager"},
      {"git -c alias.x=!sh x", "git -c alias.x"},
      {"git -c core.sshCommand=x fetch", "git -c core.sshCommand"},
      {"git -c credential.helper=x push", "git -c credential.helper"},
      {"git -c diff.foo.textconv=x diff", "git -c diff.foo.textconv"},
      {"git -c color.ui=never log", ""},
      {"git -c user.name=x commit", ""},
      {"git diff --output=/tmp/x", ""},
      {"git rebase -x 'make test' main", "git rebase --exec"},
      {"git config core.editor vim", "git config core.editor"},
      {"git config --get core.editor", ""},
      {"git config user.email a@b", ""},
      {"bash -c \"$X\"", "dynamic script for bash -c"},
      {"sh -c 'ls'", ""},
      {"bash $SCRIPT", "dynamic script for bash"},
      {"eval $CMD", "dynamic script for eval"},
      {"env -C / rm x", "env --chdir"},
      {"time -o /etc/x ls", ""},
      {"$X", "dynamic command name"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    CHECK(join(normalize(cmd(r.line)).escalations) == r.escalations);
  }
  // Options that write or delete (rather than run) are file effects, not escalations.
  const Row writes[] = {
      {"find . -name '*.o' -delete", "delete ."}, {"find . -fprint /etc/x", "write /etc/x,read ."},
      {"sort -o out in", "write out,read in"},    {"git diff --output=/tmp/x", "write /tmp/x"},
      {"time -o /etc/x ls", "write /etc/x"},
  };
  for (const auto& r : writes) {
    CAPTURE(r.line);
    std::vector<std::string> fx;
    for (const auto& f : normalize(cmd(r.line)).files)
      if (!f.repository)  // git's repository (its working folder): tested in the decision tables
        fx.push_back(std::string(touch_name(f.touch)) + " " + f.word.text);
    CHECK(join(fx) == r.escalations);
  }
}

TEST_CASE("nested scripts and argvs are returned for judging") {
  struct Row {
    const char* line;
    const char* scripts;  // joined with ","
  };
  const Row rows[] = {
      {"bash -c 'rm -rf /'", "rm -rf /"},
      {"sh -c \"ls; rm x\"", "ls; rm x"},
      {"bash -lc 'make'", "make"},
      {"bash -x -c 'make'", "make"},
      {"bash -o pipefail -c 'make'", "make"},
      {"zsh -c ls", "ls"},
      {"sudo bash -c 'rm x'", "rm x"},
      {"xargs sh -c 'rm x'", "rm x"},
      {"eval rm -rf /", "rm -rf /"},
      {"eval 'ls;' 'rm x'", "ls; rm x"},
      {"eval rm -rf *", "rm -rf *"},
      {"env -S 'rm -rf /'", "rm -rf /"},
      {"bash script.sh", ""},
      {"bash", ""},
      {"busybox sh -c 'rm x'", "rm x"},
      {"su -c 'rm x' bob", "rm x"},
      {"flock /tmp/l -c 'make'", "make"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.line);
    CHECK(join(normalize(cmd(r.line)).nested_scripts) == r.scripts);
  }

  // Here-strings and here-documents feeding a shell.
  shell::CommandView c = cmd("bash");
  shell::RedirectView hs;
  hs.op = "<<<";
  hs.target = word("'rm -rf /'");
  c.redirects.push_back(hs);
  CHECK(join(normalize(c).nested_scripts) == "rm -rf /");
  shell::CommandView h = cmd("sh");
  shell::RedirectView hd;
  hd.op = "<<";
  hd.target = word("EOF");
  hd.heredoc_body = "rm -rf $DIR\n";
  h.redirects.push_back(hd);
  CHECK(join(normalize(h).escalations) == "dynamic script for sh <<");
  h.redirects[0].heredoc_quoted = true;
  CHECK(join(normalize(h).nested_scripts) == "rm -rf $DIR\n");

  // find -exec: the argv up to `;` or `{} +` is a command of its own.
  NormalizedCommand f = normalize(cmd("find . -name x -exec rm -rf {} ; -print"));
  REQUIRE(f.nested_argvs.size() == 1);
  CHECK(join(f.nested_argvs[0]) == "rm -rf {}");
  NormalizedCommand g = normalize(cmd("find / -execdir sh -c 'x' {} + -exec ls ;"));
  REQUIRE(g.nested_argvs.size() == 2);
  CHECK(join(g.nested_argvs[0]) == "sh -c x {}");
  CHECK(join(g.nested_argvs[1]) == "ls");
  // Normalizing a nested argv in turn finds its script.
  shell::CommandView inner;
  inner.argv = g.nested_argvs[0];
  CHECK(join(normalize(inner).nested_scripts) == "x");
}

TEST_CASE("chdir: git -C, env -C, sudo -D") {
  CHECK(normalize(cmd("git -C /repo status")).chdir->literal == "/repo");
  CHECK(normalize(cmd("env -C /tmp rm -rf .")).chdir->literal == "/tmp");
  CHECK(normalize(cmd("sudo -D /x ls")).chdir->literal == "/x");
  CHECK_FALSE(normalize(cmd("ls")).chdir.has_value());
}

TEST_CASE("interpreters and wrappers") {
  NormalizeOptions opts;
  opts.extra_wrappers = {"firejail"};
  opts.extra_interpreters = {"myrepl"};
  for (const char* n :
       {"python", "python3",   "python3.12", "node", "ruby",   "perl",    "bash", "sh",
        "zsh",    "dash",      "deno",       "php",  "lua",    "env",     "sudo", "xargs",
        "eval",   "osascript", "npx",        "awk",  "myrepl", "firejail"}) {
    CAPTURE(n);
    CHECK(is_interpreter(n, opts));
  }
  for (const char* n : {"ls", "git", "npm", "make", "cat", "grep", "jq"}) {
    CAPTURE(n);
    CHECK_FALSE(is_interpreter(n, opts));
  }
  CHECK(is_wrapper("sudo", opts));
  CHECK(is_wrapper("firejail", opts));
  CHECK_FALSE(is_wrapper("rm", opts));
  CHECK(is_safe_wrapper("nice"));
  CHECK_FALSE(is_safe_wrapper("sudo"));
  CHECK_FALSE(is_safe_wrapper("env"));

  // An extra wrapper is stripped for deny, never for allow.
  NormalizedCommand n = normalize(cmd("firejail --quiet rm x"), opts);
  CHECK(join(n.words) == "rm x");
  CHECK(join(n.allow_words()) == "firejail --quiet rm x");
}
