#include "json/json.h"

#include <cstring>

namespace tw::json {

namespace {

// 0: copy as is; 1: needs an escape.
constexpr auto makeEscapeTable()
{
    struct T {
        unsigned char v[256]{};
    } t;
    for (int c = 0; c < 0x20; ++c)
        t.v[c] = 1;
    t.v[static_cast<unsigned char>('"')] = 1;
    t.v[static_cast<unsigned char>('\\')] = 1;
    return t;
}
constexpr auto kEscape = makeEscapeTable();

class Writer {
public:
    Writer(std::string& out, Style style) : m_out(out), m_pretty(style == Style::Pretty) {}

    void write(const Value& v, int indent)
    {
        switch (v.type()) {
        case Type::Null: m_out.append("null", 4); return;
        case Type::Bool:
            if (v.toBool())
                m_out.append("true", 4);
            else
                m_out.append("false", 5);
            return;
        case Type::Number: {
            auto t = v.numberText();
            m_out.append(t.data(), t.size());
            return;
        }
        case Type::String: writeString(m_out, v.str()); return;
        case Type::Array: {
            auto items = v.items();
            if (items.empty()) {
                m_out.append("[]", 2);
                return;
            }
            m_out.push_back('[');
            bool first = true;
            for (const Value& item : items) {
                if (!first)
                    m_out.push_back(',');
                first = false;
                newline(indent + 1);
                write(item, indent + 1);
            }
            newline(indent);
            m_out.push_back(']');
            return;
        }
        case Type::Object: {
            auto members = v.members();
            if (members.empty()) {
                m_out.append("{}", 2);
                return;
            }
            m_out.push_back('{');
            bool first = true;
            for (const Member& m : members) {
                if (!first)
                    m_out.push_back(',');
                first = false;
                newline(indent + 1);
                writeString(m_out, m.key.str());
                if (m_pretty)
                    m_out.append(": ", 2);
                else
                    m_out.push_back(':');
                write(m.value, indent + 1);
            }
            newline(indent);
            m_out.push_back('}');
            return;
        }
        }
    }

private:
    void newline(int indent)
    {
        if (!m_pretty)
            return;
        m_out.push_back('\n');
        m_out.append(static_cast<std::size_t>(indent) * 2, ' ');
    }

    std::string& m_out;
    bool m_pretty;
};

} // namespace

namespace {
// Eight bytes at a time: true when any byte is a control character, '"' or '\\'.
inline bool needsEscape8(std::uint64_t w)
{
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    auto hasZero = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
    const std::uint64_t ctl = (w - ones * 0x20) & ~w & highs;
    return (ctl | hasZero(w ^ (ones * '"')) | hasZero(w ^ (ones * '\\'))) != 0;
}
} // namespace

void writeString(std::string& out, std::string_view s)
{
    static const char hex[] = "0123456789abcdef";
    out.push_back('"');
    const char* p = s.data();
    const char* end = p + s.size();
    const char* run = p;
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        if (needsEscape8(w))
            break;
        p += 8;
    }
    while (p < end) {
        const auto c = static_cast<unsigned char>(*p);
        if (!kEscape.v[c]) {
            ++p;
            continue;
        }
        out.append(run, static_cast<std::size_t>(p - run));
        switch (c) {
        case '"': out.append("\\\"", 2); break;
        case '\\': out.append("\\\\", 2); break;
        case '\n': out.append("\\n", 2); break;
        case '\r': out.append("\\r", 2); break;
        case '\t': out.append("\\t", 2); break;
        case '\b': out.append("\\b", 2); break;
        case '\f': out.append("\\f", 2); break;
        default: {
            char buf[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            out.append(buf, 6);
        }
        }
        ++p;
        run = p;
    }
    out.append(run, static_cast<std::size_t>(end - run));
    out.push_back('"');
}

void serializeTo(std::string& out, const Value& v, Style style)
{
    Writer(out, style).write(v, 0);
}

std::string serialize(const Value& v, Style style)
{
    std::string out;
    serializeTo(out, v, style);
    return out;
}

} // namespace tw::json
