#pragma once
// Every step's telemetry frame as a CSV row (telemetry::CsvWriter), as a run observer. Rows are
// written in blocks, so memory stays bounded however long the run is.

#include "run/RunRecorder.h"
#include "telemetry/CsvWriter.h"

#include <ostream>
#include <vector>

namespace jounce::sim {

class TelemetryCsvRecorder final : public RunObserver {
public:
    /// Writes to `out` (which must outlive the recorder) for a vehicle of `wheelCount` wheels.
    TelemetryCsvRecorder(std::ostream& out, int wheelCount);
    /// The header rows; false when the stream failed.
    bool writeHeader();
    void stepped(const StepRecord& step) override;
    /// Writes the rows still buffered; false when the stream failed.
    bool flush();

private:
    std::ostream& out_;
    telemetry::CsvWriter writer_;
    std::vector<telemetry::Frame> buffer_;
};

}  // namespace jounce::sim
