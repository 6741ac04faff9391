#include "CompareCharts.h"

#include "widgets/OverlayChart.h"
#include "widgets/WheelColors.h"

#include <QSaveFile>
#include <QVBoxLayout>

namespace jounce::gui {

CompareCharts::CompareCharts(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    using telemetry::Column;
    using telemetry::VehicleChannel;
    for (const Column& c : {Column::of(VehicleChannel::LatAccel), Column::of(VehicleChannel::YawRate),
                            Column::of(VehicleChannel::ForwardSpeed)}) {
        auto* chart = new widgets::OverlayChart(c, this);
        charts_.push_back(chart);
        layout->addWidget(chart, 1);
        connect(chart, &widgets::OverlayChart::hovered, this, &CompareCharts::showCursor);
    }
}

void CompareCharts::setRuns(const QStringList& labels, const std::vector<compare::VehicleRun>& runs)
{
    std::vector<widgets::OverlayChart::Run> overlay;
    for (std::size_t i = 0; i < runs.size(); ++i)
        overlay.push_back({labels.value(static_cast<int>(i)), widgets::vehicleColor(static_cast<int>(i)), &runs[i].trace});
    for (widgets::OverlayChart* chart : charts_)
        chart->setRuns(overlay);
}

void CompareCharts::showCursor(std::optional<double> t)
{
    for (widgets::OverlayChart* chart : charts_)
        chart->setCursor(t);
}

QString CompareCharts::exportPng(const QString& path)
{
    QSaveFile file(path);  // atomic, as the other exports
    if (file.open(QIODevice::WriteOnly) && grab().save(&file, "PNG") && file.commit())
        return {};
    return tr("Cannot write %1: %2").arg(path, file.errorString());
}

}  // namespace jounce::gui
