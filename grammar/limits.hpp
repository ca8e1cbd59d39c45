// Every limit of vigie, in ONE table: the shell stage (grammar/shell), the policy stage
// (grammar/policy), the engine, the CLI and the WASM bindings all read their bounds from here.
//
// Each limit is checked BEFORE the work it bounds, and going over it is never a crash, a hang or
// a truncated result that looks complete: a request gets ask (deny when non-interactive) with
// `error` set, a policy gets a diagnostic (exit 1), a trace gets an explicit "truncated" entry.
// docs/limits.md lists the same table (value, why, what the user sees); a test
// (tests/engine/limits_test.cpp) checks that the two agree.
#ifndef VIGIE_GRAMMAR_LIMITS_HPP
#define VIGIE_GRAMMAR_LIMITS_HPP

#include <cstddef>
#include <string_view>

namespace vigie::limits {

// X(constant, "key in docs/limits.md", value, "unit", "why this value", "what the user sees")
#define VIGIE_LIMITS(X)                                                                            \
  X(input_bytes, "input-bytes", 1048576, "bytes",                                                  \
    "the tool input of one request (the command line, the path...): 1 MiB bounds the work of "     \
    "one decision and is far above any real command",                                              \
    "ask (deny when non-interactive), error `the request input is larger than 1048576 bytes`, "    \
    "rule `limits.input-size`")                                                                    \
  X(request_bytes, "request-bytes", 2097152, "bytes",                                              \
    "one request document (a `check --jsonl` or `serve` line, a `--request` file, a hook's "       \
    "stdin): room for an input at its limit plus the envelope, read without buffering more",       \
    "check: ask (deny when non-interactive), error `the request is larger than 2097152 bytes`; "   \
    "hook: the harness's blocking form; serve: a JSON-RPC error -32600 and the next line is read") \
  X(json_depth, "json-depth", 256, "levels",                                                       \
    "arrays and objects nested in one JSON document: real requests nest fewer than 10 levels; "    \
    "serializing JSON recurses, and about 70,000 levels overflow the stack",                       \
    "ask (deny when non-interactive), error `the JSON is nested more than 256 levels deep`, "      \
    "rule `request.invalid` (`limits.json-depth` from `Policy::decide` and serve)")                \
  X(shell_nesting, "shell-nesting", 64, "levels",                                                  \
    "substitutions, subshells, groups and compound commands nested in one command line: the "      \
    "recursive descent stays far inside a small (WASM) stack",                                     \
    "ask (deny when non-interactive), error `nesting deeper than 64 levels`")                      \
  X(script_depth, "script-depth", 8, "levels",                                                     \
    "scripts re-parsed inside scripts (`bash -c`, `eval`, `sh <<<`) and commands run by "          \
    "commands (`xterm -e`, `npx cross-env`): each level is a full parse or a copy of the words "   \
    "it runs; no legitimate line nests 8 deep",                                                    \
    "ask (deny when non-interactive), error `scripts nested more than 8 levels deep are not "      \
    "judged`")                                                                                     \
  X(path_bytes, "path-bytes", 65536, "bytes",                                                      \
    "a path, its cwd and home (and the symlink targets followed) together: PATH_MAX is 4096; "     \
    "64 KiB bounds the resolver's work",                                                           \
    "ask (deny when non-interactive), error `path too long (over 64 KiB)`")                        \
  X(path_steps, "path-steps", 1048576, "steps",                                                    \
    "components the path resolver walks for one request, summed over its paths (each `.`, `..` "   \
    "and folder, those of the symlink targets followed included): a path is bounded by "           \
    "path-bytes, but 4,000 words going up and down links 1,000 folders deep took 12 s; real "      \
    "requests walk fewer than 100",                                                                \
    "ask (deny when non-interactive), error `the request's paths need more than 1048576 steps "    \
    "to resolve`, rule `limits.judged-paths`; the paths left are not resolved")                    \
  X(symlinks, "symlinks", 40, "links",                                                             \
    "symlinks followed while resolving one path, like Linux's MAXSYMLINKS",                        \
    "ask (deny when non-interactive), error `too many levels of symbolic links`")                  \
  X(judged_paths, "judged-paths", 4096, "paths",                                                   \
    "paths one request has judged one by one (operands, option values, redirections, glob "        \
    "expansions): each is resolved through the filesystem; real lines name a few dozen",           \
    "ask (deny when non-interactive), error `the request touches more than 4096 paths`, rule "     \
    "`limits.judged-paths`")                                                                       \
  X(command_options, "command-options", 4096, "options",                                           \
    "options one command's words are parsed into (each letter of a cluster `-xvf` is one): real "  \
    "commands give a few dozen; a megabyte cluster would otherwise build a million of them",       \
    "the command is asked (`commands.escalation`, \"more than 4096 options in one command\"); "    \
    "its options are not parsed past the limit")                                                   \
  X(judged_urls, "judged-urls", 256, "URLs",                                                       \
    "URLs one request's commands fetch that the policy's fetch rules judge one by one (`curl`, "   \
    "`wget`, httpie, `aria2c`, xargs's words): each meets every fetch rule; real lines fetch a "   \
    "few",                                                                                         \
    "ask (deny when non-interactive), error `the request fetches more than 256 URLs`, rule "       \
    "`limits.judged-urls`")                                                                        \
  X(loop_items, "loop-items", 16, "items",                                                         \
    "items of a loop a line opens with (`for f in a b c; do`) that are each put in place of the "  \
    "loop's name, the line judged once per item: real loops list a few files",                     \
    "the loop's name is a word the line does not show: asked where a rule could restrict it "      \
    "(rule `paths.dynamic`, `commands.escalation`)")                                               \
  X(loop_bytes, "loop-bytes", 262144, "bytes",                                                     \
    "the bytes of lines judged again once per loop item, in all for one request (a loop inside "   \
    "a `bash -c` inside a loop…): bounds that work to a quarter of the input limit",               \
    "past it, a loop's name is a word the line does not show: asked where a rule could restrict "  \
    "it")                                                                                          \
  X(glob_meet_cells, "glob-meet-cells", 67108864, "cells",                                         \
    "the comparisons of the line's globs with the policy's path rules (`cat src/*/x*` against "    \
    "each deny and protect glob), in all for one request, counted as the product of the two "      \
    "components' sizes before each is compared: a megabyte of `a*a*…` against 1,000 rules took " \
    "100 s; real lines use a few thousand",                                                        \
    "ask (deny when non-interactive), error `the line's globs need more than 67108864 "            \
    "comparisons with the path rules`, rule `limits.glob-meets`")                                  \
  X(name_bytes, "name-bytes", 1024, "bytes",                                                       \
    "a host, an MCP tool's `server/tool` name or a tool's name matched against the policy's "      \
    "fetch, mcp and tools rules: each rule reads the whole name (a host of a megabyte against "    \
    "1,000 fetch rules took 1.3 s); a host name has at most 253 bytes",                            \
    "ask (deny when non-interactive), error `the name `…` is longer than 1024 bytes`, rule "     \
    "`limits.name-bytes`")                                                                         \
  X(cwd_bytes, "cwd-bytes", 4096, "bytes",                                                         \
    "the working folder a line moves to with `cd`/`pushd` (PATH_MAX): each path judged after it "  \
    "is resolved from there; a chain of `cd a; cd a; …` would otherwise grow it without bound",    \
    "the working folder is unknown from that `cd` on: relative paths after it are asked")          \
  X(brace_word_bytes, "brace-word-bytes", 4096, "bytes",                                           \
    "a word whose brace expansion is judged word by word (`/{etc,tmp}/x`), and at most 64 words "  \
    "from it: a longer word is judged as a path that is not static",                               \
    "ask when a path rule could restrict it (rule `paths.dynamic`)")                               \
  X(glob_listing_levels, "glob-listing-levels", 16, "levels",                                      \
    "components with a glob in one word whose folders the shell lists (`~/.ss*/*`): each is a "    \
    "folder judged; a prefix longer than PATH_MAX lists nothing (the kernel refuses it)",          \
    "the command is asked (`more than 16 levels of globs in one word`)")                           \
  X(shell_commands, "shell-commands", 10000, "commands",                                           \
    "simple commands in one command line, those of its substitutions included: each is "           \
    "normalized and judged (about 2 KB of memory apiece); real lines hold a few dozen",            \
    "ask (deny when non-interactive), error `more than 10000 commands in one line`, rule "         \
    "`commands.unparsable`")                                                                       \
  X(trace_entries, "trace-entries", 1000, "entries",                                               \
    "entries in one decision's trace: a line of 10,000 commands is judged whole, but its "         \
    "trace would be megabytes",                                                                    \
    "the decision is unchanged; the trace ends with an entry `limit` `trace truncated` saying "    \
    "how many parts are not shown")                                                                \
  X(message_bytes, "message-bytes", 8192, "bytes",                                                 \
    "a decision's message and error: they quote the words they judge, and a harness shows them "   \
    "to the agent and the human",                                                                  \
    "the decision is unchanged; the text is cut on a character boundary and ends with `…`")        \
  X(trace_bytes, "trace-bytes", 262144, "bytes",                                                   \
    "texts in one decision's trace, summed: the trace of a line at the input limit stays a "       \
    "readable size",                                                                               \
    "the decision is unchanged; a cut text ends with `…` and the trace ends with the `limit` "   \
    "`trace truncated` entry")                                                                     \
  X(policy_file_bytes, "policy-file-bytes", 1048576, "bytes",                                      \
    "one policy file (the main file, an include, an extends or plugins layer): 10,000 rules "      \
    "take about 400 KB; only regular files are read, checked before reading",                      \
    "error V301 `… is larger than 1048576 bytes (the limit for a policy file)`, or `… is a "   \
    "directory, not a policy file`, exit 1; a hook answers ask (deny when non-interactive)")       \
  X(policy_block_depth, "policy-block-depth", 8, "levels",                                         \
    "blocks nested in a policy file (`commands` in `agent`...): the language nests 2 deep",        \
    "error V121 `blocks nest at most 8 levels`, exit 1")                                           \
  X(include_depth, "include-depth", 16, "files",                                                   \
    "a chain of includes, extends and plugins (a file that includes a file that...): bounds the "  \
    "compiler's recursion, whatever the spelling of a cycle",                                      \
    "error V303 `…: includes, extends and plugins nested more than 16 deep`, exit 1")              \
  X(include_count, "include-count", 256, "files",                                                  \
    "include, extends and plugins statements followed while compiling one policy, in all: "        \
    "bounds the work of a policy that names the same layers over and over",                        \
    "error V303 `…: more than 256 files included`, exit 1")                                        \
  X(policy_bytes, "policy-bytes", 8388608, "bytes",                                                \
    "the policy files of one policy, in all (the main file, its includes, extends and plugins "    \
    "layers, each counted once): 256 files of a megabyte would take minutes to compile, past "     \
    "a hook's timeout",                                                                            \
    "error V301 `… would bring the policy past 8388608 bytes of files (the limit for a "         \
    "policy)`, exit 1; a hook answers the harness's blocking form")                                \
  X(serve_sessions, "serve-sessions", 1024, "agents",                                              \
    "agents with a session in one `vigie serve --sessions` process: each session holds the "       \
    "previous call (up to a request's size) for loop detection; a harness runs a few agents",      \
    "a request of a new agent past it: ask (deny when non-interactive), rule "                     \
    "`limits.serve-sessions`, error `more than 1024 agents in one `vigie serve --sessions``")      \
  X(regex_memory_bytes, "regex-memory-bytes", 1048576, "bytes",                                    \
    "the memory of one compiled regex (RE2's max_mem: its program and its DFA cache): a rule's "   \
    "regex matches one word; RE2 never backtracks",                                                \
    "error V206 `invalid regex … pattern too large - compile failed`, exit 1")                     \
  X(regex_instructions, "regex-instructions", 262144, "instructions",                              \
    "the compiled regexes of one policy, summed (RE2's program sizes, counted as each regex of "   \
    "a command pattern is compiled; a mode's own blocks count too): each regex is bounded by "     \
    "regex-memory-bytes, but 2,700 regexes `[a-z]{1,900}` took 20 s and 285 MB; the regexes of "   \
    "rules/ take about 4,000",                                                                     \
    "error V311 `the policy's regexes need more than 262144 instructions`, exit 1; the regexes "   \
    "after it are not compiled")                                                                   \
  X(overlap_checks, "overlap-checks", 1000000, "comparisons",                                      \
    "pairs of command patterns compared for the overlap warnings (V340, V341) while compiling "    \
    "one policy: each pattern meets those of the same command and those that start with `*` or "   \
    "a regex, so 25,000 `allow git subN x` took 68 s; 1,000 rules of one command need 1 million",  \
    "the policy compiles; one note V341 `overlap analysis stopped after 1000000 comparisons`, "    \
    "the rules left are not compared")                                                             \
  X(policy_diagnostics, "policy-diagnostics", 100, "diagnostics",                                  \
    "diagnostics kept for one compiled policy (errors first, then warnings and notes, in the "     \
    "order of the files): a `}` on each line of a megabyte gave 500,000 errors and 25 MB of "      \
    "output",                                                                                      \
    "the first 100 are shown, then one note `N more diagnostics not shown from here on (E "        \
    "errors, W warnings, N notes)`; the exit status is unchanged")                                 \
  X(glob_set_memory_bytes, "glob-set-memory-bytes", 67108864, "bytes",                             \
    "the memory of the compiled set of a policy's path globs (one RE2 set): thousands of globs "   \
    "fit; RE2's default (8 MiB) is too small for them",                                            \
    "error V310 `protected globs do not compile: …`, exit 1")                                      \
  X(config_members, "config-members", 10000, "keys",                                               \
    "keys in a harness configuration file `vigie install` merges into (settings.json, "            \
    "hooks.json): kept in the file's order, each found by a linear scan; real files hold a few "   \
    "hundred",                                                                                     \
    "error `… more than 10000 keys`, exit 1, the file is not written")

// The constants: `vigie::limits::input_bytes`...
#define VIGIE_X(name, key, value, unit, why, sees) \
  inline constexpr std::size_t name = static_cast<std::size_t>(value);
VIGIE_LIMITS(VIGIE_X)
#undef VIGIE_X

struct LimitInfo {
  std::string_view key;   // "input-bytes", as docs/limits.md names it
  std::size_t value;      // 1048576
  std::string_view unit;  // "bytes"
  std::string_view why;
  std::string_view sees;  // what the user sees when the limit is reached
};

inline constexpr LimitInfo kLimits[] = {
#define VIGIE_X(name, key, value, unit, why, sees) \
  {key, static_cast<std::size_t>(value), unit, why, sees},
    VIGIE_LIMITS(VIGIE_X)
#undef VIGIE_X
};

}  // namespace vigie::limits

#endif  // VIGIE_GRAMMAR_LIMITS_HPP
