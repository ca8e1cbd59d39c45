// decide(): a compiled policy and a request in, a decision out.
//
// The request is split into parts (each command of a line, each path it touches, the URL, the
// tool name); each part gets an effect from the rules and the built-in checks; the request gets
// the most restrictive effect of its parts (deny > ask > allow). Layers (`extends`, sub-agents)
// can only restrict; plugins combine Escouade's way. Session state (loops, budgets, "always")
// is applied once, outermost. Nothing throws out of here, and nothing errs towards allow.
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "engine/compiled.hpp"
#include "engine/conditions.hpp"
#include "engine/effects_view.hpp"
#include "engine/glob_meet.hpp"
#include "engine/limits.hpp"
#include "engine/match.hpp"
#include "engine/plain.hpp"
#include "engine/safety.hpp"
#include "engine/session.hpp"
#include "engine/shell_semantics.hpp"
#include "grammar/shell/commands.hpp"

namespace vigie::engine {

namespace {

using nlohmann::json;

// Nested scripts (`bash -c '…'`, `eval`) are re-parsed at most this deep: each level is a full
// parse, and 8 is far beyond what a legitimate command line nests.
constexpr unsigned kMaxScriptDepth = limits::script_depth;
// A request input larger than this is not judged (fail closed): 1 MiB, the shell parser's limit.
constexpr std::size_t kMaxInputBytes = limits::input_bytes;
// Effects listed per command in a trace entry (the judging itself sees them all).
constexpr std::size_t kTraceEffects = 64;

// A built-in rule (safety checks, modes, session) in decisions: no file, a stable id.
RuleRef builtin(std::string id, Effect e) {
  RuleRef r;
  r.id = std::move(id);
  r.file = "<builtin>";
  r.effect = e;
  return r;
}

// One judged part of a request.
struct Part {
  Effect effect = Effect::allow;
  std::optional<RuleRef> rule;
  std::string message;  // for the model
  bool never_remember = false;
  bool from_default = false;  // no explicit rule decided: the mode's default did
};

struct Judge {
  Judge(const Policy::Impl& policy, const Request& request, Mode m, const FileSystem* f,
        Decision& out)
      : p(policy), req(request), mode(m), fs(f), d(out) {}

  const Policy::Impl& p;
  const Request& req;
  Mode mode;
  const FileSystem* fs;
  Decision& d;
  std::string project_lexical;  // the project root, lexically normalized
  std::optional<std::string> project_resolved_;
  engine::ResolvedCall call;  // the tool resolved with the tool maps: kind, cwd, MCP name
  bool in_command_ = false;   // judging the paths of a command line

  // The project root with symlinks resolved: computed only when a path is judged (most
  // commands touch no path, and resolution costs a few filesystem look-ups).
  const std::string& project() {
    if (!project_resolved_) project_resolved_ = resolve_path(project_lexical, "/", home, fs).path;
    return *project_resolved_;
  }
  std::string home;
  std::vector<Part> parts;
  std::set<std::string> matched_ids;
  bool tracing = true;  // DecideOptions::trace: build d.trace and d.matched

  RuleRef ref(std::uint32_t rule) const { return p.rules[rule].ref; }

  void note_match(const RuleRef& r, TraceEntry* t) {
    if (!tracing) return;
    if (t) t->matched.push_back(r);
    if (matched_ids.insert(r.id).second) d.matched.push_back(r);
  }

  // Keeps a trace entry when the caller asked for the trace.
  void keep(TraceEntry&& t) {
    if (tracing) d.trace.push_back(std::move(t));
  }

  Part& add(Part part) {
    parts.push_back(std::move(part));
    return parts.back();
  }

  // ---- paths ---------------------------------------------------------------------------------

  std::string resolve_rule_path(const std::string& raw) {
    Resolved r = resolve_path(raw == "." ? project() : raw, project(), home, fs);
    return r.path;
  }

  std::string workspace_root() {
    return resolve_rule_path(p.paths.workspace.empty() ? "." : p.paths.workspace);
  }

  // The prefix rules, resolved for this request (`~`, `.` and symlinks depend on it), built
  // once per request. A rule that cannot be placed must not silently vanish: if it restricts,
  // every path judged gets at least ask (`unplaced_`).
  std::optional<PathTable> table_;
  std::vector<std::string> rule_paths_;  // the resolved prefixes of deny/ask path rules
  std::size_t paths_judged_ = 0;         // bounded by limits::judged_paths
  bool paths_limit_hit_ = false;
  std::optional<Part> unplaced_;
  std::string workspace_;

  const PathTable& path_table(Part& out) {
    if (!table_) {
      table_.emplace();
      workspace_ = workspace_root();
      if (p.paths.workspace_only)
        table_->add({workspace_, Effect::allow, Access::both, UINT32_MAX});
      for (const auto& spec : p.paths.rules) {
        Resolved rp = resolve_path(spec.path == "." ? project() : spec.path, project(), home, fs);
        if (rp.ok && table_->add({rp.path, spec.effect, spec.access, spec.rule})) {
          if (spec.effect != Effect::allow) rule_paths_.push_back(rp.path);
          continue;
        }
        if (spec.effect != Effect::allow && !unplaced_) {
          Part u;
          u.effect = Effect::ask;
          u.rule = ref(spec.rule);
          u.rule->effect = Effect::ask;
          u.message = fmt::format("the path rule `{}` cannot be resolved ({}): a human must check",
                                  spec.path, rp.error.empty() ? "not absolute" : rp.error);
          unplaced_ = u;
        }
      }
    }
    if (unplaced_ && out.effect < Effect::ask) out = *unplaced_;
    return *table_;
  }

  // Judges one path: prefix rules (most specific wins, tie -> deny), workspace-only, protected
  // globs (writes) and the third-party class (writes). Returns the most restrictive part; an
  // allow here only means "in scope".
  Part judge_path(const std::string& raw, Access access, const std::string& cwd,
                  TraceEntry* trace) {
    Part out;
    Resolved r = resolve_path(proc_self(raw, cwd), cwd, home, fs);
    if (trace) trace->text = r.path;
    if (!r.ok) {
      out.effect = Effect::ask;
      out.rule = builtin("paths.unresolvable", Effect::ask);
      out.message = fmt::format("the path `{}` cannot be resolved: {}", raw, r.error);
      return out;
    }
    const PathTable& table = path_table(out);
    const std::string& ws = workspace_;
    auto m = table.lookup(r.path, access);
    for (const auto& all : table.all_matches(r.path, access))
      if (all.rule != UINT32_MAX) note_match(ref(all.rule), trace);
    if (m && m->rule != UINT32_MAX && m->effect != Effect::allow && m->effect >= out.effect) {
      out.effect = m->effect;
      out.rule = ref(m->rule);
      out.message = p.rules[m->rule].message;
      if (out.message.empty())
        out.message = fmt::format("`{}` needs approval under this policy", r.path);
    } else if (!m && p.paths.workspace_only && (p.paths.workspace_only_commands || !in_command_)) {
      out.effect = Effect::deny;
      out.rule = builtin("paths.workspace-only", Effect::deny);
      out.message = fmt::format(
          "`{}` is outside the workspace (`{}`): only paths inside it may be used", r.path, ws);
    }
    if ((static_cast<int>(access) & static_cast<int>(Access::write)) != 0) {
      auto rel = relative_to(ws, r.path);
      std::string base(basename_of(r.path));
      const auto& pp = p.paths;
      if (pp.protect.size() > 0 || pp.protect_home.size() > 0 || pp.protect_root.size() > 0) {
        bool failed = false;
        std::vector<std::uint32_t> hits;
        if (pp.protect.size() > 0) hits = pp.protect.match(rel ? *rel : "", base, &failed);
        if (pp.protect_home.size() > 0) {
          std::string h = resolve_path(home, "/", home, fs).path;
          if (auto hr = relative_to(h, r.path))
            for (auto x : pp.protect_home.match(*hr, base, &failed)) hits.push_back(x);
        }
        if (pp.protect_root.size() > 0 && r.path.size() > 1)
          for (auto x : pp.protect_root.match(std::string_view(r.path).substr(1), base, &failed))
            hits.push_back(x);
        std::sort(hits.begin(), hits.end());
        if (!hits.empty()) {
          Effect e = mode == Mode::auto_ ? Effect::deny : Effect::ask;
          if (e > out.effect || !out.rule) {
            out.effect = std::max(out.effect, e);
            out.rule = ref(hits.front());
            out.rule->effect = e;
            out.message = p.rules[hits.front()].message;
          }
          out.never_remember = true;
          for (auto h : hits) note_match(ref(h), trace);
        }
      }
      if (p.paths.third_party && out.effect < Effect::ask) {
        auto prel = relative_to(project(), r.path);
        std::optional<std::string> cls;
        std::optional<std::uint32_t> custom;
        if (prel) {
          if (p.paths.third_party_globs.size() > 0) {
            auto hits = p.paths.third_party_globs.match(*prel, base);
            if (!hits.empty()) custom = hits.front();
          } else {
            cls = third_party_class(*prel);
            if (cls == "binary" && !p.paths.binary) cls.reset();  // `binary on` opts in
          }
        }
        if (cls || custom) {
          out.effect = Effect::ask;
          out.rule = custom ? ref(*custom) : builtin("paths.third-party." + *cls, Effect::ask);
          out.rule->effect = Effect::ask;
          out.message = fmt::format(
              "`{}` is run by third parties ({}): changing it needs a dedicated human approval",
              prel ? *prel : r.path, cls ? *cls : "listed by the policy");
          out.never_remember = true;
          note_match(*out.rule, trace);
        }
      }
    }
    return out;
  }

  // An edit whose content is not text, or is larger than `large-edit`, joins the class of files
  // that need a dedicated approval (seed 004), like a file run by third parties.
  void edit_content_class(const json& input, Part& out, TraceEntry* trace) {
    if (!p.paths.third_party || out.effect >= Effect::ask) return;
    const std::string* content = nullptr;
    for (const char* k : {"content", "new_string", "new_source"}) {
      auto it = input.find(k);
      if (it != input.end() && it->is_string()) {
        content = &it->get_ref<const std::string&>();
        break;
      }
    }
    if (!content) return;
    std::string cls, why;
    if (p.paths.binary && looks_binary(*content)) {
      cls = "binary";
      why = "its content is not text";
    } else if (p.paths.large_edit_bytes && content->size() > p.paths.large_edit_bytes) {
      cls = "large-edit";
      why = fmt::format("{} bytes, over the {}-byte threshold", content->size(),
                        p.paths.large_edit_bytes);
    } else {
      return;
    }
    out.effect = Effect::ask;
    out.rule = builtin("paths.third-party." + cls, Effect::ask);
    out.message = fmt::format("this change needs a dedicated human approval ({})", why);
    out.never_remember = true;
    note_match(*out.rule, trace);
  }

  // ---- commands ------------------------------------------------------------------------------

  SafetyContext safety_context(const std::string& cwd) const {
    SafetyContext c;
    c.cwd = cwd;
    c.home = home;
    c.project_root = project_lexical;
    c.root_context = p.root_context;
    c.disabled = p.safety_disabled;
    c.fs = fs;
    return c;
  }

  Effect command_default() const {
    if (mode == Mode::readonly) return Effect::deny;
    if (p.commands.default_effect) return *p.commands.default_effect;
    if (p.default_effect) return *p.default_effect;
    return mode == Mode::auto_ ? Effect::deny : Effect::ask;
  }

  static std::vector<std::string> argv_of(const std::vector<shell::WordView>& words) {
    std::vector<std::string> v;
    for (const auto& w : words) v.push_back(w.literal ? *w.literal : w.text);
    return v;
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
  }

  // Whether any path rule could restrict this access: when none can, a path that is not
  // static needs no human.
  bool paths_matter(Access access) const {
    const auto& pr = p.paths;
    if (!pr.rules.empty() || pr.workspace_only) return true;
    bool write = (static_cast<int>(access) & static_cast<int>(Access::write)) != 0;
    return write && (pr.protect.size() > 0 || pr.protect_home.size() > 0 ||
                     pr.protect_root.size() > 0 || pr.third_party);
  }

  Part judge_word_path(const shell::WordView& w, Access access, const std::string& cwd,
                       TraceEntry& t, const char* what) {
    if (!paths_matter(access)) return {};
    if (!w.pattern) {
      // `/{etc,tmp}/x`: each word of the brace expansion.
      if (w.has_brace && !w.has_expansion)
        if (auto alts = brace_expand(w.text)) {
          Part out;
          for (const auto& a : *alts) {
            shell::WordView aw;
            aw.text = a;
            aw.pattern = a;
            aw.has_glob = a.find_first_of("*?[") != std::string::npos;
            aw.has_tilde = !a.empty() && a[0] == '~';
            if (!aw.has_glob && !aw.has_tilde) aw.literal = a;
            fold(out, judge_word_path(aw, access, cwd, t, what));
          }
          return out;
        }
      Part part;
      part.effect = Effect::ask;
      part.rule = builtin("paths.dynamic", Effect::ask);
      part.message = fmt::format("the {} `{}` is not static: a human must check it", what, w.text);
      return part;
    }
    std::string v = *w.pattern;
    if (harmless_device(v)) return {};
    if (w.has_glob) return judge_glob(v, access, cwd, t);
    return judge_path(v, access, cwd, &t);
  }

  Part protect_part(std::uint32_t rule) {
    Part out;
    out.effect = mode == Mode::auto_ ? Effect::deny : Effect::ask;
    out.rule = ref(rule);
    out.rule->effect = out.effect;
    out.message = p.rules[rule].message;
    out.never_remember = true;
    return out;
  }

  // A glob: the folder it expands in (its fixed prefix), and every rule that a path it can
  // match would meet: deny/ask path rules below that folder, protected globs and files run by
  // third parties (writes).
  Part judge_glob(const std::string& v, Access access, const std::string& cwd, TraceEntry& t) {
    auto star = v.find_first_of("*?[");
    auto slash = v.rfind('/', star);
    std::string folder = slash == std::string::npos ? "." : v.substr(0, slash == 0 ? 1 : slash);
    Part out = judge_path(folder, access, cwd, &t);
    std::string folder_resolved = t.text;
    // The glob as an absolute pattern.
    std::string g = v;
    if (g.size() >= 2 && g[0] == '~' && g[1] == '/')
      g = home + g.substr(1);
    else if (g.empty() || g[0] != '/')
      g = cwd + "/" + g;
    Part scratch;
    path_table(scratch);
    for (const auto& rp : rule_paths_) {
      if (!folder_resolved.empty() && is_component_prefix(rp, folder_resolved)) continue;
      if (!glob_reaches_prefix(g, rp)) continue;
      TraceEntry rt;
      fold(out, judge_path(rp, access, "/", &rt));
      for (auto& m : rt.matched) t.matched.push_back(m);
    }
    if ((static_cast<int>(access) & static_cast<int>(Access::write)) == 0) return out;
    std::string lg = lexical_normalize(g);
    auto rel_to = [&](const std::string& root) -> std::optional<std::string> {
      if (root == "/") return lg.substr(1);
      if (lg.size() > root.size() && lg.compare(0, root.size(), root) == 0 &&
          lg[root.size()] == '/')
        return lg.substr(root.size() + 1);
      return std::nullopt;
    };
    auto ws_rel = rel_to(workspace_);
    auto home_rel = rel_to(home);
    for (std::uint32_t ri : p.paths.protect_rules) {
      std::string_view text = p.rules[ri].text;
      if (text.substr(0, 8) == "protect ") text.remove_prefix(8);
      std::optional<std::string> target;
      std::string_view rule = text;
      if (text.substr(0, 2) == "~/") {
        target = home_rel;
        rule.remove_prefix(1);
      } else if (text.substr(0, 1) == "/") {
        target = lg.substr(1);
      } else {
        target = ws_rel;
        if (!target && text.find('/') == std::string_view::npos) target = lg.substr(1);
      }
      if (!target || !path_globs_meet(*target, rule)) continue;
      note_match(ref(ri), &t);
      fold(out, protect_part(ri));
    }
    if (p.paths.third_party && out.effect < Effect::ask) {
      if (auto prel = rel_to(project()))
        for (const auto& [glob, cls] : default_third_party_globs())
          if ((cls != "binary" || p.paths.binary) && path_globs_meet(*prel, glob)) {
            Part tp;
            tp.effect = Effect::ask;
            tp.rule = builtin("paths.third-party." + cls, Effect::ask);
            tp.message = fmt::format(
                "`{}` may name a file run by third parties ({}): changing it needs a dedicated "
                "human approval",
                v, cls);
            tp.never_remember = true;
            fold(out, tp);
            break;
          }
    }
    return out;
  }

  ConditionContext condition_context(const std::string& cwd) {
    ConditionContext c;
    c.cwd = cwd;
    c.home = home;
    c.project = project();
    c.fs = fs;
    return c;
  }

  // The mode's default for a change to a file (what an Edit/Write tool call gets).
  Part edit_default(const std::string& shown) const {
    Part dp;
    dp.from_default = true;
    Effect def = mode_default("edit", "");
    dp.effect = def;
    if (def == Effect::deny) {
      dp.rule = builtin("mode.readonly", Effect::deny);
      dp.message = "read-only mode: files are not changed";
    } else if (def == Effect::ask) {
      dp.message = fmt::format("change `{}`?", shown);
    }
    return dp;
  }

  // Every path the command touches (engine/programs.hpp: operands, option values,
  // redirections). Reads and runs are judged by the path rules; writes and deletes also by the
  // protected globs and files run by third parties. A write through a redirection also gets the
  // mode's default for an edit, like a Write tool call; a write through the operands of a
  // command the policy allows (by a rule or an allow default) is covered by that allow.
  void judge_files(const NormalizedCommand& n, bool explicit_allow, const std::string& cwd,
                   TraceEntry& t, Part& acc) {
    if (n.files.empty()) return;
    std::string fcwd = cwd;
    if (n.chdir && n.chdir->pattern && !n.chdir->has_glob) {
      Resolved r = resolve_path(*n.chdir->pattern, cwd, home, fs);
      if (r.ok) fcwd = r.path;
    }
    for (const auto& f : n.files) {
      if (++paths_judged_ > limits::judged_paths) {
        // Checked before the work it bounds: each path is resolved through the filesystem.
        if (!paths_limit_hit_) {
          paths_limit_hit_ = true;
          Part lim;
          lim.effect = Effect::ask;
          lim.rule = builtin("limits.judged-paths", Effect::ask);
          lim.message = fmt::format("the request touches more than {} paths: a human must check it",
                                    limits::judged_paths);
          d.error = lim.message;
          fold(acc, lim);
        }
        return;
      }
      bool writes = f.touch == Touch::write || f.touch == Touch::delete_;
      Access access = f.touch == Touch::delete_ ? Access::both
                      : writes                  ? Access::write
                                                : Access::read;
      bool is_chdir = n.chdir && f.from != From::redirect && f.word.text == n.chdir->text &&
                      f.word.span.begin == n.chdir->span.begin;
      const std::string& base = (f.from == From::redirect || is_chdir) ? cwd : fcwd;
      if (!writes && !paths_matter(access)) continue;  // nothing can restrict this read
      TraceEntry pt;
      const char* what = f.from == From::redirect ? "redirection target" : "path";
      Part part = judge_word_path(f.word, access, base, pt, what);
      bool relative = f.word.pattern && !f.word.pattern->empty() && (*f.word.pattern)[0] != '/' &&
                      (*f.word.pattern)[0] != '~';
      if (relative && paths_matter(access)) {
        // The line may be elsewhere (a `cd` in a subshell, a condition...): judge from there too.
        for (const auto& other : extra_cwds_) {
          if (!in_scope(other.scope)) continue;
          TraceEntry ot;
          fold(part, judge_word_path(f.word, access, other.path, ot, what));
          for (auto& m : ot.matched) t.matched.push_back(m);
        }
        if (cwd_unknown()) {
          Part u;
          u.effect = Effect::ask;
          u.rule = builtin("paths.dynamic", Effect::ask);
          u.message = fmt::format(
              "the {} `{}` is relative and the working directory is not known after a `cd`: a "
              "human must check it",
              what, f.word.text);
          fold(part, u);
        }
      }
      for (auto& m : pt.matched) t.matched.push_back(m);
      if (writes && part.effect == Effect::allow) {
        std::string resolved = pt.text;
        if (resolved.empty() && f.word.pattern && !f.word.has_glob)
          resolved = resolve_path(*f.word.pattern, base, home, fs).path;
        bool covered = explicit_allow && f.from != From::redirect;
        if (!covered) fold(part, edit_default(resolved.empty() ? f.word.text : resolved));
      }
      fold(acc, part);
    }
  }

  void fold(Part& acc, const Part& p2) {
    if (p2.effect > acc.effect || (p2.effect == acc.effect && !acc.rule && p2.rule)) {
      bool nr = acc.never_remember || p2.never_remember;
      acc = p2;
      acc.never_remember = nr;
    } else {
      acc.never_remember = acc.never_remember || p2.never_remember;
    }
  }

  // Judges one simple command (already normalized); appends nested scripts to judge.
  void judge_command(const shell::CommandView& cmd, const NormalizedCommand& n,
                     const std::string& line, const std::string& cwd, unsigned depth) {
    TraceEntry t;
    t.subject = "command";
    if (tracing && cmd.span.end <= line.size() && cmd.span.begin < cmd.span.end) {
      t.text = line.substr(cmd.span.begin, cmd.span.end - cmd.span.begin);
      // A command's span may end after the blanks that follow it.
      while (!t.text.empty() && (t.text.back() == ' ' || t.text.back() == '\t')) t.text.pop_back();
    }
    t.argv = argv_of(n.words);
    if (tracing) {
      t.context = cmd.context;
      t.effects = effects_of(n);
    }
    if (t.effects.size() > kTraceEffects) {
      // Bounded like the rest of the trace, and never cut silently.
      std::size_t more = t.effects.size() - kTraceEffects;
      t.effects.resize(kTraceEffects);
      t.effects.push_back({"more", fmt::format("{} more not shown", more), "", "trace limit"});
    }
    cur_ctx_ = &cmd.context;
    Part acc;
    acc.effect = Effect::allow;
    bool explicit_allow = false;  // the policy allows the command (a rule or an allow default)

    if (!n.words.empty()) {
      std::vector<PatternMatch> ms;
      match_command(p.commands, n, ms);
      std::optional<Part> rule_part;
      for (const auto& m : ms) {
        const CommandPattern& cp = p.commands.patterns[m.pattern];
        ConditionResult cr = cp.conditions.empty()
                                 ? ConditionResult::holds
                                 : check_conditions(cp, n, condition_context(cwd));
        if (cr == ConditionResult::fails ||
            (cr == ConditionResult::unknown && cp.effect == Effect::allow))
          continue;
        bool certain = m.certain && cr == ConditionResult::holds;
        RuleRef r = ref(cp.rule);
        note_match(r, &t);
        Part part;
        part.effect = certain ? cp.effect : std::min(cp.effect, Effect::ask);
        part.rule = r;
        part.message = p.rules[cp.rule].message;
        if (part.message.empty() && part.effect == Effect::ask)
          part.message =
              fmt::format("`{}` needs a human's approval (rule `{}`)", join(t.argv), r.id);
        if (!certain)
          part.message = fmt::format(
              "`{}` may match the rule `{}` (a word is not static): a human must check it",
              join(t.argv), r.id);
        if (!rule_part)
          rule_part = part;
        else
          fold(*rule_part, part);
      }
      if (rule_part && rule_part->effect == Effect::allow && !n.assigns_harmless) {
        rule_part->effect = Effect::ask;
        rule_part->rule = builtin("commands.assignment", Effect::ask);
        rule_part->message =
            "the command sets an environment variable that changes what runs "
            "(PATH, LD_*, GIT_*, or a substitution): a human must check it";
      }
      if (!rule_part && n.name == "cd" && n.name_static && mode != Mode::readonly) {
        // `cd` runs nothing: it is judged by the path it enters (below) and by what follows.
        rule_part = Part{};
      }
      if (!rule_part) {
        Part def;
        def.effect = command_default();
        def.from_default = true;
        if (def.effect == Effect::deny) {
          def.rule =
              builtin(mode == Mode::readonly ? "mode.readonly" : "commands.default", Effect::deny);
          def.message =
              mode == Mode::readonly ? "read-only mode: commands are not run; read files instead"
              : mode == Mode::auto_  ? fmt::format(
                                           "`{}` is not in the allowlist (auto mode): use an "
                                            "allowed command, do not retry this one",
                                           join(t.argv))
                                    : fmt::format("`{}` is denied by default", join(t.argv));
        } else if (def.effect == Effect::ask) {
          def.message = fmt::format("run `{}`?", join(t.argv));
        }
        rule_part = def;
      }
      explicit_allow = rule_part->effect == Effect::allow;
      fold(acc, *rule_part);
      if (mode == Mode::readonly && acc.effect != Effect::deny) {
        Part ro;
        ro.effect = Effect::deny;
        ro.rule = builtin("mode.readonly", Effect::deny);
        ro.message = "read-only mode: commands are not run; read files instead";
        fold(acc, ro);
      }
      if (!n.name_static) {
        Part dyn;
        dyn.effect = Effect::ask;
        dyn.rule = builtin("commands.dynamic-name", Effect::ask);
        dyn.message = "the command name is not static: a human must check what runs";
        fold(acc, dyn);
      }
      for (const auto& why : n.escalations) {
        Part esc;
        esc.effect = Effect::ask;
        esc.rule = builtin("commands.escalation", Effect::ask);
        esc.message = fmt::format("`{}`: {} can run other programs; a human must check it",
                                  join(t.argv), why);
        fold(acc, esc);
      }
      for (const auto& hit : check_command(n, safety_context(cwd))) {
        Part s;
        s.effect = hit.effect;
        s.rule = builtin(hit.id, hit.effect);
        s.message = hit.message;
        s.never_remember = true;
        note_match(*s.rule, &t);
        fold(acc, s);
      }
    }
    judge_files(n, explicit_allow, cwd, t, acc);
    t.effect = acc.effect;
    t.reason = acc.message;
    keep(std::move(t));
    add(std::move(acc));

    for (const auto& script : n.nested_scripts) judge_line(script, cwd, depth + 1);
    for (const auto& argv : n.nested_argvs) {
      shell::CommandView sub;
      sub.argv = argv;
      sub.context = cmd.context;
      sub.context.push_back("exec");
      judge_command(sub, normalize(sub, p.commands.normalize), line, cwd, depth + 1);
    }
  }

  static bool has_metachar(std::string_view line) {
    return line.find_first_of(";&|<>$`\\\n(){}") != std::string_view::npos;
  }

  // ---- line state: the working directory, variables, git configuration ------------------------

  // Other folders the line may be in (a `cd` inside a subshell, a group, a condition, a loop):
  // relative paths are judged from each of them too. `cwd_unknown_`: a `cd` to a folder that
  // is not static (or `cd -`, `popd`): relative paths then need a human.
  struct OtherCwd {
    std::string path;
    // The context prefix it is confined to (up to its innermost subshell-like context: a
    // subshell's `cd` ends with it); empty: the rest of the line.
    std::vector<std::string> scope;
  };
  std::vector<OtherCwd> extra_cwds_;
  std::vector<std::vector<std::string>> unknown_cwd_scopes_;
  const std::vector<std::string>* cur_ctx_ = nullptr;  // the context of the command judged

  static std::vector<std::string> subshell_scope(const std::vector<std::string>& ctx) {
    std::size_t end = 0;
    for (std::size_t i = 0; i < ctx.size(); ++i)
      if (ctx[i] == "subshell" || ctx[i] == "$()" || ctx[i] == "backtick" || ctx[i] == "<()" ||
          ctx[i] == ">()" || ctx[i] == "pipeline" || ctx[i] == "background")
        end = i + 1;
    return std::vector<std::string>(ctx.begin(), ctx.begin() + static_cast<std::ptrdiff_t>(end));
  }
  bool in_scope(const std::vector<std::string>& scope) const {
    if (scope.empty()) return true;
    if (!cur_ctx_ || cur_ctx_->size() < scope.size()) return false;
    return std::equal(scope.begin(), scope.end(), cur_ctx_->begin());
  }
  bool cwd_unknown() const {
    return std::any_of(unknown_cwd_scopes_.begin(), unknown_cwd_scopes_.end(),
                       [&](const auto& sc) { return in_scope(sc); });
  }
  bool git_force_configured_ = false;  // `git config remote.X.push +…` earlier in the line

  static void imply_option(NormalizedCommand& n, const std::string& opt) {
    shell::WordView iw;
    iw.text = opt;
    iw.literal = opt;
    iw.pattern = opt;
    std::size_t at = std::min<std::size_t>(2, n.words.size());
    n.words.insert(n.words.begin() + static_cast<std::ptrdiff_t>(at), iw);
    n.implied.push_back(opt);
  }

  // `cd`, `pushd`, `popd` in every form: `cd` alone (home), `cd --`, `cd -P`, `cd -L`, in any
  // context. At the top level the line moves; elsewhere the folder is one more candidate.
  void track_cd(const shell::CommandView& cmd, const NormalizedCommand& n, std::string& cwd) {
    if (!n.name_static || (n.name != "cd" && n.name != "pushd" && n.name != "popd")) return;
    std::optional<std::string> target;
    bool unknown = n.name == "popd";
    bool operands = false;
    for (std::size_t k = 1; k < n.words.size() && !unknown; ++k) {
      const auto& w = n.words[k];
      if (!operands && w.literal && *w.literal == "--") {
        operands = true;
        continue;
      }
      if (!operands && w.literal && w.literal->size() > 1 && (*w.literal)[0] == '-' &&
          w.literal->find_first_not_of("LPe@", 1) == std::string::npos)
        continue;
      if (!w.pattern || w.has_glob ||
          (w.literal && (*w.literal == "-" || (*w.literal)[0] == '+' ||
                         (w.literal->size() > 1 && (*w.literal)[0] == '-'))))
        unknown = true;
      else
        target = *w.pattern;
      break;
    }
    if (!unknown && !target && n.name != "popd") target = home;  // `cd` alone goes home
    std::vector<std::string> scope = subshell_scope(cmd.context);
    if (unknown || !target) {
      unknown_cwd_scopes_.push_back(scope);
      return;
    }
    Resolved r = resolve_path(*target, cwd, home, fs);
    if (!r.ok) {
      unknown_cwd_scopes_.push_back(scope);
      return;
    }
    bool top = cmd.context.size() <= 1;
    if (top) {
      cwd = r.path;
    } else if (std::none_of(extra_cwds_.begin(), extra_cwds_.end(), [&](const OtherCwd& o) {
                 return o.path == r.path && o.scope == scope;
               })) {
      if (extra_cwds_.size() >= 16)
        unknown_cwd_scopes_.push_back(scope);
      else
        extra_cwds_.push_back({r.path, scope});
    }
  }

  void note_line_state(const shell::CommandView& cmd, const NormalizedCommand& n,
                       std::vector<std::string>& held_code) {
    auto holds_code = [](const std::string& v) {
      return v.find("$(") != std::string::npos || v.find('`') != std::string::npos ||
             v.find("$[") != std::string::npos || v.find("${") != std::string::npos;
    };
    if (cmd.argv.empty()) {
      for (const auto& a : cmd.assigns)
        if (a.value.literal && holds_code(*a.value.literal)) held_code.push_back(*a.value.literal);
    } else if (n.name == "declare" || n.name == "export" || n.name == "local" ||
               n.name == "readonly" || n.name == "typeset") {
      for (std::size_t k = 1; k < n.words.size(); ++k)
        if (n.words[k].literal) {
          auto eq = n.words[k].literal->find('=');
          if (eq != std::string::npos && holds_code(n.words[k].literal->substr(eq + 1)))
            held_code.push_back(n.words[k].literal->substr(eq + 1));
        }
    }
    if (n.name == "git") {
      for (const auto& f : n.escalations)
        if (f.find("(a forced push)") != std::string::npos) git_force_configured_ = true;
    }
  }

  void judge_line(const std::string& line, std::string cwd, unsigned depth) {
    bool was_in_command = in_command_;
    in_command_ = true;  // `workspace-only tools` does not hold a command's paths
    struct Restore {
      bool& flag;
      bool value;
      ~Restore() { flag = value; }
    } restore{in_command_, was_in_command};
    if (depth > kMaxScriptDepth) {
      Part part;
      part.effect = Effect::ask;
      part.rule = builtin("limits.script-depth", Effect::ask);
      part.message =
          fmt::format("scripts nested more than {} levels deep are not judged", kMaxScriptDepth);
      d.error = part.message;
      add(std::move(part));
      return;
    }
    if (depth == 0 && p.commands.metachars && has_metachar(line)) {
      Part part;
      part.effect = *p.commands.metachars;
      part.rule = builtin("commands.metachars", part.effect);
      part.message =
          "shell metacharacters are refused: run one command, without redirection or chaining";
      note_match(*part.rule, nullptr);
      add(std::move(part));
    }
    if (auto hit = check_line(line, safety_context(cwd))) {
      Part part;
      part.effect = hit->effect;
      part.rule = builtin(hit->id, hit->effect);
      part.message = hit->message;
      part.never_remember = true;
      note_match(*part.rule, nullptr);
      TraceEntry t;
      t.subject = "line";
      t.text = line;
      t.effect = hit->effect;
      t.reason = hit->message;
      t.matched.push_back(*part.rule);
      keep(std::move(t));
      add(std::move(part));
    }
    auto fast = plain_line(line);
    shell::CommandsResult pr = fast ? std::move(*fast) : shell::parse_commands(line);
    if (!pr.ok) {
      Part part;
      part.effect = Effect::ask;
      part.rule = builtin("commands.unparsable", Effect::ask);
      const auto& e = pr.errors.empty() ? shell::ParseError{} : pr.errors.front();
      part.message =
          fmt::format("the command line cannot be parsed ({}:{}: {}): a human must check it",
                      e.line, e.column, e.message);
      d.error = part.message;
      add(std::move(part));
      // The parser may still list what it understood (an invalid `${…}` inside an otherwise
      // readable line): judge it too, so that a deny there is not weakened to an ask.
      if (pr.commands.empty()) return;
    }
    std::vector<NormalizedCommand> normalized;
    normalized.reserve(pr.commands.size());
    for (const auto& cmd : pr.commands) normalized.push_back(normalize(cmd, p.commands.normalize));
    std::vector<std::string> held_code;  // static values of variables that hold a substitution
    for (std::size_t i = 0; i < pr.commands.size(); ++i) {
      const auto& cmd = pr.commands[i];
      NormalizedCommand& n = normalized[i];
      if (git_force_configured_ && n.name == "git" && n.words.size() > 1 && n.words[1].literal &&
          *n.words[1].literal == "push")
        imply_option(n, "--force");
      judge_command(cmd, n, line, cwd, depth);
      track_cd(cmd, n, cwd);
      note_line_state(cmd, n, held_code);
    }
    // A variable whose static value holds a substitution runs it when bash evaluates the value
    // again (arithmetic, `[[ -eq ]]`, `${!x}`, `${x@P}`): judge that code, and ask.
    if (!held_code.empty() && evaluates_again(line)) {
      Part part;
      part.effect = Effect::ask;
      part.rule = builtin("commands.escalation", Effect::ask);
      part.message =
          "a variable holding a command substitution is evaluated again (arithmetic, `[[ ]]`, "
          "`${!x}`, `${x@P}`): a human must check it";
      add(std::move(part));
      for (const auto& code : held_code) judge_line(code, cwd, depth + 1);
    }
    // Checks that span the stages of a pipeline (`curl … | sh`).
    for (const auto& group : pipelines_of(pr.commands)) {
      if (group.size() < 2) continue;
      for (const auto& hit : check_pipeline(normalized, group, safety_context(cwd))) {
        Part part;
        part.effect = hit.effect;
        part.rule = builtin(hit.id, hit.effect);
        part.message = hit.message;
        part.never_remember = true;
        note_match(*part.rule, nullptr);
        add(std::move(part));
      }
    }
  }

  // ---- names: fetch, mcp, tools ----------------------------------------------------------------

  // Every rule whose glob matches `name` (and method) is noted; the most specific one decides,
  // and among equally specific ones the most restrictive.
  std::optional<Part> judge_names(const std::vector<NameRule>& rules, const std::string& name,
                                  const std::string& method, TraceEntry& t) {
    std::optional<Part> out;
    std::size_t best = 0;
    for (const auto& r : rules) {
      if (!RE2::FullMatch(name, *r.glob)) continue;
      if (!r.methods.empty() &&
          std::find(r.methods.begin(), r.methods.end(), method) == r.methods.end())
        continue;
      Part part;
      part.effect = r.effect;
      part.rule = ref(r.rule);
      part.message = p.rules[r.rule].message;
      note_match(*part.rule, &t);
      if (!out || r.specificity > best) {
        out = part;
        best = r.specificity;
      } else if (r.specificity == best) {
        fold(*out, part);
      }
    }
    return out;
  }

  static std::string host_of(const std::string& url) {
    auto s = url.find("://");
    std::size_t b = s == std::string::npos ? 0 : s + 3;
    std::size_t e = url.find_first_of("/?#", b);
    std::string host = url.substr(b, e == std::string::npos ? std::string::npos : e - b);
    if (auto at = host.rfind('@'); at != std::string::npos) host = host.substr(at + 1);
    if (auto colon = host.rfind(':');
        colon != std::string::npos && host.find(']') == std::string::npos)
      host = host.substr(0, colon);
    std::transform(host.begin(), host.end(), host.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return host;
  }

  Effect mode_default(std::string_view kind, const std::string& method) const {
    if (kind == "read") return Effect::allow;
    if (mode == Mode::readonly)
      return (kind == "fetch" && method == "GET") ? Effect::allow : Effect::deny;
    return mode == Mode::auto_ ? Effect::allow : Effect::ask;
  }

  void judge_request(const json& input) {
    const std::string& kind = call.kind;
    auto str = [&](const char* k) -> std::string {
      auto it = input.find(k);
      return it != input.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    std::string cwd = req.cwd.empty() ? project_lexical : req.cwd;
    // A tool that names the folder it runs in (`dir_path`, `workdir`): relative to the cwd.
    if (!call.cwd.empty()) {
      const std::string& c = call.cwd;
      if (c == "~" || c.rfind("~/", 0) == 0)
        cwd = lexical_normalize(home + c.substr(1));
      else
        cwd = lexical_normalize(c[0] == '/' ? c : cwd + "/" + c);
    }
    if (kind == "command") {
      auto it = input.find("command");
      if (it != input.end() && it->is_string() &&
          it->get<std::string>().find_first_not_of(" \t\r\n") == std::string::npos) {
        // An empty or blank line runs nothing.
        Part part;
        part.message = "the command line is empty: nothing runs";
        add(std::move(part));
        return;
      }
      if (it == input.end() || !it->is_string()) {
        Part part;
        part.effect = Effect::ask;
        part.rule = builtin("request.invalid", Effect::ask);
        part.message = "the request has no command line (`input.command` must be a string)";
        d.error = part.message;
        add(std::move(part));
        return;
      }
      judge_line(it->get<std::string>(), cwd, 0);
    } else if (kind == "edit" || kind == "read") {
      Access access = kind == "edit" ? Access::write : Access::read;
      std::string path = str("file_path");
      if (path.empty()) path = str("notebook_path");
      if (path.empty()) path = str("path");
      if (path.empty() && kind == "read") path = cwd;
      TraceEntry t;
      t.subject = "path";
      Part part;
      if (path.empty()) {
        part.effect = Effect::ask;
        part.rule = builtin("request.no-path", Effect::ask);
        part.message = "the request names no path";
      } else if (std::string pattern = str("pattern"); (req.kind.empty() || req.tool == "Glob") &&
                                                       !pattern.empty() && paths_matter(access)) {
        // A Glob reaches what its pattern can match: from `path` (or the cwd), or from the
        // pattern's own root when it is absolute (`/etc/**`, `~/.ssh/*`, `../../x/**`).
        bool rooted = pattern[0] == '/' || pattern[0] == '~';
        std::string full = rooted ? pattern : path + "/" + pattern;
        shell::WordView gw;
        gw.text = full;
        gw.pattern = full;
        gw.has_glob = full.find_first_of("*?[") != std::string::npos;
        if (!gw.has_glob && full[0] != '~') gw.literal = full;
        part = judge_word_path(gw, access, cwd, t, "pattern");
        if (t.text.empty()) t.text = full;
      } else {
        part = judge_path(path, access, cwd, &t);
        if (kind == "edit") edit_content_class(input, part, &t);
      }
      if (part.effect == Effect::allow) {
        Effect def = mode_default(kind, "");
        if (def != Effect::allow || part.rule) {
          Part dp;
          dp.effect = def;
          dp.from_default = true;
          if (def == Effect::deny) {
            dp.rule = builtin("mode.readonly", Effect::deny);
            dp.message = "read-only mode: files are not changed";
          } else if (def == Effect::ask) {
            dp.message = fmt::format("{} `{}`?", kind == "edit" ? "change" : "read", t.text);
          }
          fold(part, dp);
        }
      } else if (kind == "edit" && mode == Mode::readonly) {
        Part ro;
        ro.effect = Effect::deny;
        ro.rule = builtin("mode.readonly", Effect::deny);
        ro.message = "read-only mode: files are not changed";
        fold(part, ro);
      }
      t.effect = part.effect;
      t.reason = part.message;
      keep(std::move(t));
      add(std::move(part));
    } else if (kind == "fetch") {
      std::string url = str("url");
      std::string method = str("method");
      if (method.empty()) method = "GET";
      TraceEntry t;
      t.subject = "fetch";
      t.text = url.empty() ? str("query") : url;
      std::string host = url.empty() ? "" : host_of(url);
      // A search has no URL: domain rules do not apply to it.
      std::optional<Part> part;
      if (!url.empty()) part = judge_names(p.fetch, host, method, t);
      if (!part) {
        Part def;
        def.from_default = true;
        def.effect = p.fetch_default && mode != Mode::readonly ? *p.fetch_default
                                                               : mode_default(kind, method);
        if (def.effect == Effect::deny) {
          def.rule =
              builtin(mode == Mode::readonly ? "mode.readonly" : "fetch.default", Effect::deny);
          def.message = mode == Mode::readonly
                            ? "read-only mode: only GET requests are allowed"
                            : fmt::format("fetching `{}` is not allowed by this policy", host);
        } else if (def.effect == Effect::ask) {
          def.message = fmt::format("fetch `{}`?", t.text);
        }
        part = def;
      } else if (mode == Mode::readonly && method != "GET") {
        Part ro;
        ro.effect = Effect::deny;
        ro.rule = builtin("mode.readonly", Effect::deny);
        ro.message = "read-only mode: only GET requests are allowed";
        fold(*part, ro);
      }
      t.effect = part->effect;
      t.reason = part->message;
      keep(std::move(t));
      add(std::move(*part));
    } else if (kind == "mcp") {
      // mcp__server__tool (or the harness's own naming) -> server/tool
      std::string name = call.mcp.empty() ? req.tool : call.mcp;
      TraceEntry t;
      t.subject = "mcp";
      t.text = name;
      std::optional<Part> part = judge_names(p.mcp, name, "", t);
      if (!part) {
        Part def;
        def.from_default = true;
        def.effect =
            p.mcp_default && mode != Mode::readonly ? *p.mcp_default : mode_default(kind, "");
        if (def.effect == Effect::deny) {
          def.rule =
              builtin(mode == Mode::readonly ? "mode.readonly" : "mcp.default", Effect::deny);
          def.message = fmt::format("the MCP tool `{}` is not allowed here", name);
        } else if (def.effect == Effect::ask) {
          def.message = fmt::format("use the MCP tool `{}`?", name);
        }
        part = def;
      }
      t.effect = part->effect;
      t.reason = part->message;
      keep(std::move(t));
      add(std::move(*part));
    } else if (kind != "tool") {
      Part part;
      part.effect = Effect::ask;
      part.rule = builtin("request.unknown-kind", Effect::ask);
      part.message = fmt::format("unknown request kind `{}`", kind);
      add(std::move(part));
    }
  }

  // Tool-name lists and rules apply to every kind.
  void judge_tool_name() {
    const auto& tl = p.tools;
    const std::string& tool = req.tool;
    auto listed = [&](const std::set<std::string, std::less<>>& s) {
      return s.count(tool) > 0 || s.count("*") > 0;
    };
    TraceEntry t;
    t.subject = "tool";
    t.text = tool;
    if (listed(tl.exclude)) {
      Part part;
      part.effect = Effect::deny;
      part.rule = ref(tl.exclude_rule);
      part.message =
          fmt::format("the tool `{}` is disabled for this project; use another tool", tool);
      note_match(*part.rule, &t);
      add(std::move(part));
    }
    std::optional<Part> named = judge_names(tl.rules, tool, "", t);
    const std::string& kind = call.kind;
    if (named) {
      add(std::move(*named));
    } else if (kind == "tool") {
      Part def;
      def.from_default = true;
      def.effect = mode_default(kind, "");
      if (def.effect == Effect::deny) {
        def.rule = builtin("mode.readonly", Effect::deny);
        def.message = fmt::format("read-only mode: the tool `{}` is not allowed", tool);
      } else if (def.effect == Effect::ask) {
        def.message = fmt::format("use the tool `{}`?", tool);
      }
      add(std::move(def));
    }
    if (!t.matched.empty()) keep(std::move(t));
  }

  // Combines the parts into the decision.
  void conclude() {
    // auto-approve: a tool whose undecided parts (mode defaults) become allow.
    bool auto_ok = p.tools.auto_approve.count(req.tool) > 0;
    if (auto_ok) {
      for (auto& part : parts)
        if (part.from_default && part.effect == Effect::ask) {
          part.effect = Effect::allow;
          part.rule = ref(p.tools.auto_approve_rule);
          part.message.clear();
        }
    }
    Part win;
    win.effect = Effect::allow;
    bool any = false;
    for (const auto& part : parts) {
      if (!any) {
        win = part;
        any = true;
      } else {
        fold(win, part);
      }
    }
    if (!any) {
      win.effect = Effect::ask;
      win.message = "nothing to judge in this request";
    }
    // always-ask beats auto mode, auto-approve and a session "always".
    if (p.tools.always_ask.count(req.tool) || p.tools.always_ask.count("*")) {
      RuleRef r = ref(p.tools.always_ask_rule);
      note_match(r, nullptr);
      if (win.effect == Effect::allow ||
          (win.effect == Effect::ask && (!win.rule || win.from_default))) {
        win.effect = Effect::ask;
        win.rule = r;
        win.message = fmt::format("`{}` always needs a human's approval", req.tool);
      }
      win.never_remember = true;
    }
    d.decision = win.effect;
    d.message = win.message;
    if (win.rule) d.rule = *win.rule;
    d.rule.effect = win.effect;
    never_remember = win.never_remember;
  }

  bool never_remember = false;
};

// The nearest folder from `dir` up that holds `.git` (a folder, or a file for worktrees and
// submodules); `dir` itself when none does. At most one look-up per path component.
std::string git_root_or(const std::string& dir, const FileSystem& fs) {
  if (dir.empty() || dir[0] != '/') return dir;
  std::string at = dir;
  for (;;) {
    if (fs.exists(at == "/" ? "/.git" : at + "/.git")) return at;
    if (at == "/") return dir;
    auto slash = at.rfind('/');
    at = slash == 0 ? "/" : at.substr(0, slash);
  }
}

Decision decide_one(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                    bool* never_remember) {
  Decision d;
  Mode mode = req.mode ? *req.mode : p.mode;
  std::shared_ptr<const FileSystem> real;
  const FileSystem* fs = opt.fs.get();
  if (!fs) {
    real = real_file_system();
    fs = real.get();
  }
  Judge j(p, req, mode, fs, d);
  j.tracing = opt.trace;
  j.home = req.home.empty() ? "/" : lexical_normalize(req.home);
  // Seed 004: « "Le projet" est la racine du dépôt git (le répertoire de travail hors dépôt) ».
  std::string project =
      req.project_root.empty() ? git_root_or(lexical_normalize(req.cwd), *fs) : req.project_root;
  if (project.empty()) project = "/";
  j.project_lexical = lexical_normalize(project);
  if (req.input_json.size() > kMaxInputBytes) {
    d.decision = Effect::ask;
    d.error = fmt::format("the request input is larger than {} bytes", kMaxInputBytes);
    d.message = *d.error;
    d.rule = builtin("limits.input-size", Effect::ask);
    return d;
  }
  if (!json_depth_within(req.input_json)) {  // before parsing: serializing JSON recurses
    d.decision = Effect::ask;
    d.error = json_depth_error();
    d.message = *d.error;
    d.rule = builtin("limits.json-depth", Effect::ask);
    return d;
  }
  json input = json::parse(req.input_json, nullptr, false);
  JsonDrain drain_input{input};
  if (input.is_discarded() || !input.is_object()) {
    d.decision = Effect::ask;
    d.error = "the request input is not a JSON object";
    d.message = *d.error;
    d.rule = builtin("request.invalid", Effect::ask);
    return d;
  }
  if (req.kind.empty()) {
    j.call =
        engine::resolve_tool(req.tool, req.harness, p.tools.harnesses, p.tools.mappings, input);
  } else {
    j.call.kind = req.kind;
    if (req.kind == "mcp") {  // an explicit kind keeps the name's own MCP form
      json none = json::object();
      j.call.mcp = engine::resolve_tool(req.tool, req.harness, {}, {}, none).mcp;
    }
  }
  j.judge_tool_name();
  j.judge_request(input);
  j.conclude();
  if (never_remember) *never_remember = j.never_remember;
  return d;
}

void merge_matched(Decision& into, const Decision& from) {
  for (const auto& m : from.matched)
    if (std::none_of(into.matched.begin(), into.matched.end(),
                     [&](const RuleRef& r) { return r.id == m.id && r.file == m.file; }))
      into.matched.push_back(m);
  for (const auto& t : from.trace) into.trace.push_back(t);
  if (!into.error && from.error) into.error = from.error;
}

// Restricting combination: the more restrictive decision wins; on a tie, the first.
void restrict_with(Decision& d, const Decision& layer, bool& nr, bool layer_nr) {
  if (layer.decision > d.decision) {
    d.decision = layer.decision;
    d.message = layer.message;
    d.rule = layer.rule;
    nr = layer_nr;
  } else if (layer.decision == d.decision) {
    nr = nr || layer_nr;
  }
  merge_matched(d, layer);
}

Decision decide_layers(const Policy::Impl& p, const Request& req, const DecideOptions& opt,
                       bool* nr) {
  bool own_nr = false;
  Decision d;
  if (!p.plugins.empty()) {
    // Escouade: any deny wins, else any allow, else ask. The file's own rules vote too when it
    // has any.
    std::vector<std::pair<Decision, bool>> votes;
    for (const auto& pl : p.plugins) {
      bool v_nr = false;
      votes.push_back({decide_layers(*pl, req, opt, &v_nr), v_nr});
    }
    if (!p.rules.empty()) {
      bool v_nr = false;
      votes.push_back({decide_one(p, req, opt, &v_nr), v_nr});
    }
    const std::pair<Decision, bool>* pick = nullptr;
    for (const auto& v : votes)
      if (v.first.decision == Effect::deny) {
        pick = &v;
        break;
      }
    if (!pick)
      for (const auto& v : votes)
        if (v.first.decision == Effect::allow) {
          pick = &v;
          break;
        }
    if (pick) {
      d = pick->first;
      own_nr = pick->second;
    } else {
      d.decision = Effect::ask;
      d.message = "no plugin decided: ask the user";
      for (const auto& v : votes)
        if (!v.first.message.empty()) {
          d.message = v.first.message;
          d.rule = v.first.rule;
          break;
        }
    }
    for (const auto& v : votes)
      if (&v != pick) merge_matched(d, v.first);
  } else {
    d = decide_one(p, req, opt, &own_nr);
  }
  for (const auto& parent : p.parents) {
    bool pnr = false;
    Decision pd = decide_layers(*parent, req, opt, &pnr);
    restrict_with(d, pd, own_nr, pnr);
  }
  if (!req.agent.empty()) {
    if (auto it = p.agents.find(req.agent); it != p.agents.end()) {
      // A sub-agent layer only restricts, and only through rules that matched: its defaults do
      // not apply.
      bool anr = false;
      Decision ad = decide_one(*it->second, req, opt, &anr);
      if (!ad.rule.id.empty() && ad.rule.file != "<builtin>") restrict_with(d, ad, own_nr, anr);
    }
  }
  if (nr) *nr = own_nr;
  return d;
}

std::string canonical_call(const Request& req) {
  // Too large or too deep: the raw text. Otherwise the parsed form, and running out of memory
  // throws (an error decision) rather than quietly changing the key (tests/alloc).
  if (req.input_json.size() > kMaxInputBytes || !json_depth_within(req.input_json))
    return req.tool + '\n' + req.input_json;
  json input = json::parse(req.input_json, nullptr, false);
  JsonDrain drain{input};
  return req.tool + '\n' + (input.is_discarded() ? req.input_json : input.dump());
}

void apply_session(const Policy::Impl& p, const Request& req, Session& s, Decision& d, bool nr) {
  auto& st = s.state();
  if (!st.started) st.started = st.clock;
  auto stop = [&](std::string id, std::string message) {
    d.decision = Effect::deny;
    d.rule = builtin(std::move(id), Effect::deny);
    d.message = std::move(message);
    d.matched.push_back(d.rule);
  };
  std::string call = canonical_call(req);
  if (call == st.last_call) {
    ++st.repeats;
  } else {
    st.last_call = call;
    st.repeats = 1;
  }
  const auto& ss = p.session;
  if (ss.budget_actions && st.actions >= ss.budget_actions) {
    stop("session.budget.actions",
         fmt::format("the session's budget of {} actions is spent: stop here and summarize what "
                     "is done and what remains",
                     ss.budget_actions));
  } else if (ss.budget_minutes > 0 && st.clock - *st.started >= ss.budget_minutes * 60) {
    stop("session.budget.minutes",
         fmt::format("the session's budget of {} minutes is spent: stop here and summarize what "
                     "is done and what remains",
                     ss.budget_minutes));
  } else if (ss.loop_threshold && st.repeats >= ss.loop_threshold) {
    stop("session.loop",
         fmt::format("blocked for repetition: this exact call was made {} times in a row; do not "
                     "retry it, change approach",
                     st.repeats));
  } else if (d.decision == Effect::ask && !nr && ss.remember_always &&
             st.always_tools.count(req.tool) && !d.error) {
    d.decision = Effect::allow;
    d.rule = builtin("session.always", Effect::allow);
    d.message = fmt::format("`{}` was approved for this session (\"always\")", req.tool);
  }
  ++st.actions;
  if (d.decision == Effect::deny) ++st.denials;
}

}  // namespace

}  // namespace vigie::engine

namespace vigie {

namespace {

// The decision when even the error path runs out of memory: every string fits in the small-string
// buffer, so nothing here allocates (tests/alloc).
Decision out_of_memory(bool interactive) noexcept {
  Decision d;
  d.decision = interactive ? Effect::ask : Effect::deny;
  d.error = "out of memory";
  d.message = "out of memory";
  d.rule.id = "internal-error";
  d.rule.file = "<builtin>";
  d.rule.effect = d.decision;
  return d;
}

}  // namespace

Decision Policy::decide(const Request& req, const DecideOptions& opt) const noexcept {
  try {
    Decision d;
    try {
      bool nr = false;
      const Impl& p = impl_->for_mode(req.mode.value_or(impl_->mode));
      d = engine::decide_layers(p, req, opt, &nr);
      if (opt.session) engine::apply_session(p, req, *opt.session, d, nr);
      if (!opt.trace) d.matched.clear();  // the session's own stop rules
      engine::bound_trace(d);
    } catch (const std::exception& e) {
      d = Decision{};
      d.decision = Effect::ask;
      d.error = fmt::format("internal error: {}", e.what());
      d.message = "vigie could not judge this request (internal error): a human must decide";
      d.rule = engine::builtin("internal-error", Effect::ask);
    } catch (...) {
      d = Decision{};
      d.decision = Effect::ask;
      d.error = "internal error";
      d.message = "vigie could not judge this request (internal error): a human must decide";
      d.rule = engine::builtin("internal-error", Effect::ask);
    }
    if (d.decision == Effect::ask && !req.interactive) {
      Effect e = impl_->non_interactive.value_or(Effect::deny);
      if (e == Effect::deny) {
        d.decision = Effect::deny;
        d.message = fmt::format(
            "this needs a human's approval and none is available (non-interactive run): {}",
            d.message.empty() ? "not allowed by policy" : d.message);
        d.rule.effect = Effect::deny;
      }
    }
    if (d.decision == Effect::deny && d.message.empty()) d.message = "denied by policy";
    return d;
  } catch (...) {  // the error path itself failed (out of memory)
    return out_of_memory(req.interactive);
  }
}

}  // namespace vigie
