#pragma once
// The wires Toolwire speaks. Providers that speak one of these (vLLM, Groq, ...) are
// profiles over a wire, kept as data (core/provider), never new code here.

#include <optional>
#include <string_view>

namespace tw::wire {

enum class Wire { OpenAI, Responses, Anthropic, Gemini, Ollama, Hermes };

inline constexpr Wire kAllWires[] = {Wire::OpenAI, Wire::Responses, Wire::Anthropic, Wire::Gemini, Wire::Ollama, Wire::Hermes};

// The wire's tag as used on the command line and in the corpus: "openai", "responses",
// "anthropic", "gemini", "ollama", "hermes".
std::string_view name(Wire w) noexcept;
// Exact, case-sensitive tag lookup; nullopt for anything else (the "unknown_wire" case).
std::optional<Wire> fromName(std::string_view tag) noexcept;
// Human label for tabs and menus: "OpenAI", "Responses", "Anthropic", ...
std::string_view label(Wire w) noexcept;

} // namespace tw::wire
