// protoc (handler `protoc`): each `--LANG_out=[PARAMS:]DIR` (any LANG: a built-in generator or a
// `protoc-gen-LANG` plugin) writes DIR with every file below it, under names taken from the
// .proto inputs (as `tsc --outDir`); `-oFILE`, `--descriptor_set_out`, `--dependency_out` write a
// file; `--plugin=[NAME=]PATH` runs PATH; `@FILE` holds more arguments (read, asked). The other
// operands are .proto files read. Options are `--name=VALUE` or `--name VALUE`, `-IPATH`/`-I
// PATH`, `-oFILE`/`-o FILE`, anywhere on the line.
//
// pdftk (handler `pdftk`): `pdftk [H=]IN.pdf… [input_pw PW] OPERATION ARGS… output OUT`: the
// inputs before the operation are read, OUT written (`unpack_files`: a folder, `DIR/*`).
#include <string>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;
using program_words::lit;
using program_words::starts_with;

namespace {

void written_tree(ProgramEffects& out, const WordView& dir, std::string entry) {
  const std::size_t at = out.files.size();
  add_word_file(out, Touch::write, dir, From::option, std::move(entry));
  if (out.files.size() > at) out.files.back().recursive = true;
}

// The folder of `--LANG_out`'s value: after the parameters' last `:`.
WordView out_folder(const WordView& v) {
  if (!v.literal) return v;
  const std::size_t colon = v.literal->rfind(':');
  return colon == std::string::npos ? v : word_of(v, v.literal->substr(colon + 1));
}

// protoc's long options that take a value and are not generators' outputs.
bool valued_long(std::string_view name) {
  return name == "--proto_path" || name == "--descriptor_set_in" ||
         name == "--descriptor_set_out" || name == "--dependency_out" || name == "--plugin" ||
         name == "--error_format" || name == "--encode" || name == "--decode" ||
         name == "--experimental_editions" || name == "--edition_defaults_out" ||
         name == "--edition_defaults_minimum" || name == "--edition_defaults_maximum" ||
         name == "--direct_dependencies" || name == "--direct_dependencies_violation_msg" ||
         name.ends_with("_opt") || name.ends_with("_out");
}

}  // namespace

void protoc_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (!s) {
      if (w[i].pattern && !starts_with(*w[i].pattern, "-"))
        add_word_file(out, Touch::read, w[i], From::operand, "protoc");
      else
        out.escalations.push_back("protoc with a word that is not static");
      continue;
    }
    if (s->size() > 1 && (*s)[0] == '@') {
      add_word_file(out, Touch::read, word_of(w[i], s->substr(1)), From::operand, "protoc @FILE");
      out.escalations.push_back("protoc @FILE (arguments the line does not show)");
      continue;
    }
    if (starts_with(*s, "--")) {
      const std::size_t eq = s->find('=');
      const std::string name = s->substr(0, eq);
      if (!valued_long(name)) continue;
      WordView attached;
      const WordView* val = nullptr;
      if (eq != std::string::npos) {
        attached = word_of(w[i], s->substr(eq + 1));
        val = &attached;
      } else if (i + 1 < w.size()) {
        val = &w[++i];
      }
      if (!val) continue;
      const std::string entry = "protoc " + name;
      if (name.ends_with("_out") && name != "--descriptor_set_out" && name != "--dependency_out" &&
          name != "--edition_defaults_out") {
        written_tree(out, out_folder(*val), entry);
      } else if (name == "--descriptor_set_out" || name == "--dependency_out" ||
                 name == "--edition_defaults_out") {
        add_word_file(out, Touch::write, *val, From::option, entry);
      } else if (name == "--plugin") {
        const std::size_t at = val->literal ? val->literal->find('=') : std::string::npos;
        add_word_file(out, Touch::exec,
                      at == std::string::npos ? *val : word_of(*val, val->literal->substr(at + 1)),
                      From::option, entry);
      }
      continue;
    }
    if (s->size() > 1 && (*s)[0] == '-') {
      const char c = (*s)[1];
      if (c != 'I' && c != 'o') continue;  // -h, --version: nothing written
      const WordView* val = nullptr;
      WordView attached;
      if (s->size() > 2) {
        attached = word_of(w[i], s->substr(2));
        val = &attached;
      } else if (i + 1 < w.size()) {
        val = &w[++i];
      }
      if (c == 'o' && val) add_word_file(out, Touch::write, *val, From::option, "protoc -o");
      continue;
    }
    add_word_file(out, Touch::read, w[i], From::operand, "protoc");
  }
}

namespace {

// pdftk's operations: the words before the first one are its inputs.
constexpr std::string_view kPdftkOperations[] = {"cat",
                                                 "shuffle",
                                                 "burst",
                                                 "rotate",
                                                 "generate_fdf",
                                                 "fill_form",
                                                 "background",
                                                 "multibackground",
                                                 "stamp",
                                                 "multistamp",
                                                 "dump_data",
                                                 "dump_data_utf8",
                                                 "dump_data_fields",
                                                 "dump_data_fields_utf8",
                                                 "dump_data_annots",
                                                 "update_info",
                                                 "update_info_utf8",
                                                 "attach_files",
                                                 "unpack_files"};

bool pdftk_operation(std::string_view s) {
  for (std::string_view o : kPdftkOperations)
    if (o == s) return true;
  return false;
}

}  // namespace

void pdftk_handler(const ProgramDecl&, std::string_view, const Words& w, ProgramEffects& out) {
  bool inputs = true, unpack = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = lit(w, i);
    if (s && (*s == "input_pw" || *s == "owner_pw" || *s == "user_pw")) {
      inputs = false;
      ++i;
      continue;
    }
    if (s && pdftk_operation(*s)) {
      inputs = false;
      unpack = *s == "unpack_files";
      continue;
    }
    if (s && *s == "output" && i + 1 < w.size()) {
      if (unpack)
        add_folder_files(out, w[i + 1], From::option, "pdftk output");
      else
        add_word_file(out, Touch::write, w[i + 1], From::option, "pdftk output");
      ++i;
      continue;
    }
    if (!inputs) continue;
    // `A=in.pdf`: a handle for the file.
    const std::size_t eq = s ? s->find('=') : std::string::npos;
    add_word_file(out, Touch::read,
                  eq == std::string::npos ? w[i] : word_of(w[i], s->substr(eq + 1)), From::operand,
                  "pdftk input");
  }
}

}  // namespace vigie::engine
