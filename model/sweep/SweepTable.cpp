#include "sweep/SweepTable.h"

#include "sweep/ChunkLines.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPoints.h"

#include "json/JsonText.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace jounce::sweep {
namespace {

std::string withUnit(const std::string& name, const std::string& unit)
{
    return unit.empty() ? name : name + " [" + unit + "]";
}

/// The lines of a text, without their line ends; a final empty line is dropped.
std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    }
    return out;
}

/// The header of a chunk's results, from its marker line.
struct ChunkHeader {
    std::string fingerprint;
    std::size_t chunk = 0, chunks = 0, first = 0, end = 0, points = 0;
    std::optional<std::vector<ValueKind>> parameters;  ///< what each parameter column holds (not in older results)
};

std::optional<std::vector<ValueKind>> readKinds(const Json& list)
{
    if (!list.is_array() || list.size() > kMaxParameters)
        return std::nullopt;
    std::vector<ValueKind> kinds;
    for (const Json& name : list) {
        const std::optional<ValueKind> k = name.is_string() ? valueKindFromName(name.get<std::string>()) : std::nullopt;
        if (!k)
            return std::nullopt;
        kinds.push_back(*k);
    }
    return kinds;
}

/// A count of the marker: a whole number >= 0 as --run-chunk writes it. A float or a negative
/// number is no count (converting 1e30 to size_t would be undefined).
bool readCount(const Json& marker, const char* key, std::size_t& out)
{
    const auto it = marker.find(key);
    if (it == marker.end() || !it->is_number_unsigned())
        return false;
    out = it->get<std::size_t>();
    return true;
}

std::optional<ChunkHeader> readMarker(std::string_view line)
{
    if (!line.starts_with(kChunkMarker))
        return std::nullopt;
    Problems ignored;
    const std::optional<Json> j = json::parseJson(line.substr(std::string_view(kChunkMarker).size()), ignored);
    if (!j || !j->is_object())
        return std::nullopt;
    ChunkHeader h;
    const auto fingerprint = j->find("fingerprint");
    if (fingerprint == j->end() || !fingerprint->is_string() || !readCount(*j, "chunk", h.chunk) ||
        !readCount(*j, "chunks", h.chunks) || !readCount(*j, "first", h.first) || !readCount(*j, "end", h.end) ||
        !readCount(*j, "points", h.points))
        return std::nullopt;
    h.fingerprint = fingerprint->get<std::string>();
    if (const auto kinds = j->find("parameters"); kinds != j->end() && !(h.parameters = readKinds(*kinds)))
        return std::nullopt;
    // A hostile count bounds nothing else.
    if (h.first >= h.end || h.end > h.points || h.points > kMaxPoints || h.chunk >= h.chunks || h.chunks > h.points)
        return std::nullopt;
    return h;
}

}  // namespace

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos)
        return text;
    std::string out = "\"";
    for (const char c : text) {
        out += c;
        if (c == '"')
            out += '"';
    }
    return out + "\"";
}

std::string valueCell(const Json& value)
{
    if (value.is_null())
        return {};  // the base vehicle's value (a one-at-a-time point)
    if (value.is_number_float())
        return json::formatNumber(value.get<double>());
    if (value.is_string())
        return csvField(value.get<std::string>());
    return csvField(value.dump());
}

std::string figureCell(const std::optional<double>& value)
{
    return value && std::isfinite(*value) ? json::formatNumber(*value) : std::string();
}

std::string tableHeader(const Sweep& sweep)
{
    std::string out = "point";
    for (const Parameter& p : sweep.parameters)
        out += "," + csvField(withUnit(p.name, p.unit));
    for (const std::string& id : sweep.figures) {
        const FigureInfo* f = findFigure(id);
        out += "," + csvField(withUnit(id, f ? f->unit : std::string()));
    }
    return out + ",status";
}

std::string tableRow(const PointResult& r)
{
    std::string out = std::to_string(r.id);
    for (const Json& v : r.values)
        out += "," + valueCell(v);
    for (const std::optional<double>& f : r.figures)
        out += "," + figureCell(f);
    return out + "," + csvField(r.status);
}

std::string tableCsv(const Sweep& sweep, std::span<const PointResult> results)
{
    std::string out = tableHeader(sweep) + "\n";
    for (const PointResult& r : results)
        out += tableRow(r) + "\n";
    return out;
}

std::string chunkCsv(const Sweep& sweep, std::span<const PointResult> results)
{
    const ChunkRange c = sweep.chunk.value_or(ChunkRange{});
    Json kinds = Json::array();
    for (const Parameter& p : sweep.parameters)
        kinds.push_back(valueKindName(parameterKind(p)));
    const Json marker{{"sweep", sweep.name}, {"fingerprint", c.fingerprint}, {"chunk", c.index}, {"chunks", c.count},
                      {"first", c.first},    {"end", c.end},                 {"points", c.points},
                      {"parameters", kinds}};
    return kChunkMarker + marker.dump() + "\n" + tableCsv(sweep, results);
}

std::string idRanges(std::vector<std::size_t> ids, std::size_t max)
{
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::string out;
    std::size_t ranges = 0, i = 0;
    for (; i < ids.size() && ranges < max; ++ranges) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(ids[i]) + (j > i ? "-" + std::to_string(ids[j]) : "");
        i = j + 1;
    }
    if (i < ids.size())
        out += " and " + std::to_string(ids.size() - i) + " more";
    return out;
}

namespace {

/// Whether a file that does not end in a line end was cut short: it starts like a chunk's results.
bool cutShort(std::string_view text)
{
    const std::string_view marker(kChunkMarker);
    return !text.empty() && text.back() != '\n' && marker.starts_with(text.substr(0, marker.size()));
}

/// Results written before the marker listed the parameters' kinds: the columns before the
/// figures' (those named as tableHeader names a figure of the catalogue), of any kind.
std::vector<ValueKind> olderParameterKinds(const std::vector<std::string>& header)
{
    std::size_t end = header.size() < 2 ? 0 : header.size() - 1;  // the status column
    while (end > 1) {
        const std::string& name = header[end - 1];
        const FigureInfo* f = findFigure(name.substr(0, name.find(' ')));
        if (!f || name != withUnit(f->id, f->unit))
            break;
        --end;
    }
    return std::vector<ValueKind>(end > 0 ? end - 1 : 0, ValueKind::Any);
}

/// The rows of one chunk's results (lines `l`, after its marker `h`) into `rows`: "" or what is
/// wrong, at which line. Every line must be one --run-chunk writes.
std::string readRows(const std::vector<std::string_view>& l, const ChunkHeader& h, std::map<std::size_t, std::string_view>& rows,
                     std::vector<std::size_t>& duplicates)
{
    const CsvLine header = splitLine(l[1]);
    if (!header.error.empty())
        return "line 2: " + header.error;
    const std::vector<ValueKind> kinds = h.parameters.value_or(olderParameterKinds(header.cells));
    if (std::string e = headerProblem(header.cells, kinds.size()); !e.empty())
        return "line 2: " + e;
    if (header.misquoted > 0)
        return "line 2: column " + std::to_string(header.misquoted) + ": quoted otherwise than --run-chunk writes it";
    for (std::size_t i = 2; i < l.size(); ++i) {
        const CsvLine row = splitLine(l[i]);
        std::string e = row.error.empty() ? rowProblem(row, header.cells, kinds, h.first, h.end) : row.error;
        if (!e.empty())
            return "line " + std::to_string(i + 1) + ": " + e;
        const std::size_t id = rowPointId(row.cells);
        if (!rows.emplace(id, l[i]).second)
            duplicates.push_back(id);
    }
    return {};
}

}  // namespace

Collected collectChunks(std::span<const ChunkFile> files)
{
    Collected out;
    if (files.empty()) {
        out.error = "no chunk results to collect";
        return out;
    }
    std::optional<ChunkHeader> first;
    std::string header, firstName;
    std::map<std::size_t, std::string_view> rows;  // id -> row
    std::vector<std::size_t> duplicates;
    for (const ChunkFile& file : files) {
        const std::vector<std::string_view> l = lines(file.text);
        if (cutShort(file.text)) {
            out.error = file.name + ": line " + std::to_string(l.size()) +
                        ": cut short: the file ends inside it, without its line end (an interrupted copy?)";
            return out;
        }
        const std::optional<ChunkHeader> h = l.empty() ? std::nullopt : readMarker(l[0]);
        if (!h) {
            out.error = file.name + ": not the results of `jounce-cli sweep --run-chunk` (its first line is no \"" + kChunkMarker +
                        "{...}\" this jounce-cli reads)";
            return out;
        }
        if (l.size() < 2) {
            out.error = file.name + ": the results end after the first line";
            return out;
        }
        if (!first) {
            first = h;
            header = std::string(l[1]);
            firstName = file.name;
        } else if (h->fingerprint != first->fingerprint || h->points != first->points || h->chunks != first->chunks) {
            out.error = file.name + ": the results of another sweep or plan than " + firstName + "'s (fingerprint " +
                        h->fingerprint + ", " + std::to_string(h->points) + " points in " + std::to_string(h->chunks) +
                        " chunks; " + firstName + ": " + first->fingerprint + ", " + std::to_string(first->points) +
                        " points in " + std::to_string(first->chunks) + " chunks)";
            return out;
        }
        if (std::string e = readRows(l, *h, rows, duplicates); !e.empty()) {
            out.error = file.name + ": " + e;
            return out;
        }
        if (l[1] != header || h->parameters != first->parameters) {
            out.error = file.name + ": its columns differ from " + firstName + "'s" +
                        (l[1] == header ? " (what the parameter columns hold, in the first line)" : "");
            return out;
        }
    }
    if (!duplicates.empty()) {
        out.error = "points given more than once: " + idRanges(duplicates) + " (a chunk's results collected twice?)";
        return out;
    }
    std::vector<std::size_t> missing;
    for (std::size_t id = 0; id < first->points; ++id)
        if (!rows.contains(id))
            missing.push_back(id);
    if (!missing.empty()) {
        out.error = "missing points: " + idRanges(missing) + " of " + std::to_string(first->points) +
                    " (a chunk that has not run, failed or whose results are elsewhere)";
        return out;
    }
    out.table = header + "\n";
    for (const auto& [id, row] : rows)
        out.table.append(row).append("\n");
    out.points = first->points;
    out.chunks = first->chunks;
    return out;
}

}  // namespace jounce::sweep
