#include "XYPlotReferences.h"

#include "XYPlotCanvas.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

std::vector<XYReferenceTrail> xyReferenceTrails(const std::vector<ReferenceRun>& references, const XYSelection& selection,
                                                int seriesCount, double t0, double t1)
{
    // Aligned by time, the live history is not consulted: an empty one stands for it.
    static const TelemetryHistory noLive(1);
    std::vector<XYReferenceTrail> out;
    for (const ReferenceRun& r : references) {
        if (!r.run)
            continue;
        const sim::TelemetryTrack& track = r.run->telemetry;
        XYReferenceTrail trail{r.color, r.style, r.name, std::vector<std::vector<QPointF>>(std::size_t(std::max(0, seriesCount)))};
        const auto [first, last] = referenceRange(noLive, track, t0, t1, Alignment::Time);
        for (int s = 0; s < seriesCount; ++s) {
            std::vector<QPointF>& points = trail.series[std::size_t(s)];
            points.reserve(last > first ? last - first : 0);
            for (std::size_t j = first; j < last; ++j)
                points.push_back(xyValue(selection, track, j, s));
        }
        out.push_back(std::move(trail));
    }
    return out;
}

void XYPlotCanvas::drawReferences(QPainter& p)
{
    referencePointsDrawn_ = 0;
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    for (const XYReferenceTrail& r : referenceTrails_) {
        // Lighter than the live trail and dashed: it is the reference, the live run is on top.
        QColor c = r.color;
        c.setAlphaF(0.55f);
        p.setPen(QPen(c, 1.5, r.style, Qt::FlatCap, Qt::RoundJoin));
        for (int i = 0; i < static_cast<int>(panels_.size()); ++i) {
            p.setClipRect(panels_[std::size_t(i)].rect.adjusted(1, 1, -1, -1));
            for (int s = 0; s < static_cast<int>(r.series.size()); ++s) {
                if (grid && s != i)
                    continue;
                polyline_.clear();
                for (const QPointF& q : r.series[std::size_t(s)]) {
                    const QPointF px = toPixel(i, q);
                    if (std::isfinite(px.x()) && std::isfinite(px.y()))
                        polyline_.append(px);
                }
                p.drawPolyline(polyline_);
                referencePointsDrawn_ += static_cast<int>(polyline_.size());
            }
        }
    }
    p.setClipping(false);
}

void XYPlotCanvas::drawReferenceLegend(QPainter& p) const
{
    if (referenceTrails_.empty() || panels_.empty())
        return;
    // Top right of the last panel, on a translucent box: a dashed sample and the name of each.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const QFontMetricsF fm(small);
    const double sample = 16.0;
    double textWidth = 0.0;
    std::vector<QString> names;
    for (const XYReferenceTrail& r : referenceTrails_) {
        names.push_back(fm.elidedText(r.name, Qt::ElideRight, 140.0));
        textWidth = std::max(textWidth, fm.horizontalAdvance(names.back()));
    }
    const QRectF& corner = panels_.back().rect;
    const QRectF box(corner.right() - textWidth - sample - 12.0, corner.top() + 2.0, textWidth + sample + 10.0,
                     fm.height() * static_cast<double>(names.size()) + 4.0);
    p.fillRect(box, QColor(255, 255, 255, 215));
    for (std::size_t k = 0; k < names.size(); ++k) {
        const double y = box.top() + 2.0 + fm.height() * (static_cast<double>(k) + 0.5);
        QColor c = referenceTrails_[k].color;
        c.setAlphaF(0.75f);
        p.setPen(QPen(c, 1.5, referenceTrails_[k].style));
        p.drawLine(QPointF(box.left() + 3.0, y), QPointF(box.left() + 3.0 + sample, y));
        p.setPen(QColor(60, 60, 66));
        p.drawText(QPointF(box.left() + sample + 7.0, y + fm.ascent() / 2.0 - 1.0), names[k]);
    }
    p.setFont(font());
}

}  // namespace jounce::widgets
