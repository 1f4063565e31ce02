#include "schema/ecmaregex.h"

#include "util/strings.h"

#include <unordered_map>

namespace tw::schema {

namespace {

// ECMA-262 WhiteSpace and LineTerminator, as class members.
constexpr std::string_view kEcmaSpace =
    "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
constexpr std::string_view kEcmaDot = "[^\\n\\r\\x{2028}\\x{2029}]";
constexpr std::size_t kCacheLimit = 512;

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Four hex digits at p[i..i+4), or -1.
long hex4(std::string_view p, std::size_t i)
{
    if (i + 4 > p.size())
        return -1;
    long v = 0;
    for (std::size_t k = i; k < i + 4; ++k) {
        const int h = hexValue(p[k]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

// ECMA's \p{...} names (General_Category long names, "gc=", "Script=", "sc=", "scx=") in the
// short spelling PCRE2 accepts; anything else (short names, binary properties) as written.
std::string propertyName(std::string_view name)
{
    static const std::unordered_map<std::string_view, std::string_view> longNames = {
        {"Letter", "L"},
        {"Cased_Letter", "L&"},
        {"Uppercase_Letter", "Lu"},
        {"Lowercase_Letter", "Ll"},
        {"Titlecase_Letter", "Lt"},
        {"Modifier_Letter", "Lm"},
        {"Other_Letter", "Lo"},
        {"Mark", "M"},
        {"Combining_Mark", "M"},
        {"Nonspacing_Mark", "Mn"},
        {"Spacing_Mark", "Mc"},
        {"Enclosing_Mark", "Me"},
        {"Number", "N"},
        {"Decimal_Number", "Nd"},
        {"digit", "Nd"},
        {"Letter_Number", "Nl"},
        {"Other_Number", "No"},
        {"Punctuation", "P"},
        {"punct", "P"},
        {"Connector_Punctuation", "Pc"},
        {"Dash_Punctuation", "Pd"},
        {"Open_Punctuation", "Ps"},
        {"Close_Punctuation", "Pe"},
        {"Initial_Punctuation", "Pi"},
        {"Final_Punctuation", "Pf"},
        {"Other_Punctuation", "Po"},
        {"Symbol", "S"},
        {"Math_Symbol", "Sm"},
        {"Currency_Symbol", "Sc"},
        {"Modifier_Symbol", "Sk"},
        {"Other_Symbol", "So"},
        {"Separator", "Z"},
        {"Space_Separator", "Zs"},
        {"Line_Separator", "Zl"},
        {"Paragraph_Separator", "Zp"},
        {"Other", "C"},
        {"Control", "Cc"},
        {"cntrl", "Cc"},
        {"Format", "Cf"},
        {"Surrogate", "Cs"},
        {"Private_Use", "Co"},
        {"Unassigned", "Cn"},
    };
    if (const std::size_t eq = name.find('='); eq != std::string_view::npos) {
        const std::string_view key = name.substr(0, eq);
        name = name.substr(eq + 1);
        if (key != "General_Category" && key != "gc")
            return std::string(name); // Script, sc, Script_Extensions, scx: PCRE names scripts alone
    }
    const auto it = longNames.find(name);
    return std::string(it == longNames.end() ? name : it->second);
}

void appendCodePoint(std::string& out, unsigned long cp)
{
    static const char* digits = "0123456789ABCDEF";
    std::string hex;
    do {
        hex.insert(hex.begin(), digits[cp % 16]);
        cp /= 16;
    } while (cp);
    out += "\\x{" + hex + "}";
}

} // namespace

std::string ecmaToPcre(std::string_view p)
{
    std::string out;
    out.reserve(p.size() + 16);
    bool inClass = false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\' && i + 1 < p.size()) {
            const char e = p[++i];
            switch (e) {
            case 's': out += inClass ? std::string(kEcmaSpace) : "[" + std::string(kEcmaSpace) + "]"; continue;
            case 'S':
                // Inside a class a negated set cannot be spelt as members; PCRE's \S is
                // the close approximation there.
                out += inClass ? std::string("\\S") : "[^" + std::string(kEcmaSpace) + "]";
                continue;
            case 'u': {
                if (i + 1 < p.size() && p[i + 1] == '{') { // \u{X...} (the u flag)
                    const std::size_t close = p.find('}', i + 2);
                    if (close != std::string_view::npos) {
                        out += "\\x{" + std::string(p.substr(i + 2, close - i - 2)) + "}";
                        i = close;
                        continue;
                    }
                }
                const long hi = hex4(p, i + 1);
                if (hi < 0)
                    break; // an identity escape: PCRE gets it as written
                i += 4;
                // A surrogate pair spelt as two escapes is one code point.
                if (hi >= 0xD800 && hi <= 0xDBFF && i + 2 < p.size() && p[i + 1] == '\\' && p[i + 2] == 'u') {
                    const long lo = hex4(p, i + 3);
                    if (lo >= 0xDC00 && lo <= 0xDFFF) {
                        appendCodePoint(out,
                                        0x10000UL + ((static_cast<unsigned long>(hi) - 0xD800) << 10) + (static_cast<unsigned long>(lo) - 0xDC00));
                        i += 6;
                        continue;
                    }
                }
                appendCodePoint(out, static_cast<unsigned long>(hi));
                continue;
            }
            case '0':
                if (i + 1 >= p.size() || p[i + 1] < '0' || p[i + 1] > '9') {
                    out += "\\x{0}";
                    continue;
                }
                break;
            case '/': out += '/'; continue;
            case 'p':
            case 'P':
                if (i + 1 < p.size() && p[i + 1] == '{') {
                    const std::size_t close = p.find('}', i + 2);
                    if (close != std::string_view::npos) {
                        out += '\\';
                        out += e;
                        out += "{" + propertyName(p.substr(i + 2, close - i - 2)) + "}";
                        i = close;
                        continue;
                    }
                }
                break;
            default: break;
            }
            out += '\\';
            out += e;
            continue;
        }
        if (inClass) {
            if (c == ']')
                inClass = false;
            if (c == '[') {
                out += "\\[";
                continue;
            }
            out += c;
            continue;
        }
        switch (c) {
        case '[':
            if (p.substr(i, 3) == "[^]") {
                out += "[\\s\\S]";
                i += 2;
            } else if (p.substr(i, 2) == "[]") {
                out += "(?!)";
                i += 1;
            } else {
                inClass = true;
                out += '[';
                if (i + 1 < p.size() && p[i + 1] == '^') {
                    out += '^';
                    ++i;
                }
                // ECMA closes a class at its first ']'; PCRE would read a leading one as a
                // member, but "[]" and "[^]" are handled above, so none is leading here.
            }
            break;
        case '.': out += kEcmaDot; break;
        case '$': out += "\\z"; break;
        default: out += c; break;
        }
    }
    return out;
}

const QRegularExpression* compiledPattern(std::string_view ecmaPattern)
{
    struct Entry {
        QRegularExpression re;
        bool valid = false;
    };
    thread_local std::unordered_map<std::string, Entry> cache;
    const std::string key(ecmaPattern);
    auto it = cache.find(key);
    if (it == cache.end()) {
        if (cache.size() >= kCacheLimit)
            cache.clear();
        Entry e;
        e.re = QRegularExpression(toQString(ecmaToPcre(ecmaPattern)));
        e.valid = e.re.isValid();
        if (e.valid)
            e.re.optimize();
        it = cache.emplace(key, std::move(e)).first;
    }
    return it->second.valid ? &it->second.re : nullptr;
}

bool searchMatches(const QRegularExpression& re, std::string_view text) { return re.match(toQString(text)).hasMatch(); }

} // namespace tw::schema
