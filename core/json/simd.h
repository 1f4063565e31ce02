#pragma once
// Byte-class masks for the JSON hot loops (parser strings, writer escapes, the reply
// scanners): one bit per input byte, 16 bytes at a time with SSE2 (part of every x86-64
// CPU, so no dispatch), a plain loop elsewhere. Callers guarantee 16 readable bytes at p.
// Internal to core; not an API.

#include <cstdint>

#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#include <emmintrin.h>
#define TOOLWIRE_SSE2 1
#endif

namespace tw::json::simd {

#if defined(TOOLWIRE_SSE2)

inline __m128i load16(const char* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline unsigned bits(__m128i m) noexcept { return static_cast<unsigned>(_mm_movemask_epi8(m)); }

// '"' or '\\'.
inline unsigned quoteOrBackslash(const char* p) noexcept
{
    const __m128i v = load16(p);
    return bits(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
}

// What a string reader must stop at: '"', '\\', a control byte (< 0x20) or a non-ASCII byte.
// (A signed compare with 0x20 catches both < 0x20 and >= 0x80.)
inline unsigned stringSpecial(const char* p) noexcept
{
    const __m128i v = load16(p);
    const __m128i qb = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    return bits(_mm_or_si128(qb, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
}

// What a writer must escape: '"', '\\' or a control byte (< 0x20).
inline unsigned needsEscape(const char* p) noexcept
{
    const __m128i v = load16(p);
    const __m128i qb = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    // unsigned v < 0x20  <=>  max(v, 0x1F) == 0x1F
    const __m128i ctl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
    return bits(_mm_or_si128(qb, ctl));
}

// The four masks a structural scan needs.
struct Classes {
    unsigned quote, backslash, open, close; // '"'; '\\'; '{' or '['; '}' or ']'
};
inline Classes classify(const char* p) noexcept
{
    const __m128i v = load16(p);
    // '{' = 0x7B, '[' = 0x5B and '}' = 0x7D, ']' = 0x5D differ only in bit 0x20.
    const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    return {bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))), bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
            bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{'))), bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8('}')))};
}

#else

template <class Pred> inline unsigned maskOf(const char* p, Pred pred) noexcept
{
    unsigned m = 0;
    for (int i = 0; i < 16; ++i)
        if (pred(static_cast<unsigned char>(p[i])))
            m |= 1u << i;
    return m;
}
inline unsigned quoteOrBackslash(const char* p) noexcept
{
    return maskOf(p, [](unsigned char c) { return c == '"' || c == '\\'; });
}
inline unsigned stringSpecial(const char* p) noexcept
{
    return maskOf(p, [](unsigned char c) { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; });
}
inline unsigned needsEscape(const char* p) noexcept
{
    return maskOf(p, [](unsigned char c) { return c == '"' || c == '\\' || c < 0x20; });
}
struct Classes {
    unsigned quote, backslash, open, close;
};
inline Classes classify(const char* p) noexcept
{
    return {maskOf(p, [](unsigned char c) { return c == '"'; }), maskOf(p, [](unsigned char c) { return c == '\\'; }),
            maskOf(p, [](unsigned char c) { return c == '{' || c == '['; }), maskOf(p, [](unsigned char c) { return c == '}' || c == ']'; })};
}

#endif

} // namespace tw::json::simd
