#pragma once
// Exact arithmetic on JSON number text for the validator: comparisons, equality and
// multipleOf on the decimal value the text spells, never on a double. A double cannot tell
// 9007199254740993 from 9007199254740992, rounds 0.0075 / 0.0001 to 74.99999999999999, and
// overflows 1e308 / 0.123456789; the decimal value has none of these problems.
//
// Accepted: JSON number grammar (what json::Value::numberText() holds). Anything else is
// read as zero. Exponents beyond +-10^15 are clamped (such numbers still order correctly
// against every number a document can spell with fewer than 10^15 digits).

#include "json/value.h"

#include <string>
#include <string_view>

namespace tw::schema {

// digits x 10^exponent, sign apart. Normalized: no leading or trailing zeros in digits
// (trailing zeros move into the exponent), so equal values have equal representations;
// zero is empty digits (and never negative).
struct Decimal {
    bool negative = false;
    std::string digits;
    long long exponent = 0;

    static Decimal parse(std::string_view jsonNumber);
    bool isZero() const noexcept { return digits.empty(); }
    bool isInteger() const noexcept { return digits.empty() || exponent >= 0; }
};

// <0, 0, >0 as a is less than, equal to, greater than b.
int compare(const Decimal& a, const Decimal& b) noexcept;
int compareNumbers(const json::Value& a, const json::Value& b); // both numbers
bool isIntegerNumber(const json::Value& v); // 1, 1.0, 1e2; false unless a number
// Whether x / m is an integer; m must be positive (false otherwise).
bool isMultipleOf(const Decimal& x, const Decimal& m);

// JSON equality with numbers compared exactly by value (1.0 == 1, big integers exact),
// strings by code points, arrays in order, objects ignoring member order. This is the
// equality of enum, const and uniqueItems.
bool jsonEqual(const json::Value& a, const json::Value& b);

} // namespace tw::schema
