// Handler `ffmpeg` (named in engine/programs_table_data.cpp): ffmpeg's command line is
// `[GLOBAL] {[IN OPTIONS] -i INPUT}… {[OUT OPTIONS] OUTPUT}…`. Its options are single-dash names
// (`-c:v`, `-filter_complex`), each taking one value unless it is a flag; every word that is not
// an option or a value is an output file it writes, and the last word always is one. Inputs
// (`-i`) and the files some options read (`-filter_complex_script`, `-attach`) are read; the files
// some options write (`-passlogfile`, `-vstats_file`, `-sdp_file`) are written. `-` and
// `pipe:` are its standard streams; a URL (`rtmp://…`) is not a local path.
#include <algorithm>
#include <string>
#include <string_view>

#include "engine/program_handlers.hpp"
#include "engine/program_words.hpp"

namespace vigie::engine {

using shell::WordView;
using Words = std::vector<WordView>;

namespace {

// The options that take no value (ffmpeg's OPT_BOOL and OPT_EXIT options agents use, and every
// `-noNAME` form of a boolean, matched below).
constexpr std::string_view kFlags[] = {
    "y",
    "n",
    "hide_banner",
    "nostdin",
    "stdin",
    "stats",
    "nostats",
    "re",
    "shortest",
    "an",
    "vn",
    "sn",
    "dn",
    "copyts",
    "start_at_zero",
    "benchmark",
    "benchmark_all",
    "dump",
    "hex",
    "ignore_unknown",
    "copy_unknown",
    "accurate_seek",
    "xerror",
    "debug_ts",
    "vstats",
    "psnr",
    "qphist",
    "intra",
    "autorotate",
    "autoscale",
    "fix_sub_duration",
    "copyinkf",
    "seek_timestamp",
    "reinit_filter",
    "bitexact",
    "version",
    "buildconf",
    "formats",
    "demuxers",
    "muxers",
    "devices",
    "codecs",
    "decoders",
    "encoders",
    "bsfs",
    "protocols",
    "filters",
    "pix_fmts",
    "layouts",
    "sample_fmts",
    "colors",
    "hwaccels",
    "L",
    "h",
    "help",
    "report",
    "abort_on",
    "print_graphs",
};

// Options whose value is a file: read ('r') or written ('w').
struct FileOption {
  std::string_view name;
  char role;
};
constexpr FileOption kFileOptions[] = {
    {"i", 'r'},
    {"filter_complex_script", 'r'},
    {"filter_script", 'r'},
    {"attach", 'r'},
    {"passlogfile", 'w'},
    {"vstats_file", 'w'},
    {"sdp_file", 'w'},
    {"progress", 'w'},
    {"dump_attachment", 'w'},
    {"/filter_complex", 'r'},
};

bool is_flag(std::string_view name) {
  if (name.starts_with("no") && name.size() > 2) return true;
  return std::find(std::begin(kFlags), std::end(kFlags), name) != std::end(kFlags);
}

// A word naming no local file: a standard stream or a URL.
bool not_a_file(const WordView& w) {
  if (!w.literal) return false;
  const std::string& s = *w.literal;
  return s == "-" || s.starts_with("pipe:") || s.find("://") != std::string::npos;
}

}  // namespace

void ffmpeg_handler(const ProgramDecl&, std::string_view name, const Words& w,
                    ProgramEffects& out) {
  const std::string entry(name);
  std::size_t last_value = 0;  // the last word read as the value of an option not of files
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string* s = program_words::lit(w, i);
    if (!s) {
      // An option not shown may take the next word: the last word stays an output below.
      if (w[i].text.starts_with("-") || w[i].text.starts_with("$")) continue;
      add_word_file(out, Touch::write, w[i], From::operand, entry + " output");
      continue;
    }
    if (s->size() > 1 && (*s)[0] == '-') {
      // `-c:v`, `-b:a:0`: the stream specifier is not part of the name.
      const std::string_view opt = std::string_view(*s).substr(1, s->find(':') - 1);
      if (is_flag(opt)) continue;
      if (i + 1 >= w.size()) break;
      ++i;
      const auto f = std::find_if(std::begin(kFileOptions), std::end(kFileOptions),
                                  [&](const FileOption& o) { return o.name == opt; });
      if (f == std::end(kFileOptions))
        last_value = i;
      else if (!not_a_file(w[i]))
        add_word_file(out, f->role == 'r' ? Touch::read : Touch::write, w[i], From::option,
                      entry + " -" + std::string(opt));
      continue;
    }
    if (!not_a_file(w[i])) add_word_file(out, Touch::write, w[i], From::operand, entry + " output");
  }
  // The last word is always an output, even after an option this table reads as taking a value.
  if (w.size() > 1 && last_value == w.size() - 1 && !not_a_file(w.back()))
    add_word_file(out, Touch::write, w.back(), From::operand, entry + " output");
}

}  // namespace vigie::engine
