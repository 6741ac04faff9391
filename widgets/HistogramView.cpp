#include "HistogramView.h"

#include "DisplayUnits.h"
#include "NiceTicks.h"
#include "ReferenceRuns.h"
#include "TelemetryPanel.h"
#include "WheelColors.h"

#include "analysis/MathExpression.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <variant>

namespace jounce::widgets {
namespace {

constexpr int kBins = 20;

/// Damper velocity over a span of frames: the shipped maths channel, so the histogram and
/// `--channel` agree.
const analysis::MathExpression& damperVelocity()
{
    static const analysis::MathExpression e = [] {
        const auto& shipped = analysis::shippedMathChannels();
        const auto d = std::find_if(shipped.begin(), shipped.end(), [](const auto& c) { return c.name == "damperVelocity"; });
        return std::get<analysis::MathExpression>(
            analysis::MathExpression::compile(d->expression, analysis::MathVehicle{kMaxWheels}));
    }();
    return e;
}

}  // namespace

HistogramView::HistogramView(const TelemetryPanel& panel, QWidget* parent) : QWidget(parent), panel_(panel)
{
    channelBox_ = new QComboBox(this);
    channelBox_->setObjectName(QStringLiteral("histogramChannel"));
    channelBox_->addItem(tr("damper velocity"), QString::fromLatin1(kDamperVelocity));
    for (const telemetry::ChannelInfo& c : telemetry::wheelChannels())
        channelBox_->addItem(QString::fromUtf8(c.id.data(), qsizetype(c.id.size())),
                             QString::fromUtf8(c.id.data(), qsizetype(c.id.size())));
    channelBox_->setToolTip(tr("The wheel channel to count (damper velocity: the derivative of jounce)"));
    connect(channelBox_, &QComboBox::currentIndexChanged, this,
            [this] { setChannel(channelBox_->currentData().toString()); });
    spanBox_ = new QComboBox(this);
    spanBox_->addItem(tr("visible span"));
    spanBox_->addItem(tr("between cursors A–B"));
    spanBox_->setToolTip(tr("Count the frames the charts show, or those between cursors A and B"));
    connect(spanBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setSpan(i == 0 ? Span::Visible : Span::Cursors); });
    kneeBox_ = new QDoubleSpinBox(this);  // in the length unit per second, set by recompute()
    kneeBox_->setToolTip(tr("Knee between low- and high-speed damping, for the damper velocity bands"));
    connect(kneeBox_, &QDoubleSpinBox::valueChanged, this, [this](double v) { setKnee(v / kneeFactor_); });
    header_ = new QLabel(this);
    header_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* row = new QHBoxLayout();
    row->addWidget(channelBox_);
    row->addWidget(spanBox_);
    row->addWidget(new QLabel(tr("knee"), this));
    row->addWidget(kneeBox_);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addLayout(row);
    layout->addWidget(header_);
    layout->addStretch(1);
    setMinimumWidth(260);  // no minimum height beyond the controls': the bottom docks share 768 px
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &HistogramView::recompute);
}

void HistogramView::setChannel(const QString& channel)
{
    channel_ = channel;
    const int index = channelBox_->findData(channel);
    if (index >= 0 && index != channelBox_->currentIndex())
        channelBox_->setCurrentIndex(index);
    kneeBox_->setEnabled(channel_ == kDamperVelocity);
    recompute();
}

void HistogramView::setSpan(Span span)
{
    span_ = span;
    if (spanBox_->currentIndex() != int(span))
        spanBox_->setCurrentIndex(int(span));
    recompute();
}

void HistogramView::setKnee(double metresPerSecond)
{
    knee_ = metresPerSecond;
    recompute();
}

std::vector<double> HistogramView::liveValues(int wheel, double t0, double t1) const
{
    const TelemetryHistory& h = panel_.history();
    const std::size_t first = h.lowerBound(t0), last = h.lowerBound(std::min(t1, panel_.dataLimit()) + 1e-9);
    std::vector<double> out;
    if (last <= first)
        return out;
    if (channel_ == kDamperVelocity) {
        const analysis::MathSamples samples{last - first, [&](std::size_t i) { return h.at(first + i).time(); },
                                            [&](std::size_t i, const telemetry::Column& c) { return h.at(first + i).value(c); }};
        out = damperVelocity().evaluate(samples, wheel);
    } else {
        const telemetry::Column c = telemetry::Column::of(*telemetry::wheelChannelFromId(channel_.toStdString()), wheel);
        for (std::size_t i = first; i < last; ++i)
            out.push_back(h.at(i).value(c));
    }
    return out;
}

std::vector<double> HistogramView::referenceValues(std::size_t reference, int wheel, double t0, double t1) const
{
    const sim::TelemetryTrack& track = panel_.references()[reference].run->telemetry;
    const auto [first, last] = referenceRange(panel_.history(), track, t0, t1, panel_.alignment());
    std::vector<double> out;
    if (last <= first || wheel >= track.wheelCount())
        return out;
    if (channel_ == kDamperVelocity) {
        const analysis::MathSamples samples{last - first, [&](std::size_t i) { return track.time(first + i); },
                                            [&](std::size_t i, const telemetry::Column& c) { return track.value(first + i, c); }};
        return damperVelocity().evaluate(samples, wheel);
    }
    const telemetry::Column c = telemetry::Column::of(*telemetry::wheelChannelFromId(channel_.toStdString()), wheel);
    for (std::size_t j = first; j < last; ++j)
        out.push_back(track.value(j, c));
    return out;
}

void HistogramView::recompute()
{
    const TelemetryHistory& h = panel_.history();
    std::tie(t0_, t1_) = panel_.timeRange();
    const auto a = panel_.measureCursor(false), b = panel_.measureCursor(true);
    const bool cursors = span_ == Span::Cursors && a && b;
    if (cursors)
        std::tie(t0_, t1_) = std::minmax(*a, *b);
    t1_ = std::min(t1_, panel_.dataLimit());
    // Damper velocity in the length unit per second (mm/s with mm), not the vehicle speed's km/h.
    const UnitChoices units = DisplayUnits::current();
    Conversion conversion = units.conversion("m");
    if (channel_ == kDamperVelocity)
        conversion.label += "/s";
    else if (const auto w = telemetry::wheelChannelFromId(channel_.toStdString()))
        conversion = units.conversionForChannel(channel_.toStdString(), telemetry::info(*w).unit);
    unit_ = conversion.label;
    showKnee(units.conversion("m"));
    wheels_.clear();
    const int wheelCount = h.empty() ? 0 : h.latest().wheelCount();
    for (int w = 0; w < wheelCount; ++w) {
        std::vector<std::vector<double>> sets{liveValues(w, t0_, t1_)};
        for (std::size_t r = 0; r < panel_.references().size(); ++r)
            sets.push_back(referenceValues(r, w, t0_, t1_));
        double lo = INFINITY, hi = -INFINITY;
        for (std::vector<double>& s : sets)
            for (double& v : s) {
                v = conversion.toDisplay(v);
                if (std::isfinite(v)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            }
        const AxisTicks ticks = niceTicks(lo <= hi ? lo : 0.0, lo <= hi ? hi : 1.0, 4);
        Wheel wheel;
        wheel.live = analysis::histogram(sets[0], ticks.lo, ticks.hi, kBins);
        for (std::size_t r = 1; r < sets.size(); ++r)
            wheel.references.push_back(analysis::histogram(sets[r], ticks.lo, ticks.hi, kBins));
        if (channel_ == kDamperVelocity)
            wheel.bands = analysis::damperBands(sets[0], knee_ * conversion.factor);
        wheels_.push_back(std::move(wheel));
    }
    header_->setText(coverage() + (span_ == Span::Cursors && !cursors ? tr(" (place cursors A and B to count between them)") : QString()));
    update();
}

void HistogramView::showKnee(const Conversion& length)
{
    // The knee in the same unit as the damper velocity axis (mm/s beside mm/s, never a mix).
    kneeFactor_ = length.factor;
    const QSignalBlocker block(kneeBox_);
    kneeBox_->setDecimals(length.factor >= 100.0 ? 0 : 3);
    kneeBox_->setRange(0.001 * length.factor, 1.0 * length.factor);
    kneeBox_->setSingleStep(0.005 * length.factor);
    kneeBox_->setSuffix(" " + length.label + "/s");
    kneeBox_->setValue(knee_ * length.factor);
}

QString HistogramView::coverage() const
{
    const std::size_t frames = wheels_.empty() ? 0 : wheels_.front().live.values;
    return tr("%1 %2 – %3 s, %4 frames, share of time per bin (%5)")
        .arg(span_ == Span::Visible ? tr("visible span") : tr("cursors"), formatNumber(t0_, 1), formatNumber(t1_, 1))
        .arg(frames)
        .arg(unit_.isEmpty() ? tr("no unit") : unit_);
}

void HistogramView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int top = header_->geometry().bottom() + 4;
    const QRectF area(4, top, width() - 8, height() - top - 4);
    const int n = int(wheels_.size());
    if (n == 0 || area.height() < 40) {
        p.drawText(area, Qt::AlignCenter, tr("no telemetry in this span"));
        return;
    }
    const int columns = n <= 4 ? 2 : 4;
    const int rows = (n + columns - 1) / columns;
    const QSizeF cell(area.width() / columns, area.height() / rows);
    for (int w = 0; w < n; ++w)
        paintWheel(p, QRectF(area.topLeft() + QPointF(w % columns * cell.width(), w / columns * cell.height()), cell), w);
}

void HistogramView::paintWheel(QPainter& p, const QRectF& cell, int w) const
{
    const Wheel& wheel = wheels_[std::size_t(w)];
    const QFontMetricsF fm(font());
    QString title = QString::fromStdString(telemetry::wheelLabel(w));
    if (channel_ == kDamperVelocity)
        title += tr("  bump %1 % / %2 %  rebound %3 % / %4 % (slow / fast)")
                     .arg(formatNumber(100 * wheel.bands.bumpLow, 0), formatNumber(100 * wheel.bands.bumpHigh, 0),
                          formatNumber(100 * wheel.bands.reboundLow, 0), formatNumber(100 * wheel.bands.reboundHigh, 0));
    p.setPen(wheelColor(w).darker(130));
    p.drawText(cell.adjusted(2, 0, -2, 0), Qt::AlignLeft | Qt::AlignTop, fm.elidedText(title, Qt::ElideRight, cell.width() - 4));
    const QRectF plot = cell.adjusted(4, fm.height() + 2, -4, -fm.height() - 4);
    if (plot.height() < 10 || wheel.live.share.empty())
        return;
    double top = *std::max_element(wheel.live.share.begin(), wheel.live.share.end());
    for (const analysis::Histogram& r : wheel.references)
        top = std::max(top, r.share.empty() ? 0.0 : *std::max_element(r.share.begin(), r.share.end()));
    top = std::max(top, 1e-9);
    const double binWidth = plot.width() / double(wheel.live.share.size());
    const auto y = [&](double share) { return plot.bottom() - share / top * plot.height(); };
    QColor fill = wheelColor(w);
    fill.setAlpha(150);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    for (std::size_t k = 0; k < wheel.live.share.size(); ++k)
        p.drawRect(QRectF(plot.left() + double(k) * binWidth, y(wheel.live.share[k]), binWidth - 1, plot.bottom() - y(wheel.live.share[k])));
    for (std::size_t r = 0; r < wheel.references.size(); ++r) {
        QPolygonF outline{QPointF(plot.left(), plot.bottom())};
        for (std::size_t k = 0; k < wheel.references[r].share.size(); ++k) {
            outline << QPointF(plot.left() + double(k) * binWidth, y(wheel.references[r].share[k]))
                    << QPointF(plot.left() + double(k + 1) * binWidth, y(wheel.references[r].share[k]));
        }
        outline << QPointF(plot.right(), plot.bottom());
        p.setPen(QPen(panel_.references()[r].color, 1.5, panel_.references()[r].style));
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(outline);
    }
    p.setPen(palette().color(QPalette::Text));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    const double hi = wheel.live.lo + wheel.live.width * double(wheel.live.share.size());
    const int decimals = decimalsFor(niceStep(hi - wheel.live.lo, 4));
    const QRectF labels(plot.left(), plot.bottom() + 1, plot.width(), fm.height());
    p.drawText(labels, Qt::AlignLeft, formatNumber(wheel.live.lo, decimals));
    p.drawText(labels, Qt::AlignRight, formatNumber(hi, decimals) + " " + unit_);
    if (wheel.live.lo < 0.0 && hi > 0.0)
        p.drawText(QRectF(plot.left() + (0.0 - wheel.live.lo) / (hi - wheel.live.lo) * plot.width() - 20, labels.top(), 40,
                          labels.height()), Qt::AlignHCenter, "0");
    p.drawText(plot.adjusted(0, 0, -2, 0), Qt::AlignRight | Qt::AlignTop, tr("%1 %").arg(formatNumber(100 * top, 0)));
}

}  // namespace jounce::widgets
