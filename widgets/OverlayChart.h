#pragma once
// One telemetry channel of several finished runs overlaid, one colour per vehicle, with a channel
// picker and a shared time cursor. The compare view's counterpart of TelemetryChart (which shows
// live history): the runs are complete, so the series are built once per channel change, each
// decimated to min/max per pixel column. Values are drawn and read out in the display units
// (DisplayUnits.h), on round ticks (NiceTicks.h).

#include "DisplayUnits.h"
#include "compare/ComparisonRun.h"
#include "telemetry/Channels.h"

#include <QColor>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace jounce::widgets {

class HoverChartView;

class OverlayChart : public QWidget {
    Q_OBJECT
public:
    struct Run {
        QString label;
        QColor color;
        const compare::RunTrace* trace = nullptr;  ///< owned by the caller, alive while shown
    };

    explicit OverlayChart(telemetry::Column column, QWidget* parent = nullptr);

    /// Replaces the runs (an empty list clears the chart). The picker offers the channels of the
    /// vehicle with the most wheels.
    void setRuns(std::vector<Run> runs);
    void setColumn(const telemetry::Column& column);
    telemetry::Column column() const { return column_; }
    /// Draws the cursor and every run's value at time t; nullopt hides it.
    void setCursor(std::optional<double> t);
    /// Points currently drawn over all series (tests).
    int pointCount() const;
    /// The value of run `run` at the sample nearest time t, SI as recorded, or nullopt (no such run
    /// or channel).
    std::optional<double> valueAt(std::size_t run, double t) const;

signals:
    void hovered(std::optional<double> t);
    void columnChanged(const telemetry::Column& column);

private:
    void rebuild();
    void fillPicker(int wheelCount);

    telemetry::Column column_;
    Conversion shown_;  ///< the column's display unit
    std::vector<Run> runs_;
    QComboBox* picker_;
    QChart* chart_;
    HoverChartView* view_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    std::vector<QLineSeries*> series_;
    int pickerWheels_ = -1;
};

}  // namespace jounce::widgets
