// The 4W differential both ways: PhysX 4's six types with splits and biases (Jounce's,
// vehicle-model §2.20) <-> PhysX 5's per-wheel torque ratios plus limited-slip biases, targets
// and a rate (docs/physx5-usd.md "Differentials").
#include "exchange/physx5/Physx5Mapping.h"

#include "exchange/ExchangeText.h"

#include <cmath>

namespace jounce::exchange::p5 {
namespace {

/// A bias Jounce never reaches: how an LS_4WD with one of PhysX 5's biases off is written.
constexpr double kBiasOff = 100.0;

void enable(double bias, double& outBias, double& outTarget, const std::string& key, ConversionReport& report)
{
    if (bias <= 1.0) {
        outBias = 1.001;
        outTarget = 1.0005;
        report.approximated("drive.differential." + key,
                            "PhysX 5 refuses a bias of exactly 1 (a locked pair): written as 1.001 with target 1.0005");
        return;
    }
    outBias = bias;
    outTarget = bias - 1.0 > 0.02 ? bias - 0.01 : 1.0 + (bias - 1.0) / 2.0;
}

}  // namespace

FourWheelBiases fourWheelBiases(const VehicleConfig& v, ConversionReport& report)
{
    FourWheelBiases b;
    if (v.drive.type != DriveType::FourWheel)
        return b;
    const Differential4WData& d = v.drive.differential4W;
    if (d.type == DifferentialType::LS_4WD) {
        enable(d.centreBias, b.centerBias, b.centerTarget, "centreBias", report);
        enable(d.frontBias, b.frontBias, b.frontTarget, "frontBias", report);
        enable(d.rearBias, b.rearBias, b.rearTarget, "rearBias", report);
    } else if (d.type == DifferentialType::LS_FRONTWD) {
        enable(d.frontBias, b.frontBias, b.frontTarget, "frontBias", report);
    } else if (d.type == DifferentialType::LS_REARWD) {
        enable(d.rearBias, b.rearBias, b.rearTarget, "rearBias", report);
    }
    if (b.centerBias > 0.0 || b.frontBias > 0.0 || b.rearBias > 0.0) {
        b.rate = 10.0;
        report.approximated("drive.differential",
                            "PhysX 4's limited slip (Jounce's) shifts torque to the slower wheel at once, in proportion "
                            "to how far the speed ratio exceeds the bias; PhysX 5 pulls the ratio back toward a target "
                            "at a rate: target = bias - 0.01 and rate = 10 /s, the values of NVIDIA's snippet");
    }
    return b;
}

std::string importFourWheel(const std::array<double, 4>& t, const std::array<double, 4>& ave,
                            const FourWheelBiases& b, Differential4WData& d, ConversionReport& report)
{
    for (double x : t)
        if (x < 0.0)
            return "a negative torque ratio (reversed gearing) has no Jounce equivalent";
    const double front = t[0] + t[1], rear = t[2] + t[3], total = front + rear;
    if (!(total > 0.0))
        return "no wheel of the first two axles gets drive torque";
    for (double bias : {b.centerBias, b.frontBias, b.rearBias})
        if (bias != 0.0 && bias <= 1.0)
            return "a bias must be 0 (off) or greater than 1, got " + num(bias);
    if (std::abs(total - 1.0) > 1e-6)
        report.approximated("drive.differential", "the torque ratios of the four wheels sum to " + num(total) +
                                                      ": Jounce's splits share all of the torque");
    const bool useCentre = b.centerBias > 0.0, useFront = b.frontBias > 0.0, useRear = b.rearBias > 0.0;
    if (front > 0.0 && rear > 0.0) {
        d.type = useCentre || useFront || useRear ? DifferentialType::LS_4WD : DifferentialType::OPEN_4WD;
        d.frontRearSplit = front / total;
    } else if (front > 0.0) {
        d.type = useFront ? DifferentialType::LS_FRONTWD : DifferentialType::OPEN_FRONTWD;
    } else {
        d.type = useRear ? DifferentialType::LS_REARWD : DifferentialType::OPEN_REARWD;
    }
    if (front > 0.0)
        d.frontLeftRightSplit = t[0] / front;
    if (rear > 0.0)
        d.rearLeftRightSplit = t[2] / rear;
    const bool ls = d.type == DifferentialType::LS_4WD || d.type == DifferentialType::LS_FRONTWD ||
                    d.type == DifferentialType::LS_REARWD;
    const auto bias = [&](bool used, double value, double& out, const char* key) {
        if (used) {
            out = value;
        } else if (d.type == DifferentialType::LS_4WD) {
            out = kBiasOff;
            report.approximated(std::string("drive.differential.") + key,
                                "off in PhysX 5; Jounce's LS_4WD applies all three biases: 100, a ratio never reached");
        }
    };
    if (ls) {
        bias(useCentre, b.centerBias, d.centreBias, "centreBias");
        bias(useFront, b.frontBias, d.frontBias, "frontBias");
        bias(useRear, b.rearBias, d.rearBias, "rearBias");
        report.dropped("drive.differential",
                       "the targets and the rate of PhysX 5's limited slip: Jounce's (PhysX 4's) limited slip shifts "
                       "torque at once, in proportion to how far the speed ratio exceeds the bias");
    }
    for (std::size_t i = 0; i < 4; ++i)
        if (std::abs(ave[i] - t[i] / total) > 1e-6) {
            report.approximated("drive.differential",
                                "AveWheelSpeedRatios differ from the torque ratios: Jounce weighs the wheel speeds at "
                                "the clutch by the torque split");
            break;
        }
    return {};
}

}  // namespace jounce::exchange::p5
