#include "run/TelemetryCsvReader.h"

#include "json/TextFile.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

namespace jounce::sim {
namespace {

/// The cells of a line into `cells`, at most `limit` + 1 of them (enough to tell that there are too
/// many, without splitting a hostile gigabyte-long line into half a billion cells).
void splitLine(std::string_view line, std::size_t limit, std::vector<std::string_view>& cells)
{
    cells.clear();
    std::size_t at = 0;
    while (cells.size() <= limit) {
        const std::size_t comma = line.find(',', at);
        cells.push_back(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
        if (comma == std::string_view::npos)
            break;
        at = comma + 1;
    }
}

/// The next line without its end ("\n" or "\r\n"); false at the end of the text.
bool nextLine(std::string_view text, std::size_t& at, std::string_view& line)
{
    if (at >= text.size())
        return false;
    const std::size_t end = text.find('\n', at);
    line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    at = end == std::string_view::npos ? text.size() : end + 1;
    return true;
}

/// "nan", "inf" and "-inf" as CsvWriter writes them, or a number.
std::optional<double> parseCell(std::string_view cell)
{
    if (cell.empty() || cell == "nan")
        return std::numeric_limits<double>::quiet_NaN();
    if (cell == "inf" || cell == "-inf")
        return cell[0] == '-' ? -HUGE_VAL : HUGE_VAL;
    double v = 0.0;
    const auto [p, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (ec != std::errc{} || p != cell.data() + cell.size())
        return std::nullopt;
    return v;
}

constexpr int kTimeCell = -1;
constexpr int kIgnoredCell = -2;
constexpr std::size_t kMaxUnknownColumnWarnings = 20;

/// The header row read: where each cell's value goes (kTimeCell, kIgnoredCell or the stored float
/// index) and the track the rows are stored in; nullopt with the errors reported.
struct Layout {
    std::vector<int> cells;
    TelemetryTrack track;
};

std::string columnAt(std::size_t k) { return "line 1, column " + std::to_string(k + 1); }

/// The Jounce columns of the header, checked: one time column, no column twice, no wheel beyond
/// kMaxWheels. Unknown names are warned about and ignored (columns added in a spreadsheet).
std::optional<std::vector<std::optional<telemetry::Column>>> readColumns(const std::vector<std::string_view>& header,
                                                                         Problems& problems)
{
    std::vector<std::optional<telemetry::Column>> columns;
    std::size_t unknown = 0;
    for (std::size_t k = 0; k < header.size(); ++k) {
        const std::string shown = "\"" + std::string(header[k].substr(0, 60)) + "\"";
        std::optional<telemetry::Column> c = telemetry::parseColumn(header[k]);
        if (!c) {
            if (++unknown <= kMaxUnknownColumnWarnings)
                problems.warning("", columnAt(k) + ": " + shown + " is not a Jounce channel, ignored");
        } else if (c->kind == telemetry::Column::Kind::Wheel && c->wheel >= kMaxWheels) {
            problems.error("", columnAt(k) + ": " + shown + " is wheel index " + std::to_string(c->wheel) +
                                   ", but a vehicle has at most " + std::to_string(kMaxWheels) + " wheels (up to W" +
                                   std::to_string(kMaxWheels - 1) + ")");
        } else {
            for (std::size_t j = 0; j < columns.size(); ++j)
                if (columns[j] == c) {
                    problems.error("", columnAt(k) + ": " + shown + " again (column " + std::to_string(j + 1) +
                                           " is the same channel)");
                    break;
                }
        }
        columns.push_back(c);
    }
    if (unknown > kMaxUnknownColumnWarnings)
        problems.warning("", "line 1: " + std::to_string(unknown - kMaxUnknownColumnWarnings) +
                                 " more columns that are not Jounce channels, ignored");
    const bool time = std::any_of(columns.begin(), columns.end(), [](const auto& c) {
        return c && c->kind == telemetry::Column::Kind::Time;
    });
    if (!time)
        problems.error("", "line 1: no \"time\" column: this is not a Jounce telemetry CSV");
    if (problems.hasErrors())
        return std::nullopt;
    return columns;
}

std::optional<Layout> readLayout(std::string_view line, Problems& problems)
{
    std::vector<std::string_view> header;
    splitLine(line, kMaxTelemetryCsvColumns, header);
    if (header.size() > kMaxTelemetryCsvColumns) {
        problems.error("", "line 1: more than " + std::to_string(kMaxTelemetryCsvColumns) +
                               " columns: this is not a Jounce telemetry CSV");
        return std::nullopt;
    }
    const std::optional<std::vector<std::optional<telemetry::Column>>> columns = readColumns(header, problems);
    if (!columns)
        return std::nullopt;
    std::vector<telemetry::Column> channels;
    int wheels = 0;
    for (const std::optional<telemetry::Column>& c : *columns)
        if (c && c->kind != telemetry::Column::Kind::Time) {
            channels.push_back(*c);
            if (c->kind == telemetry::Column::Kind::Wheel)
                wheels = std::max(wheels, c->wheel + 1);
        }
    // Every channel of its wheels (a CSV Jounce wrote): stored like a recorded run. Else only the
    // columns there are.
    Layout layout{{}, TelemetryTrack(wheels)};
    if (channels.size() != layout.track.valuesPerFrame())
        layout.track = TelemetryTrack::ofColumns(channels);
    for (const std::optional<telemetry::Column>& c : *columns)
        layout.cells.push_back(!c                                          ? kIgnoredCell
                               : c->kind == telemetry::Column::Kind::Time ? kTimeCell
                                                                          : layout.track.storedIndex(*c));
    return layout;
}

}  // namespace

TelemetryCsvDocument parseTelemetryCsv(std::string_view text, std::string name)
{
    TelemetryCsvDocument doc;
    std::size_t at = 0;
    std::string_view line;
    if (!nextLine(text, at, line) || line.empty()) {
        doc.problems.error("", "the file is empty: a Jounce telemetry CSV starts with a row of channel names");
        return doc;
    }
    std::optional<Layout> layout = readLayout(line, doc.problems);
    if (!layout)
        return doc;
    const std::vector<int>& slots = layout->cells;
    auto run = std::make_shared<RunLog>();
    run->name = std::move(name);
    run->source = "csv";
    run->telemetry = std::move(layout->track);
    std::vector<float> frame(run->telemetry.storedPerFrame());
    std::vector<std::string_view> cells;
    double previous = -HUGE_VAL;
    for (std::size_t number = 2; nextLine(text, at, line); ++number) {
        if (line.empty())
            continue;
        splitLine(line, slots.size(), cells);
        if (number == 2 && !parseCell(cells.front()))
            continue;  // the units row ("s,rad/s,N m,...")
        if (cells.size() != slots.size()) {
            const auto count = std::size_t(std::count(line.begin(), line.end(), ',')) + 1;
            doc.problems.error("", "line " + std::to_string(number) + ": " + std::to_string(count) +
                                       " cells, the header has " + std::to_string(slots.size()));
            return doc;
        }
        double time = 0.0;
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const std::optional<double> v = parseCell(cells[k]);
            if (!v) {
                doc.problems.error("", "line " + std::to_string(number) + ", column " + std::to_string(k + 1) +
                                           ": not a number: \"" + std::string(cells[k].substr(0, 40)) + "\"");
                return doc;
            }
            if (slots[k] == kTimeCell)
                time = *v;
            else if (slots[k] >= 0)
                frame[std::size_t(slots[k])] = static_cast<float>(*v);
        }
        if (!std::isfinite(time) || time < previous) {
            doc.problems.error("", "line " + std::to_string(number) + ": the time is not finite or goes back");
            return doc;
        }
        previous = time;
        run->telemetry.appendValues(time, frame.data());
    }
    if (run->telemetry.empty()) {
        doc.problems.error("", "the file has no rows of telemetry");
        return doc;
    }
    // The mean spacing of the rows, when it is a time step a run may have (a run file refuses
    // others); else the default.
    if (run->telemetry.size() > 1) {
        const double dt = (run->telemetry.time(run->telemetry.size() - 1) - run->telemetry.time(0)) /
                          double(run->telemetry.size() - 1);
        if (dt > 0.0 && dt <= 1.0)
            run->timeStep = dt;
    }
    doc.run = std::move(run);
    return doc;
}

TelemetryCsvDocument loadTelemetryCsv(const std::string& path)
{
    std::string text;
    if (const std::string err = json::readTextFile(path, kMaxTelemetryCsvBytes, text); !err.empty()) {
        TelemetryCsvDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    const std::size_t slash = path.find_last_of('/');
    return parseTelemetryCsv(text, slash == std::string::npos ? path : path.substr(slash + 1));
}

}  // namespace jounce::sim
