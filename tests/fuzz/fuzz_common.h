#pragma once
// Shared by the libFuzzer targets (tests/fuzz, TOOLWIRE_BUILD_FUZZERS): the input as text,
// chunk splits driven by the input itself, and a check that aborts (libFuzzer then saves
// the input as a crash) with a message saying which property broke.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace tw::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) { return {reinterpret_cast<const char*>(data), size}; }

// Splits `text` into chunks whose sizes come from `seed` bytes (1..64 each, cycling), so a
// decoder sees the same bytes cut at places the fuzzer chooses: inside lines, escapes,
// UTF-8 sequences, frame headers.
inline std::vector<std::string_view> chunks(std::string_view text, std::string_view seed)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    std::size_t k = 0;
    while (i < text.size()) {
        const std::size_t n = seed.empty() ? 7 : 1 + std::size_t(static_cast<unsigned char>(seed[k++ % seed.size()]) % 64);
        out.push_back(text.substr(i, n));
        i += n;
    }
    return out;
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
