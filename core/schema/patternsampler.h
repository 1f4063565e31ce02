#pragma once
// A sample string for a JSON Schema "pattern": the regex subset tool schemas use (literals,
// escapes, classes, groups with alternatives, quantifiers). Internal to the example
// generator, which checks the sample with QRegularExpression before it uses it.

#include <string>
#include <string_view>

namespace tw::schema::detail {

std::string samplePattern(std::string_view pattern);

} // namespace tw::schema::detail
