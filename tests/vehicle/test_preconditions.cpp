// The stages' preconditions (vehicle/Assert.h): in a build with JOUNCE_ASSERTS a call against one
// aborts and names the condition and its place; a valid call runs. assert_probe makes the calls.

#include <QProcess>
#include <QtTest>

namespace {

struct Outcome {
    bool crashed = false;
    int exitCode = 0;
    QString err;
};

Outcome probe(const QString& which)
{
    QProcess p;
    p.start(QStringLiteral(JOUNCE_BINARY_DIR "/tests/vehicle/assert_probe"), {which});
    p.waitForFinished(30000);
    return {p.exitStatus() == QProcess::CrashExit, p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError())};
}

}  // namespace

class TestPreconditions : public QObject {
    Q_OBJECT
private slots:
    void validCallRuns()
    {
        const Outcome o = probe(QStringLiteral("valid"));
        QVERIFY2(!o.crashed && o.exitCode == 0, qPrintable(o.err));
    }

    void callAgainstAPreconditionAborts_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QString>("condition");
        QTest::newRow("integrateChassis, h = 0") << "integrateChassis" << "ChassisStage.cpp";
        QTest::newRow("evaluateJounce, h < 0") << "evaluateJounce" << "SuspensionStage.cpp";
    }

    void callAgainstAPreconditionAborts()
    {
        QFETCH(QString, stage);
        QFETCH(QString, condition);
        const Outcome o = probe(stage);
        QVERIFY2(o.crashed, qPrintable(QStringLiteral("exit %1: %2").arg(o.exitCode).arg(o.err)));
        QVERIFY2(o.err.contains(QStringLiteral("JOUNCE_ASSERT(h > 0.0 && isFinite(h)) failed")), qPrintable(o.err));
        QVERIFY2(o.err.contains(condition), qPrintable(o.err));
    }
};

QTEST_GUILESS_MAIN(TestPreconditions)
#include "test_preconditions.moc"
