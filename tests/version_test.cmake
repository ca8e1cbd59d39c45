# The npm packages carry the version of the CMake project (the one place it is written).
# Usage: cmake -DVERSION=x.y.z -DSOURCE_DIR=... -P tests/version_test.cmake
foreach(pkg wasm/package.json playground/package.json)
  file(READ "${SOURCE_DIR}/${pkg}" text)
  string(JSON v GET "${text}" version)
  if(NOT v STREQUAL VERSION)
    message(FATAL_ERROR "${pkg} says version ${v}; CMakeLists.txt's project() says ${VERSION}")
  endif()
endforeach()
message(STATUS "every package is at version ${VERSION}")
