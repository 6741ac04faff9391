#include "XYPlotPair.h"

#include "DisplayUnits.h"

#include <QHBoxLayout>

namespace jounce::widgets {

XYPlotPair::XYPlotPair(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    plots_ = {new XYPlot(XYKind::GG, this), new XYPlot(XYKind::FrictionCircles, this)};
    for (XYPlot* p : plots_) {
        layout->addWidget(p, 1);
        connect(p, &XYPlot::kindChanged, this, &XYPlotPair::shareWidth);
    }
    shareWidth();
    applyUnits();
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &XYPlotPair::applyUnits);
}

void XYPlotPair::shareWidth()
{
    // The friction circles stand side by side in a low dock: they get twice a square plot's width.
    auto* box = static_cast<QHBoxLayout*>(layout());
    for (int i = 0; i < 2; ++i)
        box->setStretch(i, plots_[std::size_t(i)]->kind() == XYKind::FrictionCircles ? 2 : 1);
}

void XYPlotPair::applyUnits()
{
    const XYUnitMapper mapper = [](std::string_view channel, std::string_view unit) {
        const Conversion c = DisplayUnits::current().conversionForChannel(channel, unit);
        return XYUnit{c.factor, c.offset, c.label};
    };
    for (XYPlot* p : plots_)
        p->setUnitMapper(mapper);
}

void XYPlotPair::setVehicle(const VehicleConfig& config)
{
    for (XYPlot* p : plots_)
        p->setVehicle(config);
}

void XYPlotPair::setHistory(const TelemetryHistory* history)
{
    for (XYPlot* p : plots_)
        p->setHistory(history);
}

void XYPlotPair::append(std::span<const telemetry::Frame> frames)
{
    for (XYPlot* p : plots_)
        p->append(frames);
}

void XYPlotPair::setReferences(const std::vector<ReferenceRun>& references)
{
    for (XYPlot* p : plots_)
        p->setReferences(references);
}

void XYPlotPair::setFrozen(bool frozen)
{
    for (XYPlot* p : plots_)
        p->setFrozen(frozen);
}

}  // namespace jounce::widgets
