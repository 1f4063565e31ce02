// What the package installs, checked: the committed man page, completions and CLI reference
// are what the command table generates now (scripts/gen-packaging.sh regenerates them); the
// man page's commands, options and arguments are those of the real binary's --help and
// `toolwire help CMD`; the man page renders without groff warnings; the completions complete
// (bash, run for real, with and without the bash-completion package) and parse (zsh); the
// desktop entry and the AppStream metainfo pass their validators; the MIME type, the desktop
// entry and the metainfo name the same type, and a *.toolwire file is recognised as it.
// Tools that are not installed skip their row with a message.

#include "cli/docgen.h"
#include "util/linediff.h"

#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <string>

using namespace Qt::StringLiterals;

namespace {

QString sourcePath(const QString& rel) { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/") + rel; }

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run run(const QString& program, const QStringList& args, const QString& workingDir = {})
{
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    p.start(program, args);
    if (!p.waitForStarted())
        return {};
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

Run toolwire(const QStringList& args) { return run(QStringLiteral(TOOLWIRE_BIN), args); }

QStringList lines(const QByteArray& text) { return QString::fromUtf8(text).split(u'\n'); }

// The man page's section `title` (".SH TITLE" up to the next .SH), or a command's subsection
// (".SS \"toolwire PATH\"" up to the next .SS or .SH).
QStringList manSection(const QStringList& man, const QString& start)
{
    QStringList out;
    bool in = false;
    for (const QString& l : man) {
        if (l == start) {
            in = true;
            continue;
        }
        if (in && (l.startsWith(".SH "_L1) || l.startsWith(".SS "_L1)))
            break;
        if (in)
            out << l;
    }
    return out;
}

// The long options of .TP items whose tag is an option ("\fB\-\-to\fR \fIWIRE\fR"; "-h, --help"
// counts as help), in order.
QStringList manOptions(const QStringList& section)
{
    static const QRegularExpression option(uR"(^(?:\\fB\\-h\\fR, )?\\fB\\-\\-([a-z0-9\\-]+)\\fR)"_s);
    QStringList out;
    for (qsizetype i = 0; i + 1 < section.size(); ++i) {
        if (section[i] != ".TP"_L1)
            continue;
        const auto m = option.match(section[i + 1]);
        if (m.hasMatch())
            out << m.captured(1).remove(u'\\');
    }
    return out;
}

// The positional arguments of a command's subsection: .TP items whose tag is italic.
QStringList manArguments(const QStringList& section)
{
    static const QRegularExpression argument(uR"(^\\fI(.+)\\fR$)"_s);
    QStringList out;
    for (qsizetype i = 0; i + 1 < section.size(); ++i)
        if (section[i] == ".TP"_L1)
            if (const auto m = argument.match(section[i + 1]); m.hasMatch())
                out << m.captured(1).remove(u'\\');
    return out;
}

// The rows of a help text's list (`heading` up to the blank line after it): the first word
// of each row ("--to", "FILE|-"); "-h, --help" is "--help".
QStringList helpList(const QByteArray& help, const QString& heading)
{
    QStringList out;
    bool in = false;
    for (const QString& l : lines(help)) {
        if (l == heading) {
            in = true;
            continue;
        }
        if (!in)
            continue;
        if (l.isEmpty())
            break;
        if (!l.startsWith("  "_L1) || l.at(2) == u' ')
            continue; // a wrapped description
        QString first = l.mid(2).section(u' ', 0, 0);
        if (first == "-h,"_L1)
            first = u"--help"_s;
        out << first;
    }
    return out;
}

// The command paths in --help's "commands:" list ("convert", "mcp tools").
QStringList helpCommands(const QByteArray& help)
{
    static const QRegularExpression word(u"^[a-z][a-z\\-]*$"_s);
    QStringList out;
    bool in = false;
    for (const QString& l : lines(help)) {
        if (l == "commands:"_L1) {
            in = true;
            continue;
        }
        if (!in)
            continue;
        if (l.isEmpty())
            break;
        if (!l.startsWith("  "_L1) || l.at(2) == u' ')
            continue;
        QStringList path;
        for (const QString& w : l.mid(2).split(u' '))
            if (word.match(w).hasMatch())
                path << w;
            else
                break;
        out << path.join(u' ');
    }
    return out;
}

QString bashCompletionScript()
{
    const QString path = u"/usr/share/bash-completion/bash_completion"_s;
    return QFile::exists(path) ? path : QString();
}

// The newest release's version in an AppStream metainfo file; empty when there is none.
QString newestRelease(const QByteArray& xml)
{
    QXmlStreamReader r(xml);
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement() && r.name() == "release"_L1)
            return r.attributes().value("version"_L1).toString();
    }
    return {};
}

// Text of every element named `element` in an XML document.
QStringList elementTexts(const QByteArray& xml, const QString& element)
{
    QStringList out;
    QXmlStreamReader r(xml);
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement() && r.name() == element)
            out << r.readElementText();
    }
    return out;
}

} // namespace

class TestPackaging : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void generatedFilesAreCurrent_data();
    void generatedFilesAreCurrent();
    void manCommandsAreHelpCommands();
    void manOptionsAreHelpOptions_data();
    void manOptionsAreHelpOptions();
    void manTopLevelOptionsAreHelpUsage();
    void manPageRendersCleanly();
    void guiOptionsAreTheWindows();
    void bashCompletion_data();
    void bashCompletion();
    void zshCompletionParses();
    void zshCompletion_data();
    void zshCompletion();
    void desktopEntryValidates();
    void metainfoValidates();
    void mimeTypeIsOneAcrossFiles();
    void changelogIsThisVersion();
    void documentedPicturesExist();

private:
    QStringList m_man;
};

void TestPackaging::initTestCase()
{
    m_man = lines(readFile(sourcePath(u"packaging/toolwire.1"_s)));
    QVERIFY2(m_man.size() > 100, "packaging/toolwire.1 is missing or empty: run scripts/gen-packaging.sh");
}

void TestPackaging::generatedFilesAreCurrent_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("generated");
    QTest::newRow("man_page") << u"packaging/toolwire.1"_s << QByteArray::fromStdString(tw::cli::manPage());
    QTest::newRow("bash_completion") << u"packaging/completions/toolwire.bash"_s << QByteArray::fromStdString(tw::cli::bashCompletion());
    QTest::newRow("zsh_completion") << u"packaging/completions/_toolwire"_s << QByteArray::fromStdString(tw::cli::zshCompletion());
    QTest::newRow("cli_reference") << u"docs/cli.md"_s << QByteArray::fromStdString(tw::cli::markdownReference());
}

void TestPackaging::generatedFilesAreCurrent()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, generated);
    const QByteArray committed = readFile(sourcePath(path));
    if (committed == generated)
        return;
    // The actual output beside the build, and the diff, for review.
    const QString actual = QStringLiteral(TOOLWIRE_BINARY_DIR "/tests/packaging-actual/") + path;
    QDir().mkpath(QFileInfo(actual).path());
    QFile out(actual);
    if (out.open(QIODevice::WriteOnly))
        out.write(generated);
    const auto d = tw::util::diffLines(committed.toStdString(), generated.toStdString());
    qWarning("%s", tw::util::unifiedDiff(d, path.toStdString() + " (committed)", "generated").c_str());
    QFAIL(qPrintable(path + u" is stale: run scripts/gen-packaging.sh (the generated text is in "_s + actual + u")"_s));
}

void TestPackaging::manCommandsAreHelpCommands()
{
    QStringList man;
    for (const QString& l : m_man)
        if (l.startsWith(".SS \"toolwire "_L1))
            man << l.mid(14, l.size() - 15).remove(u'\\');
    const Run help = toolwire({u"--help"_s});
    QCOMPARE(help.code, 0);
    QCOMPARE(man, helpCommands(help.out));
}

void TestPackaging::manOptionsAreHelpOptions_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& l : m_man)
        if (l.startsWith(".SS \"toolwire "_L1)) {
            const QString path = l.mid(14, l.size() - 15).remove(u'\\');
            QTest::newRow(qPrintable(path)) << path;
        }
}

void TestPackaging::manOptionsAreHelpOptions()
{
    QFETCH(QString, path);
    const QStringList section = manSection(m_man, u".SS \"toolwire "_s + QString(path).replace(u"-"_s, u"\\-"_s) + u'"');
    QVERIFY(!section.isEmpty());
    const Run help = toolwire(QStringList{u"help"_s} + path.split(u' '));
    QCOMPARE(help.code, 0);
    QStringList helpOptions;
    for (const QString& o : helpList(help.out, u"options:"_s))
        helpOptions << o.mid(2);
    QCOMPARE(manOptions(section), helpOptions);
    QCOMPARE(manArguments(section), helpList(help.out, u"arguments:"_s));
}

void TestPackaging::manTopLevelOptionsAreHelpUsage()
{
    // The options --help's usage block shows (before "commands:") are the man page's OPTIONS.
    const Run help = toolwire({u"--help"_s});
    QCOMPARE(help.code, 0);
    const QString usage = QString::fromUtf8(help.out).section(u"\ncommands:\n"_s, 0, 0);
    static const QRegularExpression flag(u"(?<![\\w-])--([a-z][a-z0-9-]*)"_s);
    QStringList fromHelp;
    for (auto it = flag.globalMatch(usage); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!fromHelp.contains(name))
            fromHelp << name;
    }
    QStringList fromMan = manOptions(manSection(m_man, u".SH OPTIONS"_s));
    fromHelp.sort();
    fromMan.sort();
    QCOMPARE(fromMan, fromHelp);
    // And the GUI options the generators know are those.
    for (const tw::cli::GuiOption& g : tw::cli::guiOptions())
        QVERIFY2(fromHelp.contains(QString::fromUtf8(g.name.data(), qsizetype(g.name.size()))), g.name.data());
}

void TestPackaging::guiOptionsAreTheWindows()
{
#ifndef TOOLWIRE_WITH_UI
    QSKIP("this build has no window (TOOLWIRE_BUILD_UI=OFF): its options are checked in the UI build");
#endif
    // The window parses its options itself (ui/application.cpp) and lists them in its usage
    // line: the generators' table must name the same options and the same closed values.
    const Run r = toolwire({u"--no-such-option"_s});
    QCOMPARE(r.code, 2);
    const QString usage = QString::fromUtf8(r.err).section(u"usage: "_s, 1);
    QVERIFY2(!usage.isEmpty(), r.err.constData());
    static const QRegularExpression option(u"--([a-z][a-z0-9-]*)(?: ([^\\s\\]]+))?"_s);
    QStringList names;
    for (auto it = option.globalMatch(usage); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(1) == "help"_L1)
            continue;
        names << m.captured(1);
        for (const tw::cli::GuiOption& g : tw::cli::guiOptions()) {
            if (QString::fromUtf8(g.name.data(), qsizetype(g.name.size())) != m.captured(1) || g.values.empty())
                continue;
            QStringList values;
            for (std::string_view v : g.values)
                values << QString::fromUtf8(v.data(), qsizetype(v.size()));
            QCOMPARE(m.captured(2), values.join(u'|'));
        }
    }
    QStringList table;
    for (const tw::cli::GuiOption& g : tw::cli::guiOptions())
        table << QString::fromUtf8(g.name.data(), qsizetype(g.name.size()));
    names.removeDuplicates();
    names.sort();
    table.sort();
    QCOMPARE(names, table);
}

void TestPackaging::manPageRendersCleanly()
{
    const QString groff = QStandardPaths::findExecutable(u"groff"_s);
    if (groff.isEmpty())
        QSKIP("groff is not installed");
    const Run r = run(groff, {u"-man"_s, u"-Tutf8"_s, u"-ww"_s, u"-z"_s, sourcePath(u"packaging/toolwire.1"_s)});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

void TestPackaging::bashCompletion_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<bool>("withBashCompletion");
    const QStringList wires = [] {
        QStringList out;
        for (const tw::cli::ValueChoice& v : tw::cli::valueChoices(tw::cli::ValueKind::Wire))
            out << QString::fromStdString(v.name);
        return out;
    }();
    auto guiValues = [](const QString& option) {
        QStringList out;
        for (const tw::cli::GuiOption& g : tw::cli::guiOptions())
            if (QString::fromUtf8(g.name.data(), qsizetype(g.name.size())) == option)
                for (std::string_view v : g.values)
                    out << QString::fromUtf8(v.data(), qsizetype(v.size()));
        return out;
    };
    // The first word: every command of the table, help, or a project (and folders).
    QStringList topWords{u"help"_s, u"a.toolwire"_s, u"sub"_s};
    for (const tw::cli::Command& c : tw::cli::commands())
        topWords << QString::fromUtf8(c.name.data(), qsizetype(c.name.size()));
    struct Case {
        const char* name;
        QString line;
        QStringList expected;
    };
    const QList<Case> cases = {
        {"command", u"toolwire con"_s, {u"convert"_s}},
        {"commands_with_m", u"toolwire m"_s, {u"mcp"_s, u"mock-provider"_s}},
        {"project_or_command", u"toolwire "_s, topWords},
        {"gui_options", u"toolwire --s"_s, {u"--screenshot"_s, u"--size"_s, u"--state"_s}},
        {"gui_state", u"toolwire --state "_s, guiValues(u"state"_s)},
        {"gui_theme", u"toolwire --theme "_s, guiValues(u"theme"_s)},
        {"convert_options", u"toolwire convert --"_s, {u"--choice"_s, u"--help"_s, u"--to"_s}},
        {"convert_input", u"toolwire convert --to mcp "_s, {u"-"_s, u"a.toolwire"_s, u"b.json"_s, u"sub"_s}},
        {"extract_wire", u"toolwire extract --wire "_s, wires},
        {"choice_words", u"toolwire convert --choice r"_s, {u"required"_s}},
        {"profile", u"toolwire send --profile llama"_s, {u"llamacpp"_s}},
        {"url_var", u"toolwire send --url-var re"_s, {u"region="_s}},
        {"subcommands", u"toolwire mcp "_s, {u"call"_s, u"serve"_s, u"tools"_s}},
        {"subcommand_options", u"toolwire mcp call --"_s, {u"--help"_s, u"--http"_s, u"--protocol"_s, u"--stdio"_s}},
        {"project_argument", u"toolwire loop --max-iterations 3 "_s, {u"a.toolwire"_s, u"sub"_s}},
        {"help_topics", u"toolwire help mo"_s, {u"mock-provider"_s}},
        {"help_subtopics", u"toolwire help mcp s"_s, {u"serve"_s}},
        {"no_second_project", u"toolwire a.toolwire "_s, {}},
    };
    const bool haveHelpers = !bashCompletionScript().isEmpty();
    for (const Case& c : cases) {
        QTest::addRow("%s/plain_bash", c.name) << c.line << c.expected << false;
        if (haveHelpers)
            QTest::addRow("%s/bash_completion", c.name) << c.line << c.expected << true;
    }
}

void TestPackaging::bashCompletion()
{
    QFETCH(QString, line);
    QFETCH(QStringList, expected);
    QFETCH(bool, withBashCompletion);
    const QString bash = QStandardPaths::findExecutable(u"bash"_s);
    if (bash.isEmpty())
        QSKIP("bash is not installed");
    // A folder with a project, another file and a subfolder, for the file completions.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString& name : {u"a.toolwire"_s, u"b.json"_s}) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    QVERIFY(QDir(dir.path()).mkdir(u"sub"_s));

    // COMP_WORDS as bash splits the line (no '=' in these lines), an empty word at a space.
    QString script = withBashCompletion ? u"source '%1'\n"_s.arg(bashCompletionScript()) : QString();
    script += u"source '%1'\n"_s.arg(sourcePath(u"packaging/completions/toolwire.bash"_s));
    script += u"COMP_LINE='%1'; COMP_POINT=${#COMP_LINE}\n"
              "read -ra COMP_WORDS <<< \"$COMP_LINE\"\n"
              "[[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')\n"
              "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
              "_toolwire toolwire \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n"
              "printf '%s\\n' \"${COMPREPLY[@]}\" | sort -u\n"_s.arg(line);
    const Run r = run(bash, {u"--norc"_s, u"--noprofile"_s, u"-c"_s, script}, dir.path());
    QVERIFY2(r.code == 0, r.err.constData());
    QStringList got = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    for (QString& g : got)
        if (g.endsWith(u'/'))
            g.chop(1);
    got.sort();
    QStringList want = expected;
    want.sort();
    QCOMPARE(got, want);
}

void TestPackaging::zshCompletionParses()
{
    const QString zsh = QStandardPaths::findExecutable(u"zsh"_s);
    if (zsh.isEmpty())
        QSKIP("zsh is not installed");
    const QString file = sourcePath(u"packaging/completions/_toolwire"_s);
    const Run parse = run(zsh, {u"-n"_s, file});
    QVERIFY2(parse.code == 0 && parse.err.isEmpty(), parse.err.constData());
    // Sourced in a shell with the completion system, it registers _toolwire for toolwire.
    const Run load =
        run(zsh, {u"-f"_s, u"-c"_s, u"autoload -Uz compinit && compinit -u -D && source '%1' && print -r -- $_comps[toolwire]"_s.arg(file)});
    QVERIFY2(load.code == 0, load.err.constData());
    QCOMPARE(load.out.trimmed(), QByteArray("_toolwire"));
}

void TestPackaging::zshCompletion_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("completed");
    QTest::newRow("command") << u"con"_s << u"convert"_s;
    QTest::newRow("gui_state") << u"--state st"_s << u"--state stream"_s;
    QTest::newRow("gui_theme") << u"--theme da"_s << u"--theme dark"_s;
    QTest::newRow("option") << u"loop --pre"_s << u"loop --preset"_s;
    QTest::newRow("tool_shape") << u"convert --to mc"_s << u"convert --to mcp"_s;
    QTest::newRow("tool_shape_assigned") << u"convert --to=mc"_s << u"convert --to=mcp"_s;
    QTest::newRow("choice_word") << u"convert --choice req"_s << u"convert --choice required"_s;
    QTest::newRow("profile") << u"send --profile llama"_s << u"send --profile llamacpp"_s;
    QTest::newRow("url_var") << u"send --url-var re"_s << u"send --url-var region="_s;
    QTest::newRow("subcommand") << u"mcp ca"_s << u"mcp call"_s;
    QTest::newRow("subcommand_option") << u"mcp call --st"_s << u"mcp call --stdio"_s;
    QTest::newRow("alternatives_exclude") << u"mcp call --stdio x t --h"_s << u"mcp call --stdio x t --help"_s;
    QTest::newRow("help_topic") << u"help mcp se"_s << u"help mcp serve"_s;
}

void TestPackaging::zshCompletion()
{
    // The completion run for real: typed into an interactive zsh on a pseudo-terminal.
    QFETCH(QString, typed);
    QFETCH(QString, completed);
    const QString zsh = QStandardPaths::findExecutable(u"zsh"_s);
    if (zsh.isEmpty())
        QSKIP("zsh is not installed");
    const Run r =
        run(zsh, {u"-f"_s, QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/app/zsh_complete.zsh"), sourcePath(u"packaging/completions"_s), typed});
    QVERIFY2(r.code == 0, QByteArray("zsh_complete.zsh failed: " + r.err).constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), completed);
}

void TestPackaging::desktopEntryValidates()
{
    const QString validator = QStandardPaths::findExecutable(u"desktop-file-validate"_s);
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (Debian: desktop-file-utils)");
    const Run r = run(validator, {sourcePath(u"packaging/toolwire.desktop"_s)});
    QVERIFY2(r.code == 0 && r.out.isEmpty() && r.err.isEmpty(), QByteArray(r.out + r.err).constData());
}

void TestPackaging::metainfoValidates()
{
    const QByteArray xml = readFile(QStringLiteral(TOOLWIRE_METAINFO));
    QVERIFY2(!xml.isEmpty(), TOOLWIRE_METAINFO);
    QCOMPARE(newestRelease(xml), QStringLiteral(TOOLWIRE_VERSION));
    const QString validator = QStandardPaths::findExecutable(u"appstreamcli"_s);
    if (validator.isEmpty())
        QSKIP("appstreamcli is not installed (Debian: appstream)");
    const Run r = run(validator, {u"validate"_s, u"--no-net"_s, QStringLiteral(TOOLWIRE_METAINFO)});
    QVERIFY2(r.code == 0, QByteArray(r.out + r.err).constData());
}

void TestPackaging::mimeTypeIsOneAcrossFiles()
{
    const QByteArray mime = readFile(sourcePath(u"packaging/toolwire-mime.xml"_s));
    QXmlStreamReader r(mime);
    QString type, glob;
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement() && r.name() == "mime-type"_L1)
            type = r.attributes().value("type"_L1).toString();
        if (r.isStartElement() && r.name() == "glob"_L1)
            glob = r.attributes().value("pattern"_L1).toString();
    }
    QVERIFY2(!r.hasError(), qPrintable(r.errorString()));
    QCOMPARE(glob, u"*.toolwire"_s);

    const QString desktop = QString::fromUtf8(readFile(sourcePath(u"packaging/toolwire.desktop"_s)));
    QVERIFY2(desktop.contains(u"\nMimeType="_s + type + u';'), qPrintable(type));
    QCOMPARE(elementTexts(readFile(QStringLiteral(TOOLWIRE_METAINFO)), u"mediatype"_s), QStringList{type});

    // Installed into a data folder, the type is what a *.toolwire file is.
    const QString updater = QStandardPaths::findExecutable(u"update-mime-database"_s);
    if (updater.isEmpty())
        QSKIP("update-mime-database is not installed (Debian: shared-mime-info)");
    QTemporaryDir data;
    QVERIFY(QDir(data.path()).mkpath(u"mime/packages"_s));
    QVERIFY(QFile::copy(sourcePath(u"packaging/toolwire-mime.xml"_s), data.filePath(u"mime/packages/toolwire.xml"_s)));
    // The folder joins the data folders (update-mime-database checks; QMimeDatabase reads them
    // once, at first use, and this test is its first user).
    qputenv("XDG_DATA_DIRS", (data.path() + u":/usr/share"_s).toUtf8());
    const Run u = run(updater, {data.filePath(u"mime"_s)});
    QVERIFY2(u.code == 0 && u.err.isEmpty(), u.err.constData());
    QVERIFY2(readFile(data.filePath(u"mime/globs2"_s)).contains((type + u":*.toolwire"_s).toUtf8()),
             readFile(data.filePath(u"mime/globs2"_s)).constData());
    QCOMPARE(QMimeDatabase().mimeTypeForFile(u"weather-desk.toolwire"_s, QMimeDatabase::MatchExtension).name(), type);
}

void TestPackaging::changelogIsThisVersion()
{
    // The Debian changelog's newest entry, like the metainfo's newest release, is this version.
    const QString first = QString::fromUtf8(readFile(sourcePath(u"packaging/changelog"_s))).section(u'\n', 0, 0);
    QCOMPARE(first.section(u' ', 0, 1), u"toolwire ("_s + QStringLiteral(TOOLWIRE_VERSION) + u')');
}

void TestPackaging::documentedPicturesExist()
{
    // The pictures the guide and the AppStream metainfo show are files in docs/ (the screenshot
    // script names them; a renamed picture must not leave a broken image behind).
    static const QRegularExpression markdownImage(uR"(!\[[^\]]*\]\(([^)\s]+\.png)\))"_s);
    static const QRegularExpression metainfoImage(uR"(<image[^>]*>[^<]*/([^/<]+\.png)</image>)"_s);
    QStringList missing;
    int seen = 0;
    const QDir docs(sourcePath(u"docs"_s));
    for (const QString& page : docs.entryList({u"*.md"_s}, QDir::Files)) {
        for (auto it = markdownImage.globalMatch(QString::fromUtf8(readFile(docs.filePath(page)))); it.hasNext(); ++seen) {
            const QString picture = it.next().captured(1);
            if (!picture.contains(u"://"_s) && !QFileInfo::exists(docs.filePath(picture)))
                missing << page + u": "_s + picture;
        }
    }
    for (auto it = metainfoImage.globalMatch(QString::fromUtf8(readFile(QStringLiteral(TOOLWIRE_METAINFO)))); it.hasNext(); ++seen) {
        const QString picture = it.next().captured(1);
        if (!QFileInfo::exists(docs.filePath(picture)))
            missing << u"metainfo: "_s + picture;
    }
    QVERIFY(seen >= 4);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
