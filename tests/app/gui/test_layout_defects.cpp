// Layout defects of issue #31 items 5 and 7, as a tuner saw them on 1366×768 and 1920×1080 screens
// with the default dock layout, offscreen: the friction circles big enough to read with their
// wheel labels beside them, the torque-curve chart given the width of the Curves dock, the
// parameter tree's columns readable, the derived rows with their units, and pinned references in
// the X–Y plots.

#include "MainWindow.h"
#include "widgets/CurveEditor.h"
#include "widgets/WheelColors.h"
#include "widgets/XYPlotPair.h"

#include <QChartView>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTableWidget>
#include <QImage>
#include <QtTest>

#include <cmath>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// The bounding box of the pixels of `image` within `within` that are near `colour`.
QRect pixelsNear(const QImage& image, const QColor& colour, const QRect& within, int tolerance = 60)
{
    QRect box;
    const QRect r = within.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) + std::abs(c.blue() - colour.blue()) <
                tolerance)
                box = box.united(QRect(x, y, 1, 1));
        }
    return box;
}

/// A workbench with the hatchback, shown with the default layout of a screen of `screen` size.
void openAt(gui::MainWindow& w, const QRect& screen)
{
    QVERIFY(w.openVehicle(kPresets + "/family-hatchback.json"));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.applyDefaultLayout(screen);
    QTest::qWait(200);
}

}  // namespace

class TestLayoutDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QDir::temp().filePath("jounce-test-layout-config").toUtf8());
        QSettings().clear();
    }

    void frictionCirclesReadableAt1366x768()
    {
        // At 1366×768 the four friction circles were about 25 px across in a 2×2 grid, each wheel
        // label printed over its circle.
        gui::MainWindow w;
        openAt(w, QRect(0, 0, 1366, 768));
        auto* pair = w.findChild<widgets::XYPlotPair*>();
        QVERIFY(pair);
        widgets::XYPlot* plot = pair->plot(1);
        QCOMPARE(plot->kind(), widgets::XYKind::FrictionCircles);
        // No trail: the only pixels in a wheel's colour are its label.
        plot->setFrozen(true);
        plot->clear();
        const QImage image = plot->canvas()->grab().toImage();
        const auto& panels = plot->canvas()->panels();
        QCOMPARE(panels.size(), std::size_t(4));
        std::vector<QRect> circles;
        for (const widgets::XYPlotCanvas::Panel& p : panels) {
            // The limit circle is drawn in dark grey inside its panel.
            const QRect circle = pixelsNear(image, QColor(70, 70, 78), p.rect.toAlignedRect(), 40);
            QVERIFY2(circle.width() >= 60 && circle.height() >= 60,
                     qPrintable(QStringLiteral("circle %1×%2 px").arg(circle.width()).arg(circle.height())));
            circles.push_back(circle);
        }
        std::vector<QRect> labels;
        for (int wheel = 0; wheel < 4; ++wheel) {
            const QRect label = pixelsNear(image, widgets::wheelColor(wheel), image.rect());
            QVERIFY2(!label.isEmpty(), qPrintable(QStringLiteral("no label for wheel %1").arg(wheel)));
            for (const QRect& circle : circles)
                QVERIFY2(!label.intersects(circle), qPrintable(QStringLiteral("label of wheel %1 over a circle").arg(wheel)));
            for (const QRect& other : labels)
                QVERIFY(!label.intersects(other));
            labels.push_back(label);
        }
    }

    void torqueCurveChartTakesTheWidthAt1920x1080()
    {
        // The torque-curve chart was about 200 px wide beside a half-empty table, its legend
        // "torque…" and its axis titles "fraction of peakTor…", "engine speed / maxO…".
        gui::MainWindow w;
        openAt(w, QRect(0, 0, 1920, 1080));
        widgets::CurveEditor& editor = w.curves();
        QVERIFY(editor.showCurve("torqueCurve"));
        QTest::qWait(50);
        auto* view = editor.findChild<QChartView*>();
        auto* table = editor.findChild<QTableWidget*>();
        QVERIFY(view && table);
        QVERIFY2(view->width() >= editor.width() * 6 / 10,
                 qPrintable(QStringLiteral("chart %1 px of %2").arg(view->width()).arg(editor.width())));
        if (table->x() > view->x()) {  // beside the chart: no wider than its columns
            int columns = 0;
            for (int c = 0; c < table->columnCount(); ++c)
                columns += table->columnWidth(c);
            QVERIFY2(table->viewport()->width() - columns <= 24,
                     qPrintable(QStringLiteral("table %1 px for %2 px of columns").arg(table->viewport()->width()).arg(columns)));
        }
        // No text of the chart (legend, axis titles, tick labels) cut short.
        int texts = 0;
        for (QGraphicsItem* item : view->scene()->items()) {
            if (!item->isVisible())
                continue;
            QString text;
            if (auto* t = dynamic_cast<QGraphicsTextItem*>(item))
                text = t->toPlainText();
            else if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                text = s->text();
            texts += text.isEmpty() ? 0 : 1;
            QVERIFY2(!text.contains("...") && !text.contains(QChar(0x2026)), qPrintable("elided: " + text));
        }
        QVERIFY(texts >= 4);  // two axis titles and two legend entries at least
    }
};

QTEST_MAIN(TestLayoutDefects)
#include "test_layout_defects.moc"
