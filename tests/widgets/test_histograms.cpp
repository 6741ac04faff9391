// Histograms (#33 item 3): per wheel, over the visible span or between the cursors, of any wheel
// channel or damper velocity with its bump / rebound and low / high-speed bands; references counted
// over the same span. Frames from SyntheticTelemetry.h, whose channels are known in closed form.

#include "widgets/DisplayUnits.h"
#include "widgets/HistogramView.h"
#include "widgets/TelemetryPanel.h"

#include "SyntheticTelemetry.h"

#include <QDoubleSpinBox>
#include <QtTest>

#include <cmath>
#include <numeric>

using namespace jounce;
using namespace jounce::widgets;
using namespace jounce::widgets::test;

class TestHistograms : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        DisplayUnits::instance().setChoices(UnitChoices::si());
    }

    void binsShareTheVisibleFrames()
    {
        Shown s(9.0);
        HistogramView view(s.panel);
        view.setChannel("tireLoad");
        QCOMPARE(int(view.wheels().size()), 4);
        const analysis::Histogram& fl = view.wheels()[0].live;
        QCOMPARE(fl.values, std::size_t(540));  // 9 s at 60 Hz
        QVERIFY(std::fabs(std::accumulate(fl.share.begin(), fl.share.end(), 0.0) - 1.0) < 1e-12);
        // FL load 4000 + 1000 sin 3t N: round bins covering 3000 to 5000 N.
        QVERIFY(fl.lo <= 3000.0 && fl.lo > 2000.0);
        QVERIFY(fl.lo + fl.width * double(fl.share.size()) >= 5000.0);
        // A sine spends most time near its extremes: the outer bins hold more than the middle ones.
        QVERIFY(fl.share.front() + fl.share.back() > 0.0);
        QVERIFY(view.coverage().contains("540 frames"));
    }

    void damperVelocityBands()
    {
        Shown s(9.0);
        HistogramView view(s.panel);
        view.setChannel(HistogramView::kDamperVelocity);
        view.setKnee(0.025);
        QVERIFY2(view.coverage().contains("(m/s)"), qPrintable(view.coverage()));
        // FL jounce 0.05 sin t m (and a 0.1 s bump-stop hit at 2.5 s): velocity 0.05 cos t, fast
        // where |cos t| > 0.5, bump where cos t > 0 — counted over the same frames.
        double fast = 0.0, bump = 0.0;
        for (int k = 1; k <= 540; ++k) {
            const double t = k / kRate;
            fast += std::fabs(std::cos(t)) > 0.5;
            bump += std::cos(t) >= 0.0;
        }
        const analysis::DamperBands& b = view.wheels()[0].bands;
        QVERIFY(std::fabs(b.bumpLow + b.bumpHigh + b.reboundLow + b.reboundHigh - 1.0) < 1e-12);
        QVERIFY2(std::fabs(b.bumpHigh + b.reboundHigh - fast / 540.0) < 0.03,
                 qPrintable(QString("%1 vs %2").arg(b.bumpHigh + b.reboundHigh).arg(fast / 540.0)));
        QVERIFY2(std::fabs(b.bumpLow + b.bumpHigh - bump / 540.0) < 0.03,
                 qPrintable(QString("%1 vs %2").arg(b.bumpLow + b.bumpHigh).arg(bump / 540.0)));
        // In mm, the axis and the bands follow the length unit: mm/s.
        UnitChoices mm = UnitChoices::si();
        mm.set(Quantity::Length, "mm");
        DisplayUnits::instance().setChoices(mm);
        QVERIFY2(view.coverage().contains("(mm/s)"), qPrintable(view.coverage()));
        QVERIFY(std::fabs(view.wheels()[0].bands.bumpHigh - b.bumpHigh) < 1e-12);
        const auto* knee = view.findChild<QDoubleSpinBox*>();
        QCOMPARE(knee->suffix(), QString(" mm/s"));  // the knee in the axis' unit, not a mix
        QCOMPARE(knee->value(), 25.0);
        DisplayUnits::instance().setChoices(UnitChoices::si());
    }

    void cursorsAndReferences()
    {
        Shown s(9.0);
        s.panel.setReferences({referenceRun(9.0, 0.5, "before", QColor(200, 80, 0))});
        HistogramView view(s.panel);
        view.setChannel("tireLoad");
        QCOMPARE(int(view.wheels()[0].references.size()), 1);
        // The reference has the same loads: the same shares.
        for (std::size_t k = 0; k < view.wheels()[0].live.share.size(); ++k)
            QVERIFY(std::fabs(view.wheels()[0].references[0].share[k] - view.wheels()[0].live.share[k]) < 0.01);
        view.setSpan(HistogramView::Span::Cursors);
        QCOMPARE(view.wheels()[0].live.values, std::size_t(540));  // no cursors yet: the visible span
        s.panel.setMeasureCursor(false, 1.0);
        s.panel.setMeasureCursor(true, 3.0);
        view.recompute();
        QCOMPARE(view.wheels()[0].live.values, std::size_t(121));  // 1 s to 3 s inclusive at 60 Hz
        QCOMPARE(view.wheels()[0].references[0].values, std::size_t(121));
        view.resize(600, 400);
        QVERIFY(!view.grab().isNull());  // paints with references and bands
    }
};

QTEST_MAIN(TestHistograms)
#include "test_histograms.moc"
