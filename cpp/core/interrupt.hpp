// Ctrl-C during a long call (issue 34). The core has no Python in it: the bindings install a
// check (does Python have a signal to handle? with the GIL taken for a moment), and long loops
// call PollInterrupt() between steps they can stop at, on the calling thread, outside any
// parallel region. The check runs at most every kPollInterval, so polling costs a clock read.
#pragma once

#include <stdexcept>

namespace irreg {

// Thrown by PollInterrupt when the check says stop; the bindings turn it into the Python
// exception the check left pending (KeyboardInterrupt for Ctrl-C).
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// The check: true when the call should stop. None installed: polling never stops a call.
void SetInterruptCheck(bool (*check)());

// Runs the check when kPollInterval passed since the last one on this thread; throws
// Interrupted when it says stop.
void PollInterrupt();

}  // namespace irreg
