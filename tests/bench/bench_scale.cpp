// Growth with size, in process (no start-up in the numbers): scripts/bench_system.py runs these
// and prints the time per tool at each size, which stays flat when the growth is linear.
// Inputs from $TOOLWIRE_BENCH_DATA, written by bench_system.py:
//   tools_<N>.json   gen_tools.py N (../shared/bench)
//   reply_<N>.json   one non-streamed OpenAI chat.completion with N tool calls (bench_system.py
//                    writes it: a deterministic mix of small and nested arguments)
//
//   BM_ConvertScale/N  parse tools_N.json, read every tool, build and serialize the request
//                      body of each of the six wires: BM_ConvertAll6's job through the same
//                      code (twbench::AllSix, output strings reused), at N tools, so that
//                      BM_ConvertScale/1000 and BM_ConvertAll6 measure the same work
//   BM_ExtractScale/N  readReply of reply_N.json on the OpenAI wire: the body parsed, every
//                      call located and its arguments decoded; fails unless N calls decode

#include "bench_data.h"

#include "json/json.h"
#include "model/tool.h"
#include "wire/reply.h"

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace {

using namespace tw;

const std::string& input(const std::string& name)
{
    static std::map<std::string, std::string> files;
    auto it = files.find(name);
    if (it == files.end())
        it = files.emplace(name, twbench::dataFile(name.c_str())).first;
    return it->second;
}

void BM_ConvertScale(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::string& text = input("tools_" + std::to_string(n) + ".json");
    twbench::AllSix job; // BM_ConvertAll6's job and code: output strings reused, as there
    for (auto _ : state) {
        if (!job.run(text)) {
            state.SkipWithError("conversion failed");
            return;
        }
        benchmark::DoNotOptimize(job.bodies);
    }
    if (job.tools != n)
        state.SkipWithError("the tool list does not hold N tools");
    state.counters["tools"] = double(job.tools);
    state.counters["out_bytes"] = double(job.outBytes());
}
BENCHMARK(BM_ConvertScale)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->MinTime(0.3);

void BM_ExtractScale(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::string& text = input("reply_" + std::to_string(n) + ".json");
    std::size_t calls = 0, undecodable = 0;
    for (auto _ : state) {
        wire::Reply r = wire::readReply(text, wire::Wire::OpenAI);
        calls = r.calls.size();
        undecodable = 0;
        for (const model::ToolCall& c : r.calls)
            undecodable += c.argumentsUndecodable ? 1 : 0;
        benchmark::DoNotOptimize(r);
    }
    if (calls != n || undecodable != 0)
        state.SkipWithError("the reply did not give N decodable calls");
    state.counters["calls"] = double(calls);
    state.counters["bytes"] = double(text.size());
}
BENCHMARK(BM_ExtractScale)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->MinTime(0.3);

} // namespace
