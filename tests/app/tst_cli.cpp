// The command-line contract, exercised on the real binary: --help/--version, exit codes,
// one JSON document on stdout, check's summary line, and --screenshot.

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestCli : public QObject {
    Q_OBJECT
private:
    struct Run {
        int code;
        QByteArray out, err;
    };
    Run run(const QStringList& args, const QByteArray& input = {})
    {
        QProcess p;
        p.start(QStringLiteral(TOOLWIRE_BIN), args);
        if (!p.waitForStarted())
            qFatal("cannot start toolwire");
        if (!input.isEmpty())
            p.write(input);
        p.closeWriteChannel();
        if (!p.waitForFinished(60000))
            qFatal("toolwire did not finish");
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }

private Q_SLOTS:
    void helpListsCommands()
    {
        const Run r = run({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("convert --to WIRE"));
        QVERIFY(r.out.contains("extract"));
        QVERIFY(r.out.contains("check [--emit-actual]"));
        QVERIFY(r.out.contains("--screenshot"));
    }
    void version()
    {
        const Run r = run({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("toolwire " TOOLWIRE_VERSION));
    }
    void unknownOptionIsUsageError()
    {
        QCOMPARE(run({QStringLiteral("--no-such-option")}).code, 2);
        QCOMPARE(run({QStringLiteral("check"), QStringLiteral("--bogus"), QStringLiteral("x")}).code, 2);
        QCOMPARE(run({QStringLiteral("nonexistent-project.toolwire")}).code, 2);
    }
    void checkRejectsNonCorpusFile()
    {
        QTemporaryDir dir;
        const QString f = dir.filePath(QStringLiteral("x.json"));
        QFile file(f);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"not\": \"a corpus\"}");
        file.close();
        const Run r = run({QStringLiteral("check"), f});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("not a conformance corpus file"));
    }
    void checkPrintsSummary()
    {
        const Run r = run({QStringLiteral("check"), QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/conformance/parallel.json")});
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY(lines.last().endsWith(" failed"));
        QVERIFY(lines.last().contains(" passed, "));
    }
    void emitActualIsJsonLines()
    {
        const Run r = run({QStringLiteral("check"), QStringLiteral("--emit-actual"),
                           QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/conformance/parallel.json")});
        for (const QByteArray& line : r.out.trimmed().split('\n')) {
            QVERIFY2(line.startsWith("{\"id\":"), line.constData());
            QVERIFY(line.contains("\"actual\":"));
        }
    }
    void screenshot()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const Run r = run({QStringLiteral("--screenshot"), png});
        QVERIFY2(r.code == 0, r.err.constData());
        QImage img(png);
        QCOMPARE(img.size(), QSize(1400, 900));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
