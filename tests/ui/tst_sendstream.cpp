// Issue 15: a large streamed reply arrives in the window while the window stays responsive.
// The call runs on SendController's worker thread; the window gets batched live updates.
// These tests stream a hand-written OpenAI Chat reply (generated below, several MB, hundreds
// of calls) from a loopback server on its own thread, and check that the exchange at the end
// is what the core gives for the same bytes (a ProviderCall on the test's thread, and the
// wire's reader on the raw bytes), that the GUI thread ran its timers during the stream,
// that the live views end up showing the final exchange, and that Stop and closing the
// window mid-stream are safe.

#include "controllers/sendcontroller.h"
#include "json/json.h"
#include "mainwindow.h"
#include "models/callsmodel.h"
#include "net/httpserver.h"
#include "project/requestinput.h"
#include "projectdocument.h"
#include "provider/call.h"
#include "provider/request.h"
#include "services.h"
#include "widgets/responseview.h"
#include "wire/reply.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>

using namespace tw;
using json::Value;

namespace {

// A hand-written OpenAI Chat stream: some text, then `calls` calls to `lookup` whose
// arguments arrive in `fragments` pieces each, then the finish reason and [DONE].
QByteArray chatStream(int calls, int fragments)
{
    QByteArray out;
    const auto chunk = [&out](const Value& delta, const Value& finish = Value()) {
        const Value c{{"id", "chatcmpl-stream"},
                      {"object", "chat.completion.chunk"},
                      {"choices", Value(std::vector<Value>{Value{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}};
        out += "data: " + QByteArray::fromStdString(json::compact(c)) + "\n\n";
    };
    chunk(Value{{"role", "assistant"}, {"content", ""}});
    for (const char* piece : {"Looking ", "these ", "up."})
        chunk(Value{{"content", piece}});
    for (int i = 0; i < calls; ++i) {
        const std::string args = json::compact(Value{{"city", "city-" + std::to_string(i)}, {"note", std::string(std::size_t(fragments) * 12, 'x')}});
        const std::string id = "call_" + std::to_string(i);
        chunk(Value{{"tool_calls",
                     Value(std::vector<Value>{
                         Value{{"index", i}, {"id", id}, {"type", "function"}, {"function", Value{{"name", "lookup"}, {"arguments", ""}}}}})}});
        const std::size_t step = (args.size() + std::size_t(fragments) - 1) / std::size_t(fragments);
        for (std::size_t at = 0; at < args.size(); at += step)
            chunk(Value{{"tool_calls", Value(std::vector<Value>{Value{{"index", i}, {"function", Value{{"arguments", args.substr(at, step)}}}}})}});
    }
    chunk(Value::emptyObject(), Value("tool_calls"));
    out += "data: [DONE]\n\n";
    return out;
}

// A hand-written project: one tool, one streamed preset on `baseUrl`, no key.
std::string streamProject(const std::string& baseUrl)
{
    const Value schema{{"type", "object"},
                       {"properties", Value{{"city", Value{{"type", "string"}}}, {"note", Value{{"type", "string"}}}}},
                       {"required", Value(std::vector<Value>{Value("city")})}};
    const Value tool{{"name", "lookup"}, {"description", "Looks a city up"}, {"input_schema", schema}};
    const Value profile{{"id", "local"}, {"wire", "openai"}, {"base_url", baseUrl + "/v1"}, {"path", "/chat/completions"}};
    const Value preset{{"name", "stream"},
                       {"profile", "local"},
                       {"model", "m"},
                       {"stream", true},
                       {"messages", Value(std::vector<Value>{Value{{"role", "user"}, {"content", "hi"}}})}};
    return json::pretty(Value{{"format", 2},
                              {"name", "stream"},
                              {"tools", Value(std::vector<Value>{tool})},
                              {"profiles", Value(std::vector<Value>{profile})},
                              {"presets", Value(std::vector<Value>{preset})}}) +
        "\n";
}

// A loopback server on a thread of its own (so that serving is not GUI-thread work). Mode
// Whole: the stream in 64 KiB chunks, as fast as the socket takes it. Mode Endless: the
// stream's first events, then a keep-alive comment every 5 ms until the client goes away.
class StreamServer {
public:
    enum class Mode {
        Whole,
        Endless
    };
    StreamServer(QByteArray body, Mode mode) : m_body(std::move(body)), m_mode(mode)
    {
        m_thread.start();
        m_server = new net::HttpServer([this](const net::HttpRequest&, net::HttpResponder* out) { answer(out); });
        m_server->moveToThread(&m_thread);
        QMetaObject::invokeMethod(
            m_server, [this] { m_listening = m_server->listen(); }, Qt::BlockingQueuedConnection);
    }
    ~StreamServer()
    {
        QMetaObject::invokeMethod(
            m_server, [this] { delete m_server; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    bool listening() const { return m_listening; }
    std::string baseUrl() const { return m_server->baseUrl().toStdString(); }

private:
    void answer(net::HttpResponder* out)
    {
        out->begin(200, "text/event-stream");
        if (m_mode == Mode::Whole) {
            constexpr qsizetype kChunk = 64 * 1024;
            for (qsizetype at = 0; at < m_body.size(); at += kChunk)
                out->write(m_body.mid(at, kChunk));
            out->end();
            return;
        }
        out->write(m_body.left(m_body.indexOf("\n\n", 20000) + 2));
        auto* timer = new QTimer(out);
        QObject::connect(timer, &QTimer::timeout, out, [out] {
            if (out->isOpen())
                out->write(": keep-alive\n\n");
        });
        timer->start(5);
    }

    QByteArray m_body;
    Mode m_mode;
    QThread m_thread;
    net::HttpServer* m_server = nullptr; // lives on m_thread; deleted there
    bool m_listening = false;
};

// Counts the GUI thread's 2 ms ticks.
struct Ticks {
    QTimer timer;
    int count = 0;
    Ticks()
    {
        timer.setInterval(2);
        QObject::connect(&timer, &QTimer::timeout, &timer, [this] { ++count; });
        timer.start();
    }
};

} // namespace

class TestSendStream : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_stream = chatStream(600, 60); // ~37,000 events, ~9 MB
    }

    // The window's exchange equals the core's for the same bytes; the GUI thread kept
    // running during the stream; the live views are batched and end as the final exchange.
    void largeStreamMatchesTheCore()
    {
        StreamServer server(m_stream, StreamServer::Mode::Whole);
        QVERIFY(server.listening());
        const QString path = writeProject(server.baseUrl());

        ui::ServiceHost host;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(path).ok());
        QWidget window;
        auto* response = new ui::ResponseView(&doc, &window);
        QAbstractItemModelTester callsTester(response->callsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester eventsTester(response->eventsView()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        ui::SendController sender(&doc, host.services());
        connect(&sender, &ui::SendController::started, response, &ui::ResponseView::beginLive);
        connect(&sender, &ui::SendController::eventReceived, response, &ui::ResponseView::appendEvent);
        connect(&sender, &ui::SendController::progressed, response, &ui::ResponseView::showLiveCalls);
        int updates = 0, ticksAtSend = 0, ticksDuringStream = 0, maxLiveCalls = 0;
        Ticks ticks;
        connect(&sender, &ui::SendController::eventReceived, this, [&](const ui::LiveUpdate&) { ++updates; });
        connect(&sender, &ui::SendController::progressed, this,
                [&](const ui::LiveUpdate& u) { maxLiveCalls = std::max(maxLiveCalls, int(u.callCount)); });
        provider::Exchange x;
        bool done = false;
        connect(&sender, &ui::SendController::finished, this, [&](const provider::Exchange& e) {
            x = e;
            done = true;
            ticksDuringStream = ticks.count - ticksAtSend;
            response->showExchange(e);
        });
        window.show();
        ticksAtSend = ticks.count;
        sender.send(0);
        QVERIFY(QTest::qWaitFor([&] { return done; }, 120000));
        QVERIFY(!sender.isBusy());
        QVERIFY2(!x.error, x.error ? x.error->message.c_str() : "");
        QCOMPARE(x.status, 200);

        // The bytes, the events and the reply are the core's.
        QCOMPARE(x.raw, m_stream);
        const provider::Exchange core = coreExchange(server.baseUrl());
        QCOMPARE(x.raw, core.raw);
        QCOMPARE(x.events.size(), core.events.size());
        QCOMPARE(x.events.omitted(), core.events.omitted());
        for (std::size_t i = 0; i < x.events.size(); ++i) {
            const auto a = x.events.view(i), b = core.events.view(i);
            QVERIFY2(a.event == b.event && a.data == b.data, qPrintable(QStringLiteral("event %1 differs").arg(i)));
        }
        QCOMPARE(x.reply.calls.size(), std::size_t(600));
        QVERIFY(x.reply.calls == core.reply.calls);
        QVERIFY(x.reply.text == core.reply.text);
        QCOMPARE(x.reply.finish, core.reply.finish);
        QCOMPARE(json::compact(x.document), json::compact(core.document));
        const wire::Reply read = wire::readReply(std::string_view(m_stream.constData(), std::size_t(m_stream.size())), std::nullopt);
        QVERIFY(x.reply.calls == read.calls);
        QVERIFY(x.reply.text == read.text);

        // Live: batched (far fewer updates than events), the GUI thread ran its timer while
        // the stream arrived, and the views show the final exchange.
        QVERIFY(updates > 0);
        QVERIFY2(std::size_t(updates) < x.events.size() / 10, qPrintable(QString::number(updates)));
        QVERIFY2(ticksDuringStream >= 2, qPrintable(QString::number(ticksDuringStream)));
        QVERIFY(maxLiveCalls > 0);
        QCOMPARE(response->callsModel()->rowCount(), 600);
        QCOMPARE(response->callsModel()->index(599, ui::CallsModel::Name).data().toString(), QStringLiteral("lookup"));
        QVERIFY(response->callsModel()->index(599, ui::CallsModel::Flags).data().toString().isEmpty());
        QCOMPARE(response->eventsView()->model()->rowCount(), int(x.events.size()));
        QCOMPARE(response->textView()->toPlainText(), QStringLiteral("Looking these up."));
    }

    // Stop mid-stream: finished once, as cancelled, with what arrived; then a new send works.
    void stopMidStream()
    {
        StreamServer server(m_stream, StreamServer::Mode::Endless);
        QVERIFY(server.listening());
        const QString path = writeProject(server.baseUrl());
        ui::ServiceHost host;
        ui::ProjectDocument doc;
        QVERIFY(doc.load(path).ok());
        ui::SendController sender(&doc, host.services());
        QSignalSpy events(&sender, &ui::SendController::eventReceived);
        QSignalSpy finished(&sender, &ui::SendController::finished);
        sender.send(0);
        QVERIFY(events.wait(30000));
        QVERIFY(sender.isBusy());
        sender.cancel();
        sender.cancel(); // twice: harmless
        QVERIFY(QTest::qWaitFor([&] { return finished.count() > 0; }, 30000));
        QTest::qWait(100);
        QCOMPARE(finished.count(), 1);
        QVERIFY(!sender.isBusy());
        const auto x = finished.first().first().value<provider::Exchange>();
        QVERIFY(x.error);
        QCOMPARE(x.error->category, std::string("cancelled"));
        QVERIFY(x.events.size() > 0);
        QVERIFY(m_stream.startsWith(x.raw.left(1000)));

        // The controller sends again after a stop.
        sender.send(0);
        QVERIFY(QTest::qWaitFor([&] { return events.count() > 1; }, 30000));
        sender.cancel();
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 2; }, 30000));
    }

    // Closing the window while the stream arrives: the send is dropped, nothing crashes, no
    // signal reaches what was destroyed.
    void closeWindowMidStream_data()
    {
        QTest::addColumn<bool>("endless");
        QTest::newRow("stream_still_sending") << true;
        QTest::newRow("large_stream_in_flight") << false;
    }
    void closeWindowMidStream()
    {
        QFETCH(bool, endless);
        StreamServer server(m_stream, endless ? StreamServer::Mode::Endless : StreamServer::Mode::Whole);
        QVERIFY(server.listening());
        const QString path = writeProject(server.baseUrl());
        ui::ServiceHost host;
        ui::ProjectDocument doc;
        auto window = std::make_unique<ui::MainWindow>(&doc, host.services(), ui::WindowOptions{false});
        QVERIFY(window->openProject(path));
        window->show();
        QPointer<ui::SendController> sender = window->sendController();
        QSignalSpy events(sender.data(), &ui::SendController::eventReceived);
        int finished = 0;
        connect(sender.data(), &ui::SendController::finished, this, [&] { ++finished; });
        window->sendAction()->trigger();
        QVERIFY(events.wait(30000));
        window.reset(); // mid-stream
        QVERIFY(sender.isNull());
        QTest::qWait(200);
        QCOMPARE(finished, 0);
    }

private:
    QString writeProject(const std::string& baseUrl)
    {
        const QString path = m_dir.filePath(QStringLiteral("stream.toolwire"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(QByteArray::fromStdString(streamProject(baseUrl)));
        return path;
    }

    // The same request through a ProviderCall on this thread: the core's exchange.
    provider::Exchange coreExchange(const std::string& baseUrl)
    {
        ui::ProjectDocument doc;
        if (!doc.load(writeProject(baseUrl)).ok())
            return {};
        provider::Exchange x;
        QNetworkAccessManager nam;
        auto in = project::requestInput(doc.project(), doc.project().presets[0]);
        if (!in)
            return {};
        auto built = provider::buildRequest(*in, std::nullopt);
        if (!built)
            return {};
        provider::ProviderCall call(&nam, *built);
        bool done = false;
        connect(&call, &provider::ProviderCall::finished, this, [&](const provider::Exchange& e) {
            x = e;
            done = true;
        });
        call.start();
        (void)QTest::qWaitFor([&] { return done; }, 120000);
        return x;
    }

    QTemporaryDir m_dir;
    QByteArray m_stream;
};

QTEST_MAIN(TestSendStream)
#include "tst_sendstream.moc"
