#pragma once
// The reference library walks decoded replies under Perl's `strict refs`: a missing or null
// container reads as empty, a container of the wrong type (a string where an array should
// be, even "" or 0) stops the walk. Every `malformed_input` of the call.* corpus comes from
// that walk, so the per-wire locators use exactly these steps, in the order the reference
// takes them. After the first failure every step returns null, and error() says where.

#include "json/value.h"
#include "model/scalars.h"
#include "model/toolcall.h"
#include "result.h"

#include <span>
#include <string>
#include <string_view>

namespace tw::wire {

class ReplyWalk {
public:
    // x[key]: null stays null; an object gives its member (or null); anything else fails.
    const json::Value& get(const json::Value& x, std::string_view key)
    {
        if (m_failed || x.isNull())
            return json::Value::nullValue();
        if (!x.isObject())
            return fail(x, "an object holding \"" + std::string(key) + "\"", key);
        return x[key];
    }
    // x[0]: null stays null; an array gives its first item (or null); anything else fails.
    const json::Value& first(const json::Value& x, std::string_view what)
    {
        if (m_failed || x.isNull())
            return json::Value::nullValue();
        if (!x.isArray())
            return fail(x, "an array", what);
        return x.at(0);
    }
    // The items of x: null gives none; an array its items; anything else fails.
    std::span<const json::Value> list(const json::Value& x, std::string_view what)
    {
        if (m_failed || x.isNull())
            return {};
        if (!x.isArray()) {
            fail(x, "an array", what);
            return {};
        }
        return x.items();
    }
    // A value that must be an object once it is truthy (it was tested for truthiness first).
    bool requireObject(const json::Value& x, std::string_view what)
    {
        if (m_failed)
            return false;
        if (!x.isObject()) {
            fail(x, "an object", what);
            return false;
        }
        return true;
    }

    bool failed() const noexcept { return m_failed; }
    const Error& error() const noexcept { return m_error; }

private:
    const json::Value& fail(const json::Value& x, std::string_view expected, std::string_view what)
    {
        m_failed = true;
        m_error =
            makeError("malformed_input", "expected " + std::string(expected) + " at " + std::string(what) + ", found " + json::typeName(x.type()),
                      std::string(what));
        return json::Value::nullValue();
    }

    bool m_failed = false;
    Error m_error;
};

// A call in the Chat Completions shape {"id", "function": {"name", "arguments"}}, which
// Ollama's native API shares: nullopt when it is no call of that shape.
inline Result<std::optional<model::ToolCall>> parseFunctionCall(const json::Value& raw, model::BlankArguments blank)
{
    if (!raw.isObject())
        return std::optional<model::ToolCall>();
    const json::Value& fn = raw["function"];
    if (model::truthy(fn) && !fn.isObject())
        return std::optional<model::ToolCall>();
    return model::callFromWire(fn["name"], fn["arguments"], raw["id"], blank);
}

} // namespace tw::wire
