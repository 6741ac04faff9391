#pragma once
// The measurement cursors' table under the telemetry charts: every visible trace (live, each
// reference and live − reference) at cursor A, at cursor B, B − A and its minimum, maximum, mean
// and RMS between them, with Δt in the header, in the display units (rows: CursorRows.h).

#include <QColor>
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace jounce::widgets {

class CursorTable : public QWidget {
    Q_OBJECT
public:
    struct Row {
        QString chart;   ///< the chart's title
        QString trace;   ///< "FL", "engineOmega"
        QString unit;    ///< display unit label, "" for none
        QColor color;
        double a = 0.0;  ///< NaN when A is not set or has no frame
        double b = 0.0;
        int decimals = 3;
        double min = 0.0;   ///< over A–B; NaN without both cursors
        double max = 0.0;
        double mean = 0.0;
        double rms = 0.0;
    };

    explicit CursorTable(QWidget* parent = nullptr);
    /// Shows the rows for cursors at a and b (either may be unset); hides itself with neither.
    void show(std::optional<double> a, std::optional<double> b, const std::vector<Row>& rows);
    /// The table's text, row by row and tab-separated (for tests and the clipboard).
    QString text() const;
    /// Puts text() on the clipboard (the Copy button, Ctrl+C in the table): it pastes as a table.
    void copy() const;

signals:
    void clearRequested();

private:
    QLabel* header_;
    QTableWidget* table_;
};

}  // namespace jounce::widgets
