#pragma once
// The rows of the measurement cursors' table: every visible trace at cursors A and B with its
// minimum, maximum and mean between them, for the live run, each reference run and the difference
// live − reference (aligned as the charts align references), in the display units.

#include "CursorTable.h"
#include "ReferenceRuns.h"
#include "TelemetryChart.h"
#include "TelemetryHistory.h"

#include <optional>
#include <vector>

namespace jounce::widgets {

struct CursorSpan {
    std::optional<double> a;
    std::optional<double> b;
    double dataLimit = 0.0;  ///< no live frame newer than this (a frozen view)
    Alignment alignment = Alignment::Time;
};

std::vector<CursorTable::Row> cursorRows(const std::vector<TelemetryChart*>& charts, const TelemetryHistory& history,
                                         const std::vector<ReferenceRun>& references, const CursorSpan& span);

}  // namespace jounce::widgets
