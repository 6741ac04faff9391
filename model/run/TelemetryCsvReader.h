#pragma once
// A Jounce telemetry CSV (telemetry/CsvWriter.h: identifiers row, units row, one row per frame)
// read back as a run with telemetry only, to be overlaid as a reference. Hostile files are refused
// with the line and column, never a crash; size and rows are bounded.

#include "json/Problem.h"
#include "run/RunLog.h"

#include <memory>
#include <string>
#include <string_view>

namespace jounce::sim {

/// CSV files larger than this are refused (about 3 hours of a 4-wheel vehicle at 60 Hz).
inline constexpr std::size_t kMaxTelemetryCsvBytes = std::size_t(1) << 30;

struct TelemetryCsvDocument {
    std::shared_ptr<RunLog> run;  ///< telemetry only (no vehicle, no inputs); null on error
    Problems problems;
    bool ok() const { return run && !problems.hasErrors(); }
};

TelemetryCsvDocument parseTelemetryCsv(std::string_view text, std::string name);
TelemetryCsvDocument loadTelemetryCsv(const std::string& path);

}  // namespace jounce::sim
