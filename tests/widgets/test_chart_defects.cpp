// Chart defects found when tried as a tuner would (#31): a units change or a new chart keeps every
// marker, the full resolution and one plot-area left edge; no value axis elides its labels; the
// wheel zooms around the pointer; exports re-lay the charts at their size and carry references.

#include "widgets/CursorTable.h"
#include "widgets/DisplayUnits.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"

#include "SyntheticTelemetry.h"

#include <QApplication>
#include <QClipboard>
#include <QLineSeries>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QScrollArea>
#include <QRegularExpression>
#include <QScrollBar>
#include <QToolTip>
#include <QtTest>

#include <cmath>

using namespace jounce;
using namespace jounce::widgets;
using namespace jounce::widgets::test;

namespace {

/// The event loop a few times and the panel's refresh, as the GUI's timer does between frames.
void settle(TelemetryPanel& panel)
{
    for (int i = 0; i < 3; ++i) {
        QApplication::processEvents();
        panel.refresh();
    }
}

/// Every chart's plot area starts at the same x (the first chart's), to half a pixel.
QString misaligned(const TelemetryPanel& panel)
{
    const double left = panel.charts().front()->plotArea().left();
    for (const TelemetryChart* c : panel.charts())
        if (std::fabs(c->plotArea().left() - left) > 0.5)
            return QString("%1 starts at %2, the first at %3").arg(c->spec().title).arg(c->plotArea().left()).arg(left);
    return {};
}

/// The first elided axis label ("…" or "...") of any chart, "" when none.
QString elidedLabel(const TelemetryPanel& panel)
{
    for (const TelemetryChart* c : panel.charts())
        for (QGraphicsItem* item : c->view()->scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
                if (text->toPlainText().contains("...") || text->toPlainText().contains(QChar(0x2026)))
                    return c->spec().title + ": " + text->toPlainText();
    return {};
}

const TelemetryChart* chart(const TelemetryPanel& panel, const QString& title)
{
    for (const TelemetryChart* c : panel.charts())
        if (c->spec().title == title)
            return c;
    return nullptr;
}

/// The x of cursor A's line (its pen colour) in every row of the image that crosses only the line:
/// rows through its label's box hold more of the colour, and are skipped.
std::vector<int> cursorColumns(const QImage& image)
{
    std::vector<int> xs;
    for (int y = 0; y < image.height(); ++y) {
        std::vector<int> row;
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - 20) < 12 && std::abs(c.green() - 110) < 12 && std::abs(c.blue() - 60) < 12)
                row.push_back(x);
        }
        if (!row.empty() && row.back() - row.front() <= 2)
            xs.push_back(row.front());
    }
    return xs;
}

/// The heights of the blocks of rows holding dark (text) pixels in the first `width` columns, from
/// the top: lines of text such as the legend and the first chart's title.
QList<int> textLines(const QImage& image, int width, qsizetype count)
{
    QList<int> lines;
    int rows = 0;
    for (int y = 0; y < image.height() && lines.size() < count; ++y) {
        bool dark = false;
        for (int x = 0; x < width && !dark; ++x)
            dark = qGray(image.pixel(x, y)) < 100;
        if (dark) {
            ++rows;
        } else if (rows > 0) {
            lines.push_back(rows);
            rows = 0;
        }
    }
    return lines;
}

UnitChoices mmRadPerSecondMph()
{
    UnitChoices units;
    units.set(Quantity::Length, "mm");
    units.set(Quantity::AngularSpeed, "rad/s");
    units.set(Quantity::Speed, "mph");
    return units;
}

}  // namespace

class TestChartDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);  // the units preference is not the user's
        DisplayUnits::instance().setChoices(UnitChoices{});
    }
    void cleanup() { DisplayUnits::instance().setChoices(UnitChoices{}); }

    void unitsChangeKeepsMarkersResolutionAndAlignment()
    {
        // Item 1: after a run, switching to mm / rad/s / mph lost every marker, redrew the history
        // at 50 columns (peaks cut and moved) and left the plot areas unaligned.
        Shown s(9.0);
        s.panel.setPhaseMarks({{1.5, "brake"}});
        settle(s.panel);
        std::vector<int> markers, points;
        for (const TelemetryChart* c : s.panel.charts()) {
            markers.push_back(c->markerCount());
            points.push_back(c->pointCount());
        }
        QVERIFY(markers.front() >= 4);  // the shift, the phase, a lift, a bump stop
        QVERIFY(points.front() > 400);  // 540 frames over ~850 columns: nearly every frame drawn
        DisplayUnits::instance().setChoices(mmRadPerSecondMph());
        settle(s.panel);
        for (std::size_t i = 0; i < s.panel.charts().size(); ++i) {
            const TelemetryChart* c = s.panel.charts()[i];
            QVERIFY2(c->markerCount() == markers[i], qPrintable(c->spec().title));
            QVERIFY2(c->pointCount() == points[i], qPrintable(QString("%1: %2 points, %3 before")
                                                                  .arg(c->spec().title).arg(c->pointCount()).arg(points[i])));
        }
        QVERIFY2(misaligned(s.panel).isEmpty(), qPrintable(misaligned(s.panel)));
        QVERIFY2(elidedLabel(s.panel).isEmpty(), qPrintable(elidedLabel(s.panel)));
    }

    void vehicleViewRedrawsOnAUnitsChange()
    {
        // Item 1: after a run the vehicle view kept its km/h read-out until a restart.
        struct PaintCounter : QObject {
            int paints = 0;
            bool eventFilter(QObject*, QEvent* e) override
            {
                paints += e->type() == QEvent::Paint;
                return false;
            }
        } counter;
        VehicleView view;
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QApplication::processEvents();
        view.installEventFilter(&counter);
        DisplayUnits::instance().setChoices(mmRadPerSecondMph());
        QTRY_VERIFY(counter.paints > 0);
    }

    void plotAreasStayAlignedAndLabelsWholeAfterABoxZoom()
    {
        // Item 2: the tire-load chart's 5-digit labels pushed its plot area right of the others,
        // and a box zoom on Speed to about a second elided its labels.
        Shown s(20.0);
        const int speed = int(s.panel.charts().size()) - 1;
        QCOMPARE(s.panel.charts()[std::size_t(speed)]->spec().title, QString("Speed"));
        drag(s.view(speed)->viewport(), s.at(speed, 14.0, 2.0 * 14.0 * 3.6), s.at(speed, 15.0, 2.0 * 15.2 * 3.6),
             Qt::ShiftModifier);
        settle(s.panel);
        QVERIFY2(misaligned(s.panel).isEmpty(), qPrintable(misaligned(s.panel)));
        QVERIFY2(elidedLabel(s.panel).isEmpty(), qPrintable(elidedLabel(s.panel)));
        DisplayUnits::instance().setChoices(mmRadPerSecondMph());
        settle(s.panel);
        QVERIFY2(misaligned(s.panel).isEmpty(), qPrintable(misaligned(s.panel)));
        QVERIFY2(elidedLabel(s.panel).isEmpty(), qPrintable(elidedLabel(s.panel)));
    }

    void differenceChartWhilePausedKeepsMarkersAndIsScrolledTo()
    {
        // Item 4: adding a Δ chart while paused removed every marker from all charts, and the new
        // chart was appended below the fold.
        Shown s(9.0);
        s.panel.resize(900, 700);  // the default layout no longer fits: the area scrolls
        s.panel.setPaused(true);
        settle(s.panel);
        const int markers = s.panel.charts().front()->markerCount();
        QVERIFY(markers >= 3);
        s.panel.addDifferenceChart("forwardSpeed");
        settle(s.panel);
        for (const TelemetryChart* c : s.panel.charts())
            QVERIFY2(c->markerCount() == markers, qPrintable(c->spec().title));
        const TelemetryChart* added = s.panel.charts().back();
        const QScrollArea* area = s.panel.findChild<QScrollArea*>();
        QVERIFY(area->verticalScrollBar()->maximum() > 0);
        const QRect shown = area->viewport()->rect();
        const QRect chart(added->mapTo(area->viewport(), QPoint(0, 0)), added->size());
        QVERIFY2(shown.contains(chart), qPrintable(QString("chart at y %1..%2, viewport 0..%3")
                                                       .arg(chart.top()).arg(chart.bottom()).arg(shown.height())));
    }

    void pngExportIsReLaidAtItsSizeWithTheLegend()
    {
        // Item 3: the 1920×1080 export was the screen's render stretched unevenly: squashed text,
        // cursors misaligned, no live/reference legend.
        Shown s(9.0);
        s.panel.setReferences({referenceRun(9.0, 0.9, "before", QColor(200, 80, 0))});
        s.panel.setMeasureCursor(false, 4.0);
        settle(s.panel);
        const QImage screen = s.panel.charts().front()->grab().toImage();
        const int screenText = textLines(screen, 150, 1).value(0);
        const int points = s.panel.charts().front()->pointCount();
        const QImage image = s.panel.exportImage(QSize(1920, 1080));
        QCOMPARE(image.size(), QSize(1920, 1080));
        if (qEnvironmentVariableIsSet("JOUNCE_TEST_SAVE"))
            image.save(qEnvironmentVariable("JOUNCE_TEST_SAVE"));
        // The legend on top: the reference's colour in the first rows.
        bool legend = false;
        for (int y = 0; y < 30 && !legend; ++y)
            for (int x = 0; x < 600 && !legend; ++x)
                legend = image.pixelColor(x, y).red() > 150 && image.pixelColor(x, y).blue() < 80 &&
                         std::abs(image.pixelColor(x, y).green() - 80) < 40;
        QVERIFY(legend);
        // Text as tall as on screen: the first chart's title is the line below the legend.
        const int title = textLines(image, 150, 2).value(1);
        QVERIFY2(screenText > 6 && std::abs(title - screenText) <= 1,
                 qPrintable(QString("title %1 px high, %2 on screen").arg(title).arg(screenText)));
        // Cursor A at one x on every chart.
        const std::vector<int> xs = cursorColumns(image);
        QVERIFY(xs.size() > 500);
        QVERIFY2(*std::max_element(xs.begin(), xs.end()) - *std::min_element(xs.begin(), xs.end()) <= 1,
                 qPrintable(QString("cursor A from x %1 to %2").arg(*std::min_element(xs.begin(), xs.end()))
                                .arg(*std::max_element(xs.begin(), xs.end()))));
        // The screen is as it was.
        settle(s.panel);
        QCOMPARE(s.panel.charts().front()->pointCount(), points);
        QVERIFY2(misaligned(s.panel).isEmpty(), qPrintable(misaligned(s.panel)));
    }

    void csvExportCarriesReferencesAndDifferencesAtMillisecondTimes()
    {
        // Item 3: the CSV had the live channels only and times as 8.800000000000017.
        Shown s(9.0);
        s.panel.setReferences({referenceRun(9.0, 0.5, "before, softer", QColor(200, 80, 0))});
        s.panel.showTimeRange(8.0, 9.0);
        const QStringList lines = QString::fromStdString(s.panel.visibleCsv()).split('\n', Qt::SkipEmptyParts);
        const QStringList names = lines[0].split(',');
        QVERIFY2(lines[0].contains("\"forwardSpeed [before, softer]\""), qPrintable(lines[0]));
        QVERIFY2(lines[0].contains("\"Δ forwardSpeed [before, softer]\""), qPrintable(lines[0]));
        // The row at 8.8 s: forwardSpeed 2 t live, t reference, t difference.
        const QStringList row = lines.filter(QRegularExpression("^8\\.800,")).value(0).split(',');
        QVERIFY2(!row.isEmpty() && row.size() > 1, qPrintable(lines.mid(0, 4).join(" | ")));
        int live = -1;
        for (int i = 0; i < names.size(); ++i)
            if (names[i] == "forwardSpeed")
                live = i;
        QVERIFY(live > 0);
        QCOMPARE(row[live].toDouble(), 2.0 * 528 / 60.0);  // frame 527, at 528/60 s
        // time, then the live columns, the reference's and the differences (the quoted names'
        // commas split the header, not the rows).
        const int columns = int(row.size() - 1) / 3;
        QCOMPARE(int(row.size()), 1 + 3 * columns);
        QVERIFY(std::fabs(row[live + columns].toDouble() - 528 / 60.0) < 1e-5);      // reference: half as fast
        QVERIFY(std::fabs(row[live + 2 * columns].toDouble() - 528 / 60.0) < 1e-5);  // live − reference
        for (const QString& line : lines.mid(2))
            QVERIFY2(QRegularExpression("^\\d+\\.\\d{3},").match(line).hasMatch(), qPrintable(line.left(30)));
    }

    void referencesAreBandsUnderTheLiveTraces()
    {
        // Item 7: a reference was a lighter dashed line as thin as the live one, which at 60
        // frames a second in a 10 s window reads as the live line.
        Shown s(5.0);
        s.panel.setReferences({referenceRun(5.0, 0.9, "before", QColor(200, 80, 0))});
        const TelemetryChart* speed = chart(s.panel, "Speed");
        const QList<QAbstractSeries*> series = speed->view()->chart()->series();
        const auto* ref = qobject_cast<QLineSeries*>(series.front());
        QVERIFY(ref && ref->name().endsWith("before"));  // drawn first: under the live trace
        const auto* live = qobject_cast<QLineSeries*>(series[1]);
        QVERIFY(live && !live->name().contains("before"));
        QVERIFY(ref->pen().widthF() >= 2.0 * live->pen().widthF());
        QVERIFY(ref->pen().color().alpha() < 160);
    }

    void referenceGearIsStepped()
    {
        // Item 7: the reference's gear was drawn as a ramp from one gear to the next.
        Shown s(3.0);
        s.panel.setReferences({referenceRun(3.0, 1.0, "before", QColor(200, 80, 0))});
        settle(s.panel);
        const TelemetryChart* gear = chart(s.panel, "Gear");
        QVERIFY(gear && gear->spec().stepped);
        const QList<QPointF> points = gear->referencePoints(0, 0);
        QVERIFY(points.size() >= 6);  // 1, neutral, 2: two risers
        for (qsizetype i = 1; i < points.size(); ++i)
            QVERIFY2(points[i].x() == points[i - 1].x() || points[i].y() == points[i - 1].y(),
                     qPrintable(QString("a ramp from (%1, %2) to (%3, %4)")
                                    .arg(points[i - 1].x()).arg(points[i - 1].y()).arg(points[i].x()).arg(points[i].y())));
    }

    void markerLabelsStayInsideThePlot()
    {
        // Item 7: an edit marker near the right edge had its label cut by the chart's edge.
        Shown s(9.9);
        const QString edit = QString::fromUtf8("wheels[0..1].suspension.springStrength 35000 → 40000");
        s.panel.setMarkers({{9.8, edit, QColor(0, 0, 200)}});
        settle(s.panel);
        const HoverChartView* view = s.panel.charts().front()->view();
        view->viewport()->grab();  // paints: the labels are placed when drawn
        const QRectF plot = view->chart()->mapToScene(view->chart()->plotArea()).boundingRect();
        bool found = false;
        for (const HoverChartView::MarkerLabel& label : view->markerLabels()) {
            QVERIFY2(plot.adjusted(-1, -1, 1, 1).contains(label.rect),
                     qPrintable(QString("%1 at x %2..%3, plot to %4").arg(label.text).arg(label.rect.left())
                                    .arg(label.rect.right()).arg(plot.right())));
            found = found || label.text == edit;
        }
        QVERIFY2(found, "the edit's label is whole");
    }

    void gestureHelpDoesNotCoverTheReadOut()
    {
        // Item 7: the view's tooltip (its gestures) popped up over the live/reference/Δ read-out.
        Shown s(5.0);
        HoverChartView* view = s.panel.charts().front()->view();
        const QPoint at = s.at(0, 3.0);
        send(view->viewport(), QEvent::MouseMove, at, Qt::NoButton, Qt::NoButton);
        QVERIFY(!s.panel.charts().front()->cursorText().isEmpty());
        QHelpEvent over(QEvent::ToolTip, at, view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->viewport(), &over);
        QVERIFY(over.isAccepted());
        QVERIFY(!QToolTip::isVisible());
        QVERIFY(!view->toolTip().isEmpty());  // still there for the axes
    }

    void cursorTableListsReferencesDifferencesAndStatistics()
    {
        // Item 7: the cursor table listed live values only.
        Shown s(10.0);
        s.panel.setReferences({referenceRun(10.0, 0.5, "before", QColor(200, 80, 0))});
        s.panel.setMeasureCursor(false, 3.0);
        s.panel.setMeasureCursor(true, 7.0);
        const QStringList lines = s.panel.cursorTable()->text().split('\n');
        const auto row = [&](const QString& start) {
            const QStringList found = lines.filter(QRegularExpression("^" + QRegularExpression::escape(start) + "\t"));
            return found.isEmpty() ? QStringList{} : found.front().split('\t');
        };
        const QStringList live = row("Speed · forwardSpeed");
        const QStringList ref = row("Speed · forwardSpeed · before");
        const QStringList delta = row("Speed · Δ forwardSpeed − before");
        QVERIFY2(live.size() == 9 && ref.size() == 9 && delta.size() == 9, qPrintable(lines.join(" | ")));
        // forwardSpeed = 2 t m/s live and t on the reference, in km/h; frames at whole 60ths.
        const auto value = [](const QString& cell) { return *parseNumber(cell); };
        QVERIFY(std::fabs(value(live[2]) - 2.0 * 3.0 * 3.6) < 0.05);
        QVERIFY(std::fabs(value(ref[2]) - 3.0 * 3.6) < 0.05);
        QVERIFY(std::fabs(value(delta[3]) - 7.0 * 3.6) < 0.05);
        QVERIFY(std::fabs(value(live[5]) - 2.0 * 3.0 * 3.6) < 0.05);  // min A–B
        QVERIFY(std::fabs(value(live[6]) - 2.0 * 7.0 * 3.6) < 0.05);  // max
        QVERIFY(std::fabs(value(live[7]) - 2.0 * 5.0 * 3.6) < 0.05);  // mean of a ramp: its middle
        QVERIFY(std::fabs(value(ref[7]) - 5.0 * 3.6) < 0.05);
        QVERIFY(std::fabs(value(delta[7]) - 5.0 * 3.6) < 0.05);
        // RMS of the ramp 2 t over the frames from 3 to 7 s (at whole 60ths), in km/h.
        double squares = 0.0;
        for (int k = 180; k <= 420; ++k)
            squares += std::pow(2.0 * k / kRate * 3.6, 2);
        QVERIFY2(std::fabs(value(live[8]) - std::sqrt(squares / 241.0)) < 0.051, qPrintable(live.join(" ")));
        // Copyable as a table with its column titles (#33 item 5).
        QVERIFY(lines[1].startsWith("Trace\tUnit\tA\tB"));
        s.panel.cursorTable()->copy();
        QCOMPARE(QGuiApplication::clipboard()->text(), s.panel.cursorTable()->text());
    }

    void chartsOutOfViewWaitUntilScrolledTo()
    {
        // Item 12: every chart was redrawn at every update, those scrolled out of view too.
        Shown s(5.0);
        s.panel.resize(900, 500);
        settle(s.panel);
        s.append(5.0, 6.0);
        const TelemetryChart* speed = chart(s.panel, "Speed");
        QVERIFY(speed->visibleRegion().isEmpty());
        const int points = speed->pointCount();
        s.append(6.0, 7.0);
        QCOMPARE(speed->pointCount(), points);  // not redrawn out of view
        QVERIFY(s.panel.charts().front()->pointCount() > points);
        QScrollArea* area = s.panel.findChild<QScrollArea*>();
        area->verticalScrollBar()->setValue(area->verticalScrollBar()->maximum());
        QApplication::processEvents();
        QVERIFY(!speed->visibleRegion().isEmpty());
        QCOMPARE(speed->pointCount(), int(std::lround(7.0 * kRate)));  // every frame, drawn on coming into view
    }

    void wheelZoomInTheLiveViewKeepsTheTimeUnderThePointer()
    {
        // Item 8: live, the wheel kept the right edge on the live end and the time under the
        // pointer moved by ~75 px. It now freezes the view around the pointer.
        Shown s(20.0);
        QVERIFY(!s.panel.paused());
        const QPoint at = s.at(1, 12.0);
        wheel(s.view(1)->viewport(), at, 120);  // one notch in
        settle(s.panel);
        QVERIFY(s.panel.paused());
        const auto [start, end] = s.panel.timeRange();
        QVERIFY(std::fabs((end - start) - 8.0) < 1e-9);
        QVERIFY2(std::abs(s.at(1, 12.0).x() - at.x()) <= 1,
                 qPrintable(QString("12 s moved from x %1 to %2").arg(at.x()).arg(s.at(1, 12.0).x())));
        // The keyboard zooms around the middle and a live view stays live.
        s.panel.resetView();
        QTest::keyClick(&s.panel, Qt::Key_Equal);
        QVERIFY(!s.panel.paused());
    }
};

QTEST_MAIN(TestChartDefects)
#include "test_chart_defects.moc"
