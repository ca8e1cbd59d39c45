// Values holding code that a line builds by spellings note_line_state does not read: a
// here-document read into a variable (or captured by `$(cat <<'EOF' …)`), printf's own escapes
// and joins (`%b`, `\x24`, `\044`, `'%s%s' 'a[$' '(cmd)]'`), `echo -e`, and the words of
// `${y:-WORD}`, `${x:=WORD}`, `${x/PAT/REP}`. Arithmetic evaluates such a value again and runs
// the substitutions of its subscripts (`echo $((x))` with x `a[$(cmd)]`): each value with a
// subscript holding code is held (judged, and asked, by judge_commands when the line evaluates
// again). Called only for a line with a `[` or a `\` (engine/judge_command.cpp). Also the
// values `${x@P}` decodes as a prompt (held_prompts), and the lines `printf -v` and `read`
// give a variable a program runs (assigned_variable_lines, for builtin_code.cpp).
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/builtin_code.hpp"
#include "engine/judge.hpp"
#include "engine/prompt_line.hpp"
#include "grammar/shell/unescape.hpp"

namespace vigie::engine {

namespace {

// What arithmetic runs in a value: a `[`, then a substitution after it (as held_arguments).
bool subscript_code(std::string_view v) {
  const std::size_t at = v.find('[');
  if (at == std::string_view::npos) return false;
  v.remove_prefix(at);
  return v.find("$(") != v.npos || v.find('`') != v.npos || v.find("$[") != v.npos ||
         v.find("${") != v.npos;
}

// The bytes printf's `%b` and `echo -e` make of `s`: `\0NNN` (up to three octal digits after
// the 0), `\c` (the output stops: `stop` set), the others as `$'…'` reads them.
std::string echo_escapes(std::string_view s, bool& stop) {
  std::string out, pending;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      pending += s[i];
      continue;
    }
    const char e = s[i + 1];
    if (e == 'c') {
      stop = true;
      break;
    }
    if (e != '0') {
      pending += s.substr(i, 2);
      ++i;
      continue;
    }
    out += shell::decode_ansi_c(pending);
    pending.clear();
    unsigned v = 0;
    i += 1;
    for (int n = 0; n < 3 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++n)
      v = v * 8 + static_cast<unsigned>(s[++i] - '0');
    out += static_cast<char>(v & 0xFF);
  }
  return out + shell::decode_ansi_c(pending);
}

}  // namespace

// The text `printf FORMAT ARG…` prints (or sets with `-v`), its words all static: the format's
// escapes, `%s`, `%b`, `%q` (its argument: fail closed), `%c`, numbers as `0`, the format used
// again while arguments remain. nullopt when a word is not static.
std::optional<std::string> printf_output(const std::vector<shell::WordView>& words) {
  std::size_t i = 1;
  for (; i < words.size(); ++i) {
    if (!words[i].literal) return std::nullopt;
    const std::string& w = *words[i].literal;
    if (w == "--") {
      ++i;
      break;
    }
    if (!w.starts_with("-v")) break;
    if (w.size() == 2) ++i;  // `-v NAME`
  }
  if (i >= words.size()) return std::nullopt;
  for (std::size_t k = i; k < words.size(); ++k)
    if (!words[k].literal) return std::nullopt;
  const std::string_view format = *words[i].literal;
  std::size_t arg = i + 1;
  const auto next = [&]() -> std::string_view {
    return arg < words.size() ? std::string_view(*words[arg++].literal) : std::string_view();
  };
  std::string out;
  bool stop = false;
  constexpr std::size_t kMaxOutput = 1 << 16;
  do {
    const std::size_t before = arg;
    std::size_t from = 0;
    for (std::size_t pct = format.find('%'); !stop; pct = format.find('%', from)) {
      out += shell::decode_ansi_c(format.substr(from, pct - from));
      if (pct == std::string_view::npos) break;
      std::size_t k = pct + 1;
      while (k < format.size() && std::string_view("-+ #0'").find(format[k]) != format.npos) ++k;
      for (int part = 0; part < 2 && k < format.size(); ++part) {  // width, then .precision
        if (part == 1 && format[k] != '.') break;
        if (part == 1) ++k;
        if (k < format.size() && format[k] == '*') {
          next();
          ++k;
        }
        while (k < format.size() && format[k] >= '0' && format[k] <= '9') ++k;
      }
      while (k < format.size() && std::string_view("hlLqjzt").find(format[k]) != format.npos) ++k;
      if (k >= format.size()) {
        out += format.substr(pct);
        from = format.size();
        break;
      }
      const char conv = format[k];
      from = k + 1;
      if (conv == '%') {
        out += '%';
      } else if (conv == 'b') {
        out += echo_escapes(next(), stop);
      } else if (conv == 'c') {
        out += next().substr(0, 1);
      } else if (std::string_view("diouxXeEfFgGaA").find(conv) != std::string_view::npos) {
        next();
        out += '0';
      } else {  // `%s`, `%q`, `%Q`, and what bash refuses: the argument as given
        out += next();
      }
      if (out.size() > kMaxOutput) return out;
    }
    if (arg == before) break;  // the format takes no argument: printed once
  } while (arg < words.size() && !stop && out.size() <= kMaxOutput);
  return out;
}

namespace {

// The text `echo` prints, its escapes read as `echo -e` does (also without `-e`: `shopt -s
// xpg_echo` reads them too); nullopt when a word is not static.
std::optional<std::string> echo_output(const std::vector<shell::WordView>& words) {
  std::string joined;
  bool options = true;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (!words[i].literal) return std::nullopt;
    const std::string& w = *words[i].literal;
    if (options && w.size() > 1 && w[0] == '-' &&
        w.find_first_not_of("neE", 1) == std::string::npos)
      continue;
    options = false;
    if (!joined.empty()) joined += ' ';
    joined += w;
  }
  bool stop = false;
  return echo_escapes(joined, stop);
}

// Quote removal of a word's source text, its expansions left as written: `'…'`, `$'…'` (its
// escapes decoded; inside double quotes too, as bash 5.2 does in `"${y:-$'…'}"`), `"…"` (`\$`,
// `` \` ``, `\"`, `\\` there), `\c` outside quotes.
std::string unquote(std::string_view t) {
  std::string out;
  bool dq = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\\' && i + 1 < t.size()) {
      const char e = t[++i];
      if (dq && std::string_view("$`\"\\\n").find(e) == std::string_view::npos) out += '\\';
      if (e != '\n') out += e;
    } else if (c == '"') {
      dq = !dq;
    } else if (c == '\'' && !dq) {
      const std::size_t close = t.find('\'', i + 1);
      const std::size_t end = close == t.npos ? t.size() : close;
      out += t.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '$' && i + 1 < t.size() && t[i + 1] == '\'') {
      std::size_t k = i + 2;
      while (k < t.size() && t[k] != '\'') k += t[k] == '\\' ? 2 : 1;
      const std::size_t end = std::min(k, t.size());
      out += shell::decode_ansi_c(t.substr(i + 2, end - i - 2));
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

// Where the `}` closing the `${` before `from` is (quotes and `\` skipped, braces counted).
std::size_t closing_brace(std::string_view t, std::size_t from) {
  int depth = 1;
  for (std::size_t i = from; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\\') {
      ++i;
    } else if (c == '\'') {
      const std::size_t close = t.find('\'', i + 1);
      if (close == t.npos) return t.npos;
      i = close;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return i;
    }
  }
  return t.npos;
}

// The first `/` of `${x/PAT/REP}`'s word that is not quoted or escaped: PAT before it.
std::size_t pattern_end(std::string_view w) {
  bool dq = false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == '\\') {
      ++i;
    } else if (w[i] == '"') {
      dq = !dq;
    } else if (w[i] == '\'' && !dq) {
      const std::size_t close = w.find('\'', i + 1);
      if (close == w.npos) return w.npos;
      i = close;
    } else if (w[i] == '/' && !dq) {
      return i;
    }
  }
  return w.npos;
}

// What `${NAME/PAT/REP}` (`op` `/`, `//`, `/#`, `/%`) may make of `value`: PAT static and
// without a glob, replaced as bash does; a class of bytes (`[#]`), each of them replaced; else
// REP put between every two bytes of the value (fail closed: any byte may match).
std::string replaced(const std::string& value, std::string_view op, const std::string& pat,
                     std::string_view rep) {
  constexpr std::size_t kMaxValue = 4096;
  std::string out;
  // `[#]`, `[#%]`: a class of bytes as written, each replaced.
  if (pat.size() > 2 && pat.front() == '[' && pat.back() == ']' &&
      pat.find_first_of("[]!^-\\", 1) == pat.size() - 1) {
    for (char c : value.substr(0, kMaxValue))
      if (pat.find(c, 1) < pat.size() - 1)
        out += rep;
      else
        out += c;
    return out;
  }
  if (pat.empty() || pat.find_first_of("*?[\\") != std::string::npos) {
    if (value.size() > kMaxValue) return value.substr(0, kMaxValue) + std::string(rep);
    for (char c : value) (out += rep) += c;
    return out + std::string(rep);
  }
  if (op == "/#")
    return value.starts_with(pat) ? std::string(rep) + value.substr(pat.size()) : value;
  if (op == "/%")
    return value.ends_with(pat) ? value.substr(0, value.size() - pat.size()) + std::string(rep)
                                : value;
  std::size_t from = 0;
  for (std::size_t at = value.find(pat); at != std::string::npos; at = value.find(pat, from)) {
    out += value.substr(from, at - from);
    out += rep;
    from = at + pat.size();
    if (op == "/" || out.size() > kMaxValue) break;
  }
  return out + value.substr(from);
}

}  // namespace

// The value a word's `${y:-WORD}`, `${y=WORD}`, `${y:+WORD}`, `${y?WORD}` or `${x/PAT/REP}`
// may give: each such expansion replaced by its WORD (the value of `x` the line gave, with REP
// in place of PAT), the whole then unquoted; empty when the text has none.
std::string Judge::expansion_value(std::string_view t) const {
  std::string raw;
  bool any = false;
  std::size_t copied = 0;
  for (std::size_t at = t.find("${"); at != std::string_view::npos; at = t.find("${", at + 2)) {
    std::size_t k = at + 2;
    while (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == '_')) ++k;
    if (k == at + 2) continue;  // `${!x}`, `${#x}`, `${@…}`: other readers
    const std::string_view name = t.substr(at + 2, k - at - 2);
    constexpr std::string_view kOps[] = {":-", ":=", ":+", ":?", "//", "/#",
                                         "/%", "-",  "=",  "+",  "?",  "/"};
    std::string_view op;
    for (std::string_view o : kOps)
      if (t.substr(k).starts_with(o)) {
        op = o;
        break;
      }
    if (op.empty()) continue;
    const std::size_t close = closing_brace(t, k + op.size());
    if (close == std::string_view::npos) break;
    const std::string_view word = t.substr(k + op.size(), close - k - op.size());
    raw += t.substr(copied, at - copied);
    if (op[0] != '/') {
      raw += word;
    } else {
      const std::size_t slash = pattern_end(word);
      const std::string_view rep = slash == word.npos ? "" : word.substr(slash + 1);
      const std::string pat = unquote(word.substr(0, slash));
      auto it = std::find_if(line_values_.begin(), line_values_.end(),
                             [&](const auto& e) { return e.first == name; });
      raw += it == line_values_.end() ? std::string(rep) : replaced(it->second.value, op, pat, rep);
    }
    copied = close + 1;
    at = close - 1;
    any = true;
  }
  if (!any) return "";
  raw += t.substr(copied);
  return unquote(raw);
}

void Judge::held_spellings(const shell::CommandView& cmd, const NormalizedCommand& n,
                           std::vector<std::string>& held_code) {
  const auto hold = [&](std::string v) {
    if (subscript_code(v) && std::find(held_code.begin(), held_code.end(), v) == held_code.end())
      held_code.push_back(std::move(v));
  };
  const std::string_view name = n.name;
  const bool reads = name == "read" || name == "mapfile" || name == "readarray";
  // `x=$(cat <<'EOF' …)`: the output of a substitution is a value.
  const bool captured = std::any_of(cmd.context.begin(), cmd.context.end(),
                                    [](const auto& c) { return c == "$()" || c == "backtick"; });
  for (const auto& r : n.redirects) {
    std::string v;
    if (r.heredoc_body && (reads || captured)) {
      // An unquoted delimiter: bash removes the `\` before `$`, `` ` ``, `\` and a newline.
      if (r.heredoc_quoted) {
        v = *r.heredoc_body;
      } else {
        const std::string& b = *r.heredoc_body;
        for (std::size_t i = 0; i < b.size(); ++i) {
          if (b[i] == '\\' && i + 1 < b.size() &&
              std::string_view("$`\\\n").find(b[i + 1]) != std::string_view::npos) {
            if (b[++i] == '\n') continue;
          }
          v += b[i];
        }
      }
    } else if (r.op == "<<<" && !r.target.literal &&
               r.target.text.find("${") != r.target.text.npos) {
      v = expansion_value(r.target.text);
    } else if (r.op == "<<<" && r.target.literal && name == "read") {
      v = *r.target.literal;
    } else {
      continue;
    }
    // `read` without `-r` drops the `\` before any byte: `a[\$(cmd)]` is read as `a[$(cmd)]`.
    if (name == "read") {
      std::string dropped;
      for (std::size_t i = 0; i < v.size(); ++i)
        dropped += v[i] == '\\' && i + 1 < v.size() ? v[++i] : v[i];
      hold(std::move(dropped));
    }
    hold(std::move(v));
  }
  if (name == "printf") {
    if (auto out = printf_output(n.words)) hold(std::move(*out));
  } else if (name == "echo") {
    if (auto out = echo_output(n.words)) hold(std::move(*out));
  }
  // `x=${y:-'a[$(cmd)]'}`, `: ${x:='a[$(cmd)]'}`, `x=${x//#/$}`.
  const auto expanded = [&](const shell::WordView& w) {
    if (!w.literal && w.text.find("${") != std::string::npos) hold(expansion_value(w.text));
  };
  for (const auto& a : cmd.assigns) expanded(a.value);
  for (const auto& a : n.assigns) expanded(a.value);
  for (std::size_t k = 1; k < n.words.size(); ++k) expanded(n.words[k]);
}

// `${x@P}` decodes the value's prompt escapes before it expands it (`\044(cmd)`, `\140cmd\140`
// run cmd): every value the command shows or builds (an assignment's, a word's, printf's and
// echo's output, a here-string or here-document, each also as `read` without `-r` takes it),
// decoded, is held when it then holds code. The variable each sets is not followed (fail
// closed: `y=$x` copies it).
void Judge::held_prompts(const shell::CommandView& cmd, const NormalizedCommand& n,
                         std::vector<std::string>& held_code) {
  const bool reads = std::string_view(n.name) == "read";
  const auto hold = [&](std::string_view v) {
    for (int pass = 0; pass < (reads ? 2 : 1); ++pass) {
      std::string text(v);
      if (pass == 1) {  // `read` drops the `\` before any byte
        text.clear();
        for (std::size_t i = 0; i < v.size(); ++i)
          text += v[i] == '\\' && i + 1 < v.size() ? v[++i] : v[i];
      }
      std::string d = decoded_prompt(text);
      const bool code = d.find("$(") != d.npos || d.find('`') != d.npos || d.find("${") != d.npos ||
                        d.find("$[") != d.npos;
      if (code && std::find(held_code.begin(), held_code.end(), d) == held_code.end())
        held_code.push_back(std::move(d));
    }
  };
  // A word that is not static as its quotes removed (`arr=('\044(cmd)')`: the elements).
  const auto word = [&](const shell::WordView& w) {
    if (w.literal) return hold(*w.literal);
    hold(unquote(w.text));
    if (w.text.find("${") != std::string::npos) hold(expansion_value(w.text));
  };
  for (const auto& a : cmd.assigns) {
    word(a.value);
    // `x='\044(ca'; x+='t .env)'`: the value joined to the one the line gave before.
    auto it = std::find_if(line_values_.begin(), line_values_.end(),
                           [&](const auto& e) { return e.first == a.name; });
    if (a.append && a.value.literal && it != line_values_.end())
      hold(it->second.value + *a.value.literal);
  }
  for (const auto& a : n.assigns) word(a.value);
  for (std::size_t k = 1; k < n.words.size(); ++k) word(n.words[k]);
  for (const auto& r : n.redirects) {
    if (r.heredoc_body) hold(*r.heredoc_body);
    if (r.op == "<<<") word(r.target);
  }
  if (n.name == "printf") {
    if (auto out = printf_output(n.words)) hold(*out);
  } else if (n.name == "echo") {
    if (auto out = echo_output(n.words)) hold(*out);
  }
}

void assigned_variable_lines(const NormalizedCommand& n, std::vector<std::string>& scripts) {
  const std::string_view name = n.name;
  const auto add = [&](std::string_view variable, std::string_view value) {
    if (auto line = variable_line(variable.substr(0, variable.find('[')), value))
      scripts.push_back(std::move(*line));
  };
  if (name == "printf") {
    // `-v NAME`, `-vNAME`, before the format.
    for (std::size_t i = 1; i < n.words.size() && n.words[i].literal; ++i) {
      const std::string& w = *n.words[i].literal;
      if (w == "--" || !w.starts_with("-v")) break;
      const std::string* variable = &w;
      if (w.size() == 2) {
        if (i + 1 >= n.words.size() || !n.words[i + 1].literal) break;
        variable = &*n.words[++i].literal;
      }
      if (auto out = printf_output(n.words))
        add(w.size() == 2 ? std::string_view(*variable) : std::string_view(w).substr(2), *out);
      break;
    }
    return;
  }
  if (name != "read") return;
  // read's names (the words after its options; `-a`, `-d`, `-i`, `-n`, `-N`, `-p`, `-t`, `-u`
  // take a value), and `-r` (no `\` removed). Each name is given the whole value (fail closed:
  // IFS splits it among them).
  std::vector<std::string_view> names;
  bool raw = false, options = true;
  for (std::size_t i = 1; i < n.words.size(); ++i) {
    if (!n.words[i].literal) return;
    const std::string_view w = *n.words[i].literal;
    if (options && w == "--") {
      options = false;
    } else if (options && w.size() > 1 && w[0] == '-') {
      for (std::size_t k = 1; k < w.size(); ++k) {
        if (w[k] == 'r') raw = true;
        if (std::string_view("adinNptu").find(w[k]) == std::string_view::npos) continue;
        if (w[k] == 'a' && k + 1 == w.size() && i + 1 < n.words.size() && n.words[i + 1].literal)
          names.push_back(*n.words[i + 1].literal);
        if (k + 1 == w.size()) ++i;  // the value is the next word
        break;
      }
    } else {
      options = false;
      names.push_back(w);
    }
  }
  for (const auto& r : n.redirects) {
    std::string value;
    if (r.op == "<<<" && r.target.literal)
      value = *r.target.literal;
    else if (r.heredoc_body)
      value = *r.heredoc_body;
    else
      continue;
    if (!raw) {
      std::string dropped;
      for (std::size_t i = 0; i < value.size(); ++i)
        if (value[i] != '\\' || i + 1 >= value.size())
          dropped += value[i];
        else if (value[++i] != '\n')
          dropped += value[i];
      value = std::move(dropped);
    }
    for (std::string_view variable : names) add(variable, value);
  }
}

}  // namespace vigie::engine
