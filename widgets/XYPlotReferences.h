#pragma once
// Pinned reference runs in an X–Y plot (issue #31 item 7): each reference's points over the
// plot's trailing window, aligned by time since the start as the telemetry charts align them by
// default, for XYPlotCanvas to draw under the live trail in the reference's colour, lighter and
// dashed, with a legend of the live trail and each reference beside or above the panels.

#include "ReferenceRuns.h"
#include "XYPlotKinds.h"

#include <QColor>
#include <QPointF>
#include <QString>

#include <vector>

namespace jounce::widgets {

/// One reference as an X–Y plot shows it.
struct XYReferenceTrail {
    QColor color;
    Qt::PenStyle style = Qt::DashLine;
    QString name;
    std::vector<std::vector<QPointF>> series;  ///< SI (x, y) per series, oldest first
};

/// The points of each reference's frames with a time since the start in [t0, t1], for
/// `seriesCount` series of `selection`.
std::vector<XYReferenceTrail> xyReferenceTrails(const std::vector<ReferenceRun>& references, const XYSelection& selection,
                                                int seriesCount, double t0, double t1);

}  // namespace jounce::widgets
