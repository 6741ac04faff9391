#include "MotecCsv.h"

#include "MotecChannels.h"
#include "MotecSampler.h"
#include "json/TextFile.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <ostream>

namespace jounce::exchange {
namespace {

constexpr std::size_t kBlockBytes = std::size_t(1) << 16;
constexpr std::size_t kProgressRows = 4096;

/// A stored value as text, the decimal point placed in its digits: exactly the .ld's value.
void appendStored(std::string& out, std::int64_t stored, int decimals)
{
    char digits[32];
    const bool negative = stored < 0;
    const std::uint64_t magnitude = negative ? std::uint64_t(0) - std::uint64_t(stored) : std::uint64_t(stored);
    const auto end = std::to_chars(digits, digits + sizeof digits, magnitude).ptr;
    std::string text(digits, end);
    if (decimals > 0) {
        if (text.size() <= std::size_t(decimals))
            text.insert(0, std::size_t(decimals) + 1 - text.size(), '0');
        text.insert(text.size() - std::size_t(decimals), 1, '.');
    } else if (magnitude != 0) {
        text.append(std::size_t(-decimals), '0');
    }
    if (negative && magnitude != 0)
        out += '-';
    out += text;
}

/// A non-negative number with a fixed number of decimals (times and distances of the axis).
void appendFixed(std::string& out, double v, int decimals)
{
    appendStored(out, std::llround(v * std::pow(10.0, decimals)), decimals);
}

std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string fixed(double v, int decimals)
{
    std::string out;
    appendFixed(out, v, decimals);
    return out;
}

/// The rows i2's CSV export begins with, up to the channel names (docs/motec.md "CSV").
std::string preamble(const MotecCsvOptions& o, const std::string& rateRow, double origin, double duration,
                     double distance)
{
    const MotecMetadata& m = o.metadata;
    std::string beacons;
    for (const MotecBeacon& b : o.beacons)
        if (b.time - origin > 0.0)
            beacons += (beacons.empty() ? "" : " ") + fixed(b.time - origin, 3);
    std::string out;
    out += "\"Format\",\"MoTeC CSV File\",,,\"Workbook\",\"\"\n";
    out += "\"Venue\"," + quoted(m.venue) + ",,,\"Worksheet\",\"\"\n";
    out += "\"Vehicle\"," + quoted(m.vehicle) + ",,,\"Vehicle Desc\",\"\"\n";
    out += "\"Driver\"," + quoted(m.driver) + ",,,\"Engine ID\",\"\"\n";
    out += "\"Device\",\"Jounce\"\n";
    out += "\"Comment\"," + quoted(m.shortComment) + ",,,\"Session\"," + quoted(m.session) + "\n";
    out += "\"Log Date\"," + quoted(m.date) + ",,,\"Origin Time\",\"" + fixed(std::max(origin, 0.0), 3) + "\",\"s\"\n";
    out += "\"Log Time\"," + quoted(m.time) + ",,,\"Start Time\",\"0.000\",\"s\"\n";
    out += rateRow + ",,\"End Time\",\"" + fixed(duration, 3) + "\",\"s\"\n";
    out += "\"Duration\",\"" + fixed(duration, 3) + "\",\"s\",,\"Start Distance\",\"0\",\"m\"\n";
    out += "\"Range\",\"entire outing\",,,\"End Distance\",\"" + fixed(distance, 0) + "\",\"m\"\n";
    out += "\"Beacon Markers\"," + quoted(beacons) + "\n\n\n";
    return out;
}

/// The names and units rows (motec) or the one header row (plain), ending with the blank lines
/// the layout has before the rows.
std::string columnRows(const std::vector<MotecChannel>& channels, MotecAxis axis, MotecCsvLayout layout)
{
    std::vector<std::pair<std::string, std::string>> columns;
    if (axis == MotecAxis::Distance)
        columns.emplace_back("Distance", "m");
    columns.emplace_back("Time", "s");
    for (const MotecChannel& c : channels)
        columns.emplace_back(c.name, c.unit);
    std::string names, units;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const auto& [name, unit] = columns[i];
        names += i > 0 ? "," : "";
        units += i > 0 ? "," : "";
        if (layout == MotecCsvLayout::Motec) {
            names += quoted(name);
            units += quoted(unit);
        } else {
            names += unit.empty() ? name : name + " (" + unit + ")";
        }
    }
    return layout == MotecCsvLayout::Motec ? names + "\n" + units + "\n\n\n" : names + "\n";
}

/// The row source: a time grid or a distance grid.
struct Rows {
    const sim::TelemetryTrack& track;
    MotecAxis axis;
    SampleGrid grid;
    double step;  ///< m, distance axis
    std::size_t count;
};

bool writeRows(std::ostream& out, const Rows& rows, const std::vector<MotecChannel>& channels,
               const MotecCsvOptions& o)
{
    const bool quote = o.layout == MotecCsvLayout::Motec;
    const auto cell = [&](std::string& text, auto&& append) {
        if (quote)
            text += '"';
        append();
        if (quote)
            text += '"';
    };
    TimeCursor byTime(rows.track, rows.grid);
    DistanceCursor byDistance(rows.track, rows.step);
    std::string text;
    text.reserve(kBlockBytes + 4096);
    for (std::size_t j = 0; j < rows.count; ++j) {
        if (o.progress && j % kProgressRows == 0 && !o.progress(double(j) / double(rows.count)))
            return false;
        const FramePosition at = rows.axis == MotecAxis::Time ? byTime.at(j) : byDistance.at(j);
        if (rows.axis == MotecAxis::Distance) {
            cell(text, [&] { appendFixed(text, byDistance.distance(j), 3); });
            text += ',';
            const double t0 = rows.track.time(at.index);
            const double t1 = at.weight > 0.0 ? rows.track.time(at.index + 1) : t0;
            cell(text, [&] { appendFixed(text, std::max(0.0, t0 + at.weight * (t1 - t0) - rows.grid.origin), 6); });
        } else {
            cell(text, [&] { appendFixed(text, double(j) / rows.grid.rate, 6); });
        }
        for (const MotecChannel& c : channels) {
            text += ',';
            cell(text, [&] { appendStored(text, quantise(sampleValue(rows.track, c, at), c), c.decimals); });
        }
        text += '\n';
        if (text.size() >= kBlockBytes) {
            out.write(text.data(), std::streamsize(text.size()));
            text.clear();
        }
    }
    out.write(text.data(), std::streamsize(text.size()));
    return bool(out);
}

}  // namespace

MotecCsvResult writeMotecCsv(const sim::RunLog& run, const std::string& path, const MotecCsvOptions& o)
{
    MotecCsvResult r;
    const sim::TelemetryTrack& track = run.telemetry;
    const std::optional<SampleGrid> grid = sampleGrid(track, run.timeStep, r.error);
    if (!grid) {
        if (r.error.empty())
            r.error = "the run has no telemetry: there is nothing to export";
        return r;
    }
    const bool distance = o.axis == MotecAxis::Distance;
    Rows rows{track, o.axis, *grid, distance ? distanceStep(track) : 0.0, grid->count};
    if (distance) {
        if (!hasDistance(track) || !(rows.step > 0.0)) {
            r.error = "the run has no distance axis: it " +
                      std::string(hasDistance(track) ? "did not move" : "holds no positions (posX, posY)");
            return r;
        }
        rows.count = DistanceCursor(track, rows.step).count();
    }
    std::vector<MotecChannel> channels = motecChannels(track.wheelCount(), !distance && hasDistance(track));
    fitDecimals(track, channels);

    json::AtomicFileWriter file(path);
    if (!file.ok()) {
        r.error = "cannot write " + path + ": " + file.error();
        return r;
    }
    std::ostream& out = file.stream();
    std::string head;
    if (o.layout == MotecCsvLayout::Motec) {
        const double duration = double(grid->count - 1) / grid->rate;
        const std::string rateRow = distance ? "\"Sample Distance\",\"" + fixed(rows.step, 3) + "\",\"m\""
                                             : "\"Sample Rate\",\"" + fixed(grid->rate, 3) + "\",\"Hz\"";
        head = preamble(o, rateRow, grid->origin, duration, track.distance(track.size() - 1));
    }
    head += columnRows(channels, o.axis, o.layout);
    out.write(head.data(), std::streamsize(head.size()));
    if (!writeRows(out, rows, channels, o)) {
        r.error = file.ok() ? "cancelled" : "cannot write " + path + ": " + file.error();
        return r;
    }
    if (const std::string err = file.commit(); !err.empty()) {
        r.error = "cannot write " + path + ": " + err;
        return r;
    }
    r.rows = rows.count;
    r.columns = channels.size() + (distance ? 2 : 1);
    r.step = distance ? rows.step : 1.0 / grid->rate;
    return r;
}

}  // namespace jounce::exchange
