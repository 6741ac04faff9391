#pragma once
// The handling figures of the compared runs: one row per figure, one column per vehicle, the best
// of each row marked (bold, green, ★), n/a cells explained in their tooltips. Results of a vehicle
// that changed after its run are greyed and marked stale. Speeds and angles are in the display units
// (DisplayUnits.h); distances stay metres. The owner refills the table when the units change.

#include "compare/ComparisonRun.h"
#include "compare/RunStatus.h"

#include <QStringList>
#include <QTableWidget>

#include <span>

namespace jounce::widgets {

class CompareFiguresTable : public QTableWidget {
    Q_OBJECT
public:
    explicit CompareFiguresTable(QWidget* parent = nullptr);

    /// Fills the table from finished runs (an empty span clears it), one column per run. `status`
    /// (one per run, compare::matchRuns; empty: all current) greys stale columns and empties the
    /// columns of vehicles not run.
    void setRuns(const QStringList& labels, std::span<const compare::VehicleRun> runs,
                 std::span<const compare::ResultStatus> status = {});
    /// The text of a cell, for tests: figure id and vehicle index.
    QString cellText(const QString& figureId, int vehicle) const;
    /// Whether that cell is marked best.
    bool isBest(const QString& figureId, int vehicle) const;
    /// The run row's text of a vehicle ("completed in 12.3 s", "stale — re-run (F5)", ...).
    QString runText(int vehicle) const;
    /// Whether the figures of that vehicle are marked stale.
    bool isStale(int vehicle) const;
};

}  // namespace jounce::widgets
