// The MCP views over both eras and structured output: the protocol log names the era, the
// server/discover answer, input_required rounds and the faults the client notes (in red);
// the loop transcript renders resource links, embedded resources, structuredContent and the
// outputSchema check, and shows isError and failed checks as errors. Results come from the
// mock MCP server (core/mcp/mockserver.h) through the client, as the loop gets them.

#include "json/json.h"
#include "mcp/client.h"
#include "mcp/mockserver.h"
#include "models/protocollogmodel.h"
#include "models/transcriptmodel.h"
#include "project/project.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tw;
using json::Value;

namespace {

const QString kStructured = QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/structured.toolwire");

QStringList messages(const ui::ProtocolLogModel& m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, ui::ProtocolLogModel::Message).data().toString();
    return out;
}

bool isRed(const QModelIndex& i) { return i.data(Qt::ForegroundRole).value<QBrush>().color() == QColor(0xc0, 0x30, 0x30); }

} // namespace

class TestMcpViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void views_data()
    {
        QTest::addColumn<int>("era");
        QTest::newRow("2026-07-28") << int(mcp::Era::Stateless);
        QTest::newRow("2025-11-25") << int(mcp::Era::Legacy);
    }

    void views()
    {
        QFETCH(int, era);
        auto project = project::load(kStructured);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().message.c_str());
        auto server = std::make_shared<mcp::MockServer>(project->tools, project->mockTools);
        mcp::Client client(std::make_unique<mcp::MockTransport>(server));
        client.setEra(mcp::Era(era));
        ui::ProtocolLogModel log;
        QAbstractItemModelTester logTester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
        connect(&client, &mcp::Client::logged, &log, &ui::ProtocolLogModel::append);
        QVERIFY(mcp::awaitReady(client).ok());
        QVERIFY(mcp::await(client, [&](auto cb) { client.listTools(cb); }).ok());

        std::vector<Value> results;
        std::vector<Value> calls;
        for (const char* name : {"get_temperature", "broken_temperature", "find_report", "confirm_booking"}) {
            auto r = mcp::await(client, [&](auto cb) { client.callTool(name, Value{{"city", "Oslo"}}, cb); });
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            results.push_back(*r);
            calls.push_back(Value{{"name", name}, {"arguments", Value::emptyObject()}});
        }
        results.push_back(*json::parse(R"({"content":[{"type":"text","text":"no such city"}],"isError":true})"));
        calls.push_back(Value{{"name", "get_temperature"}, {"arguments", Value::emptyObject()}});

        // The protocol log: the era, the handshake, what input_required asked for.
        const QStringList lines = messages(log);
        const bool stateless = era == int(mcp::Era::Stateless);
        QCOMPARE(log.era(), stateless ? QStringLiteral("2026-07-28") : QStringLiteral("2025-11-25"));
        if (stateless) {
            QVERIFY2(!lines.filter(QStringLiteral("server/discover · toolwire-mock")).filter(QStringLiteral("supports 2026-07-28")).isEmpty(),
                     qPrintable(lines.join(QLatin1Char('\n'))));
            QVERIFY(!lines.filter(QStringLiteral("tools/list #")).filter(QStringLiteral(" · 2026-07-28")).isEmpty());
            QVERIFY(!lines.filter(QStringLiteral("tools/call · input required")).isEmpty());
            QVERIFY(!lines.filter(QStringLiteral("retry with requestState")).isEmpty());
            QVERIFY(lines.filter(QStringLiteral("initialize #")).isEmpty());
        } else {
            QVERIFY(!lines.filter(QStringLiteral("initialize #")).isEmpty());
            QVERIFY(lines.filter(QStringLiteral("input required")).isEmpty());
        }
        // The failed outputSchema check is a red note.
        int mismatch = -1;
        for (int r = 0; r < log.rowCount(); ++r)
            if (lines[r].contains(QStringLiteral("broken_temperature: structuredContent does not match the outputSchema")))
                mismatch = r;
        QVERIFY2(mismatch >= 0, qPrintable(lines.join(QLatin1Char('\n'))));
        QVERIFY(isRed(log.index(mismatch, ui::ProtocolLogModel::Message)));

        // The transcript.
        ui::TranscriptModel t;
        QAbstractItemModelTester tester(&t, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int row = t.addRound(1);
        t.setCalls(row, calls);
        t.setResults(row, results);
        const QModelIndex section = t.sectionIndex(row, ui::TranscriptModel::Results);
        auto summary = [&](int item) { return t.index(item, ui::TranscriptModel::Summary, section); };
        QVERIFY(summary(0).data().toString().contains(QStringLiteral("structuredContent matches the outputSchema")));
        QVERIFY(!isRed(summary(0)));
        QVERIFY2(summary(1).data().toString().startsWith(QStringLiteral("structuredContent does not match the outputSchema: /temperature")),
                 qPrintable(summary(1).data().toString()));
        QVERIFY(isRed(summary(1)));
        const QString report = summary(2).data().toString();
        QVERIFY2(report.contains(QStringLiteral("link: q3.pdf <file:///reports/q3.pdf> (application/pdf)")), qPrintable(report));
        QVERIFY(report.contains(QStringLiteral("resource <file:///reports/q3-summary.txt> (text/plain): Revenue up 4%.")));
        QVERIFY(summary(2).data(Qt::ToolTipRole).toString().split(QLatin1Char('\n')).size() == 3);
        QCOMPARE(summary(3).data().toString(), QStringLiteral("Booked (ref B-7)."));
        QVERIFY(summary(4).data().toString().startsWith(QStringLiteral("isError: no such city")));
        QVERIFY(isRed(summary(4)));
        const QString sectionText = t.index(ui::TranscriptModel::Results, ui::TranscriptModel::Summary, t.roundIndex(row)).data().toString();
        QVERIFY2(sectionText.contains(QStringLiteral("1 error(s)")) && sectionText.contains(QStringLiteral("1 outputSchema mismatch(es)")),
                 qPrintable(sectionText));
        client.close();
    }
};

QTEST_MAIN(TestMcpViews)
#include "tst_mcpviews.moc"
