// `vigie lint FILE…`: every diagnostic of every stage (parse, check, compile with its examples)
// for each policy file, as a compiler prints them, as JSON, or as SARIF 2.1.0 for code scanning.
//
// Exit: 0 clean (warnings and notes allowed), 1 errors (or warnings with --Werror), 2 usage.
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/io.hpp"
#include "grammar/policy/codes.hpp"
#include "vigie/vigie.hpp"

namespace {

const char* kUsage =
    "usage: vigie lint [--format human|json|sarif] [--Werror] FILE…\n"
    "\n"
    "Reports every problem of each policy file: syntax errors, unknown keys and values (with\n"
    "\"did you mean\"), invalid regexes, risky rules (an allow on an interpreter or a wrapper),\n"
    "shadowed or unreachable rules, failing examples. `-` reads a policy from stdin.\n"
    "\n"
    "  --format human   file:line:col, the source line and a caret (the default)\n"
    "  --format json    an array of {code, severity, file, line, column, end_line,\n"
    "                   end_column, message, help, incomplete}\n"
    "  --format sarif   SARIF 2.1.0, for code scanning (e.g. GitHub's upload-sarif)\n"
    "  --Werror         warnings fail the run too (notes never do)\n"
    "\n"
    "Exit status: 0 clean (warnings allowed), 1 errors, 2 bad usage.\n";

enum class Format { human, json, sarif };

// SARIF 2.1.0: one run, the rules of the codes seen (described from the front end's code
// table; the engine's V3xx codes are named by their id), one result per diagnostic.
std::string to_sarif(const std::vector<vigie::Diagnostic>& ds) {
  using nlohmann::json;
  std::map<std::string, std::string> summaries;
  for (const auto& c : vigie::policy::kCodes) summaries[std::string(c.id)] = c.summary;
  std::map<std::string, std::size_t> rule_index;
  json rules = json::array();
  json results = json::array();
  for (const auto& d : ds) {
    std::string code = d.code.empty() ? "V000" : d.code;
    if (rule_index.count(code) == 0) {
      rule_index[code] = rules.size();
      auto s = summaries.find(code);
      rules.push_back({{"id", code},
                       {"shortDescription", {{"text", s != summaries.end() ? s->second : code}}}});
    }
    std::string text = d.message;
    if (!d.help.empty()) text += "\nhelp: " + d.help;
    json region = json::object();
    if (d.line > 0) {
      region = {{"startLine", d.line}, {"startColumn", d.column}};
      if (d.end_line > 0) {
        region["endLine"] = d.end_line;
        region["endColumn"] = d.end_column;
      }
    }
    json loc = {{"physicalLocation", {{"artifactLocation", {{"uri", d.file}}}}}};
    if (!region.empty()) loc["physicalLocation"]["region"] = region;
    results.push_back({{"ruleId", code},
                       {"ruleIndex", rule_index[code]},
                       {"level", vigie::to_string(d.severity)},
                       {"message", {{"text", text}}},
                       {"locations", json::array({loc})}});
  }
  json sarif = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", json::array({{{"tool",
                                        {{"driver",
                                          {{"name", "vigie"},
                                           {"version", VIGIE_VERSION},
                                           {"informationUri", "https://github.com/vigie/vigie"},
                                           {"rules", rules}}}}},
                                       {"results", results}}})}};
  return sarif.dump(2, ' ', false, json::error_handler_t::replace);
}

int run(const std::vector<std::string>& args) {
  using namespace vigie;
  Format format = Format::human;
  bool werror = false;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--format" || a.rfind("--format=", 0) == 0) {
      std::string v;
      if (a == "--format") {
        if (i + 1 >= args.size()) {
          std::cerr << "vigie lint: `--format` needs a value: human, json or sarif\n";
          return cli::kExitUsage;
        }
        v = args[++i];
      } else {
        v = a.substr(9);
      }
      if (v == "human") {
        format = Format::human;
      } else if (v == "json") {
        format = Format::json;
      } else if (v == "sarif") {
        format = Format::sarif;
      } else {
        std::cerr << "vigie lint: unknown format `" << v << "`: expected human, json or sarif\n";
        return cli::kExitUsage;
      }
    } else if (a == "--Werror" || a == "--werror") {
      werror = true;
    } else if (a.size() > 1 && a[0] == '-') {
      std::cerr << "vigie lint: unknown option `" << a << "`\n" << kUsage;
      return cli::kExitUsage;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) {
    std::cerr << kUsage;
    return cli::kExitUsage;
  }

  std::vector<Diagnostic> all;
  std::vector<SourceFile> sources;
  for (const auto& f : files) {
    CompileResult r;
    if (f == "-") {
      std::string text, err;
      if (!cli::read_bounded(f, text, err, limits::policy_file_bytes)) {
        std::cerr << "vigie lint: " << err << "\n";
        return cli::kExitError;
      }
      CompileOptions o;
      o.read_files = true;
      r = compile({{"<stdin>", text}}, o);
    } else {
      r = compile_file(f);
    }
    all.insert(all.end(), r.diagnostics.begin(), r.diagnostics.end());
    sources.insert(sources.end(), r.sources.begin(), r.sources.end());
  }

  std::size_t errors = 0, warnings = 0;
  for (const auto& d : all) {
    if (d.severity == Severity::error) ++errors;
    if (d.severity == Severity::warning) ++warnings;
  }
  switch (format) {
    case Format::human:
      for (const auto& d : all) std::cout << render(d, sources);
      if (errors + warnings > 0) {
        std::cerr << errors << (errors == 1 ? " error, " : " errors, ") << warnings
                  << (warnings == 1 ? " warning\n" : " warnings\n");
      }
      break;
    case Format::json:
      std::cout << diagnostics_to_json(all) << "\n";
      break;
    case Format::sarif:
      std::cout << to_sarif(all) << "\n";
      break;
  }
  return errors > 0 || (werror && warnings > 0) ? cli::kExitError : cli::kExitOk;
}

const vigie::cli::Registrar reg{"lint", {"report every problem of policy files", kUsage, run}};

}  // namespace
