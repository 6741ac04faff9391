// The telemetry charts an engineer can trust (#14): one plot-area left edge for all charts, zoom,
// pan and box zoom by mouse, value-axis modes, pause that truly freezes, measurement cursors and
// their table, event markers, exports of exactly what is shown, values in the display units.

#include "widgets/ChartEvents.h"
#include "widgets/ChartNavigation.h"
#include "widgets/CursorTable.h"
#include "widgets/DisplayUnits.h"
#include "widgets/TelemetryPanel.h"

#include "SyntheticTelemetry.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QScrollArea>
#include <QtTest>

#include <cmath>

using namespace jounce;
using namespace jounce::widgets;
using namespace jounce::widgets::test;

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // the units preference is not the user's
        DisplayUnits::instance().setChoices(UnitChoices{});
    }

    void timeViewFollowsFreezesZoomsAndPans()
    {
        TimeView v(10.0);
        QCOMPARE(v.range(0.0, 3.0), (std::pair{0.0, 10.0}));  // live and shorter than the window
        QCOMPARE(v.range(0.0, 25.0), (std::pair{15.0, 25.0}));
        v.zoom(0.5, 20.0, 0.0, 25.0);  // live: the right edge keeps following
        QCOMPARE(v.range(0.0, 30.0), (std::pair{25.0, 30.0}));
        v.follow(10.0);
        v.freeze(0.0, 3.0);  // early in a run: stays [0, 10] and draws nothing after 3 s
        QCOMPARE(v.range(0.0, 8.0), (std::pair{0.0, 10.0}));
        QCOMPARE(v.dataLimit(8.0), 3.0);
        v.zoom(0.5, 2.0, 0.0, 8.0);  // 2 s stays at a fifth of the width
        QCOMPARE(v.range(0.0, 8.0), (std::pair{1.0, 6.0}));
        v.pan(1.0, 0.0, 8.0);
        QCOMPARE(v.range(0.0, 8.0), (std::pair{2.0, 7.0}));
        v.show(4.0, 4.01, 0.0, 8.0);  // a box narrower than the minimum span
        QCOMPARE(v.span(), TimeView::kMinSpan);
        v.follow(10.0);
        QVERIFY(v.following());
        QCOMPARE(v.dataLimit(8.0), 8.0);
    }

    void valueRangeModes()
    {
        ValueRange auto_;
        auto_.update(-10.0, 10.0, 1e-3);  // a spike in view
        const auto [lo, hi] = auto_.update(-1.0, 1.0, 1e-3);  // it scrolled out: the range shrinks
        QCOMPARE(lo, -1.1);
        QCOMPARE(hi, 1.1);
        const auto [lo2, hi2] = auto_.update(-0.9, 0.95, 1e-3);  // within 70 %: no twitch
        QCOMPARE(lo2, -1.1);
        QCOMPARE(hi2, 1.1);
        ValueRange grow;
        grow.setGrow();
        grow.update(-10.0, 10.0, 1e-3);
        QCOMPARE(grow.update(-1.0, 1.0, 1e-3).first, -11.0);
        ValueRange fixed;
        fixed.setFixed(-2.0, 3.0);
        QCOMPARE(fixed.update(-100.0, 100.0, 1e-3), (std::pair{-2.0, 3.0}));
        fixed.zoom(0.5, 1.0);
        QCOMPARE(fixed.current(), (std::pair{-0.5, 2.0}));
        fixed.pan(0.5);
        QCOMPARE(fixed.current(), (std::pair{0.0, 2.5}));
        fixed.setFixed(3.0, 3.0);  // refused: not a range
        QCOMPARE(fixed.current(), (std::pair{0.0, 2.5}));
    }

    void plotAreasStartAtTheSameX()
    {
        // Tire load labels ("-5000") are wider than slip's ("0.0010"): without alignment the plot
        // areas started at different x and the shared hover cursor did not line up.
        Shown s(6.0);
        const auto& charts = s.panel.charts();
        QVERIFY(charts.size() >= 5);
        const QRectF first = charts.front()->plotArea();
        for (const TelemetryChart* c : charts) {
            QVERIFY2(std::fabs(c->plotArea().left() - first.left()) < 0.5,
                     qPrintable(QString("%1: %2 vs %3").arg(c->spec().title).arg(c->plotArea().left()).arg(first.left())));
            QVERIFY(std::fabs(c->plotArea().right() - first.right()) < 0.5);
        }
        // The same time is at the same x on every chart.
        const int x0 = s.at(0, 3.0).x();
        for (int i = 1; i < int(charts.size()); ++i)
            QVERIFY(std::abs(s.at(i, 3.0).x() - x0) <= 1);
    }

    void shortChartsKeepWholeLabels()
    {
        // QtCharts elides value labels that sit closer than about their height: a 100 px revs
        // chart with six ticks read "…" at every tick. Fewer, rounder ticks on a short chart.
        TelemetryPanel panel;
        panel.setVehicle(4, 600.0, {0.3, 0.3, 0.3, 0.3});
        panel.resize(590, 780);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.append(frames(0, 300));
        panel.refresh();
        QApplication::processEvents();
        panel.refresh();
        for (const TelemetryChart* c : panel.charts()) {
            QVERIFY(c->plotArea().height() < 120);
            for (QGraphicsItem* item : c->view()->scene()->items())
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
                    QVERIFY2(!text->toPlainText().contains("...") && !text->toPlainText().contains(QChar(0x2026)),
                             qPrintable(c->spec().title + ": " + text->toPlainText()));
        }
    }

    void pauseFreezesEarlyInARun()
    {
        Shown s(3.0);
        const int points = s.panel.charts().front()->pointCount();
        s.panel.setPaused(true);
        s.append(3.0, 6.0);  // the simulation goes on
        QCOMPARE(s.panel.timeRange(), (std::pair{0.0, 10.0}));
        QCOMPARE(s.panel.charts().front()->pointCount(), points);
        // The CSV of what is shown ends where the charts end: 3 s.
        const std::string csv = s.panel.visibleCsv();
        const std::string lastRow = csv.substr(csv.rfind('\n', csv.size() - 2) + 1);
        QCOMPARE(std::stod(lastRow.substr(0, lastRow.find(','))), 3.0);
        s.panel.setPaused(false);
        QCOMPARE(s.panel.charts().front()->pointCount() > points, true);
    }

    void wheelZoomsTimeOnAllChartsAndCtrlWheelOneChartsValues()
    {
        Shown s(20.0);
        QCOMPARE(s.panel.timeRange(), (std::pair{10.0, 20.0}));
        s.panel.setPaused(true);
        wheel(s.view(1)->viewport(), s.at(1, 12.0), 120);  // one notch in around 12 s
        const auto [start, end] = s.panel.timeRange();
        QVERIFY(std::fabs((end - start) - 8.0) < 1e-9);
        QVERIFY(std::fabs((12.0 - start) / (end - start) - 0.2) < 0.02);  // 12 s stays where it was
        for (const TelemetryChart* c : s.panel.charts())
            QCOMPARE(c->view()->chart()->axes(Qt::Horizontal).front()->property("min").toDouble(), start);
        wheel(s.view(1)->viewport(), s.at(1, 15.0, 4000.0), 120, Qt::ControlModifier);
        QCOMPARE(s.panel.charts()[1]->valueRange().mode(), ValueRange::Mode::Fixed);
        QCOMPARE(s.panel.charts()[0]->valueRange().mode(), ValueRange::Mode::Auto);
        // New data does not undo the zoom.
        s.append(20.0, 22.0);
        QCOMPARE(s.panel.timeRange(), (std::pair{start, end}));
    }

    void dragPansBoxZoomsAndDoubleClickResets()
    {
        Shown s(20.0);
        QVERIFY(!s.panel.paused());
        drag(s.view(0)->viewport(), s.at(0, 15.0), s.at(0, 13.0));  // the content moves right by 2 s
        QVERIFY(s.panel.paused());  // a pan freezes the live view
        auto [start, end] = s.panel.timeRange();
        QVERIFY2(std::fabs(start - 12.0) < 0.05 && std::fabs(end - 22.0) < 0.05, qPrintable(QString::number(start)));
        drag(s.view(2)->viewport(), s.at(2, 14.0, 0.0), s.at(2, 16.0, 0.0) + QPoint(0, 30), Qt::ShiftModifier);
        std::tie(start, end) = s.panel.timeRange();
        QVERIFY2(std::fabs(start - 14.0) < 0.05 && std::fabs(end - 16.0) < 0.05, qPrintable(QString::number(start)));
        QCOMPARE(s.panel.charts()[2]->valueRange().mode(), ValueRange::Mode::Fixed);
        send(s.view(0)->viewport(), QEvent::MouseButtonDblClick, s.at(0, 15.0), Qt::LeftButton, Qt::LeftButton);
        QVERIFY(!s.panel.paused());
        QCOMPARE(s.panel.timeRange(), (std::pair{10.0, 20.0}));
        QCOMPARE(s.panel.charts()[2]->valueRange().mode(), ValueRange::Mode::Auto);
    }

    void cursorsReadEveryTraceAndSurviveNewData()
    {
        Shown s(10.0);
        s.panel.setPaused(true);
        const int speed = int(s.panel.charts().size()) - 1;  // the default layout ends with Speed
        QCOMPARE(s.panel.charts()[std::size_t(speed)]->spec().title, QString("Speed"));
        const auto click = [&](double t, Qt::KeyboardModifiers mods) {
            QWidget* vp = s.view(speed)->viewport();
            send(vp, QEvent::MouseButtonPress, s.at(speed, t), Qt::LeftButton, Qt::LeftButton, mods);
            send(vp, QEvent::MouseButtonRelease, s.at(speed, t), Qt::LeftButton, Qt::NoButton, mods);
        };
        click(3.0, Qt::NoModifier);
        click(7.0, Qt::ControlModifier);
        const double a = *s.panel.measureCursor(false), b = *s.panel.measureCursor(true);
        QVERIFY(std::fabs(a - 3.0) < 0.05 && std::fabs(b - 7.0) < 0.05);
        // forwardSpeed = 2 t m/s, shown in km/h: B − A = 2 (tB − tA) x 3.6 at the nearest frames.
        const QString text = s.panel.cursorTable()->text();
        QVERIFY2(text.contains(QString("Δt = %1 s").arg(formatNumber(b - a, 3))), qPrintable(text));
        const QStringList row = text.split('\n').filter("Speed · forwardSpeed").front().split('\t');
        QCOMPARE(row[1], QString("km/h"));
        const double tA = std::round(a * kRate) / kRate, tB = std::round(b * kRate) / kRate;
        QVERIFY2(std::fabs(*parseNumber(row[4]) - 2.0 * (tB - tA) * 3.6) < 0.05, qPrintable(row.join(" ")));
        QVERIFY2(std::fabs(*parseNumber(row[2]) - 2.0 * tA * 3.6) < 0.05, qPrintable(row.join(" ")));
        s.append(10.0, 12.0);
        QCOMPARE(*s.panel.measureCursor(false), a);
        QVERIFY(s.panel.cursorTable()->isVisible());
        QTest::keyClick(&s.panel, Qt::Key_Escape);
        QVERIFY(!s.panel.measureCursor(false) && !s.panel.cursorTable()->isVisible());
    }

    void eventMarkersAreFoundAndToggleable()
    {
        Shown s(4.0);
        s.panel.setPhaseMarks({{1.5, "brake"}});
        const auto texts = [&] {
            QStringList out;
            for (const TelemetryChart::Marker& m : s.panel.shownMarkers())
                out << m.text;
            return out;
        };
        QVERIFY2(texts().contains(QString::fromUtf8("1\u21922")), qPrintable(texts().join(", ")));
        QCOMPARE(texts().filter(QString::fromUtf8("\u2192")).size(), 1);  // the shift's neutral is not an event
        QVERIFY(texts().contains("brake"));
        QVERIFY(texts().contains("RR lifts"));
        QVERIFY(texts().contains("FL bump stop"));
        QCOMPARE(texts().filter("bump stop").size(), 1);  // one hit, not one per frame at the stop
        s.panel.setEventsShown(ChartEventKind::Gear, false);
        QVERIFY(!texts().contains(QString::fromUtf8("1\u21922")));
        QVERIFY(texts().contains("brake"));
    }

    void exportsAreWhatIsShown()
    {
        Shown s(20.0);
        s.panel.showTimeRange(12.0, 14.0);
        const std::string csv = s.panel.visibleCsv();
        const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines[0].startsWith("time,jounce[FL]"));
        QVERIFY(!lines[0].contains("latAccel"));  // not on a chart of the default layout
        QCOMPARE(lines[1].split(',')[0], QString("s"));
        QCOMPARE(lines[2].split(',')[0].toDouble(), 12.0);
        QCOMPARE(lines.back().split(',')[0].toDouble(), 14.0);
        QCOMPARE(lines.size(), 2 + 121);
        const QString png = QDir::temp().filePath("jounce-test-charts.png");
        QCOMPARE(s.panel.exportPng(png, QSize(1600, 900)), QString());
        QCOMPARE(QImage(png).size(), QSize(1600, 900));
        QFile::remove(png);
    }

    void chartsFollowTheDisplayUnits()
    {
        Shown s(2.0);
        const TelemetryChart* revs = nullptr;
        for (const TelemetryChart* c : s.panel.charts())
            if (c->spec().title == "Engine revs")
                revs = c;
        QVERIFY(revs);
        QCOMPARE(revs->spec().unit, QString("rpm"));
        QVERIFY(std::fabs(revs->valueAt(s.panel.history(), 0, 1.0, 2.0) - 100.0 * 60.0 / (2.0 * M_PI)) < 1e-9);
        UnitChoices si = UnitChoices::si();
        DisplayUnits::instance().setChoices(si);
        for (const TelemetryChart* c : s.panel.charts())
            if (c->spec().title == "Engine revs")
                revs = c;
        QCOMPARE(revs->spec().unit, QString("rad/s"));
        QCOMPARE(revs->valueAt(s.panel.history(), 0, 1.0, 2.0), 100.0);
        DisplayUnits::instance().setChoices(UnitChoices{});
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
