#include "schema/messagehints.h"

#include "util/strings.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cctype>
#include <set>

namespace tw::schema::detail {

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string> identifierWords(std::string_view name)
{
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty())
            out.push_back(lower(cur));
        cur.clear();
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            flush();
            continue;
        }
        if (std::isupper(static_cast<unsigned char>(c)) && !cur.empty() && std::islower(static_cast<unsigned char>(cur.back())))
            flush();
        cur.push_back(c);
    }
    flush();
    return out;
}

std::string singular(std::string w)
{
    if (w.size() > 3 && w.back() == 's' && w[w.size() - 2] != 's')
        w.pop_back();
    return w;
}

bool anyWord(const std::vector<std::string>& words, std::initializer_list<std::string_view> set)
{
    for (const std::string& w : words)
        for (std::string_view s : set)
            if (w == s)
                return true;
    return false;
}

bool matchesRegex(std::string_view pattern, std::string_view s)
{
    const QRegularExpression re(toQString(pattern), QRegularExpression::UseUnicodePropertiesOption);
    return re.isValid() && re.match(toQString(s)).hasMatch();
}

namespace {

std::string stripEnds(std::string_view t)
{
    static constexpr std::string_view kLeading = "\"'([{<`";
    static constexpr std::string_view kTrailing = "\"')]}>`,;!?.:";
    while (!t.empty() && kLeading.find(t.front()) != std::string_view::npos)
        t.remove_prefix(1);
    while (!t.empty() && kTrailing.find(t.back()) != std::string_view::npos)
        t.remove_suffix(1);
    return std::string(t);
}

bool isAcronym(std::string_view t)
{
    return t.size() <= 4 && std::all_of(t.begin(), t.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

bool startsUpper(std::string_view t)
{
    const QString s = toQString(t);
    return !s.isEmpty() && s.at(0).isUpper();
}

} // namespace

MessageHints::MessageHints(std::string_view hint)
{
    const QString trimmed = toQString(hint).trimmed();
    text = toStdString(trimmed);
    lowerText = lower(text);

    // Raw tokens (with their punctuation) to know where sentences and phrases end.
    std::vector<std::string> raw;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        std::size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])))
            ++j;
        if (j > i)
            raw.push_back(text.substr(i, j - i));
        i = j;
    }
    for (const std::string& r : raw) {
        tokens.push_back(stripEnds(r));
        lowerTokens.push_back(lower(tokens.back()));
    }

    static const QRegularExpression emailRe(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$"));
    static const QRegularExpression urlRe(QStringLiteral("^(https?://|www\\.)\\S+$"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression tzRe(QStringLiteral("^[A-Z][A-Za-z_]+(/[A-Z][A-Za-z_+-]+){1,2}$|^UTC$|^GMT$"));
    static const QRegularExpression dateRe(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    static const QRegularExpression timeRe(QStringLiteral("^\\d{1,2}:\\d{2}(:\\d{2})?$"));
    static const QRegularExpression numberRe(QStringLiteral("^[$€£]?(-?\\d+(\\.\\d+)?)$"));
    static const QRegularExpression fileRe(QStringLiteral("^[\\w.-]+\\.[A-Za-z0-9]{1,5}$"));

    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        const QString qt = toQString(t);
        if (t.empty())
            continue;
        if (emailRe.match(qt).hasMatch()) {
            emails.push_back(t);
        } else if (urlRe.match(qt).hasMatch()) {
            urls.push_back(t);
        } else if (tzRe.match(qt).hasMatch()) {
            timezones.push_back(t);
        } else if (dateRe.match(qt).hasMatch()) {
            dates.push_back(t);
        } else if (timeRe.match(qt).hasMatch()) {
            if (timeOfDay.empty())
                timeOfDay = t.size() == 4 ? "0" + t : t;
        } else if (auto m = numberRe.match(qt); m.hasMatch()) {
            NumberHint n;
            n.value = m.captured(1).toDouble();
            n.integer = !m.captured(1).contains(QLatin1Char('.'));
            if (i + 1 < lowerTokens.size())
                n.nextWord = singular(lowerTokens[i + 1]);
            numbers.push_back(std::move(n));
        } else if (t.find('/') != std::string::npos || t.find('\\') != std::string::npos || fileRe.match(qt).hasMatch()) {
            paths.push_back(t);
        }
        if (lowerTokens[i] == "tomorrow")
            tomorrow = true;
    }

    // Place names: runs of capitalized words that do not open a sentence, acronyms left out
    // ("What's the weather in San Francisco, CA?" gives "San Francisco").
    std::string phrase;
    auto flush = [&] {
        if (!phrase.empty())
            places.push_back(phrase);
        phrase.clear();
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const std::string& t = tokens[i];
        const bool opensSentence = i == 0 || std::string_view(".?!:").find(raw[i - 1].back()) != std::string_view::npos;
        const bool name = !t.empty() && startsUpper(t) && !isAcronym(t) && t != "I" && !opensSentence &&
            std::none_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '@' || c == '/'; });
        if (!name) {
            flush();
            continue;
        }
        phrase += (phrase.empty() ? "" : " ") + t;
        if (raw[i].size() != t.size()) // punctuation after the word ends the phrase
            flush();
    }
    flush();

    // A short title: after a colon when there is one, up to the first clause break or
    // preposition ("Create a calendar event: design review tomorrow at 10:00" gives
    // "design review").
    std::string_view rest = text;
    if (const std::size_t colon = rest.find(": "); colon != std::string_view::npos)
        rest.remove_prefix(colon + 2);
    static const std::set<std::string, std::less<>> kStops = {"at", "on",       "for",   "with",    "from", "to",  "in",
                                                              "by", "tomorrow", "today", "tonight", "next", "this"};
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < rest.size() && words.size() < 8) {
        while (i < rest.size() && std::isspace(static_cast<unsigned char>(rest[i])))
            ++i;
        std::size_t j = i;
        while (j < rest.size() && !std::isspace(static_cast<unsigned char>(rest[j])))
            ++j;
        if (j == i)
            break;
        const std::string w(rest.substr(i, j - i));
        const std::string bare = stripEnds(w);
        if (!words.empty() && kStops.count(lower(bare)))
            break;
        if (!bare.empty())
            words.push_back(bare);
        if (w.size() != bare.size() && std::string_view(",;.!?").find(w.back()) != std::string_view::npos)
            break;
        i = j;
    }
    for (const std::string& w : words)
        title += (title.empty() ? "" : " ") + w;
}

} // namespace tw::schema::detail
