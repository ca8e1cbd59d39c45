// A path of a git repository named from the repository's top (FileEffect::top_relative:
// `git show REV:PATH`, `:(top)x`, the whole tree `git log --all -p` prints). git finds the top
// above the folder it works in, which the line does not show: the path is judged from that
// folder (judge_files) and from each folder above it up to the project's root (the top in the
// common case), or from that root when git works outside the project.
#include "engine/judge.hpp"

namespace vigie::engine {

void Judge::judge_from_top(const FileEffect& f, Access access, const std::string& base,
                           TraceEntry& t, Part& part) {
  const std::string& root = project_lexical;
  if (!f.word.pattern || f.word.pattern->empty() || (*f.word.pattern)[0] == '/' ||
      (*f.word.pattern)[0] == '~' || root.empty() || base == root)
    return;
  const auto judge_at = [&](const std::string& top) {
    TraceEntry pt;
    Part p = judge_word_path(f.word, access, top, pt, "path");
    for (auto& m : pt.matched) t.matched.push_back(m);
    if (f.recursive && !f.word.has_glob && !pt.text.empty()) judge_below(pt.text, f, t, p);
    fold(part, std::move(p));
  };
  const bool inside = base.size() > root.size() && base.starts_with(root) &&
                      (root == "/" || base[root.size()] == '/');
  if (!inside) {
    judge_at(root);
    return;
  }
  std::string top = base;
  while (top.size() > root.size()) {
    const std::size_t slash = top.rfind('/');
    top.resize(slash == 0 ? 1 : slash);
    judge_at(top);
  }
}

}  // namespace vigie::engine
