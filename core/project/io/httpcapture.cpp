// Reading captured HTTP requests: curl command lines, Postman collections, HAR logs.

#include "project/io/httpcapture.h"

#include "json/json.h"

#include <QUrl>

#include <algorithm>
#include <cctype>

namespace tw::project::io {

using json::Value;

namespace {

Error malformed(const std::string& what, const std::string& pointer = {})
{
    return makeError("malformed_input", pointer.empty() ? what : pointer + ": " + what, pointer);
}

void appendUtf8(std::string& out, unsigned cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// The escape after a backslash inside $'…'; `i` points at the character after the backslash.
void ansiEscape(std::string_view s, std::size_t& i, std::string& out)
{
    const char c = s[i];
    auto hex = [&](std::size_t maxDigits) {
        unsigned v = 0;
        std::size_t n = 0;
        while (n < maxDigits && i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1]))) {
            const char d = s[++i];
            v = v * 16 + unsigned(std::isdigit(static_cast<unsigned char>(d)) ? d - '0' : (std::tolower(d) - 'a' + 10));
            ++n;
        }
        return v;
    };
    switch (c) {
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    case 'r': out += '\r'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'v': out += '\v'; break;
    case 'e': out += '\x1b'; break;
    case 'x': out += char(hex(2)); break;
    case 'u': appendUtf8(out, hex(4)); break;
    case 'U': appendUtf8(out, hex(8)); break;
    default: out += c; break; // \\ \' \" and anything else: the character itself
    }
}

std::string madeUpName(const std::string& method, const std::string& url)
{
    const QUrl u(QString::fromUtf8(url.data(), qsizetype(url.size())));
    const QByteArray where = (u.host() + u.path()).toUtf8();
    return method + " " + std::string(where.constData(), std::size_t(where.size()));
}

} // namespace

Result<std::vector<std::string>> shellWords(std::string_view s)
{
    std::vector<std::string> words;
    std::string cur;
    bool inWord = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '\\' && i + 1 < s.size()) {
            if (s[i + 1] == '\n' || (s[i + 1] == '\r' && i + 2 < s.size() && s[i + 2] == '\n')) {
                i += s[i + 1] == '\r' ? 2 : 1; // a continued line
                continue;
            }
            cur += s[++i];
            inWord = true;
        } else if (c == '\'') {
            const std::size_t close = s.find('\'', i + 1);
            if (close == std::string_view::npos)
                return malformed("unclosed ' in the command line");
            cur.append(s.substr(i + 1, close - i - 1));
            i = close;
            inWord = true;
        } else if (c == '$' && i + 1 < s.size() && s[i + 1] == '\'') {
            std::size_t j = i + 2;
            for (; j < s.size() && s[j] != '\''; ++j) {
                if (s[j] == '\\' && j + 1 < s.size()) {
                    ++j;
                    ansiEscape(s, j, cur);
                } else {
                    cur += s[j];
                }
            }
            if (j >= s.size())
                return malformed("unclosed $' in the command line");
            i = j;
            inWord = true;
        } else if (c == '"') {
            std::size_t j = i + 1;
            for (; j < s.size() && s[j] != '"'; ++j) {
                if (s[j] == '\\' && j + 1 < s.size() && std::string_view("\"\\$`\n").find(s[j + 1]) != std::string_view::npos) {
                    if (s[j + 1] != '\n')
                        cur += s[j + 1];
                    ++j;
                } else {
                    cur += s[j];
                }
            }
            if (j >= s.size())
                return malformed("unclosed \" in the command line");
            i = j;
            inWord = true;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (inWord)
                words.push_back(std::move(cur));
            cur.clear();
            inWord = false;
        } else {
            cur += c;
            inWord = true;
        }
    }
    if (inWord)
        words.push_back(std::move(cur));
    return words;
}

bool looksLikeCurl(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
    const std::string_view rest = text.substr(i);
    return (rest.substr(0, 5) == "curl " || rest.substr(0, 5) == "curl\t" || rest.substr(0, 6) == "curl\\\n" || rest.substr(0, 9) == "curl.exe ");
}

Result<HttpCapture> parseCurl(std::string_view commandLine)
{
    auto words = shellWords(commandLine);
    if (!words)
        return words.error();
    if (words->empty() || (words->front() != "curl" && words->front() != "curl.exe"))
        return malformed("not a curl command line");
    HttpCapture c;
    bool methodGiven = false, hasBody = false;
    // Options whose value is read past (the value is not the URL).
    static const std::vector<std::string_view> kValued = {"-o",
                                                          "--output",
                                                          "-u",
                                                          "--user",
                                                          "-e",
                                                          "--referer",
                                                          "-m",
                                                          "--max-time",
                                                          "--connect-timeout",
                                                          "-x",
                                                          "--proxy",
                                                          "-b",
                                                          "--cookie",
                                                          "-c",
                                                          "--cookie-jar",
                                                          "-w",
                                                          "--write-out",
                                                          "--retry",
                                                          "-K",
                                                          "--config",
                                                          "--cacert",
                                                          "--cert",
                                                          "--key",
                                                          "-T",
                                                          "--upload-file",
                                                          "-F",
                                                          "--form"};
    const std::vector<std::string>& w = *words;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const std::string& a = w[i];
        auto value = [&]() -> Result<std::string> {
            if (i + 1 >= w.size())
                return malformed(a + " needs a value");
            return w[++i];
        };
        auto addBody = [&](const std::string& data) -> Result<void> {
            if (!data.empty() && data.front() == '@')
                return malformed("the body is read from a file (" + data + "): paste the body instead");
            if (hasBody)
                c.body += "&";
            c.body += data;
            hasBody = true;
            return {};
        };
        if (a == "-X" || a == "--request") {
            auto v = value();
            if (!v)
                return v.error();
            c.method = *v;
            methodGiven = true;
        } else if (a == "-H" || a == "--header") {
            auto v = value();
            if (!v)
                return v.error();
            const std::size_t colon = v->find(':');
            if (colon == std::string::npos)
                continue; // "-H 'Name;'" sends an empty header; nothing to keep
            std::string val = v->substr(colon + 1);
            while (!val.empty() && val.front() == ' ')
                val.erase(0, 1);
            c.headers.emplace_back(v->substr(0, colon), val);
        } else if (a == "-A" || a == "--user-agent") {
            auto v = value();
            if (!v)
                return v.error();
            c.headers.emplace_back("User-Agent", *v);
        } else if (a == "-d" || a == "--data" || a == "--data-raw" || a == "--data-binary" || a == "--data-ascii" || a == "--json") {
            auto v = value();
            if (!v)
                return v.error();
            if (auto ok = addBody(*v); !ok)
                return ok.error();
            if (a == "--json")
                c.headers.emplace_back("Content-Type", "application/json");
        } else if (a.rfind("--data", 0) == 0 && a.find('=') != std::string::npos) {
            if (auto ok = addBody(a.substr(a.find('=') + 1)); !ok)
                return ok.error();
        } else if (a == "--url") {
            auto v = value();
            if (!v)
                return v.error();
            c.url = *v;
        } else if (std::find(kValued.begin(), kValued.end(), a) != kValued.end()) {
            i += 1;
        } else if (!a.empty() && a.front() == '-') {
            continue; // -s, -S, -N, -L, --compressed, ...: no value
        } else if (c.url.empty()) {
            c.url = a;
        }
    }
    if (c.url.empty())
        return malformed("the curl command line names no URL");
    if (!methodGiven)
        c.method = hasBody ? "POST" : "GET";
    c.name = madeUpName(c.method, c.url);
    return c;
}

bool isPostmanCollection(const Value& doc) { return doc.isObject() && doc["info"].isObject() && doc["item"].isArray(); }

bool isHar(const Value& doc) { return doc.isObject() && doc["log"].isObject() && doc["log"]["entries"].isArray(); }

namespace {

Result<void> walkPostman(const Value& items, const std::string& pointer, std::vector<HttpCapture>& out)
{
    std::size_t i = 0;
    for (const Value& item : items.items()) {
        const std::string ptr = pointer + "/" + std::to_string(i++);
        if (item["item"].isArray()) { // a folder
            if (auto ok = walkPostman(item["item"], ptr + "/item", out); !ok)
                return ok;
            continue;
        }
        const Value& r = item["request"];
        if (r.isNull())
            continue;
        HttpCapture c;
        c.pointer = ptr;
        if (r.isString()) { // the short form: the request is its URL
            c.url = std::string(r.str());
        } else {
            c.method = r["method"].isString() ? std::string(r["method"].str()) : "GET";
            const Value& url = r["url"];
            c.url = std::string(url.isString() ? url.str() : url["raw"].str());
            for (const Value& h : r["header"].items())
                if (!h["disabled"].toBool() && h["key"].isString())
                    c.headers.emplace_back(std::string(h["key"].str()), std::string(h["value"].str()));
            const Value& body = r["body"];
            if (!body.isNull()) {
                if (body["mode"].str() != "raw")
                    return malformed("only raw bodies can be imported (this one is " + std::string(body["mode"].str()) + ")",
                                     ptr + "/request/body/mode");
                c.body = std::string(body["raw"].str());
            }
        }
        if (c.url.empty())
            return malformed("the request has no URL", ptr + "/request/url");
        c.name = item["name"].isString() ? std::string(item["name"].str()) : madeUpName(c.method, c.url);
        out.push_back(std::move(c));
    }
    return {};
}

} // namespace

Result<std::vector<HttpCapture>> postmanRequests(const Value& collection)
{
    std::vector<HttpCapture> out;
    if (auto ok = walkPostman(collection["item"], "/item", out); !ok)
        return ok.error();
    return out;
}

Result<std::vector<HttpCapture>> harRequests(const Value& har)
{
    std::vector<HttpCapture> out;
    std::size_t i = 0;
    for (const Value& e : har["log"]["entries"].items()) {
        const std::string ptr = "/log/entries/" + std::to_string(i++);
        const Value& r = e["request"];
        if (!r.isObject() || !r["url"].isString())
            return malformed("expected a request with a URL", ptr + "/request");
        HttpCapture c;
        c.pointer = ptr;
        c.method = r["method"].isString() ? std::string(r["method"].str()) : "GET";
        c.url = std::string(r["url"].str());
        for (const Value& h : r["headers"].items()) {
            const std::string name(h["name"].str());
            if (!name.empty() && name.front() != ':') // HTTP/2 pseudo-headers
                c.headers.emplace_back(name, std::string(h["value"].str()));
        }
        c.body = std::string(r["postData"]["text"].str());
        c.name = madeUpName(c.method, c.url);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace tw::project::io
