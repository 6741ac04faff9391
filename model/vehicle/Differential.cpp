#include "vehicle/Differential.h"

#include "vehicle/Assert.h"
#include "vehicle/MathUtil.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

BiasSplit biasSplit(double w1, double w2, double bias, double split) noexcept
{
    JOUNCE_ASSERT(bias >= 1.0 && isFinite(bias) && split >= 0.0 && split <= 1.0);
    const double a1 = std::abs(w1);
    const double a2 = std::abs(w2);
    const double hi = std::max(a1, a2);
    const double lo = std::min(a1, a2);
    const double excess = hi - bias * lo;
    const double d = (excess >= 0.0 && hi > 0.0) ? excess / hi : 0.0;
    double f1 = 0.0;
    double f2 = 0.0;
    if (a1 >= a2) {
        f1 = split * (1.0 - d);
        f2 = (1.0 - split) * (1.0 + d);
    } else {
        f1 = split * (1.0 + d);
        f2 = (1.0 - split) * (1.0 - d);
    }
    const double sum = f1 + f2;
    if (sum <= 0.0)
        return {split, 1.0 - split};
    return {f1 / sum, f2 / sum};
}

DifferentialType effectiveDifferentialType(DifferentialType type, double handbrake,
                                           HandbrakeDifferentialRule rule) noexcept
{
    if (rule == HandbrakeDifferentialRule::FrontDriveWhileHandbrake && handbrake > 0.0) {
        if (type == DifferentialType::LS_4WD)
            return DifferentialType::LS_FRONTWD;
        if (type == DifferentialType::OPEN_4WD)
            return DifferentialType::OPEN_FRONTWD;
    }
    return type;
}

namespace {

// §2.20 table of α (also the open-differential γ).
WheelShares4 staticShares(DifferentialType type, const Differential4WData& diff) noexcept
{
    const double fr = diff.frontRearSplit;
    const double fl = diff.frontLeftRightSplit;
    const double rl = diff.rearLeftRightSplit;
    switch (type) {
    case DifferentialType::LS_4WD:
    case DifferentialType::OPEN_4WD:
        return {fr * fl, fr * (1.0 - fl), (1.0 - fr) * rl, (1.0 - fr) * (1.0 - rl)};
    case DifferentialType::LS_FRONTWD:
    case DifferentialType::OPEN_FRONTWD:
        return {fl, 1.0 - fl, 0.0, 0.0};
    case DifferentialType::LS_REARWD:
    case DifferentialType::OPEN_REARWD:
        return {0.0, 0.0, rl, 1.0 - rl};
    }
    return {0.0, 0.0, 0.0, 0.0};
}

// Same non-zero sign for every speed given.
bool sameNonZeroSign(std::span<const double> omegas) noexcept
{
    const bool allPositive = std::all_of(omegas.begin(), omegas.end(), [](double w) { return w > 0.0; });
    const bool allNegative = std::all_of(omegas.begin(), omegas.end(), [](double w) { return w < 0.0; });
    return allPositive || allNegative;
}

}  // namespace

WheelShares4 differentialAveragingWeights4W(const Differential4WData& diff, double handbrake,
                                            HandbrakeDifferentialRule rule) noexcept
{
    return staticShares(effectiveDifferentialType(diff.type, handbrake, rule), diff);
}

WheelShares4 differentialTorqueRatios4W(const Differential4WData& diff, double handbrake, const WheelShares4& w,
                                        HandbrakeDifferentialRule rule) noexcept
{
    const DifferentialType type = effectiveDifferentialType(diff.type, handbrake, rule);
    switch (type) {
    case DifferentialType::LS_4WD:
        if (sameNonZeroSign(w)) {
            const BiasSplit axle =
                biasSplit(std::abs(w[0] + w[1]), std::abs(w[2] + w[3]), diff.centreBias, diff.frontRearSplit);
            const BiasSplit front = biasSplit(w[0], w[1], diff.frontBias, diff.frontLeftRightSplit);
            const BiasSplit rear = biasSplit(w[2], w[3], diff.rearBias, diff.rearLeftRightSplit);
            return {axle.first * front.first, axle.first * front.second, axle.second * rear.first,
                    axle.second * rear.second};
        }
        return staticShares(DifferentialType::OPEN_4WD, diff);
    case DifferentialType::LS_FRONTWD:
        if (sameNonZeroSign(std::span<const double>(w.data(), 2))) {
            const BiasSplit front = biasSplit(w[0], w[1], diff.frontBias, diff.frontLeftRightSplit);
            return {front.first, front.second, 0.0, 0.0};
        }
        return staticShares(DifferentialType::OPEN_FRONTWD, diff);
    case DifferentialType::LS_REARWD:
        if (sameNonZeroSign(std::span<const double>(w.data() + 2, 2))) {
            const BiasSplit rear = biasSplit(w[2], w[3], diff.rearBias, diff.rearLeftRightSplit);
            return {0.0, 0.0, rear.first, rear.second};
        }
        return staticShares(DifferentialType::OPEN_REARWD, diff);
    case DifferentialType::OPEN_4WD:
    case DifferentialType::OPEN_FRONTWD:
    case DifferentialType::OPEN_REARWD:
        break;
    }
    return staticShares(type, diff);
}

WheelSharesN differentialShareNW(const DifferentialNWData& diff, int wheelCount) noexcept
{
    const int count = std::clamp(wheelCount, 0, kMaxWheels);
    std::array<bool, kMaxWheels> driven{};
    for (int index : diff.drivenWheels)
        if (index >= 0 && index < count)
            driven[static_cast<std::size_t>(index)] = true;
    const auto drivenCount = std::count(driven.begin(), driven.end(), true);
    WheelSharesN shares{};
    if (drivenCount == 0)
        return shares;
    const double share = 1.0 / static_cast<double>(drivenCount);
    for (std::size_t i = 0; i < driven.size(); ++i)
        shares[i] = driven[i] ? share : 0.0;
    return shares;
}

TankDifferential tankDifferential(double thrustLeft, double thrustRight, int enabledLeft,
                                  int enabledRight) noexcept
{
    const double absLeft = std::abs(thrustLeft);
    const double absRight = std::abs(thrustRight);
    double delta = 0.0;
    TankDifferential out;
    if (absLeft + absRight > 1e-3) {
        delta = 0.5 * (absLeft - absRight) / (absLeft + absRight);
        out.gearingLeft = signum(thrustLeft);
        out.gearingRight = signum(thrustRight);
    }
    if (enabledLeft > 0) {
        const double n = static_cast<double>(enabledLeft);
        out.gammaLeft = (0.5 + delta) / n;
        out.alphaLeft = 0.5 / n;
    }
    if (enabledRight > 0) {
        const double n = static_cast<double>(enabledRight);
        out.gammaRight = (0.5 - delta) / n;
        out.alphaRight = 0.5 / n;
    }
    return out;
}

}  // namespace jounce::sim
