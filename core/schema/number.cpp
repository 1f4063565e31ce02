#include "schema/number.h"

#include <algorithm>
#include <charconv>

namespace tw::schema {

using json::Value;

namespace {

constexpr long long kExponentClamp = 1'000'000'000'000'000LL; // 10^15
// Beyond this many appended zeros, multipleOf reasons with the factors of the divisor
// instead of spelling the shifted dividend out.
constexpr long long kExplicitShift = 4096;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Magnitudes as decimal digit strings without leading zeros ("" is zero).
int compareMagnitude(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    const int c = a.compare(b);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// a -= b, with a >= b.
void subtractMagnitude(std::string& a, std::string_view b)
{
    int borrow = 0;
    std::size_t i = a.size(), j = b.size();
    while (i > 0) {
        --i;
        int d = (a[i] - '0') - borrow - (j > 0 ? (b[--j] - '0') : 0);
        borrow = d < 0;
        if (borrow)
            d += 10;
        a[i] = static_cast<char>('0' + d);
    }
    const std::size_t nz = a.find_first_not_of('0');
    a.erase(0, nz == std::string::npos ? a.size() : nz);
}

// Long division, digit by digit: the remainder of (digits followed by `zeros` zeros) / m.
std::string remainder(std::string_view digits, long long zeros, std::string_view m)
{
    std::string r;
    auto feed = [&](char d) {
        if (!r.empty() || d != '0')
            r.push_back(d);
        while (compareMagnitude(r, m) >= 0)
            subtractMagnitude(r, m);
    };
    for (char d : digits)
        feed(d);
    for (long long i = 0; i < zeros; ++i)
        feed('0');
    return r;
}

// digits / small when it divides evenly; false (digits unchanged) when it does not.
bool divideExactly(std::string& digits, int small)
{
    std::string q;
    int rem = 0;
    for (char c : digits) {
        const int cur = rem * 10 + (c - '0');
        const int d = cur / small;
        rem = cur % small;
        if (!q.empty() || d != 0)
            q.push_back(static_cast<char>('0' + d));
    }
    if (rem != 0)
        return false;
    digits = std::move(q);
    return true;
}

bool plainInteger(std::string_view t) { return t.find_first_of(".eE") == std::string_view::npos; }

} // namespace

Decimal Decimal::parse(std::string_view t)
{
    Decimal d;
    std::size_t i = 0;
    if (i < t.size() && t[i] == '-') {
        d.negative = true;
        ++i;
    }
    std::string digits;
    long long fractionDigits = 0;
    for (; i < t.size() && isDigit(t[i]); ++i)
        digits.push_back(t[i]);
    if (i < t.size() && t[i] == '.') {
        for (++i; i < t.size() && isDigit(t[i]); ++i) {
            digits.push_back(t[i]);
            ++fractionDigits;
        }
    }
    long long exponent = 0;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        bool negativeExponent = false;
        if (i < t.size() && (t[i] == '+' || t[i] == '-'))
            negativeExponent = t[i++] == '-';
        for (; i < t.size() && isDigit(t[i]); ++i)
            exponent = std::min(kExponentClamp, exponent * 10 + (t[i] - '0'));
        if (negativeExponent)
            exponent = -exponent;
    }
    const std::size_t lead = digits.find_first_not_of('0');
    if (lead == std::string::npos)
        return Decimal{}; // zero, whatever its sign or spelling
    digits.erase(0, lead);
    const std::size_t last = digits.find_last_not_of('0');
    const auto trailing = static_cast<long long>(digits.size() - 1 - last);
    digits.resize(last + 1);
    d.digits = std::move(digits);
    d.exponent = exponent - fractionDigits + trailing;
    return d;
}

int compare(const Decimal& a, const Decimal& b) noexcept
{
    if (a.isZero() || b.isZero()) {
        if (a.isZero() && b.isZero())
            return 0;
        if (a.isZero())
            return b.negative ? 1 : -1;
        return a.negative ? -1 : 1;
    }
    if (a.negative != b.negative)
        return a.negative ? -1 : 1;
    // The position past the most significant digit orders magnitudes first; with the same
    // position, normalized digit strings order lexicographically.
    const long long oa = static_cast<long long>(a.digits.size()) + a.exponent;
    const long long ob = static_cast<long long>(b.digits.size()) + b.exponent;
    int magnitude = oa != ob ? (oa < ob ? -1 : 1) : a.digits.compare(b.digits);
    magnitude = magnitude < 0 ? -1 : (magnitude > 0 ? 1 : 0);
    return a.negative ? -magnitude : magnitude;
}

int compareNumbers(const Value& a, const Value& b)
{
    const std::string_view x = a.numberText(), y = b.numberText();
    if (plainInteger(x) && plainInteger(y)) {
        long long p = 0, q = 0;
        const auto rx = std::from_chars(x.data(), x.data() + x.size(), p);
        const auto ry = std::from_chars(y.data(), y.data() + y.size(), q);
        if (rx.ec == std::errc() && ry.ec == std::errc() && rx.ptr == x.data() + x.size() && ry.ptr == y.data() + y.size())
            return p < q ? -1 : (p > q ? 1 : 0);
    }
    return compare(Decimal::parse(x), Decimal::parse(y));
}

bool isIntegerNumber(const Value& v)
{
    if (!v.isNumber())
        return false;
    return plainInteger(v.numberText()) || Decimal::parse(v.numberText()).isInteger();
}

bool isMultipleOf(const Decimal& x, const Decimal& m)
{
    if (m.isZero() || m.negative)
        return false;
    if (x.isZero())
        return true;
    // x = d*10^E, m = dm*10^em. With E < em the quotient needs 10 | d, which a normalized d
    // (no trailing zero) never has.
    if (x.exponent < m.exponent)
        return false;
    const long long shift = x.exponent - m.exponent;
    if (shift <= kExplicitShift)
        return remainder(x.digits, shift, m.digits).empty();
    // d*10^shift is a multiple of dm = 2^a * 5^b * r (r coprime to 10) exactly when r | d,
    // once shift covers a and b, which it does: a and b are below the digit count of dm * 4,
    // far under kExplicitShift for any divisor a schema spells.
    std::string r = m.digits;
    int twos = 0, fives = 0;
    while (divideExactly(r, 2))
        ++twos;
    while (divideExactly(r, 5))
        ++fives;
    if (std::max(twos, fives) > shift)
        return remainder(x.digits, shift, m.digits).empty();
    return remainder(x.digits, 0, r).empty();
}

bool jsonEqual(const Value& a, const Value& b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case json::Type::Null: return true;
    case json::Type::Bool: return a.toBool() == b.toBool();
    case json::Type::Number: return a.numberText() == b.numberText() || compareNumbers(a, b) == 0;
    case json::Type::String: return a.str() == b.str();
    case json::Type::Array: {
        const auto x = a.items(), y = b.items();
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!jsonEqual(x[i], y[i]))
                return false;
        return true;
    }
    case json::Type::Object: {
        if (a.size() != b.size())
            return false;
        for (const json::Member& m : a.members()) {
            const Value* other = b.find(m.name());
            if (!other || !jsonEqual(m.value, *other))
                return false;
        }
        return true;
    }
    }
    return false;
}

} // namespace tw::schema
