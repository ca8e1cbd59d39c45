// The limits of grammar/limits.hpp (issue 10): docs/limits.md lists every one with its value,
// and each gives its documented error and a fail-closed decision: deep JSON at every entry of
// the library, policy files that are not regular files or too large, what an include may name,
// traces that are cut explicitly. Inputs are generated here, never checked in.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "engine/limits.hpp"
#include "grammar/limits.hpp"
#include "grammar/policy/parser.hpp"
#include "grammar/shell/commands.hpp"
#include "tests/engine/requests.hpp"
#include "vigie/vigie.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

using vigie::testing::command_request;

void write(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

std::string nested(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

// A scratch folder, removed at the end of the test.
struct Scratch {
  fs::path dir;
  Scratch() {
    std::string t = (fs::temp_directory_path() / "vigie-limits-XXXXXX").string();
    dir = mkdtemp(t.data());
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
};

const char* kPolicy =
    "policy \"p\"\n"
    "mode ask\n"
    "commands {\n"
    "  allow ls | git status\n"
    "  deny rm -rf \"no\"\n"
    "}\n";

std::shared_ptr<const vigie::Policy> policy() {
  static auto r = vigie::compile({{"p.vigie", kPolicy}});
  REQUIRE(r.ok());
  return r.policy;
}

bool has_code(const vigie::CompileResult& r, const std::string& code) {
  for (const auto& d : r.diagnostics)
    if (d.code == code) return true;
  return false;
}

std::string all_messages(const vigie::CompileResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += d.code + " " + d.message + "\n";
  return s;
}

}  // namespace

TEST_CASE("docs/limits.md lists every limit of the code with its value", "[limits]") {
  std::string doc = read_all(fs::path(VIGIE_SOURCE_DIR) / "docs/limits.md");
  REQUIRE(!doc.empty());
  std::size_t rows = 0;
  for (const auto& l : vigie::limits::kLimits) {
    INFO("limit " << l.key);
    // A table row `| `key` | VALUE ...`, the value written in digits.
    std::regex row("\\n\\| `" + std::string(l.key) + "` \\| " + std::to_string(l.value) + "\\b");
    CHECK(std::regex_search(doc, row));
    ++rows;
  }
  CHECK(rows >= 12);
  // ... and no row names a limit the code does not have.
  std::regex any_row("\\n\\| `([a-z0-9-]+)` \\| [0-9]");
  for (std::sregex_iterator it(doc.begin(), doc.end(), any_row), end; it != end; ++it) {
    bool known = false;
    for (const auto& l : vigie::limits::kLimits) known |= (*it)[1] == std::string(l.key);
    INFO("row " << (*it)[1]);
    CHECK(known);
  }
  // The fuzzing section (written by the fuzz runs) stays last.
  CHECK(doc.find("\n## Fuzzing") != std::string::npos);
}

TEST_CASE("the stages read their bounds from the one table", "[limits]") {
  vigie::shell::Limits shell;
  CHECK(shell.max_bytes == vigie::limits::input_bytes);
  CHECK(shell.max_depth == vigie::limits::shell_nesting);
  CHECK(vigie::policy::kMaxBlockDepth == vigie::limits::policy_block_depth);
}

TEST_CASE("json depth: a linear scan, strings skipped", "[limits][json]") {
  using vigie::engine::json_depth_within;
  CHECK(json_depth_within(nested(256)));
  CHECK_FALSE(json_depth_within(nested(257)));
  CHECK(json_depth_within("{\"a\": \"" + std::string(1000, '[') + "\"}"));
  CHECK(json_depth_within("{\"a\": \"\\\"[[[[\"}", 1));
  CHECK_FALSE(json_depth_within("{\"a\": \"\\\\\", \"b\": [[1]]}", 2));
  CHECK(json_depth_within("{\"a\": \"\\\\\", \"b\": [[1]]}", 3));

  std::string err;
  auto j = vigie::engine::parse_json(nested(70000), &err);
  CHECK(j.is_discarded());
  CHECK(err == "the JSON is nested more than 256 levels deep");
  j = vigie::engine::parse_json(std::string(vigie::limits::request_bytes + 1, ' '), &err);
  CHECK(j.is_discarded());
  CHECK(err == "the request is larger than 2097152 bytes");

  auto shallow = vigie::engine::parse_json_shallow("{\"id\": 3, \"x\": " + nested(70000) + "}");
  REQUIRE(shallow.is_object());
  CHECK(shallow["id"] == 3);
  CHECK(shallow.dump().size() < 2000);  // nothing deep was built: dumping is safe
}

TEST_CASE("deep JSON fails closed at every entry of the library", "[limits][json]") {
  const std::string deep = nested(70000);
  auto t0 = std::chrono::steady_clock::now();

  // parse_request: the request decoder.
  std::string err;
  auto r = vigie::parse_request(
      "{\"tool\": \"Bash\", \"input\": {\"command\": \"ls\", \"x\": " + deep + "}}", &err);
  CHECK_FALSE(r);
  CHECK(err == "the JSON is nested more than 256 levels deep");
  vigie::Decision d = vigie::invalid_request_decision(err, false);
  CHECK(d.decision == vigie::Effect::deny);

  // Policy::decide on an input_json given directly (an embedder), with and without a session.
  vigie::Request req;
  req.tool = "Bash";
  req.kind = "command";
  req.input_json = "{\"command\": \"ls\", \"x\": " + deep + "}";
  req.cwd = req.project_root = "/srv/app";
  req.home = "/home/u";
  d = policy()->decide(req);
  CHECK(d.decision == vigie::Effect::ask);
  REQUIRE(d.error);
  CHECK(*d.error == "the JSON is nested more than 256 levels deep");
  CHECK(d.rule.id == "limits.json-depth");
  vigie::Session session;
  for (int i = 0; i < 3; ++i) {
    vigie::DecideOptions opt;
    opt.session = &session;
    d = policy()->decide(req, opt);
    CHECK(d.decision != vigie::Effect::allow);
  }
  req.interactive = false;
  CHECK(policy()->decide(req).decision == vigie::Effect::deny);

  // Within the limit, the same request is judged.
  req.interactive = true;
  req.input_json = "{\"command\": \"ls\", \"x\": " + nested(200) + "}";
  d = policy()->decide(req);
  CHECK_FALSE(d.error);
  CHECK(d.decision == vigie::Effect::allow);

  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(ms < 5000);  // generous: the point is that it returns at all
}

TEST_CASE("a NUL byte never ends a JSON text early", "[limits][json]") {
  using namespace std::string_literals;
  const std::string ok = R"({"tool": "Bash", "input": {"command": "ls"}})";
  for (const std::string& tail :
       {"\0"s, "\0garbage"s, "\0"s + R"({"tool": "Bash", "input": {"command": "rm -rf /"}})",
        " \0 }}}"s}) {
    std::string err;
    CHECK_FALSE(vigie::parse_request(ok + tail, &err));
    CHECK(err.find("NUL") != std::string::npos);
  }
  // Inside the input given directly (an embedder): not read, never allowed.
  vigie::Request req;
  req.tool = "Bash";
  req.kind = "command";
  req.input_json = "{\"command\": \"ls\", \"x\": 1}\0{\"y\": 2}"s;
  req.cwd = req.project_root = "/srv/app";
  req.home = "/home/u";
  vigie::Decision d = policy()->decide(req);
  CHECK(d.decision == vigie::Effect::ask);
  CHECK(d.rule.id == "request.invalid");
}

TEST_CASE("policy files: only regular files, size capped before reading", "[limits][files]") {
  Scratch s;
  auto error_of = [](const std::string& path) {
    vigie::CompileResult r = vigie::compile_file(path);
    CHECK_FALSE(r.ok());
    REQUIRE(!r.diagnostics.empty());
    CHECK(r.diagnostics[0].code == "V301");
    return r.diagnostics[0].message;
  };
  CHECK(error_of(s.dir.string()).find("is a directory, not a policy file") != std::string::npos);
  CHECK(error_of("/dev/zero").find("is a character device") != std::string::npos);
  std::string fifo = s / "fifo.vigie";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(error_of(fifo).find("is a FIFO") != std::string::npos);  // never waited on
  std::string big = s / "big.vigie";
  write(big, "policy \"big\"\n" + std::string(vigie::limits::policy_file_bytes, '#'));
  CHECK(error_of(big).find("is larger than 1048576 bytes") != std::string::npos);
  CHECK(error_of(s / "missing.vigie").find("cannot read") != std::string::npos);

  // The same through the API's `files` (WASM): the size is checked before parsing.
  auto r = vigie::compile({{"p.vigie", "policy \"p\"\ninclude \"big.vigie\"\n"},
                           {"big.vigie", std::string(vigie::limits::policy_file_bytes + 1, '#')}});
  CHECK_FALSE(r.ok());
  CHECK(has_code(r, "V301"));
}

TEST_CASE("includes: .vigie files only, bounded in depth and count", "[limits][files]") {
  Scratch s;
  // Not a .vigie name: refused before anything is read.
  write(s / "a.vigie", "policy \"a\"\ninclude \"/etc/passwd\"\nextends \"../x\"\n");
  auto r = vigie::compile_file(s / "a.vigie");
  CHECK_FALSE(r.ok());
  INFO(all_messages(r));
  CHECK(r.diagnostics.size() == 2);
  for (const auto& d : r.diagnostics) CHECK(d.code == "V303");
  for (const auto& src : r.sources) CHECK(src.name.find("passwd") == std::string::npos);

  // A device or a FIFO behind a .vigie name: refused as not regular, never read.
  fs::create_symlink("/dev/zero", s.dir / "zero.vigie");
  write(s / "b.vigie", "policy \"b\"\ninclude \"zero.vigie\"\n");
  r = vigie::compile_file(s / "b.vigie");
  CHECK_FALSE(r.ok());
  CHECK(all_messages(r).find("is a character device") != std::string::npos);

  // A chain longer than include-depth: an error, not a stack overflow.
  for (int i = 0; i < 40; ++i)
    write(s / ("c" + std::to_string(i) + ".vigie"), (i == 0 ? "policy \"c\"\n" : "") +
                                                        std::string("include \"c") +
                                                        std::to_string(i + 1) + ".vigie\"\n");
  write(s / "c40.vigie", "commands {\n  allow ls\n}\n");
  r = vigie::compile_file(s / "c0.vigie");
  CHECK_FALSE(r.ok());
  CHECK(all_messages(r).find("nested more than 16 deep") != std::string::npos);
  // ... and a chain within it compiles.
  write(s / "top.vigie", "policy \"top\"\ninclude \"c25.vigie\"\n");  // 16 files deep
  r = vigie::compile_file(s / "top.vigie");
  INFO(all_messages(r));
  CHECK(r.ok());

  // A cycle spelled with `./`: reported as a cycle (V302, a warning), not followed.
  write(s / "self.vigie", "policy \"s\"\ninclude \"./self.vigie\"\ncommands {\n  allow ls\n}\n");
  r = vigie::compile_file(s / "self.vigie");
  CHECK(has_code(r, "V302"));
  CHECK(r.ok());

  // The same layers named over and over: include-count bounds the work.
  std::string fan = "policy \"fan\"\nplugins";
  for (int i = 0; i < 20; ++i) fan += " \"b" + std::to_string(i) + ".vigie\"";
  write(s / "fan.vigie", fan + "\n");
  std::string b = "policy \"b\"\nplugins";
  for (int j = 0; j < 20; ++j) b += " \"l" + std::to_string(j) + ".vigie\"";
  for (int i = 0; i < 20; ++i) write(s / ("b" + std::to_string(i) + ".vigie"), b + "\n");
  for (int j = 0; j < 20; ++j)
    write(s / ("l" + std::to_string(j) + ".vigie"), "policy \"l\"\ncommands {\n  allow ls\n}\n");
  r = vigie::compile_file(s / "fan.vigie");
  CHECK_FALSE(r.ok());
  CHECK(all_messages(r).find("more than 256 files included") != std::string::npos);
}

TEST_CASE("diagnostics never quote a file that is not a policy", "[limits][files]") {
  Scratch s;
  const std::string secret = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ";
  write(s / "id_test",
        "-----BEGIN OPENSSH PRIVATE KEY-----\n" + secret + "\n-----END OPENSSH PRIVATE KEY-----\n");
  fs::create_symlink(s.dir / "id_test", s.dir / "key.vigie");
  write(s / "env.vigie", "password " + secret + "\n");
  write(s / "bin.vigie", std::string("policy \"x\"\n\0\x01\x02", 14) + secret);
  for (const char* name : {"key.vigie", "env.vigie", "bin.vigie"}) {
    INFO(name);
    write(s / "main.vigie", "policy \"m\"\ninclude \"" + std::string(name) + "\"\n");
    auto r = vigie::compile_file(s / "main.vigie");
    CHECK_FALSE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    const auto& d = r.diagnostics[0];
    CHECK(d.code == "V301");
    CHECK(d.file == s / "main.vigie");  // at the include line, in the including file
    CHECK(d.line == 2);
    CHECK(d.message.find("is not a policy file") != std::string::npos);
    std::string shown = vigie::render(d, r.sources) + vigie::diagnostics_to_json(r.diagnostics);
    CHECK(shown.find(secret) == std::string::npos);
    CHECK(shown.find("BEGIN") == std::string::npos);
    CHECK(shown.find("password") == std::string::npos);
    for (const auto& src : r.sources) CHECK(src.text.find(secret) == std::string::npos);
  }
  // A real policy with an error further down is still quoted as usual.
  write(s / "typo.vigie", "commands {\n  allow ls\n  alow git status\n}\n");
  write(s / "main.vigie", "policy \"m\"\ninclude \"typo.vigie\"\n");
  auto r = vigie::compile_file(s / "main.vigie");
  CHECK_FALSE(r.ok());
  bool quoted = false;
  for (const auto& d : r.diagnostics) quoted |= d.file == s / "typo.vigie" && d.line == 3;
  CHECK(quoted);
}

TEST_CASE("regex memory is bounded at check and compile", "[limits]") {
  // RE2 accepts this one under its default 8 MiB, not under regex-memory-bytes (1 MiB).
  std::string re;
  for (int i = 0; i < 10; ++i) re += ".{1000}";
  auto r =
      vigie::compile({{"p.vigie", "policy \"p\"\ncommands {\n  deny rm /" + re + "/ \"no\"\n}\n"}});
  CHECK_FALSE(r.ok());
  CHECK(all_messages(r).find("pattern too large") != std::string::npos);
}

TEST_CASE("a trace is bounded and says when it is cut", "[limits][trace]") {
  // 5,000 commands: the decision covers them all, the trace keeps trace-entries.
  std::string line = "ls";
  for (int i = 0; i < 4999; ++i) line += " && ls";
  line += " && rm -rf /";
  vigie::Decision d = policy()->decide(command_request(line));
  CHECK(d.decision == vigie::Effect::deny);  // the last command counts
  REQUIRE(!d.trace.empty());
  CHECK(d.trace.size() <= vigie::limits::trace_entries);
  CHECK(d.trace.back().subject == "limit");
  CHECK(d.trace.back().text == "trace truncated");
  CHECK(d.trace.back().reason.find("not shown") != std::string::npos);

  // One long text: cut, and said.
  vigie::Decision big;
  big.decision = vigie::Effect::ask;
  vigie::TraceEntry t;
  t.subject = "command";
  t.text = std::string(vigie::limits::trace_bytes * 2, 'x');
  big.trace.push_back(t);
  vigie::engine::bound_trace(big);
  REQUIRE(big.trace.size() == 2);
  CHECK(big.trace[0].text.size() <= vigie::limits::trace_bytes);
  CHECK(big.trace[1].text == "trace truncated");

  // A small trace is left alone.
  vigie::Decision small;
  small.trace.push_back(t);
  small.trace[0].text = "ls";
  vigie::engine::bound_trace(small);
  CHECK(small.trace.size() == 1);
}

TEST_CASE("a decision's message and its trace's effects are bounded", "[limits][trace]") {
  // A word of half a megabyte (the input limit is one): the decision is not allow, and the
  // message that quotes it, the trace's text and its effects stay within their limits.
  vigie::Request req = command_request("cat " + std::string(1 << 19, 'a'));
  vigie::Decision d = policy()->decide(req);
  CHECK(d.decision != vigie::Effect::allow);
  CHECK(d.message.size() <= vigie::limits::message_bytes + 3);
  INFO(d.message.substr(0, 200));
  // (The message quotes the command's first KiB and its size: what it says after stays.)
  CHECK(d.message.find("\xE2\x80\xA6 (524292 bytes)`") != std::string::npos);
  std::size_t bytes = 0;
  for (const auto& t : d.trace) {
    bytes += t.subject.size() + t.text.size() + t.reason.size();
    for (const auto& e : t.effects) bytes += e.access.size() + e.path.size() + e.from.size();
  }
  CHECK(bytes <= vigie::limits::trace_bytes + 1024);

  // Cut on a character boundary: a message of 3-byte characters keeps whole ones.
  vigie::Decision m;
  m.decision = vigie::Effect::deny;
  std::string e_acute;
  for (std::size_t i = 0; i < vigie::limits::message_bytes; ++i) e_acute += "\xE2\x82\xAC";
  m.message = e_acute;
  m.error = e_acute;
  vigie::engine::bound_decision(m);
  CHECK(m.decision == vigie::Effect::deny);
  CHECK(m.message.size() <= vigie::limits::message_bytes + 3);
  CHECK(m.message.size() % 3 == 0);
  CHECK(!vigie::engine::looks_binary(m.message));
  REQUIRE(m.error);
  CHECK(*m.error == m.message);
}

TEST_CASE("a line of more commands than the limit is asked, and costs no more", "[limits]") {
  auto decide_line = [](const std::string& line, bool interactive) {
    vigie::Request req = command_request(line);
    req.interactive = interactive;
    return policy()->decide(req);
  };
  // At the limit, every command is judged (the last one is denied).
  std::string at;
  for (std::size_t i = 1; i < vigie::limits::shell_commands; ++i) at += "ls;";
  at += "rm -rf /";
  CHECK(decide_line(at, true).decision == vigie::Effect::deny);
  // One over, and far over (the input limit's worth of `ls;`): asked with the limit's error,
  // denied when nobody can answer.
  for (std::size_t n : {vigie::limits::shell_commands + 1, std::size_t{300000}}) {
    INFO(n << " commands");
    std::string over;
    for (std::size_t i = 0; i < n; ++i) over += "ls;";
    vigie::Decision d = decide_line(over, true);
    CHECK(d.decision == vigie::Effect::ask);
    REQUIRE(d.error.has_value());
    CHECK(d.error->find("more than 10000 commands in one line") != std::string::npos);
    CHECK(decide_line(over, false).decision == vigie::Effect::deny);
  }
}

TEST_CASE("the URLs a request fetches are judged up to the limit, then asked", "[limits]") {
  static auto fetching = vigie::compile(
      {{"f.vigie",
        "policy \"f\"\nmode auto\ndefault allow\nfetch {\n  deny evil.example \"No.\"\n}\n"}});
  REQUIRE(fetching.ok());
  auto curl_line = [](std::size_t urls, const std::string& last) {
    std::string line = "curl";
    for (std::size_t i = 1; i < urls; ++i) line += " https://ok.example/x";
    return line + " " + last;
  };
  // At the limit, the last URL is judged: denied.
  vigie::Decision at = fetching.policy->decide(
      command_request(curl_line(vigie::limits::judged_urls, "evil.example")));
  CHECK(at.decision == vigie::Effect::deny);
  // One over: asked with the limit's rule and error, whatever the URLs.
  for (const char* last : {"evil.example", "ok.example"}) {
    INFO(last);
    vigie::Decision over =
        fetching.policy->decide(command_request(curl_line(vigie::limits::judged_urls + 1, last)));
    CHECK(over.decision == vigie::Effect::ask);
    CHECK(over.rule.id == "limits.judged-urls");
    REQUIRE(over.error.has_value());
    CHECK(over.error->find("more than 256 URLs") != std::string::npos);
  }
  // A policy without fetch rules that deny or ask counts nothing.
  vigie::Decision none = policy()->decide(command_request(curl_line(1000, "evil.example")));
  CHECK_FALSE(none.error.has_value());
  CHECK(none.rule.id != "limits.judged-urls");
}

TEST_CASE("a command's options are parsed up to the limit, then the command is asked", "[limits]") {
  static auto p = vigie::compile({{"o.vigie",
                                   "policy \"o\"\nmode auto\ncommands {\n"
                                   "  allow ls | tar | python3 | sudo | env | sort\n}\n"}});
  REQUIRE(p.ok());
  auto decide_line = [](const std::string& line) {
    return p.policy->decide(command_request(line));
  };
  const std::size_t at = vigie::limits::command_options;
  const std::string over(at + 1, 'v');
  // At the limit, the options are judged as usual.
  CHECK(decide_line("ls -" + std::string(at, 'l')).decision == vigie::Effect::allow);
  CHECK(decide_line("tar c" + std::string(at - 2, 'v') + "f x.tar").decision ==
        vigie::Effect::allow);
  // Past it: asked, whichever way the letters come (a cluster, tar's old style, many words).
  std::string words = "sort";
  for (std::size_t i = 0; i <= at; ++i) words += " -r";
  for (const std::string& line :
       {"ls -" + over, "tar c" + over + "f x.tar .", "tar -c" + over + "f x.tar .", words,
        "ls -" + std::string(400000, 'l')}) {
    INFO(line.substr(0, 40));
    vigie::Decision d = decide_line(line);
    CHECK(d.decision == vigie::Effect::ask);
    CHECK(d.message.find("more than 4096 options in one command") != std::string::npos);
  }
  // A wrapper whose options stop at the limit does not say where its command starts: it never
  // looks like a wrapper of nothing.
  for (const std::string& line :
       {"sudo -" + std::string(at + 1, 'E') + " rm -rf /", "env -" + over + "i rm -rf /"}) {
    INFO(line.substr(0, 40));
    CHECK(decide_line(line).decision == vigie::Effect::ask);
  }
}

TEST_CASE("a command's other spellings are judged up to the limit, then it is asked", "[limits]") {
  static auto p = vigie::compile({{"s.vigie",
                                   "policy \"s\"\nmode auto\ndefault allow\ncommands {\n"
                                   "  deny docker rm | npm publish \"no\"\n}\n"}});
  REQUIRE(p.ok());
  auto decide_line = [](const std::string& line) {
    return p.policy->decide(command_request(line));
  };
  const std::size_t at = vigie::limits::judged_paths;
  std::string words;
  for (std::size_t i = 0; i < at; ++i) words += " x";
  // At the limit: each spelling is judged (`docker container rm` is `docker rm`, `npm pub` is
  // `npm publish`).
  CHECK(decide_line("docker container rm" + words.substr(0, 2 * (at - 4))).decision ==
        vigie::Effect::deny);
  CHECK(decide_line("npm pub" + words.substr(0, 2 * (at - 3))).decision == vigie::Effect::deny);
  // Past it: asked, not copied once per spelling.
  for (const std::string& line :
       {"docker container rm" + words, "npm pub" + words, "kubectl get ns/prod" + words}) {
    INFO(line.substr(0, 40));
    vigie::Decision d = decide_line(line);
    CHECK(d.decision == vigie::Effect::ask);
    CHECK(d.message.find("more than 4096 words") != std::string::npos);
  }
}

TEST_CASE("signal names, tar's key and kubectl's kinds are respelled up to their limits",
          "[limits]") {
  static auto p = vigie::compile({{"s.vigie",
                                   "policy \"s\"\nmode auto\ndefault allow\ncommands {\n"
                                   "  deny kill -9 | tar -z | kubectl delete ns \"no\"\n}\n"}});
  REQUIRE(p.ok());
  auto decide_line = [](const std::string& line) {
    return p.policy->decide(command_request(line));
  };
  const std::size_t at = vigie::limits::judged_paths;
  std::string words, key, kinds = "pods";
  for (std::size_t i = 0; i < at; ++i) words += " 1";
  for (std::size_t i = 0; i < at; ++i) key += 'v';
  for (int i = 0; i < 16; ++i) kinds += ",svc";
  // Within the limits: respelled and denied.
  CHECK(decide_line("kill -Kill" + words.substr(0, 2 * (at - 3))).decision == vigie::Effect::deny);
  CHECK(decide_line("tar " + key.substr(0, at - 2) + "zf a.tgz").decision == vigie::Effect::deny);
  CHECK(decide_line("kubectl delete pods,ns x").decision == vigie::Effect::deny);
  // Past them: asked, not copied.
  for (const std::string& line :
       {"kill -Kill" + words, "tar z" + key + " a.tgz", "kubectl delete " + kinds + ",ns x"}) {
    INFO(line.substr(0, 40));
    vigie::Decision d = decide_line(line);
    CHECK(d.decision == vigie::Effect::ask);
  }
}

TEST_CASE("a message quotes a path past 64 KiB in part and still says why", "[limits]") {
  std::string path;
  for (int i = 0; i < 40000; ++i) path += "a/";
  static auto p = vigie::compile(
      {{"p.vigie", "policy \"p\"\ncommands {\n  allow ls\n}\npaths {\n  deny .env\n}\n"}});
  REQUIRE(p.ok());
  vigie::Decision d = p.policy->decide(command_request("ls " + path + "x"));
  CHECK(d.decision == vigie::Effect::ask);
  CHECK(d.message.size() < 2048);
  CHECK(d.message.find("(80001 bytes)") != std::string::npos);
  CHECK(d.message.find("path too long (over 64 KiB)") != std::string::npos);
  // The excerpt cuts on a character boundary.
  std::string wide;
  for (int i = 0; i < 1000; ++i) wide += "\xC3\xA9";  // é
  std::string e = vigie::engine::excerpt(wide, 1001);
  CHECK(e.starts_with(std::string(wide, 0, 1000) + "\xE2\x80\xA6 (2000 bytes)"));
  CHECK(vigie::engine::excerpt("short") == "short");
}

TEST_CASE("a JSON text that is not read says why, and where", "[limits][json]") {
  struct Row {
    std::string text;
    std::string says;
  };
  for (const Row& r : std::vector<Row>{
           {R"({"tool": "Bash", "input": {"command": "ls", "n": 1e400}})",
            "the request cannot be read: number overflow parsing '1e400'"},
           {R"({"tool": "Bash",)", "is not valid JSON: syntax error while parsing object key"},
           {R"({"tool": x})", "(line 1, column 10)"},
           {R"({"a": 1}{"b": 2})", "expected end of input (line 1, column 9)"},
       }) {
    INFO(r.text);
    std::string err;
    CHECK_FALSE(vigie::parse_request(r.text, &err));
    CHECK(err.find(r.says) != std::string::npos);
  }
}

TEST_CASE("redirections past the paths limit are not built, and the line is asked", "[limits]") {
  std::string line = "ls";
  for (int i = 0; i < 20000; ++i) line += " <x";
  vigie::Decision d = policy()->decide(command_request(line));
  CHECK(d.decision == vigie::Effect::ask);
  REQUIRE(d.error.has_value());
  CHECK(d.error->find("more than 4096 paths") != std::string::npos);
}

TEST_CASE("a relative project root is asked, never allowed", "[limits]") {
  static auto p = vigie::compile({{"r.vigie",
                                   "policy \"r\"\nmode auto\ncommands {\n  allow cat | rm\n}\n"
                                   "paths {\n  deny .env\n  protect tests/**\n}\n"}});
  REQUIRE(p.ok());
  for (const char* root : {".", "./", "rel", "project/x"}) {
    INFO(root);
    vigie::Request req = command_request("cat .env; rm -rf tests");
    req.project_root = root;
    vigie::Decision d = p.policy->decide(req);
    CHECK(d.decision == vigie::Effect::ask);
    CHECK(d.rule.id == "request.invalid");
    req.interactive = false;
    CHECK(p.policy->decide(req).decision == vigie::Effect::deny);
  }
  vigie::Request ok = command_request("cat .env");
  ok.project_root = ok.cwd;
  CHECK(p.policy->decide(ok).decision == vigie::Effect::deny);
}

TEST_CASE("a request cwd past cwd-bytes is asked before its git root is looked for", "[limits]") {
  std::string cwd = "/p";
  while (cwd.size() <= vigie::limits::cwd_bytes) cwd += "/abcdefgh";
  vigie::Request req = command_request("ls");
  req.cwd = cwd;
  req.project_root.clear();
  vigie::Decision d = policy()->decide(req);
  CHECK(d.decision == vigie::Effect::ask);
  CHECK(d.rule.id == "request.invalid");
  REQUIRE(d.error.has_value());
  CHECK(d.error->find("longer than 4096 bytes") != std::string::npos);
  req.cwd.resize(vigie::limits::cwd_bytes / 2);
  CHECK(policy()->decide(req).rule.id != "request.invalid");
}

TEST_CASE("a message shows the control and bidirectional characters it quotes as escapes",
          "[limits]") {
  using vigie::engine::visible;
  CHECK(visible("plain text, tab\tkept") == "plain text, tab\tkept");
  CHECK(visible("a\x1b[2Kb\rc\nd") == "a\\x1b[2Kb\\rc\\nd");
  CHECK(visible("a\nb", /*keep_newlines=*/true) == "a\nb");
  CHECK(visible("x\x7fy") == "x\\x7fy");
  CHECK(visible("x\xc2\x9by") == "x\\u009by");        // C1 CSI
  CHECK(visible("x\xe2\x80\xaeyz") == "x\\u202eyz");  // right-to-left override
  CHECK(visible("x\xe2\x81\xa6y") == "x\\u2066y");    // left-to-right isolate
  CHECK(visible("caf\xc3\xa9 \xe2\x80\xa6") == "caf\xc3\xa9 \xe2\x80\xa6");  // é and … stay
  for (const char* line : {"rm 'a\x1b[1Ab'", "rm 'a\rb'",
                           "rm 'a\xe2\x80\xae"
                           "b'"}) {
    INFO(line);
    vigie::Decision d = policy()->decide(command_request(line));
    CHECK(d.message.find('\x1b') == std::string::npos);
    CHECK(d.message.find('\r') == std::string::npos);
    CHECK(d.message.find("\xe2\x80\xae") == std::string::npos);
    CHECK(d.message.find("\\") != std::string::npos);
  }
}

TEST_CASE("a diagnostic on a long line shows a window of it, the caret in place", "[limits]") {
  std::string words;
  for (int i = 0; i < 50000; ++i) words += "x ";
  auto r = vigie::compile(
      {{"long.vigie", "policy \"p\"\ncommands {\n  allow " + words + "id @bad\n}\n"}});
  const vigie::Diagnostic* d = nullptr;
  for (const auto& x : r.diagnostics)
    if (x.line == 3) d = &x;
  REQUIRE(d != nullptr);
  std::string text = vigie::render(*d, r.sources);
  INFO(text);
  CHECK(text.size() < 1024);
  // The source line and the caret line: the caret is under the `i` of `id`.
  auto bar = text.find(" | ");
  REQUIRE(bar != std::string::npos);
  auto eol = text.find('\n', bar);
  std::string shown = text.substr(bar + 3, eol - bar - 3);
  auto bar2 = text.find(" | ", eol);
  REQUIRE(bar2 != std::string::npos);
  std::string caret = text.substr(bar2 + 3, text.find('\n', bar2) - bar2 - 3);
  CHECK(shown.rfind("\xE2\x80\xA6", 0) == 0);  // cut on the left
  auto at = caret.find('^');
  REQUIRE(at != std::string::npos);
  // `…` is 3 bytes shown as one column: the caret's column counts it as one.
  CHECK(shown.substr(at + 2, 7) == "id @bad");
}

TEST_CASE("the policy's files are bounded in all, before each is parsed", "[limits][files]") {
  // Nine files of 1,000,000 bytes each (each under policy-file-bytes): past policy-bytes at the
  // ninth. Given as `files` (as the WASM package does): the same limit.
  static_assert(9 * 1000000 > vigie::limits::policy_bytes);
  static_assert(8 * 1000000 + 200 < vigie::limits::policy_bytes);
  std::vector<vigie::SourceFile> files;
  std::string main = "policy \"big\"\n";
  for (int i = 0; i < 9; ++i) {
    std::string name = "p" + std::to_string(i) + ".vigie";
    main += "include \"" + name + "\"\n";
    std::string text = "commands {\n  allow ls\n}\n";
    text += std::string(1000000 - text.size(), '#');
    files.push_back({name, text});
  }
  files.insert(files.begin(), {"main.vigie", main});
  auto r = vigie::compile(files);
  CHECK_FALSE(r.ok());
  INFO(all_messages(r));
  CHECK(all_messages(r).find("p8.vigie` would bring the policy past 8388608 bytes") !=
        std::string::npos);
  files.pop_back();
  files[0].text = main.substr(0, main.find("include \"p8.vigie\""));
  CHECK(vigie::compile(files).ok());
}
