// The dialect table: the one list of request dialects. A new wire adds its folder and one
// line here (an explicit list: self-registering statics in a static library are dropped
// by the linker when nothing references them).

#include "wire/dialect.h"

#include "wire/anthropic/request.h"
#include "wire/gemini/request.h"
#include "wire/hermes/request.h"
#include "wire/mcp/request.h"
#include "wire/ollama/request.h"
#include "wire/openai/request.h"
#include "wire/responses/request.h"

namespace tw::wire {

std::span<const RequestDialect* const> requestDialects()
{
    // Order matters where dialects are asked in turn (built-ins, choice spellings).
    static const RequestDialect* const table[] = {
        &openai::requestDialect(), &responses::requestDialect(), &anthropic::requestDialect(), &gemini::requestDialect(),
        &ollama::requestDialect(), &hermes::requestDialect(),    &mcp::requestDialect(),
    };
    return table;
}

const RequestDialect* findRequestDialect(std::string_view tag) noexcept
{
    for (const RequestDialect* d : requestDialects())
        if (d->tag == tag)
            return d;
    return nullptr;
}

const RequestDialect* findRequestDialectByValue(const json::Value& tag) noexcept
{
    return tag.isString() ? findRequestDialect(tag.str()) : nullptr;
}

const RequestDialect& requestDialect(Wire w) noexcept
{
    switch (w) {
    case Wire::OpenAI: return openai::requestDialect();
    case Wire::Responses: return responses::requestDialect();
    case Wire::Anthropic: return anthropic::requestDialect();
    case Wire::Gemini: return gemini::requestDialect();
    case Wire::Ollama: return ollama::requestDialect();
    case Wire::Hermes: return hermes::requestDialect();
    }
    return openai::requestDialect();
}

} // namespace tw::wire
