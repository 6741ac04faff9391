#include "TelemetryPanel.h"

#include "WheelColors.h"
#include "telemetry/CsvWriter.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::widgets {
namespace {

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

QStringList TelemetryPanel::layoutNames()
{
    return {"Default", "Suspension", "Tires", "Drivetrain", "Handling"};
}

std::vector<TelemetryPanel::ChartDef> TelemetryPanel::layout(const QString& name)
{
    if (name == "Suspension")
        return {{"Suspension jounce", {"jounce"}}, {"Suspension force", {"suspForce"}}, {"Tire load", {"tireLoad"}},
                {"Normalised tire load", {"normTireLoad"}}, {"Roll and pitch", {"roll", "pitch"}}};
    if (name == "Tires")
        return {{"Longitudinal slip", {"longSlip"}}, {"Lateral slip", {"latSlip"}},
                {"Normalised longitudinal force", {"normLongForce"}}, {"Normalised lateral force", {"normLatForce"}},
                {"Tire friction", {"tireFriction"}}};
    if (name == "Drivetrain")
        return {{"Engine revs", {"engineOmega"}}, {"Engine drive torque", {"engineDriveTorque"}},
                {"Clutch slip", {"clutchSlip"}}, {"Gear", {"gear", "targetGear"}}, {"Wheel speed", {"wheelOmega"}}};
    if (name == "Handling")
        return {{"Speed", {"forwardSpeed", "lateralSpeed"}}, {"Accelerations", {"longAccel", "latAccel"}},
                {"Yaw rate", {"yawRate"}}, {"Steer angle", {"steerAngle"}}, {"Controls", {"accel", "brake", "steer"}}};
    return {{"Suspension jounce", {"jounce"}},   {"Tire load", {"tireLoad"}},  {"Longitudinal slip", {"longSlip"}},
            {"Lateral slip", {"latSlip"}},       {"Engine revs", {"engineOmega"}}, {"Gear", {"gear"}},
            {"Speed", {"forwardSpeed"}}};
}

TelemetryPanel::TelemetryPanel(QWidget* parent) : QWidget(parent)
{
    auto* bar = new QHBoxLayout();
    bar->setContentsMargins(4, 2, 4, 2);
    pauseButton_ = new QToolButton(this);
    pauseButton_->setCheckable(true);
    pauseButton_->setText(tr("Pause graphs"));
    pauseButton_->setToolTip(tr("Freeze the graphs (the simulation keeps running) and scroll back in time"));
    connect(pauseButton_, &QToolButton::toggled, this, &TelemetryPanel::setPaused);
    bar->addWidget(pauseButton_);

    bar->addWidget(new QLabel(tr("Window:"), this));
    windowBox_ = new QComboBox(this);
    for (int s : {5, 10, 30, 60})
        windowBox_->addItem(tr("%1 s").arg(s), s);
    windowBox_->setCurrentIndex(1);
    windowBox_->setToolTip(tr("Length of simulated time the graphs show"));
    connect(windowBox_, &QComboBox::currentIndexChanged, this,
            [this](int) { setWindowSeconds(windowBox_->currentData().toDouble()); });
    bar->addWidget(windowBox_);

    scroll_ = new QScrollBar(Qt::Horizontal, this);
    scroll_->setEnabled(false);
    scroll_->setToolTip(tr("Scroll back through the recorded telemetry (pause the graphs first)"));
    connect(scroll_, &QScrollBar::valueChanged, this, &TelemetryPanel::scrolled);
    bar->addWidget(scroll_, 1);

    channelBox_ = new QComboBox(this);
    channelBox_->addItem(tr("Add chart…"));
    for (const telemetry::ChannelInfo& c : telemetry::wheelChannels())
        channelBox_->addItem(QString("%1 [%2] (per wheel)").arg(fromView(c.id), fromView(c.unit)), fromView(c.id));
    for (const telemetry::ChannelInfo& c : telemetry::vehicleChannels())
        channelBox_->addItem(QString("%1 [%2]").arg(fromView(c.id), fromView(c.unit)), fromView(c.id));
    channelBox_->setToolTip(tr("Add a chart of any telemetry channel"));
    // The long channel names stay in the popup: the bar must fit 1366 pixels with the run tools.
    channelBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    channelBox_->setMinimumContentsLength(10);
    auto* differenceButton = new QToolButton(this);
    differenceButton->setText(tr("Δ chart"));
    differenceButton->setObjectName(QStringLiteral("differenceChartButton"));
    differenceButton->setToolTip(tr("Add a chart of a channel's difference: live minus the reference run"));
    differenceButton->setPopupMode(QToolButton::InstantPopup);
    auto* differenceMenu = new QMenu(differenceButton);
    for (int i = 1; i < channelBox_->count(); ++i) {
        const QString id = channelBox_->itemData(i).toString();
        differenceMenu->addAction(channelBox_->itemText(i), this, [this, id] { addDifferenceChart(id); });
    }
    differenceButton->setMenu(differenceMenu);

    alignBox_ = new QComboBox(this);
    alignBox_->setObjectName(QStringLiteral("alignmentBox"));
    alignBox_->addItem(tr("Align by time"), int(Alignment::Time));
    alignBox_->addItem(tr("Align by distance"), int(Alignment::Distance));
    alignBox_->setToolTip(tr("Reference runs beside the live traces: at the same time since the start, or where "
                             "the live car had travelled as far (m)"));
    connect(alignBox_, &QComboBox::currentIndexChanged, this,
            [this](int) { setAlignment(static_cast<Alignment>(alignBox_->currentData().toInt())); });
    connect(channelBox_, &QComboBox::activated, this, [this](int index) {
        if (index <= 0)
            return;
        const QString id = channelBox_->itemData(index).toString();
        addChart({id, {id}});
        channelBox_->setCurrentIndex(0);
    });
    bar->addWidget(channelBox_);

    area_ = new QScrollArea(this);
    area_->setWidgetResizable(true);
    chartHost_ = new QWidget(area_);
    chartLayout_ = new QVBoxLayout(chartHost_);
    chartLayout_->setContentsMargins(0, 0, 0, 0);
    chartLayout_->setSpacing(2);
    area_->setWidget(chartHost_);

    // The reference runs' row: their legend and the tools that only matter with references.
    referenceRow_ = new QWidget(this);
    auto* row = new QHBoxLayout(referenceRow_);
    row->setContentsMargins(4, 0, 4, 0);
    legend_ = new QLabel(referenceRow_);
    legend_->setObjectName(QStringLiteral("referenceLegend"));
    legend_->setTextFormat(Qt::RichText);
    legend_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row->addWidget(legend_, 1);
    row->addWidget(differenceButton);
    row->addWidget(alignBox_);
    referenceRow_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(referenceRow_);
    layout->addWidget(area_, 1);
    applyLayout("Default");
}

void TelemetryPanel::setVehicle(int wheelCount, std::optional<double> maxOmega)
{
    if (wheelCount == wheelCount_ && maxOmega == maxOmega_)
        return;
    wheelCount_ = wheelCount;
    maxOmega_ = maxOmega;
    rebuild();
}

void TelemetryPanel::applyLayout(const QString& name)
{
    defs_ = layout(name);
    rebuild();
}

void TelemetryPanel::addChart(const ChartDef& def)
{
    defs_.push_back(def);
    rebuild();
    area_->ensureWidgetVisible(charts_.back());
}

void TelemetryPanel::clearCharts()
{
    defs_.clear();
    rebuild();
}

TelemetryChart::Spec TelemetryPanel::specFor(const ChartDef& def) const
{
    TelemetryChart::Spec spec;
    spec.title = def.title;
    spec.difference = def.difference;
    int vehicleTraces = 0;
    for (const QString& id : def.channels) {
        const std::string key = id.toStdString();
        if (auto w = telemetry::wheelChannelFromId(key)) {
            spec.unit = fromView(telemetry::info(*w).unit);
            for (int i = 0; i < wheelCount_; ++i) {
                telemetry::Column c;
                c.kind = telemetry::Column::Kind::Wheel;
                c.wheelChannel = *w;
                c.wheel = i;
                spec.traces.push_back({c, QString::fromStdString(telemetry::wheelLabel(i)), wheelColor(i)});
            }
        } else if (auto v = telemetry::vehicleChannelFromId(key)) {
            spec.unit = fromView(telemetry::info(*v).unit);
            telemetry::Column c;
            c.kind = telemetry::Column::Kind::Vehicle;
            c.vehicle = *v;
            spec.traces.push_back({c, id, traceColor(vehicleTraces++)});
            if (*v == telemetry::VehicleChannel::Gear || *v == telemetry::VehicleChannel::TargetGear) {
                spec.stepped = true;
                spec.minimumSpan = 2.0;
            }
            if (*v == telemetry::VehicleChannel::EngineOmega && maxOmega_) {
                spec.referenceLine = *maxOmega_;
                spec.referenceLabel = tr("maxOmega");
            }
        }
    }
    if (def.channels.size() > 1)
        spec.unit.clear();  // mixed channels: units in the trace names would be misleading
    return spec;
}

void TelemetryPanel::rebuild()
{
    for (TelemetryChart* c : charts_)
        delete c;
    charts_.clear();
    for (std::size_t i = 0; i < defs_.size(); ++i) {
        auto* chart = new TelemetryChart(specFor(defs_[i]), references_, chartHost_);
        chart->setMarkers(markers_);
        chart->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(chart, &QWidget::customContextMenuRequested, this, [this, chart](const QPoint& pos) {
            QMenu menu;
            QAction* remove = menu.addAction(tr("Remove this chart"));
            if (menu.exec(chart->mapToGlobal(pos)) == remove) {
                const auto it = std::find(charts_.begin(), charts_.end(), chart);
                defs_.erase(defs_.begin() + (it - charts_.begin()));
                QMetaObject::invokeMethod(this, [this] { rebuild(); }, Qt::QueuedConnection);
            }
        });
        connect(chart, &TelemetryChart::hovered, this, &TelemetryPanel::setCursorTime);
        chartLayout_->addWidget(chart);
        charts_.push_back(chart);
    }
    drawnRevision_ = ~std::uint64_t(0);
    refresh();
}

void TelemetryPanel::append(std::span<const telemetry::Frame> frames)
{
    history_.append(frames);
}

bool TelemetryPanel::refresh()
{
    const double end = paused_ ? viewEnd_ : std::max(history_.endTime(), window_);
    if (history_.revision() == drawnRevision_ && end == drawnEnd_)
        return false;
    for (TelemetryChart* c : charts_)
        c->refresh(history_, end, window_, alignment_);
    if (cursor_)
        for (TelemetryChart* c : charts_)
            c->setCursor(history_, cursor_, alignment_);
    drawnRevision_ = history_.revision();
    drawnEnd_ = end;
    return true;
}

void TelemetryPanel::setWindowSeconds(double seconds)
{
    window_ = seconds;
    const int index = windowBox_->findData(static_cast<int>(seconds));
    if (index >= 0 && index != windowBox_->currentIndex())
        windowBox_->setCurrentIndex(index);
    drawnEnd_ = -1.0;
    if (paused_)
        setPaused(true);  // refresh the scroll range
    refresh();
}

void TelemetryPanel::setPaused(bool paused)
{
    const bool changed = paused != paused_;
    paused_ = paused;
    pauseButton_->setChecked(paused);
    pauseButton_->setText(paused ? tr("Resume live graphs") : tr("Pause graphs"));
    scroll_->setEnabled(paused);
    if (paused) {
        // The scroll bar moves the right edge of the window, in steps of 0.1 s.
        const double lo = history_.startTime() + window_;
        const double hi = std::max(lo, history_.endTime());
        const QSignalBlocker block(scroll_);
        scroll_->setRange(static_cast<int>(lo * 10), static_cast<int>(hi * 10));
        scroll_->setPageStep(static_cast<int>(window_ * 10));
        scroll_->setValue(scroll_->maximum());
        viewEnd_ = std::max(hi, window_);
    }
    drawnEnd_ = -1.0;
    refresh();
    if (changed)
        emit pausedChanged(paused);
}

void TelemetryPanel::scrolled(int value)
{
    if (!paused_)
        return;
    viewEnd_ = value / 10.0;
    refresh();
}

void TelemetryPanel::setCursorTime(std::optional<double> t)
{
    cursor_ = t;
    for (TelemetryChart* c : charts_)
        c->setCursor(history_, t, alignment_);
}

void TelemetryPanel::setReferences(std::vector<ReferenceRun> references)
{
    if (references.size() > kMaxReferences)
        references.resize(kMaxReferences);
    references_ = std::move(references);
    QString text;
    if (!references_.empty()) {
        text = tr("<span style='font-weight:bold'>━</span> live");
        for (const ReferenceRun& r : references_) {
            const char* dash = r.style == Qt::DotLine ? "┈" : r.style == Qt::DashDotLine ? "╍" : "╌";
            text += QString("&nbsp;&nbsp;&nbsp;<span style='color:%1;font-weight:bold'>%2</span> %3")
                        .arg(r.color.name(), QString::fromUtf8(dash), r.name.toHtmlEscaped());
        }
    }
    legend_->setText(text);
    legend_->setToolTip(tr("References are drawn lighter and dashed beside the live traces; hovering a chart shows "
                           "live / reference / difference"));
    referenceRow_->setVisible(!references_.empty());
    rebuild();
}

void TelemetryPanel::setAlignment(Alignment alignment)
{
    const bool changed = alignment != alignment_;
    alignment_ = alignment;
    const int index = alignBox_->findData(int(alignment));
    if (index != alignBox_->currentIndex())
        alignBox_->setCurrentIndex(index);
    drawnRevision_ = ~std::uint64_t(0);
    refresh();
    if (changed)
        emit alignmentChanged(alignment);
}

void TelemetryPanel::setMarkers(std::vector<TelemetryChart::Marker> markers)
{
    markers_ = std::move(markers);
    for (TelemetryChart* c : charts_)
        c->setMarkers(markers_);
}

void TelemetryPanel::addDifferenceChart(const QString& channel)
{
    ChartDef def{QStringLiteral("Δ ") + channel, {channel}, true};
    addChart(def);
}

QString TelemetryPanel::exportPng(const QString& path)
{
    refresh();
    QImage image(chartHost_->size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    chartHost_->render(&painter);
    painter.end();
    // Written to a temporary file renamed over the target: a failure leaves an old file whole.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    return {};
}

QString TelemetryPanel::exportCsv(const QString& path) const
{
    const double end = paused_ ? viewEnd_ : history_.endTime();
    const std::vector<telemetry::Frame> frames = history_.range(end - window_, end);
    const std::string csv = telemetry::toCsv(frames, wheelCount_);
    QSaveFile file(path);  // atomic, as exportPng
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(csv.data(), static_cast<qint64>(csv.size())) != static_cast<qint64>(csv.size()) || !file.commit())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    return {};
}

}  // namespace jounce::widgets
