// Round chart ticks (widgets/NiceTicks): a table of data ranges and the ticks they get, and the
// telemetry charts using them -- the defects were y ticks such as 0.1147 and 1.534e+04 and time
// labels rounded to whole seconds.

#include "widgets/NiceTicks.h"
#include "widgets/TelemetryChart.h"

#include <QtTest>

using namespace jounce::widgets;

class TestNiceTicks : public QObject {
    Q_OBJECT
private slots:
    void ticksForRanges_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("axisLo");
        QTest::addColumn<double>("axisHi");
        QTest::addColumn<int>("decimals");
        // The ranges the charts showed before (jounce, tire load, slip) and ordinary ones.
        QTest::newRow("jounce") << -0.1195 << 0.1147 << 0.1 << -0.2 << 0.2 << 1;
        QTest::newRow("tire load") << -1394.0 << 15340.0 << 5000.0 << -5000.0 << 20000.0 << 0;
        QTest::newRow("small slip") << -0.0006 << 0.0006 << 0.0005 << -0.001 << 0.001 << 4;
        QTest::newRow("revs") << 300.0 << 660.0 << 100.0 << 300.0 << 700.0 << 0;
        QTest::newRow("gear") << -1.0 << 5.0 << 2.0 << -2.0 << 6.0 << 0;
        QTest::newRow("unit") << 0.0 << 1.0 << 0.5 << 0.0 << 1.0 << 1;
        QTest::newRow("time 10 s") << 2.5 << 12.5 << 5.0 << 0.0 << 15.0 << 0;
        QTest::newRow("flat zero") << 0.0 << 0.0 << 0.5 << -0.5 << 0.5 << 1;
        QTest::newRow("reversed") << 1.0 << -1.0 << 0.5 << -1.0 << 1.0 << 1;
    }

    void ticksForRanges()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, step);
        QFETCH(double, axisLo);
        QFETCH(double, axisHi);
        QFETCH(int, decimals);
        const AxisTicks t = niceTicks(lo, hi, 4);
        QCOMPARE(t.step, step);
        QCOMPARE(t.lo, axisLo);
        QCOMPARE(t.hi, axisHi);
        QCOMPARE(t.decimals, decimals);
        QVERIFY(t.lo <= std::min(lo, hi) && t.hi >= std::max(lo, hi));
    }

    void stepsAreOneTwoFive()
    {
        for (double span = 1e-6; span < 1e7; span *= 1.37) {
            const double step = niceStep(span, 4);
            const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
            QVERIFY2(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9,
                     qPrintable(QString("span %1 step %2").arg(span).arg(step)));
            QVERIFY(step >= span / 4 * (1 - 1e-9) && step <= span / 4 * 2.5 * (1 + 1e-9));
        }
        QCOMPARE(labelFormat(niceTicks(0, 0.1)), QString("%.2f"));  // step 0.05
        QCOMPARE(decimalsFor(0.5), 1);
        QCOMPARE(decimalsFor(20.0), 0);
        QCOMPARE(niceTicks(std::nan(""), 1.0).step, 0.5);  // non-finite data: a unit range
    }

    void chartsUseRoundTicks()
    {
        TelemetryChart::Spec spec;
        spec.title = "Suspension jounce";
        spec.traces.push_back({jounce::telemetry::Column::of(jounce::telemetry::WheelChannel::Jounce, 0), "FL", Qt::blue});
        TelemetryChart chart(spec);
        chart.resize(600, 200);
        TelemetryHistory history;
        std::vector<jounce::telemetry::Frame> frames(600);
        for (std::size_t i = 0; i < frames.size(); ++i) {
            frames[i].time() = double(i + 1) / 60.0;
            frames[i].setWheelCount(4);
            frames[i].wheel(jounce::telemetry::WheelChannel::Jounce, 0) = 0.1147 * std::sin(double(i) / 40.0) - 0.002395;
        }
        history.append(frames);
        chart.refresh(history, 0.0, 10.0, 10.0);
        const AxisTicks& t = chart.valueTicks();
        QCOMPARE(t.step, 0.1);
        QCOMPARE(std::fmod(std::fabs(t.lo), t.step), 0.0);
    }
};

QTEST_MAIN(TestNiceTicks)
#include "test_nice_ticks.moc"
