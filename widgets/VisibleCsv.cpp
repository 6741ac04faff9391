#include "VisibleCsv.h"

#include "telemetry/CsvWriter.h"

#include <cstdio>

namespace jounce::widgets {
namespace {

/// A CSV field: quoted when it holds a comma, a quote or a line break (a reference's name may).
std::string field(const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void appendHeader(std::string& out, std::span<const telemetry::Column> columns,
                  const std::vector<ReferenceRun>& references)
{
    out += "time";
    for (const telemetry::Column& c : columns)
        out += "," + telemetry::columnName(c);
    for (const ReferenceRun& r : references) {
        const std::string name = r.name.toStdString();
        for (const telemetry::Column& c : columns)
            out += "," + field(telemetry::columnName(c) + " [" + name + "]");
        for (const telemetry::Column& c : columns)
            out += "," + field("Δ " + telemetry::columnName(c) + " [" + name + "]");
    }
    out += "\ns";
    for (std::size_t k = 0; k < 2 * references.size() + 1; ++k)
        for (const telemetry::Column& c : columns)
            out += "," + std::string(telemetry::columnUnit(c));
    out += "\n";
}

}  // namespace

std::string visibleCsv(const TelemetryHistory& history, std::span<const telemetry::Column> columns,
                       const std::vector<ReferenceRun>& references, const CsvSpan& span)
{
    std::string out;
    appendHeader(out, columns, references);
    const std::size_t first = history.lowerBound(span.start);
    const std::size_t last = history.lowerBound(std::min(span.end, span.dataLimit) + 1e-9);
    char time[32];
    for (std::size_t i = first; i < last; ++i) {
        const telemetry::Frame& f = history.at(i);
        // To the millisecond: a sum of 1/60 s steps is 8.800000000000017, not a time anyone typed.
        std::snprintf(time, sizeof time, "%.3f", f.time());
        out += time;
        for (const telemetry::Column& c : columns) {
            out += ',';
            telemetry::appendNumber(out, f.value(c));
        }
        for (const ReferenceRun& r : references) {
            const sim::TelemetryTrack& track = r.run->telemetry;
            const std::optional<std::size_t> j = referenceFrameAt(history, track, f.time(), span.alignment);
            for (int difference = 0; difference < 2; ++difference)
                for (const telemetry::Column& c : columns) {
                    out += ',';
                    if (j)
                        telemetry::appendNumber(out, difference ? f.value(c) - track.value(*j, c) : track.value(*j, c));
                }
        }
        out += '\n';
    }
    return out;
}

}  // namespace jounce::widgets
