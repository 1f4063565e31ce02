// Saving keeps the user's formatting (project/layout.h): an unchanged project saves to the
// same bytes and an unchanged file is not rewritten; an edit to one tool changes only that
// tool's lines of the bundled example; bad input names what and where.

#include "json/json.h"
#include "project/layout.h"
#include "project/project.h"
#include "util/linediff.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

#include <sys/stat.h>

using namespace tw;

namespace {

const QString kExample = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");

std::string readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll().toStdString();
}

void writeText(const QString& path, std::string_view text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
        qFatal("cannot write %s", qPrintable(path));
}

std::vector<std::string> linesOf(std::string_view t)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < t.size()) {
        const std::size_t nl = t.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? t.size() : nl;
        out.emplace_back(t.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// The 0-based line range [first, last] of the tool block named `name` in canonical layout:
// from the "    {" before its name line to the matching "    }" line.
std::pair<int, int> toolLines(const std::vector<std::string>& lines, const std::string& name)
{
    const std::string nameLine = "      \"name\": \"" + name + "\",";
    int at = -1;
    for (int i = 0; i < int(lines.size()); ++i)
        if (lines[std::size_t(i)] == nameLine)
            at = i;
    if (at < 1 || lines[std::size_t(at - 1)] != "    {")
        return {-1, -1};
    for (int i = at; i < int(lines.size()); ++i)
        if (lines[std::size_t(i)] == "    }" || lines[std::size_t(i)] == "    },")
            return {at - 1, i};
    return {-1, -1};
}

// The original lines a diff removes, and the original line positions where it adds.
std::vector<int> touchedLines(const util::LineDiff& d)
{
    std::vector<int> out;
    int line = 0; // index into the original
    for (const util::DiffLine& l : d.lines) {
        if (l.kind == util::DiffLine::Kind::Same) {
            ++line;
        } else if (l.kind == util::DiffLine::Kind::Removed) {
            out.push_back(line++);
        } else {
            out.push_back(line); // inserted before original line `line`
        }
    }
    return out;
}

// Every line is indented two spaces per level of nesting at its start (a line that starts
// by closing a level counts one less): one indent width, nothing mixed.
bool indentFollowsNesting(std::string_view t)
{
    int depth = 0;
    bool inString = false;
    for (const std::string& line : linesOf(t)) {
        std::size_t n = 0;
        while (n < line.size() && line[n] == ' ')
            ++n;
        const bool closes = n < line.size() && (line[n] == '}' || line[n] == ']');
        if (!inString && int(n) != 2 * (depth - (closes ? 1 : 0)))
            return false;
        for (std::size_t i = n; i < line.size(); ++i) {
            const char c = line[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                --depth;
            }
        }
    }
    return depth == 0;
}

ino_t inodeOf(const QString& path)
{
    struct stat st { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return 0;
    return st.st_ino;
}

} // namespace

class TestProjectFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exampleRoundTripsByteForByte()
    {
        const std::string text = readText(kExample);
        auto p = project::parse(text, "example");
        QVERIFY2(p, p ? "" : p.error().message.c_str());
        QCOMPARE(project::writeKeepingLayout(*p, text), text);
    }

    void oneToolEditTouchesOnlyThatTool_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::newRow("first_tool/get_weather") << QStringLiteral("get_weather");
        QTest::newRow("middle_tool/list_calendar_events") << QStringLiteral("list_calendar_events");
        QTest::newRow("last_tool/get_time") << QStringLiteral("get_time");
    }
    void oneToolEditTouchesOnlyThatTool()
    {
        QFETCH(QString, tool);
        const std::string name = tool.toStdString();
        const std::string text = readText(kExample);
        auto p = project::parse(text, "example");
        QVERIFY(p);
        bool edited = false;
        for (json::Value& t : p->tools) {
            if (t["name"].str() != name)
                continue;
            json::ObjectBuilder b;
            for (const json::Member& m : t.members())
                b.append(m.name(), m.name() == "description" ? json::Value(std::string("A new description.")) : m.value);
            t = std::move(b).build();
            edited = true;
        }
        QVERIFY(edited);
        const std::string saved = project::writeKeepingLayout(*p, text);
        // What was written is the edited project, nothing else.
        auto back = project::parse(saved, "saved");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QVERIFY(*back == *p);

        // Every line the diff removes or adds lies inside that tool's block of the original.
        const auto [first, last] = toolLines(linesOf(text), name);
        QVERIFY2(first >= 0, "the tool's block is not where the canonical layout puts it");
        const util::LineDiff d = util::diffLines(text, saved);
        QVERIFY(d.removed > 0 && d.added > 0);
        for (int line : touchedLines(d))
            QVERIFY2(line >= first && line <= last + 1,
                     qPrintable(QStringLiteral("line %1 changed outside %2 (lines %3-%4):\n%5")
                                    .arg(line + 1)
                                    .arg(tool)
                                    .arg(first + 1)
                                    .arg(last + 1)
                                    .arg(QString::fromStdString(util::unifiedDiff(d, "example", "saved")))));
    }

    // A one-word edit is a one-line diff: the tool's description, a property written on one
    // line (it stays on one line), the required list. Saving rewrote the edited tool whole,
    // every one-line property expanded (about 20 lines for a word).
    void oneWordEditIsOneLine_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::newRow("description") << QStringLiteral("/description") << QStringLiteral("\"Weather, for travel.\"");
        QTest::newRow("inline property") << QStringLiteral("/input_schema/properties/units/description") << QStringLiteral("\"Units\"");
        QTest::newRow("inline enum") << QStringLiteral("/input_schema/properties/units/enum") << QStringLiteral("[\"celsius\", \"kelvin\"]");
        QTest::newRow("required") << QStringLiteral("/input_schema/required") << QStringLiteral("[\"city\", \"units\"]");
    }
    void oneWordEditIsOneLine()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        const std::string text = readText(kExample);
        auto p = project::parse(text, "example");
        QVERIFY(p);
        auto replacement = json::parse(value.toStdString());
        QVERIFY(replacement);
        // Rebuilds the path down to the member the pointer names, with the new value there.
        const QStringList path = pointer.mid(1).split(u'/');
        std::function<json::Value(const json::Value&, int)> with = [&](const json::Value& at, int i) -> json::Value {
            if (i == path.size())
                return *replacement;
            json::ObjectBuilder b;
            for (const json::Member& m : at.members())
                b.append(m.name(), QString::fromStdString(std::string(m.name())) == path[i] ? with(m.value, i + 1) : m.value);
            return std::move(b).build();
        };
        p->tools[0] = with(p->tools[0], 0);
        const std::string saved = project::writeKeepingLayout(*p, text);
        auto back = project::parse(saved, "saved");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QVERIFY(*back == *p);
        const util::LineDiff d = util::diffLines(text, saved);
        QVERIFY2(d.removed == 1 && d.added == 1, util::unifiedDiff(d, "example", "saved").c_str());
    }

    // A tool moved keeps its own text; the blocks around it too.
    void movedToolKeepsItsText()
    {
        const std::string text = readText(kExample);
        auto p = project::parse(text, "example");
        QVERIFY(p);
        std::swap(p->tools[0], p->tools[1]);
        const std::string saved = project::writeKeepingLayout(*p, text);
        QVERIFY(*project::parse(saved, "saved") == *p);
        const util::LineDiff d = util::diffLines(text, saved);
        // Only the two blocks trade places: the lines are the same, the order differs.
        QCOMPARE(d.added, d.removed);
        QVERIFY(saved.size() == text.size());
    }

    // A file in another indentation is written in the canonical one, never mixed.
    void otherIndentationBecomesCanonical()
    {
        const std::string text = readText(kExample);
        auto p = project::parse(text, "example");
        QVERIFY(p);
        std::string fourSpaces;
        for (const std::string& l : linesOf(text)) {
            std::size_t n = 0;
            while (n < l.size() && l[n] == ' ')
                ++n;
            fourSpaces += std::string(n * 2, ' ') + l.substr(n) + "\n";
        }
        QVERIFY(*project::parse(fourSpaces, "four") == *p);
        const std::string saved = project::writeKeepingLayout(*p, fourSpaces);
        QVERIFY(*project::parse(saved, "saved") == *p);
        QVERIFY2(indentFollowsNesting(saved), saved.c_str());
        // Nothing of the original layout can stand: every multi-line block is re-indented.
        QVERIFY(saved.find("\n        \"name\": \"get_weather\"") == std::string::npos);
    }

    // No original text (a new file), or text that is not a project: the canonical form.
    void noOriginalGivesTheCanonicalForm()
    {
        auto p = project::parse(readText(kExample), "example");
        QVERIFY(p);
        QCOMPARE(project::writeKeepingLayout(*p, {}), project::serialize(*p));
        QCOMPARE(project::writeKeepingLayout(*p, "{\"format\": 2, \"tools\": ["), project::serialize(*p));
        // The canonical form is a fixed point.
        const std::string canon = project::serialize(*p);
        QCOMPARE(project::writeKeepingLayout(*p, canon), canon);
    }

    // Saving what the file already holds does not rewrite it (QSaveFile would replace the
    // file, a new inode); a real change does.
    void unchangedFileIsNotRewritten()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("w.toolwire"));
        const std::string text = readText(kExample);
        writeText(path, text);
        auto p = project::load(path);
        QVERIFY(p);
        const ino_t before = inodeOf(path);
        QVERIFY(before != 0);
        QVERIFY(project::save(*p, path));
        QCOMPARE(inodeOf(path), before);
        QCOMPARE(readText(path), text);

        p->name = "Weather desk 2";
        QVERIFY(project::save(*p, path));
        QVERIFY(inodeOf(path) != before);
        const std::string changed = readText(path);
        QCOMPARE(util::diffLines(text, changed).removed, 1);
        QCOMPARE(util::diffLines(text, changed).added, 1);
    }

    // Bad input: what and where (line:column for JSON, the JSON pointer for the project).
    void badInputNamesWhatAndWhere_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("where");
        // Hand-written inputs.
        QTest::newRow("json/unclosed_array") << QByteArray("{\"format\": 2,\n  \"tools\": [}") << QStringLiteral("invalid_json")
                                             << QStringLiteral("line 2, column 13");
        QTest::newRow("project/tool_without_name") << QByteArray("{\"format\": 2, \"tools\": [{\"name\": \"a\"}, {\"description\": \"x\"}]}")
                                                   << QStringLiteral("invalid_project") << QStringLiteral("/tools/1/name");
        QTest::newRow("project/preset_stream_type") << QByteArray("{\"format\": 2, \"presets\": [{\"name\": \"p\", \"stream\": \"yes\"}]}")
                                                    << QStringLiteral("invalid_project") << QStringLiteral("/presets/0/stream");
        QTest::newRow("project/newer_format") << QByteArray("{\"format\": 99}") << QStringLiteral("invalid_project") << QStringLiteral("/format");
    }
    void badInputNamesWhatAndWhere()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, code);
        QFETCH(QString, where);
        auto p = project::parse(std::string_view(text.constData(), std::size_t(text.size())), "bad.toolwire");
        QVERIFY(!p);
        QCOMPARE(QString::fromStdString(p.error().category), code);
        const QString message = QString::fromStdString(p.error().message);
        QVERIFY2(message.contains(where), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("bad.toolwire")), qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestProjectFormat)
#include "tst_projectformat.moc"
