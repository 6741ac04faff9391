// A live update of the X–Y plots beside the telemetry charts: the default chart layout and two X–Y
// plots (g–g, friction circles) fed a frame every 16 ms, as the workbench's timer does, from a 12 s
// drive of the reference car; prints the time of the charts' update, the plots' append, their paint
// into an image and their (here synchronous) repaint on screen. A benchmark, not a timed test: it
// prints figures (tests/widgets/test_xy_plots.cpp checks that painting two plots stays under 2 ms).
//
//   xvfb-run build/tests/bench/bench_xy_plots
//
// Under Xvfb (the xcb platform) the repaint includes the flush to X; QT_QPA_PLATFORM=offscreen
// runs it without a display.

#include "support/XYDrive.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/XYPlot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QImage>
#include <QVBoxLayout>
#include <QtCore/qtestsupport_core.h>
#include <QtWidgets/qtestsupport_widgets.h>

#include <algorithm>
#include <cstdio>
#include <span>
#include <vector>

using namespace jounce;
using namespace jounce::widgets;
using telemetry::Frame;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const VehicleConfig car = testing::referencePreset();
    const std::vector<Frame> frames = testing::drive(car, 12.0);
    QWidget window;
    auto* layout = new QHBoxLayout(&window);
    auto* panel = new TelemetryPanel(&window);
    panel->setVehicle(4, car.drive.engine.maxOmega);
    panel->applyLayout("Default");
    auto* column = new QVBoxLayout();
    auto* gg = new XYPlot(XYKind::GG, &window);
    auto* circles = new XYPlot(XYKind::FrictionCircles, &window);
    for (XYPlot* plot : {gg, circles}) {
        plot->setVehicle(car);
        plot->setHistory(&panel->history());
        column->addWidget(plot);
    }
    layout->addWidget(panel, 2);
    layout->addLayout(column, 1);
    window.resize(1500, 950);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        std::fprintf(stderr, "bench_xy_plots: the window was not exposed\n");
        return 1;
    }
    QImage image(gg->canvas()->size().expandedTo(circles->canvas()->size()), QImage::Format_ARGB32_Premultiplied);
    std::vector<double> charts, appends, paints, renders;
    for (const Frame& f : frames) {
        QElapsedTimer timer;
        timer.start();
        panel->append(std::span(&f, 1));
        panel->refresh();
        charts.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        gg->append(f);
        circles->append(f);
        appends.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        gg->canvas()->repaint();
        circles->canvas()->repaint();
        paints.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        gg->canvas()->render(&image);
        circles->canvas()->render(&image);
        renders.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QTest::qWait(16);
    }
    for (auto* v : {&charts, &appends, &paints, &renders})
        std::sort(v->begin(), v->end());
    const auto at = [](const std::vector<double>& v, double q) { return v[static_cast<std::size_t>(q * double(v.size() - 1))]; };
    std::printf("platform %s, %zu frames\n", qPrintable(QGuiApplication::platformName()), frames.size());
    std::printf("charts append + refresh: median %.2f ms, p95 %.2f ms\n", at(charts, 0.5), at(charts, 0.95));
    std::printf("XY plots, both: append median %.3f ms, p95 %.3f ms; paint (into an image) median %.2f ms, p95 %.2f ms; "
                "repaint on screen (paint + flush to X) median %.2f ms, p95 %.2f ms\n",
                at(appends, 0.5), at(appends, 0.95), at(renders, 0.5), at(renders, 0.95), at(paints, 0.5), at(paints, 0.95));
    return 0;
}
