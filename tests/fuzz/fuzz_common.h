#pragma once
// Shared by the libFuzzer targets (tests/fuzz, TOOLWIRE_BUILD_FUZZERS): the input as text,
// chunk splits driven by the input itself, and a check that aborts (libFuzzer then saves
// the input as a crash) with a message saying which property broke.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace tw::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) { return {reinterpret_cast<const char*>(data), size}; }

// Calls `feed` with consecutive chunks of `text` whose sizes come from `seed` bytes (1..64
// each, cycling), so a decoder sees the same bytes cut at places the fuzzer chooses: inside
// lines, escapes, UTF-8 sequences, frame headers. No vector of chunks: at up to 49,152 chunks
// of 16 bytes that was a large allocation per input, and growing it was 17 % of
// fuzz_framing's time under ASan.
template <typename Feed> void forEachChunk(std::string_view text, std::string_view seed, Feed&& feed)
{
    std::size_t k = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = seed.empty() ? 7 : 1 + std::size_t(static_cast<unsigned char>(seed[k++ % seed.size()]) % 64);
        feed(text.substr(i, n));
        i += n;
    }
}

// A property that must hold for every input; a violation is a finding like a crash.
inline void require(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz property violated: %s\n", what);
        std::abort();
    }
}

} // namespace tw::fuzz
