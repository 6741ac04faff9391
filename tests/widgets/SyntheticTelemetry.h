#pragma once
// Synthetic telemetry and a shown TelemetryPanel for the chart suites: frames whose every value is
// known in closed form, and mouse events sent straight to a chart's viewport.

#include "run/RunLog.h"
#include "widgets/ReferenceRuns.h"
#include "widgets/TelemetryPanel.h"

#include <QApplication>
#include <QChart>
#include <QMouseEvent>
#include <QtTest>

#include <cmath>
#include <memory>
#include <vector>

namespace jounce::widgets::test {

using telemetry::VehicleChannel;
using telemetry::WheelChannel;

constexpr double kRate = 60.0;

/// Frames from t = (first+1)/60 on: forwardSpeed = 2 t, engine 100 rad/s, gear 1, neutral from 1 s, 2 from 1.3 s (a shift),
/// FL jounce a sine with a bump-stop hit at 2.5 s, RR in the air from 2 s.
inline std::vector<telemetry::Frame> frames(int first, int count)
{
    std::vector<telemetry::Frame> out(static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) {
        telemetry::Frame& f = out[std::size_t(k)];
        const double t = (first + k + 1) / kRate;
        f.time() = t;
        f.setWheelCount(4);
        f.vehicle(VehicleChannel::ForwardSpeed) = 2.0 * t;
        f.vehicle(VehicleChannel::EngineOmega) = 100.0;
        f.vehicle(VehicleChannel::Gear) = t < 1.0 ? 1.0 : t < 1.3 ? 0.0 : 2.0;
        f.wheel(WheelChannel::Jounce, 0) = std::fabs(t - 2.5) < 0.05 ? 0.3 : 0.05 * std::sin(t);
        f.wheel(WheelChannel::TireLoad, 0) = 4000.0 + 1000.0 * std::sin(3.0 * t);
        f.wheel(WheelChannel::InAir, 3) = t >= 2.0 ? 1.0 : 0.0;
    }
    return out;
}

/// A shown panel with the default layout, the first `seconds` of frames, one refresh.
struct Shown {
    TelemetryPanel panel;
    explicit Shown(double seconds)
    {
        panel.setVehicle(4, 200.0, {0.3, 0.3, 0.3, 0.3});
        panel.resize(900, 1600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        append(0.0, seconds);
    }
    void append(double from, double to)
    {
        const int first = static_cast<int>(std::lround(from * kRate));
        const std::vector<telemetry::Frame> f = frames(first, static_cast<int>(std::lround((to - from) * kRate)));
        panel.append(f);
        panel.refresh();
        QApplication::processEvents();
    }
    HoverChartView* view(int chart) const { return panel.charts()[std::size_t(chart)]->view(); }
    /// The view position of time t and value y on a chart.
    QPoint at(int chart, double t, double y = 0.0) const
    {
        QChart* c = view(chart)->chart();
        return view(chart)->mapFromScene(c->mapToScene(c->mapToPosition(QPointF(t, y))));
    }
};

/// A reference run of the first `seconds` of frames(), its speed scaled by `speedScale`.
inline ReferenceRun referenceRun(double seconds, double speedScale, const QString& name, QColor color)
{
    auto run = std::make_shared<sim::RunLog>();
    run->name = name.toStdString();
    for (telemetry::Frame& f : frames(0, static_cast<int>(std::lround(seconds * kRate)))) {
        f.vehicle(VehicleChannel::ForwardSpeed) *= speedScale;
        run->telemetry.append(f);
    }
    return ReferenceRun{run, color, Qt::DashLine, name};
}

inline void send(QWidget* w, QEvent::Type type, QPoint pos, Qt::MouseButton button, Qt::MouseButtons buttons,
          Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    QMouseEvent e(type, QPointF(pos), w->mapToGlobal(QPointF(pos)), button, buttons, mods);
    QApplication::sendEvent(w, &e);
}

inline void drag(QWidget* w, QPoint from, QPoint to, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    send(w, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton, mods);
    for (int i = 1; i <= 5; ++i)
        send(w, QEvent::MouseMove, from + (to - from) * i / 5, Qt::NoButton, Qt::LeftButton, mods);
    send(w, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton, mods);
}

inline void wheel(QWidget* w, QPoint pos, int delta, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    QWheelEvent e(QPointF(pos), w->mapToGlobal(QPointF(pos)), QPoint(), QPoint(0, delta), Qt::NoButton, mods,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}


}  // namespace jounce::widgets::test
