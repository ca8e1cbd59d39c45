// The message of a caught exception, for the error values the bindings return instead of
// throwing into JS (wasm/bindings.cpp, wasm/shell_bindings.cpp).
#ifndef VIGIE_WASM_WHAT_OF_HPP
#define VIGIE_WASM_WHAT_OF_HPP

#include <exception>
#include <string>
#include <utility>

namespace vigie::wasm {

inline std::string what_of(std::exception_ptr e) {
  try {
    std::rethrow_exception(std::move(e));
  } catch (const std::exception& x) {
    return x.what();
  } catch (...) {
    return "unknown exception";
  }
}

}  // namespace vigie::wasm

#endif  // VIGIE_WASM_WHAT_OF_HPP
