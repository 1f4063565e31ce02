#include "jsontext.h"

#include "util/strings.h"

#include <QCoreApplication>

#include <string>
#include <vector>

namespace tw::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("tw::ui::JsonText", text); }

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// What a JSON value can start with.
bool startsValue(char c) { return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n'; }

// The first word of the text (for the message), at most 24 characters, on one line.
QString opening(std::string_view text, std::size_t from)
{
    std::size_t end = from;
    while (end < text.size() && end - from < 24 && text[end] != '\n' && text[end] != '\r')
        ++end;
    return QString::fromUtf8(text.data() + from, qsizetype(end - from)).trimmed();
}

// A tiny walker over JSON text that parsed: positions of values, nothing decoded but keys.
struct Walker {
    std::string_view t;
    std::size_t p = 0;

    void space()
    {
        while (p < t.size() && isSpace(t[p]))
            ++p;
    }
    void skipString()
    {
        ++p; // the opening quote
        while (p < t.size() && t[p] != '"')
            p += t[p] == '\\' ? 2 : 1;
        ++p;
    }
    std::string key()
    {
        const std::size_t start = p;
        skipString();
        auto v = json::parse(t.substr(start, p - start));
        return v && v->isString() ? std::string(v->str()) : std::string();
    }
    void skipValue()
    {
        space();
        if (p >= t.size())
            return;
        const char c = t[p];
        if (c == '"') {
            skipString();
        } else if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++p;
            space();
            while (p < t.size() && t[p] != close) {
                if (c == '{') {
                    key();
                    space();
                    ++p; // ':'
                }
                skipValue();
                space();
                if (p < t.size() && t[p] == ',')
                    ++p;
                space();
            }
            ++p;
        } else {
            while (p < t.size() && !isSpace(t[p]) && t[p] != ',' && t[p] != '}' && t[p] != ']')
                ++p;
        }
    }
};

std::vector<std::string> pointerTokens(std::string_view pointer)
{
    std::vector<std::string> out;
    if (pointer.empty())
        return out;
    std::size_t i = 1; // after the leading '/'
    std::string token;
    for (; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            out.push_back(token);
            token.clear();
        } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
            token += pointer[i + 1] == '1' ? '/' : '~';
            ++i;
        } else {
            token += pointer[i];
        }
    }
    return out;
}

} // namespace

QString describeParseError(std::string_view text, const json::ParseError& e, const QString& expected)
{
    std::size_t first = 0;
    while (first < text.size() && isSpace(text[first]))
        ++first;
    const QString where = tr("Line %1, column %2").arg(e.pos.line).arg(e.pos.column);
    QString message;
    bool notJson = true; // only then is what the text should be worth saying
    if (first >= text.size()) {
        message = tr("%1: there is no JSON here yet (the text is empty).").arg(where);
    } else if (e.pos.offset <= first + 4 && (!startsValue(text[first]) || e.message.find("invalid literal") == 0)) {
        // Broken at its first token: not JSON that has a typo, but something else.
        message = tr("%1: this is not JSON — it starts with “%2”; JSON starts with {, [, a string, a number, true, false or null.")
                      .arg(where, opening(text, first));
    } else if (e.pos.offset < text.size() && (text[e.pos.offset] == '\n' || text[e.pos.offset] == '\r') &&
               e.message.find("control character") != std::string::npos) {
        message = tr("%1: unterminated string — it is not closed before the end of the line (a line break inside a "
                     "string is written \\n).")
                      .arg(where);
        notJson = false;
    } else {
        message = tr("%1: %2").arg(where, toQString(e.message));
        notJson = false;
    }
    return expected.isEmpty() || !notJson ? message : message + QLatin1Char(' ') + expected;
}

std::optional<std::size_t> locatePointer(std::string_view text, std::string_view pointer)
{
    Walker w{text};
    w.space();
    for (const std::string& token : pointerTokens(pointer)) {
        if (w.p >= text.size())
            return std::nullopt;
        const char c = text[w.p];
        if (c == '{') {
            ++w.p;
            bool found = false;
            w.space();
            while (w.p < text.size() && text[w.p] != '}') {
                const std::string k = w.key();
                w.space();
                ++w.p; // ':'
                w.space();
                if (k == token) {
                    found = true;
                    break;
                }
                w.skipValue();
                w.space();
                if (w.p < text.size() && text[w.p] == ',')
                    ++w.p;
                w.space();
            }
            if (!found)
                return std::nullopt;
        } else if (c == '[') {
            bool ok = !token.empty();
            std::size_t index = 0;
            for (char d : token) {
                ok = ok && d >= '0' && d <= '9';
                index = index * 10 + std::size_t(d - '0');
            }
            if (!ok)
                return std::nullopt;
            ++w.p;
            w.space();
            for (std::size_t i = 0; i < index; ++i) {
                if (w.p >= text.size() || text[w.p] == ']')
                    return std::nullopt;
                w.skipValue();
                w.space();
                if (w.p < text.size() && text[w.p] == ',')
                    ++w.p;
                w.space();
            }
            if (w.p >= text.size() || text[w.p] == ']')
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    return w.p <= text.size() ? std::optional<std::size_t>(w.p) : std::nullopt;
}

TextPosition positionOf(std::string_view text, std::size_t offset)
{
    TextPosition pos;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++pos.column;
        }
    }
    return pos;
}

} // namespace tw::ui
