#pragma once
// The workbench's X–Y plots: two XYPlots side by side (a g–g diagram and the friction circles by
// default, each switchable to any kind), fed with the same frames, frozen with the charts, in the
// display units. The friction circles, a row of four in a low dock, get the wider share.

#include "XYPlot.h"

#include <QWidget>

#include <array>

namespace jounce::widgets {

class XYPlotPair : public QWidget {
    Q_OBJECT
public:
    explicit XYPlotPair(QWidget* parent = nullptr);

    XYPlot* plot(int i) const { return plots_[std::size_t(i)]; }
    void setVehicle(const VehicleConfig& config);
    void setHistory(const TelemetryHistory* history);
    void append(std::span<const telemetry::Frame> frames);
    void setFrozen(bool frozen);
    /// The pinned reference runs, drawn in both plots.
    void setReferences(const std::vector<ReferenceRun>& references);

private:
    void applyUnits();
    void shareWidth();

    std::array<XYPlot*, 2> plots_{};
};

}  // namespace jounce::widgets
