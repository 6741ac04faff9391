// X–Y plots with a trailing window (widgets/XYPlot*, issue #14 item 6): where a frame lands, the
// fading and the window, the friction limits, the gear lines from the vehicle's ratios, any two
// channels, bounded memory on long and fast runs, and the painting time.
//
// The live-update benchmark beside the telemetry charts and the screenshots of every kind are
// programs in tests/bench (bench_xy_plots, screenshots_xy_sweep), not tests.

#include "run/RunLog.h"
#include "support/XYDrive.h"
#include "vehicle/Gearbox.h"
#include "vehicle/tire/UnityTire.h"
#include "widgets/TelemetryHistory.h"
#include "widgets/WheelColors.h"
#include "widgets/XYPlot.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLayout>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace jounce;
using namespace jounce::widgets;
using telemetry::Column;
using telemetry::Frame;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;
using testing::drive;
using testing::referencePreset;

namespace {

Frame frameAt(double t, int wheels = 4)
{
    Frame f;
    f.time() = t;
    f.setWheelCount(wheels);
    return f;
}

/// A g–g frame: accelerations given in g.
Frame ggFrame(double t, double latG, double longG)
{
    Frame f = frameAt(t);
    f.vehicle(VehicleChannel::LatAccel) = latG * kGravity;
    f.vehicle(VehicleChannel::LongAccel) = longG * kGravity;
    return f;
}

QImage render(XYPlot& plot)
{
    plot.layout()->activate();  // the canvas gets its size without showing the plot
    QImage image(plot.canvas()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    plot.canvas()->render(&image);
    return image;
}

/// How dark the darkest pixel is within ±3 px of a point (0 white .. 255 black).
int darkness(const QImage& image, QPointF at)
{
    int darkest = 255;
    for (int dy = -3; dy <= 3; ++dy) {
        const QPoint p(qRound(at.x()), qRound(at.y()) + dy);
        if (image.rect().contains(p))
            darkest = std::min(darkest, qGray(image.pixel(p)));
    }
    return 255 - darkest;
}

}  // namespace

class TestXYPlots : public QObject {
    Q_OBJECT
private slots:
    void ggFrameLandsAtItsPixel()
    {
        XYPlot plot(XYKind::GG);
        plot.resize(420, 440);
        plot.append(ggFrame(1.0, -1.0, 0.5));  // 1 g to the right, 0.5 g forward
        const QImage image = render(plot);
        const XYPlotCanvas& c = *plot.canvas();
        QCOMPARE(c.panels().size(), std::size_t(1));
        const XYPlotCanvas::Panel& p = c.panels().front();
        // ±1 g, grown in half-g steps past 1.05 × the largest value: ±1.5 g, ticks every 0.5 g.
        QCOMPARE(p.x.lo, -1.5);
        QCOMPARE(p.x.hi, 1.5);
        QCOMPARE(p.y.lo, -1.5);
        QCOMPARE(p.x.step, 0.5);
        QCOMPARE(p.rect.width(), p.rect.height());  // equal aspect
        QCOMPARE(c.xUnit().label, QString("g"));
        const QPointF expected(p.rect.left() + (-1.0 + 1.5) / 3.0 * p.rect.width(),
                               p.rect.bottom() - (0.5 + 1.5) / 3.0 * p.rect.height());
        const QPointF at = c.toPixel(0, {-kGravity, 0.5 * kGravity});
        QVERIFY(std::fabs(at.x() - expected.x()) < 1e-9 && std::fabs(at.y() - expected.y()) < 1e-9);
        // The newest point is marked there in the trace colour, and not at the mirrored place.
        const QColor marker = image.pixelColor(expected.toPoint());
        QCOMPARE(marker.rgb(), vehicleColor(0).rgb());
        QVERIFY(image.pixelColor(c.toPixel(0, {kGravity, 0.5 * kGravity}).toPoint()).rgb() != vehicleColor(0).rgb());
        QCOMPARE(XYPlotCanvas::axisTitle(xyKindDef({}, 4).x, c.xUnit()), QString("Lateral acceleration (g), + left"));
        QVERIFY(c.toolTipAt(expected).contains("-1.00 g"));
        QVERIFY(c.toolTipAt(expected).contains("0.50 g"));
    }

    void olderPointsFadeAndLeaveTheWindow()
    {
        QCOMPARE(trailAlpha(0.0, 5.0), 1.0);
        QVERIFY(trailAlpha(1.0, 5.0) > trailAlpha(2.5, 5.0));
        QVERIFY(trailAlpha(2.5, 5.0) > trailAlpha(4.9, 5.0));
        QVERIFY(trailAlpha(5.0, 5.0) > 0.0);
        QCOMPARE(trailAlpha(5.01, 5.0), 0.0);

        XYPlot plot(XYKind::GG);
        plot.resize(420, 440);
        QCOMPARE(plot.windowSeconds(), 5.0);
        // 6 s at 60 Hz sweeping from -1.4 g to +1.4 g lateral at 0.3 g forward.
        const auto latAt = [](double t) { return -1.4 + 2.8 * t / 6.0; };
        for (int i = 0; i <= 360; ++i)
            plot.append(ggFrame(i / 60.0, latAt(i / 60.0), 0.3));
        const XYPlotTrail& trail = plot.trail(0);
        QCOMPARE(trail.newest().t, 6.0);
        QVERIFY(trail.at(0).t >= 1.0 - 1e-12);  // nothing older than the window
        QCOMPARE(trail.size(), std::size_t(301));
        const QImage image = render(plot);
        const XYPlotCanvas& c = *plot.canvas();
        const auto pixelAtAge = [&](double age) { return c.toPixel(0, {latAt(6.0 - age) * kGravity, 0.3 * kGravity}); };
        const int young = darkness(image, pixelAtAge(0.5));
        const int old = darkness(image, pixelAtAge(4.5));
        const int gone = darkness(image, pixelAtAge(5.5));
        QVERIFY2(young > old + 40, qPrintable(QString("young %1, old %2").arg(young).arg(old)));
        QVERIFY2(old > gone + 10, qPrintable(QString("old %1, gone %2").arg(old).arg(gone)));
        QVERIFY(gone < 20);  // only the white plot area (and no grid line) there

        plot.setWindowSeconds(2.0);
        QVERIFY(plot.trail(0).at(0).t >= 4.0 - 1e-12);
    }

    void frictionCirclesAreNormalised()
    {
        // PhysX tire: √(F_L² + F_T²) ≤ μ·F_z (vehicle-model §2.10), the normalised limit is the unit circle.
        for (const QPointF& q : frictionLimit(TireData{}))
            QVERIFY(std::fabs(std::hypot(q.x(), q.y()) - 1.0) < 1e-12);
        // Unity tire: pure slips reach each curve's peak × stiffness (docs/unity.md "Combined slip").
        TireData unity;
        unity.params = UnityTireParams{{0.4, 1.2, 0.8, 0.6, 1.5}, {0.2, 0.8, 0.5, 1.0, 0.9}};
        double maxLat = 0.0, maxLong = 0.0;
        for (const QPointF& q : frictionLimit(unity)) {
            maxLat = std::max(maxLat, std::fabs(q.x()));
            maxLong = std::max(maxLong, std::fabs(q.y()));
        }
        QVERIFY(std::fabs(maxLong - 1.2 * 1.5) < 1e-9);  // the forward extremum value
        QVERIFY(std::fabs(maxLat - 1.0 * 0.9) < 1e-9);   // the sideways asymptote value

        // One circle per wheel, each wheel's normLatForce (x) and normLongForce (y).
        XYPlot plot(XYKind::FrictionCircles);
        plot.setVehicle(referencePreset());
        plot.resize(520, 560);
        QCOMPARE(plot.seriesCount(), 4);
        Frame f = frameAt(2.0);
        for (int w = 0; w < 4; ++w) {
            f.wheel(WheelChannel::NormLatForce, w) = 0.8 - 0.1 * w;
            f.wheel(WheelChannel::NormLongForce, w) = 0.6 - 0.3 * w;
        }
        plot.append(f);
        render(plot);
        const XYPlotCanvas& c = *plot.canvas();
        QCOMPARE(c.panels().size(), std::size_t(4));
        for (int w = 0; w < 4; ++w) {
            QCOMPARE(plot.trail(w).newest().x, 0.8 - 0.1 * w);
            QCOMPARE(plot.trail(w).newest().y, 0.6 - 0.3 * w);
        }
        // FL's (0.8, 0.6) is on its limit circle: one unit from the centre of its panel.
        const XYPlotCanvas::Panel& fl = c.panels()[0];
        const QPointF centre = c.toPixel(0, {0.0, 0.0});
        const double unit = fl.rect.width() / (fl.x.hi - fl.x.lo);
        QVERIFY(std::fabs(QLineF(centre, c.toPixel(0, {0.8, 0.6})).length() - unit) < 1e-9);
        // Left wheels on the left, front on top, as seen from above.
        QVERIFY(c.panels()[0].rect.left() < c.panels()[1].rect.left());
        QVERIFY(c.panels()[0].rect.top() < c.panels()[2].rect.top());

        // The model keeps every wheel inside its limit on a real drive, and gets near it.
        double largest = 0.0;
        for (const Frame& d : drive(referencePreset(), 8.0))
            for (int w = 0; w < 4; ++w) {
                const double n = std::hypot(d.wheel(WheelChannel::NormLatForce, w), d.wheel(WheelChannel::NormLongForce, w));
                QVERIFY(n <= 1.0 + 1e-9);
                largest = std::max(largest, n);
            }
        QVERIFY(largest > 0.5);

        // Without a vehicle, the frames' wheel count decides: a six-wheeler gets six circles.
        XYPlot six(XYKind::FrictionCircles);
        Frame f6 = frameAt(1.0, 6);
        f6.wheel(WheelChannel::NormLatForce, 5) = -0.25;
        six.append(f6);
        QCOMPARE(six.seriesCount(), 6);
        QCOMPARE(six.trail(5).size(), std::size_t(1));
        QCOMPARE(six.trail(5).newest().x, -0.25);
    }

    void gearLinesFollowTheRatios()
    {
        // Engine speed = v · ratio · final / r with the clutch locked and the wheels rolling.
        const VehicleConfig car = referencePreset();
        const std::vector<double>& ratios = car.drive.gears.ratios;
        const double final = car.drive.gears.finalRatio;
        const double r = car.wheels[0].wheel.radius;
        QCOMPARE(revsPerSpeed(car, kFirstGearIndex), 4.0 * 4.0 / 0.5);
        QCOMPARE(revsPerSpeed(car, kNeutralGearIndex), 0.0);
        const XYVehicleInfo info = xyVehicleInfo(car);
        QCOMPARE(info.gears.size(), ratios.size() - 1);
        QCOMPARE(info.gears[0].label, QString("R"));
        QCOMPARE(info.gears[1].label, QString("1"));
        for (std::size_t g = 0; g < info.gears.size(); ++g) {
            const std::size_t index = g == 0 ? 0 : g + 1;
            QVERIFY(std::fabs(info.gears[g].slope - ratios[index] * final / r) < 1e-12);
        }
        // The averaging weights pick the driven wheels' radii: front drive on 0.4 m front wheels.
        VehicleConfig front = car;
        front.drive.differential4W.type = DifferentialType::OPEN_FRONTWD;
        front.wheels[0].wheel.radius = front.wheels[1].wheel.radius = 0.4;
        QVERIFY(std::fabs(revsPerSpeed(front, kFirstGearIndex) - 16.0 / 0.4) < 1e-12);
        VehicleConfig none = car;
        none.drive.type = DriveType::None;
        QVERIFY(!xyVehicleInfo(none).hasEngine);
        QVERIFY(xyVehicleInfo(none).gears.empty());

        // A cruise in second gear: once the clutch and the tires carry little torque (about 1 s
        // after the throttle is eased), the revs sit on second gear's line within 1 %.
        const auto cruise = [held = false](double t, sim::ManualInput& in) mutable {
            in.pad.accel = t < 3.5 ? 1.0 : 0.5;  // full throttle shifts to second at about 2.5 s
            in.autoBox.reset();
            if (t >= 3.5 && !held)
                in.autoBox = held = false;  // hold the gear from here
            held = held || t >= 3.5;
        };
        int checked = 0;
        for (const Frame& f : drive(car, 8.0, cruise)) {
            if (f.time() < 5.0)
                continue;
            QCOMPARE(f.vehicle(VehicleChannel::Gear), 2.0);
            const double slope = revsPerSpeed(car, sim::gearIndexFromDisplay(2));
            const double onLine = f.vehicle(VehicleChannel::EngineOmega) / (f.vehicle(VehicleChannel::ForwardSpeed) * slope);
            QVERIFY2(std::fabs(onLine - 1.0) < 0.01, qPrintable(QString("%1 at %2 s").arg(onLine).arg(f.time())));
            ++checked;
        }
        QVERIFY(checked > 150);

        // Painted: the first-gear line ends at maxOmega, which is inside the plot.
        XYPlot plot(XYKind::RevsVsSpeed);
        plot.setVehicle(car);
        plot.resize(500, 420);
        plot.append(frameAt(1.0));
        const QImage image = render(plot);
        const XYPlotCanvas::Panel& p = plot.canvas()->panels().front();
        QVERIFY(p.y.hi >= 600.0 * 60.0 / (2.0 * std::numbers::pi));
        const QPointF mid = plot.canvas()->toPixel(0, {300.0 / 32.0, 300.0});
        QVERIFY(darkness(image, mid) > 40);
        QCOMPARE(plot.canvas()->yUnit().label, QString("rpm"));
    }

    void anyTwoChannelsPickTheirValues()
    {
        XYPlot plot(XYKind::GG);
        plot.resize(520, 480);
        plot.setChannels(Column::of(WheelChannel::Jounce, 2), Column::of(VehicleChannel::YawRate));
        QCOMPARE(plot.kind(), XYKind::Channels);
        Frame f = frameAt(1.0);
        for (int w = 0; w < 4; ++w) {
            f.wheel(WheelChannel::Jounce, w) = 0.01 * (w + 1);
            f.wheel(WheelChannel::SuspForce, w) = 1000.0 * (w + 1);
        }
        f.vehicle(VehicleChannel::YawRate) = 0.3;
        f.vehicle(VehicleChannel::Roll) = -0.02;
        plot.append(f);
        QCOMPARE(plot.trail(0).newest().x, 0.03);  // jounce[RL]
        QCOMPARE(plot.trail(0).newest().y, 0.3);
        render(plot);
        QCOMPARE(plot.canvas()->yUnit().label, QString("°/s"));

        // The same through the combo boxes: suspForce of RR against roll.
        QComboBox* xChannel = nullptr;
        QComboBox* xWheel = nullptr;
        QComboBox* yChannel = nullptr;
        for (QComboBox* box : plot.findChildren<QComboBox*>()) {
            if (box->toolTip() == "Channel on the x axis")
                xChannel = box;
            else if (box->toolTip() == "Channel on the y axis")
                yChannel = box;
            else if (box->toolTip() == "Wheel of a wheel channel" && !xWheel)
                xWheel = box;
        }
        QVERIFY(xChannel && yChannel && xWheel);
        xChannel->setCurrentIndex(xChannel->findData("suspForce"));
        xWheel->setCurrentIndex(3);
        yChannel->setCurrentIndex(yChannel->findData("roll"));
        QCOMPARE(plot.selection().x, Column::of(WheelChannel::SuspForce, 3));
        QCOMPARE(plot.selection().y, Column::of(VehicleChannel::Roll));
        plot.append(frameAt(0.5));  // a new run: the trail starts afresh
        QCOMPARE(plot.trail(0).size(), std::size_t(1));
        plot.append(f);  // time 1.0 after 0.5
        QCOMPARE(plot.trail(0).newest().x, 4000.0);
        QCOMPARE(plot.trail(0).newest().y, -0.02);
    }

    void handlingDiagramAndHistoryRefill()
    {
        TelemetryHistory history;
        std::vector<Frame> frames;
        for (int i = 0; i <= 600; ++i) {  // 10 s at 60 Hz
            Frame f = ggFrame(i / 60.0, 0.4, 0.0);
            f.wheel(WheelChannel::SteerAngle, 0) = 0.10;
            f.wheel(WheelChannel::SteerAngle, 1) = 0.06;
            frames.push_back(f);
        }
        history.append(frames);
        XYPlot plot(XYKind::GG);
        plot.setHistory(&history);
        QCOMPARE(plot.trail(0).size(), std::size_t(301));  // the last 5 s
        plot.setKind(XYKind::Handling);
        QCOMPARE(plot.trail(0).size(), std::size_t(301));
        QCOMPARE(plot.trail(0).newest().y, 0.08);  // the front wheels' mean steer angle
        QCOMPARE(plot.trail(0).newest().x, 0.4 * kGravity);
        // A scrolled-back view: the window ending at 4 s.
        plot.showHistory(history, 4.0);
        QCOMPARE(plot.trail(0).newest().t, 4.0);
        QCOMPARE(plot.trail(0).at(0).t, 0.0);
    }

    void freezeAndClear()
    {
        TelemetryHistory history;
        XYPlot plot(XYKind::GG);
        plot.setHistory(&history);
        std::vector<Frame> frames;
        for (int i = 0; i < 120; ++i)
            frames.push_back(ggFrame(i / 60.0, 0.1, 0.2));
        history.append(frames);
        plot.append(frames);
        QSignalSpy frozen(&plot, &XYPlot::frozenChanged);
        plot.setFrozen(true);
        QCOMPARE(frozen.count(), 1);
        std::vector<Frame> more;
        for (int i = 120; i < 180; ++i)
            more.push_back(ggFrame(i / 60.0, 0.5, 0.5));
        history.append(more);
        plot.append(more);
        QCOMPARE(plot.trail(0).newest().t, 119 / 60.0);  // held
        plot.setKind(XYKind::Handling);                   // still at the frozen time
        QCOMPARE(plot.trail(0).newest().t, 119 / 60.0);
        plot.setFrozen(false);                            // catches up from the history
        QCOMPARE(plot.trail(0).newest().t, 179 / 60.0);
        plot.clear();
        QVERIFY(plot.trail(0).empty());
        plot.append(ggFrame(3.5, 0.0, 0.0));
        QCOMPARE(plot.trail(0).size(), std::size_t(1));
    }

    void memoryIsBoundedOnLongAndFastRuns()
    {
        XYPlot plot(XYKind::FrictionCircles);
        plot.setVehicle(referencePreset());
        const std::size_t capacity = plot.trail(0).capacity();
        // One hour at 60 Hz.
        std::vector<Frame> block(600, frameAt(0.0));
        double t = 0.0;
        for (int b = 0; b < 360; ++b) {
            for (Frame& f : block) {
                t += 1.0 / 60.0;
                f.time() = t;
                f.wheel(WheelChannel::NormLatForce, 0) = std::sin(t);
            }
            plot.append(block);
        }
        for (int w = 0; w < 4; ++w) {
            QVERIFY(plot.trail(w).size() <= 5 * 60 + 2);
            QCOMPARE(plot.trail(w).capacity(), capacity);
        }
        // 10 kHz (the smallest time step a vehicle may have) over a 30 s window: thinned to fit.
        plot.setWindowSeconds(30.0);
        for (int b = 0; b < 500; ++b) {
            for (Frame& f : block) {
                t += 1e-4;
                f.time() = t;
            }
            plot.append(block);
        }
        QVERIFY(plot.trail(0).size() <= capacity);
        QCOMPARE(plot.trail(0).capacity(), capacity);
        QVERIFY(plot.trail(0).newest().t - plot.trail(0).at(0).t > 29.9);  // still the whole window
        QCOMPARE(plot.trail(0).newest().t, t);                              // and the newest frame
    }

    void axisTitlesAreNotCutAtTheEdges()
    {
        // At 1920×1080 the g–g diagram's y title read "ongitudinal acceleration (g), + forv": a
        // title longer than the plot ran off both ends of the widget. Now each title is as long as
        // fits (whole, short, elided), so no title pixel touches the widget's edges.
        const VehicleConfig car = referencePreset();
        for (XYKind kind : xyKinds())
            for (const QSize size : {QSize(260, 225), QSize(190, 150), QSize(340, 155), QSize(420, 440)}) {
                XYPlot plot(kind);
                plot.setVehicle(car);
                plot.resize(size);
                const QImage image = render(plot);
                const QColor background = plot.canvas()->palette().window().color();
                const int line = QFontMetrics(plot.canvas()->font()).height();
                const auto inked = [&](int x, int y) { return qGray(image.pixel(x, y)) < qGray(background.rgb()) - 60; };
                const QString where = QStringLiteral("%1 at %2×%3").arg(xyKindName(kind)).arg(image.width()).arg(image.height());
                // The y title's column (left of the tick labels): nothing at its top and bottom rows.
                for (int x = 0; x < line + 6; ++x)
                    for (int y : {0, 1, image.height() - 2, image.height() - 1})
                        QVERIFY2(!inked(x, y), qPrintable("y title cut: " + where));
                // The x title's row: nothing at its left and right ends.
                for (int y = image.height() - line - 4; y < image.height(); ++y)
                    for (int x : {0, 1, image.width() - 2, image.width() - 1})
                        QVERIFY2(!inked(x, y), qPrintable("x title cut: " + where));
            }
    }

    void referencesAreDrawnOverTheSameWindow()
    {
        // Pinned references never showed in the X–Y plots (#31 item 7). Now each reference's
        // frames with a time since the start in the live window are drawn, in its colour.
        auto run = std::make_shared<sim::RunLog>();
        run->name = "baseline";
        for (int i = 0; i <= 600; ++i) {  // 10 s at 60 Hz: a circle of 0.8 g
            const double t = i / 60.0;
            Frame f = ggFrame(t, 0.8 * std::sin(t), 0.8 * std::cos(t));
            for (int w = 0; w < 4; ++w) {
                f.wheel(WheelChannel::NormLatForce, w) = 0.5 * std::sin(t);
                f.wheel(WheelChannel::NormLongForce, w) = 0.5 * std::cos(t);
            }
            run->telemetry.append(f);
        }
        const QColor colour(200, 30, 170);
        XYPlot plot(XYKind::GG);
        plot.resize(420, 440);
        plot.setReferences({ReferenceRun{run, colour, Qt::DashLine, "baseline"}});
        QCOMPARE(plot.references().size(), std::size_t(1));
        for (int i = 0; i <= 480; ++i)  // live to 8 s, standing still
            plot.append(ggFrame(i / 60.0, 0.05, 0.0));
        const auto magenta = [](const QImage& image) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QColor c = image.pixelColor(x, y);
                    n += c.red() > c.green() + 50 && c.blue() > c.green() + 50 ? 1 : 0;
                }
            return n;
        };
        QImage image = render(plot);
        // The window [3 s, 8 s] of the reference: 301 frames at 60 Hz, the same times as the live trail.
        QVERIFY2(std::abs(plot.canvas()->referencePointsDrawn() - 301) <= 1,
                 qPrintable(QString::number(plot.canvas()->referencePointsDrawn())));
        QVERIFY(magenta(image) > 50);
        // The axes take the reference in: its 0.8 g circle is inside the plot.
        QVERIFY(plot.canvas()->panels().front().x.hi >= 0.8);
        // The friction circles: one trail per wheel, each in its own circle.
        plot.setKind(XYKind::FrictionCircles);
        plot.append(ggFrame(8.5, 0.05, 0.0));
        image = render(plot);
        QVERIFY2(std::abs(plot.canvas()->referencePointsDrawn() - 4 * 301) <= 4,
                 qPrintable(QString::number(plot.canvas()->referencePointsDrawn())));
        QVERIFY(magenta(image) > 50);
        plot.setReferences({});
        image = render(plot);
        QCOMPARE(plot.canvas()->referencePointsDrawn(), 0);
        QCOMPARE(magenta(image), 0);
    }

    void paintingTwoPlotsIsFast()
    {
        // Two plots of a 5 s window at 60 Hz (the workbench's update rate), each < 2 ms to paint.
        XYPlot gg(XYKind::GG);
        XYPlot circles(XYKind::FrictionCircles);
        const VehicleConfig car = referencePreset();
        for (XYPlot* plot : {&gg, &circles}) {
            plot->setVehicle(car);
            plot->resize(480, 480);
        }
        for (int i = 0; i <= 300; ++i) {
            const double t = i / 60.0;
            Frame f = ggFrame(t, 0.9 * std::sin(2.0 * t), 0.6 * std::cos(1.3 * t));
            for (int w = 0; w < 4; ++w) {
                f.wheel(WheelChannel::NormLatForce, w) = 0.9 * std::sin(2.0 * t + w);
                f.wheel(WheelChannel::NormLongForce, w) = 0.7 * std::cos(1.3 * t + w);
            }
            gg.append(f);
            circles.append(f);
        }
        for (XYPlot* plot : {&gg, &circles}) {
            QImage image(plot->canvas()->size(), QImage::Format_ARGB32_Premultiplied);
            plot->canvas()->render(&image);  // warm up (fonts, caches)
            std::vector<double> ms;
            for (int i = 0; i < 40; ++i) {
                QElapsedTimer timer;
                timer.start();
                plot->canvas()->render(&image);
                ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            }
            std::sort(ms.begin(), ms.end());
            qInfo("%s: paint median %.3f ms, 95th percentile %.3f ms", qPrintable(xyKindName(plot->kind())),
                  ms[ms.size() / 2], ms[ms.size() * 95 / 100]);
            QVERIFY2(ms[ms.size() / 2] < 2.0, qPrintable(QString::number(ms[ms.size() / 2])));
        }
    }
};

QTEST_MAIN(TestXYPlots)
#include "test_xy_plots.moc"
