#include "CompareReport.h"

#include "analysis/DerivedQuantities.h"
#include "FigureTable.h"
#include "ParameterComparison.h"
#include "json/JsonText.h"

#include <algorithm>

namespace jounce::compare {
namespace {

class CsvOut {
public:
    explicit CsvOut(std::size_t vehicles) : vehicles_(vehicles) {}

    void row(const std::string& kind, const std::string& id, const std::string& label, const std::string& unit,
             const std::vector<std::string>& values, const std::string& best = {})
    {
        text_ += csvField(kind) + ',' + csvField(id) + ',' + csvField(label) + ',' + csvField(unit);
        for (std::size_t i = 0; i < vehicles_; ++i)
            text_ += ',' + csvField(i < values.size() ? values[i] : std::string());
        text_ += ',' + csvField(best) + "\r\n";
    }
    std::string take() { return std::move(text_); }

private:
    std::size_t vehicles_;
    std::string text_;
};

std::string number(const std::optional<double>& v)
{
    return v ? json::formatNumber(*v) : std::string();
}

}  // namespace

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string compareReportCsv(const ReportInput& in)
{
    const std::size_t n = in.vehicles.size();
    CsvOut csv(n);
    csv.row("kind", "id", "label", "unit", in.labels, "best");

    if (!in.runs.empty()) {
        csv.row("run", "maneuver", "maneuver", "", std::vector<std::string>(n, in.maneuver));
        csv.row("run", "terrain", "terrain", "", std::vector<std::string>(n, in.terrain));
        std::vector<std::string> status, completed, resets, simulated, unknown;
        for (std::size_t i = 0; i < in.runs.size(); ++i) {
            const VehicleRun& r = in.runs[i];
            const ResultStatus s = i < in.status.size() ? in.status[i] : ResultStatus::Current;
            status.push_back(resultStatusText(s));
            if (s == ResultStatus::NotRun) {
                completed.emplace_back();
                resets.emplace_back();
                simulated.emplace_back();
                unknown.emplace_back();
                continue;
            }
            completed.push_back(!r.error.empty() ? "failed: " + r.error
                                : r.cancelled    ? "cancelled"
                                : r.completed    ? "yes"
                                                 : "stopped at the time limit");
            resets.push_back(std::to_string(r.resets));
            simulated.push_back(json::formatNumber(r.simulatedTime));
            unknown.push_back(r.unknownSurfaces);
        }
        if (!in.status.empty())
            csv.row("run", "status", "results", "", status);
        csv.row("run", "completed", "maneuver completed", "", completed);
        csv.row("run", "resets", "bad-state resets", "", resets);
        csv.row("run", "simulatedTime", "simulated time", "s", simulated);
        if (std::any_of(unknown.begin(), unknown.end(), [](const std::string& u) { return !u.empty(); }))
            csv.row("run", "unknownSurfaces", "unknown surfaces (not ranked)", "", unknown);

        for (const FigureRow& row : figureTable(in.runs)) {
            std::vector<std::string> values;
            for (const auto& f : row.figures)
                values.push_back(f ? number(f->value) : std::string());
            std::string best;
            for (std::size_t i : row.best)
                best += (best.empty() ? "" : "; ") + in.labels[i];
            csv.row("figure", row.id, row.label, row.unit, values, best);
        }
    }

    for (const sim::DerivedRow& row : sim::deriveQuantities(in.vehicles)) {
        if (!in.allParameters && !row.differs)
            continue;
        std::vector<std::string> values;
        for (const auto& v : row.values)
            values.push_back(number(v));
        csv.row("derived", row.id, row.label, row.unit, values);
    }
    for (const ParameterRow& row : compareParameters(in.vehicles)) {
        if (!in.allParameters && !row.differs)
            continue;
        std::vector<std::string> values;
        for (const auto& v : row.values)
            values.push_back(v ? formatValue(*v) : std::string());
        csv.row("parameter", row.path, row.section, row.node->info.unit, values);
    }
    return csv.take();
}

}  // namespace jounce::compare
