#include "XYPlot.h"

#include <QActionGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace jounce::widgets {
namespace {

using telemetry::Column;

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

constexpr double kWindows[] = {1.0, 2.0, 5.0, 10.0, 20.0, 30.0};

/// The column a channel box and its wheel box name.
Column columnOf(const QComboBox* channel, const QComboBox* wheel)
{
    const std::string id = channel->currentData().toString().toStdString();
    if (const auto v = telemetry::vehicleChannelFromId(id))
        return Column::of(*v);
    if (const auto w = telemetry::wheelChannelFromId(id))
        return Column::of(*w, std::max(0, wheel->currentIndex()));
    return Column::of(telemetry::VehicleChannel::ForwardSpeed);
}

std::string channelId(const Column& c)
{
    return std::string(c.kind == Column::Kind::Wheel ? telemetry::info(c.wheelChannel).id : telemetry::info(c.vehicle).id);
}

}  // namespace

XYPlot::XYPlot(XYKind kind, QWidget* parent) : QWidget(parent), canvas_(new XYPlotCanvas(state_, this))
{
    state_.selection.kind = kind;
    buildControls();
    canvas_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(canvas_, &QWidget::customContextMenuRequested, this, &XYPlot::showMenu);
    reconfigure();
}

void XYPlot::buildControls()
{
    auto* bar = new QHBoxLayout();
    bar->setContentsMargins(4, 2, 4, 0);
    kindBox_ = new QComboBox(this);
    for (XYKind k : xyKinds())
        kindBox_->addItem(xyKindName(k), static_cast<int>(k));
    kindBox_->setToolTip(tr("What the X–Y plot shows (also on right-click)"));
    connect(kindBox_, &QComboBox::currentIndexChanged, this,
            [this](int) { setKind(static_cast<XYKind>(kindBox_->currentData().toInt())); });
    bar->addWidget(kindBox_, 1);

    windowBox_ = new QComboBox(this);
    for (double s : kWindows)
        windowBox_->addItem(tr("last %1 s").arg(s), s);
    windowBox_->setToolTip(tr("Trailing window: the plot shows the last N seconds of simulated time, older points fading"));
    connect(windowBox_, &QComboBox::currentIndexChanged, this,
            [this](int) { setWindowSeconds(windowBox_->currentData().toDouble()); });
    bar->addWidget(windowBox_);

    freezeButton_ = new QToolButton(this);
    freezeButton_->setText(tr("Freeze"));
    freezeButton_->setCheckable(true);
    freezeButton_->setToolTip(tr("Hold the plot as it is (the simulation keeps running)"));
    connect(freezeButton_, &QToolButton::toggled, this, &XYPlot::setFrozen);
    bar->addWidget(freezeButton_);
    auto* clearButton = new QToolButton(this);
    clearButton->setText(tr("Clear"));
    clearButton->setToolTip(tr("Forget the points shown; new ones start a fresh trail"));
    connect(clearButton, &QToolButton::clicked, this, &XYPlot::clear);
    bar->addWidget(clearButton);

    channelRow_ = new QWidget(this);
    auto* row = new QHBoxLayout(channelRow_);
    row->setContentsMargins(4, 0, 4, 0);
    xChannel_ = new QComboBox(channelRow_);
    xWheel_ = new QComboBox(channelRow_);
    yChannel_ = new QComboBox(channelRow_);
    yWheel_ = new QComboBox(channelRow_);
    row->addWidget(new QLabel(tr("x:"), channelRow_));
    row->addWidget(xChannel_, 1);
    row->addWidget(xWheel_);
    row->addWidget(new QLabel(tr("y:"), channelRow_));
    row->addWidget(yChannel_, 1);
    row->addWidget(yWheel_);
    for (QComboBox* box : {xChannel_, yChannel_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(9);  // the plot fits a narrow dock; the list shows whole ids
        const auto add = [box](const telemetry::ChannelInfo& c) {
            box->addItem(fromView(c.id), fromView(c.id));
            const QString unit = c.unit == "1" ? QString() : QStringLiteral(", %1").arg(fromView(c.unit));
            box->setItemData(box->count() - 1, fromView(c.description) + unit, Qt::ToolTipRole);
        };
        for (const telemetry::ChannelInfo& c : telemetry::vehicleChannels())
            add(c);
        box->insertSeparator(box->count());
        for (const telemetry::ChannelInfo& c : telemetry::wheelChannels())
            add(c);
        connect(box, &QComboBox::currentIndexChanged, this, [this](int) { channelPicked(); });
    }
    xChannel_->setToolTip(tr("Channel on the x axis"));
    yChannel_->setToolTip(tr("Channel on the y axis"));
    for (QComboBox* box : {xWheel_, yWheel_}) {
        box->setToolTip(tr("Wheel of a wheel channel"));
        connect(box, &QComboBox::currentIndexChanged, this, [this](int) { channelPicked(); });
    }
    fillChannelBoxes();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(channelRow_);
    layout->addWidget(canvas_, 1);
}

void XYPlot::fillChannelBoxes()
{
    for (QComboBox* box : {xWheel_, yWheel_}) {
        const QSignalBlocker block(box);
        const int current = box->currentIndex();
        box->clear();
        for (int w = 0; w < wheelCount_; ++w)
            box->addItem(QString::fromStdString(telemetry::wheelLabel(w)));
        box->setCurrentIndex(std::clamp(current, 0, wheelCount_ - 1));
    }
}

void XYPlot::channelPicked()
{
    setChannels(columnOf(xChannel_, xWheel_), columnOf(yChannel_, yWheel_));
}

void XYPlot::syncControls()
{
    const QSignalBlocker b1(kindBox_), b2(windowBox_), b3(freezeButton_), b4(xChannel_), b5(xWheel_), b6(yChannel_), b7(yWheel_);
    kindBox_->setCurrentIndex(kindBox_->findData(static_cast<int>(state_.selection.kind)));
    int w = windowBox_->findData(state_.window);
    if (w < 0) {
        windowBox_->addItem(tr("last %1 s").arg(state_.window), state_.window);
        w = windowBox_->count() - 1;
    }
    windowBox_->setCurrentIndex(w);
    freezeButton_->setChecked(frozen_);
    channelRow_->setVisible(state_.selection.kind == XYKind::Channels);
    const auto sync = [](QComboBox* channel, QComboBox* wheel, const Column& c) {
        channel->setCurrentIndex(channel->findData(QString::fromStdString(channelId(c))));
        wheel->setEnabled(c.kind == Column::Kind::Wheel);
        if (c.kind == Column::Kind::Wheel)
            wheel->setCurrentIndex(c.wheel);
    };
    sync(xChannel_, xWheel_, state_.selection.x);
    sync(yChannel_, yWheel_, state_.selection.y);
}

void XYPlot::showMenu(const QPoint& position)
{
    QMenu menu(this);
    auto* kinds = new QActionGroup(&menu);
    for (XYKind k : xyKinds()) {
        QAction* a = menu.addAction(xyKindName(k), this, [this, k] { setKind(k); });
        a->setCheckable(true);
        a->setChecked(k == kind());
        kinds->addAction(a);
    }
    menu.addSeparator();
    QMenu* window = menu.addMenu(tr("Trailing window"));
    for (double s : kWindows) {
        QAction* a = window->addAction(tr("last %1 s").arg(s), this, [this, s] { setWindowSeconds(s); });
        a->setCheckable(true);
        a->setChecked(s == state_.window);
    }
    QAction* freeze = menu.addAction(tr("Freeze"), this, [this](bool on) { setFrozen(on); });
    freeze->setCheckable(true);
    freeze->setChecked(frozen_);
    menu.addAction(tr("Clear"), this, &XYPlot::clear);
    menu.exec(canvas_->mapToGlobal(position));
}

void XYPlot::setVehicle(const VehicleConfig& config)
{
    state_.vehicle = xyVehicleInfo(config);
    state_.hasVehicle = true;
    wheelCount_ = std::max(1, state_.vehicle.wheelCount);
    fillChannelBoxes();
    reconfigure();
}

void XYPlot::setKind(XYKind kind)
{
    if (kind == state_.selection.kind)
        return;
    state_.selection.kind = kind;
    reconfigure();
    emit kindChanged(kind);
}

void XYPlot::setChannels(const Column& x, const Column& y)
{
    const bool kindChange = state_.selection.kind != XYKind::Channels;
    state_.selection.kind = XYKind::Channels;
    state_.selection.x = x;
    state_.selection.y = y;
    reconfigure();
    if (kindChange)
        emit kindChanged(XYKind::Channels);
}

void XYPlot::setWindowSeconds(double seconds)
{
    if (!(seconds > 0.0) || !std::isfinite(seconds) || seconds == state_.window)
        return;
    state_.window = seconds;
    for (XYPlotTrail& t : state_.trails)
        t.setWindow(seconds);
    if (history_)
        refill();
    syncControls();
    canvas_->update();
}

void XYPlot::setReferences(std::vector<ReferenceRun> references)
{
    state_.references = std::move(references);
    canvas_->update();
}

void XYPlot::setUnitMapper(XYUnitMapper mapper)
{
    state_.units = mapper ? std::move(mapper) : XYUnitMapper(defaultXYUnit);
    ++state_.revision;
    canvas_->update();
}

void XYPlot::reconfigure(bool refillFromHistory)
{
    state_.def = xyKindDef(state_.selection, wheelCount_);
    ++state_.revision;
    const auto n = static_cast<std::size_t>(state_.def.series);
    if (state_.trails.size() != n)
        state_.trails.resize(n);
    for (XYPlotTrail& t : state_.trails) {
        t.clear();
        t.setWindow(state_.window);
    }
    if (refillFromHistory)
        refill();
    syncControls();
    canvas_->updateGeometry();  // the friction circles' minimum size differs from the others'
    canvas_->update();
}

void XYPlot::setHistory(const TelemetryHistory* history)
{
    history_ = history;
    refill();
    canvas_->update();
}

void XYPlot::refill()
{
    if (!history_ || history_->empty()) {
        for (XYPlotTrail& t : state_.trails)
            t.clear();
        return;
    }
    showHistory(*history_, frozen_ ? shownEnd_ : history_->endTime());
}

void XYPlot::showHistory(const TelemetryHistory& history, double end)
{
    for (XYPlotTrail& t : state_.trails)
        t.clear();
    shownEnd_ = state_.end = end;
    for (std::size_t i = history.lowerBound(end - state_.window); i < history.size() && history.at(i).time() <= end; ++i)
        for (int s = 0; s < seriesCount(); ++s) {
            const QPointF v = xyValue(state_.selection, history.at(i), s);
            state_.trails[std::size_t(s)].add(history.at(i).time(), v.x(), v.y());
        }
    canvas_->update();
}

void XYPlot::append(std::span<const telemetry::Frame> frames)
{
    if (frozen_ || frames.empty())
        return;
    // Without a vehicle the frames say how many wheels there are (one friction circle each).
    if (!state_.hasVehicle && frames.back().wheelCount() != wheelCount_ && frames.back().wheelCount() > 0) {
        wheelCount_ = frames.back().wheelCount();
        fillChannelBoxes();
        reconfigure(false);
    }
    for (const telemetry::Frame& f : frames)
        for (int s = 0; s < seriesCount(); ++s) {
            const QPointF v = xyValue(state_.selection, f, s);
            state_.trails[std::size_t(s)].add(f.time(), v.x(), v.y());
        }
    shownEnd_ = state_.end = frames.back().time();
    canvas_->update();
}

void XYPlot::setFrozen(bool frozen)
{
    if (frozen == frozen_)
        return;
    frozen_ = frozen;
    if (!frozen_ && history_)
        refill();
    syncControls();
    canvas_->update();
    emit frozenChanged(frozen_);
}

void XYPlot::clear()
{
    for (XYPlotTrail& t : state_.trails)
        t.clear();
    canvas_->update();
}

}  // namespace jounce::widgets
