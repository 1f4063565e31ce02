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
    // Word-like names of every registered wire: its tag and its label. An identifier or a
    // string literal that holds one outside core/wire/ is wire knowledge in the wrong place.
    QStringList names;
    for (const tw::wire::Dialect* d : tw::wire::dialects()) {
        names << QString::fromUtf8(d->tag.data(), qsizetype(d->tag.size()));
        names << QString::fromUtf8(d->label.data(), qsizetype(d->label.size()));
    }
    names.removeDuplicates();
    QVERIFY(!names.isEmpty());
    // Identifiers containing a name (toOpenAI, kHermesDefaultTag) and string literals
    // holding one as a word ("unknown wire (openai, ...)").
    const QString alternatives = names.join(u'|');
    QStringList lowerNames;
    for (const QString& n : names)
        lowerNames << n.toLower();
    static const QRegularExpression identifier(u"\\b[A-Za-z_][A-Za-z_0-9]*\\b"_s);
    static const QRegularExpression literal(uR"("(?:[^"\\\n]|\\.)*")"_s);
    const QRegularExpression word(u"\\b(%1)\\b"_s.arg(alternatives), QRegularExpression::CaseInsensitiveOption);

    QStringList violations;
    for (const QString& top : {u"core"_s, u"ui"_s, u"app"_s}) {
        for (const QString& path : codeFiles(sourceDir() + u'/' + top)) {
            const QString rel = path.mid(sourceDir().size() + 1);
            if (rel.startsWith("core/wire/"_L1))
                continue;
            const QStringList lines = withoutComments(readText(path)).split(u'\n');
            for (qsizetype n = 0; n < lines.size(); ++n) {
                QString line = lines[n];
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
        }
    }
    report(violations);
    QVERIFY2(violations.isEmpty(), "wire names outside core/wire/ (listed above)");
}

QTEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
