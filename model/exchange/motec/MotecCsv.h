#pragma once
// A recorded run as CSV for data-analysis tools (docs/motec.md "CSV"): the channels, names, units
// and quantisation of the .ld export, one row per sample of its time grid or per distance step.
//
//   motec layout: the preamble i2's CSV export writes ("Format","MoTeC CSV File", venue, vehicle,
//     driver, dates, sample rate, beacon markers), two blank lines, the channel names, their
//     units, two blank lines, the rows; every cell quoted.
//   plain layout: one header row of "Name (unit)" and the rows, nothing else: PlotJuggler and
//     spreadsheets read a units row as the first row of data (a column of text).
//
// The axis is the first column: Time (s, from the log's start, as i2 counts it) or Distance (m
// travelled on the ground plan, then Time). Rows are written in blocks: constant memory beside
// the run.

#include "MotecRun.h"
#include "run/RunLog.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace jounce::exchange {

enum class MotecAxis { Time, Distance };
enum class MotecCsvLayout { Motec, Plain };

struct MotecCsvOptions {
    MotecAxis axis = MotecAxis::Time;
    MotecCsvLayout layout = MotecCsvLayout::Motec;
    MotecMetadata metadata;
    std::vector<MotecBeacon> beacons;
    /// As LdOptions::progress.
    std::function<bool(double)> progress;
};

struct MotecCsvResult {
    std::string error;
    std::size_t rows = 0;
    std::size_t columns = 0;  ///< the axis column(s) and the channels
    double step = 0.0;        ///< s between rows (time axis) or m (distance axis)
    bool ok() const { return error.empty(); }
};

/// Writes the CSV atomically (json/TextFile.h). An empty run, a distance axis for a run without
/// positions or that did not move, and a file that cannot be written are errors with a message.
MotecCsvResult writeMotecCsv(const sim::RunLog& run, const std::string& path, const MotecCsvOptions& options);

}  // namespace jounce::exchange
