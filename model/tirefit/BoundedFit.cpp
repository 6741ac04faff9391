#include "tirefit/BoundedFit.h"

#include <nlopt.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace jounce::tirefit {
namespace {

/// The simplex's first step as a fraction of each range, and its stops.
constexpr double kInitialStep = 0.15;
constexpr double kRestartStep = 0.05;
constexpr double kRelativeTolerance = 1e-10;
/// Rounds of the simplex: the first from the start, then restarts from the best point.
constexpr int kRounds = 3;

double toUnit(const FitVariable& v, double x)
{
    x = std::clamp(x, v.lo, v.hi);
    if (v.logScale)
        return std::log(x / v.lo) / std::log(v.hi / v.lo);
    return v.hi > v.lo ? (x - v.lo) / (v.hi - v.lo) : 0.0;
}

double fromUnit(const FitVariable& v, double u)
{
    u = std::clamp(u, 0.0, 1.0);
    if (v.logScale)
        return v.lo * std::exp(u * std::log(v.hi / v.lo));
    return v.lo + u * (v.hi - v.lo);
}

struct Search {
    const std::vector<FitVariable>& variables;
    const std::function<double(const std::vector<double>&)>& objective;
    int budget = 0;
    FitMinimum best{{}, std::numeric_limits<double>::infinity(), 0};

    double evaluate(const std::vector<double>& u)
    {
        std::vector<double> x(u.size());
        for (std::size_t i = 0; i < u.size(); ++i)
            x[i] = fromUnit(variables[i], u[i]);
        double f = objective(x);
        if (!std::isfinite(f))
            f = std::numeric_limits<double>::max();
        ++best.evaluations;
        if (f < best.value) {
            best.value = f;
            best.x = x;
        }
        if (best.evaluations >= budget)
            throw nlopt::forced_stop();
        return f;
    }
};

}  // namespace

FitMinimum minimiseBounded(const std::vector<FitVariable>& variables,
                           const std::function<double(const std::vector<double>&)>& objective, int maxEvaluations)
{
    const unsigned n = static_cast<unsigned>(variables.size());
    Search search{variables, objective, std::max(1, maxEvaluations)};
    std::vector<double> u(n);
    for (unsigned i = 0; i < n; ++i)
        u[i] = toUnit(variables[i], variables[i].start);
    for (int round = 0; round < kRounds && search.best.evaluations < search.budget; ++round) {
        nlopt::opt opt(nlopt::LN_NELDERMEAD, n);
        opt.set_lower_bounds(std::vector<double>(n, 0.0));
        opt.set_upper_bounds(std::vector<double>(n, 1.0));
        opt.set_initial_step(std::vector<double>(n, round == 0 ? kInitialStep : kRestartStep));
        opt.set_xtol_rel(kRelativeTolerance);
        opt.set_ftol_rel(kRelativeTolerance);
        opt.set_min_objective(
            [](const std::vector<double>& x, std::vector<double>&, void* data) { return static_cast<Search*>(data)->evaluate(x); },
            &search);
        const double before = search.best.value;
        double value = 0.0;
        try {
            opt.optimize(u, value);
        } catch (const std::exception&) {
            // forced_stop (the budget is spent) or roundoff_limited: the best point is kept below.
        }
        if (!search.best.x.empty())
            for (unsigned i = 0; i < n; ++i)
                u[i] = toUnit(variables[i], search.best.x[i]);
        // A restart that found nothing better ends the search.
        if (round > 0 && !(search.best.value < before * (1.0 - 1e-9)))
            break;
    }
    if (search.best.x.empty()) {
        search.best.x.resize(n);
        for (unsigned i = 0; i < n; ++i)
            search.best.x[i] = fromUnit(variables[i], u[i]);
        search.best.value = objective(search.best.x);
    }
    return search.best;
}

}  // namespace jounce::tirefit
