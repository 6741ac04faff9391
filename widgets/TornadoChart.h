#pragma once
// A tornado chart: how far one figure moves when each parameter goes from its low to its high end
// (the others at the base vehicle), one horizontal bar per parameter, the largest swing on top. A
// bar runs from the base value to the figure at the low end (blue) and to the figure at the high
// end (orange); the base is the vertical line. Clicking a bar's half selects that point
// (barClicked). Painted with QPainter.

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

namespace jounce::widgets {

class TornadoChart : public QWidget {
    Q_OBJECT
public:
    struct Bar {
        QString name;                 ///< the parameter
        QString lowLabel, highLabel;  ///< its two ends, for people ("20000 N/m")
        std::optional<double> atLow, atHigh;  ///< the figure there; nullopt: n/a
    };
    struct Data {
        QString title;  ///< "understeer gradient (deg/g)"
        std::optional<double> base;
        std::vector<Bar> bars;  ///< in drawing order, top first
        int decimals = -1;  ///< of the base value; -1: enough to tell the bars' ends apart
    };

    explicit TornadoChart(QWidget* parent = nullptr);

    void setData(Data data);
    void clear(const QString& message);
    const Data& data() const { return data_; }
    int barCount() const { return static_cast<int>(data_.bars.size()); }
    /// Where the half of bar `index` toward its low (or high) end is drawn; empty without a value.
    QRect barRect(int index, bool high) const;

    QSize sizeHint() const override { return {560, 360}; }
    QSize minimumSizeHint() const override { return {280, 160}; }

signals:
    void barClicked(int index, bool high);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRect plotRect() const;
    /// The value axis: [lo, hi] mapped onto the plot's width.
    std::pair<double, double> axisRange() const;
    int xOf(double v) const;
    QRect rowRect(int index) const;

    Data data_;
    QString message_;
};

}  // namespace jounce::widgets
