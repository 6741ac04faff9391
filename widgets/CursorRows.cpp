#include "CursorRows.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace jounce::widgets {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Minimum, maximum, mean and RMS of the finite values f(i) for i in [first, last); NaN when none.
void statistics(CursorTable::Row& row, std::size_t first, std::size_t last, const std::function<double(std::size_t)>& f)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0.0, squares = 0.0;
    std::size_t n = 0;
    for (std::size_t i = first; i < last; ++i)
        if (const double v = f(i); std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            sum += v;
            squares += v * v;
            ++n;
        }
    row.min = n ? lo : kNaN;
    row.max = n ? hi : kNaN;
    row.mean = n ? sum / double(n) : kNaN;
    row.rms = n ? std::sqrt(squares / double(n)) : kNaN;
}

struct Trace {
    const TelemetryChart* chart;
    std::size_t k;
    const telemetry::Column& column() const { return chart->spec().traces[k].column; }
    double shown(double si) const { return chart->spec().conversion.toDisplay(si); }
};

/// The live frames [first, last) between the cursors (both set), not newer than the limit.
std::pair<std::size_t, std::size_t> liveFrames(const TelemetryHistory& history, const CursorSpan& span)
{
    if (!span.a || !span.b)
        return {0, 0};
    const double t0 = std::min(*span.a, *span.b), t1 = std::min(std::max(*span.a, *span.b), span.dataLimit);
    return {history.lowerBound(t0 - 1e-9), history.lowerBound(t1 + 1e-9)};
}

CursorTable::Row referenceRow(const Trace& t, const TelemetryHistory& history, const ReferenceRun& ref,
                              const CursorSpan& span, CursorTable::Row row)
{
    const sim::TelemetryTrack& track = ref.run->telemetry;
    const auto at = [&](std::optional<double> time) {
        const std::optional<std::size_t> j =
            time ? referenceFrameAt(history, track, *time, span.alignment) : std::nullopt;
        return j ? t.shown(track.value(*j, t.column())) : kNaN;
    };
    row.trace += " · " + ref.name;
    row.a = at(span.a);
    row.b = at(span.b);
    if (span.a && span.b) {
        const auto [first, last] = referenceRange(history, track, std::min(*span.a, *span.b),
                                                  std::max(*span.a, *span.b), span.alignment);
        statistics(row, first, last, [&](std::size_t j) { return t.shown(track.value(j, t.column())); });
    }
    return row;
}

CursorTable::Row differenceRow(const Trace& t, const TelemetryHistory& history, const ReferenceRun& ref,
                               const CursorSpan& span, CursorTable::Row row)
{
    const sim::TelemetryTrack& track = ref.run->telemetry;
    const auto difference = [&](std::size_t i) {
        const std::optional<std::size_t> j = referenceFrameAt(history, track, history.at(i).time(), span.alignment);
        return j ? t.shown(history.at(i).value(t.column())) - t.shown(track.value(*j, t.column())) : kNaN;
    };
    const auto at = [&](std::optional<double> time) {
        if (!time || history.empty() || *time > span.dataLimit + 1e-9)
            return kNaN;
        return difference(std::min(history.lowerBound(history.nearest(*time).time()), history.size() - 1));
    };
    row.trace = QStringLiteral("Δ ") + row.trace + " − " + ref.name;
    row.a = at(span.a);
    row.b = at(span.b);
    const auto [first, last] = liveFrames(history, span);
    statistics(row, first, last, difference);
    return row;
}

}  // namespace

std::vector<CursorTable::Row> cursorRows(const std::vector<TelemetryChart*>& charts, const TelemetryHistory& history,
                                         const std::vector<ReferenceRun>& references, const CursorSpan& span)
{
    std::vector<CursorTable::Row> rows;
    const auto [first, last] = liveFrames(history, span);
    for (const TelemetryChart* c : charts) {
        const TelemetryChart::Spec& spec = c->spec();
        const int decimals = std::max(spec.conversion.decimals, c->valueTicks().decimals + 1);
        for (std::size_t k = 0; k < spec.traces.size(); ++k) {
            const auto at = [&](std::optional<double> t) {
                return t ? c->valueAt(history, k, *t, span.dataLimit, span.alignment) : kNaN;
            };
            CursorTable::Row live{spec.title, spec.traces[k].label, spec.unit, spec.traces[k].color,
                                  at(span.a), at(span.b), decimals};
            statistics(live, first, last, [&](std::size_t i) {
                return c->valueAt(history, k, history.at(i).time(), span.dataLimit, span.alignment);
            });
            rows.push_back(live);
            if (spec.difference)
                continue;  // already live − reference
            for (const ReferenceRun& ref : references) {
                rows.push_back(referenceRow({c, k}, history, ref, span, live));
                rows.push_back(differenceRow({c, k}, history, ref, span, live));
            }
        }
    }
    return rows;
}

}  // namespace jounce::widgets
