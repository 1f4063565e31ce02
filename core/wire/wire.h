#pragma once
// The wires Toolwire speaks. Providers that speak one of these (vLLM, Groq, ...) are
// profiles over a wire, kept as data (core/provider), never new code here.
//
// The enum is generated from wires.def, the one list of wires; everything a wire is (its
// tag, label, capabilities, request/reply/mock halves) is its Dialect (registry.h).

#include <cstddef>
#include <iterator>
#include <optional>
#include <string_view>

namespace tw::wire {

enum class Wire {
#define TOOLWIRE_WIRE(Id, ns) Id,
#include "wire/wires.def"
#undef TOOLWIRE_WIRE
};

inline constexpr Wire kAllWires[] = {
#define TOOLWIRE_WIRE(Id, ns) Wire::Id,
#include "wire/wires.def"
#undef TOOLWIRE_WIRE
};
inline constexpr std::size_t kWireCount = std::size(kAllWires);

// The wire's tag as used on the command line and in the corpus ("openai", "anthropic", ...).
std::string_view name(Wire w) noexcept;
// Exact, case-sensitive tag lookup; nullopt for anything else (the "unknown_wire" case).
std::optional<Wire> fromName(std::string_view tag) noexcept;
// Human label for tabs and menus ("OpenAI", "Anthropic", ...).
std::string_view label(Wire w) noexcept;
// The wire's position in kAllWires (tab order).
constexpr std::size_t indexOf(Wire w) noexcept { return static_cast<std::size_t>(w); }

} // namespace tw::wire
