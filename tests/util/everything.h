#pragma once
// server-everything (the reference MCP server from npm, installed in tests/npm by
// `scripts/toolwire.sh setup`): where it is, and its Streamable HTTP mode on a free loopback
// port for as long as the object lives. Tests skip when it is not installed.
// Include as "../util/everything.h".

#include <QFileInfo>
#include <QHostAddress>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

namespace tw::test {

inline QString everythingScript()
{
    return QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
}

inline bool everythingInstalled() { return QFileInfo::exists(everythingScript()); }

inline const char* everythingMissing() { return "server-everything is not installed in tests/npm (scripts/toolwire.sh setup installs it)"; }

// A loopback port nothing listens on right now.
inline quint16 freeLoopbackPort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

// `node --require tests/mcp/loopback.cjs server-everything streamableHttp` on a free port
// (its HTTP mode has no host option: the preload keeps it on loopback); url() is empty when
// it did not come up within 30 s.
class EverythingHttp {
public:
    EverythingHttp() : m_port(freeLoopbackPort())
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PORT"), QString::number(m_port));
        m_node.setProcessEnvironment(env);
        m_node.start(QStringLiteral("node"),
                     {QStringLiteral("--require"), QStringLiteral(TOOLWIRE_SOURCE_DIR "/tests/mcp/loopback.cjs"), everythingScript(),
                      QStringLiteral("streamableHttp")});
        if (!m_node.waitForStarted())
            return;
        const bool listening = QTest::qWaitFor(
            [this] {
                if (m_node.state() == QProcess::NotRunning)
                    return true;
                QTcpSocket s;
                s.connectToHost(QHostAddress::LocalHost, m_port);
                return s.waitForConnected(200);
            },
            30000);
        if (listening && m_node.state() == QProcess::Running)
            m_url = QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_port);
    }
    ~EverythingHttp()
    {
        m_node.terminate();
        if (!m_node.waitForFinished(5000)) {
            m_node.kill();
            m_node.waitForFinished(5000);
        }
    }
    EverythingHttp(const EverythingHttp&) = delete;
    EverythingHttp& operator=(const EverythingHttp&) = delete;

    QString url() const { return m_url; }
    QByteArray stderrText() { return m_node.readAllStandardError(); }

private:
    quint16 m_port;
    QProcess m_node;
    QString m_url;
};

} // namespace tw::test
