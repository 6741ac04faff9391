#pragma once
// The drawing of an X–Y plot with QPainter: round ticks (NiceTicks.h), axis titles with units, the
// kind's overlays (0.5 g rings, friction limits, gear lines and maxOmega) and each series' trail,
// fading with age, with the newest point marked. Plain painting of a fixed-size point buffer, so two
// plots of a 5 s window cost well under a millisecond each. Tooltips give values with units.

#include "NiceTicks.h"
#include "ReferenceRuns.h"
#include "XYPlotKinds.h"
#include "XYPlotReferences.h"
#include "XYPlotTrail.h"

#include <QColor>
#include <QPixmap>
#include <QPolygonF>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace jounce::widgets {

/// What the canvas paints; XYPlot owns it and tells the canvas when it changed.
struct XYPlotState {
    XYSelection selection;
    XYKindDef def = xyKindDef(XYSelection{}, 4);
    XYVehicleInfo vehicle;
    bool hasVehicle = false;           ///< else the overlays that need a vehicle are not drawn
    std::vector<XYPlotTrail> trails;   ///< one per series
    XYUnitMapper units = defaultXYUnit;
    double window = 5.0;               ///< s
    std::uint64_t revision = 0;        ///< bumped whenever anything but the trails changes
    std::vector<ReferenceRun> references;  ///< pinned runs, drawn over the same window
    double end = 0.0;                  ///< s, the time of the newest frame shown
};

class XYPlotCanvas : public QWidget {
    Q_OBJECT
public:
    /// One plot area as last painted: its rectangle and axes (display units).
    struct Panel {
        QRectF rect;
        AxisTicks x;
        AxisTicks y;
    };

    explicit XYPlotCanvas(const XYPlotState& state, QWidget* parent = nullptr);

    QSize sizeHint() const override { return {360, 320}; }
    /// Fits the bottom dock at 1366×768; the friction circles need about 60 px each, in a row.
    QSize minimumSizeHint() const override;

    /// The panels as last painted: one, or one per wheel for the friction circles.
    const std::vector<Panel>& panels() const { return panels_; }
    /// The widget position of SI values (x, y) in panel `panel`, as last painted.
    QPointF toPixel(int panel, QPointF si) const;
    /// The panel under a widget position, or -1.
    int panelAt(QPointF position) const;
    /// Where the wheel labels of the friction circles go (above each circle), as last painted.
    std::vector<QRectF> wheelLabelRects() const;
    /// The display units of the axes as last painted.
    const XYUnit& xUnit() const { return xUnit_; }
    const XYUnit& yUnit() const { return yUnit_; }
    /// Axis title with unit and sign note: "Lateral acceleration (g), + left".
    static QString axisTitle(const XYAxisDef& axis, const XYUnit& unit);
    /// The longest form of the title that fits `room` pixels: whole, short with the sign note,
    /// short, then elided in the middle (the unit at the end stays). The tooltip has it whole.
    static QString fittedAxisTitle(const XYAxisDef& axis, const XYUnit& unit, const QFontMetricsF& fm, double room);
    /// Reference points drawn at the last paint (all references and series).
    int referencePointsDrawn() const { return referencePointsDrawn_; }
    /// The text a tooltip at `position` shows ("" outside every panel).
    QString toolTipAt(QPointF position) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// The panels and the reference legend in the widget.
    void layoutPanels(const QFontMetricsF& fm);
    /// The panels, as large as the area leaves room for, centred in it.
    void placePanels(const QFontMetricsF& fm);
    QFont labelFont() const;
    QString backgroundKey() const;
    void paintBackground();
    void computeAxes();
    void drawPanelFrame(QPainter& p, const Panel& panel, bool xLabels, bool yLabels) const;
    void drawOverlays(QPainter& p, int panelIndex);
    void drawTrail(QPainter& p, int panelIndex, int series, const QColor& color);
    void drawAxisTitles(QPainter& p) const;
    // XYPlotReferences.cpp: the references' trails, under the live ones, and their legend.
    void drawReferences(QPainter& p);
    /// The legend's place: beside the panels where they leave room, else in a row above them.
    void placeReferenceLegend(const QFontMetricsF& fm);
    void drawReferenceLegend(QPainter& p) const;
    /// "live" and the references' names, as the legend writes them.
    std::vector<QString> legendNames(const QFontMetricsF& fm) const;
    QColor seriesColor(int series) const;
    QString message() const;

    const XYPlotState& state_;
    std::vector<Panel> panels_;
    XYUnit xUnit_;
    XYUnit yUnit_;
    AxisTicks xAxis_;
    AxisTicks yAxis_;
    QRectF area_;        ///< where the panels go (inside the axis titles)
    int gridColumns_ = 1;  ///< panels per row
    QPolygonF polyline_; ///< reused by drawTrail, so painting allocates nothing per point
    QPixmap background_; ///< everything but the trails, as last drawn
    QString backgroundKey_;
    std::vector<XYReferenceTrail> referenceTrails_;  ///< this paint's window of each reference
    int referencePointsDrawn_ = 0;
    QRectF legendRect_;          ///< the reference legend as last placed
    bool legendInRow_ = false;   ///< its entries side by side (above the panels), else one a line
};

}  // namespace jounce::widgets
