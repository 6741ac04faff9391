#pragma once
// The handling figures of the compared runs: one row per figure, one column per vehicle, the best
// of each row marked (bold, green, ★), n/a cells explained in their tooltips.

#include "compare/ComparisonRun.h"

#include <QStringList>
#include <QTableWidget>

#include <span>

namespace jounce::widgets {

class CompareFiguresTable : public QTableWidget {
    Q_OBJECT
public:
    explicit CompareFiguresTable(QWidget* parent = nullptr);

    /// Fills the table from finished runs (an empty span clears it).
    void setRuns(const QStringList& labels, std::span<const compare::VehicleRun> runs);
    /// The text of a cell, for tests: figure id and vehicle index.
    QString cellText(const QString& figureId, int vehicle) const;
    /// Whether that cell is marked best.
    bool isBest(const QString& figureId, int vehicle) const;
};

}  // namespace jounce::widgets
