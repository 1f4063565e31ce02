#include "wire/wire.h"

namespace tw::wire {

std::string_view name(Wire w) noexcept
{
    switch (w) {
    case Wire::OpenAI: return "openai";
    case Wire::Responses: return "responses";
    case Wire::Anthropic: return "anthropic";
    case Wire::Gemini: return "gemini";
    case Wire::Ollama: return "ollama";
    case Wire::Hermes: return "hermes";
    }
    return "";
}

std::string_view label(Wire w) noexcept
{
    switch (w) {
    case Wire::OpenAI: return "OpenAI";
    case Wire::Responses: return "Responses";
    case Wire::Anthropic: return "Anthropic";
    case Wire::Gemini: return "Gemini";
    case Wire::Ollama: return "Ollama";
    case Wire::Hermes: return "Hermes";
    }
    return "";
}

std::optional<Wire> fromName(std::string_view tag) noexcept
{
    for (Wire w : kAllWires)
        if (name(w) == tag)
            return w;
    return std::nullopt;
}

} // namespace tw::wire
