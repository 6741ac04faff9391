#pragma once
// A chart view that reports the x value (time) under the mouse, for the shared cursor of the
// telemetry and compare charts: nullopt when the mouse leaves the plot area or the view.

#include <QChartView>

#include <functional>
#include <optional>

namespace jounce::widgets {

class HoverChartView final : public QChartView {
public:
    using Hover = std::function<void(std::optional<double> x)>;

    /// `antialiased`: on for charts drawn once per change, off for live charts (4x cheaper).
    HoverChartView(QChart* chart, Hover hover, bool antialiased, QWidget* parent = nullptr);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    Hover hover_;
};

}  // namespace jounce::widgets
