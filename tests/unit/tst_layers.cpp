// The shape of the code, checked: core's layers include only layers below them (the link
// graph is checked at configure time; #include lines are what it cannot see), core never
// includes UI headers, and nothing outside core/wire/ names a wire in code — wire knowledge
// lives in the dialects, and the wire names this test looks for come from the registry
// itself, so a new wire is covered the day it is registered.

#include "wire/registry.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace Qt::StringLiterals;

namespace {

QString sourceDir() { return QStringLiteral(TOOLWIRE_SOURCE_DIR); }

// core/<folder> -> its layer (folders that share a layer map to it).
QString layerOfFolder(const QString& folder)
{
    if (folder == "util"_L1)
        return u"json"_s;
    return folder;
}

std::map<QString, int> layerRanks()
{
    std::map<QString, int> ranks;
    const QStringList order = QStringLiteral(TOOLWIRE_LAYER_ORDER).split(u' ', Qt::SkipEmptyParts);
    for (int i = 0; i < order.size(); ++i)
        ranks[order[i]] = i;
    return ranks;
}

QStringList codeFiles(const QString& root)
{
    QStringList out;
    QDirIterator it(root, {u"*.cpp"_s, u"*.h"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The file without comments (string literals kept, so the scan below sees them).
QString withoutComments(const QString& text)
{
    QString out;
    out.reserve(text.size());
    enum {
        Code,
        Line,
        Block,
        Str,
        Chr
    } state = Code;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const QChar next = i + 1 < text.size() ? text[i + 1] : QChar();
        switch (state) {
        case Code:
            if (c == u'/' && next == u'/') {
                state = Line;
                ++i;
            } else if (c == u'/' && next == u'*') {
                state = Block;
                ++i;
            } else {
                if (c == u'"')
                    state = Str;
                else if (c == u'\'')
                    state = Chr;
                out += c;
            }
            break;
        case Line:
            if (c == u'\n') {
                state = Code;
                out += c;
            }
            break;
        case Block:
            if (c == u'*' && next == u'/') {
                state = Code;
                ++i;
            } else if (c == u'\n') {
                out += c;
            }
            break;
        case Str:
        case Chr:
            out += c;
            if (c == u'\\' && i + 1 < text.size()) {
                out += next;
                ++i;
            } else if ((state == Str && c == u'"') || (state == Chr && c == u'\'')) {
                state = Code;
            }
            break;
        }
    }
    return out;
}

// An identifier's words: split at underscores, digits and case changes ("toOpenAI" -> to,
// Open, AI; "HTTPServer" -> HTTP, Server).
QStringList identifierWords(const QString& id)
{
    static const QRegularExpression words(u"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+"_s);
    QStringList out;
    auto it = words.globalMatch(id);
    while (it.hasNext())
        out << it.next().captured(0).toLower();
    return out;
}

// Whether consecutive words of the identifier spell one of `names` (lower case).
bool spellsName(const QStringList& words, const QStringList& names)
{
    for (qsizetype i = 0; i < words.size(); ++i) {
        QString joined;
        for (qsizetype j = i; j < words.size(); ++j) {
            joined += words[j];
            if (names.contains(joined))
                return true;
        }
    }
    return false;
}

// Word-like names of every registered wire: its tag and its label.
QStringList wireNames()
{
    QStringList names;
    for (const tw::wire::Dialect* d : tw::wire::dialects()) {
        names << QString::fromUtf8(d->tag.data(), qsizetype(d->tag.size()));
        names << QString::fromUtf8(d->label.data(), qsizetype(d->label.size()));
    }
    names.removeDuplicates();
    return names;
}

// Where `text` (the file `rel`) names one of `names` in code: identifiers containing a name
// (toOpenAI, kHermesDefaultTag) and string literals holding one as a word, where `_` and
// punctuation end a word but a case change does not ("unknown wire (openai, ...)",
// "OPENAI_API_KEY"; not "inputResponses"). Comments and #include paths are not code.
QStringList wireNameViolations(const QString& rel, const QString& text, const QStringList& names)
{
    QStringList lowerNames;
    QStringList escaped;
    for (const QString& n : names) {
        lowerNames << n.toLower();
        escaped << QRegularExpression::escape(n);
    }
    static const QRegularExpression identifier(u"\\b[A-Za-z_][A-Za-z_0-9]*\\b"_s);
    static const QRegularExpression literal(u"\"(?:[^\"\\\\\\n]|\\\\.)*\""_s /* a string literal, escapes included (no raw string: moc) */);
    const QRegularExpression word(u"(?<![A-Za-z0-9])(%1)(?![A-Za-z0-9])"_s.arg(escaped.join(u'|')), QRegularExpression::CaseInsensitiveOption);

    QStringList violations;
    const QStringList lines = withoutComments(text).split(u'\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString& line = lines[n];
        if (line.trimmed().startsWith("#include"_L1))
            continue; // a path names the folder it includes from, which is fine
        // String literals first, then the code around them.
        auto lit = literal.globalMatch(line);
        QString code = line;
        while (lit.hasNext()) {
            const auto m = lit.next();
            if (word.match(m.captured(0)).hasMatch())
                violations << u"%1:%2: string literal names a wire: %3"_s.arg(rel).arg(n + 1).arg(m.captured(0));
            code.replace(m.capturedStart(0), m.capturedLength(0), QString(m.capturedLength(0), u' '));
        }
        auto id = identifier.globalMatch(code);
        while (id.hasNext()) {
            const QString name = id.next().captured(0);
            if (spellsName(identifierWords(name), lowerNames))
                violations << u"%1:%2: identifier names a wire: %3"_s.arg(rel).arg(n + 1).arg(name);
        }
    }
    return violations;
}

void report(const QStringList& violations)
{
    for (const QString& v : violations)
        qWarning("%s", qPrintable(v));
}

} // namespace

class TestLayers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void includesPointDown();
    void coreHasNoUiHeaders();
    void noWireNamedOutsideTheDialects();
    void scanFindsWireNames_data();
    void scanFindsWireNames();
};

void TestLayers::includesPointDown()
{
    const auto ranks = layerRanks();
    QVERIFY2(!ranks.empty(), "TOOLWIRE_LAYER_ORDER is empty");
    const QString core = sourceDir() + u"/core/"_s;
    static const QRegularExpression include(uR"(^\s*#\s*include\s+"([a-z_]+)/)"_s, QRegularExpression::MultilineOption);
    QStringList violations;
    for (const QString& path : codeFiles(core)) {
        const QString rel = path.mid(core.size());
        const QString folder = rel.section(u'/', 0, 0);
        if (!rel.contains(u'/'))
            continue; // core/result.h: the base of everything
        const QString layer = layerOfFolder(folder);
        const auto self = ranks.find(layer);
        if (self == ranks.end()) {
            violations << u"core/%1: folder '%2' is in no layer (core/CMakeLists.txt)"_s.arg(rel, folder);
            continue;
        }
        auto it = include.globalMatch(readText(path));
        while (it.hasNext()) {
            const QString target = layerOfFolder(it.next().captured(1));
            const auto dep = ranks.find(target);
            if (dep == ranks.end())
                continue; // not a core folder (a system or Qt header spelled with quotes)
            if (dep->second > self->second)
                violations << u"core/%1 (layer %2) includes %3, a layer above it"_s.arg(rel, layer, target);
        }
    }
    report(violations);
    QVERIFY2(violations.isEmpty(), "includes point up (listed above)");
}

void TestLayers::coreHasNoUiHeaders()
{
    static const QRegularExpression uiInclude(
        uR"(^\s*#\s*include\s*<(QtGui/|QtWidgets/|Qsci/|QWidget|QApplication|QGuiApplication|QImage|QPixmap|QPainter|QIcon|QColor|QFont)\b)"_s,
        QRegularExpression::MultilineOption);
    QStringList violations;
    for (const QString& path : codeFiles(sourceDir() + u"/core"_s))
        if (uiInclude.match(readText(path)).hasMatch())
            violations << path;
    QVERIFY2(violations.isEmpty(), qPrintable(u"UI headers in core:\n"_s + violations.join(u'\n')));
}

void TestLayers::noWireNamedOutsideTheDialects()
{
    // An identifier or a string literal that holds a wire's name outside core/wire/ is wire
    // knowledge in the wrong place.
    const QStringList names = wireNames();
    QVERIFY(!names.isEmpty());
    QStringList violations;
    for (const QString& top : {u"core"_s, u"ui"_s, u"app"_s}) {
        for (const QString& path : codeFiles(sourceDir() + u'/' + top)) {
            const QString rel = path.mid(sourceDir().size() + 1);
            if (rel.startsWith("core/wire/"_L1))
                continue;
            violations << wireNameViolations(rel, readText(path), names);
        }
    }
    report(violations);
    QVERIFY2(violations.isEmpty(), "wire names outside core/wire/ (listed above)");
}

// The scan above finds what it is meant to find (so its passing means something) and leaves
// comments and look-alikes alone. Hand-written snippets; the names are the registry's.
void TestLayers::scanFindsWireNames_data()
{
    QTest::addColumn<QString>("snippet");
    QTest::addColumn<int>("found");
    const QString tag = wireNames().value(0); // the first wire's tag, e.g. the chat-completions one
    const QString upper = tag.toUpper();
    const QString camel = tag.left(1).toUpper() + tag.mid(1);
    QTest::newRow("literal") << u"const char* w = \"%1\";"_s.arg(tag) << 1;
    QTest::newRow("literal_in_words") << u"return \"unknown wire (%1, ...)\";"_s.arg(tag) << 1;
    QTest::newRow("literal_env_variable") << u"env = \"%1_API_KEY\";"_s.arg(upper) << 1;
    QTest::newRow("literal_file_name") << u"file = \"%1-openapi.json\";"_s.arg(tag) << 1;
    QTest::newRow("identifier") << u"bool is%1 = true;"_s.arg(camel) << 1;
    QTest::newRow("identifier_constant") << u"constexpr int k%1Tag = 1;"_s.arg(camel) << 1;
    QTest::newRow("literal_and_identifier") << u"auto to%1 = \"%2\";"_s.arg(camel, tag) << 2;
    QTest::newRow("line_comment") << u"int x = 1; // the %1 wire"_s.arg(tag) << 0;
    QTest::newRow("block_comment") << u"/* \"%1\" */ int x = 1;"_s.arg(tag) << 0;
    QTest::newRow("include_path") << u"#include \"%1/x.h\""_s.arg(tag) << 0;
    QTest::newRow("inside_a_longer_word") << u"const char* k = \"input%1x\";"_s.arg(camel) << 0;
}

void TestLayers::scanFindsWireNames()
{
    QFETCH(QString, snippet);
    QFETCH(int, found);
    const QStringList v = wireNameViolations(u"snippet.cpp"_s, snippet, wireNames());
    QVERIFY2(v.size() == found, qPrintable(snippet + u"\n"_s + v.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
