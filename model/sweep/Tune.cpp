#include "sweep/Tune.h"

#include "sweep/SweepEdits.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"

#include "config/ParameterRegistry.h"

#include <nlopt.hpp>

#include <algorithm>
#include <cmath>

namespace jounce::sweep {
namespace {

/// The simplex's first step, as a fraction of each range: big enough to leave a local dent of the
/// figures (a run is noisy only at its own precision), small enough to stay inside the range.
constexpr double kInitialStep = 0.25;
/// Converged when no parameter moves by more than this fraction of its range.
constexpr double kTolerance = 1e-4;

std::string stopText(nlopt::result r, const TuneSettings& tune)
{
    switch (r) {
    case nlopt::STOPVAL_REACHED: return "the targets are reached (error at or below " + json::formatNumber(tune.stopAt) + ")";
    case nlopt::MAXEVAL_REACHED: return "maxEvaluations (" + std::to_string(tune.maxEvaluations) + ") reached";
    case nlopt::XTOL_REACHED: return "converged: the parameters moved less than 1e-4 of their ranges";
    case nlopt::FTOL_REACHED: return "converged: the error stopped improving";
    default: return "the search ended (NLopt result " + std::to_string(static_cast<int>(r)) + ")";
    }
}

struct Search {
    const Sweep& sweep;
    const PointRunner runner;
    const TuneOptions& options;
    TuneResult result;
    const std::shared_ptr<sim::Ground> ground = runner.ground();

    double evaluate(const std::vector<double>& u)
    {
        Point p{result.evaluations.size(), {}};
        for (std::size_t i = 0; i < sweep.parameters.size(); ++i)
            p.values.push_back(drawValue(sweep.parameters[i], std::clamp(u[i], 0.0, 1.0)));
        result.evaluations.push_back(runner.run(p, options.cancel, ground));
        const double e = targetError(sweep, result.evaluations.back());
        result.errors.push_back(e);
        if (options.progress)
            options.progress(p.id, e);
        if (options.cancel && options.cancel->load())
            throw nlopt::forced_stop();
        return e;
    }
};

}  // namespace

double targetError(const Sweep& sweep, const PointResult& result)
{
    if (!sweep.tune || !result.ok())
        return kUnmeasuredError;
    double sum = 0.0;
    for (const Target& t : sweep.tune->targets) {
        const auto it = std::find(sweep.figures.begin(), sweep.figures.end(), t.figure);
        const std::size_t f = static_cast<std::size_t>(it - sweep.figures.begin());
        if (f >= result.figures.size() || !result.figures[f] || !std::isfinite(*result.figures[f]))
            return kUnmeasuredError;
        const double d = *result.figures[f] - t.value;
        sum += t.weight * d * d;
    }
    return std::min(sum, kUnmeasuredError);
}

std::vector<double> tuneStart(const Sweep& sweep)
{
    std::vector<double> u;
    for (const Parameter& p : sweep.parameters) {
        double x = 1.0;
        if (p.scale == Scale::Value) {
            const std::vector<std::string> leaves = expandPath(*sweep.vehicle, p.path);
            const std::optional<Json> v = leaves.empty() ? std::nullopt : config::ParameterRegistry::instance().get(*sweep.vehicle, leaves.front());
            x = v && v->is_number() ? v->get<double>() : p.min;
        }
        u.push_back(p.max > p.min ? std::clamp((x - p.min) / (p.max - p.min), 0.0, 1.0) : 0.0);
    }
    return u;
}

std::string tuneCsv(const Sweep& sweep, const TuneResult& result)
{
    std::string header = tableHeader(sweep);
    header.insert(header.rfind(",status"), ",error");
    std::string out = header + "\n";
    for (std::size_t i = 0; i < result.evaluations.size(); ++i) {
        std::string row = tableRow(result.evaluations[i]);
        // The status is the last field; a quoted one may hold commas, so find it from the figures' end.
        const std::size_t cut = row.size() - csvField(result.evaluations[i].status).size() - 1;
        row.insert(cut, "," + json::formatNumber(result.errors[i]));
        out += row + "\n";
    }
    return out;
}

TuneResult tune(const Sweep& sweep, const TuneOptions& options)
{
    Search search{sweep, PointRunner(sweep), options, {}};
    const TuneSettings settings = sweep.tune.value_or(TuneSettings{});
    const unsigned n = static_cast<unsigned>(sweep.parameters.size());
    nlopt::opt opt(nlopt::LN_NELDERMEAD, n);
    opt.set_lower_bounds(std::vector<double>(n, 0.0));
    opt.set_upper_bounds(std::vector<double>(n, 1.0));
    opt.set_initial_step(std::vector<double>(n, kInitialStep));
    opt.set_xtol_abs(kTolerance);
    opt.set_maxeval(settings.maxEvaluations);
    opt.set_stopval(settings.stopAt);
    opt.set_min_objective(
        [](const std::vector<double>& u, std::vector<double>&, void* data) { return static_cast<Search*>(data)->evaluate(u); },
        &search);
    std::vector<double> u = tuneStart(sweep);
    double best = 0.0;
    TuneResult& r = search.result;
    try {
        r.stop = stopText(opt.optimize(u, best), settings);
    } catch (const nlopt::forced_stop&) {
        r.stop = "cancelled";
    } catch (const std::exception& e) {
        r.stop = std::string("the search stopped: ") + e.what();
    }
    if (!r.errors.empty())
        r.best = static_cast<std::size_t>(std::min_element(r.errors.begin(), r.errors.end()) - r.errors.begin());
    r.reached = !r.errors.empty() && r.errors[r.best] <= settings.stopAt;
    return r;
}

}  // namespace jounce::sweep
