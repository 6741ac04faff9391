// Layout defects of issue #31 items 5 and 7, as a tuner saw them on 1366×768 and 1920×1080 screens
// with the default dock layout, offscreen: the friction circles big enough to read with their
// wheel labels beside them, the torque-curve chart given the width of the Curves dock, the
// parameter tree's columns readable, the vehicle's name and description readable in it, the derived
// rows with their units, and pinned references in the X–Y plots.

#include "MainWindow.h"
#include "VehicleDocument.h"
#include "RunLibrary.h"
#include "SimulationController.h"
#include "run/RunLog.h"
#include "widgets/CurveEditor.h"
#include "widgets/DisplayUnits.h"
#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/WheelColors.h"
#include "widgets/XYPlotPair.h"

#include <QChartView>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QTableWidget>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPaintEngine>
#include <QtTest>

#include <climits>
#include <cmath>
#include <functional>

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

/// A paint device that keeps the texts painted on it, where (device coordinates) and as painted
/// (elided or whole): what a view shows, without reading pixels.
class TextRecorder : public QPaintDevice {
public:
    struct Text {
        QPointF at;  ///< the baseline's start
        QString text;
    };
    explicit TextRecorder(QSize size) : size_(size) {}
    ~TextRecorder() override = default;
    QPaintEngine* paintEngine() const override { return &engine_; }
    const std::vector<Text>& texts() const { return engine_.texts; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth: return size_.width();
        case PdmHeight: return size_.height();
        case PdmWidthMM: return size_.width() * 254 / 960;
        case PdmHeightMM: return size_.height() * 254 / 960;
        case PdmDepth: return 32;
        case PdmNumColors: return INT_MAX;
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return static_cast<int>(devicePixelRatioFScale());
        default: return 96;  // the resolutions
        }
    }

private:
    class Engine : public QPaintEngine {
    public:
        Engine() : QPaintEngine(AllFeatures) {}
        bool begin(QPaintDevice*) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState& changed) override
        {
            if (changed.state() & DirtyTransform)
                transform = changed.transform();
        }
        void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
        void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
        void drawPath(const QPainterPath&) override {}
        void drawTextItem(const QPointF& p, const QTextItem& item) override { texts.push_back({transform.map(p), item.text()}); }
        Type type() const override { return User; }
        QTransform transform;
        std::vector<Text> texts;
    };
    mutable Engine engine_;
    QSize size_;
};

/// Every non-empty text a chart view shows: titles, labels, legend.
QStringList visibleTexts(const QChartView* view)
{
    QStringList texts;
    for (QGraphicsItem* item : view->scene()->items()) {
        if (!item->isVisible())
            continue;
        QString text;
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item))
            text = t->toPlainText();
        else if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            text = s->text();
        if (!text.isEmpty())
            texts << text;
    }
    return texts;
}

/// The texts of a chart view that QtCharts shows cut short ("…" or "...").
QStringList elidedTexts(const QChartView* view)
{
    QStringList elided;
    for (const QString& text : visibleTexts(view))
        if (text.contains("...") || text.contains(QChar(0x2026)))
            elided << text;
    return elided;
}

/// A workbench with a preset, shown with the default layout of a screen of `screen` size.
void openAt(gui::MainWindow& w, const QRect& screen, const QString& preset = QStringLiteral("family-hatchback.json"))
{
    QVERIFY(w.openVehicle(kPresets + "/" + preset));
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
        const QStringList elided = elidedTexts(view);
        QVERIFY2(elided.isEmpty(), qPrintable("elided: " + elided.join(", ")));
        QVERIFY(visibleTexts(view).size() >= 4);  // two axis titles and two legend entries at least
    }

    void chartTitlesWholeAt1366x768()
    {
        // At 1366×768 the torque curve's axis titles read "fraction …" and "engine speed /
        // maxO…" beside its table. Every curve's titles, labels and legend whole, for a PhysX and a
        // Magic Formula car; every telemetry chart's title and legend whole in its header.
        for (const char* preset : {"family-hatchback.json", "family-hatchback-mf.json"}) {
            gui::MainWindow w;
            openAt(w, QRect(0, 0, 1366, 768), preset);
            widgets::CurveEditor& editor = w.curves();
            auto* view = editor.findChild<QChartView*>();
            QVERIFY(view);
            QStringList cut;
            for (const QString& id : editor.curveIds()) {
                QVERIFY(editor.showCurve(id));
                QTest::qWait(20);
                for (const QString& text : elidedTexts(view))
                    cut << QString("%1 at %2×%3: %4").arg(id).arg(view->width()).arg(view->height()).arg(text);
            }
            widgets::TelemetryPanel& telemetry = w.telemetry();
            for (const QString& layout : widgets::TelemetryPanel::layoutNames()) {
                telemetry.applyLayout(layout);
                QTest::qWait(300);  // the panel lays its charts out on a later turn
                for (const widgets::TelemetryChart* chart : telemetry.charts()) {
                    for (const QString& text : elidedTexts(chart->view()))
                        cut << layout + ": " + text;
                    const auto* header = chart->findChild<QLabel*>();
                    QVERIFY(header);
                    if (header->sizeHint().width() > header->width())
                        cut << QString("%1: header %2 px in %3: %4").arg(layout).arg(header->sizeHint().width()).arg(header->width()).arg(header->text());
                }
            }
            QVERIFY2(cut.isEmpty(), qPrintable(QString(preset) + ":\n" + cut.join("\n")));
        }
    }

    void parameterColumnsReadableAt1920x1080()
    {
        // The Typical column read "800 … …" (64 px) and long names were cut at 170 px. Now every
        // column is in view at 1920×1080, every typical range and most names are whole, and a
        // name that is not is elided in the middle, its tooltip whole.
        gui::MainWindow w;
        openAt(w, QRect(0, 0, 1920, 1080));
        auto* tree = w.parameters().findChild<QTreeWidget*>();
        QVERIFY(tree);
        const QHeaderView* header = tree->header();
        const int last = tree->columnCount() - 1;
        QVERIFY2(header->sectionViewportPosition(last) + header->sectionSize(last) <= tree->viewport()->width(),
                 qPrintable(QStringLiteral("the File column ends at %1 of %2")
                                .arg(header->sectionViewportPosition(last) + header->sectionSize(last))
                                .arg(tree->viewport()->width())));
        QCOMPARE(tree->textElideMode(), Qt::ElideMiddle);
        int typicalColumn = -1;
        for (int c = 0; c < tree->columnCount(); ++c)
            if (tree->headerItem()->text(c) == "Typical")
                typicalColumn = c;
        QVERIFY(typicalColumn > 0);
        int names = 0, namesWhole = 0, ranges = 0, rangesWhole = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            QTreeWidgetItem* item = *it;
            if (item->isFirstColumnSpanned() || item->text(0).startsWith('='))
                continue;  // sections, derived rows
            const auto fits = [&](int column) {
                // The cell's room: the column, less the indentation of the name column.
                const int room = header->sectionSize(column) - (column == 0 ? 2 * tree->indentation() : 0);
                const bool whole = QFontMetrics(item->font(column)).horizontalAdvance(item->text(column)) + 8 <= room;
                return whole;
            };
            ++names;
            namesWhole += fits(0) ? 1 : 0;
            QVERIFY(item->toolTip(0).contains(item->text(0)));
            if (!item->text(typicalColumn).isEmpty()) {
                ++ranges;
                rangesWhole += fits(typicalColumn) ? 1 : 0;
                QVERIFY(item->toolTip(typicalColumn).contains(tree->headerItem()->text(typicalColumn)));
            }
        }
        QVERIFY(names > 30 && ranges > 20);
        // The longest names ("dampingRateZeroThrottleClutchDisengaged") are elided in the middle.
        QVERIFY2(namesWhole * 4 >= names * 3, qPrintable(QStringLiteral("%1 of %2 names whole").arg(namesWhole).arg(names)));
        QVERIFY2(rangesWhole == ranges, qPrintable(QStringLiteral("%1 of %2 typical ranges whole").arg(rangesWhole).arg(ranges)));
    }

    void vehicleNameAndDescriptionReadAt1920x1080()
    {
        // The vehicle's name and description sat in the first wheel column, elided in the middle
        // ("Fa…es", "Th…t."). A text value runs across its row's empty wheel columns, its start
        // kept; the tooltip and the editor have it whole.
        gui::MainWindow w;
        openAt(w, QRect(0, 0, 1920, 1080), QStringLiteral("family-hatchback-mf.json"));
        auto* tree = w.parameters().findChild<QTreeWidget*>();
        QVERIFY(tree);
        const QHeaderView* header = tree->header();
        const int wheels = static_cast<int>(w.document().config().wheels.size());
        const int spanLeft = header->sectionViewportPosition(1);
        const int spanRight = header->sectionViewportPosition(wheels) + header->sectionSize(wheels);
        for (const auto& [label, whole] : {std::pair{QString("name"), QString::fromStdString(w.document().config().name)},
                                           std::pair{QString("description"), QString::fromStdString(w.document().config().description)}}) {
            const QList<QTreeWidgetItem*> found = tree->findItems(label, Qt::MatchExactly | Qt::MatchRecursive);
            QCOMPARE(found.size(), 1);
            QTreeWidgetItem* item = found.front();
            tree->scrollToItem(item);
            QCoreApplication::processEvents();
            QCOMPARE(item->text(1), whole);
            QVERIFY(item->toolTip(1).contains(whole.toHtmlEscaped()));
            // The longest text painted in the row's value cells.
            TextRecorder recorder(tree->viewport()->size());
            tree->viewport()->render(&recorder);
            const QRect row = tree->visualItemRect(item);
            QString shown;
            for (const TextRecorder::Text& t : recorder.texts())
                if (row.contains(t.at.toPoint()) && t.at.x() >= spanLeft && t.text.size() > shown.size())
                    shown = t.text;
            const QString what = label + " shown as \"" + shown + "\"";
            const QFontMetrics fm(item->font(1));
            if (fm.horizontalAdvance(whole) + 8 <= spanRight - spanLeft) {
                QCOMPARE(shown, whole);  // the name: whole
            } else {
                // The description: as much of its start as the wheel columns hold.
                QVERIFY2(shown.endsWith(QChar(0x2026)) && whole.startsWith(shown.chopped(1)), qPrintable(what));
                QVERIFY2(fm.horizontalAdvance(shown) >= (spanRight - spanLeft) * 3 / 4, qPrintable(what));
            }
            // Typed in an editor as wide as the wheel columns, holding the whole text.
            tree->setCurrentItem(item, 1);
            if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
                QVERIFY(tree->grab().save(QString("%1/parameters-%2.png").arg(QString::fromLocal8Bit(dir), label)));
            tree->editItem(item, 1);
            QCoreApplication::processEvents();
            auto* editor = tree->viewport()->findChild<QLineEdit*>();
            QVERIFY(editor && editor->isVisible());
            QCOMPARE(editor->text(), whole);
            QVERIFY2(editor->width() >= spanRight - spanLeft - 4, qPrintable(QString("editor %1 px").arg(editor->width())));
            if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
                QVERIFY(tree->grab().save(QString("%1/parameters-%2-editing.png").arg(QString::fromLocal8Bit(dir), label)));
            QTest::keyClick(editor, Qt::Key_Escape);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        }
    }

    void derivedRowsHaveTheirUnits()
    {
        // The derived rows had their unit in the name or none ("= natural frequen… 2.013").
        gui::MainWindow w;
        openAt(w, QRect(0, 0, 1920, 1080));
        auto* tree = w.parameters().findChild<QTreeWidget*>();
        QVERIFY(tree);
        int unitColumn = -1;
        for (int c = 0; c < tree->columnCount(); ++c)
            if (tree->headerItem()->text(c) == "Unit")
                unitColumn = c;
        QVERIFY(unitColumn > 0);
        QMap<QString, QString> units;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            QTreeWidgetItem* item = *it;
            if (!item->text(0).startsWith("= "))
                continue;
            units[item->text(0).mid(2)] = item->text(unitColumn);
            // The name whole in its column.
            const int room = tree->header()->sectionSize(0) - 2 * tree->indentation();
            QVERIFY2(QFontMetrics(item->font(0)).horizontalAdvance(item->text(0)) + 8 <= room, qPrintable(item->text(0)));
            QVERIFY(!item->text(1).isEmpty());
        }
        QCOMPARE(units.size(), 4);
        QCOMPARE(units.value("natural frequency"), QString("Hz"));
        QVERIFY(!units.value("damping ratio").isEmpty());  // dimensionless, said so
        QVERIFY(!units.value("alpha").isEmpty());
        QCOMPARE(units.value("static jounce"), widgets::DisplayUnits::current().conversion("m").label);
    }

    void xyReferenceLegendBesideThePanels()
    {
        // With a reference pinned, the X–Y plots' legend sat on the last panel, over the RR friction
        // circle and the g–g diagram's "1 g", and named the reference alone: its line read as the
        // trace's. Now "live" and each reference, each drawn as its trail, outside every panel; the
        // g–g ring labels inside the panel; the y labels clear of the x labels at the corner
        // ("-1.0-1.0"). At the X–Y dock's sizes on 1366×768 and 1920×1080 screens.
        auto run = std::make_shared<sim::RunLog>();
        run->name = "reference";
        for (int i = 0; i <= 300; ++i) {
            telemetry::Frame f;
            f.setWheelCount(4);
            f.time() = i / 60.0;
            run->telemetry.append(f);
        }
        const QColor magenta(255, 0, 255);
        for (const QRect& screen : {QRect(0, 0, 1366, 768), QRect(0, 0, 1920, 1080)}) {
            gui::MainWindow w;
            openAt(w, screen);
            auto* pair = w.findChild<widgets::XYPlotPair*>();
            QVERIFY(pair);
            for (int i = 0; i < 2; ++i) {
                widgets::XYPlot* plot = pair->plot(i);
                plot->setFrozen(true);
                plot->clear();
                plot->setReferences({widgets::ReferenceRun{run, magenta, Qt::DashLine, "reference"}});
                const QImage image = plot->canvas()->grab().toImage();
                const auto& panels = plot->canvas()->panels();
                // Pixels of a hue (however light: the reference's line is translucent) outside every panel.
                const auto outsidePanels = [&](const std::function<bool(const QColor&)>& hue) {
                    int count = 0;
                    for (int y = 0; y < image.height(); ++y)
                        for (int x = 0; x < image.width(); ++x) {
                            bool inPanel = false;
                            for (const widgets::XYPlotCanvas::Panel& p : panels)
                                inPanel = inPanel || p.rect.adjusted(-1, -1, 1, 1).contains(QPointF(x, y));
                            count += !inPanel && hue(image.pixelColor(x, y)) ? 1 : 0;
                        }
                    return count;
                };
                const auto isMagenta = [](const QColor& c) { return c.red() - c.green() > 60 && c.blue() - c.green() > 60; };
                const auto isLiveBlue = [](const QColor& c) {
                    const QColor live = widgets::vehicleColor(0);
                    return std::abs(c.red() - live.red()) + std::abs(c.green() - live.green()) + std::abs(c.blue() - live.blue()) < 60;
                };
                const QString what = QString("%1 at %2×%3").arg(i == 0 ? "g–g" : "friction circles").arg(screen.width()).arg(screen.height());
                QVERIFY2(outsidePanels(isMagenta) > 10, qPrintable(what + ": the reference's legend line on a panel"));
                if (i == 1)
                    continue;
                QVERIFY2(outsidePanels(isLiveBlue) > 10, qPrintable(what + ": no live entry in the legend"));
                const widgets::XYPlotCanvas::Panel& gg = panels.front();
                // Beyond the outer (1 g) ring, in the panel's corners: no ring label.
                const QPointF centre = gg.rect.center();
                const double ring = gg.rect.width() / 2.0;
                int labelPixels = 0;
                for (int y = int(gg.rect.top()) + 3; y < int(gg.rect.bottom()) - 2; ++y)
                    for (int x = int(gg.rect.left()) + 3; x < int(gg.rect.right()) - 2; ++x)
                        if (std::hypot(x - centre.x(), y - centre.y()) > ring + 3.0 &&
                            std::max({image.pixelColor(x, y).red(), image.pixelColor(x, y).green(), image.pixelColor(x, y).blue()}) < 215)
                            ++labelPixels;  // darker than the grid: text
                QVERIFY2(labelPixels == 0, qPrintable(what + ": a ring label beyond the outer ring"));
                // Under the panel, left of the first x label: no y label.
                const QFontMetricsF fm(plot->canvas()->font());
                const double half = fm.horizontalAdvance(QString::number(gg.x.lo, 'f', gg.x.decimals)) / 2.0;
                const QRect corner(QPoint(int(gg.rect.left() - 50.0), int(gg.rect.bottom()) + 2),
                                   QPoint(int(gg.rect.left() - half) - 2, int(gg.rect.bottom()) + 8));
                QVERIFY2(pixelsNear(image, QColor(60, 60, 66), corner).isEmpty(), qPrintable(what + ": the y labels run into the x labels"));
            }
        }
    }

    void pinnedReferencesReachTheXYPlots()
    {
        // The telemetry charts and the vehicle view drew pinned references; the X–Y plots did not.
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/family-hatchback.json"));
        auto run = std::make_shared<sim::RunLog>();
        run->name = "reference";
        for (int i = 0; i <= 300; ++i) {
            telemetry::Frame f;
            f.setWheelCount(4);
            f.time() = i / 60.0;
            f.vehicle(telemetry::VehicleChannel::LatAccel) = 5.0;
            run->telemetry.append(f);
        }
        w.simulation().runs().pin(run);
        auto* pair = w.findChild<widgets::XYPlotPair*>();
        QVERIFY(pair);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(pair->plot(i)->references().size(), std::size_t(1));
            QVERIFY(pair->plot(i)->references().front().run == run);
        }
        // Drawn once the live run covers its times.
        widgets::XYPlot* gg = pair->plot(0);
        gg->setFrozen(false);
        std::vector<telemetry::Frame> live;
        for (int i = 0; i <= 120; ++i) {
            telemetry::Frame f;
            f.setWheelCount(4);
            f.time() = i / 60.0;
            live.push_back(f);
        }
        gg->append(live);
        gg->resize(400, 400);
        gg->canvas()->grab();
        QVERIFY2(gg->canvas()->referencePointsDrawn() >= 100, qPrintable(QString::number(gg->canvas()->referencePointsDrawn())));
        w.simulation().runs().unpinAll();
        QVERIFY(pair->plot(1)->references().empty());
    }
};

QTEST_MAIN(TestLayoutDefects)
#include "test_layout_defects.moc"
