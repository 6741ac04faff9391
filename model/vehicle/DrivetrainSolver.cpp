#include "vehicle/DrivetrainSolver.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace jounce::sim {

namespace {

constexpr std::size_t kMaxUnknowns = static_cast<std::size_t>(kMaxWheels) + 1;

// Fixed-capacity dense system A·x = b of size n ≤ kMaxUnknowns (wheels first, engine last). Only
// the n x n block and b[0, n) are ever read, and whoever sets n writes all of them, so the arrays
// are left uninitialised: zeroing 3.5 kB twice a sub-step cost more than solving a 5 x 5 system.
struct DenseSystem {
    std::size_t n = 0;
    std::array<std::array<double, kMaxUnknowns>, kMaxUnknowns> a;
    std::array<double, kMaxUnknowns> b;
};

// §2.19 (with the tank gearing signs of §2.22):
//   (1 + β_i·c_i)·ω_i' + β_i·K·G²·γ_i·g_i·Σ_j α_j·g_j·ω_j' − β_i·K·G·γ_i·g_i·ω_e' = ω_i + β_i·(T_b + τ_tire)
//   −β_e·K·G·Σ_j α_j·g_j·ω_j' + (1 + β_e·(K + d_e))·ω_e'                       = ω_e + β_e·T_e
void buildSystem(double h, const ClutchCoupling& c, const EngineRow& engine,
                 std::span<const DriveWheelRow> wheels, DenseSystem& sys) noexcept
{
    const std::size_t nw = wheels.size();
    const std::size_t e = nw;
    sys.n = nw + 1;
    const double k = c.strength;
    const double g = c.gearRatio;
    for (std::size_t i = 0; i < nw; ++i) {
        const DriveWheelRow& wi = wheels[i];
        const double beta = h / wi.moi;
        const double coupling = beta * k * g * wi.gamma * wi.gearing;
        for (std::size_t j = 0; j < nw; ++j)
            sys.a[i][j] = coupling * g * wheels[j].alpha * wheels[j].gearing;
        sys.a[i][i] += 1.0 + beta * wi.dampingRate;
        sys.a[i][e] = -coupling;
        sys.b[i] = wi.omega + beta * (wi.brake.torque + wi.tireTorque);
    }
    const double betaE = h / engine.moi;
    for (std::size_t j = 0; j < nw; ++j)
        sys.a[e][j] = -betaE * k * g * wheels[j].alpha * wheels[j].gearing;
    sys.a[e][e] = 1.0 + betaE * (k + engine.dampingRate);
    sys.b[e] = engine.omega + betaE * engine.driveTorque;
}

double maxAbsEntry(const DenseSystem& sys, std::size_t n) noexcept
{
    double m = 0.0;
#pragma GCC unroll 5
    for (std::size_t i = 0; i < n; ++i)
#pragma GCC unroll 5
        for (std::size_t j = 0; j < n; ++j)
            m = std::max(m, std::abs(sys.a[i][j]));
    return m;
}

// Gaussian elimination with partial pivoting; destroys sys. False if (numerically) singular.
// N > 0 is sys.n known at compile time, and the pragmas unroll every loop of a 5 x 5 system
// (-O2 alone kept them as loops, a third of the solve's instructions being loop control). The
// operations and their order are the same. Entries below the diagonal are not read once their
// column is eliminated, so they are neither updated nor swapped.
template <std::size_t N>
bool solveExactOfSize(DenseSystem& sys, std::array<double, kMaxUnknowns>& x) noexcept
{
    const std::size_t n = N > 0 ? N : sys.n;
    const double tiny = 1e-14 * maxAbsEntry(sys, n);
#pragma GCC unroll 5
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
#pragma GCC unroll 5
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(sys.a[r][col]) > std::abs(sys.a[pivot][col]))
                pivot = r;
        if (!(std::abs(sys.a[pivot][col]) > tiny))
            return false;
        if (pivot != col) {
            std::swap_ranges(sys.a[pivot].begin() + std::ptrdiff_t(col), sys.a[pivot].begin() + std::ptrdiff_t(n),
                             sys.a[col].begin() + std::ptrdiff_t(col));
            std::swap(sys.b[pivot], sys.b[col]);
        }
#pragma GCC unroll 5
        for (std::size_t r = col + 1; r < n; ++r) {
            const double f = sys.a[r][col] / sys.a[col][col];
            if (f == 0.0)
                continue;
#pragma GCC unroll 5
            for (std::size_t j = col + 1; j < n; ++j)
                sys.a[r][j] -= f * sys.a[col][j];
            sys.b[r] -= f * sys.b[col];
        }
    }
#pragma GCC unroll 5
    for (std::size_t k = 1; k <= n; ++k) {
        const std::size_t r = n - k;
        double s = sys.b[r];
#pragma GCC unroll 5
        for (std::size_t j = r + 1; j < n; ++j)
            s -= sys.a[r][j] * x[j];
        x[r] = s / sys.a[r][r];
    }
    return true;
}

bool solveExact(DenseSystem& sys, std::array<double, kMaxUnknowns>& x) noexcept
{
    switch (sys.n) {
    case 3: return solveExactOfSize<3>(sys, x);  // a tank's normal equations; a 2-wheel car
    case 5: return solveExactOfSize<5>(sys, x);  // four wheels and the engine
    default: return solveExactOfSize<0>(sys, x);
    }
}

double relativeResidual(const DenseSystem& sys, const std::array<double, kMaxUnknowns>& x) noexcept
{
    double r2 = 0.0;
    double b2 = 0.0;
    for (std::size_t i = 0; i < sys.n; ++i) {
        double ri = -sys.b[i];
        for (std::size_t j = 0; j < sys.n; ++j)
            ri += sys.a[i][j] * x[j];
        r2 += ri * ri;
        b2 += sys.b[i] * sys.b[i];
    }
    return r2 / (b2 + 1e-10);
}

// §2.19 eESTIMATE: Gauss–Seidel sweeps in row order (wheels, then engine) starting from x, stopping
// after `iterations` sweeps or once the relative squared residual is ≤ kEstimateTolerance.
bool solveEstimate(const DenseSystem& sys, int iterations, std::array<double, kMaxUnknowns>& x) noexcept
{
    for (std::size_t i = 0; i < sys.n; ++i)
        if (sys.a[i][i] == 0.0)
            return false;
    const int sweeps = std::max(1, iterations);
    for (int it = 0; it < sweeps; ++it) {
        for (std::size_t i = 0; i < sys.n; ++i) {
            double s = sys.b[i];
            for (std::size_t j = 0; j < sys.n; ++j)
                if (j != i)
                    s -= sys.a[i][j] * x[j];
            x[i] = s / sys.a[i][i];
        }
        if (relativeResidual(sys, x) <= kEstimateTolerance)
            break;
    }
    return true;
}

double clampEngine(double omega, double maxOmega) noexcept
{
    return std::clamp(omega, 0.0, std::max(0.0, maxOmega));
}

}  // namespace

double solveEngineAndWheels(double h, const ClutchData& clutch, const ClutchCoupling& coupling,
                            const EngineRow& engine, std::span<const DriveWheelRow> wheels,
                            std::span<double> omegaOut) noexcept
{
    const std::size_t nw = std::min({wheels.size(), omegaOut.size(), kMaxUnknowns - 1});
    wheels = wheels.first(nw);

    DenseSystem sys;
    buildSystem(h, coupling, engine, wheels, sys);
    std::array<double, kMaxUnknowns> x{};
    for (std::size_t i = 0; i < nw; ++i)
        x[i] = wheels[i].omega;
    x[nw] = engine.omega;

    bool solved = false;
    if (clutch.accuracyMode == ClutchAccuracyMode::Estimate) {
        solved = solveEstimate(sys, clutch.estimateIterations, x);
    } else {
        std::array<double, kMaxUnknowns> exact{};
        solved = solveExact(sys, exact);
        if (solved)
            x = exact;
    }
    if (!solved) {
        for (std::size_t i = 0; i < nw; ++i)
            x[i] = wheels[i].omega;
        x[nw] = engine.omega;
    }

    // §2.19 afterwards: lock rule per wheel (§2.15), engine clamp.
    for (std::size_t i = 0; i < nw; ++i)
        omegaOut[i] = applyLockRule(wheels[i].brake.applied, wheels[i].omega, x[i]);
    return clampEngine(x[nw], engine.maxOmega);
}

double solveTankEngineAndWheels(double h, const ClutchCoupling& coupling, const EngineRow& engine,
                                std::span<const TankWheelRow> wheels, std::span<double> omegaOut) noexcept
{
    const std::size_t nw = std::min({wheels.size(), omegaOut.size(), kMaxUnknowns - 1});
    wheels = wheels.first(nw);
    if (nw < 2) {
        for (std::size_t i = 0; i < nw; ++i)
            omegaOut[i] = wheels[i].enabled ? wheels[i].row.omega : 0.0;
        return clampEngine(engine.omega, engine.maxOmega);
    }

    // Rows of the enabled wheels only; `ratio` maps each to its track unknown (y0 for even, y1
    // for odd wheels) through the equal-rim-speed substitution ω_j = y·r_base/r_j.
    std::array<DriveWheelRow, kMaxUnknowns - 1> rows{};
    std::array<std::size_t, kMaxUnknowns - 1> trackOf{};
    std::array<double, kMaxUnknowns - 1> ratio{};
    std::size_t m = 0;
    for (std::size_t i = 0; i < nw; ++i) {
        if (!wheels[i].enabled)
            continue;
        rows[m] = wheels[i].row;
        trackOf[m] = i % 2;
        ratio[m] = wheels[i % 2].radius / wheels[i].radius;
        ++m;
    }

    DenseSystem sys;
    buildSystem(h, coupling, engine, std::span<const DriveWheelRow>(rows.data(), m), sys);

    // Reduced matrix B = A·T ((m+1)×3): columns y0 (even track), y1 (odd track), ω_e.
    std::array<std::array<double, 3>, kMaxUnknowns> reduced{};
    for (std::size_t r = 0; r < sys.n; ++r) {
        for (std::size_t j = 0; j < m; ++j)
            reduced[r][trackOf[j]] += sys.a[r][j] * ratio[j];
        reduced[r][2] = sys.a[r][m];
    }

    // Normal equations (BᵀB)·y = Bᵀb, solved with the same elimination.
    DenseSystem normal;
    normal.n = 3;
    for (std::size_t p = 0; p < 3; ++p) {
        for (std::size_t q = 0; q < 3; ++q) {
            double s = 0.0;
            for (std::size_t r = 0; r < sys.n; ++r)
                s += reduced[r][p] * reduced[r][q];
            normal.a[p][q] = s;
        }
        double s = 0.0;
        for (std::size_t r = 0; r < sys.n; ++r)
            s += reduced[r][p] * sys.b[r];
        normal.b[p] = s;
    }
    std::array<double, kMaxUnknowns> y{};
    const bool solved = solveExact(normal, y);

    double engineOmega = engine.omega;
    if (solved) {
        engineOmega = y[2];
        for (std::size_t i = 0; i < nw; ++i)
            omegaOut[i] = y[i % 2] * wheels[i % 2].radius / wheels[i].radius;
    } else {
        for (std::size_t i = 0; i < nw; ++i)
            omegaOut[i] = wheels[i].row.omega;
    }

    // §2.22: engine clamp, lock rule, disabled wheels at 0.
    engineOmega = clampEngine(engineOmega, engine.maxOmega);
    for (std::size_t i = 0; i < nw; ++i) {
        omegaOut[i] = applyLockRule(wheels[i].row.brake.applied, wheels[i].row.omega, omegaOut[i]);
        if (!wheels[i].enabled)
            omegaOut[i] = 0.0;
    }
    return engineOmega;
}

}  // namespace jounce::sim
