#pragma once
// An exact o200k_base tokenizer: OpenAI's byte-pair encoding for the GPT-4o / o-series /
// GPT-5 families, as tiktoken implements it — the o200k pre-tokenizer pattern splits the
// text into pieces, each piece's UTF-8 bytes are merged pair by pair, lowest rank first
// (leftmost on a tie), and every resulting byte string is one token.
//
// The ranks are data (resources/tokenizer/o200k_base.ranks, converted from the npm
// package js-tiktoken; resources/tokenizer/README.md says how and under which licence),
// compiled in as a Qt resource: no download, no npm at build or run time.
//
// Contract: encode() takes any UTF-8 (invalid sequences count as U+FFFD, as a decoder
// reading them would); special-token text such as "<|endoftext|>" is ordinary text here.
// Loading can fail only when the resource is missing or damaged: o200k() then returns the
// error, never a half-loaded table. The Encoding is immutable after loading and safe to
// share between threads.

#include "result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tw::tokens {

class Encoding {
public:
    // The o200k_base encoding, loaded from the resource on first use (thread-safe).
    static Result<const Encoding*> o200k();

    // Builds an encoding from ranks in the o200k_base.ranks format (see convert-ranks.cjs).
    // Errors: bad_ranks (with the byte offset where the data stops making sense).
    static Result<std::unique_ptr<Encoding>> fromRanks(std::string data);

    ~Encoding();
    Encoding(const Encoding&) = delete;
    Encoding& operator=(const Encoding&) = delete;

    std::vector<std::uint32_t> encode(std::string_view utf8) const;
    std::size_t count(std::string_view utf8) const { return encode(utf8).size(); }
    // The pieces the pre-tokenizer cuts `utf8` into (UTF-8), before byte-pair merging.
    std::vector<std::string> pieces(std::string_view utf8) const;
    // A token's bytes ("" for a rank the table does not have).
    std::string_view bytes(std::uint32_t rank) const noexcept;
    std::size_t size() const noexcept; // number of ranks

private:
    Encoding();
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace tw::tokens
