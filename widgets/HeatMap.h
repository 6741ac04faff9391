#pragma once
// A heat map: one value per cell of a grid of two parameters (a sweep's figure over them), the
// first parameter's levels up the left side, the second's along the bottom, a colour scale beside.
// Cells without a value (n/a, a failed point) are grey. The base vehicle's cell carries a marker
// (a diamond, explained under the colour scale). Hovering shows a cell's value, clicking selects it
// (cellClicked). Painted with QPainter: a grid of a few hundred cells needs no chart
// library.

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

namespace jounce::widgets {

class HeatMap : public QWidget {
    Q_OBJECT
public:
    struct Data {
        QString title;        ///< "understeer gradient (deg/g)"
        QString rowTitle;     ///< the first parameter, drawn up the left side
        QString columnTitle;  ///< the second, along the bottom
        QStringList rows, columns;                  ///< the levels' labels
        std::vector<std::optional<double>> cells;   ///< rows x columns, row by row
        int decimals = -1;  ///< of the values written in the cells; -1: enough to tell the cells apart
        int baseRow = -1, baseColumn = -1;  ///< the base vehicle's cell (-1: none marked)
        QString baseNote;  ///< what the marker means: "the base vehicle (... = 500 N m, ...)"
    };

    /// A tick of the colour scale: its mark beside the bar and its label, apart so that a mark
    /// cannot read as a minus sign.
    struct LegendTick {
        QLine mark;
        QRect label;  ///< where the label's text is drawn (left-aligned)
        QString text;
    };

    explicit HeatMap(QWidget* parent = nullptr);

    void setData(Data data);
    /// No map, only `message` ("run a grid of two parameters").
    void clear(const QString& message);

    int rowCount() const { return static_cast<int>(data_.rows.size()); }
    int columnCount() const { return static_cast<int>(data_.columns.size()); }
    /// Cells holding a value.
    int valueCount() const;
    const Data& data() const { return data_; }
    /// Where a cell is drawn (widget coordinates); empty when there is no such cell.
    QRect cellRect(int row, int column) const;
    /// The highlighted cell (-1, -1 for none).
    void setSelected(int row, int column);
    /// The colour scale's ticks as drawn (none without values).
    std::vector<LegendTick> legendTicks() const;
    /// Where the base vehicle's marker is drawn in its cell; empty when no cell is marked.
    QRect baseMarkerRect() const;
    /// The text a cell's tooltip shows.
    QString cellToolTip(int row, int column) const;

    QSize sizeHint() const override { return {560, 420}; }
    QSize minimumSizeHint() const override { return {280, 200}; }

signals:
    void cellClicked(int row, int column);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect plotRect() const;
    /// The cell under a point, or (-1, -1).
    std::pair<int, int> cellAt(const QPoint& p) const;
    QRect legendBar() const;
    void paintLegend(QPainter& painter);
    void paintBaseMarker(QPainter& painter);
    /// A cell's value as the cell writes it (formatNumber: grouped digits, never -0).
    QString valueText(double v) const;

    Data data_;
    QString message_;
    int selectedRow_ = -1, selectedColumn_ = -1;
};

/// Decimals that show differences of a tenth of `span` (the values' range): 0 to 6, 2 for no span.
int decimalsForSpan(double span);

/// The colour of a value at `t` in [0, 1] of the scale: dark blue through green to yellow (close
/// to matplotlib's viridis, readable in grey and by most colour-blind readers).
QColor heatColour(double t);

}  // namespace jounce::widgets
