#include "json/strings.h"

#include "json/stringdecode.h"

#include <algorithm>
#include <cstring>

namespace tw::json {

namespace detail {

std::string describeByte(const char* p, const char* end)
{
    if (p >= end)
        return "end of input";
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x21 && c < 0x7f)
        return std::string("'") + static_cast<char>(c) + "'";
    static const char hex[] = "0123456789ABCDEF";
    if (c < 0x80) {
        std::string s = "U+00";
        s += hex[c >> 4];
        s += hex[c & 15];
        if (c == ' ')
            s += " (space)";
        return s;
    }
    std::string s = "byte 0x";
    s += hex[c >> 4];
    s += hex[c & 15];
    return s;
}

std::string faultMessage(Fault fault, const char* at, const char* end)
{
    switch (fault) {
    case Fault::None: break;
    case Fault::InvalidEscape: return "invalid escape \\" + std::string(1, at[1]) + " in string";
    case Fault::BadUnicodeEscape: return "invalid \\u escape: expected four hex digits";
    case Fault::LoneHighSurrogate: return "lone surrogate escape (high surrogate without a low one)";
    case Fault::LoneLowSurrogate: return "lone surrogate escape (low surrogate without a high one)";
    case Fault::ControlCharacter: return "unescaped control character " + describeByte(at, end) + " in string";
    case Fault::InvalidUtf8: return "invalid UTF-8 (" + describeByte(at, end) + ") in string";
    case Fault::TruncatedEscape: return "incomplete escape: the string ends with a backslash";
    case Fault::UnescapedQuote: return "unescaped '\"' in string";
    }
    return {};
}

} // namespace detail

namespace {

// Room after the body's own size for the engine's fixed-size copies (see decodeRun).
constexpr std::size_t kSlack = 32;

// Output room at out[start...], grown by resizing the string (the engine never asks when
// the string was sized to the body plus kSlack).
detail::Room roomIn(std::string& out, std::size_t start) { return {out.data() + start, out.data() + out.size()}; }

StringError errorAt(const char* begin, const char* at, const char* end, detail::Fault fault)
{
    return {static_cast<std::size_t>(at - begin), detail::faultMessage(fault, at, end)};
}

} // namespace

Result<std::string, StringError> decodeString(std::string_view body)
{
    using detail::Stop;
    const char* const begin = body.data();
    const char* const end = begin + body.size();
    const detail::PlainScan plain = detail::scanPlain(begin, end);
    if (plain.stop == Stop::End)
        return std::string(body);
    if (plain.stop == Stop::Fault)
        return errorAt(begin, plain.at, end, plain.fault);
    if (plain.stop == Stop::Quote)
        return errorAt(begin, plain.at, end, detail::Fault::UnescapedQuote);

    std::string out;
    out.resize(body.size() + kSlack);
    const std::size_t prefix = static_cast<std::size_t>(plain.at - begin);
    std::memcpy(out.data(), begin, prefix);
    auto grow = [&out](std::size_t used, std::size_t need) {
        out.resize(std::max(out.size() * 2, used + need));
        return roomIn(out, 0);
    };
    const detail::Room room = roomIn(out, 0);
    const detail::DecodeRun run = detail::decodeRun<detail::StringPolicy::Strict>(plain.at, end, room.base, room.limit, room.base + prefix, grow);
    if (run.stop == Stop::Fault)
        return errorAt(begin, run.at, end, run.fault);
    if (run.stop == Stop::Quote)
        return errorAt(begin, run.at, end, detail::Fault::UnescapedQuote);
    out.resize(static_cast<std::size_t>(run.w - run.base));
    return out;
}

void appendDecodedLenient(std::string& out, std::string_view body)
{
    const std::size_t start = out.size();
    out.resize(start + body.size() + kSlack);
    auto grow = [&out, start](std::size_t used, std::size_t need) {
        out.resize(std::max(out.size() * 2, start + used + need));
        return roomIn(out, start);
    };
    const char* p = body.data();
    const char* const end = p + body.size();
    detail::Room room = roomIn(out, start);
    char* w = room.base;
    for (;;) {
        const detail::DecodeRun run = detail::decodeRun<detail::StringPolicy::Lenient>(p, end, room.base, room.limit, w, grow);
        room = {run.base, run.limit};
        w = run.w;
        if (run.stop != detail::Stop::Quote)
            break; // End: the lenient policy has no faults
        // A scanner's body holds no unescaped quote; one passed in anyway is kept. The
        // room covers it: the text so far is no longer than the input read.
        *w++ = '"';
        p = run.at + 1;
    }
    out.resize(start + static_cast<std::size_t>(w - room.base));
}

} // namespace tw::json
