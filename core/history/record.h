#pragma once
// Recording into the default history (store.h) in one call, for the command line and the
// window: opens the database when recording is enabled, adds each exchange, closes it.
// History is a record, not a dependency: a failure comes back as a warning to show, and the
// command's own result never depends on it.

#include "history/store.h"

#include <optional>
#include <string>
#include <vector>

namespace tw::history {

// nullopt when recorded (or when recording is off); else what went wrong, in one line.
std::optional<std::string> record(const std::vector<provider::Exchange>& exchanges, const Context& context);

} // namespace tw::history
