#include "wire/common_reply_scan.h"

#include "json/json.h"
#include "wire/replyjson.h"

#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace tw::wire::scan {

std::string text(const RawString& s)
{
    std::string out;
    append(out, s);
    return out;
}

bool Cursor::readInteger(long long& out) noexcept
{
    const char c = peek();
    if (c != '-' && (c < '0' || c > '9'))
        return false;
    const char* p = m_p;
    const bool negative = *p == '-';
    if (negative)
        ++p;
    long long v = 0;
    const char* digits = p;
    while (p < m_end && *p >= '0' && *p <= '9' && p - digits < 18)
        v = v * 10 + (*p++ - '0');
    if (p == digits || (p < m_end && (*p == '.' || *p == 'e' || *p == 'E' || (*p >= '0' && *p <= '9'))))
        return false; // a fraction, an exponent or too many digits: not an index
    out = negative ? -v : v;
    m_p = p;
    return true;
}

bool Cursor::readBool(bool& out) noexcept
{
    const char c = peek();
    if (c == 't' && m_end - m_p >= 4 && std::memcmp(m_p, "true", 4) == 0) {
        out = true;
        m_p += 4;
        return true;
    }
    if (c == 'f' && m_end - m_p >= 5 && std::memcmp(m_p, "false", 5) == 0) {
        out = false;
        m_p += 5;
        return true;
    }
    return false;
}

namespace {

// One byte of the NestState automaton; true when the value ends at it.
inline bool nestStep(char c, NestState& st) noexcept
{
    if (st.inString) {
        if (st.escape)
            st.escape = false;
        else if (c == '\\')
            st.escape = true;
        else if (c == '"')
            st.inString = false;
        return false;
    }
    if (c == '"')
        st.inString = true;
    else if (c == '{' || c == '[')
        ++st.depth;
    else if ((c == '}' || c == ']') && --st.depth == 0)
        return true;
    return false;
}

// Bit i set when an odd number of bits at positions <= i are set.
inline std::uint64_t prefixXor(std::uint64_t x) noexcept
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

struct Masks64 {
    std::uint64_t quote, backslash, open, close;
};

inline Masks64 masks64(const char* p) noexcept
{
    const json::simd::Classes c0 = json::simd::classify(p), c1 = json::simd::classify(p + 16), c2 = json::simd::classify(p + 32),
                              c3 = json::simd::classify(p + 48);
    auto join = [](unsigned a, unsigned b, unsigned c, unsigned d) {
        return std::uint64_t(a) | std::uint64_t(b) << 16 | std::uint64_t(c) << 32 | std::uint64_t(d) << 48;
    };
    return {join(c0.quote, c1.quote, c2.quote, c3.quote), join(c0.backslash, c1.backslash, c2.backslash, c3.backslash),
            join(c0.open, c1.open, c2.open, c3.open), join(c0.close, c1.close, c2.close, c3.close)};
}

#if defined(TOOLWIRE_SSE2) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TOOLWIRE_AVX2_DISPATCH 1
// The same masks 32 bytes at a time, for CPUs with AVX2 (chosen at run time).
__attribute__((target("avx2"))) inline Masks64 masks64Avx2(const char* p) noexcept
{
    auto one = [](const char* q, std::uint64_t& quote, std::uint64_t& backslash, std::uint64_t& open, std::uint64_t& close, int shift)
        __attribute__((target("avx2")))
    {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
        const __m256i folded = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
        auto bits = [](__m256i m) __attribute__((target("avx2"))) { return std::uint64_t(static_cast<std::uint32_t>(_mm256_movemask_epi8(m))); };
        quote |= bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))) << shift;
        backslash |= bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))) << shift;
        open |= bits(_mm256_cmpeq_epi8(folded, _mm256_set1_epi8('{'))) << shift;
        close |= bits(_mm256_cmpeq_epi8(folded, _mm256_set1_epi8('}'))) << shift;
    };
    Masks64 m{0, 0, 0, 0};
    one(p, m.quote, m.backslash, m.open, m.close, 0);
    one(p + 32, m.quote, m.backslash, m.open, m.close, 32);
    return m;
}
#endif

// The automaton 64 bytes per step; `Load` computes the byte-class masks of a block.
template <Masks64 (*Load)(const char*) noexcept>
[[gnu::always_inline]] inline const char* findValueEndBlocks(const char* p, const char* end, NestState& st) noexcept
{
    constexpr std::uint64_t kEven = 0x5555555555555555ULL;
    while (end - p >= 64) {
        const Masks64 m = Load(p);
        // The bytes escaped by a backslash, as if every backslash were inside a string: a run
        // of backslashes escapes the byte after it when its length is odd. Runs are split by
        // the parity of their start; adding the odd starts to the run carries through exactly
        // the runs that start on an odd bit.
        const std::uint64_t carried = st.escape ? 1 : 0;
        const std::uint64_t starts = m.backslash & ~carried;
        const std::uint64_t follows = (starts << 1) | carried;
        const std::uint64_t oddStarts = starts & ~kEven & ~follows;
        std::uint64_t sum = 0;
        const bool carryOut = __builtin_add_overflow(oddStarts, starts, &sum);
        const std::uint64_t escaped = (kEven ^ (sum << 1)) & follows;
        // Inside a string: an odd number of unescaped quotes so far (an opening quote counts
        // as inside, a closing one as outside).
        const std::uint64_t in = prefixXor(m.quote & ~escaped) ^ (st.inString ? ~0ULL : 0);
        if (m.backslash & ~in) {
            // A backslash outside a string is no escape for the automaton: the masks above
            // would be wrong from there on, so this block goes byte by byte.
            for (const char* q = p; q < p + 64; ++q)
                if (nestStep(*q, st))
                    return q + 1;
            p += 64;
            continue;
        }
        const std::uint64_t open = m.open & ~in;
        const std::uint64_t close = m.close & ~in;
        if (open | close) {
            if (std::popcount(close) < st.depth) {
                st.depth += std::popcount(open) - std::popcount(close);
            } else {
                for (std::uint64_t all = open | close; all; all &= all - 1) {
                    const std::uint64_t bit = all & (~all + 1);
                    if (open & bit)
                        ++st.depth;
                    else if (--st.depth == 0) {
                        st.inString = false;
                        st.escape = false;
                        return p + std::countr_zero(bit) + 1;
                    }
                }
            }
        }
        st.inString = (in >> 63) != 0;
        st.escape = carryOut;
        p += 64;
    }
    for (; p < end; ++p)
        if (nestStep(*p, st))
            return p + 1;
    return nullptr;
}

const char* findValueEndSse2(const char* p, const char* end, NestState& st) noexcept { return findValueEndBlocks<masks64>(p, end, st); }

#if defined(TOOLWIRE_AVX2_DISPATCH)
__attribute__((target("avx2,popcnt,bmi"))) const char* findValueEndAvx2(const char* p, const char* end, NestState& st) noexcept
{
    return findValueEndBlocks<masks64Avx2>(p, end, st);
}
#endif

} // namespace

const char* findValueEnd(const char* p, const char* end, NestState& st) noexcept
{
    if (end - p < 64) {
        for (; p < end; ++p)
            if (nestStep(*p, st))
                return p + 1;
        return nullptr;
    }
#if defined(TOOLWIRE_AVX2_DISPATCH)
    static const auto impl = [] {
        __builtin_cpu_init(); // safe even when the first call comes from a static initializer
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") ? &findValueEndAvx2
                                                                                                                   : &findValueEndSse2;
    }();
    return impl(p, end, st);
#else
    return findValueEndSse2(p, end, st);
#endif
}

void Cursor::skipOther(char c) noexcept
{
    if (c == '{' || c == '[') {
        NestState st;
        const char* e = findValueEnd(m_p, m_end, st);
        if (!e)
            return fail();
        m_p = e;
        return;
    }
    if (c == 0 || c == ',' || c == '}' || c == ']' || c == ':')
        return fail();
    // A number or literal: up to the next delimiter.
    while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ']' && *m_p != ' ' && *m_p != '\n' && *m_p != '\r' && *m_p != '\t')
        ++m_p;
}

json::Value parseSpan(std::string_view text)
{
    auto v = parseReplyJson(text);
    return v ? std::move(*v) : json::Value();
}

} // namespace tw::wire::scan
