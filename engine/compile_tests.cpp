// The compile stage's `test` blocks: each test case as a Request with its context (cwd, project,
// home, mode, agent, symlinks), run later by `vigie test` (engine/testing.cpp).
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "engine/compile_builder.hpp"
#include "engine/request.hpp"

namespace vigie::engine::compiler {

void Builder::apply(TestContext& c, const Setting& s) {
  std::string a0 = s.args.empty() ? "" : s.args[0].text;
  switch (s.id) {
    case Key::cwd:
      c.cwd = a0;
      c.cwd_set = true;
      break;
    case Key::project:
      c.project = a0;
      break;
    case Key::home:
      c.home = a0;
      break;
    case Key::mode:
      c.mode = mode_from_string(a0);
      break;
    case Key::agent:
      c.agent = a0;
      break;
    case Key::non_interactive:
      c.interactive = false;
      break;
    case Key::interactive:
      c.interactive = true;
      break;
    case Key::symlink:
      if (s.args.size() >= 2) c.symlinks[s.args[0].text] = s.args[1].text;
      break;
    default:
      break;
  }
}

void Builder::test_block(const File& f, const Block& b) {
  TestContext ctx;
  std::string name = b.label ? b.label->text : "";
  for (const auto& it : b.items) {
    if (auto* s = std::get_if<Setting>(&it)) {
      apply(ctx, *s);
      continue;
    }
    auto* tc = std::get_if<TestCase>(&it);
    if (!tc) continue;
    TestContext c = ctx;
    for (const auto& w : tc->with) apply(c, w);
    TestSpec t;
    t.block = name;
    t.kind = tc->kind.text;
    t.subject = tc->subject.text;
    t.expect = tc->expect;
    t.expect_rule = tc->rule ? tc->rule->text : "";
    t.expect_message = tc->message ? tc->message->text : "";
    t.file = f.name;
    t.line = lines(f).at(tc->span.begin).line;
    t.symlinks = c.symlinks;
    Request& rq = t.request;
    nlohmann::json input = nlohmann::json::object();
    const std::string& k = t.kind;
    if (k == "request") {
      std::string err;
      auto parsed = parse_request(t.subject, &err);
      if (!parsed) {
        error(f, tc->subject.span, Code::invalid_test_request,
              fmt::format("invalid request: {}", err),
              "write the request as JSON in single quotes");
        continue;
      }
      rq = *parsed;
    } else {
      if (k == "command") {
        rq.tool = "Bash";
        input["command"] = t.subject;
      } else if (k == "edit" || k == "write") {
        rq.tool = k == "edit" ? "Edit" : "Write";
        input["file_path"] = t.subject;
      } else if (k == "read") {
        rq.tool = "Read";
        input["file_path"] = t.subject;
      } else if (k == "fetch") {
        rq.tool = "WebFetch";
        input["url"] = t.subject;
      } else if (k == "mcp") {
        std::string s = t.subject;
        auto slash = s.find('/');
        rq.tool = slash == std::string::npos
                      ? "mcp__" + s
                      : "mcp__" + s.substr(0, slash) + "__" + s.substr(slash + 1);
      } else {
        rq.tool = t.subject;
      }
      rq.kind = kind_of_tool(rq.tool);
      rq.input_json = input.dump();
    }
    if (rq.project_root.empty()) rq.project_root = c.project;
    if (rq.cwd.empty()) rq.cwd = c.cwd_set ? c.cwd : rq.project_root;
    if (rq.home.empty()) rq.home = c.home;
    if (c.mode) rq.mode = c.mode;
    if (!c.interactive) rq.interactive = false;
    if (!c.agent.empty()) rq.agent = c.agent;
    impl_.tests.push_back(std::move(t));
  }
}

}  // namespace vigie::engine::compiler
