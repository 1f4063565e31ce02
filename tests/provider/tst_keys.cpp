// Key lookup: environment variables in profile order, then a real keyring (gnome-keyring in
// a throwaway D-Bus session, see with_keyring.sh).

#include "provider/keys.h"

#include <QTest>

using namespace tw;

namespace {

template <class T> T wait(std::function<void(std::function<void(T)>)> start)
{
    std::optional<T> out;
    start([&](T v) { out = std::move(v); });
    if (!QTest::qWaitFor([&] { return out.has_value(); }, 10000))
        qFatal("keyring operation did not finish");
    return *out;
}

} // namespace

class TestKeys : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void environmentOrder()
    {
        const provider::Profile& gemini = *provider::findProfile("gemini");
        qunsetenv("GEMINI_API_KEY");
        qputenv("GOOGLE_API_KEY", "AIza-google-key-for-tests-0001");
        auto k = provider::keyFromEnvironment(gemini);
        QCOMPARE(k.source, std::string("env:GOOGLE_API_KEY"));
        qputenv("GEMINI_API_KEY", "AIza-gemini-key-for-tests-0002");
        k = provider::keyFromEnvironment(gemini);
        QCOMPARE(k.source, std::string("env:GEMINI_API_KEY"));
        QCOMPARE(*k.key, std::string("AIza-gemini-key-for-tests-0002"));
        qunsetenv("GEMINI_API_KEY");
        qunsetenv("GOOGLE_API_KEY");
        QVERIFY(!provider::keyFromEnvironment(gemini).key);
    }

    void keyringRoundTrip()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QSKIP("no D-Bus session: run through tests/provider/with_keyring.sh (CTest does)");
        provider::KeyStore store;
        const std::string secret = "sk-keyring-test-0123456789abcd";
        auto w = wait<Result<void>>([&](auto cb) { store.write("openrouter", secret, cb); });
        QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
        auto r = wait<Result<std::optional<std::string>>>([&](auto cb) { store.read("openrouter", cb); });
        QVERIFY(r.ok());
        QCOMPARE(r->value_or(""), secret);

        qunsetenv("OPENROUTER_API_KEY");
        auto resolved = wait<provider::ResolvedKey>([&](auto cb) { store.resolve(*provider::findProfile("openrouter"), cb); });
        QCOMPARE(resolved.source, std::string("keyring"));
        QCOMPARE(resolved.key.value_or(""), secret);

        // The environment wins over the keyring.
        qputenv("OPENROUTER_API_KEY", "sk-or-env-key-for-tests-9999");
        resolved = wait<provider::ResolvedKey>([&](auto cb) { store.resolve(*provider::findProfile("openrouter"), cb); });
        QCOMPARE(resolved.source, std::string("env:OPENROUTER_API_KEY"));
        qunsetenv("OPENROUTER_API_KEY");

        auto d = wait<Result<void>>([&](auto cb) { store.remove("openrouter", cb); });
        QVERIFY(d.ok());
        r = wait<Result<std::optional<std::string>>>([&](auto cb) { store.read("openrouter", cb); });
        QVERIFY(r.ok());
        QVERIFY(!r->has_value());
    }
};

QTEST_GUILESS_MAIN(TestKeys)
#include "tst_keys.moc"
