#include "CurveEditor.h"

#include "WheelColors.h"
#include "telemetry/Channels.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLegend>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

/// Chart view that turns mouse presses, drags and releases into value coordinates.
class CurveChartView final : public QChartView {
public:
    CurveChartView(QChart* chart, CurveEditor* owner) : QChartView(chart), owner_(owner) {}

protected:
    QPointF value(QMouseEvent* e) const { return chart()->mapToValue(chart()->mapFromScene(mapToScene(e->position().toPoint()))); }
    void mousePressEvent(QMouseEvent* e) override { owner_->pressAt(value(e)); }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (e->buttons() & Qt::LeftButton)
            owner_->dragTo(value(e));
    }
    void mouseReleaseEvent(QMouseEvent*) override { owner_->release(); }

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

    chart_ = new QChart();
    chart_->setAnimationOptions(QChart::NoAnimation);
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
    chart_->addSeries(operating_);
    operating_->attachAxis(xAxis_);
    operating_->attachAxis(yAxis_);
    view_ = new CurveChartView(chart_, this);
    view_->setMinimumSize(280, 220);
    view_->setToolTip(tr("Drag a point to change it (one undoable edit when you release); the red square is where "
                         "the vehicle is on the curve now"));

    table_ = new QTableWidget(this);
    table_->setMinimumWidth(170);
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
        bool okX = false, okY = false;
        const double x = table_->item(row, 0)->text().toDouble(&okX) / d.xScale;
        const double y = table_->item(row, column)->text().toDouble(&okY) / d.yScale;
        if (!okX || !okY) {
            emit message(tr("Not a number"));
            fillTable();
            return;
        }
        const QString err = apply_ ? apply_(movePoint(d, series, row, p.xPath.empty() ? p.x : x, y), tr("Edit %1").arg(QString::fromStdString(d.title))) : QString();
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
        bool ok = false;
        const double x = table_->item(row, 0)->text().toDouble(&ok) / d.xScale;
        const QString err = ok && apply_ ? apply_(movePoint(d, 0, row, x, p.y), tr("Edit %1").arg(QString::fromStdString(d.title)))
                                         : tr("Not a number");
        if (!err.isEmpty()) {
            emit message(tr("Refused: %1").arg(err));
            fillTable();
        }
    });

    auto* top = new QHBoxLayout();
    top->addWidget(curveBox_, 1);
    top->addWidget(wheelBox_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(view_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(split, 1);
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
    if (dragIndex_ < 0)
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
    chart_->setTitle(QString::fromStdString(d->title));
    xAxis_->setTitleText(QString::fromStdString(d->xLabel));
    yAxis_->setTitleText(QString::fromStdString(d->yLabel));
    double xMin = 1e300, xMax = -1e300, yMin = 1e300, yMax = -1e300;
    auto extend = [&](double x, double y) {
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
    };
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
        for (std::size_t i = 0; i < cs.points.size(); ++i) {
            CurvePoint p = cs.points[i];
            if (dragSeries_ == int(s) && dragIndex_ == int(i)) {
                p.x = dragValue_.x() / d->xScale;
                p.y = dragValue_.y() / d->yScale;
            }
            pts->append(p.x * d->xScale, p.y * d->yScale);
            line->append(p.x * d->xScale, p.y * d->yScale);
            extend(p.x * d->xScale, p.y * d->yScale);
        }
        if (s == 0 && !d->line.empty()) {
            line->clear();
            for (auto [x, y] : d->line) {
                line->append(x * d->xScale, y * d->yScale);
                extend(x * d->xScale, y * d->yScale);
            }
        }
        for (QXYSeries* series : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(pts)}) {
            chart_->addSeries(series);
            series->attachAxis(xAxis_);
            series->attachAxis(yAxis_);
        }
        lines_.push_back(line);
        points_.push_back(pts);
    }
    const double dx = std::max(1e-3, xMax - xMin), dy = std::max(1e-3, yMax - yMin);
    xAxis_->setRange(xMin - 0.1 * dx, xMax + 0.15 * dx);
    yAxis_->setRange(yMin - 0.15 * dy, yMax + 0.15 * dy);
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

void CurveEditor::pressAt(const QPointF& value)
{
    const CurveDef* d = current();
    if (!d)
        return;
    // The nearest point within 12 pixels.
    const QPointF pressPx = chart_->mapToPosition(value);
    double best = 12.0;
    dragSeries_ = dragIndex_ = -1;
    for (std::size_t s = 0; s < d->series.size(); ++s)
        for (std::size_t i = 0; i < d->series[s].points.size(); ++i) {
            const CurvePoint& p = d->series[s].points[i];
            const QPointF px = chart_->mapToPosition(QPointF(p.x * d->xScale, p.y * d->yScale));
            const double dist = std::hypot(px.x() - pressPx.x(), px.y() - pressPx.y());
            if (dist < best && (!p.xPath.empty() || !p.yPath.empty())) {
                best = dist;
                dragSeries_ = int(s);
                dragIndex_ = int(i);
                dragValue_ = QPointF(p.x * d->xScale, p.y * d->yScale);
            }
        }
}

void CurveEditor::dragTo(const QPointF& value)
{
    const CurveDef* d = current();
    if (!d || dragIndex_ < 0)
        return;
    const CurvePoint& p = d->series[std::size_t(dragSeries_)].points[std::size_t(dragIndex_)];
    dragValue_ = QPointF(p.xPath.empty() ? p.x * d->xScale : value.x(), p.yPath.empty() ? p.y * d->yScale : value.y());
    redraw();
}

void CurveEditor::release()
{
    if (dragIndex_ < 0)
        return;
    const int s = dragSeries_, i = dragIndex_;
    const QPointF v = dragValue_;
    dragSeries_ = dragIndex_ = -1;
    const CurveDef* d = current();
    if (d) {
        const QString err = dragPoint(s, i, v.x() / d->xScale, v.y() / d->yScale);
        if (!err.isEmpty())
            emit message(tr("Refused: %1").arg(err));
    }
    redraw();
}

QString CurveEditor::dragPoint(int series, int index, double x, double y)
{
    const CurveDef* d = current();
    if (!d)
        return tr("no curve");
    // Round to 4 significant digits so a drag does not store noise from the pixel grid.
    auto round4 = [](double v) {
        if (v == 0.0)
            return 0.0;
        const double scale = std::pow(10.0, 3 - std::floor(std::log10(std::fabs(v))));
        return std::round(v * scale) / scale;
    };
    const auto edits = movePoint(*d, series, index, round4(x), round4(y));
    if (edits.empty() || !apply_)
        return {};
    return apply_(edits, tr("Drag %1 point").arg(QString::fromStdString(d->title)));
}

}  // namespace jounce::widgets
