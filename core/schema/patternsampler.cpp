#include "schema/patternsampler.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

namespace tw::schema::detail {

namespace {

// Reads the pattern once, left to right: each atom is sampled once, or as often as its
// quantifier requires; the first alternative of each group is taken.
class PatternSampler {
public:
    explicit PatternSampler(std::string_view p) : m_p(p) { }

    std::string run() { return alternatives(); }

private:
    std::string alternatives()
    {
        std::string first = sequence();
        // Skip the other alternatives of this group.
        while (m_i < m_p.size() && m_p[m_i] == '|') {
            ++m_i;
            sequence();
        }
        return first;
    }

    std::string sequence()
    {
        std::string out;
        while (m_i < m_p.size() && m_p[m_i] != '|' && m_p[m_i] != ')') {
            std::string atom = this->atom();
            const auto [min, max] = quantifier();
            // One repetition where the quantifier allows it reads better than none.
            const long long reps = std::max<long long>(min, std::min<long long>(1, max));
            for (long long r = 0; r < reps; ++r)
                out += atom;
        }
        return out;
    }

    std::pair<long long, long long> quantifier()
    {
        constexpr long long kMany = std::numeric_limits<long long>::max();
        std::pair<long long, long long> q{1, 1};
        if (m_i >= m_p.size())
            return q;
        const char c = m_p[m_i];
        if (c == '?' || c == '*' || c == '+') {
            ++m_i;
            q = c == '?' ? std::pair<long long, long long>{0, 1}
                         : (c == '*' ? std::pair<long long, long long>{0, kMany} : std::pair<long long, long long>{1, kMany});
        } else if (c == '{') {
            const std::size_t close = m_p.find('}', m_i);
            if (close == std::string_view::npos)
                return q;
            const std::string body(m_p.substr(m_i + 1, close - m_i - 1));
            const std::size_t comma = body.find(',');
            if (body.empty() || !std::isdigit(static_cast<unsigned char>(body[0])))
                return q; // a literal brace
            m_i = close + 1;
            const long long lo = std::atoll(body.c_str());
            long long hi = lo;
            if (comma != std::string::npos)
                hi = comma + 1 < body.size() ? std::atoll(body.c_str() + comma + 1) : kMany;
            q = {lo, hi};
        } else {
            return q;
        }
        if (m_i < m_p.size() && (m_p[m_i] == '?' || m_p[m_i] == '+'))
            ++m_i; // lazy or possessive
        return q;
    }

    std::string escape(char c)
    {
        switch (c) {
        case 'd': return "0";
        case 'w': return "a";
        case 's': return " ";
        case 'D': return "a";
        case 'W': return "-";
        case 'S': return "a";
        case 'b':
        case 'B': return std::string();
        case 'n': return "\n";
        case 't': return "\t";
        case 'p':
        case 'P':
            if (m_i < m_p.size() && m_p[m_i] == '{') {
                const std::size_t close = m_p.find('}', m_i);
                m_i = close == std::string_view::npos ? m_p.size() : close + 1;
            }
            return "a";
        default: return std::string(1, c);
        }
    }

    std::string charClass()
    {
        // m_i is just past '['.
        bool negated = false;
        if (m_i < m_p.size() && m_p[m_i] == '^') {
            negated = true;
            ++m_i;
        }
        std::string members; // single characters allowed (or excluded)
        std::vector<std::pair<char, char>> ranges;
        std::string firstItem; // what a positive class samples: its first member or range start
        bool firstChar = true;
        while (m_i < m_p.size() && (m_p[m_i] != ']' || firstChar)) {
            firstChar = false;
            char c = m_p[m_i++];
            std::string lit;
            if (c == '\\' && m_i < m_p.size()) {
                lit = escape(m_p[m_i++]);
            } else {
                lit = std::string(1, c);
            }
            if (lit.size() == 1 && m_i + 1 < m_p.size() && m_p[m_i] == '-' && m_p[m_i + 1] != ']') {
                ++m_i;
                char hi = m_p[m_i++];
                if (hi == '\\' && m_i < m_p.size())
                    hi = escape(m_p[m_i++]).front();
                ranges.emplace_back(lit[0], hi);
                if (firstItem.empty())
                    firstItem = lit;
            } else if (!lit.empty()) {
                members += lit;
                if (firstItem.empty())
                    firstItem = lit;
            }
        }
        if (m_i < m_p.size())
            ++m_i; // ']'
        if (!negated)
            return firstItem.empty() ? std::string("a") : firstItem;
        for (char c : std::string_view("aA0_-x")) {
            bool excluded = members.find(c) != std::string::npos;
            for (auto [lo, hi] : ranges)
                excluded = excluded || (c >= lo && c <= hi);
            if (!excluded)
                return std::string(1, c);
        }
        return "~";
    }

    std::string atom()
    {
        const char c = m_p[m_i++];
        switch (c) {
        case '^':
        case '$': return std::string();
        case '.': return "a";
        case '\\': return m_i < m_p.size() ? escape(m_p[m_i++]) : std::string();
        case '[': return charClass();
        case '(': {
            bool lookaround = false;
            if (m_i < m_p.size() && m_p[m_i] == '?') {
                ++m_i;
                if (m_i < m_p.size() && (m_p[m_i] == '=' || m_p[m_i] == '!'))
                    lookaround = true;
                else if (m_i < m_p.size() && m_p[m_i] == '<' && m_i + 1 < m_p.size() && (m_p[m_i + 1] == '=' || m_p[m_i + 1] == '!')) {
                    lookaround = true;
                    ++m_i;
                } else if (m_i < m_p.size() && m_p[m_i] == '<') { // named group
                    const std::size_t close = m_p.find('>', m_i);
                    m_i = close == std::string_view::npos ? m_p.size() : close;
                }
                if (m_i < m_p.size())
                    ++m_i;
            }
            std::string inner = alternatives();
            if (m_i < m_p.size() && m_p[m_i] == ')')
                ++m_i;
            return lookaround ? std::string() : inner;
        }
        default: {
            // A literal, with the rest of its UTF-8 sequence.
            std::string lit(1, c);
            while (m_i < m_p.size() && (static_cast<unsigned char>(m_p[m_i]) & 0xC0) == 0x80)
                lit += m_p[m_i++];
            return lit;
        }
        }
    }

    std::string_view m_p;
    std::size_t m_i = 0;
};

} // namespace

std::string samplePattern(std::string_view pattern) { return PatternSampler(pattern).run(); }

} // namespace tw::schema::detail
