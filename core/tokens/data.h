#pragma once
// The tokens layer's data files, loaded once from the resources (thread-safe, read-only
// afterwards): tokens/meter.json (methods per wire, the cookbook constants, the count
// endpoints) and resources/prices.json. A file that does not load reads as null; tst_tokens
// checks that both load.

#include "json/value.h"
#include "wire/wire.h"

#include <string>
#include <string_view>

namespace tw::tokens {

const json::Value& meterData();
const json::Value& priceData();
// The meter.json entry of one wire (null when it has none).
const json::Value& wireMeterData(wire::Wire w);
// The one-line description of a meter method (meter.json "methods"; "" : unknown).
std::string methodDescription(std::string_view method);

} // namespace tw::tokens
