// The Δt chart (issue #33 item 1): live time minus the reference's where both had travelled as far.
// Two runs of the same straight, one at 0.9 of the other's speed: the live car, x = t², reaches
// distance d at √d and the slower one at √(d / 0.9), so Δt = √d·(1 − 1/√0.9) = −0.05409·√d s
// (ahead: below 0), −0.4327 s at the live car's 8 s (d = 64 m). By time the same chart reads 0.
#include "widgets/TelemetryPanel.h"
#include "SyntheticTelemetry.h"

#include <QMenu>
#include <QToolButton>
#include <QtTest>

#include <cmath>

using namespace jounce;
using namespace jounce::widgets;
using namespace jounce::widgets::test;

namespace {

/// frames() with a position: the car at x = scale·t² (its speed 2·scale·t).
std::vector<telemetry::Frame> travelling(int count, double scale)
{
    std::vector<telemetry::Frame> out = frames(0, count);
    for (telemetry::Frame& f : out) {
        f.vehicle(VehicleChannel::PosX) = scale * f.time() * f.time();
        f.vehicle(VehicleChannel::ForwardSpeed) *= scale;
    }
    return out;
}

ReferenceRun slower()
{
    auto run = std::make_shared<sim::RunLog>();
    run->name = "slower";
    for (const telemetry::Frame& f : travelling(int(9.0 * kRate), 0.9))
        run->telemetry.append(f);
    return ReferenceRun{run, QColor(200, 80, 0), Qt::DashLine, "slower"};
}

}  // namespace

class TestTimeVariance : public QObject {
    Q_OBJECT
private slots:
    void deltaTByDistance()
    {
        TelemetryPanel panel;
        panel.setVehicle(4, 200.0, {0.3, 0.3, 0.3, 0.3});
        panel.resize(900, 1600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.append(travelling(int(9.0 * kRate), 1.0));
        panel.setReferences({slower()});
        // Through the Δ menu, as a user adds it: it also aligns the references by distance.
        auto* button = panel.findChild<QToolButton*>("differenceChartButton");
        QVERIFY(button && button->menu());
        QAction* action = button->menu()->actions().value(0);
        QVERIFY(action && action->text().startsWith("Δt"));
        action->trigger();
        QCOMPARE(panel.alignment(), Alignment::Distance);
        for (int i = 0; i < 3; ++i) {  // as the GUI's timer between frames: labels laid out, plots aligned
            QApplication::processEvents();
            panel.refresh();
        }
        const TelemetryChart* chart = panel.charts().back();
        QCOMPARE(chart->spec().title, QString("Δt"));
        QVERIFY(chart->spec().difference);
        QCOMPARE(chart->spec().unit, QString("s"));
        const TelemetryHistory& history = panel.history();
        const double expected = 8.0 * (1.0 - 1.0 / std::sqrt(0.9));  // −0.4327 s
        const double got = chart->valueAt(history, 0, 8.0, 9.0, Alignment::Distance);
        // The reference's frame at or after the live distance: up to a frame (1/60 s) late.
        QVERIFY2(got <= expected + 1e-9 && got >= expected - 1.0 / kRate - 1e-9,
                 qPrintable(QString("Δt at 8 s: %1, expected %2").arg(got).arg(expected)));
        // Beyond the slower run's 72.9 m there is nothing to compare with.
        QVERIFY(std::isnan(chart->valueAt(history, 0, 8.9, 9.0, Alignment::Distance)));
        if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
            const_cast<TelemetryChart*>(chart)->grab().save(QString::fromLocal8Bit(dir) + "/delta-t-chart.png");
        // By time both runs are at the same time: Δt is 0.
        QCOMPARE(chart->valueAt(history, 0, 8.0, 9.0, Alignment::Time), 0.0);
    }
};

QTEST_MAIN(TestTimeVariance)
#include "test_time_variance.moc"
