// The X–Y plots' axis titles: with unit and sign note where they fit, shorter where not.

#include "XYPlotCanvas.h"

#include <QFontMetricsF>

#include <algorithm>

namespace jounce::widgets {

QString XYPlotCanvas::axisTitle(const XYAxisDef& axis, const XYUnit& unit)
{
    QString s = axis.title;
    if (!unit.label.isEmpty())
        s += QStringLiteral(" (%1)").arg(unit.label);
    if (!axis.note.isEmpty())
        s += QStringLiteral(", ") + axis.note;
    return s;
}

QString XYPlotCanvas::fittedAxisTitle(const XYAxisDef& axis, const XYUnit& unit, const QFontMetricsF& fm, double room)
{
    XYAxisDef shorter = axis;
    if (!axis.shortTitle.isEmpty())
        shorter.title = axis.shortTitle;
    XYAxisDef bare = shorter;
    bare.note.clear();
    QString s;
    for (const XYAxisDef* a : {&axis, static_cast<const XYAxisDef*>(&shorter), static_cast<const XYAxisDef*>(&bare)}) {
        s = axisTitle(*a, unit);
        if (fm.horizontalAdvance(s) <= room)
            return s;
    }
    return fm.elidedText(s, Qt::ElideMiddle, std::max(0.0, room));
}

}  // namespace jounce::widgets
