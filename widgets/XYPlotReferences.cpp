#include "XYPlotReferences.h"

#include "XYPlotCanvas.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {
namespace {

constexpr double kSample = 18.0;    ///< px: a legend entry's line
constexpr double kSampleGap = 5.0;  ///< px: between the line and the name
constexpr double kEntryGap = 12.0;  ///< px: between entries side by side

QFont legendFont(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * 0.85);
    return font;
}

/// A reference's trail: lighter than the live one and dashed, so the live run reads on top.
QPen trailPen(const XYReferenceTrail& r)
{
    QColor c = r.color;
    c.setAlphaF(0.55f);
    return QPen(c, 1.5, r.style, Qt::FlatCap, Qt::RoundJoin);
}

}  // namespace

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
        p.setPen(trailPen(r));
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

std::vector<QString> XYPlotCanvas::legendNames(const QFontMetricsF& fm) const
{
    std::vector<QString> names{tr("live")};
    for (const XYReferenceTrail& r : referenceTrails_)
        names.push_back(fm.elidedText(r.name, Qt::ElideRight, 140.0));
    return names;
}

void XYPlotCanvas::placeReferenceLegend(const QFontMetricsF& fm)
{
    legendRect_ = {};
    if (referenceTrails_.empty() || panels_.empty())
        return;
    const QFontMetricsF small(legendFont(font()));
    const std::vector<QString> names = legendNames(small);
    double column = 0.0, row = 0.0;
    for (const QString& n : names) {
        column = std::max(column, kSample + kSampleGap + small.horizontalAdvance(n));
        row += kSample + kSampleGap + small.horizontalAdvance(n) + kEntryGap;
    }
    const auto blockRight = [this] {
        double right = panels_.front().rect.right();
        for (const Panel& pn : panels_)
            right = std::max(right, pn.rect.right());
        return right;
    };
    // Beside the panels where they leave room (a square g–g diagram in a wide dock), one entry a
    // line, the panels moved left of centre as far as that needs. Over a panel, as it was, the
    // legend hid the trail and the ring labels under it.
    const double rightFree = area_.right() - blockRight();
    if (2.0 * rightFree >= column + 10.0) {
        const double shift = std::max(0.0, column + 10.0 - rightFree);
        for (Panel& pn : panels_)
            pn.rect.translate(-shift, 0.0);
        legendInRow_ = false;
        legendRect_ = QRectF(blockRight() + 10.0, panels_.front().rect.top(), column,
                             small.height() * static_cast<double>(names.size()));
        return;
    }
    // Else side by side in a row above them, which they make room for.
    legendInRow_ = true;
    row -= kEntryGap;
    area_.setTop(area_.top() + small.height() + 2.0);
    placePanels(fm);
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    const double top = panels_.front().rect.top() - (grid ? QFontMetricsF(labelFont()).height() + 1.0 : 0.0);
    legendRect_ = QRectF(std::max(area_.left(), blockRight() - row), top - small.height() - 2.0, row, small.height());
}

void XYPlotCanvas::drawReferenceLegend(QPainter& p) const
{
    if (legendRect_.isEmpty())
        return;
    // Each entry's line as its trail is drawn: the live one solid (each wheel's colour in the
    // friction circles), a reference lighter and dashed, so no reference reads as the live trace.
    p.setFont(legendFont(font()));
    const QFontMetricsF fm(p.font());
    const std::vector<QString> names = legendNames(fm);
    QPointF at = legendRect_.topLeft();
    for (std::size_t k = 0; k < names.size(); ++k) {
        const double y = at.y() + fm.height() / 2.0;
        if (k == 0) {
            const int n = state_.selection.kind == XYKind::FrictionCircles ? std::max(1, static_cast<int>(state_.trails.size())) : 1;
            for (int s = 0; s < n; ++s) {
                p.setPen(QPen(seriesColor(s), 2.0, Qt::SolidLine, Qt::FlatCap));
                p.drawLine(QPointF(at.x() + kSample * s / n, y), QPointF(at.x() + kSample * (s + 1) / n, y));
            }
        } else {
            p.setPen(trailPen(referenceTrails_[k - 1]));
            p.drawLine(QPointF(at.x(), y), QPointF(at.x() + kSample, y));
        }
        p.setPen(QColor(60, 60, 66));
        p.drawText(QPointF(at.x() + kSample + kSampleGap, y + fm.ascent() / 2.0 - 1.0), names[k]);
        if (legendInRow_)
            at.rx() += kSample + kSampleGap + fm.horizontalAdvance(names[k]) + kEntryGap;
        else
            at.ry() += fm.height();
    }
    p.setFont(font());
}

}  // namespace jounce::widgets
