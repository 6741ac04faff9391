#include "CurveEditor.h"

#include "DisplayUnits.h"
#include "NiceTicks.h"
#include "WheelColors.h"
#include "telemetry/Channels.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

namespace {

/// Dragged values keep 4 significant digits, so a drag does not store noise from the pixel grid.
double roundSignificant(double v)
{
    if (v == 0.0 || !std::isfinite(v))
        return v;
    const double scale = std::pow(10.0, 3 - std::floor(std::log10(std::fabs(v))));
    return std::round(v * scale) / scale;
}

/// A header longer than 12 characters broken at the space nearest its middle.
QString twoLines(QString text)
{
    if (text.size() <= 12)
        return text;
    qsizetype best = -1;
    for (qsizetype i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1))
        if (best < 0 || std::abs(i - text.size() / 2) < std::abs(best - text.size() / 2))
            best = i;
    if (best > 0)
        text[best] = '\n';
    return text;
}

}  // namespace

/// Chart view that hands mouse presses, drags and releases to the editor in chart coordinates.
class CurveChartView final : public QChartView {
public:
    CurveChartView(QChart* chart, CurveEditor* owner) : QChartView(chart), owner_(owner) {}

protected:
    QPointF position(QMouseEvent* e) const { return chart()->mapFromScene(mapToScene(e->position().toPoint())); }
    void mousePressEvent(QMouseEvent* e) override
    {
        if (e->button() == Qt::LeftButton)
            owner_->pressAt(position(e));
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (e->buttons() & Qt::LeftButton)
            owner_->dragTo(position(e), e->modifiers());
    }
    void mouseReleaseEvent(QMouseEvent* e) override
    {
        if (e->button() == Qt::LeftButton)
            owner_->release();
    }

private:
    CurveEditor* owner_;
};

CurveEditor::CurveEditor(QWidget* parent) : QWidget(parent)
{
    curveBox_ = new QComboBox(this);
    curveBox_->setToolTip(tr("The curve to edit"));
    wheelBox_ = new QComboBox(this);
    wheelBox_->setToolTip(tr("The wheel whose curve is shown (per-wheel curves)"));
    connect(curveBox_, &QComboBox::activated, this, [this](int) {
        currentId_ = curveBox_->currentData().toString();
        redraw();
    });
    connect(wheelBox_, &QComboBox::activated, this, [this](int i) {
        wheel_ = i;
        rebuild();
    });

    buildChart();
    buildTable();

    auto* top = new QHBoxLayout();
    top->addWidget(curveBox_, 1);
    top->addWidget(wheelBox_);
    split_ = new QSplitter(Qt::Horizontal, this);
    split_->addWidget(view_);
    split_->addWidget(table_);
    split_->setStretchFactor(0, 1);
    split_->setStretchFactor(1, 0);
    split_->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(split_, 1);

    // New display units: labels, table and points in the new unit, and axes chosen afresh for it.
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        rangeCurve_.clear();
        rebuild();
    });
}

void CurveEditor::buildChart()
{
    chart_ = new QChart();
    chart_->setAnimationOptions(QChart::NoAnimation);
    // QtCharts' default margins (some 30 px a side) left the axis titles of a 280×220 chart (the
    // Curves dock beside its table at 1366×768) too short a plot to be written whole.
    chart_->setMargins(QMargins(4, 4, 4, 4));
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->legend()->setVisible(true);
    chart_->legend()->setAlignment(Qt::AlignBottom);
    xAxis_ = new QValueAxis();
    yAxis_ = new QValueAxis();
    chart_->addAxis(xAxis_, Qt::AlignBottom);
    chart_->addAxis(yAxis_, Qt::AlignLeft);
    operating_ = new QScatterSeries();
    operating_->setName(tr("live"));
    operating_->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    operating_->setMarkerSize(11);
    operating_->setColor(QColor(220, 30, 30));
    operating_->setBorderColor(Qt::white);
    chart_->addSeries(operating_);
    connect(chart_, &QChart::plotAreaChanged, this, &CurveEditor::queuePlotAreaCheck);
    for (QValueAxis* axis : {xAxis_, yAxis_})
        axis->setLabelFormat("%.6g");
    view_ = new CurveChartView(chart_, this);
    view_->setMinimumSize(280, 220);
    view_->setToolTip(tr("<p>Drag a point to change it: one undoable edit when you release. The axes hold still "
                         "during a drag.</p><p>A coordinate stays exactly as it was until the mouse has moved %1 "
                         "pixels along its axis, so a vertical drag keeps x; hold Shift to move along one axis "
                         "only. Points with a fixed x (the first friction point, camber, gears) move vertically "
                         "only. Dragged values are rounded to 4 significant digits.</p><p>Per-wheel curves follow "
                         "the link box of the parameters (Left = right: the partner wheel gets the same edit; toe, "
                         "camber and lateral positions negated).</p><p>The red square is where the vehicle is on "
                         "the curve now.</p>")
                          .arg(kDragThreshold));
}

void CurveEditor::buildTable()
{
    table_ = new QTableWidget(this);
    table_->setMinimumWidth(120);
    table_->verticalHeader()->setVisible(false);
    table_->setToolTip(tr("The points as numbers; edit a cell to change a point"));
    connect(table_, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (updatingTable_ || !current() || column == 0)
            return;
        const CurveDef& d = *current();
        // Columns: x, then y of each series.
        const int series = column - 1;
        if (series >= int(d.series.size()) || row >= int(d.series[std::size_t(series)].points.size()))
            return;
        const CurvePoint& p = d.series[std::size_t(series)].points[std::size_t(row)];
        const std::optional<double> typed = parseNumber(table_->item(row, column)->text());  // display unit
        if (!typed) {
            emit message(tr("Not a number"));
            fillTable();
            return;
        }
        // x exactly as stored: the x cell shows it rounded to 6 digits.
        const QString err = applyPoint(series, row, p.x, *typed / d.yScale, tr("Edit %1").arg(QString::fromStdString(d.title)));
        if (!err.isEmpty()) {
            emit message(tr("Refused: %1").arg(err));
            fillTable();
        }
    });
    connect(table_, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (updatingTable_ || !current() || column != 0)
            return;
        const CurveDef& d = *current();
        const CurvePoint& p = d.series[0].points[std::size_t(row)];
        const std::optional<double> typed = parseNumber(table_->item(row, 0)->text());  // display unit
        const QString err = typed ? applyPoint(0, row, *typed / d.xScale, p.y, tr("Edit %1").arg(QString::fromStdString(d.title)))
                                  : tr("Not a number");
        if (!err.isEmpty()) {
            emit message(tr("Refused: %1").arg(err));
            fillTable();
        }
    });
}

void CurveEditor::setVehicle(const VehicleConfig& config)
{
    config_ = config;
    const int wheels = static_cast<int>(config_.wheels.size());
    if (wheelBox_->count() != wheels) {
        wheelBox_->clear();
        for (int w = 0; w < wheels; ++w)
            wheelBox_->addItem(QString::fromStdString(telemetry::wheelLabel(w)));
        wheel_ = std::min(wheel_, std::max(0, wheels - 1));
        wheelBox_->setCurrentIndex(wheel_);
    }
    rebuild();
}

void CurveEditor::rebuild()
{
    defs_ = curveDefinitions(config_, wheel_);
    const QSignalBlocker block(curveBox_);
    curveBox_->clear();
    for (const CurveDef& d : defs_)
        curveBox_->addItem(QString::fromStdString(d.title), QString::fromStdString(d.id));
    int index = curveBox_->findData(currentId_);
    if (index < 0)
        index = 0;
    curveBox_->setCurrentIndex(index);
    currentId_ = curveBox_->currentData().toString();
    if (drag_.index < 0)
        redraw();
}

const CurveDef* CurveEditor::current() const
{
    for (const CurveDef& d : defs_)
        if (QString::fromStdString(d.id) == currentId_)
            return &d;
    return nullptr;
}

QStringList CurveEditor::curveIds() const
{
    QStringList ids;
    for (const CurveDef& d : defs_)
        ids << QString::fromStdString(d.id);
    return ids;
}

bool CurveEditor::showCurve(const QString& id, int wheel)
{
    wheel_ = std::clamp(wheel, 0, std::max(0, wheelBox_->count() - 1));
    wheelBox_->setCurrentIndex(wheel_);
    currentId_ = id;
    rebuild();
    return current() != nullptr;
}

void CurveEditor::redraw()
{
    for (QScatterSeries* s : points_) {
        chart_->removeSeries(s);
        delete s;
    }
    for (QLineSeries* s : lines_) {
        chart_->removeSeries(s);
        delete s;
    }
    points_.clear();
    lines_.clear();
    const CurveDef* d = current();
    wheelBox_->setEnabled(d && d->perWheel);
    if (!d) {
        chart_->setTitle(tr("No curve"));
        return;
    }
    // The curve box above names the curve: no chart title, so the axes get the height.
    chart_->setTitle(QString());
    fitAxisTitles();
    for (std::size_t s = 0; s < d->series.size(); ++s) {
        const CurveSeries& cs = d->series[s];
        const QColor colour = d->perWheel ? wheelColor(wheel_) : traceColor(int(s) + 1);
        auto* line = new QLineSeries();
        line->setName(QString::fromStdString(cs.name));
        line->setPen(QPen(colour, 2, d->stepwise ? Qt::DotLine : Qt::SolidLine));
        auto* pts = new QScatterSeries();
        pts->setName(tr("%1 points").arg(QString::fromStdString(cs.name)));
        pts->setColor(colour);
        pts->setMarkerSize(12);
        for (const CurvePoint& p : cs.points) {
            pts->append(p.x * d->xScale, p.y * d->yScale);
            line->append(p.x * d->xScale, p.y * d->yScale);
        }
        if (s == 0 && !d->line.empty()) {
            line->clear();
            for (auto [x, y] : d->line)
                line->append(x * d->xScale, y * d->yScale);
        }
        for (QXYSeries* series : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(pts)}) {
            chart_->addSeries(series);
            series->attachAxis(xAxis_);
            series->attachAxis(yAxis_);
        }
        // The points are the line's handles: one legend entry per curve is enough.
        for (QLegendMarker* marker : chart_->legend()->markers(pts))
            marker->setVisible(false);
        lines_.push_back(line);
        points_.push_back(pts);
    }
    // The family (the force at other loads) in trace colours, thinner, so the edited line leads;
    // from green on, as red is the live marker's.
    for (std::size_t f = 0; f < d->family.size(); ++f) {
        auto* line = new QLineSeries();
        line->setName(QString::fromStdString(d->family[f].name));
        line->setPen(QPen(traceColor(int(f) + 3), 1.5, Qt::DashLine));
        for (auto [x, y] : d->family[f].points)
            line->append(x * d->xScale, y * d->yScale);
        chart_->addSeries(line);
        line->attachAxis(xAxis_);
        line->attachAxis(yAxis_);
        lines_.push_back(line);
    }
    // Qt Charts (6.4) has no z value for a series: series are drawn in the order they were added,
    // so the live marker is added again after the nodes, to be drawn above them.
    chart_->removeSeries(operating_);
    chart_->addSeries(operating_);
    operating_->attachAxis(xAxis_);
    operating_->attachAxis(yAxis_);
    updateRanges(*d);
    fillTable();
    updateOperatingPoint();
}

void CurveEditor::fillTable()
{
    updatingTable_ = true;
    const CurveDef* d = current();
    table_->clear();
    if (!d) {
        updatingTable_ = false;
        return;
    }
    QStringList headers{QString::fromStdString(d->xLabel)};
    std::size_t rows = 0;
    for (const CurveSeries& s : d->series) {
        headers << QString::fromStdString(s.name);
        rows = std::max(rows, s.points.size());
    }
    table_->setColumnCount(int(headers.size()));
    table_->setRowCount(int(rows));
    table_->setHorizontalHeaderLabels(headers);
    // Long headers on two lines, so a column is about as wide as its numbers ("engine speed /
    // maxOmega" over "0.3"); the tooltip has the header on one line.
    for (int c = 0; c < table_->columnCount(); ++c) {
        QTableWidgetItem* header = table_->horizontalHeaderItem(c);
        header->setToolTip(header->text());
        header->setText(twoLines(header->text()));
    }
    for (std::size_t r = 0; r < rows; ++r) {
        const CurvePoint& first = d->series[0].points[std::min(r, d->series[0].points.size() - 1)];
        auto* xi = new QTableWidgetItem(QString::number(first.x * d->xScale, 'g', 6));
        if (first.xPath.empty())
            xi->setFlags(xi->flags() & ~Qt::ItemIsEditable);
        table_->setItem(int(r), 0, xi);
        for (std::size_t s = 0; s < d->series.size(); ++s) {
            const auto& pts = d->series[s].points;
            auto* yi = new QTableWidgetItem(r < pts.size() ? QString::number(pts[r].y * d->yScale, 'g', 6) : QString());
            if (r >= pts.size() || pts[r].yPath.empty())
                yi->setFlags(yi->flags() & ~Qt::ItemIsEditable);
            table_->setItem(int(r), int(s) + 1, yi);
        }
    }
    table_->resizeColumnsToContents();
    updatingTable_ = false;
    arrangeChartAndTable();
}

void CurveEditor::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeChartAndTable();
}

void CurveEditor::arrangeChartAndTable()
{
    // A curve without points to edit (the Magic Formula's, drawn from its coefficients) has no
    // table: the chart takes the whole width rather than sit beside an empty grid.
    table_->setVisible(table_->rowCount() > 0);
    if (table_->isHidden())
        return;
    // The table only as wide as its columns; the chart takes the rest. Where that leaves the chart
    // too narrow the table goes below it, if there is height for a few rows; else it scrolls.
    int need = 2 * table_->frameWidth() + table_->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < table_->columnCount(); ++c)
        need += table_->columnWidth(c);
    const int rows = table_->rowCount() > 0 ? table_->rowHeight(0) * std::min(table_->rowCount(), 6) : 0;
    const int tableHeight = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth() + rows + 4;
    const int w = split_->width();
    const int h = split_->height();
    const int chartMin = view_->minimumWidth();
    const bool below = w - need < std::max(chartMin, w * 6 / 10) && h - tableHeight >= view_->minimumHeight();
    split_->setOrientation(below ? Qt::Vertical : Qt::Horizontal);
    table_->setMaximumSize(below ? QWIDGETSIZE_MAX : std::max(table_->minimumWidth(), need), below ? tableHeight : QWIDGETSIZE_MAX);
    if (below)
        split_->setSizes({h - tableHeight, tableHeight});
    else
        split_->setSizes({w - std::min(need, w - chartMin), std::min(need, w - chartMin)});
}

void CurveEditor::updateOperatingPoint()
{
    const CurveDef* d = current();
    if (!d || !d->operating || !history_ || history_->empty()) {
        operating_->clear();
        return;
    }
    const auto p = d->operating(history_->latest());
    if (!p || !std::isfinite(p->first) || !std::isfinite(p->second)) {
        operating_->clear();
        return;
    }
    operating_->replace(QList<QPointF>{QPointF(p->first * d->xScale, p->second * d->yScale)});
}

void CurveEditor::pressAt(const QPointF& position)
{
    const CurveDef* d = current();
    drag_ = {};
    if (!d)
        return;
    // The nearest movable point within 12 pixels.
    double best = 12.0;
    for (std::size_t s = 0; s < d->series.size(); ++s)
        for (std::size_t i = 0; i < d->series[s].points.size(); ++i) {
            const CurvePoint& p = d->series[s].points[i];
            const QPointF px = chart_->mapToPosition(QPointF(p.x * d->xScale, p.y * d->yScale));
            const double dist = std::hypot(px.x() - position.x(), px.y() - position.y());
            if (dist < best && (!p.xPath.empty() || !p.yPath.empty())) {
                best = dist;
                drag_.series = int(s);
                drag_.index = int(i);
                drag_.start = drag_.value = QPointF(p.x, p.y);
            }
        }
    drag_.pressPosition = position;
}

void CurveEditor::dragTo(const QPointF& position, Qt::KeyboardModifiers modifiers)
{
    const CurveDef* d = current();
    if (!d || drag_.index < 0)
        return;
    const CurvePoint& p = d->series[std::size_t(drag_.series)].points[std::size_t(drag_.index)];
    // A coordinate is held exactly until the mouse has moved past the threshold along its axis
    // (pixel jitter must not move x in a vertical drag); from then on it follows the mouse.
    const QPointF moved = position - drag_.pressPosition;
    drag_.xFree = drag_.xFree || std::fabs(moved.x()) > kDragThreshold;
    drag_.yFree = drag_.yFree || std::fabs(moved.y()) > kDragThreshold;
    bool xMoves = drag_.xFree && !p.xPath.empty();
    bool yMoves = drag_.yFree && !p.yPath.empty();
    if (modifiers & Qt::ShiftModifier) {
        // Along one axis only: the one the mouse has moved further along.
        const bool horizontal = std::fabs(moved.x()) >= std::fabs(moved.y());
        xMoves = xMoves && horizontal;
        yMoves = yMoves && !horizontal;
    }
    const QPointF v = chart_->mapToValue(position);
    drag_.value = QPointF(xMoves ? roundSignificant(v.x() / d->xScale) : drag_.start.x(),
                          yMoves ? roundSignificant(v.y() / d->yScale) : drag_.start.y());
    showDraggedPoint();
}

void CurveEditor::showDraggedPoint()
{
    const CurveDef* d = current();
    const std::size_t s = std::size_t(drag_.series);
    if (!d || s >= points_.size() || drag_.index >= points_[s]->count())
        return;
    // Only the dragged point moves: the axes hold still until the edit is applied.
    const QPointF shown(drag_.value.x() * d->xScale, drag_.value.y() * d->yScale);
    points_[s]->replace(drag_.index, shown);
    if ((s != 0 || d->line.empty()) && drag_.index < lines_[s]->count())
        lines_[s]->replace(drag_.index, shown);
}

void CurveEditor::release()
{
    if (drag_.index < 0)
        return;
    const Drag drag = drag_;
    drag_ = {};
    if (drag.value != drag.start && current()) {
        const QString err = applyPoint(drag.series, drag.index, drag.value.x(), drag.value.y(),
                                       tr("Drag %1 point").arg(QString::fromStdString(current()->title)));
        if (!err.isEmpty())
            emit message(tr("Refused: %1").arg(err));
    }
    redraw();  // the point where the edit put it (back where it was when refused)
}

QString CurveEditor::applyPoint(int series, int index, double x, double y, const QString& text)
{
    const CurveDef* d = current();
    if (!d)
        return tr("no curve");
    const config::EditList edits = movePoint(*d, series, index, x, y);
    if (edits.empty() || !apply_)
        return {};
    return apply_(config::linkEdits(config_, edits, link_), text);
}

QString CurveEditor::dragPoint(int series, int index, double x, double y)
{
    const CurveDef* d = current();
    if (!d)
        return tr("no curve");
    return applyPoint(series, index, roundSignificant(x), roundSignificant(y), tr("Drag %1 point").arg(QString::fromStdString(d->title)));
}

}  // namespace jounce::widgets
