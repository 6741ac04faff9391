#pragma once

namespace jounce::gui {
class MainWindow;

/// `jounce --ui-benchmark SECONDS`: drives the default telemetry layout live (a steady-steer run
/// in real time) for that long, then prints the chart updates drawn, the median and 95th
/// percentile duration of one telemetry update (drain the ring + replace every series) and the
/// process's CPU use, and quits.
void runUiBenchmark(MainWindow& window, double seconds);

}  // namespace jounce::gui
