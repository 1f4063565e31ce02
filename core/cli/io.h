#pragma once
// Output helpers for subcommands: one JSON document on stdout, diagnostics on stderr.

#include "json/value.h"
#include "result.h"

#include <QString>

#include <optional>
#include <string>

namespace tw::cli {

void printJson(const json::Value& v, bool prettyOutput = true);
void printText(std::string_view text);
void diag(std::string_view text); // stderr, newline added
json::Value errorValue(const Error& e);
// Prints {"error": {...}} and returns 1.
int fail(const Error& e);
// Prints the message and a hint to stderr and returns 2.
int usageError(std::string_view message, std::string_view synopsis);
// Reads a file, or stdin for "-". Errors name the file. At most maxInputBytes() are read:
// more is the error input_too_large, found without holding the excess in memory.
Result<std::string> readInput(const QString& pathOrDash);
inline constexpr qint64 kDefaultMaxInputBytes = 256LL * 1024 * 1024;
// TOOLWIRE_MAX_INPUT_BYTES when set to a positive number, else the default (256 MiB).
qint64 maxInputBytes();
Result<json::Value> readJsonInput(const QString& pathOrDash);

} // namespace tw::cli
