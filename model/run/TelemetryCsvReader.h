#pragma once
// A Jounce telemetry CSV (telemetry/CsvWriter.h: identifiers row, units row, one row per frame)
// read back as a run with telemetry only, to be overlaid as a reference. Hostile files are refused
// with the line and column, never a crash; size, columns and memory are bounded.
//
// Memory: only the channels the file has are stored (a float per cell, a double per row for its
// time, another for the distance when it has posX or posY), never a whole frame per row. A row takes
// at least its time and line end in the file and a byte per further cell (an empty cell is NaN), so
// it costs at most 20 bytes per 3 it has in the file ("0,\n" under "time,posX": a time, a distance
// and a float); the block tables add under 1 %. A CSV of N bytes therefore takes at most
// kCsvBytesPerFileByte N + kCsvTrackOverheadBytes once read, whatever wheels its header names,
// besides the N bytes of its text while it is read (test_run_bounds checks it). A file holding
// every channel of its wheels is stored like a recorded run, so it can be saved as a run file.

#include "json/Problem.h"
#include "run/RunLog.h"

#include <memory>
#include <string>
#include <string_view>

namespace jounce::sim {

/// CSV files larger than this are refused (about 3 hours of a 4-wheel vehicle at 60 Hz).
inline constexpr std::size_t kMaxTelemetryCsvBytes = std::size_t(1) << 30;
/// Columns a CSV may have: Jounce writes at most 382 (time, 21 vehicle channels, 18 channels of 20
/// wheels); the rest leaves room for columns added in a spreadsheet, which are ignored.
inline constexpr std::size_t kMaxTelemetryCsvColumns = 4096;
/// Stored bytes per byte of a CSV at most, and the most its track takes besides: one block of 4096
/// rows of 381 columns not filled yet, and the first block of times and distances.
inline constexpr std::size_t kCsvBytesPerFileByte = 7;
inline constexpr std::size_t kCsvTrackOverheadBytes = std::size_t(7) << 20;

struct TelemetryCsvDocument {
    std::shared_ptr<RunLog> run;  ///< telemetry only (no vehicle, no inputs); null on error
    Problems problems;
    bool ok() const { return run && !problems.hasErrors(); }
};

TelemetryCsvDocument parseTelemetryCsv(std::string_view text, std::string name);
TelemetryCsvDocument loadTelemetryCsv(const std::string& path);

}  // namespace jounce::sim
