// TelemetryPanel: what the charts show and how the mouse and keyboard move it -- the shared time
// span (live, paused, zoomed, panned, scrolled), aligned plot areas, the measurement cursors and
// their table, event markers, and exports of exactly what is shown.

#include "TelemetryPanel.h"

#include "CursorRows.h"
#include "CursorTable.h"
#include "DisplayUnits.h"
#include "VisibleCsv.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QImage>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QSaveFile>
#include <QTextDocument>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <utility>

namespace jounce::widgets {
namespace {

constexpr double kScrollResolution = 100.0;  // scroll bar steps per second (10 ms)

QColor eventColor(ChartEventKind kind)
{
    switch (kind) {
    case ChartEventKind::Edit: return QColor(200, 80, 0);
    case ChartEventKind::Gear: return QColor(60, 60, 160);
    case ChartEventKind::Phase: return QColor(20, 120, 120);
    case ChartEventKind::WheelLift: return QColor(170, 120, 0);
    case ChartEventKind::BumpStop: return QColor(180, 0, 40);
    }
    return Qt::gray;
}

/// Asks for a fixed value range; nullopt when cancelled.
std::optional<std::pair<double, double>> askRange(QWidget* parent, const QString& title, double lo, double hi)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* form = new QFormLayout(&dialog);
    auto* min = new QDoubleSpinBox(&dialog);
    auto* max = new QDoubleSpinBox(&dialog);
    for (QDoubleSpinBox* box : {min, max}) {
        box->setRange(-1e9, 1e9);
        box->setDecimals(4);
    }
    min->setValue(lo);
    max->setValue(hi);
    form->addRow(QObject::tr("Minimum"), min);
    form->addRow(QObject::tr("Maximum"), max);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || !(max->value() > min->value()))
        return std::nullopt;
    return std::pair{min->value(), max->value()};
}

}  // namespace

std::pair<double, double> TelemetryPanel::timeRange() const
{
    return view_.range(history_.startTime(), history_.endTime());
}

bool TelemetryPanel::refresh()
{
    const std::pair<double, double> range = timeRange();
    if (history_.revision() == drawnRevision_ && range == drawnRange_)
        return false;
    drawCharts(false);
    updateMarkers(range.first, range.second);
    if (cursor_)
        for (TelemetryChart* c : charts_)
            c->setCursor(history_, cursor_, alignment_);
    if (cursorA_ || cursorB_)
        updateCursorTable();
    if (paused())
        updateScrollBar();
    drawnRevision_ = history_.revision();
    drawnRange_ = range;
    return true;
}

bool TelemetryPanel::onScreen(const TelemetryChart* chart) const
{
    // Hidden panels (tests, exports of a panel not shown) draw every chart.
    return !area_->isVisible() || !chart->visibleRegion().isEmpty();
}

void TelemetryPanel::drawCharts(bool all)
{
    // Only the charts in the scroll area's view: replacing a series costs QtCharts about 0.3 us a
    // point (it strokes the line's shape), and at 1366x768 most charts are scrolled out of view.
    // The others are drawn when they come into view (drawStaleCharts).
    const std::pair<double, double> range = timeRange();
    const double limit = dataLimit();
    stale_.assign(charts_.size(), false);
    for (std::size_t i = 0; i < charts_.size(); ++i) {
        if (all || onScreen(charts_[i]))
            charts_[i]->refresh(history_, range.first, range.second, limit, alignment_);
        else
            stale_[i] = true;
    }
}

void TelemetryPanel::drawStaleCharts()
{
    const std::pair<double, double> range = timeRange();
    for (std::size_t i = 0; i < charts_.size() && i < stale_.size(); ++i)
        if (stale_[i] && onScreen(charts_[i])) {
            stale_[i] = false;
            charts_[i]->refresh(history_, range.first, range.second, dataLimit(), alignment_);
            if (cursor_)
                charts_[i]->setCursor(history_, cursor_, alignment_);
        }
}

void TelemetryPanel::alignPlotAreas()
{
    // One left edge for every chart, the widest value labels' need: a time is at the same x on
    // every chart and the shared hover cursor lines up.
    double left = 0.0;
    for (const TelemetryChart* c : charts_)
        left = std::max(left, c->naturalPlotLeft().value_or(0.0));
    for (TelemetryChart* c : charts_)
        c->setPlotLeft(left);
}

void TelemetryPanel::plotAreasChanged()
{
    plotAreaCheckQueued_ = false;
    alignPlotAreas();
    drawStaleCharts();
    for (const TelemetryChart* c : charts_)
        if (!c->drawnForPlotSize() && onScreen(c)) {
            drawnRange_ = {0.0, -1.0};
            refresh();
            return;
        }
}

void TelemetryPanel::viewChanged()
{
    drawnRange_ = {0.0, -1.0};
    const bool frozen = paused();
    if (pauseButton_->isChecked() != frozen) {
        const QSignalBlocker block(pauseButton_);
        pauseButton_->setChecked(frozen);
        pauseButton_->setText(frozen ? tr("Resume live graphs") : tr("Pause graphs"));
        scroll_->setEnabled(frozen);
        emit pausedChanged(frozen);
    }
    refresh();
}

void TelemetryPanel::setWindowSeconds(double seconds)
{
    window_ = seconds;
    const int index = windowBox_->findData(static_cast<int>(seconds));
    if (index >= 0 && index != windowBox_->currentIndex())
        windowBox_->setCurrentIndex(index);
    if (paused()) {
        const auto [start, end] = timeRange();
        view_.zoom(seconds / (end - start), end, history_.startTime(), history_.endTime());
    } else {
        view_.follow(seconds);
    }
    viewChanged();
}

void TelemetryPanel::setPaused(bool paused)
{
    const bool wasPaused = this->paused();
    if (paused)
        view_.freeze(history_.startTime(), history_.endTime());
    else
        view_.follow(view_.span());
    pauseButton_->setText(paused ? tr("Resume live graphs") : tr("Pause graphs"));
    scroll_->setEnabled(paused);
    if (pauseButton_->isChecked() != paused) {
        const QSignalBlocker block(pauseButton_);
        pauseButton_->setChecked(paused);
    }
    drawnRange_ = {0.0, -1.0};
    refresh();
    if (paused)
        updateScrollBar();
    if (wasPaused != paused)
        emit pausedChanged(paused);
}

void TelemetryPanel::updateScrollBar()
{
    // The bar moves the view's right edge over everything kept up to the moment of freezing.
    const auto [start, end] = timeRange();
    const double span = end - start;
    const double lo = std::min(history_.startTime() + span, end);
    const double hi = std::max({lo, dataLimit(), end});
    const QSignalBlocker block(scroll_);
    scroll_->setRange(static_cast<int>(std::floor(lo * kScrollResolution)),
                      static_cast<int>(std::ceil(hi * kScrollResolution)));
    scroll_->setPageStep(std::max(1, static_cast<int>(span * kScrollResolution)));
    scroll_->setSingleStep(std::max(1, static_cast<int>(span * kScrollResolution / 20)));
    scroll_->setValue(static_cast<int>(std::lround(end * kScrollResolution)));
}

void TelemetryPanel::scrolled(int value)
{
    if (!paused())
        return;
    view_.scrollTo(value / kScrollResolution);
    drawnRange_ = {0.0, -1.0};
    refresh();
}

void TelemetryPanel::zoomTime(double factor, double around)
{
    view_.zoom(factor, around, history_.startTime(), history_.endTime());
    viewChanged();
}

void TelemetryPanel::zoomTimeAt(double factor, double around)
{
    view_.freeze(history_.startTime(), history_.endTime());
    zoomTime(factor, around);
}

void TelemetryPanel::panTime(double dt)
{
    view_.pan(dt, history_.startTime(), history_.endTime());
    viewChanged();
}

void TelemetryPanel::showTimeRange(double start, double end)
{
    view_.show(start, end, history_.startTime(), history_.endTime());
    viewChanged();
}

void TelemetryPanel::resetView()
{
    view_.follow(window_);
    for (TelemetryChart* c : charts_)
        c->setValueMode(ValueRange::Mode::Auto);
    viewChanged();
}

void TelemetryPanel::setCursorTime(std::optional<double> t)
{
    cursor_ = t;
    for (TelemetryChart* c : charts_)
        c->setCursor(history_, t, alignment_);
}

void TelemetryPanel::setMeasureCursor(bool b, std::optional<double> t)
{
    (b ? cursorB_ : cursorA_) = t;
    for (TelemetryChart* c : charts_)
        c->setMeasureCursors(cursorA_, cursorB_);
    updateCursorTable();
}

void TelemetryPanel::updateCursorTable()
{
    cursorTable_->show(cursorA_, cursorB_,
                       cursorRows(charts_, history_, references_, CursorSpan{cursorA_, cursorB_, dataLimit(), alignment_}));
}

void TelemetryPanel::setPhaseMarks(std::vector<std::pair<double, std::string>> phases)
{
    if (phases == phases_)
        return;
    phases_ = std::move(phases);
    drawnRange_ = {0.0, -1.0};
    refresh();
}

void TelemetryPanel::setEventsShown(ChartEventKind kind, bool shown)
{
    eventShown_[std::size_t(kind)] = shown;
    const QList<QAction*> actions = markersButton_->menu()->actions();
    if (int(kind) < actions.size() && actions[int(kind)]->isChecked() != shown) {
        const QSignalBlocker block(actions[int(kind)]);
        actions[int(kind)]->setChecked(shown);
    }
    drawnRange_ = {0.0, -1.0};
    refresh();
}

void TelemetryPanel::updateMarkers(double start, double end)
{
    std::vector<TelemetryChart::Marker> shown;
    if (eventShown_[std::size_t(ChartEventKind::Edit)])
        shown = markers_;
    if (eventShown_[std::size_t(ChartEventKind::Phase)])
        for (const auto& [t, name] : phases_)
            if (t >= start && t <= end)
                shown.push_back({t, QString::fromStdString(name), eventColor(ChartEventKind::Phase)});
    const std::size_t first = history_.lowerBound(start);
    const std::size_t last = history_.lowerBound(std::min(end, dataLimit()) + 1e-9);
    for (const ChartEvent& e : findChartEvents(history_, first, last, eventVehicle_))
        if (eventShown_[std::size_t(e.kind)])
            shown.push_back({e.time, QString::fromStdString(e.text), eventColor(e.kind)});
    std::stable_sort(shown.begin(), shown.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    if (shown.size() == shownMarkers_.size() &&
        std::equal(shown.begin(), shown.end(), shownMarkers_.begin(),
                   [](const auto& a, const auto& b) { return a.time == b.time && a.text == b.text; }))
        return;
    shownMarkers_ = shown;
    for (TelemetryChart* c : charts_)
        c->setMarkers(shown);
}

void TelemetryPanel::connectChart(TelemetryChart* chart)
{
    chart->setMeasureCursors(cursorA_, cursorB_);
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(chart, &QWidget::customContextMenuRequested, this, [this, chart](const QPoint& pos) { chartMenu(chart, pos); });
    connect(chart, &TelemetryChart::hovered, this, &TelemetryPanel::setCursorTime);
    HoverChartView::Navigation nav;
    nav.zoomTime = [this](double factor, double t) { zoomTimeAt(factor, t); };
    connect(chart, &TelemetryChart::plotAreaChanged, this, [this] {
        // Once per turn of the event loop however many charts were laid out.
        if (!std::exchange(plotAreaCheckQueued_, true))
            QMetaObject::invokeMethod(this, &TelemetryPanel::plotAreasChanged, Qt::QueuedConnection);
    });
    nav.pan = [this](double dt, double) { panTime(dt); };
    nav.zoomBox = [this](const QRectF& values) { showTimeRange(values.left(), values.right()); };
    nav.placeCursor = [this](double t, bool b) { setMeasureCursor(b, t); };
    nav.reset = [this] { resetView(); };
    chart->setNavigation(std::move(nav));
}

void TelemetryPanel::chartMenu(TelemetryChart* chart, const QPoint& pos)
{
    const double t = chart->view()->valueAt(chart->view()->mapFrom(chart, pos)).x();
    QMenu menu;
    QMenu* axis = menu.addMenu(tr("Value axis"));
    QAction* automatic = axis->addAction(tr("Auto (fit the data in view)"));
    QAction* grow = axis->addAction(tr("Auto, never shrink"));
    QAction* fixed = axis->addAction(tr("Fixed range…"));
    for (QAction* a : {automatic, grow, fixed})
        a->setCheckable(true);
    const ValueRange::Mode mode = chart->valueRange().mode();
    automatic->setChecked(mode == ValueRange::Mode::Auto);
    grow->setChecked(mode == ValueRange::Mode::Grow);
    fixed->setChecked(mode == ValueRange::Mode::Fixed);
    QAction* placeA = menu.addAction(tr("Place cursor A here"));
    QAction* placeB = menu.addAction(tr("Place cursor B here"));
    QAction* clear = menu.addAction(tr("Clear cursors"));
    clear->setEnabled(cursorA_ || cursorB_);
    QAction* reset = menu.addAction(tr("Reset view\tHome"));
    menu.addSeparator();
    QAction* remove = menu.addAction(tr("Remove this chart"));
    QAction* chosen = menu.exec(chart->mapToGlobal(pos));
    if (chosen == automatic) {
        chart->setValueMode(ValueRange::Mode::Auto);
    } else if (chosen == grow) {
        chart->setValueMode(ValueRange::Mode::Grow);
    } else if (chosen == fixed) {
        const AxisTicks& ticks = chart->valueTicks();
        if (auto r = askRange(this, tr("%1: fixed range").arg(chart->spec().title), ticks.lo, ticks.hi))
            chart->setValueMode(ValueRange::Mode::Fixed, r->first, r->second);
    } else if (chosen == placeA || chosen == placeB) {
        setMeasureCursor(chosen == placeB, t);
    } else if (chosen == clear) {
        setMeasureCursor(false, std::nullopt);
        setMeasureCursor(true, std::nullopt);
    } else if (chosen == reset) {
        resetView();
    } else if (chosen == remove) {
        const auto it = std::find(charts_.begin(), charts_.end(), chart);
        defs_.erase(defs_.begin() + (it - charts_.begin()));
        QMetaObject::invokeMethod(this, [this] { rebuild(); }, Qt::QueuedConnection);
    }
}

void TelemetryPanel::keyPressEvent(QKeyEvent* event)
{
    const auto [start, end] = timeRange();
    switch (event->key()) {
    case Qt::Key_Home: resetView(); break;
    case Qt::Key_Escape:
        setMeasureCursor(false, std::nullopt);
        setMeasureCursor(true, std::nullopt);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomTime(0.5, 0.5 * (start + end)); break;
    case Qt::Key_Minus: zoomTime(2.0, 0.5 * (start + end)); break;
    case Qt::Key_Left: panTime(-0.1 * (end - start)); break;
    case Qt::Key_Right: panTime(0.1 * (end - start)); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

QSize TelemetryPanel::chartsSize() const { return chartHost_->size(); }

void TelemetryPanel::layOutCharts(const std::vector<QSize>& sizes)
{
    for (std::size_t i = 0; i < charts_.size(); ++i) {
        charts_[i]->resize(sizes[i]);
        charts_[i]->layOut();
    }
    drawCharts(true);  // decimation and ticks for these sizes, every chart
    for (TelemetryChart* c : charts_)
        c->layOut();  // the new ticks' labels
    alignPlotAreas();
    for (TelemetryChart* c : charts_)
        c->layOut();
}

QImage TelemetryPanel::exportImage(QSize size)
{
    refresh();
    std::vector<QSize> onScreen, exported;
    int chartsHeight = 0;
    for (const TelemetryChart* c : charts_) {
        onScreen.push_back(c->size());
        chartsHeight += c->height();
    }
    QTextDocument legend;
    legend.setHtml(references_.empty() ? QString() : legend_->text());
    legend.setDefaultFont(legend_->font());
    const QSize natural(chartHost_->width(), chartsHeight);
    const QSize target = size.isValid() && !size.isEmpty() ? size : natural;
    legend.setTextWidth(target.width());
    const int legendHeight = legend.isEmpty() ? 0 : int(std::ceil(legend.size().height()));
    // Re-laid at the target size, not the screen's picture stretched: text keeps its size and the
    // ticks, the decimation and the aligned plot areas are those of the exported charts. Each chart
    // gets its minimum height and a share of the rest as on screen; only a target too small for the
    // minimums scales the whole down.
    int minimums = 0, extras = 0;
    for (const TelemetryChart* c : charts_) {
        minimums += c->minimumSizeHint().height();
        extras += std::max(0, c->height() - c->minimumSizeHint().height());
    }
    const int room = std::max(0, target.height() - legendHeight - minimums);
    int height = 0;
    for (const TelemetryChart* c : charts_) {
        const int extra = std::max(0, c->height() - c->minimumSizeHint().height());
        const int share = extras > 0 ? room * extra / extras : room / int(charts_.size());
        exported.emplace_back(target.width(), c->minimumSizeHint().height() + share);
        height += exported.back().height();
    }
    layOutCharts(exported);
    QImage image(target, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const double scale = std::min(1.0, double(target.height()) / std::max(1, legendHeight + height));
    painter.scale(scale, scale);
    legend.drawContents(&painter);
    int y = legendHeight;
    for (std::size_t i = 0; i < charts_.size(); ++i) {
        charts_[i]->render(&painter, QPoint(0, y));
        y += exported[i].height();
    }
    painter.end();
    layOutCharts(onScreen);
    return image;
}

QString TelemetryPanel::exportPng(const QString& path, QSize size)
{
    const QImage image = exportImage(size);
    // Written to a temporary file renamed over the target: a failure leaves an old file whole.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    return {};
}

std::string TelemetryPanel::visibleCsv() const
{
    // The visible traces' columns, in chart order, each once.
    std::vector<telemetry::Column> columns;
    for (const TelemetryChart* c : charts_)
        for (const TelemetryChart::Trace& t : c->spec().traces)
            if (std::find(columns.begin(), columns.end(), t.column) == columns.end())
                columns.push_back(t.column);
    const auto [start, end] = timeRange();
    return widgets::visibleCsv(history_, columns, references_, CsvSpan{start, end, dataLimit(), alignment_});
}

QString TelemetryPanel::exportCsv(const QString& path) const
{
    const std::string csv = visibleCsv();
    QSaveFile file(path);  // atomic, as exportPng
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(csv.data(), static_cast<qint64>(csv.size())) != static_cast<qint64>(csv.size()) || !file.commit())
        return tr("Could not write %1: %2").arg(path, file.errorString());
    return {};
}

}  // namespace jounce::widgets
