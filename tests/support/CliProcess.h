#pragma once
// Runs jounce-cli as a user would, for the suites that test it as a process.

#include <QProcess>
#include <QString>
#include <QStringList>

namespace jounce::testing {

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.setProgram(QStringLiteral(JOUNCE_BINARY_DIR "/app/cli/jounce-cli"));
    p.setArguments(args);
    p.start();
    p.waitForFinished(timeoutMs);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace jounce::testing
