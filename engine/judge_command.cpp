// Judging a command line: each simple command (normalized by engine/normalize.cpp, matched by
// engine/match.cpp, checked by engine/safety.cpp), nested scripts, and the line state (`cd`,
// variables, git configuration) that later commands of the line depend on.
#include "engine/judge.hpp"
#include "engine/normalize_internal.hpp"

#include <algorithm>

#include "engine/builtin_code.hpp"
#include "engine/line_pipelines.hpp"
#include "engine/line_variables.hpp"
#include "engine/pipe_input.hpp"
#include "engine/program_runners.hpp"
#include "engine/prompt_line.hpp"
#include "engine/variable_paths.hpp"
#include "engine/xargs_input.hpp"

namespace vigie::engine {

Part Judge::builtin_part(BuiltinMessage m, Effect e) {
  Part part;
  part.effect = e;
  part.rule = builtin(builtin_message(m).rule, e);
  part.message = builtin_text(m);
  return part;
}

Part Judge::builtin_ask(Builtin b, std::string message) {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(b, Effect::ask);
  part.message = std::move(message);
  return part;
}

// A built-in safety check's hit (engine/safety.cpp) as a judged part: never remembered.
Part Judge::safety_part(const SafetyHit& hit) {
  Part part;
  part.effect = hit.effect;
  part.rule = builtin(hit.id, hit.effect);
  part.message = hit.message;
  part.never_remember = true;
  return part;
}

const SafetyContext& Judge::safety_context(const std::string& cwd) {
  if (!safety_) {
    SafetyContext& c = safety_.emplace();
    c.home = home;
    c.project_root = project_lexical;
    c.root_context = p.root_context;
    c.disabled = p.safety_disabled;
    c.fs = fs;
    c.steps = &path_steps_;  // spent: conclude() asks the request
  }
  safety_->cwd = cwd;  // a view: `cwd` outlives the checks it is passed to
  return *safety_;
}

Effect Judge::command_default() const {
  if (mode == Mode::readonly) return Effect::deny;
  if (p.commands.default_effect) return *p.commands.default_effect;
  if (p.default_effect) return *p.default_effect;
  return mode == Mode::auto_ ? Effect::deny : Effect::ask;
}

ConditionContext Judge::condition_context(const std::string& cwd) {
  ConditionContext c;
  c.cwd = cwd;
  c.home = home;
  c.project = project();
  c.fs = fs;
  c.steps = &path_steps_;  // spent: conclude() asks the request
  return c;
}

void Judge::fold(Part& acc, const Part& p2) {
  if (p2.effect > acc.effect || (p2.effect == acc.effect && !acc.rule && p2.rule)) {
    bool nr = acc.never_remember || p2.never_remember;
    acc = p2;
    acc.never_remember = nr;
  } else {
    acc.never_remember = acc.never_remember || p2.never_remember;
  }
}

void Judge::fold(Part& acc, Part&& p2) {
  if (p2.effect > acc.effect || (p2.effect == acc.effect && !acc.rule && p2.rule)) {
    bool nr = acc.never_remember || p2.never_remember;
    acc = std::move(p2);
    acc.never_remember = nr;
  } else {
    acc.never_remember = acc.never_remember || p2.never_remember;
  }
}

// An allow of an interpreter never extends to code it cannot see (docs/engine.md): a rule that
// names nothing after the program but options and wildcards (`allow python3`, `allow node *`,
// `allow python3 -c`) covers a script file (`python3 tool.py`: the file is judged as a path
// the program reads) and what runs nothing (`python3 --version`), not inline code (`-c CODE`,
// `-e`, `--eval`, `-p`, `-m MODULE`: the options the programs table gives the role `p`), not
// code read from the standard input (no script operand: `python3`, `python3 <<EOF`), and not
// an option the table does not know (it may be inline code in another spelling). A rule that
// names a script, a module or a subcommand (a word that is not an option, or a regex) decides
// as written. Seen through instead: wrappers (the command they run is judged), shells whose
// code is a nested script judged on its own (`bash -c 'ls'`), and programs whose handler reads
// their code (awk).
bool Judge::allow_names_what_runs(const CommandPattern& cp, const NormalizedCommand& n) const {
  const NormalizeOptions& o = p.commands.normalize;
  // A package runner (`npx cowsay`, `npm exec cowsay`): the rule must name the package
  // (in the allow view, after the wrappers it keeps: `allow sudo npx` names no package).
  if (std::size_t at = named_code_word(n.name, n.words); at != kNoCode) {
    for (std::size_t i = at + n.allow_wrapper_words; i < cp.items.size(); ++i)
      if (cp.items[i].kind == Tok::Kind::regex || cp.items[i].kind == Tok::Kind::alt ||
          (cp.items[i].kind == Tok::Kind::word && !cp.items[i].text.empty() &&
           cp.items[i].text[0] != '-'))
        return true;
    return false;
  }
  // A rule naming a word after the program (`allow git status`) decides as written: read before
  // the program's look-ups (each of these tests returns true alone: their order is free).
  for (std::size_t i = 1; i < cp.items.size(); ++i) {
    const Tok& t = cp.items[i];
    if (t.kind == Tok::Kind::regex || t.kind == Tok::Kind::alt) return true;
    if (t.kind == Tok::Kind::word && (t.text.empty() || t.text[0] != '-')) return true;
  }
  if (!is_interpreter(n.program, n.name, o) || is_wrapper(n.program, n.name, o)) return true;
  if (n.program.shell && !n.nested_scripts.empty()) return true;
  const ProgramDecl* d = n.program.decl;
  if (!d) {  // not in the table: a script operand, no option (`-x`, vim's `+CMD`, `@FILE`)
    if (n.words.size() < 2) return false;
    for (std::size_t i = 1; i < n.words.size(); ++i) {
      const auto& w = n.words[i].literal;
      // `java @opts`: options read from a file (`-javaagent:` among them), not a class to run.
      if (!w || w->empty() || (*w)[0] == '-' || (*w)[0] == '+' || (*w)[0] == '@' ||
          normalize_detail::names_descriptor(*w))
        return false;
    }
    return true;
  }
  if (!d->handler.empty()) return true;
  ParsedArgs a = parse_args(*d, n.words, 1);
  if (a.dynamic_option || !a.unknown.empty()) return false;
  bool runs_nothing = false;
  for (const auto& opt : a.options) {
    if (!opt.decl) return false;
    if (opt.decl->role == 'p' || option_value_is_code(*opt.decl, opt.value)) return false;
    // A shell's `-s` (or `-c` with a script it could not read): the operands are not the code.
    if (opt.decl->flag == 'C') return false;
    if (opt.decl->flag == 'N') runs_nothing = true;
  }
  if (runs_nothing) return true;
  return !a.operands.empty() && n.words[a.operands.front()].literal &&
         *n.words[a.operands.front()].literal != "-" &&
         !normalize_detail::names_descriptor(*n.words[a.operands.front()].literal);
}

std::optional<Part> Judge::rules_part(const NormalizedCommand& n, const std::string& cwd,
                                      TraceEntry& t) {
  PatternMatches ms;
  match_command(p.commands, n, ms);
  std::optional<Part> rule_part;
  const RuleRef* bare_allow = nullptr;  // an allow of an interpreter that does not name what runs
  for (const auto& m : ms) {
    const CommandPattern& cp = p.commands.patterns[m.pattern];
    ConditionResult cr = cp.conditions.empty() ? ConditionResult::holds
                                               : check_conditions(cp, n, condition_context(cwd));
    if (cr == ConditionResult::fails ||
        (cr == ConditionResult::unknown && cp.effect == Effect::allow))
      continue;
    bool certain = m.certain && cr == ConditionResult::holds;
    const RuleRef& r = p.rules[cp.rule].ref;
    note_match(r, &t);
    if (cp.effect == Effect::allow && !allow_names_what_runs(cp, n)) {
      if (!bare_allow) bare_allow = &r;
      continue;
    }
    // The first part is built where it is returned (most commands match one rule); a later one
    // beside it, then folded in.
    std::optional<Part> later;
    Part& part = rule_part ? later.emplace() : rule_part.emplace();
    part.effect = certain ? cp.effect : std::min(cp.effect, Effect::ask);
    part.rule = r;
    if (const std::string& m = p.rules[cp.rule].message; !m.empty()) part.message = m;
    if (part.message.empty() && part.effect == Effect::ask)
      part.message = fmt::format("`{}` needs a human's approval (rule `{}`)", shown(n, t), r.id);
    if (!certain)
      part.message =
          fmt::format("`{}` may match the rule `{}` (a word is not static): a human must check it",
                      shown(n, t), r.id);
    if (later) fold(*rule_part, std::move(*later));
  }
  if (rule_part && rule_part->effect == Effect::allow && !n.assigns_harmless) {
    rule_part->effect = Effect::ask;
    rule_part->rule = builtin(Builtin::commands_assignment, Effect::ask);
    rule_part->message =
        "the command sets an environment variable that changes what runs "
        "(PATH, LD_*, GIT_*, or a substitution): a human must check it";
  }
  if (!rule_part && bare_allow) {
    rule_part = Part{};
    rule_part->effect = Effect::ask;
    rule_part->rule = builtin(Builtin::commands_interpreter, Effect::ask);
    rule_part->message = fmt::format(
        "`{}` runs code the rule `{}` does not show (inline, a module or its input): a human "
        "must check it, or the rule must name what runs (`allow python3 -m pytest`)",
        shown(n, t), bare_allow->id);
  }
  if (!rule_part && std::string_view(n.name) == "cd" && n.name_static && mode != Mode::readonly) {
    // `cd` runs nothing: it is judged by the path it enters (below) and by what follows.
    rule_part = Part{};
  }
  return rule_part;
}

void Judge::escalation_parts(const NormalizedCommand& n, const std::vector<std::string>& more,
                             const std::string& cwd, TraceEntry& t, Part& acc) {
  // The command as its messages show it, joined once for all its escalations (16,000
  // `export https_proxy=…` words each joined the whole line again: 2 s).
  std::optional<std::string> line;
  auto escalate = [&](const std::string& why) {
    if (!line) line = shown(n, t);
    Part esc;
    esc.effect = Effect::ask;
    esc.rule = builtin(Builtin::commands_escalation, Effect::ask);
    esc.message = fmt::format("`{}`: {} can run other programs; a human must check it", *line, why);
    fold(acc, esc);
  };
  for (const auto& why : n.escalations) escalate(why);
  for (const auto& why : more) escalate(why);
  if (!n.fetches.empty()) command_fetch_parts(n, t, acc);
  for (const auto& hit : check_command(n, safety_context(cwd))) {
    Part s = safety_part(hit);
    note_match(*s.rule, &t);
    fold(acc, s);
  }
  // `echo / | xargs rm -rf`: the argvs xargs runs with its input's words.
  if (!n.xargs_argvs.empty()) xargs_safety_parts(n, cwd, t, acc);
}

// Judges one simple command (already normalized); appends nested scripts to judge.
void Judge::judge_command(const shell::CommandView& cmd, const NormalizedCommand& n,
                          std::string_view line, const std::string& cwd, unsigned depth) {
  TraceEntry t;
  if (tracing) trace_command(cmd, n, line, t);
  cur_ctx_ = &cmd.context;
  // Builtins that carry code or change what later commands run (engine/builtin_code.hpp).
  BuiltinCode code = builtin_code(n);
  Part acc;
  acc.effect = Effect::allow;
  bool explicit_allow = false;  // the policy allows the command (a rule or an allow default)

  if (!n.words.empty()) {
    std::optional<Part> rule_part = rules_part(n, cwd, t);
    if (!rule_part) rule_part = default_part();
    explicit_allow = rule_part->effect == Effect::allow;
    fold(acc, std::move(*rule_part));
    if (mode == Mode::readonly && acc.effect != Effect::deny) {
      fold(acc, builtin_part(BuiltinMessage::readonly_commands, Effect::deny));
    }
    if (!n.name_static) {
      Part dyn;
      dyn.effect = Effect::ask;
      dyn.rule = builtin(Builtin::commands_dynamic_name, Effect::ask);
      dyn.message = "the command name is not static: a human must check what runs";
      fold(acc, dyn);
    }
    escalation_parts(n, code.escalations, cwd, t, acc);
    if (!n.deny_argvs.empty()) deny_argvs_part(n, cwd, t, acc);
  }
  std::optional<std::string> shown_line;  // joined once for all the changes
  for (const auto& why : code.run_changes) {
    Part change;
    change.effect = Effect::ask;
    change.rule = builtin(Builtin::commands_assignment, Effect::ask);
    if (!n.words.empty() && !shown_line) shown_line = shown(n, t);
    change.message = n.words.empty()
                         ? fmt::format("{}; a human must check it", why)
                         : fmt::format("`{}`: {}; a human must check it", *shown_line, why);
    fold(acc, change);
  }
  if (!n.connections.empty()) {
    for (const auto& what : n.connections)
      fold(acc, builtin_ask(Builtin::commands_escalation,
                            fmt::format("{}: a human must check it", what)));
  }
  // A command of assignments alone: its fetches (a redirection's connection, the proxy of
  // `https_proxy=HOST:PORT`) are judged here (else in escalation_parts).
  if (n.words.empty() && !n.fetches.empty()) command_fetch_parts(n, t, acc);
  judge_files(n, explicit_allow, cwd, t, acc);
  // The default's message, when the default is still the command's part: written only if it
  // is read (the trace, or the part that wins so far; add() keeps an earlier part of the same
  // effect, and auto-approve clears it).
  if (acc.message_pending) {
    acc.message_pending = false;
    const bool approved = auto_approve_ && acc.effect == Effect::ask;
    const bool wins = !any_part_ || acc.effect > win_.effect ||
                      (acc.effect == win_.effect && !win_.rule && acc.rule);
    if (tracing || (!approved && wins)) acc.message = default_message(n, t);
  }
  if (tracing) {  // the part's message is copied into the trace only when it is asked for
    t.effect = acc.effect;
    t.reason = acc.message;
    keep(std::move(t));
  }
  add(std::move(acc));

  const std::size_t cds = cds_tracked_;
  for (const auto& script : n.nested_scripts) judge_line(script, cwd, depth + 1);
  for (const auto& script : code.scripts) judge_line(script, cwd, depth + 1);
  scripts_moved(cmd, n, cds);
  if (code.evaluates_again) attributes_evaluate_ = true;
  if (!n.nested_argvs.empty()) judge_argvs(cmd, n, line, cwd, depth);
}

void Judge::trace_command(const shell::CommandView& cmd, const NormalizedCommand& n,
                          std::string_view line, TraceEntry& t) {
  t.subject = "command";
  if (cmd.span.end <= line.size() && cmd.span.begin < cmd.span.end) {
    t.text = line.substr(cmd.span.begin, cmd.span.end - cmd.span.begin);
    // A command's span may end after the blanks that follow it.
    while (!t.text.empty() && (t.text.back() == ' ' || t.text.back() == '\t')) t.text.pop_back();
  }
  t.argv = argv_of(n.words);
  t.context = cmd.context;
  t.effects = effects_of(n);
  if (t.effects.size() > kTraceEffects) {
    // Bounded like the rest of the trace, and never cut silently.
    std::size_t more = t.effects.size() - kTraceEffects;
    t.effects.resize(kTraceEffects);
    t.effects.push_back({"more", fmt::format("{} more not shown", more), "", "trace limit"});
  }
}

bool Judge::has_metachar(std::string_view line) {
  return line.find_first_of(";&|<>$`\\\n(){}") != std::string_view::npos;
}

void Judge::imply_option(NormalizedCommand& n, const std::string& opt) {
  shell::WordView iw;
  iw.text = opt;
  iw.literal = opt;
  iw.pattern = opt;
  std::size_t at = std::min<std::size_t>(2, n.words.size());
  n.detach_allow_words();
  n.words.insert(n.words.begin() + static_cast<std::ptrdiff_t>(at), iw);
  n.implied.push_back(opt);
}

// `cd`, `pushd`, `popd` in every form: `cd` alone (home), `cd --`, `cd -P`, `cd -L`, in any
// context. At the top level the line moves; elsewhere the folder is one more candidate.
// The parts of a line that a plain line of one command does not meet, out of line (and cold)
// so that judge_line stays small: the wasm module's engine compiles a function when it first
// runs (docs/wasm.md, "Cold start").
void Judge::depth_part() {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(Builtin::limits_script_depth, Effect::ask);
  part.message =
      fmt::format("scripts nested more than {} levels deep are not judged", kMaxScriptDepth);
  d.error = part.message;
  add(std::move(part));
}

void Judge::metachar_part() {
  Part part;
  part.effect = *p.commands.metachars;
  part.rule = builtin(Builtin::commands_metachars, part.effect);
  part.message =
      "shell metacharacters are refused: run one command, without redirection or chaining";
  note_match(*part.rule, nullptr);
  add(std::move(part));
}

void Judge::line_hit_part(std::string_view line, const SafetyHit& hit) {
  Part part = safety_part(hit);
  note_match(*part.rule, nullptr);
  if (tracing) {
    TraceEntry t;
    t.subject = "line";
    t.text = line;
    t.effect = hit.effect;
    t.reason = hit.message;
    t.matched.push_back(*part.rule);
    keep(std::move(t));
  }
  add(std::move(part));
}

void Judge::unparsable_part(const shell::CommandsResult& pr) {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(Builtin::commands_unparsable, Effect::ask);
  const auto& e = pr.errors.empty() ? shell::ParseError{} : pr.errors.front();
  part.message = fmt::format("the command line cannot be parsed ({}:{}: {}): a human must check it",
                             e.line, e.column, e.message);
  d.error = part.message;
  add(std::move(part));
}

// bash reads a script line by line and runs each complete command before it reads the next:
// `cat .env⏎fi` reads .env, then stops at `fi`. The lines before the one that does not parse
// (or, past the size limit, those within it) are judged: a deny there stays a deny, where the
// whole line's ask would let a harness that runs what is asked (Codex, Cline) run them. Once per
// line (the prefix is not cut again when it fails too): two more parses of it at most.
void Judge::judge_lines_before_error(std::string_view line, const shell::CommandsResult& pr,
                                     const std::string& cwd, unsigned depth) {
  if (judging_prefix_ || pr.errors.empty()) return;
  std::size_t end = 0;
  if (line.size() > shell::Limits{}.max_bytes) {
    end = line.rfind('\n', shell::Limits{}.max_bytes);  // the complete lines within the limit
  } else if (pr.errors.front().line > 1 && pr.errors.front().offset <= line.size()) {
    end = line.rfind('\n', pr.errors.front().offset);  // the error's own line is not run
  } else {
    return;
  }
  if (end == std::string_view::npos || end == 0) return;
  // Only a prefix that parses is judged: one that stops inside a compound command or a
  // here-document is not what bash runs first, and its own error says nothing of the line's.
  const std::string_view prefix = line.substr(0, end);
  if (!shell::parse_commands(prefix).ok) return;
  judging_prefix_ = true;
  judge_line(prefix, cwd, depth);
  judging_prefix_ = false;
}

void Judge::held_code_parts(const std::vector<std::string>& held_code, const std::string& cwd,
                            unsigned depth) {
  Part part;
  part.effect = Effect::ask;
  part.rule = builtin(Builtin::commands_escalation, Effect::ask);
  part.message =
      "a variable holding a command substitution is evaluated again (arithmetic, `[[ ]]`, "
      "`${!x}`, `${x@P}`): a human must check it";
  add(std::move(part));
  // As a double-quoted assignment's value (`_="a[$(id)]"`): the substitutions in it are judged
  // where the value alone (`a[$(id)]`) may not parse as a line, and its blanks and quotes do not
  // split it into commands (`PS4='+ ${FUNCNAME[0]:+${FUNCNAME[0]}(): }'`).
  for (const auto& code : held_code) judge_line(double_quoted_line(code), cwd, depth + 1);
}

void Judge::judge_at(const shell::CommandView& cmd, NormalizedCommand& n, std::string_view line,
                     std::string& cwd, unsigned depth, std::vector<std::string>& held_code) {
  if (git_force_configured_ && std::string_view(n.name) == "git" && n.words.size() > 1 &&
      n.words[1].literal && *n.words[1].literal == "push")
    imply_option(n, "--force");
  before_command(n, line);
  judge_command(cmd, n, line, cwd, depth);
  track_cd(cmd, n, cwd);
  // A value with a subscript (`f 'a[$(cmd)]'`) needs a `[` in the line, or an escape
  // (`$'a\x5b\x24(cmd)]'`, `printf 'a\133\044(cmd)]'`). Read before note_line_state forgets
  // the value `${x/PAT/REP}` replaces in.
  const bool subscripted = (line_seen_ & (kSeenBracket | kSeenBackslash)) != 0;
  if (subscripted) held_spellings(cmd, n, held_code);
  // `x='\044(cmd)'; echo ${x@P}`: a prompt's escapes need a `\` in the line.
  if ((line_seen_ & kSeenBackslash) && (line_seen_ & kSeenAt) && line.find("@P}") != line.npos)
    held_prompts(cmd, n, held_code);
  note_line_state(cmd, n, held_code);
  if (subscripted) held_arguments(n, held_code);
}

void Judge::judge_commands(shell::CommandsResult& pr, std::string_view line, std::string& cwd,
                           unsigned depth, std::vector<std::string>& held_code,
                           std::size_t loop_item) {
  // The words move into the normalized commands: only their span and context are read after.
  // What a shell reads from the stage before it (`echo 'rm -rf ~' | bash`), as a here-string.
  // `f=.env; cat "$f"`: the values the line gives its variables (engine/line_variables.hpp).
  substitute_line_variables(pr.commands, line, loop_item);
  pipe_input(pr.commands, p.commands.normalize);
  std::vector<NormalizedCommand> normalized = spare_normalized();
  normalized.reserve(pr.commands.size());
  // Built in place: the conversion's result initializes the vector's element (no move).
  struct Normalized {
    shell::CommandView& cmd;
    const NormalizeOptions& opts;
    operator NormalizedCommand() const { return normalize_owned(cmd, opts); }
  };
  for (auto& cmd : pr.commands) normalized.emplace_back(Normalized{cmd, p.commands.normalize});
  struct GiveBack {  // the buffers, for the next line of this thread (on every return)
    shell::CommandsResult& pr;
    std::vector<NormalizedCommand>& n;
    ~GiveBack() {
      give_back(pr, n.empty() ? nullptr : n.data(), n.size());
      give_normalized(std::move(n));
    }
  } give_back_at_end{pr, normalized};
  written_then_run_part(pr.commands, normalized);
  // The words xargs reads: from the stage before it in a pipeline (engine/xargs_input.hpp).
  if (std::any_of(normalized.begin(), normalized.end(), runs_xargs)) {
    std::vector<const NormalizedCommand*> producer(normalized.size(), nullptr);
    for (const auto group : line_pipelines(pr.commands, 2))
      for (std::size_t k = 1; k < group.size(); ++k) producer[group[k]] = &normalized[group[k - 1]];
    for (std::size_t i = 0; i < normalized.size(); ++i)
      if (runs_xargs(normalized[i])) xargs_input(normalized[i], producer[i], p.commands.normalize);
  }
  CdChain chain;
  for (std::size_t i = 0; i < pr.commands.size(); ++i) {
    cd_chain_before(pr.commands[i], chain);
    const std::string before = cwd;
    judge_at(pr.commands[i], normalized[i], line, cwd, depth, held_code);
    cd_chain_after(pr.commands[i], before, cwd, chain);
  }
  if (!held_code.empty() && (attributes_evaluate_ || evaluates_again(line, held_code)))
    held_code_parts(held_code, cwd, depth);
  // Checks that span the stages of a pipeline (`curl … | sh`): none without a `|`.
  if (std::none_of(pr.commands.begin(), pr.commands.end(),
                   [](const shell::CommandView& c) { return c.op == "|" || c.op == "|&"; }))
    return;
  for (const auto group : line_pipelines(pr.commands, 2)) {
    for (const auto& hit : check_pipeline(normalized, group, safety_context(cwd))) {
      Part part = safety_part(hit);
      note_match(*part.rule, nullptr);
      add(std::move(part));
    }
  }
}

bool Judge::judge_loop_items(const shell::CommandsResult& pr, std::string_view line,
                             const std::string& cwd, unsigned depth) {
  const std::size_t items = leading_loop_items(line);
  if (items < 2) return false;
  // Checked before the work: each item judges the line again.
  if (line.size() > (limits::loop_bytes - loop_bytes_) / items) return false;
  loop_bytes_ += items * line.size();
  for (std::size_t k = 0; k < items; ++k) {
    shell::CommandsResult variant = pr;
    std::string at = cwd;
    std::vector<std::string> held_code;
    judge_commands(variant, line, at, depth, held_code, k);
  }
  return true;
}

void Judge::judge_line(std::string_view line, std::string cwd, unsigned depth) {
  struct Restore {  // in_command_ and line_seen_ as they were, on every return
    Judge& j;
    bool in_command;
    unsigned seen;
    ~Restore() {
      j.in_command_ = in_command;
      j.line_seen_ = seen;
    }
  } restore{*this, in_command_, line_seen_};
  in_command_ = true;  // `workspace-only tools` does not hold a command's paths
  if (depth > kMaxScriptDepth) return depth_part();
  // Which of the line's checks below can apply, from the bytes it holds (one pass): most lines
  // hold none of them.
  const unsigned seen = line_bytes(line);
  line_seen_ = seen;
  if (seen & kTriggerNul) return nul_line(line, cwd, depth);
  if ((seen & kTriggerC) &&
      (line.find("CDPATH") != std::string_view::npos || line.find("cdable_vars") != line.npos))
    cdpath_set_ = true;
  if ((seen & kTriggerL) && line.find("lastpipe") != std::string_view::npos) lastpipe_ = true;
  if (!home_moved_ && (seen & kTriggerH) && !variable_only_read(line, "HOME")) home_moved_ = true;
  if (!pwd_moved_ && (seen & kTriggerP) && !variable_only_read(line, "PWD")) pwd_moved_ = true;
  if (depth == 0 && p.commands.metachars && has_metachar(line)) metachar_part();
  // `set -o history -H⏎echo .env⏎cat !$`: a line built from the history (shell_semantics.hpp).
  if (const std::size_t nl = (seen & kSeenNewline) ? line.find('\n') : line.npos;
      nl != line.npos && history_expands(line, nl))
    add(builtin_ask(Builtin::commands_escalation,
                    "a history expansion (`!…` after `set -o history -H`) runs a line built "
                    "from earlier ones: a human must check it"));
  if (seen & kTriggerLineCheck)
    if (auto hit = check_line(line, safety_context(cwd))) line_hit_part(line, *hit);
  if ((seen & kTriggerOpen) || ((seen & kTriggerL) && line.find("let") != line.npos) ||
      ((seen & kTriggerC) && line.find("coproc") != line.npos))  // `coproc PATH while …`
    arithmetic_part(line);
  shell::CommandsResult pr = shell::parse_commands(line);
  if (!pr.ok) {
    unparsable_part(pr);
    judge_lines_before_error(line, pr, cwd, depth);
    // The parser may still list what it understood (an invalid `${…}` inside an otherwise
    // readable line): judge it too, so that a deny there is not weakened to an ask.
    if (pr.commands.empty()) return;
  }
  // A line that opens with `for`/`select` (a byte compare first: most lines do not).
  const char first = line.empty() ? '\0' : line[0];
  if ((first == 'f' || first == 's' || first == ' ' || first == '\t') &&
      judge_loop_items(pr, line, cwd, depth))
    return;
  std::vector<std::string> held_code;  // static values of variables that hold a substitution
  if (pr.commands.size() != 1) return judge_commands(pr, line, cwd, depth, held_code);
  // One command (most lines): normalized in place on the stack, no vector; a line of one
  // command has no pipeline to check.
  // `for f in .env; do cat $f; done`: a loop's lone item (engine/line_variables.hpp).
  if (pr.commands.front().context.size() > 1) substitute_line_variables(pr.commands, line);
  NormalizedCommand n = normalize_owned(pr.commands.front(), p.commands.normalize);
  if (runs_xargs(n)) xargs_input(n, nullptr, p.commands.normalize);
  judge_at(pr.commands.front(), n, line, cwd, depth, held_code);
  // A variable whose static value holds a substitution runs it when bash evaluates the value
  // again (arithmetic, `[[ -eq ]]`, `${!x}`, `${x@P}`): judge that code, and ask.
  if (!held_code.empty() && (attributes_evaluate_ || evaluates_again(line, held_code)))
    held_code_parts(held_code, cwd, depth);
  give_back(pr, &n);  // the line's buffers, for the next line of this thread
}

}  // namespace vigie::engine
