#include "UiBenchmark.h"

#include "MainWindow.h"
#include "PresetFiles.h"
#include "widgets/TelemetryPanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include <sys/resource.h>

namespace jounce::gui {
namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

}  // namespace

void runUiBenchmark(MainWindow& window, double seconds)
{
    window.telemetry().applyLayout("Default");
    window.startManeuverFile(presetsDir() + "/maneuvers/steady-steer.json");
    window.simulation().takeUpdateTimings();
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    const double cpuStart = cpuSeconds();
    const std::uint64_t updatesStart = window.simulation().chartUpdates();
    QTimer::singleShot(static_cast<int>(seconds * 1000), &window, [&window, timer, cpuStart, updatesStart] {
        const double wall = static_cast<double>(timer->nsecsElapsed()) / 1e9;
        const std::vector<double> t = window.simulation().takeUpdateTimings();
        const std::uint64_t updates = window.simulation().chartUpdates() - updatesStart;
        const double cpu = cpuSeconds() - cpuStart;
        std::printf("ui-benchmark: %.1f s, %llu chart updates drawn (%.1f per second), %d charts\n", wall,
                    static_cast<unsigned long long>(updates), static_cast<double>(updates) / wall,
                    window.telemetry().chartCount());
        std::printf("telemetry update (drain + replace series): median %.2f ms, 95th percentile %.2f ms, max %.2f ms\n",
                    percentile(t, 0.5), percentile(t, 0.95), t.empty() ? 0.0 : *std::max_element(t.begin(), t.end()));
        std::printf("process CPU: %.1f %% of one core (%.2f s CPU in %.2f s)\n", 100.0 * cpu / wall, cpu, wall);
        std::fflush(stdout);
        QApplication::exit(0);
    });
}

}  // namespace jounce::gui
