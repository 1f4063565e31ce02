#pragma once
// The user's message as the example generator reads it (schemagen.h says what it takes from
// it), and the word helpers the generator shares with the reader. Internal to the generator.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tw::schema::detail {

std::string lower(std::string_view s); // ASCII lower case
// Words of an identifier: snake_case, kebab-case, camelCase and dotted names, lower case.
std::vector<std::string> identifierWords(std::string_view name);
std::string singular(std::string w); // "minutes" -> "minute"
bool anyWord(const std::vector<std::string>& words, std::initializer_list<std::string_view> set);
// Whether a JSON Schema pattern (unanchored, as the spec reads it) matches somewhere in s;
// false when it does not compile.
bool matchesRegex(std::string_view pattern, std::string_view s);

struct NumberHint {
    double value = 0;
    bool integer = false;
    std::string nextWord; // lower case, singular
};

// The message, read once.
struct MessageHints {
    std::string text; // the message, trimmed
    std::string lowerText;
    std::vector<std::string> tokens; // punctuation stripped from the ends
    std::vector<std::string> lowerTokens;
    std::vector<std::string> emails, urls, paths, timezones, dates, places;
    std::vector<NumberHint> numbers;
    std::string timeOfDay; // "10:00"
    bool tomorrow = false;
    std::string title;

    explicit MessageHints(std::string_view hint);
};

} // namespace tw::schema::detail
