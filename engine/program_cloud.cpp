// Cloud and deployment clients (handler `cloud`): aws, gsutil, gcloud, helm, terraform. What
// their lines read and write on the local disk: aws's `file://`/`fileb://` parameter values and
// the local side of `s3 cp|mv|sync`, gsutil's and `gcloud storage`'s local operands, gcloud's
// `--flags-file` and `--…-file` values, helm's values files and plugins, terraform's state, plan
// and variable files. The options are the programs table's entries `PROGRAM:…`
// (engine/programs_table_cloud.cpp).
#include <algorithm>
#include <optional>
#include <string>

#include "engine/program_cloud_runs.hpp"
#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;
using program_words::starts_with;

namespace {

void read_file(ProgramEffects& out, const WordView& from, std::string path, std::string entry) {
  if (path.empty() || path == "-") return;
  out.files.push_back(
      {Touch::read, word_of(from, std::move(path)), From::option, std::move(entry)});
}

// Whether `s` starts with `p` (lower case) in any case.
bool iprefix(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (static_cast<char>(s[i] | 0x20) != p[i]) return false;
  return true;
}

// `file://PATH`, `fileb://PATH` (aws's parameter files; any case): PATH read.
void aws_param_file(ProgramEffects& out, const WordView& w, std::string_view value) {
  for (std::string_view scheme : {"file://", "fileb://"})
    if (iprefix(value, scheme))
      read_file(out, w, std::string(value.substr(scheme.size())), "aws " + std::string(scheme));
}

// The local operands of a copy (`cp|mv|sync|rsync SRC… DST`): sources read (deleted by a move),
// folders with everything below them when the copy is recursive (`sync`, `--recursive`, `-r`);
// the destination written, as a file and as the folder the sources land in: `DST/NAME` for a
// source named NAME, `DST/*` for a recursive copy (names the line does not show). URLs are not
// local.
void copy_operands(ProgramEffects& out, const Words& w, const std::vector<std::size_t>& ops,
                   bool move, bool recursive, const std::string& entry) {
  if (ops.empty()) return;
  OperandState st;
  st.recursive = recursive;
  std::vector<std::size_t> sources(ops.begin(), ops.end() - 1);
  apply_operands(entry, move ? "*d" : "*r", w, sources, st, out);
  if (move) apply_operands(entry, "*r", w, sources, st, out);
  st.recursive = false;
  apply_operands(entry, "w", w, {ops.back()}, st, out);
  const std::string* dst = lit(w, ops.back());
  if (dst && dst->find("://") != std::string::npos) return;
  if (recursive || !dst) {
    add_folder_files(out, w[ops.back()], From::operand, entry);
    return;
  }
  for (std::size_t i : sources) {
    const std::string* src = lit(w, i);
    std::string_view name = src ? std::string_view(*src) : std::string_view();
    while (name.size() > 1 && name.back() == '/') name.remove_suffix(1);
    if (const auto slash = name.rfind('/'); slash != std::string_view::npos)
      name.remove_prefix(slash + 1);
    if (name.empty() || name == "." || name == "..") {
      add_folder_files(out, w[ops.back()], From::operand, entry);
      continue;
    }
    const std::string into = *dst + (dst->ends_with('/') ? "" : "/") + std::string(name);
    out.files.push_back({Touch::write, word_of(w[ops.back()], into), From::operand, entry});
  }
}

// Whether the words from `from` on hold a recursive copy's option: `--recursive`, or `-r`/`-R`
// alone or in a cluster of short flags (`-rd`).
bool recursive_copy(const Words& w, std::size_t from) {
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') continue;
    if (*s == "--") return false;
    if (*s == "--recursive") return true;
    if ((*s)[1] != '-' && s->find_first_of("rR") != std::string::npos &&
        s->find('=') == std::string::npos && s->size() <= 6)
      return true;
  }
  return false;
}

// The operands of words[from…] for a parser where every `--name` takes a value unless listed in
// `decl` as a flag or written `--name=V` or followed by another option; `-x` words are flags.
std::vector<std::size_t> valued_operands(const Words& w, std::size_t from, const ProgramDecl* decl,
                                         bool unknown_valued) {
  std::vector<std::size_t> ops;
  for (std::size_t i = from; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || s->size() < 2 || (*s)[0] != '-') {
      ops.push_back(i);
      continue;
    }
    if (*s == "--") {
      for (++i; i < w.size(); ++i) ops.push_back(i);
      break;
    }
    if ((*s)[1] != '-' || s->find('=') != std::string::npos) continue;
    const std::string_view name = std::string_view(*s).substr(2);
    bool valued = unknown_valued && !starts_with(name, "no-");
    if (decl) {
      auto it = std::find_if(decl->options.begin(), decl->options.end(), [&](const OptionDecl& d) {
        return std::find(d.longs.begin(), d.longs.end(), name) != d.longs.end();
      });
      if (it != decl->options.end()) valued = it->arg == OptionDecl::Arg::required;
    }
    const std::string* next = lit(w, i + 1);
    if (valued && i + 1 < w.size() && !(next && starts_with(*next, "--"))) ++i;
  }
  return ops;
}

// aws [GLOBAL] SERVICE OPERATION [OPTIONS] [OUTFILE].
void aws(const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      // `"file://$X"`: a parameter file whose name the line does not show.
      const std::string& t = w[i].text;
      for (std::size_t at = 0; at < t.size(); ++at)
        if (iprefix(std::string_view(t).substr(at), "file://") ||
            iprefix(std::string_view(t).substr(at), "fileb://")) {
          out.files.push_back({Touch::read, w[i], From::option, "aws file://"});
          break;
        }
      continue;
    }
    std::string_view v = *s;
    if (starts_with(v, "--") && v.find('=') != std::string_view::npos)
      v.remove_prefix(v.find('=') + 1);
    aws_param_file(out, w[i], v);
    // Options naming a file directly: `--body` (a streaming upload), `--…-file` (read;
    // `--output…-file` written), `--ca-bundle`, `--priv-launch-key`.
    if (!starts_with(*s, "--")) continue;
    const std::size_t eq = s->find('=');
    const std::string name = s->substr(0, eq);
    const bool output = starts_with(name, "--output") || starts_with(name, "--out-");
    if (!(name == "--body" || name == "--ca-bundle" || name == "--priv-launch-key" ||
          name.ends_with("-file")))
      continue;
    const WordView* val = eq != std::string::npos ? &w[i] : i + 1 < w.size() ? &w[i + 1] : nullptr;
    if (!val) continue;
    std::string path = eq != std::string::npos ? s->substr(eq + 1)
                       : val->literal          ? *val->literal
                                               : std::string();
    if (iprefix(path, "file://") || iprefix(path, "fileb://")) continue;  // read above
    if (path.empty() && !val->literal && eq == std::string::npos)
      out.files.push_back({output ? Touch::write : Touch::read, *val, From::option, "aws " + name});
    else if (output && path != "-")
      out.files.push_back({Touch::write, word_of(*val, path), From::option, "aws " + name});
    else
      read_file(out, *val, path, "aws " + name);
  }
  const ProgramDecl* s3 = find_program("aws:s3");
  std::vector<std::size_t> ops = valued_operands(w, 1, s3, true);
  if (ops.size() < 2) return;
  const std::string* service = lit(w, ops[0]);
  const std::string* op = lit(w, ops[1]);
  if (!service || !op) {
    out.escalations.push_back("aws with a command that is not static");
    return;
  }
  if (*service == "configure") {
    aws_configure(w, ops, out);
    return;
  }
  if (*service == "s3") {
    if (*op != "cp" && *op != "mv" && *op != "sync") return;
    std::vector<std::size_t> files = valued_operands(w, ops[1] + 1, s3, false);
    copy_operands(out, w, files, *op == "mv", *op == "sync" || recursive_copy(w, ops[1] + 1),
                  "aws s3 " + *op);
    return;
  }
  // A service operation's one operand is the file it writes (`s3api get-object … OUTFILE`).
  OperandState st;
  std::vector<std::size_t> outfile(ops.begin() + 2, ops.end());
  apply_operands("aws " + *service + " " + *op, "*w", w, outfile, st, out);
}

// gsutil [GLOBAL] cp|mv|rsync [OPTIONS] SRC… DST.
void gsutil(const Words& w, ProgramEffects& out) {
  const ProgramDecl* g = find_program("gsutil:global");
  if (!g) return;
  ParsedArgs ga = parse_args(*g, w, 1, true);
  OperandState st;
  apply_options("gsutil", ga, out, st);
  for (const ParsedOption& o : ga.options) {
    if (!o.decl || o.decl->shorts != "o" || !o.value) continue;
    const std::string* v = o.value->literal ? &*o.value->literal : nullptr;
    const std::size_t eq = v ? v->find('=') : std::string::npos;
    if (!v || eq == std::string::npos) {
      if (!v) out.escalations.push_back("gsutil -o with a value that is not static");
      continue;
    }
    const std::string key = v->substr(0, eq);
    if (key.find("file") != std::string::npos || key.find("path") != std::string::npos ||
        key.find("dir") != std::string::npos)
      read_file(out, *o.value, v->substr(eq + 1), "gsutil -o " + key);
  }
  const std::size_t at = ga.stopped_at;
  const std::string* cmd = lit(w, at);
  if (at >= w.size()) return;
  if (!cmd) {
    out.escalations.push_back("gsutil with a command that is not static");
    return;
  }
  if (*cmd != "cp" && *cmd != "mv" && *cmd != "rsync") return;
  const ProgramDecl* d = find_program("gsutil:" + *cmd);
  if (!d) return;
  ParsedArgs a = parse_args(*d, w, at + 1);
  apply_options("gsutil " + *cmd, a, out, st);
  copy_operands(out, w, a.operands, *cmd == "mv", *cmd == "rsync" || recursive_copy(w, at + 1),
                "gsutil " + *cmd);
  if (*cmd == "rsync" && !a.operands.empty() &&
      std::any_of(a.options.begin(), a.options.end(),
                  [](const ParsedOption& o) { return o.spelling == "-d"; }))
    apply_operands("gsutil rsync -d", "d", w, {a.operands.back()}, st, out);
}

// gcloud's commands whose operands are local files, by the words that name them: the operand
// shape after those words (`vm:path` is not local); `compute ssh --command CMD` runs CMD on the
// machine, judged like ssh's remote command. `uploads`: the command uploads a source folder with
// everything below it (`builds submit [DIR]`; `app deploy`, the service's folder; `functions
// deploy`, `--source DIR` or the current folder); 'o' the operand, else the current folder,
// '.' the current folder always, 's' `--source`'s value, else the current folder.
struct GcloudCommand {
  std::string_view words;
  std::string_view shape;
  char uploads = 0;
};
constexpr GcloudCommand kGcloudCommands[] = {
    {"compute scp", "*r$w"},
    {"compute copy-files", "*r$w"},
    {"iam service-accounts keys create", "w"},
    {"builds submit", "*R", 'o'},  // `--tag x`'s value may stand among the operands
    {"app deploy", "*r", '.'},
    {"functions deploy", "-", 's'},
    {"run deploy", "-"},
};

// Whether the words hold `--source` (its value is read with everything below it in `gcloud`).
bool names_source(const Words& w) {
  return std::any_of(w.begin(), w.end(), [](const WordView& x) {
    return x.literal && (*x.literal == "--source" || starts_with(*x.literal, "--source="));
  });
}

void gcloud_commands(const Words& w, const std::vector<std::size_t>& ops, ProgramEffects& out) {
  std::string path;
  for (std::size_t k = 0; k < ops.size() && k < 5; ++k) {
    const std::string* s = lit(w, ops[k]);
    if (!s) {
      // `gcloud $X …`: a command group the line does not show (`compute ssh --command …`).
      if (k < 2) out.escalations.push_back("gcloud with a command that is not static");
      break;
    }
    if (path.empty() && (*s == "alpha" || *s == "beta" || *s == "preview")) continue;  // a track
    path += (path.empty() ? "" : " ") + *s;
    for (const GcloudCommand& c : kGcloudCommands) {
      if (path != c.words) continue;
      OperandState st;
      const std::vector<std::size_t> rest(ops.begin() + static_cast<long>(k) + 1, ops.end());
      apply_operands("gcloud " + path, std::string(c.shape), w, rest, st, out);
      if (c.uploads == '.' || (c.uploads == 'o' && rest.empty()) ||
          (c.uploads == 's' && !names_source(w))) {
        const std::size_t before = out.files.size();
        add_word_file(out, Touch::read, word_of(w[0], "."), From::operand,
                      "gcloud " + path + " (the folder it uploads)");
        if (out.files.size() > before) out.files.back().recursive = true;
      }
      return;
    }
  }
  if (!starts_with(path, "compute ssh") && !starts_with(path, "compute tpus tpu-vm ssh")) return;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    const std::string_view text = s ? std::string_view(*s) : std::string_view(w[i].text);
    if (text == "--") {  // ssh's own arguments, a remote command among them
      if (i + 1 < w.size()) out.escalations.push_back("gcloud compute ssh -- SSH_ARGS");
      return;
    }
    if (text != "--command" && !starts_with(text, "--command=")) continue;
    const std::string* line = text == "--command" ? lit(w, i + 1) : s;
    if (text == "--command" && i + 1 >= w.size()) return;
    if (!line)
      out.escalations.push_back("gcloud compute ssh --command that is not static");
    else
      out.scripts.push_back(text == "--command" ? *line : line->substr(10));
    if (text == "--command") ++i;
  }
}

// gcloud: `--flags-file=FILE`, `--…-file[=KEY=PATH,…]` read anywhere; `storage cp|mv|rsync`.
void gcloud(const Words& w, ProgramEffects& out) {
  gcloud_ssh_flags(w, out);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || !starts_with(*s, "--")) continue;
    const std::size_t eq = s->find('=');
    const std::string name = s->substr(0, eq);
    if (!name.ends_with("-file") && !name.ends_with("-from-file") &&
        !name.ends_with("-file-override") && name != "--source")
      continue;
    const WordView* val = eq != std::string::npos ? &w[i] : i + 1 < w.size() ? &w[i + 1] : nullptr;
    if (!val) continue;
    if (!val->literal) {
      out.files.push_back({Touch::read, *val, From::option, "gcloud " + name});
      out.files.back().recursive = name == "--source";
      continue;
    }
    std::string v = eq != std::string::npos ? s->substr(eq + 1) : *val->literal;
    if (starts_with(name, "--out") || name.ends_with("-output-file")) {  // `--out-file`
      if (v != "-")
        out.files.push_back({Touch::write, word_of(*val, v), From::option, "gcloud " + name});
      if (eq == std::string::npos) ++i;
      continue;
    }
    // `KEY=PATH,KEY=PATH` (`--metadata-from-file`) or one PATH.
    for (std::size_t b = 0; b <= v.size();) {
      std::size_t e = v.find(',', b);
      if (e == std::string::npos) e = v.size();
      std::string piece = v.substr(b, e - b);
      if (auto k = piece.find('='); k != std::string::npos && name != "--flags-file")
        piece = piece.substr(k + 1);
      const std::size_t before = out.files.size();
      read_file(out, *val, piece, "gcloud " + name);
      // `--source DIR` (run, functions deploy): the folder uploaded with everything below it.
      if (name == "--source" && out.files.size() > before) out.files.back().recursive = true;
      b = e + 1;
    }
    if (eq == std::string::npos) ++i;
  }
  const ProgramDecl* d = find_program("gcloud:storage");
  if (!d) return;
  std::vector<std::size_t> ops = valued_operands(w, 1, d, false);
  gcloud_commands(w, ops, out);
  if (ops.size() < 2 || !lit(w, ops[0]) || *lit(w, ops[0]) != "storage") return;
  const std::string* cmd = lit(w, ops[1]);
  if (!cmd) {
    out.escalations.push_back("gcloud storage with a command that is not static");
    return;
  }
  if (*cmd != "cp" && *cmd != "mv" && *cmd != "rsync") return;
  ParsedArgs a = parse_args(*d, w, ops[1] + 1);
  OperandState st;
  apply_options("gcloud storage " + *cmd, a, out, st);
  copy_operands(out, w, a.operands, *cmd == "mv", *cmd == "rsync" || recursive_copy(w, ops[1] + 1),
                "gcloud storage " + *cmd);
}

// helm's commands; any other is a plugin (asked), as are `helm plugin …` but `list`.
constexpr std::string_view kHelmCommands[] = {
    "completion", "create",  "dependency", "dep",     "dependencies", "env",     "get",
    "help",       "history", "hist",       "install", "lint",         "list",    "ls",
    "package",    "pull",    "fetch",      "push",    "registry",     "repo",    "rollback",
    "search",     "show",    "inspect",    "status",  "template",     "test",    "uninstall",
    "un",         "delete",  "del",        "upgrade", "verify",       "version", "plugin"};

void helm(const Words& w, ProgramEffects& out) {
  const ProgramDecl* d = find_program("helm:options");
  if (!d) return;
  ParsedArgs a = parse_args_eq(*d, w, 1);
  OperandState st;
  apply_options("helm", a, out, st);
  // `--set-file KEY=PATH[,KEY=PATH]`: each PATH read.
  for (const ParsedOption& o : a.options) {
    if (!o.decl || o.spelling != "--set-file" || !o.value) continue;
    if (!o.value->literal) {
      out.files.push_back({Touch::read, *o.value, From::option, "helm --set-file"});
      continue;
    }
    const std::string& v = *o.value->literal;
    for (std::size_t b = 0; b < v.size();) {
      std::size_t e = v.find(',', b);
      if (e == std::string::npos) e = v.size();
      std::string piece = v.substr(b, e - b);
      if (auto k = piece.find('='); k != std::string::npos) piece = piece.substr(k + 1);
      read_file(out, *o.value, piece, "helm --set-file");
      b = e + 1;
    }
  }
  if (a.operands.empty()) return;
  const std::string* cmd = lit(w, a.operands[0]);
  if (!cmd) {
    out.escalations.push_back("helm with a command that is not static");
    return;
  }
  if (std::find(std::begin(kHelmCommands), std::end(kHelmCommands), *cmd) ==
      std::end(kHelmCommands)) {
    out.escalations.push_back("helm " + *cmd + " (a plugin helm runs)");
    return;
  }
  const std::string* sub = a.operands.size() > 1 ? lit(w, a.operands[1]) : nullptr;
  if (*cmd == "plugin" && !(sub && (*sub == "list" || *sub == "ls")))
    out.escalations.push_back("helm plugin (plugins run code)");
}

// terraform [-chdir=DIR] COMMAND [OPTIONS] [OPERANDS]: the operands of apply, show, `state push`
// and `fmt` are files (fmt rewrites them); `providers mirror DIR` writes into DIR.
void terraform(std::string_view name, const Words& w, ProgramEffects& out) {
  const ProgramDecl* d = find_program("terraform:options");
  if (!d) return;
  std::size_t i = 1;
  for (; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      out.escalations.push_back(std::string(name) + " with a word that is not static");
      return;
    }
    if (s->empty() || (*s)[0] != '-') break;
    std::string_view v = *s;
    if (starts_with(v, "--")) v.remove_prefix(1);
    // `-chdir=DIR`: where it works, reads its configuration and writes its state and
    // `.terraform/` folder.
    std::optional<WordView> dir;
    if (starts_with(v, "-chdir="))
      dir = word_of(w[i], std::string(v.substr(7)));
    else if (v == "-chdir" && i + 1 < w.size())
      dir = w[++i];
    if (dir) {
      out.files.push_back({Touch::read, *dir, From::option, std::string(name) + " -chdir"});
      add_folder_files(out, *dir, From::option, std::string(name) + " -chdir");
      out.chdir = *dir;
    }
  }
  if (i >= w.size()) return;
  const std::string cmd = *lit(w, i);
  ParsedArgs a = parse_args(*d, w, i + 1);
  OperandState st;
  apply_options(std::string(name) + " " + cmd, a, out, st);
  // `-backend-config=PATH` (a file) or `-backend-config=KEY=VALUE`.
  for (const ParsedOption& o : a.options)
    if (o.decl && option_name(*o.decl) == "--backend-config" && o.value &&
        (!o.value->literal || o.value->literal->find('=') == std::string::npos))
      out.files.push_back(
          {Touch::read, *o.value, From::option, std::string(name) + " -backend-config"});
  const std::vector<std::size_t>& ops = a.operands;
  const std::string* sub = ops.empty() ? nullptr : lit(w, ops[0]);
  std::string shape;
  if (cmd == "apply" || cmd == "show")
    shape = "r";
  else if (cmd == "fmt") {
    // `-check`, `-list`, `-write=false`: it reports; without operands it rewrites the current
    // folder's configuration files (and those below it with `-recursive`).
    bool writes = true, recursive = false;
    for (const ParsedOption& o : a.options) {
      const std::string n = o.decl ? std::string(option_name(*o.decl)) : o.spelling;
      const std::string v = o.value && o.value->literal ? *o.value->literal : "";
      if ((n == "--check" && v != "false") || (n == "--write" && v == "false")) writes = false;
      if (n == "--recursive" && v != "false") recursive = true;
    }
    shape = writes ? "*m" : "*r";
    if (writes && ops.empty())
      rewrite_tree(out, word_of(w[0], "."), std::string(name) + " fmt",
                   recursive ? "**/*.tf*" : "*.tf*");
  } else if (cmd == "state" && sub && *sub == "push")
    shape = "-r";
  else if (cmd == "providers" && sub && *sub == "mirror")
    shape = "-g";
  apply_operands(std::string(name) + " " + cmd, shape, w, ops, st, out);
}

// `ansible HOSTS -m shell -a 'CMD'` (and `command`, `raw`, `script`, their
// `ansible.builtin.` names): the module runs its arguments on the inventory's hosts, maybe this
// one. The line is judged, and asked (it runs elsewhere too); another module is asked when its
// arguments are not static.
void ansible(const Words& w, ProgramEffects& out) {
  std::optional<std::string> module, args;
  bool args_static = true;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) continue;
    auto value = [&](std::string_view short_opt, std::string_view long_opt,
                     std::optional<std::string>& into) {
      std::string_view v = *s;
      if (v == short_opt || v == long_opt) {
        if (i + 1 < w.size()) {
          if (lit(w, i + 1))
            into = *lit(w, i + 1);
          else
            args_static = false;
          ++i;
        }
        return true;
      }
      if (v.starts_with(std::string(long_opt) + "=")) {
        into = std::string(v.substr(long_opt.size() + 1));
        return true;
      }
      if (v.starts_with(short_opt) && v.size() > 2 && v[1] != '-') {
        into = std::string(v.substr(2));
        return true;
      }
      return false;
    };
    if (value("-m", "--module-name", module)) continue;
    value("-a", "--args", args);
  }
  std::string m = module.value_or("command");
  if (m.starts_with("ansible.builtin.")) m = m.substr(16);
  if (!args_static) {
    out.escalations.push_back("ansible -a with arguments that are not static");
    return;
  }
  if (m != "shell" && m != "command" && m != "raw" && m != "script") return;
  out.escalations.push_back("ansible -m " + m + ": runs a command on the inventory's hosts");
  if (args && m == "script")
    add_word_file(out, Touch::read, word_of(w[0], args->substr(0, args->find(' '))), From::option,
                  "ansible -m script");
  else if (args)
    out.scripts.push_back(*args);
}

// `salt-call cmd.run 'CMD'` (here), `salt TARGET cmd.run 'CMD'` (on the minions, maybe this
// host): the execution modules that run a shell line (`cmd.run`, `cmd.shell`, `cmd.run_all`…)
// run their first argument (`cmd='CMD'` too); `cmd.script URL|FILE` runs a file. The line is
// judged; on the minions it is also asked. Another module with arguments not static is asked.
void salt(std::string_view name, const Words& w, ProgramEffects& out) {
  const bool local = name == "salt-call";
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s || !starts_with(*s, "cmd.")) continue;
    const std::string fn = s->substr(4);
    if (!local) out.escalations.push_back(std::string(name) + " " + *s + ": runs on the minions");
    // The first argument that is not an option (`--timeout=5`) or a keyword other than `cmd=`.
    for (std::size_t k = i + 1; k < w.size(); ++k) {
      const std::string* a = lit(w, k);
      if (!a) {
        out.escalations.push_back(std::string(name) + " " + *s + " with a command not static");
        return;
      }
      if (starts_with(*a, "-")) continue;
      std::string line = *a;
      if (starts_with(line, "cmd="))
        line = line.substr(4);
      else if (line.find('=') != std::string::npos && line.find(' ') == std::string::npos)
        continue;  // another keyword argument (`cwd=/srv`)
      if (fn == "script" || fn == "script_retcode")
        add_word_file(out, Touch::read, word_of(w[k], line), From::operand,
                      std::string(name) + " " + *s);
      else
        out.scripts.push_back(line);
      break;
    }
    return;
  }
}

}  // namespace

void cloud_handler(const ProgramDecl&, std::string_view name, const Words& w, ProgramEffects& out) {
  // What the handlers below do not model (a chart folder, a value some subcommand reads).
  add_named_words(name, w, out);
  if (name == "aws")
    aws(w, out);
  else if (name == "gsutil")
    gsutil(w, out);
  else if (name == "gcloud")
    gcloud(w, out);
  else if (name == "helm")
    helm(w, out);
  else if (name == "ansible")
    ansible(w, out);
  else if (name == "salt" || name == "salt-call")
    salt(name, w, out);
  else
    terraform(name, w, out);
}

}  // namespace vigie::engine
