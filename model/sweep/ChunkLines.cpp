#include "sweep/ChunkLines.h"

#include "sweep/SweepTable.h"

#include "json/JsonText.h"

#include <array>
#include <charconv>
#include <cmath>

namespace jounce::sweep {
namespace {

/// What a point's status starts with when it is not "ok" or "cancelled" (PointResult::status).
constexpr std::array<std::string_view, 4> kStatusPrefixes{"invalid vehicle: ", "bad state: ", "time limit: ", "error: "};

/// A cell for a message: quoted, cut after 40 bytes (on a character boundary: the line is UTF-8).
std::string shown(std::string_view cell)
{
    if (cell.size() <= 40)
        return "\"" + std::string(cell) + "\"";
    std::size_t cut = 40;
    while (cut > 0 && (static_cast<unsigned char>(cell[cut]) & 0xC0) == 0x80)
        --cut;
    return "\"" + std::string(cell.substr(0, cut)) + "...\"";
}

/// One cell from `at` (just after a comma or at the start of the line) up to its comma or the end.
/// Returns where the next cell starts (npos: this was the last one), or nullopt with `error` set.
std::optional<std::size_t> readCell(std::string_view line, std::size_t at, std::size_t cell, std::string& out,
                                    std::string& error)
{
    if (at >= line.size() || line[at] != '"') {
        const std::size_t comma = line.find(',', at);
        out.assign(line.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
        if (out.find('"') != std::string::npos) {
            error = "cell " + std::to_string(cell) + ": a quote inside a cell that is not quoted";
            return std::nullopt;
        }
        return comma == std::string_view::npos ? comma : comma + 1;
    }
    for (std::size_t i = at + 1; i < line.size(); ++i) {
        if (line[i] != '"') {
            out += line[i];
            continue;
        }
        if (i + 1 < line.size() && line[i + 1] == '"') {
            out += '"';
            ++i;
            continue;
        }
        if (i + 1 == line.size())
            return std::string_view::npos;
        if (line[i + 1] == ',')
            return i + 2;
        error = "cell " + std::to_string(cell) + ": text after its closing quote";
        return std::nullopt;
    }
    error = "cell " + std::to_string(cell) + ": a quote opens and never closes";
    return std::nullopt;
}

std::string checkNumber(const std::string& cell)
{
    const Json j = Json::parse(cell, nullptr, false);
    if (j.is_discarded() || !j.is_number())
        return shown(cell) + " is not a number";
    if (valueCell(j) != cell)
        return shown(cell) + " is not a number in the shortest form --run-chunk writes (" + valueCell(j) + ")";
    return {};
}

std::string checkValue(const std::string& cell, ValueKind kind)
{
    switch (kind) {
    case ValueKind::Number:
        return checkNumber(cell);
    case ValueKind::Boolean:
        return cell == "true" || cell == "false" ? std::string() : shown(cell) + " is neither true nor false";
    case ValueKind::Name:
    case ValueKind::Any:
        break;
    }
    return {};
}

std::string checkFigure(const std::string& cell)
{
    if (cell.empty())
        return {};  // n/a
    double v = 0.0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    const bool number = ec == std::errc() && end == cell.data() + cell.size() && std::isfinite(v);
    if (!number || figureCell(v) != cell)
        return shown(cell) + " is not a figure: a number in the shortest form, or empty for n/a";
    return {};
}

std::string checkStatus(const std::string& cell)
{
    if (cell == "ok" || cell == "cancelled")
        return {};
    for (const std::string_view prefix : kStatusPrefixes)
        if (cell.starts_with(prefix))
            return {};
    return shown(cell) + " is not a point's status (ok, cancelled, or invalid vehicle:, bad state:, time limit:, "
                         "error: and why)";
}

std::string checkId(const std::string& cell, std::size_t first, std::size_t end)
{
    std::size_t id = 0;
    const bool digits = !cell.empty() && cell.size() <= 12 && cell.find_first_not_of("0123456789") == std::string::npos &&
                        (cell == "0" || cell[0] != '0');
    if (digits)
        std::from_chars(cell.data(), cell.data() + cell.size(), id);
    if (!digits || id < first || id >= end)
        return shown(cell) + " is not a point of its chunk (points " + std::to_string(first) + " to " +
               std::to_string(end - 1) + ")";
    return {};
}

}  // namespace

const char* valueKindName(ValueKind kind) noexcept
{
    switch (kind) {
    case ValueKind::Number:
        return "number";
    case ValueKind::Boolean:
        return "boolean";
    case ValueKind::Name:
        return "name";
    case ValueKind::Any:
        break;
    }
    return "any";
}

std::optional<ValueKind> valueKindFromName(std::string_view name)
{
    for (const ValueKind k : {ValueKind::Number, ValueKind::Boolean, ValueKind::Name})
        if (name == valueKindName(k))
            return k;
    return std::nullopt;
}

ValueKind parameterKind(const Parameter& p)
{
    if (!p.isList() || p.scale == Scale::Factor || p.values.front().is_number())
        return ValueKind::Number;
    return p.values.front().is_boolean() ? ValueKind::Boolean : ValueKind::Name;
}

CsvLine splitLine(std::string_view line)
{
    CsvLine out;
    if (line.empty())
        out.error = "an empty line";
    else if (line.find('\0') != std::string_view::npos)
        out.error = "a NUL byte";
    else if (line.find('\r') != std::string_view::npos)
        out.error = "a carriage return (line ends converted to CR LF on the way?)";
    else if (!json::isValidUtf8(line))
        out.error = "not UTF-8";
    if (!out.error.empty())
        return out;
    for (std::size_t at = 0; at != std::string_view::npos;) {
        std::string cell;
        const std::optional<std::size_t> next = readCell(line, at, out.cells.size() + 1, cell, out.error);
        if (!next) {
            out.cells.clear();
            return out;
        }
        const std::size_t rawEnd = *next == std::string_view::npos ? line.size() : *next - 1;
        if (out.misquoted == 0 && csvField(cell) != line.substr(at, rawEnd - at))
            out.misquoted = out.cells.size() + 1;
        out.cells.push_back(std::move(cell));
        at = *next;
    }
    return out;
}

std::string headerProblem(const std::vector<std::string>& header, std::size_t parameters)
{
    if (header.size() < parameters + 2 || header.front() != "point" || header.back() != "status")
        return "not the header of " + std::to_string(parameters) +
               " parameters' results: \"point\", a column per parameter and figure, \"status\"";
    return {};
}

std::string rowProblem(const CsvLine& row, const std::vector<std::string>& header, std::span<const ValueKind> parameters,
                       std::size_t first, std::size_t end)
{
    const std::vector<std::string>& cells = row.cells;
    if (cells.size() != header.size())
        return std::to_string(cells.size()) + (cells.size() == 1 ? " cell" : " cells") + ", the header has " +
               std::to_string(header.size());
    const auto column = [&](std::size_t i) { return "column " + std::to_string(i + 1) + " (" + header[i] + "): "; };
    if (row.misquoted > 0)
        return column(row.misquoted - 1) + "quoted otherwise than --run-chunk writes it";
    if (std::string e = checkId(cells[0], first, end); !e.empty())
        return e;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        const std::size_t parameter = i - 1;
        std::string e = parameter < parameters.size() ? checkValue(cells[i], parameters[parameter])
                        : i + 1 < cells.size()        ? checkFigure(cells[i])
                                                      : checkStatus(cells[i]);
        if (!e.empty())
            return column(i) + e;
    }
    return {};
}

std::size_t rowPointId(const std::vector<std::string>& cells)
{
    std::size_t id = 0;
    std::from_chars(cells[0].data(), cells[0].data() + cells[0].size(), id);
    return id;
}

}  // namespace jounce::sweep
