#include "run/TelemetryCsvReader.h"

#include "json/TextFile.h"
#include "telemetry/Channels.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

namespace jounce::sim {
namespace {

std::vector<std::string_view> splitLine(std::string_view line)
{
    std::vector<std::string_view> cells;
    std::size_t at = 0;
    while (true) {
        const std::size_t comma = line.find(',', at);
        cells.push_back(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
        if (comma == std::string_view::npos)
            return cells;
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

/// Where each column's value goes in a track frame: -1 time, -2 ignored, else the float index.
std::vector<int> columnSlots(const std::vector<std::string_view>& header, int& wheels, Problems& problems)
{
    std::vector<telemetry::Column> columns;
    wheels = 0;
    bool time = false;
    for (std::string_view id : header) {
        const std::optional<telemetry::Column> c = telemetry::parseColumn(id);
        columns.push_back(c.value_or(telemetry::Column::of(telemetry::VehicleChannel::Count)));
        if (!c)
            problems.warning("", "line 1: column \"" + std::string(id.substr(0, 60)) + "\" is not a Jounce channel, ignored");
        else if (c->kind == telemetry::Column::Kind::Time)
            time = true;
        else if (c->kind == telemetry::Column::Kind::Wheel && c->wheel < kMaxWheels)
            wheels = std::max(wheels, c->wheel + 1);
    }
    if (!time)
        problems.error("", "line 1: no \"time\" column: this is not a Jounce telemetry CSV");
    std::vector<int> slots;
    for (const telemetry::Column& c : columns) {
        if (c.kind == telemetry::Column::Kind::Time)
            slots.push_back(-1);
        else if (c.kind == telemetry::Column::Kind::Vehicle && c.vehicle != telemetry::VehicleChannel::Count)
            slots.push_back(static_cast<int>(c.vehicle));
        else if (c.kind == telemetry::Column::Kind::Wheel && c.wheel < wheels)
            slots.push_back(telemetry::kVehicleChannelCount + c.wheel * telemetry::kWheelChannelCount +
                            static_cast<int>(c.wheelChannel));
        else
            slots.push_back(-2);
    }
    return slots;
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
    int wheels = 0;
    const std::vector<int> slots = columnSlots(splitLine(line), wheels, doc.problems);
    if (doc.problems.hasErrors())
        return doc;
    auto run = std::make_shared<RunLog>();
    run->name = std::move(name);
    run->source = "csv";
    run->telemetry = TelemetryTrack(wheels);
    std::vector<float> frame(run->telemetry.valuesPerFrame());
    double previous = -HUGE_VAL;
    for (std::size_t number = 2; nextLine(text, at, line); ++number) {
        if (line.empty())
            continue;
        const std::vector<std::string_view> cells = splitLine(line);
        if (number == 2 && !cells.empty() && !parseCell(cells.front()))
            continue;  // the units row ("s,rad/s,N m,...")
        if (cells.size() != slots.size()) {
            doc.problems.error("", "line " + std::to_string(number) + ": " + std::to_string(cells.size()) +
                                       " cells, the header has " + std::to_string(slots.size()));
            return doc;
        }
        std::fill(frame.begin(), frame.end(), 0.0f);
        double time = 0.0;
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const std::optional<double> v = parseCell(cells[k]);
            if (!v) {
                doc.problems.error("", "line " + std::to_string(number) + ", column " + std::to_string(k + 1) +
                                           ": not a number: \"" + std::string(cells[k].substr(0, 40)) + "\"");
                return doc;
            }
            if (slots[k] == -1)
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
    if (run->telemetry.size() > 1)
        run->timeStep = (run->telemetry.time(run->telemetry.size() - 1) - run->telemetry.time(0)) /
                        double(run->telemetry.size() - 1);
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
