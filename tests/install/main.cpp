// Compiles a policy and decides one request through the installed public header only.
#include <iostream>

#include <vigie/vigie.hpp>

int main() {
  vigie::CompileResult r = vigie::compile({{"team.vigie", R"(policy "team"
mode ask
commands {
  deny git push (--force | -f)  "No force push: push a new commit instead."
  allow git status | git diff
}
)"}});
  if (!r.ok()) {
    for (const auto& d : r.diagnostics) std::cerr << vigie::render(d, r.sources);
    return 1;
  }
  vigie::Request req;
  req.tool = "Bash";
  req.input_json = R"({"command": "git status && git push -f origin main"})";
  req.cwd = req.project_root = "/srv/app";
  req.home = "/home/u";
  vigie::DecideOptions opt;
  opt.fs = vigie::virtual_file_system({});
  vigie::Decision d = r.policy->decide(req, opt);
  std::cout << vigie::to_string(d.decision) << " " << d.rule.id << "\n";
  return d.decision == vigie::Effect::deny ? 0 : 1;
}
