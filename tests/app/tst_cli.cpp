// The command-line contract, exercised on the real binary: --help/--version, exit codes,
// one JSON document on stdout, check's summary line, and --screenshot; and the one parsing
// behaviour every command shares (core/cli/args.h): an unknown option or a missing value is a
// usage error that names it, every command has --help and `toolwire help CMD`, and wire
// lists in help and errors are the registry's; and validate's results and exit codes.

#include <QDir>
#include <QImage>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

// Every command as its words, with arguments that satisfy its required positionals (so that
// what a row checks is the option handling, not a missing argument).
struct CommandCase {
    const char* row;
    QStringList words;
    QStringList satisfied; // arguments the command accepts, apart from options
};

QList<CommandCase> commandCases()
{
    const QString project = QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire");
    const QString stdio = QStringLiteral("--stdio");
    return {
        {"convert", {QStringLiteral("convert")}, {QStringLiteral("--to"), QStringLiteral("mcp"), QStringLiteral("-")}},
        {"extract", {QStringLiteral("extract")}, {QStringLiteral("-")}},
        {"check", {QStringLiteral("check")}, {QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/conformance")}},
        {"send", {QStringLiteral("send")}, {QStringLiteral("--profile"), QStringLiteral("mock"), QStringLiteral("--message"), QStringLiteral("hi")}},
        {"loop", {QStringLiteral("loop")}, {project}},
        {"mcp_tools", {QStringLiteral("mcp"), QStringLiteral("tools")}, {stdio, QStringLiteral("true")}},
        {"mcp_call", {QStringLiteral("mcp"), QStringLiteral("call")}, {stdio, QStringLiteral("true"), QStringLiteral("get_weather")}},
        {"mcp_serve", {QStringLiteral("mcp"), QStringLiteral("serve")}, {project}},
        {"mock_provider", {QStringLiteral("mock-provider")}, {}},
        {"validate",
         {QStringLiteral("validate")},
         {QStringLiteral("--schema"), QStringLiteral(TOOLWIRE_SOURCE_DIR "/core/schema/metaschemas/draft2020-12/schema.json"), QStringLiteral("-")}},
    };
}

} // namespace

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
        const Run r = run(
            {QStringLiteral("check"), QStringLiteral("--emit-actual"), QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/data/conformance/parallel.json")});
        for (const QByteArray& line : r.out.trimmed().split('\n')) {
            QVERIFY2(line.startsWith("{\"id\":"), line.constData());
            QVERIFY(line.contains("\"actual\":"));
        }
    }
    void unknownOptionNamesIt_data()
    {
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        for (const CommandCase& c : commandCases()) {
            QTest::newRow(c.row) << c.words << c.satisfied + QStringList{QStringLiteral("--no-such-option")} << QStringLiteral("--no-such-option");
            QTest::addRow("%s/before_the_arguments", c.row)
                << c.words << QStringList{QStringLiteral("--bogus=1")} + c.satisfied << QStringLiteral("--bogus");
        }
        QTest::newRow("single_dash") << QStringList{QStringLiteral("extract")} << QStringList{QStringLiteral("-Z"), QStringLiteral("-")}
                                     << QStringLiteral("-Z");
    }
    void unknownOptionNamesIt()
    {
        QFETCH(QStringList, words);
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const Run r = run(words + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(r.err.contains(QByteArray("unknown option " + named.toUtf8() + "\n")), r.err.constData());
        QVERIFY2(r.err.contains(QByteArray("usage: toolwire " + words.join(QLatin1Char(' ')).toUtf8() + " ")), r.err.constData());
    }

    void missingValueNamesTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("convert") << QStringList{QStringLiteral("convert"), QStringLiteral("-"), QStringLiteral("--to")} << QStringLiteral("--to");
        QTest::newRow("extract") << QStringList{QStringLiteral("extract"), QStringLiteral("-"), QStringLiteral("--wire")} << QStringLiteral("--wire");
        QTest::newRow("send") << QStringList{QStringLiteral("send"), QStringLiteral("--profile"), QStringLiteral("mock"), QStringLiteral("--message")}
                              << QStringLiteral("--message");
        QTest::newRow("loop") << QStringList{QStringLiteral("loop"), QStringLiteral("p.toolwire"), QStringLiteral("--max-iterations")}
                              << QStringLiteral("--max-iterations");
        QTest::newRow("mcp_call") << QStringList{QStringLiteral("mcp"), QStringLiteral("call"), QStringLiteral("tool"), QStringLiteral("--http")}
                                  << QStringLiteral("--http");
        QTest::newRow("mock_provider") << QStringList{QStringLiteral("mock-provider"), QStringLiteral("--port")} << QStringLiteral("--port");
    }
    void missingValueNamesTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(QByteArray("toolwire: " + option.toUtf8() + " needs a value")), r.err.constData());
        QVERIFY2(r.err.contains(QByteArray("usage: toolwire " + args.first().toUtf8())), r.err.constData());
    }

    // The other usage errors the parser finds on its own, for every command alike.
    void parserUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString project = QStringLiteral("p.toolwire");
        QTest::newRow("value_for_a_switch") << QStringList{QStringLiteral("check"), QStringLiteral("--emit-actual=yes"), QStringLiteral("x")}
                                            << QStringLiteral("--emit-actual");
        QTest::newRow("integer_out_of_range") << QStringList{QStringLiteral("mock-provider"), QStringLiteral("--port"), QStringLiteral("70000")}
                                              << QStringLiteral("--port needs a whole number from 0 to 65535, got '70000'");
        QTest::newRow("not_an_integer") << QStringList{QStringLiteral("loop"), project, QStringLiteral("--max-iterations=many")}
                                        << QStringLiteral("--max-iterations needs a whole number");
        QTest::newRow("required_option") << QStringList{QStringLiteral("send"), QStringLiteral("--profile"), QStringLiteral("mock")}
                                         << QStringLiteral("--message TEXT is required");
        QTest::newRow("required_group") << QStringList{QStringLiteral("mcp"), QStringLiteral("tools")}
                                        << QStringLiteral("give one of --stdio or --http");
        QTest::newRow("exclusive_group") << QStringList{QStringLiteral("loop"),    project,
                                                        QStringLiteral("--stdio"), QStringLiteral("x"),
                                                        QStringLiteral("--http"),  QStringLiteral("http://127.0.0.1:1/")}
                                         << QStringLiteral("give only one of --stdio or --http");
        QTest::newRow("missing_argument") << QStringList{QStringLiteral("mcp"), QStringLiteral("serve")} << QStringLiteral("missing PROJECT");
        QTest::newRow("extra_argument") << QStringList{QStringLiteral("mock-provider"), QStringLiteral("extra")}
                                        << QStringLiteral("unexpected argument extra");
        QTest::newRow("no_subcommand") << QStringList{QStringLiteral("mcp")} << QStringLiteral("mcp needs a subcommand: tools, call, serve");
        QTest::newRow("unknown_subcommand") << QStringList{QStringLiteral("mcp"), QStringLiteral("list")}
                                            << QStringLiteral("unknown mcp subcommand list");
    }
    void parserUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(QByteArray("usage: toolwire " + args.first().toUtf8())), r.err.constData());
    }

    // `CMD --help`, `CMD -h` and `help CMD` print the same text, generated from the table.
    void commandHelp_data()
    {
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<QStringList>("mentions");
        const QHash<QString, QStringList> mentions = {
            {QStringLiteral("convert"), {QStringLiteral("--to WIRE"), QStringLiteral("--choice CHOICE"), QStringLiteral("FILE|-")}},
            {QStringLiteral("extract"), {QStringLiteral("--wire WIRE"), QStringLiteral("FILE|-")}},
            {QStringLiteral("check"), {QStringLiteral("--emit-actual"), QStringLiteral("PATH")}},
            {QStringLiteral("send"), {QStringLiteral("--url-var NAME=VALUE"), QStringLiteral("--max-tokens N"), QStringLiteral("--message TEXT")}},
            {QStringLiteral("loop"), {QStringLiteral("--preset NAME"), QStringLiteral("--max-iterations N"), QStringLiteral("PROJECT")}},
            {QStringLiteral("mcp tools"), {QStringLiteral("--stdio \"COMMAND ARGS...\""), QStringLiteral("--http URL")}},
            {QStringLiteral("mcp call"), {QStringLiteral("TOOL"), QStringLiteral("ARGUMENTS_JSON")}},
            {QStringLiteral("mcp serve"), {QStringLiteral("PROJECT")}},
            {QStringLiteral("mock-provider"), {QStringLiteral("--port N"), QStringLiteral("--interval-ms MS")}},
            {QStringLiteral("validate"), {QStringLiteral("--schema SCHEMA"), QStringLiteral("--lines"), QStringLiteral("INSTANCE|-")}},
        };
        for (const CommandCase& c : commandCases())
            QTest::newRow(c.row) << c.words << mentions.value(c.words.join(QLatin1Char(' '))) + QStringList{QStringLiteral("-h, --help")};
        QTest::newRow("mcp") << QStringList{QStringLiteral("mcp")}
                             << QStringList{QStringLiteral("commands:"), QStringLiteral("tools"), QStringLiteral("call"), QStringLiteral("serve")};
    }
    void commandHelp()
    {
        QFETCH(QStringList, words);
        QFETCH(QStringList, mentions);
        const Run viaFlag = run(words + QStringList{QStringLiteral("--help")});
        QCOMPARE(viaFlag.code, 0);
        QVERIFY(viaFlag.err.isEmpty());
        QVERIFY2(viaFlag.out.startsWith(QByteArray("usage: toolwire " + words.join(QLatin1Char(' ')).toUtf8() + " ")), viaFlag.out.constData());
        for (const QString& m : mentions)
            QVERIFY2(viaFlag.out.contains(m.toUtf8()), qPrintable(m));
        QVERIFY(viaFlag.out.contains("exit codes: 0 success, 1 the operation failed, 2 usage error"));
        QCOMPARE(run(words + QStringList{QStringLiteral("-h")}).out, viaFlag.out);
        const Run viaHelp = run(QStringList{QStringLiteral("help")} + words);
        QCOMPARE(viaHelp.code, 0);
        QCOMPARE(viaHelp.out, viaFlag.out);
        // Help wins over whatever else is on the line, as it always has.
        QCOMPARE(run(words + QStringList{QStringLiteral("--no-such-option"), QStringLiteral("--help")}).code, 0);
    }

    void helpWithoutCommand()
    {
        const Run help = run({QStringLiteral("help")});
        QCOMPARE(help.code, 0);
        QCOMPARE(help.out, run({QStringLiteral("--help")}).out);
        const Run unknown = run({QStringLiteral("help"), QStringLiteral("no-such-command")});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.out.isEmpty());
        QVERIFY(unknown.err.contains("no-such-command"));
    }

    // The wires in help texts and errors are the registry's: the top-level list, every tag in
    // a command's value list with its description, and the list in an unknown-wire error.
    void wireListsComeFromTheRegistry()
    {
        const Run top = run({QStringLiteral("--help")});
        static const QRegularExpression line(QStringLiteral("^wires \\(WIRE\\): (.+)$"), QRegularExpression::MultilineOption);
        const auto m = line.match(QString::fromUtf8(top.out));
        QVERIFY2(m.hasMatch(), top.out.constData());
        const QString list = m.captured(1);
        const QStringList tags = list.split(QStringLiteral(", "));
        QVERIFY(tags.size() >= 2);
        for (const QString& cmd : {QStringLiteral("extract"), QStringLiteral("send"), QStringLiteral("convert")}) {
            const QString help = QString::fromUtf8(run({cmd, QStringLiteral("--help")}).out);
            for (const QString& tag : tags)
                QVERIFY2(help.contains(QRegularExpression(QStringLiteral("\n  %1 +\\S").arg(tag))), qPrintable(cmd + u' ' + tag));
        }
        const Run bad = run({QStringLiteral("extract"), QStringLiteral("--wire"), QStringLiteral("no-such-wire"), QStringLiteral("-")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QByteArray("unknown wire 'no-such-wire' (" + list.toUtf8() + ")")), bad.err.constData());
        const Run noTarget = run({QStringLiteral("convert"), QStringLiteral("-")});
        QCOMPARE(noTarget.code, 2);
        QVERIFY2(noTarget.err.contains(QByteArray("--to WIRE is required (" + list.toUtf8() + ", ")), noTarget.err.constData());
    }

    // toolwire validate: one result per instance; exit 0 all valid, 1 one is not, 2 usage.
    void validateCommand_data()
    {
        QTest::addColumn<QByteArray>("schema"); // written to schema.json, passed as --schema
        QTest::addColumn<QStringList>("args"); // after --schema; INSTANCE is a file holding `input`
        QTest::addColumn<QByteArray>("input"); // stdin, or the INSTANCE file
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArrayList>("out"); // per stdout line (pretty output counts as one): equal JSON, or a part of it
        QTest::addColumn<QByteArray>("err"); // a part of stderr; "" = stderr is empty
        const QByteArray weather =
            R"({"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","maximum":7}},"required":["city"]})";
        const QStringList stdinArg{QStringLiteral("-")};
        QTest::newRow("valid") << weather << stdinArg << QByteArray(R"({"city":"Oslo","days":3})") << 0
                               << QByteArrayList{R"({"valid":true,"violations":[],"unsupported":[]})"} << QByteArray();
        QTest::newRow("invalid")
            << weather << QStringList{} << QByteArray(R"({"days":9})") << 1
            << QByteArrayList{"{\"valid\":false,\"violations\":[{\"path\":\"\",\"message\":\"missing required property \\\"city\\\"\"},"
                              R"({"path":"/days","message":"9 is greater than the maximum 7"}],"unsupported":[]})"}
            << QByteArray();
        QTest::newRow("instance_file")
            << weather << QStringList{QStringLiteral("INSTANCE")} << QByteArray(R"({"city":5})") << 1
            << QByteArrayList{R"({"valid":false,"violations":[{"path":"/city","message":"expected string, got integer"}],"unsupported":[]})"}
            << QByteArray();
        QTest::newRow("lines")
            << weather << QStringList{QStringLiteral("--lines")} << QByteArray("{\"city\":\"a\"}\r\n\n{\"city\":1}\nnot json\n") << 1
            << QByteArrayList{R"({"valid":true,"violations":[],"unsupported":[]})",
                              R"({"valid":false,"violations":[{"path":"/city","message":"expected string, got integer"}],"unsupported":[]})",
                              "\"line\":4,\"error\":{\"category\":\"invalid_json\""}
            << QByteArray("stdin:4:1: ");
        QTest::newRow("lines_all_valid") << weather << QStringList{QStringLiteral("--lines")} << QByteArray("{\"city\":\"a\"}\n{\"city\":\"b\"}") << 0
                                         << QByteArrayList{R"({"valid":true,"violations":[],"unsupported":[]})",
                                                           R"({"valid":true,"violations":[],"unsupported":[]})"}
                                         << QByteArray();
        QTest::newRow("unsupported_remote_ref") << QByteArray("{\"$ref\":\"https://example.com/s.json\"}") << stdinArg << QByteArray("1") << 1
                                                << QByteArrayList{"{\"valid\":false,\"violations\":[],\"unsupported\":[\"$ref\"]}"}
                                                << QByteArray("unsupported $ref at /$ref: $ref \"https://example.com/s.json\": no schema");
        QTest::newRow("draft07_by_schema")
            << QByteArray("{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}")
            << stdinArg << QByteArray(R"(["a",1])") << 1
            << QByteArrayList{"{\"valid\":false,\"violations\":[{\"path\":\"\",\"message\":\"has more items than allowed (at most "
                              "1)\"}],\"unsupported\":[]}"}
            << QByteArray();
        QTest::newRow("instance_not_json") << weather << stdinArg << QByteArray("{") << 1 << QByteArrayList{R"("invalid_json")"}
                                           << QByteArray("stdin: line 1, column 2: ");
        QTest::newRow("schema_not_json") << QByteArray("{\"type\": }") << stdinArg << QByteArray("1") << 2 << QByteArrayList{}
                                         << QByteArray("schema.json:1:10: ");
        QTest::newRow("schema_not_a_schema") << QByteArray("[1]") << stdinArg << QByteArray("1") << 2 << QByteArrayList{}
                                             << QByteArray("a JSON Schema is an object or a boolean, not array");
        QTest::newRow("schema_against_metaschema") << QByteArray(R"({"type":"strnig"})") << stdinArg << QByteArray("1") << 0
                                                   << QByteArrayList{R"({"valid":true,"violations":[],"unsupported":[]})"} << QByteArray("warning: ");
        QTest::newRow("both_from_stdin") << QByteArray("SCHEMA=-") << stdinArg << QByteArray("1") << 2 << QByteArrayList{}
                                         << QByteArray("cannot both be read from stdin");
    }
    void validateCommand()
    {
        QFETCH(QByteArray, schema);
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(int, code);
        QFETCH(QByteArrayList, out);
        QFETCH(QByteArray, err);
        QTemporaryDir dir;
        auto write = [&](const QString& name, const QByteArray& bytes) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
                qFatal("cannot write %s", qPrintable(f.fileName()));
            return f.fileName();
        };
        const QString schemaArg = schema == "SCHEMA=-" ? QStringLiteral("-") : write(QStringLiteral("schema.json"), schema);
        QStringList argv{QStringLiteral("validate"), QStringLiteral("--schema"), schemaArg};
        bool fromFile = false;
        for (const QString& a : args) {
            fromFile = fromFile || a == QLatin1String("INSTANCE");
            argv << (a == QLatin1String("INSTANCE") ? write(QStringLiteral("instance.json"), input) : a);
        }
        const Run r = run(argv, fromFile ? QByteArray() : input);
        QVERIFY2(r.code == code, r.err.constData());
        if (err.isEmpty())
            QVERIFY2(r.err.isEmpty(), r.err.constData());
        else
            QVERIFY2(r.err.contains(err), r.err.constData());
        // Pretty output is one document; --lines prints one compact document a line.
        const QByteArrayList lines = args.contains(QStringLiteral("--lines")) ? r.out.trimmed().split('\n')
            : r.out.trimmed().isEmpty()                                       ? QByteArrayList{}
                                                                              : QByteArrayList{r.out.trimmed()};
        QCOMPARE(lines.size(), out.size());
        for (qsizetype i = 0; i < out.size(); ++i) {
            const QJsonDocument want = QJsonDocument::fromJson(out[i]);
            if (want.isNull())
                QVERIFY2(lines[i].contains(out[i]), lines[i].constData());
            else
                QVERIFY2(QJsonDocument::fromJson(lines[i]) == want, lines[i].constData());
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
