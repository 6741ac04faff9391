#pragma once
// Telemetry as CSV (conventions.md "Telemetry channels"): a header row of column identifiers
// (time,engineOmega,...,jounce[FL],...), a units row, then one row per frame, columns in
// csvColumns() order. Numbers are the shortest text that reads back to the same double
// (std::to_chars), independent of the locale, so the same frames always give the same bytes.

#include "Channels.h"
#include "Frame.h"

#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace jounce::telemetry {

/// Appends the shortest round-trip text of `v` ("0.1", "-3", "1e-07", "nan", "inf").
void appendNumber(std::string& out, double v);

class CsvWriter {
public:
    /// The columns are fixed by the wheel count (clamped to [0, kMaxWheels]): a CSV file has one shape.
    explicit CsvWriter(int wheelCount);

    int wheelCount() const noexcept { return wheelCount_; }
    const std::vector<Column>& columns() const noexcept { return columns_; }

    /// Appends the identifiers row and the units row, each ending in '\n'.
    void appendHeader(std::string& out) const;
    /// Appends one row. Wheels the frame does not have (w >= frame.wheelCount()) are left empty.
    void appendRow(std::string& out, const Frame& frame) const;

    /// Stream forms of the above, for files too long to hold as one string. Bytes are written
    /// unformatted, so the stream's locale does not matter. Returns false if the stream failed.
    bool writeHeader(std::ostream& out) const;
    bool writeRows(std::ostream& out, std::span<const Frame> frames) const;

private:
    int wheelCount_;
    std::vector<Column> columns_;
};

/// A whole CSV document; the wheel count is the first frame's (0 when there are no frames).
std::string toCsv(std::span<const Frame> frames);
std::string toCsv(std::span<const Frame> frames, int wheelCount);

}  // namespace jounce::telemetry
