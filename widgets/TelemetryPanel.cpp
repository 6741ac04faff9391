#include "TelemetryPanel.h"

#include "CursorTable.h"
#include "DisplayUnits.h"
#include "WheelColors.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::widgets {
namespace {

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

/// The pseudo-channel of a Δt chart: the run's time, which by distance gives the time variance.
const QString kTimeChannel = QStringLiteral("time");

std::string_view unitOf(const QString& id)
{
    const std::string key = id.toStdString();
    if (id == kTimeChannel)
        return "s";
    if (auto w = telemetry::wheelChannelFromId(key))
        return telemetry::info(*w).unit;
    if (auto v = telemetry::vehicleChannelFromId(key))
        return telemetry::info(*v).unit;
    return {};
}

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
    // The bar: pause, window, the view's tools, the scroll bar and the channel picker.
    QHBoxLayout* bar = buildTimeBar();
    buildChannelPicker();
    QToolButton* differenceButton = buildReferenceTools();
    bar->addWidget(channelBox_);
    buildViewTools(bar);

    area_ = new QScrollArea(this);
    area_->setWidgetResizable(true);
    chartHost_ = new QWidget(area_);
    chartLayout_ = new QVBoxLayout(chartHost_);
    chartLayout_->setContentsMargins(0, 0, 0, 0);
    chartLayout_->setSpacing(2);
    area_->setWidget(chartHost_);
    // Charts out of view are not redrawn (drawCharts): scrolling or a taller view shows them.
    connect(area_->verticalScrollBar(), &QScrollBar::valueChanged, this, &TelemetryPanel::drawStaleCharts);
    connect(area_->verticalScrollBar(), &QScrollBar::rangeChanged, this, &TelemetryPanel::drawStaleCharts);

    // The reference runs' row: their legend and the tools that only matter with references.
    referenceRow_ = new QWidget(this);
    auto* row = new QHBoxLayout(referenceRow_);
    row->setContentsMargins(4, 0, 4, 0);
    legend_ = new QLabel(referenceRow_);
    legend_->setObjectName(QStringLiteral("referenceLegend"));
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);  // what each reference's car differs in can be long
    legend_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row->addWidget(legend_, 1);
    row->addWidget(differenceButton);
    row->addWidget(alignBox_);
    referenceRow_->hide();

    cursorTable_ = new CursorTable(this);
    connect(cursorTable_, &CursorTable::clearRequested, this, [this] {
        setMeasureCursor(false, std::nullopt);
        setMeasureCursor(true, std::nullopt);
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(referenceRow_);
    layout->addWidget(area_, 1);
    layout->addWidget(cursorTable_);
    setFocusPolicy(Qt::ClickFocus);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        for (TelemetryChart* c : charts_)
            c->valueRange().setAuto();  // a fixed range in the old unit would be wrong
        rebuild();
    });
    applyLayout("Default");
}

QHBoxLayout* TelemetryPanel::buildTimeBar()
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
    scroll_->setToolTip(tr("Scroll back through the telemetry kept since the last reset (up to 5 minutes): pause "
                           "the graphs, drag a chart or zoom to a box first"));
    connect(scroll_, &QScrollBar::valueChanged, this, &TelemetryPanel::scrolled);
    bar->addWidget(scroll_, 1);
    return bar;
}

void TelemetryPanel::buildChannelPicker()
{
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
    connect(channelBox_, &QComboBox::activated, this, [this](int index) {
        if (index <= 0)
            return;
        const QString id = channelBox_->itemData(index).toString();
        addChart({id, {id}});
        channelBox_->setCurrentIndex(0);
    });
}

QToolButton* TelemetryPanel::buildReferenceTools()
{
    auto* differenceButton = new QToolButton(this);
    differenceButton->setText(tr("Δ chart"));
    differenceButton->setObjectName(QStringLiteral("differenceChartButton"));
    differenceButton->setToolTip(tr("Add a chart of a channel's difference: live minus the reference run"));
    differenceButton->setPopupMode(QToolButton::InstantPopup);
    auto* differenceMenu = new QMenu(differenceButton);
    QAction* timeVariance = differenceMenu->addAction(tr("Δt: time variance by distance"), this, [this] {
        setAlignment(Alignment::Distance);
        addDifferenceChart(kTimeChannel);
    });
    timeVariance->setToolTip(tr("Live time minus the reference's where both had travelled as far: below 0 the live "
                                "run is ahead (s); aligns the references by distance"));
    differenceMenu->addSeparator();
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
    return differenceButton;
}

void TelemetryPanel::buildViewTools(QHBoxLayout* bar)
{
    auto* resetButton = new QToolButton(this);
    resetButton->setText(tr("Reset view"));
    resetButton->setObjectName(QStringLiteral("resetViewButton"));
    resetButton->setToolTip(tr("Back to the live end with the window's length, every value axis on auto (Home, or "
                               "double-click a chart)"));
    connect(resetButton, &QToolButton::clicked, this, &TelemetryPanel::resetView);
    bar->insertWidget(bar->indexOf(scroll_), resetButton);

    markersButton_ = new QToolButton(this);
    markersButton_->setText(tr("Markers"));
    markersButton_->setObjectName(QStringLiteral("markersButton"));
    markersButton_->setToolTip(tr("Which events are marked on the time axis"));
    markersButton_->setPopupMode(QToolButton::InstantPopup);
    auto* markersMenu = new QMenu(markersButton_);
    for (int k = 0; k < kChartEventKindCount; ++k) {
        const auto kind = static_cast<ChartEventKind>(k);
        QAction* a = markersMenu->addAction(tr(chartEventKindName(kind)));
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, kind](bool on) { setEventsShown(kind, on); });
    }
    markersButton_->setMenu(markersMenu);
    bar->insertWidget(bar->indexOf(scroll_), markersButton_);
}

void TelemetryPanel::setVehicle(int wheelCount, std::optional<double> maxOmega, std::vector<double> maxCompression)
{
    eventVehicle_.maxCompression = std::move(maxCompression);
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
    // Scrolled into view once the host has grown to hold it: its layout first, then the scroll
    // area's resize of the host, which would otherwise wait for two turns of the event loop.
    chartLayout_->activate();
    QEvent request(QEvent::LayoutRequest);
    QCoreApplication::sendEvent(area_, &request);
    area_->ensureWidgetVisible(charts_.back(), 0, 0);
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
    const UnitChoices units = DisplayUnits::current();
    int vehicleTraces = 0;
    for (const QString& id : def.channels) {
        const std::string key = id.toStdString();
        if (auto w = telemetry::wheelChannelFromId(key)) {
            spec.conversion = units.conversionForChannel(key, telemetry::info(*w).unit);
            for (int i = 0; i < wheelCount_; ++i) {
                telemetry::Column c;
                c.kind = telemetry::Column::Kind::Wheel;
                c.wheelChannel = *w;
                c.wheel = i;
                spec.traces.push_back({c, QString::fromStdString(telemetry::wheelLabel(i)), wheelColor(i)});
            }
        } else if (id == kTimeChannel) {
            spec.conversion = units.conversion("s");
            spec.traces.push_back({telemetry::Column::time(), tr("Δt"), traceColor(vehicleTraces++)});
        } else if (auto v = telemetry::vehicleChannelFromId(key)) {
            spec.conversion = units.conversionForChannel(key, telemetry::info(*v).unit);
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
    spec.unit = spec.conversion.label;
    spec.minimumSpan *= spec.conversion.factor;
    if (def.channels.size() > 1) {
        // Mixed channels: one conversion for all would be wrong unless they share a unit.
        const std::string_view first = def.channels.isEmpty() ? std::string_view() : unitOf(def.channels.front());
        bool same = true;
        for (const QString& id : def.channels)
            same = same && unitOf(id) == first;
        if (!same) {
            spec.conversion = Conversion{};
            spec.unit.clear();
        }
    }
    return spec;
}

void TelemetryPanel::rebuild()
{
    // A chart's value-axis mode survives a rebuild (new references, units or wheel count).
    std::vector<std::pair<QString, ValueRange>> ranges;
    for (TelemetryChart* c : charts_) {
        ranges.emplace_back(c->spec().title, c->valueRange());
        delete c;
    }
    charts_.clear();
    for (std::size_t i = 0; i < defs_.size(); ++i) {
        auto* chart = new TelemetryChart(specFor(defs_[i]), references_, chartHost_);
        for (const auto& [title, range] : ranges)
            if (title == chart->spec().title && range.mode() != ValueRange::Mode::Auto)
                chart->valueRange() = range;
        connectChart(chart);
        chartLayout_->addWidget(chart);
        chart->show();  // now, not on the queued show: hidden widgets are not laid out
        charts_.push_back(chart);
    }
    drawnRevision_ = ~std::uint64_t(0);
    shownMarkers_.clear();  // the new charts have none yet
    refresh();
}

void TelemetryPanel::append(std::span<const telemetry::Frame> frames)
{
    history_.append(frames);
}

void TelemetryPanel::setReferences(std::vector<ReferenceRun> references)
{
    if (references.size() > kMaxReferences)
        references.resize(kMaxReferences);
    references_ = std::move(references);
    updateLegend();
    referenceRow_->setVisible(!references_.empty());
    rebuild();
}

void TelemetryPanel::setReferenceChanges(std::vector<QString> changes)
{
    if (changes == referenceChanges_)
        return;
    referenceChanges_ = std::move(changes);
    updateLegend();
}

void TelemetryPanel::updateLegend()
{
    QString text;
    if (!references_.empty()) {
        text = tr("<span style='font-weight:bold'>━</span> live");
        for (std::size_t i = 0; i < references_.size(); ++i) {
            const ReferenceRun& r = references_[i];
            const char* dash = r.style == Qt::DotLine ? "┈" : r.style == Qt::DashDotLine ? "╍" : "╌";
            text += QString("&nbsp;&nbsp;&nbsp;<span style='color:%1;font-weight:bold'>%2</span> %3")
                        .arg(r.color.name(), QString::fromUtf8(dash), r.name.toHtmlEscaped());
            if (i < referenceChanges_.size() && !referenceChanges_[i].isEmpty())
                text += QString(" <i>(%1)</i>").arg(referenceChanges_[i].toHtmlEscaped());
        }
    }
    legend_->setText(text);
    legend_->setToolTip(tr("References are drawn as broad translucent dashed bands under the thin live traces; in "
                           "brackets, what each reference's car differs in from the live car; hovering a chart shows "
                           "live / reference / difference"));
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
    drawnRevision_ = ~std::uint64_t(0);
    refresh();
}

void TelemetryPanel::addDifferenceChart(const QString& channel)
{
    ChartDef def{channel == kTimeChannel ? QStringLiteral("Δt") : QStringLiteral("Δ ") + channel, {channel}, true};
    addChart(def);
}

}  // namespace jounce::widgets
