#include "CompareFiguresTable.h"

#include "DisplayUnits.h"
#include "WheelColors.h"
#include "compare/FigureTable.h"

#include <QHeaderView>

#include <algorithm>

namespace jounce::widgets {
namespace {
constexpr int kIdRole = Qt::UserRole;
constexpr int kBestRole = Qt::UserRole + 1;
constexpr int kStaleRole = Qt::UserRole + 2;
const QColor kStaleText(140, 140, 140);

/// A figure's value: speeds and angles in the display units; distances (stopping distance, path
/// deviation) are over the ground, not vehicle lengths, and keep the figure's own formatting.
QString figureText(const sim::Figure& f)
{
    const std::optional<Quantity> q = quantityOf(f.unit);
    if (f.flag || !f.value || (q != Quantity::Speed && q != Quantity::Angle))  // the CLI's text, in the GUI's m/s²
        return QString::fromStdString(sim::formatFigure(f)).replace(QStringLiteral("^2"), QStringLiteral("²"));
    return DisplayUnits::current().format(*f.value, f.unit);
}

}  // namespace

CompareFiguresTable::CompareFiguresTable(QWidget* parent) : QTableWidget(parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    setToolTip(tr("Handling figures of the maneuver; ★ marks the best value of each row"));
}

void CompareFiguresTable::setRuns(const QStringList& labels, std::span<const compare::VehicleRun> runs,
                                  std::span<const compare::ResultStatus> status)
{
    clear();
    const std::vector<compare::FigureRow> table = compare::figureTable(runs);
    const int n = static_cast<int>(runs.size());
    const auto statusOf = [&status](int v) {
        return std::size_t(v) < status.size() ? status[std::size_t(v)] : compare::ResultStatus::Current;
    };
    // A status row first: whether each run completed, was reset or failed, or is stale.
    setRowCount(static_cast<int>(table.size()) + 1);
    setColumnCount(n);
    setHorizontalHeaderLabels(labels.mid(0, n));
    for (int v = 0; v < n; ++v)
        if (QTableWidgetItem* h = horizontalHeaderItem(v))
            h->setForeground(vehicleColor(v));
    setVerticalHeaderItem(0, new QTableWidgetItem(tr("run")));
    for (int v = 0; v < n; ++v) {
        const compare::VehicleRun& run = runs[std::size_t(v)];
        const compare::ResultStatus s = statusOf(v);
        QString text = s == compare::ResultStatus::NotRun ? tr("not run — run (F5)")
                       : s == compare::ResultStatus::Stale ? tr("stale — re-run (F5)")
                       : !run.error.empty() ? tr("failed: %1").arg(QString::fromStdString(run.error))
                       : run.cancelled      ? tr("cancelled")
                       : run.resets > 0     ? tr("reset %1× (%2)").arg(run.resets).arg(QString::fromStdString(run.lastResetReason))
                       : run.completed      ? tr("completed in %1 s").arg(run.simulatedTime, 0, 'f', 1)
                                            : tr("stopped at the time limit");
        if (s == compare::ResultStatus::Current && !run.unknownSurfaces.empty())
            text += tr(" — not ranked: %1").arg(QString::fromStdString(run.unknownSurfaces));
        auto* item = new QTableWidgetItem(text);
        item->setData(kStaleRole, s == compare::ResultStatus::Stale);
        if (s != compare::ResultStatus::Current) {
            item->setForeground(kStaleText);
            item->setToolTip(s == compare::ResultStatus::Stale
                                 ? tr("The vehicle changed after this run: its figures are of the vehicle as it was. "
                                      "Run again (F5 or Ctrl+R) for those of the vehicle as it is.")
                                 : tr("This vehicle was chosen after the last run. Run (F5 or Ctrl+R) for its figures."));
        } else if (!run.error.empty() || run.resets > 0) {
            item->setForeground(QColor(180, 0, 0));
        } else if (!run.unknownSurfaces.empty()) {
            item->setForeground(QColor(180, 0, 0));
            item->setToolTip(tr("A wheel touched a ground surface this vehicle's friction table does not list; it was "
                                "driven as the table's first surface (PhysX does the same), so its figures are not "
                                "ranked. Add the surface to Surfaces ▸ surface types and its friction row."));
        }
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
            const bool stale = statusOf(v) == compare::ResultStatus::Stale;
            QString text = !f ? QStringLiteral("–") : f->value ? figureText(*f) : tr("n/a");
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
            if (stale)
                item->setForeground(kStaleText);  // greyed even when best: it is the vehicle as it was
            QString tip = f && !f->note.empty() ? QString::fromStdString(f->note) : QString();
            if (stale)
                tip = (tip.isEmpty() ? QString() : tip + "\n") + tr("Stale: the vehicle changed after this run (F5 re-runs)");
            if (!tip.isEmpty())
                item->setToolTip(tip);
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

QString CompareFiguresTable::runText(int vehicle) const
{
    return rowCount() > 0 && item(0, vehicle) ? item(0, vehicle)->text() : QString();
}

bool CompareFiguresTable::isStale(int vehicle) const
{
    return rowCount() > 0 && item(0, vehicle) && item(0, vehicle)->data(kStaleRole).toBool();
}

}  // namespace jounce::widgets
