// re2's util/logging.h for the WebAssembly build (scripts/setup-wasm-deps puts this folder first
// on re2's quoted include path): the same macros, but a log line is discarded instead of being
// formatted through std::ostringstream, so that the module carries no iostreams or locale for
// messages nobody reads (docs/wasm.md, "Size"). A failed CHECK or a fatal log still aborts.
#ifndef UTIL_LOGGING_H_
#define UTIL_LOGGING_H_

#include <assert.h>
#include <stdlib.h>

#include "util/util.h"

#define DCHECK(condition) assert(condition)
#define DCHECK_EQ(val1, val2) assert((val1) == (val2))
#define DCHECK_NE(val1, val2) assert((val1) != (val2))
#define DCHECK_LE(val1, val2) assert((val1) <= (val2))
#define DCHECK_LT(val1, val2) assert((val1) < (val2))
#define DCHECK_GE(val1, val2) assert((val1) >= (val2))
#define DCHECK_GT(val1, val2) assert((val1) > (val2))

#define CHECK(x) \
  if (x) {       \
  } else         \
    LogMessageFatal(__FILE__, __LINE__).stream()
#define CHECK_LT(x, y) CHECK((x) < (y))
#define CHECK_GT(x, y) CHECK((x) > (y))
#define CHECK_LE(x, y) CHECK((x) <= (y))
#define CHECK_GE(x, y) CHECK((x) >= (y))
#define CHECK_EQ(x, y) CHECK((x) == (y))
#define CHECK_NE(x, y) CHECK((x) != (y))

#define LOG_INFO LogMessage(__FILE__, __LINE__)
#define LOG_WARNING LogMessage(__FILE__, __LINE__)
#define LOG_ERROR LogMessage(__FILE__, __LINE__)
#define LOG_FATAL LogMessageFatal(__FILE__, __LINE__)
#define LOG_QFATAL LOG_FATAL

#ifdef NDEBUG
#define LOG_DFATAL LOG_ERROR
#else
#define LOG_DFATAL LOG_FATAL
#endif

#define LOG(severity) LOG_##severity.stream()

#define VLOG(x)  \
  if ((x) > 0) { \
  } else         \
    LOG_INFO.stream()

// Takes anything re2 writes to a log line and keeps nothing.
class LogMessage {
 public:
  LogMessage(const char*, int) {}
  struct Sink {
    template <typename T>
    Sink& operator<<(const T&) {
      return *this;
    }
  };
  Sink& stream() { return sink_; }

 private:
  Sink sink_;
  LogMessage(const LogMessage&) = delete;
  LogMessage& operator=(const LogMessage&) = delete;
};

class LogMessageFatal : public LogMessage {
 public:
  LogMessageFatal(const char* file, int line) : LogMessage(file, line) {}
  ATTRIBUTE_NORETURN ~LogMessageFatal() { abort(); }

 private:
  LogMessageFatal(const LogMessageFatal&) = delete;
  LogMessageFatal& operator=(const LogMessageFatal&) = delete;
};

#endif  // UTIL_LOGGING_H_
