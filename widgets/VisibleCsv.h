#pragma once
// The CSV of what the charts show: the frames of the visible span, the visible traces' columns,
// and for every reference run its value and the difference live − reference at each live frame
// (aligned as the charts align them). Values SI as every Jounce CSV, times to the millisecond.

#include "ReferenceRuns.h"
#include "TelemetryHistory.h"
#include "telemetry/Channels.h"

#include <span>
#include <string>
#include <vector>

namespace jounce::widgets {

struct CsvSpan {
    double start = 0.0;
    double end = 0.0;
    double dataLimit = 0.0;  ///< no frame newer than this (a frozen view)
    Alignment alignment = Alignment::Time;
};

/// Columns: time, each live column, then per reference "<column> [<name>]" for every column and
/// "Δ <column> [<name>]" for every column; a units row follows the names. A reference without a
/// frame at a live time leaves its cells empty.
std::string visibleCsv(const TelemetryHistory& history, std::span<const telemetry::Column> columns,
                       const std::vector<ReferenceRun>& references, const CsvSpan& span);

}  // namespace jounce::widgets
