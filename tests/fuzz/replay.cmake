# Included by tests/CMakeLists.txt: every fuzz target (tests/fuzz/*_fuzz.cpp) built as a replay
# program, and a CTest test per target replaying the checked-in inputs of
# tests/fuzz/regressions/<name>/ (crashes the fuzzers found, kept once fixed).
file(GLOB VIGIE_FUZZ_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/fuzz/*_fuzz.cpp)
foreach(src ${VIGIE_FUZZ_SOURCES})
  get_filename_component(n ${src} NAME_WE)
  string(REGEX REPLACE "_fuzz$" "" n ${n})
  add_executable(replay_${n} ${src} ${PROJECT_SOURCE_DIR}/tests/fuzz/replay_main.cpp)
  target_link_libraries(replay_${n} PRIVATE vigie_core)
  target_compile_options(replay_${n} PRIVATE ${VIGIE_WARNINGS})
  target_compile_definitions(replay_${n} PRIVATE VIGIE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  add_test(NAME fuzz-replay:${n}
           COMMAND replay_${n} ${PROJECT_SOURCE_DIR}/tests/fuzz/regressions/${n}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endforeach()
