// The curve editor as a user drives it with the mouse (offscreen): a vertical drag keeps x exactly
// and lands y under the mouse, the axes hold still during a drag and keep a minimum span, the live
// marker is drawn above the nodes; and the link box ("Left = right") as both editors follow it:
// every mirrored parameter family, by table, by drag and by typing, as one undo step.

#include "MainWindow.h"
#include "config/EditSession.h"
#include "config/ParameterRegistry.h"
#include "config/Units.h"
#include "config/VehicleJson.h"
#include "widgets/CurveEditor.h"
#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryHistory.h"
#include "config/WheelLink.h"
#include "support/IsolatedUserFiles.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QLegendMarker>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include <array>
#include <cmath>
#include <span>

using namespace jounce;
using config::WheelLink;

namespace {

const QString kReferenceCar = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");

VehicleConfig referenceCar()
{
    return config::loadVehicle(kReferenceCar.toStdString()).config;
}

/// The reference car with mirrored compliance graphs on both front wheels.
VehicleConfig carWithFrontCompliance()
{
    VehicleConfig c = referenceCar();
    WheelCompliance left;
    left.wheelToeAngle = {{0.0, -0.002}, {0.5, 0.0}, {1.0, 0.003}};
    left.wheelCamberAngle = {{0.0, 0.01}, {0.987654321, -0.02}};  // x of more digits than the table shows
    left.suspForceAppPoint = {{0.25, {1.5, 1.05, -0.66}}, {0.75, {1.5, 1.04, -0.64}}};
    left.tireForceAppPoint = {{0.5, {1.5, 1.05, -0.65}}};
    WheelCompliance right = left;
    for (GraphPoint& p : right.wheelToeAngle)
        p.y = -p.y;
    for (GraphPoint& p : right.wheelCamberAngle)
        p.y = -p.y;
    for (CompliancePoint& p : right.suspForceAppPoint)
        p.point.y = -p.point.y;
    for (CompliancePoint& p : right.tireForceAppPoint)
        p.point.y = -p.point.y;
    c.wheels[0].compliance = left;
    c.wheels[1].compliance = right;
    return c;
}

double value(const VehicleConfig& c, const std::string& path)
{
    return config::ParameterRegistry::instance().get(c, path)->get<double>();
}

/// A curve editor on its own, its edits applied as the document applies them (one step each).
struct Bench {
    VehicleConfig config;
    widgets::CurveEditor editor;
    int steps = 0;

    explicit Bench(VehicleConfig c) : config(std::move(c))
    {
        editor.setApplyEdits([this](const config::EditList& edits, const QString&) {
            const config::EditResult r = config::applyEdits(config, edits);
            if (!r.ok())
                return QString::fromStdString(r.refusal);
            config = *r.config;
            ++steps;
            editor.setVehicle(config);
            return QString();
        });
        editor.setVehicle(config);
        editor.resize(900, 520);
        editor.show();
    }
    QChartView* view() const { return editor.findChild<QChartView*>(); }
    QValueAxis* axis(Qt::Orientation o) const { return qobject_cast<QValueAxis*>(view()->chart()->axes(o).value(0)); }
    /// Both axis ranges: x min, x max, y min, y max.
    std::array<double, 4> ranges() const
    {
        return {axis(Qt::Horizontal)->min(), axis(Qt::Horizontal)->max(), axis(Qt::Vertical)->min(), axis(Qt::Vertical)->max()};
    }
    /// The viewport pixel of a chart value (display units).
    QPoint pixel(const QPointF& v) const
    {
        QChart* chart = view()->chart();
        return view()->mapFromScene(chart->mapToScene(chart->mapToPosition(v)));
    }
    /// The chart value under a viewport pixel.
    QPointF valueAt(const QPoint& p) const
    {
        QChart* chart = view()->chart();
        return chart->mapToValue(chart->mapFromScene(view()->mapToScene(p)));
    }
};

/// The ticks of a dynamic-tick axis: the multiples of its interval from its minimum to its maximum.
int tickCount(const QValueAxis* axis)
{
    const double step = axis->tickInterval();
    return static_cast<int>(std::floor(axis->max() / step + 1e-9) - std::ceil(axis->min() / step - 1e-9)) + 1;
}

/// The tick labels QtCharts shows (it hides one that would touch its neighbour): the visible
/// numbers left of the plot area (y) or under it (x).
int shownTickLabels(const QChart* chart, Qt::Orientation o)
{
    const QRectF plot = chart->mapRectToScene(chart->plotArea());
    int shown = 0;
    for (const QGraphicsItem* item : chart->scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        bool number = false;
        if (!text || !text->isVisible() || (text->toPlainText().trimmed().toDouble(&number), !number))
            continue;
        const QPointF c = text->sceneBoundingRect().center();
        const bool left = c.x() < plot.left() && c.y() >= plot.top() - 12 && c.y() <= plot.bottom() + 12;
        const bool under = c.y() > plot.bottom() && c.x() >= plot.left() - 30 && c.x() <= plot.right() + 30;
        shown += (o == Qt::Vertical ? left : under) ? 1 : 0;
    }
    return shown;
}

/// Presses at `from`, moves to `to` in `steps` (checking the axis ranges at every step) and
/// releases there; returns whether the ranges held still throughout.
bool dragWithMouse(Bench& b, QPoint from, QPoint to, int steps = 6)
{
    QWidget* viewport = b.view()->viewport();
    const auto before = b.ranges();
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    bool still = true;
    for (int i = 1; i <= steps; ++i) {
        const QPoint p = from + (to - from) * i / steps;
        QTest::mouseMove(viewport, p);
        still = still && b.ranges() == before;
    }
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    return still;
}

}  // namespace

class TestCurveEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("curve-editor");
    }

    // ---- dragging --------------------------------------------------------------------------------

    void verticalDragOnTheFlatFrictionCurveKeepsXAndTheAxes()
    {
        Bench b(referenceCar());
        QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
        QVERIFY(b.editor.showCurve("frictionVsSlip", 0));
        // The flat curve at 1.0 gets a readable span (not 0.99985 to 1.00015).
        const auto before = b.ranges();
        QVERIFY2(before[3] - before[2] >= 0.5, qPrintable(QString("y %1 to %2").arg(before[2]).arg(before[3])));
        QVERIFY(before[2] <= 1.0 - 0.2 && before[3] >= 1.0 + 0.2);
        // Drag the knee (0.1, 1.0) up to 1.2, with a 3-pixel sideways wobble on the way.
        const QPoint from = b.pixel({0.1, 1.0});
        const QPoint to = b.pixel({0.1, 1.2}) + QPoint(3, 0);
        const double underMouse = b.valueAt(to).y();
        QVERIFY(dragWithMouse(b, from, to));
        QCOMPARE(b.steps, 1);  // one undoable edit, on release
        QCOMPARE(b.config.wheels[0].tire.physx()->frictionVsSlipGraph[1].x, 0.1);  // exactly
        QVERIFY2(std::fabs(b.config.wheels[0].tire.physx()->frictionVsSlipGraph[1].y - underMouse) < 1e-3,
                 qPrintable(QString::number(b.config.wheels[0].tire.physx()->frictionVsSlipGraph[1].y)));
        QVERIFY(std::fabs(underMouse - 1.2) < 0.02);
        QCOMPARE(b.ranges(), before);  // still, after the edit came back
        // The other points did not move.
        QCOMPARE(b.config.wheels[0].tire.physx()->frictionVsSlipGraph[2].x, 1.0);
        QCOMPARE(b.config.wheels[0].tire.physx()->frictionVsSlipGraph[2].y, 1.0);
    }

    void verticalDragOnTheLateralStiffnessKneeKeepsX()
    {
        Bench b(referenceCar());
        QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
        QVERIFY(b.editor.showCurve("lateralStiffness", 0));
        const auto before = b.ranges();
        const double y0 = b.config.wheels[0].tire.physx()->latStiffY;
        const QPoint from = b.pixel({2.0, y0});
        const QPoint to = b.pixel({2.0, 15.0}) - QPoint(4, 0);
        const double underMouse = b.valueAt(to).y();
        QVERIFY(dragWithMouse(b, from, to, 10));
        QCOMPARE(b.config.wheels[0].tire.physx()->latStiffX, 2.0);  // exactly
        QVERIFY2(std::fabs(b.config.wheels[0].tire.physx()->latStiffY - underMouse) < 1e-3 * underMouse,
                 qPrintable(QString("%1 vs %2").arg(b.config.wheels[0].tire.physx()->latStiffY).arg(underMouse)));
        QVERIFY(std::fabs(underMouse - 15.0) < 0.3);
        QCOMPARE(b.ranges(), before);
        QCOMPARE(b.steps, 1);
    }

    void horizontalDragBeyondTheThresholdMovesX()
    {
        Bench b(referenceCar());
        QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
        QVERIFY(b.editor.showCurve("lateralStiffness", 0));
        const double y0 = b.config.wheels[0].tire.physx()->latStiffY;
        const QPoint from = b.pixel({2.0, y0});
        const QPoint to = b.pixel({2.5, y0}) + QPoint(0, 2);
        const double underMouse = b.valueAt(to).x();
        QVERIFY(dragWithMouse(b, from, to));
        QVERIFY(std::fabs(b.config.wheels[0].tire.physx()->latStiffX - underMouse) < 1e-3 * underMouse);
        QCOMPARE(b.config.wheels[0].tire.physx()->latStiffY, y0);  // y held: moved 2 pixels only
    }

    void axesHaveAMinimumSpanAndRoundTicks()
    {
        for (auto [lo, hi] : {std::pair{1.0, 1.0}, {0.0, 0.0}, {-0.01, -0.01}, {0.99985, 1.00015}, {2.0, 17.9}, {-5.0, 4.0}}) {
            const widgets::AxisRange r = widgets::niceAxisRange(lo, hi);
            const QByteArray what = QByteArray::number(lo) + ".." + QByteArray::number(hi);
            QVERIFY2(r.min < lo && r.max > hi, what);
            const double magnitude = std::max(std::fabs(lo), std::fabs(hi));
            QVERIFY2(r.max - r.min >= (magnitude > 0 ? 0.5 * magnitude : 1.0), what);
            // Ticks at round values: 1, 2, 2.5 or 5 times a power of ten.
            const double mantissa = r.tickInterval / std::pow(10.0, std::floor(std::log10(r.tickInterval)));
            QVERIFY2(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 2.5) < 1e-9 ||
                         std::fabs(mantissa - 5) < 1e-9, what + ": " + QByteArray::number(r.tickInterval));
            QVERIFY2((r.max - r.min) / r.tickInterval >= 3 && (r.max - r.min) / r.tickInterval <= 12, what);
        }
        // A range is kept while what is drawn fits it and fills at least half of it.
        const widgets::AxisRange flat = widgets::niceAxisRange(1.0, 1.0);
        QCOMPARE(widgets::settleAxisRange(flat, 1.0, 1.2), flat);
        QVERIFY(widgets::settleAxisRange(flat, 1.0, 30.0).max >= 30.0);
        QVERIFY(widgets::settleAxisRange(widgets::niceAxisRange(0, 100), 1.0, 1.2).max < 10.0);
    }

    void liveMarkerIsDrawnAboveTheNodes()
    {
        Bench b(referenceCar());
        QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
        QVERIFY(b.editor.showCurve("frictionVsSlip", 0));
        widgets::TelemetryHistory history;
        telemetry::Frame f;
        f.setWheelCount(4);
        f.wheel(telemetry::WheelChannel::LongSlip, 0) = 0.1;  // on the knee node (0.1, 1.0)
        history.append(std::span(&f, 1));
        b.editor.setHistory(&history);
        b.editor.updateOperatingPoint();
        // Qt Charts draws series in the order they were added: the live one must come last.
        const QList<QAbstractSeries*> series = b.view()->chart()->series();
        QVERIFY(!series.isEmpty());
        QCOMPARE(series.last()->name(), QString("live"));
        QCoreApplication::processEvents();
        const QImage image = b.view()->viewport()->grab().toImage();
        const QPoint p = b.pixel({0.1, 1.0});
        QCOMPARE(image.pixelColor(p.x(), p.y()).name(), QColor(220, 30, 30).name());
    }

    void magicFormulaCurvesReadAtTheDocksSizes()
    {
        // The Magic Formula tire's curves (docs/tires.md): a family of lines per load, each named
        // in the legend with its load, every axis title whole, at the sizes the Curves dock gets at
        // 1366x768 and 1920x1080.
        const VehicleConfig mf =
            config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/family-hatchback-mf.json").config;
        Bench b(mf);
        QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
        int families = 0;
        for (const QSize size : {QSize(540, 280), QSize(560, 290), QSize(900, 520)}) {
            b.editor.resize(size);
            for (const QString& id : b.editor.curveIds()) {
                // Found here: the load curve after the lateral one took 75 s (setAxisTicks).
                QElapsedTimer clock;
                clock.start();
                QVERIFY(b.editor.showCurve(id, 0));
                QCoreApplication::processEvents();
                QVERIFY2(clock.elapsed() < 2000, qPrintable(QString("%1 took %2 ms").arg(id).arg(clock.elapsed())));
                // A curve drawn from coefficients has no points to edit, and so no (empty) table.
                auto* table = b.editor.findChild<QTableWidget*>();
                QCOMPARE(table->isVisible(), table->rowCount() > 0);
                if (id.startsWith("mf"))
                    QVERIFY2(b.view()->width() > size.width() * 9 / 10, qPrintable(id));
                QStringList names;
                for (QLegendMarker* m : b.view()->chart()->legend()->markers())
                    if (m->isVisible())
                        names << m->label();
                if (names.filter(QRegularExpression("^\\d+ N$")).size() >= 2)
                    ++families;
                for (const Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
                    const QString title = b.axis(o)->titleText();
                    QVERIFY2(!title.isEmpty() && !title.contains(QChar(0x2026)), qPrintable(id + ": " + title));
                }
                if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
                    b.editor.grab().save(QString("%1/mf-%2-%3x%4.png").arg(QString::fromLocal8Bit(dir), id).arg(size.width()).arg(size.height()));
            }
        }
        QVERIFY2(families >= 3 * 2, "force vs slip, longitudinal and lateral, at three loads, at every size");
    }

    void everyTickHasItsLabelAtTheDocksSizes()
    {
        // At the Curves dock's 540x280 a y axis from -1.5 to 1.5 read "1, 0.5, -0.5, -1.5":
        // QtCharts hides a label that would touch its neighbour, so ticks looked skipped. Each axis
        // now has as many ticks as its length gives their labels room for.
        for (const char* preset : {"physx-snippet-4w.json", "family-hatchback-mf.json"}) {
            Bench b(config::loadVehicle(std::string(JOUNCE_SOURCE_DIR "/presets/") + preset).config);
            QVERIFY(QTest::qWaitForWindowExposed(&b.editor));
            for (const QSize size : {QSize(540, 280), QSize(900, 520)}) {
                b.editor.resize(size);
                for (const QString& id : b.editor.curveIds()) {
                    QVERIFY(b.editor.showCurve(id, 0));
                    QTest::qWait(20);
                    for (const Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
                        const QValueAxis* axis = b.axis(o);
                        const int ticks = tickCount(axis), labels = shownTickLabels(b.view()->chart(), o);
                        QVERIFY2(labels == ticks && ticks >= 2,
                                 qPrintable(QString("%1 at %2x%3, %4 axis %5..%6 every %7: %8 labels for %9 ticks")
                                                .arg(id)
                                                .arg(size.width())
                                                .arg(size.height())
                                                .arg(o == Qt::Vertical ? "y" : "x")
                                                .arg(axis->min())
                                                .arg(axis->max())
                                                .arg(axis->tickInterval())
                                                .arg(labels)
                                                .arg(ticks)));
                    }
                }
            }
        }
    }

    // ---- the link box ------------------------------------------------------------------------------

    void mirrorRuleOfEachFamily()
    {
        // Lateral coordinates, toe and camber change sign between a left and a right wheel (the
        // model mirrors none of them, docs/vehicle-model.md §0.3); everything else is copied.
        const std::pair<const char*, bool> cases[] = {
            {"wheels[0].wheel.mass", false},
            {"wheels[0].wheel.maxSteer", false},
            {"wheels[0].wheel.toeAngle", true},
            {"wheels[0].suspension.springStrength", false},
            {"wheels[0].suspension.camberAtRest", true},
            {"wheels[0].suspension.camberAtMaxCompression", true},
            {"wheels[0].suspension.camberAtMaxDroop", true},
            {"wheels[0].tire.latStiffX", false},
            {"wheels[0].tire.latStiffY", false},
            {"wheels[0].tire.camberStiffnessPerUnitGravity", false},
            {"wheels[0].tire.frictionVsSlipGraph[1][0]", false},
            {"wheels[0].tire.frictionVsSlipGraph[2][1]", false},
            {"wheels[0].compliance.wheelCamberAngle[1][0]", false},
            {"wheels[0].compliance.wheelCamberAngle[1][1]", true},
            {"wheels[0].compliance.wheelToeAngle[2][0]", false},
            {"wheels[0].compliance.wheelToeAngle[2][1]", true},
            {"wheels[0].compliance.suspForceAppPoint[0][0]", false},
            {"wheels[0].compliance.suspForceAppPoint[0][1]", false},
            {"wheels[0].compliance.suspForceAppPoint[0][2]", true},
            {"wheels[0].compliance.suspForceAppPoint[0][3]", false},
            {"wheels[0].compliance.tireForceAppPoint[0][2]", true},
            {"wheels[0].compliance.tireForceAppPoint[0][3]", false},
            {"wheels[0].geometry.wheelCentreOffset[0]", false},
            {"wheels[0].geometry.wheelCentreOffset[1]", true},
            {"wheels[0].geometry.suspForceAppPointOffset[1]", true},
            {"wheels[0].geometry.tireForceAppPointOffset[1]", true},
            {"wheels[0].geometry.tireForceAppPointOffset[2]", false},
            {"wheels[0].geometry.suspTravelDirection[1]", true},
            {"wheels[0].geometry.suspTravelDirection[2]", false},
        };
        for (auto [path, negated] : cases) {
            const config::MirroredPath m = config::mirrorPath(path, 1);
            QString expected = QString(path).replace("wheels[0]", "wheels[1]");
            QCOMPARE(QString::fromStdString(m.path), expected);
            QVERIFY2(m.negated == negated, path);
        }
        // Every leaf the registry marks as side-dependent is negated.
        for (const config::LeafRef& leaf : config::ParameterRegistry::instance().leaves(carWithFrontCompliance()))
            if (leaf.node->mirrorsLeftRight)
                QVERIFY2(config::mirrorPath(leaf.path, 1).negated, leaf.path.c_str());
        QCOMPARE(config::mirrorPath("wheels[12].tire.latStiffY", 13).path, std::string("wheels[13].tire.latStiffY"));
    }

    void parameterEditorMirrorsEveryFamily()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("compliance.json");
        QCOMPARE(config::saveVehicle(file.toStdString(), carWithFrontCompliance()), std::string());
        // path, text typed into the front-left cell, the front-left value it stands for, negated
        struct Case {
            const char* path;
            const char* text;
            double value;
            bool negated;
        };
        const double deg = kPi / 180;
        const Case cases[] = {
            {"wheels[0].wheel.mass", "23", 23, false},
            {"wheels[0].wheel.toeAngle", "0.5", 0.5 * deg, true},
            {"wheels[0].suspension.springDamperRate", "4700", 4700, false},
            {"wheels[0].suspension.camberAtMaxDroop", "-1.5", -1.5 * deg, true},
            {"wheels[0].tire.latStiffY", "16", 16, false},
            {"wheels[0].tire.camberStiffnessPerUnitGravity", "7", 7, false},
            {"wheels[0].tire.frictionVsSlipGraph[1][1]", "1.2", 1.2, false},
            {"wheels[0].compliance.wheelCamberAngle[1][1]", "-0.8", -0.8 * deg, true},
            {"wheels[0].compliance.wheelToeAngle[2][1]", "0.3", 0.3 * deg, true},
            {"wheels[0].compliance.suspForceAppPoint[1][2]", "1.02", 1.02, true},
            {"wheels[0].compliance.suspForceAppPoint[1][3]", "-0.6", -0.6, false},
            {"wheels[0].compliance.tireForceAppPoint[0][2]", "1.03", 1.03, true},
            {"wheels[0].geometry.wheelCentreOffset[1]", "1.1", 1.1, true},
            {"wheels[0].geometry.suspForceAppPointOffset[1]", "1.0", 1.0, true},
            {"wheels[0].geometry.tireForceAppPointOffset[1]", "0.95", 0.95, true},
            {"wheels[0].geometry.suspTravelDirection[1]", "0.02", 0.02, true},
            {"wheels[0].geometry.tireForceAppPointOffset[2]", "-0.6", -0.6, false},
        };
        for (const WheelLink link : {WheelLink::LeftRight, WheelLink::None}) {
            gui::MainWindow w;
            QVERIFY(w.openVehicle(file));
            w.parameters().setLink(link);
            int steps = 0;
            for (const Case& c : cases) {
                const std::string right = QString(c.path).replace("wheels[0]", "wheels[1]").toStdString();
                const double rightBefore = value(w.document().config(), right);
                QCOMPARE(w.parameters().editCell(c.path, c.text), QString());
                QCOMPARE(w.document().undoStack()->count(), ++steps);  // the pair is one step
                const double left = value(w.document().config(), c.path);
                QVERIFY2(std::fabs(left - c.value) < 1e-12, c.path);
                const double expected = link == WheelLink::None ? rightBefore : c.negated ? -left : left;
                QVERIFY2(value(w.document().config(), right) == expected,
                         qPrintable(QString("%1: FR %2, expected %3").arg(c.path).arg(value(w.document().config(), right)).arg(expected)));
            }
        }
    }

    void curveDragsAndTableEditsFollowTheLink()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("compliance.json");
        QCOMPARE(config::saveVehicle(file.toStdString(), carWithFrontCompliance()), std::string());
        for (const WheelLink link : {WheelLink::LeftRight, WheelLink::None}) {
            const bool on = link == WheelLink::LeftRight;
            gui::MainWindow w;
            QVERIFY(w.openVehicle(file));
            w.parameters().setLink(link);
            const VehicleConfig before = w.document().config();
            auto fr = [&] { return w.document().config().wheels[1]; };
            // The front-left lateral stiffness knee, dragged: FR follows as-is.
            QVERIFY(w.curves().showCurve("lateralStiffness", 0));
            QCOMPARE(w.curves().dragPoint(0, 0, 2.0, 9.0), QString());
            QCOMPARE(w.document().undoStack()->count(), 1);
            QCOMPARE(fr().tire.physx()->latStiffY, on ? 9.0 : before.wheels[1].tire.physx()->latStiffY);
            // Friction vs slip, dragged.
            QVERIFY(w.curves().showCurve("frictionVsSlip", 0));
            QCOMPARE(w.curves().dragPoint(0, 2, 1.0, 0.8), QString());
            QCOMPARE(fr().tire.physx()->frictionVsSlipGraph[2].y, on ? 0.8 : 1.0);
            // Camber vs jounce: the curve shows absolute camber; FR gets the mirrored offset.
            QVERIFY(w.curves().showCurve("camber", 0));
            QCOMPARE(w.curves().dragPoint(0, 2, 0.3, 0.02), QString());
            QCOMPARE(fr().suspension.camberAtMaxCompression, on ? -0.02 : before.wheels[1].suspension.camberAtMaxCompression);
            // Compliance toe, dragged: negated on FR.
            QVERIFY(w.curves().showCurve("wheelToeAngle", 0));
            QCOMPARE(w.curves().dragPoint(0, 2, 1.0, 0.004), QString());
            QCOMPARE(fr().compliance->wheelToeAngle[2].y, on ? -0.004 : before.wheels[1].compliance->wheelToeAngle[2].y);
            QCOMPARE(w.document().undoStack()->count(), 4);

            // A table edit of the compliance camber graph (shown in degrees): negated on FR.
            QVERIFY(w.curves().showCurve("wheelCamberAngle", 0));
            auto* table = w.curves().findChild<QTableWidget*>();
            QVERIFY(table);
            table->item(1, 1)->setText("-1.5");
            QCOMPARE(w.document().undoStack()->count(), 5);
            const double left = w.document().config().wheels[0].compliance->wheelCamberAngle[1].y;
            QVERIFY(std::fabs(left + 1.5 * kPi / 180) < 1e-12);
            QCOMPARE(fr().compliance->wheelCamberAngle[1].y, on ? -left : before.wheels[1].compliance->wheelCamberAngle[1].y);
            QCOMPARE(w.document().config().wheels[0].compliance->wheelCamberAngle[1].x, 0.987654321);  // y edit: x kept
            // One undo takes back the linked pair.
            w.document().undoStack()->undo();
            QCOMPARE(fr().compliance->wheelCamberAngle[1].y, before.wheels[1].compliance->wheelCamberAngle[1].y);
            QCOMPARE(w.document().config().wheels[0].compliance->wheelCamberAngle[1].y,
                     before.wheels[0].compliance->wheelCamberAngle[1].y);
        }
    }
};

QTEST_MAIN(TestCurveEditor)
#include "test_curve_editor.moc"
