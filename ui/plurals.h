#pragma once
// English plurals for the window's counted strings. The sources say "%n call(s)" (Qt's
// convention: a translation picks the form by %n); with no translation loaded, Qt shows
// them as written, and the window said "1 call(s)". This translator is English itself: for
// a string translated with a count it drops "(s)" / "(es)" for one and keeps the letters
// otherwise ("1 call", "2 calls", "2 mismatches"); every other string is left to the source.

#include <QTranslator>

namespace tw::ui {

class EnglishPlurals : public QTranslator {
public:
    using QTranslator::QTranslator;
    QString translate(const char* context, const char* sourceText, const char* disambiguation = nullptr, int n = -1) const override;
    bool isEmpty() const override { return false; }

    // The English form of `source` for the count n (the rule above; %n stays for Qt to fill).
    static QString pluralize(const QString& source, int n);
};

// Installs one EnglishPlurals on the application (a child of it).
void installEnglishPlurals();

} // namespace tw::ui
