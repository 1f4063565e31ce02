#pragma once
// Runs the built `toolwire` binary (TOOLWIRE_BIN, set by the test's CMake target) to the
// end and keeps what it said: for tests of the binary's contract (exit code, stdout, stderr).
// Include as "../util/toolwire_run.h".

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace tw::test {

struct Run {
    int exitCode = -1; // -1: it crashed, was killed or did not finish
    QByteArray out, err;
};

// `program args`, with `extraEnv` added to this process's environment; waits up to
// `timeoutMs`, then kills it (so a hang is a failed test, not a hung one).
inline Run runProgram(const QString& program, const QStringList& args, const std::vector<std::pair<QString, QString>>& extraEnv = {},
                      int timeoutMs = 120000)
{
    QProcess p;
    if (!extraEnv.empty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const auto& [name, value] : extraEnv)
            env.insert(name, value);
        p.setProcessEnvironment(env);
    }
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return {-1, p.readAllStandardOutput(), p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

#ifdef TOOLWIRE_BIN
inline QString toolwireBin() { return QStringLiteral(TOOLWIRE_BIN); }

inline Run runToolwire(const QStringList& args, const std::vector<std::pair<QString, QString>>& extraEnv = {}, int timeoutMs = 120000)
{
    return runProgram(toolwireBin(), args, extraEnv, timeoutMs);
}
#endif

} // namespace tw::test
