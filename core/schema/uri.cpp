#include "schema/uri.h"

#include <optional>

namespace tw::schema::uri {

namespace {

struct Parts {
    std::optional<std::string> scheme, authority, query, fragment;
    std::string path;
};

bool schemeChar(char c, bool first)
{
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    return first ? alpha : (alpha || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.');
}

std::size_t schemeLength(std::string_view s)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == ':')
            return i;
        if (!schemeChar(s[i], i == 0))
            return 0;
    }
    return 0;
}

Parts split(std::string_view s)
{
    Parts p;
    if (const std::size_t n = schemeLength(s); n > 0) {
        p.scheme = std::string(s.substr(0, n));
        s.remove_prefix(n + 1);
    }
    if (const std::size_t hash = s.find('#'); hash != std::string_view::npos) {
        p.fragment = std::string(s.substr(hash + 1));
        s = s.substr(0, hash);
    }
    if (const std::size_t q = s.find('?'); q != std::string_view::npos) {
        p.query = std::string(s.substr(q + 1));
        s = s.substr(0, q);
    }
    if (s.substr(0, 2) == "//") {
        s.remove_prefix(2);
        const std::size_t slash = s.find('/');
        p.authority = std::string(s.substr(0, slash));
        s = slash == std::string_view::npos ? std::string_view() : s.substr(slash);
    }
    p.path = std::string(s);
    return p;
}

// RFC 3986 5.2.4.
std::string removeDotSegments(std::string_view in)
{
    std::string out;
    while (!in.empty()) {
        if (in.substr(0, 3) == "../")
            in.remove_prefix(3);
        else if (in.substr(0, 2) == "./")
            in.remove_prefix(2);
        else if (in.substr(0, 3) == "/./")
            in.remove_prefix(2);
        else if (in == "/.")
            in = "/";
        else if (in.substr(0, 4) == "/../" || in == "/..") {
            in = in.size() == 3 ? std::string_view("/") : in.substr(3);
            const std::size_t last = out.rfind('/');
            out.erase(last == std::string::npos ? 0 : last);
        } else if (in == "." || in == "..")
            in = {};
        else {
            const std::size_t next = in.find('/', in.front() == '/' ? 1 : 0);
            out.append(in.substr(0, next));
            in = next == std::string_view::npos ? std::string_view() : in.substr(next);
        }
    }
    return out;
}

std::string compose(const Parts& p)
{
    std::string s;
    if (p.scheme)
        s += *p.scheme + ":";
    if (p.authority)
        s += "//" + *p.authority;
    s += p.path;
    if (p.query)
        s += "?" + *p.query;
    if (p.fragment)
        s += "#" + *p.fragment;
    return s;
}

} // namespace

bool hasScheme(std::string_view ref) { return schemeLength(ref) > 0; }

std::string resolve(std::string_view base, std::string_view ref)
{
    const Parts r = split(ref);
    Parts t;
    if (r.scheme) {
        t = r;
        t.path = removeDotSegments(r.path);
        return compose(t);
    }
    const Parts b = split(base);
    if (r.authority) {
        t.authority = r.authority;
        t.path = removeDotSegments(r.path);
        t.query = r.query;
    } else {
        if (r.path.empty()) {
            t.path = b.path;
            t.query = r.query ? r.query : b.query;
        } else {
            if (r.path.front() == '/') {
                t.path = removeDotSegments(r.path);
            } else {
                std::string merged;
                if (b.authority && b.path.empty())
                    merged = "/" + r.path;
                else {
                    const std::size_t slash = b.path.rfind('/');
                    merged = (slash == std::string::npos ? std::string() : b.path.substr(0, slash + 1)) + r.path;
                }
                t.path = removeDotSegments(merged);
            }
            t.query = r.query;
        }
        t.authority = b.authority;
    }
    t.scheme = b.scheme;
    t.fragment = r.fragment;
    return compose(t);
}

std::string_view withoutFragment(std::string_view uri) { return uri.substr(0, uri.find('#')); }

std::string_view fragment(std::string_view uri)
{
    const std::size_t hash = uri.find('#');
    return hash == std::string_view::npos ? std::string_view() : uri.substr(hash + 1);
}

} // namespace tw::schema::uri
