// The reply side, compared by scripts/bench.sh with sse_fast / sse_qt from ../shared/bench.
// Inputs: gen_sse.py 50 (openai_chat_50mb.sse, anthropic_50mb.sse, openai_chat_50mb.json and
// the expected_50mb.json manifest).
//
//   BM_SseOpenAI / BM_SseAnthropic  the whole stream fed in 64 KiB chunks (split anywhere,
//       as from a socket) through tw::wire::ReplyStream, finish(), then reply(): framing,
//       event scanning, argument assembly and the decoding of every call's final arguments
//       (what sse_fast / sse_qt call assemble_parse)
//   BM_ExtractOpenAIJson  the 50 MB non-streamed chat.completion through the same entry point
//       (readReply): the body parsed, every call located and its arguments decoded (what
//       sse_fast calls extract_parse)
//
// Every run is checked against the generator's manifest (call count, argument bytes, CRC-32
// of name + arguments) and every call must have decoded arguments, so a benchmark that did
// less work fails instead of looking fast. One iteration per repetition, like the floors'
// median of single runs; TOOLWIRE_BENCH_SSE_ROUNDS sets the repetitions (default 5; scripts/bench.sh passes SSE_ROUNDS).

#include "bench_data.h"

#include "json/json.h"
#include "wire/reply.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace tw;

constexpr std::size_t kChunk = 64 * 1024;

int sseRounds()
{
    const char* s = std::getenv("TOOLWIRE_BENCH_SSE_ROUNDS");
    const int n = s ? std::atoi(s) : 0;
    return n > 0 ? n : 5;
}

const std::string& input(const char* name)
{
    static std::string openai, anthropic, body;
    std::string& slot = std::string_view(name).find("anthropic") != std::string_view::npos ? anthropic
        : std::string_view(name).ends_with(".json")                                        ? body
                                                                                           : openai;
    if (slot.empty())
        slot = twbench::dataFile(name);
    return slot;
}

// "count/bytes/crc" from expected_50mb.json.
std::string expected(const char* name)
{
    static const std::string text = twbench::dataFile("expected_50mb.json");
    auto doc = json::parse(text);
    if (!doc)
        return {};
    const json::Value& e = (*doc)[name];
    return std::string(e["tool_calls"].numberText()) + "/" + std::string(e["arg_bytes"].numberText()) + "/" + std::string(e["crc32"].numberText());
}

// Checks a finished stream: the decoded calls against the manifest (names and the assembled
// argument text), and that every call's arguments decoded.
void checkStream(benchmark::State& state, const wire::ReplyStream& s, const wire::Reply& r, const std::string& want, std::string& error)
{
    twbench::Manifest m;
    std::size_t undecodable = 0;
    const auto calls = s.assembler() ? s.assembler()->calls() : std::span<const wire::StreamCall>();
    for (const wire::StreamCall& c : calls)
        if (!c.name.empty())
            m.add(c.name, c.argumentsText);
    for (const model::ToolCall& c : r.calls)
        undecodable += c.argumentsUndecodable ? 1 : 0;
    const std::string got = m.str();
    if (got != want || r.calls.size() != m.calls || undecodable)
        error = "manifest " + got + " (want " + want + "), decoded calls " + std::to_string(r.calls.size()) + ", undecodable " +
            std::to_string(undecodable);
    state.counters["calls"] = double(r.calls.size());
}

void runStream(benchmark::State& state, const char* file, wire::Wire w)
{
    const std::string& data = input(file);
    const std::string want = expected(file);
    const std::string_view all(data);
    for (auto _ : state) {
        wire::ReplyStream s(w);
        for (std::size_t pos = 0; pos < all.size(); pos += kChunk)
            s.feed(all.substr(pos, kChunk));
        s.finish();
        wire::Reply r = s.reply();
        benchmark::DoNotOptimize(r);
        state.PauseTiming();
        std::string error;
        checkStream(state, s, r, want, error);
        state.ResumeTiming();
        if (!error.empty()) {
            state.SkipWithError(error.c_str());
            return;
        }
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(data.size()));
}

void BM_SseOpenAI(benchmark::State& state) { runStream(state, "openai_chat_50mb.sse", wire::Wire::OpenAI); }
void BM_SseAnthropic(benchmark::State& state) { runStream(state, "anthropic_50mb.sse", wire::Wire::Anthropic); }

void BM_ExtractOpenAIJson(benchmark::State& state)
{
    const char* file = "openai_chat_50mb.json";
    const std::string& data = input(file);
    const std::string want = expected(file);
    for (auto _ : state) {
        wire::Reply r = wire::readReply(data, wire::Wire::OpenAI);
        benchmark::DoNotOptimize(r);
        state.PauseTiming();
        twbench::Manifest m;
        std::size_t undecodable = 0;
        for (const model::ToolCall& c : r.calls) {
            m.add(c.name, c.rawArguments.str());
            undecodable += c.argumentsUndecodable ? 1 : 0;
        }
        std::string error;
        if (m.str() != want || undecodable)
            error = "manifest " + m.str() + " (want " + want + "), undecodable " + std::to_string(undecodable);
        state.counters["calls"] = double(r.calls.size());
        state.ResumeTiming();
        if (!error.empty()) {
            state.SkipWithError(error.c_str());
            return;
        }
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(data.size()));
}

BENCHMARK(BM_SseOpenAI)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(sseRounds());
BENCHMARK(BM_SseAnthropic)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(sseRounds());
BENCHMARK(BM_ExtractOpenAIJson)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(sseRounds());

} // namespace
