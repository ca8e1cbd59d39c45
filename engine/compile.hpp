// The compile stage (see compile.cpp).
#ifndef VIGIE_ENGINE_COMPILE_HPP
#define VIGIE_ENGINE_COMPILE_HPP

#include "engine/compiled.hpp"

namespace vigie::engine {

CompileResult compile_impl(const std::vector<SourceFile>& sources, const CompileOptions& options);

}  // namespace vigie::engine

#endif  // VIGIE_ENGINE_COMPILE_HPP
