#include "CompareFiguresTable.h"

#include "WheelColors.h"
#include "compare/FigureTable.h"

#include <QHeaderView>

#include <algorithm>

namespace jounce::widgets {
namespace {
constexpr int kIdRole = Qt::UserRole;
constexpr int kBestRole = Qt::UserRole + 1;
}  // namespace

CompareFiguresTable::CompareFiguresTable(QWidget* parent) : QTableWidget(parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    setToolTip(tr("Handling figures of the maneuver; ★ marks the best value of each row"));
}

void CompareFiguresTable::setRuns(const QStringList& labels, std::span<const compare::VehicleRun> runs)
{
    clear();
    const std::vector<compare::FigureRow> table = compare::figureTable(runs);
    const int n = static_cast<int>(runs.size());
    // A status row first: whether each run completed, was reset or failed.
    setRowCount(static_cast<int>(table.size()) + 1);
    setColumnCount(n);
    setHorizontalHeaderLabels(labels.mid(0, n));
    for (int v = 0; v < n; ++v)
        if (QTableWidgetItem* h = horizontalHeaderItem(v))
            h->setForeground(vehicleColor(v));
    setVerticalHeaderItem(0, new QTableWidgetItem(tr("run")));
    for (int v = 0; v < n; ++v) {
        const compare::VehicleRun& run = runs[std::size_t(v)];
        QString text = !run.error.empty() ? tr("failed: %1").arg(QString::fromStdString(run.error))
                       : run.cancelled    ? tr("cancelled")
                       : run.resets > 0   ? tr("reset %1× (%2)").arg(run.resets).arg(QString::fromStdString(run.lastResetReason))
                       : run.completed    ? tr("completed in %1 s").arg(run.simulatedTime, 0, 'f', 1)
                                          : tr("stopped at the time limit");
        auto* item = new QTableWidgetItem(text);
        if (!run.error.empty() || run.resets > 0)
            item->setForeground(QColor(180, 0, 0));
        setItem(0, v, item);
    }
    for (std::size_t r = 0; r < table.size(); ++r) {
        const compare::FigureRow& row = table[r];
        const int tableRow = static_cast<int>(r) + 1;
        auto* header = new QTableWidgetItem(QString::fromStdString(row.label));
        header->setData(kIdRole, QString::fromStdString(row.id));
        setVerticalHeaderItem(tableRow, header);
        for (int v = 0; v < n; ++v) {
            const auto& f = row.figures[std::size_t(v)];
            const bool best = std::find(row.best.begin(), row.best.end(), std::size_t(v)) != row.best.end();
            QString text = !f ? QStringLiteral("–") : f->value ? QString::fromStdString(sim::formatFigure(*f)) : tr("n/a");
            if (best)
                text += QStringLiteral("  ★");
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setData(kBestRole, best);
            if (best) {
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
                item->setForeground(QColor(0, 120, 40));
            }
            if (f && !f->note.empty())
                item->setToolTip(QString::fromStdString(f->note));
            setItem(tableRow, v, item);
        }
    }
}

QString CompareFiguresTable::cellText(const QString& figureId, int vehicle) const
{
    for (int r = 1; r < rowCount(); ++r)
        if (verticalHeaderItem(r) && verticalHeaderItem(r)->data(kIdRole).toString() == figureId)
            return item(r, vehicle) ? item(r, vehicle)->text() : QString();
    return {};
}

bool CompareFiguresTable::isBest(const QString& figureId, int vehicle) const
{
    for (int r = 1; r < rowCount(); ++r)
        if (verticalHeaderItem(r) && verticalHeaderItem(r)->data(kIdRole).toString() == figureId)
            return item(r, vehicle) && item(r, vehicle)->data(kBestRole).toBool();
    return false;
}

}  // namespace jounce::widgets
