#pragma once
// The compare view's charts: lateral acceleration, yaw rate and speed of every run overlaid (each
// chart's channel can be changed), one colour per vehicle, with one time cursor shared by all.

#include "compare/ComparisonRun.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

namespace jounce::widgets {
class OverlayChart;
}

namespace jounce::gui {

class CompareCharts : public QWidget {
    Q_OBJECT
public:
    explicit CompareCharts(QWidget* parent = nullptr);

    /// The runs to draw (owned by the caller, alive while shown), labelled in order.
    void setRuns(const QStringList& labels, const std::vector<compare::VehicleRun>& runs);
    widgets::OverlayChart& chart(int index) { return *charts_.at(std::size_t(index)); }
    int count() const { return static_cast<int>(charts_.size()); }
    /// The charts as one PNG, replaced atomically; "" or an error message.
    QString exportPng(const QString& path);

private:
    void showCursor(std::optional<double> t);

    std::vector<widgets::OverlayChart*> charts_;
};

}  // namespace jounce::gui
