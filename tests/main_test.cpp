// The Catch2 entry point; the test cases live next to the code they test (`foo_test.cpp`).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
