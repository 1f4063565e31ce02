#include "lint/pointer.h"

#include <charconv>

namespace tw::lint {

using json::Value;

std::string childPointer(std::string_view base, std::string_view token)
{
    std::string out(base);
    out += '/';
    out += json::escapePointerToken(token);
    return out;
}

std::string childPointer(std::string_view base, std::size_t index) { return std::string(base) + "/" + std::to_string(index); }

std::vector<std::string> pointerTokens(std::string_view pointer)
{
    std::vector<std::string> out;
    if (pointer.empty() || pointer.front() != '/')
        return out;
    std::size_t start = 1;
    while (true) {
        const std::size_t end = pointer.find('/', start);
        const std::string_view raw = pointer.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        std::string token;
        token.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token += raw[i + 1] == '0' ? '~' : '/';
                ++i;
            } else {
                token += raw[i];
            }
        }
        out.push_back(std::move(token));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return out;
}

namespace {

const Value* child(const Value& v, const std::string& token)
{
    if (v.isObject())
        return v.find(token);
    if (v.isArray()) {
        const auto i = arrayIndex(token);
        if (!i || *i >= v.size())
            return nullptr;
        return &v.items()[*i];
    }
    return nullptr;
}

std::optional<Value> setAt(const Value& node, const std::vector<std::string>& tokens, std::size_t at, Value value)
{
    if (at == tokens.size())
        return value;
    const std::string& token = tokens[at];
    if (node.isObject()) {
        const Value* c = node.find(token);
        if (!c && at + 1 < tokens.size())
            return std::nullopt;
        auto inner = c ? setAt(*c, tokens, at + 1, std::move(value)) : std::optional<Value>(std::move(value));
        if (!inner)
            return std::nullopt;
        return node.set(token, std::move(*inner));
    }
    if (node.isArray()) {
        const auto i = arrayIndex(token);
        if (!i || *i >= node.size())
            return std::nullopt;
        auto inner = setAt(node.items()[*i], tokens, at + 1, std::move(value));
        if (!inner)
            return std::nullopt;
        std::vector<Value> items(node.items().begin(), node.items().end());
        items[*i] = std::move(*inner);
        return Value(std::move(items));
    }
    return std::nullopt;
}

} // namespace

std::optional<std::size_t> arrayIndex(std::string_view token)
{
    if (token.empty() || (token.size() > 1 && token.front() == '0'))
        return std::nullopt;
    std::size_t i = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), i);
    if (ec != std::errc() || end != token.data() + token.size())
        return std::nullopt;
    return i;
}

const Value* resolvePointer(const Value& root, std::string_view pointer)
{
    const Value* v = &root;
    for (const std::string& t : pointerTokens(pointer)) {
        v = child(*v, t);
        if (!v)
            return nullptr;
    }
    return v;
}

bool isWithin(std::string_view pointer, std::string_view prefix) noexcept
{
    if (!pointer.starts_with(prefix))
        return false;
    return pointer.size() == prefix.size() || pointer[prefix.size()] == '/';
}

std::string_view below(std::string_view pointer, std::string_view prefix) noexcept { return pointer.substr(prefix.size()); }

std::optional<Value> setAtPointer(const Value& root, std::string_view pointer, Value value)
{
    return setAt(root, pointerTokens(pointer), 0, std::move(value));
}

} // namespace tw::lint
