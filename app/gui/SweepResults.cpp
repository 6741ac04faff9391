#include "SweepResults.h"

#include "sweep/SweepJson.h"
#include "sweep/SweepTable.h"
#include "widgets/DisplayUnits.h"
#include "widgets/HeatMap.h"
#include "widgets/TornadoChart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::gui {
namespace {

/// A tab: a figure chooser above a view.
QWidget* figureTab(QWidget* parent, QComboBox*& chooser, QWidget* view)
{
    auto* tab = new QWidget(parent);
    auto* layout = new QVBoxLayout(tab);
    auto* row = new QHBoxLayout;
    chooser = new QComboBox(tab);
    chooser->setToolTip(QObject::tr("The figure shown"));
    row->addWidget(new QLabel(QObject::tr("Figure"), tab));
    row->addWidget(chooser, 1);
    layout->addLayout(row);
    view->setParent(tab);
    layout->addWidget(view, 1);
    return tab;
}

}  // namespace

SweepResults::SweepResults(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget(this);
    heatMap_ = new widgets::HeatMap;
    heatMap_->clear(tr("Run a grid of two parameters for a heat map of a figure over them"));
    tabs_->addTab(figureTab(tabs_, heatFigure_, heatMap_), tr("&Heat map"));
    tornado_ = new widgets::TornadoChart;
    tornado_->clear(tr("Run Sensitivity (F6) for a tornado chart: how far each parameter moves a figure"));
    tabs_->addTab(figureTab(tabs_, tornadoFigure_, tornado_), tr("&Tornado"));
    points_ = new QTableWidget(0, 0, tabs_);
    points_->setObjectName(QStringLiteral("sweepPoints"));
    points_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    points_->setSelectionBehavior(QAbstractItemView::SelectRows);
    points_->setSelectionMode(QAbstractItemView::SingleSelection);
    points_->verticalHeader()->setVisible(false);
    tabs_->addTab(points_, tr("&Points"));
    layout->addWidget(tabs_, 1);
    layout->addLayout(buildSelectionRow());
    connectViews();
    updateButtons();
}

QLayout* SweepResults::buildSelectionRow()
{
    QWidget* box = this;
    auto* row = new QHBoxLayout;
    selection_ = new QLabel(tr("No point selected"), box);
    selection_->setWordWrap(true);
    loadButton_ = new QPushButton(tr("&Load as edited vehicle"), box);
    loadButton_->setObjectName(QStringLiteral("loadPointButton"));
    loadButton_->setToolTip(tr("Set the edited vehicle's parameters to the selected point's values, as one undo step (Ctrl+L)"));
    loadButton_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    compareButton_ = new QToolButton(box);
    compareButton_->setText(tr("Load into compare slot"));
    compareButton_->setToolTip(tr("The selected point's vehicle into a slot of the compare view"));
    compareButton_->setPopupMode(QToolButton::InstantPopup);
    auto* slotMenu = new QMenu(compareButton_);
    for (int s = 0; s < 4; ++s)
        slotMenu->addAction(tr("Slot %1").arg(QChar('A' + s)), this, [this, s] { emit compareRequested(s); });
    compareButton_->setMenu(slotMenu);
    row->addWidget(selection_, 1);
    row->addWidget(loadButton_);
    row->addWidget(compareButton_);
    connect(loadButton_, &QPushButton::clicked, this, &SweepResults::loadRequested);
    return row;
}

void SweepResults::connectViews()
{
    connect(heatFigure_, &QComboBox::currentIndexChanged, this, [this] { showHeatMap(); });
    connect(tornadoFigure_, &QComboBox::currentIndexChanged, this, [this] { showTornado(); });
    connect(heatMap_, &widgets::HeatMap::cellClicked, this, [this](int r, int c) {
        if (map_)
            selectPoint(int(map_->points[std::size_t(r) * map_->columns.size() + std::size_t(c)]));
    });
    connect(tornado_, &widgets::TornadoChart::barClicked, this, [this](int bar, bool high) {
        const std::size_t figure = std::size_t(std::max(0, tornadoFigure_->currentIndex()));
        if (figure < tornadoes_.size() && std::size_t(bar) < tornadoes_[figure].bars.size())
            selectPoint(int(2 * tornadoes_[figure].bars[std::size_t(bar)].parameter + (high ? 2 : 1)));
    });
    connect(points_, &QTableWidget::cellClicked, this, [this](int r, int) { selectPoint(r); });
    connect(points_, &QTableWidget::cellDoubleClicked, this, [this](int r, int) {
        selectPoint(r);
        emit loadRequested();
    });
}

QString SweepResults::valueText(std::size_t parameter, const sweep::Json& value) const
{
    if (value.is_null())
        return tr("as edited");
    if (!value.is_number() || !shown_ || parameter >= shown_->parameters.size())
        return QString::fromStdString(sweep::valueCell(value));
    const sweep::Parameter& p = shown_->parameters[parameter];
    if (p.scale == sweep::Scale::Factor)
        return QStringLiteral("×") + widgets::formatNumber(value.get<double>(), 3);
    return widgets::DisplayUnits::current().format(value.get<double>(), p.unit);
}

QString SweepResults::figureTitle(const std::string& id) const
{
    const sweep::FigureInfo* f = sweep::findFigure(id);
    if (!f)
        return QString::fromStdString(id);
    return QString::fromStdString(f->label) + (f->unit.empty() ? QString() : " (" + QString::fromStdString(f->unit) + ")");
}

void SweepResults::showRun(std::shared_ptr<const sweep::Sweep> sweep, std::vector<sweep::PointResult> results, Mode mode)
{
    shown_ = std::move(sweep);
    results_ = std::move(results);
    mode_ = mode;
    selected_ = -1;
    tornadoes_.clear();
    map_.reset();
    for (QComboBox* box : {heatFigure_, tornadoFigure_}) {
        const QSignalBlocker block(box);
        box->clear();
        for (const std::string& id : shown_->figures)
            box->addItem(figureTitle(id));
    }
    if (mode_ == Mode::Sensitivity)
        tornadoes_ = sweep::tornadoes(*shown_, results_);
    showHeatMap();
    showTornado();
    showPointTable();
    tabs_->setCurrentIndex(mode_ == Mode::Sensitivity ? 1 : !sweep::heatMapProblem(*shown_).empty() ? 2 : 0);
    showSelection();
    updateButtons();
}

void SweepResults::showHeatMap()
{
    map_.reset();
    if (!shown_ || mode_ != Mode::Sweep) {
        heatMap_->clear(tr("Run a grid of two parameters for a heat map of a figure over them"));
        return;
    }
    std::string error;
    map_ = sweep::heatMap(*shown_, results_, std::size_t(std::max(0, heatFigure_->currentIndex())), error);
    if (!map_) {
        heatMap_->clear(tr("No heat map: %1").arg(QString::fromStdString(error)));
        return;
    }
    widgets::HeatMap::Data d;
    d.title = figureTitle(map_->figure);
    d.rowTitle = QString::fromStdString(shown_->parameters[0].name);
    d.columnTitle = QString::fromStdString(shown_->parameters[1].name);
    for (const sweep::Json& v : map_->rows)
        d.rows << valueText(0, v);
    for (const sweep::Json& v : map_->columns)
        d.columns << valueText(1, v);
    d.cells = map_->cells;
    if (map_->baseRow && map_->baseColumn) {
        d.baseRow = int(*map_->baseRow);
        d.baseColumn = int(*map_->baseColumn);
        QStringList values;
        for (std::size_t p = 0; p < 2; ++p)
            if (const auto v = sweep::baseValue(*shown_, p))
                values << QString::fromStdString(shown_->parameters[p].name) + " = " + valueText(p, *v);
        d.baseNote = (map_->baseExact ? tr("the base vehicle: %1") : tr("nearest the base vehicle: %1")).arg(values.join(", "));
    }
    heatMap_->setData(std::move(d));
}

void SweepResults::showTornado()
{
    const std::size_t figure = std::size_t(std::max(0, tornadoFigure_->currentIndex()));
    if (figure >= tornadoes_.size()) {
        tornado_->clear(tr("Run Sensitivity (F6) for a tornado chart: how far each parameter moves a figure"));
        return;
    }
    const sweep::Tornado& t = tornadoes_[figure];
    widgets::TornadoChart::Data d;
    d.title = figureTitle(t.figure);
    d.base = t.base;
    for (const sweep::TornadoBar& b : t.bars)
        d.bars.push_back({QString::fromStdString(shown_->parameters[b.parameter].name), valueText(b.parameter, b.low),
                          valueText(b.parameter, b.high), b.atLow, b.atHigh});
    tornado_->setData(std::move(d));
}

void SweepResults::showPointTable()
{
    QStringList headers{tr("Point")};
    for (const sweep::Parameter& p : shown_->parameters)
        headers << QString::fromStdString(p.name);
    for (const std::string& id : shown_->figures)
        headers << figureTitle(id);
    headers << tr("Status");
    points_->clear();
    points_->setColumnCount(int(headers.size()));
    points_->setHorizontalHeaderLabels(headers);
    points_->setRowCount(int(results_.size()));
    for (int r = 0; r < int(results_.size()); ++r) {
        const sweep::PointResult& res = results_[std::size_t(r)];
        int c = 0;
        points_->setItem(r, c++, new QTableWidgetItem(QString::number(res.id)));
        for (std::size_t i = 0; i < res.values.size(); ++i)
            points_->setItem(r, c++, new QTableWidgetItem(valueText(i, res.values[i])));
        for (const std::optional<double>& f : res.figures)
            points_->setItem(r, c++, new QTableWidgetItem(f ? QString::number(*f, 'g', 5) : tr("n/a")));
        points_->setItem(r, c, new QTableWidgetItem(QString::fromStdString(res.status)));
    }
    points_->resizeColumnsToContents();
}

void SweepResults::selectPoint(int index)
{
    selected_ = index >= 0 && index < int(results_.size()) ? index : -1;
    showSelection();
    updateButtons();
}

const sweep::PointResult* SweepResults::selectedResult() const
{
    return selected_ >= 0 && shown_ ? &results_[std::size_t(selected_)] : nullptr;
}

void SweepResults::setRunning(bool running)
{
    running_ = running;
    updateButtons();
}

void SweepResults::updateButtons()
{
    const bool chosen = selected_ >= 0 && !running_;
    loadButton_->setEnabled(chosen);
    compareButton_->setEnabled(chosen);
}

void SweepResults::showSelection()
{
    {
        const QSignalBlocker block(points_);
        if (selected_ >= 0)
            points_->selectRow(selected_);
        else
            points_->clearSelection();
    }
    int row = -1, column = -1;
    if (map_ && selected_ >= 0) {
        const auto it = std::find(map_->points.begin(), map_->points.end(), results_[std::size_t(selected_)].id);
        if (it != map_->points.end()) {
            row = int((it - map_->points.begin()) / std::ptrdiff_t(map_->columns.size()));
            column = int((it - map_->points.begin()) % std::ptrdiff_t(map_->columns.size()));
        }
    }
    heatMap_->setSelected(row, column);
    if (selected_ < 0) {
        selection_->setText(tr("No point selected: click a cell, a bar or a row"));
        return;
    }
    const sweep::PointResult& r = results_[std::size_t(selected_)];
    QStringList parts;
    for (std::size_t i = 0; i < r.values.size(); ++i)
        parts << QString::fromStdString(shown_->parameters[i].name) + " = " + valueText(i, r.values[i]);
    QString figures;
    for (std::size_t f = 0; f < r.figures.size() && f < 2; ++f)
        figures += (figures.isEmpty() ? "" : ", ") + figureTitle(shown_->figures[f]) + " " +
                   (r.figures[f] ? QString::number(*r.figures[f], 'g', 4) : tr("n/a"));
    selection_->setText(tr("Point %1: %2 — %3%4")
                            .arg(r.id)
                            .arg(parts.join(QStringLiteral(", ")), figures,
                                 r.ok() ? QString() : " (" + QString::fromStdString(r.status) + ")"));
}

}  // namespace jounce::gui
