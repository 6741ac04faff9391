// The drive of an imported EngineDrive.json: which of its three differentials becomes the vehicle's
// drive and how it maps onto Jounce's 4W, NW and tank drives (docs/physx5-usd.md "Differentials").
#include "exchange/physx5/Physx5Read.h"

#include "exchange/ExchangeText.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange::p5 {
namespace {

std::vector<double> inJounceOrder(const std::vector<double>& perId, const std::vector<std::size_t>& order)
{
    std::vector<double> out;
    for (std::size_t id : order)
        out.push_back(id < perId.size() ? perId[id] : 0.0);
    return out;
}

std::size_t jounceIndex(const std::vector<std::size_t>& order, int fileId)
{
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), static_cast<std::size_t>(fileId)) - order.begin());
}

/// Whether FourWheelDifferentialParams can be Jounce's 4W drive: the front pair is Jounce's
/// wheels 0 and 1, the rear pair 2 and 3, and no other wheel gets torque.
std::string fourWheelMisfit(const DriveData& d, const std::vector<std::size_t>& order)
{
    if (order.size() < 4)
        return "Jounce's 4W drive needs at least four wheels";
    const auto pair = [&](const std::array<int, 2>& ids) {
        std::array<std::size_t, 2> k{jounceIndex(order, ids[0]), jounceIndex(order, ids[1])};
        std::sort(k.begin(), k.end());
        return k;
    };
    if (pair(d.frontWheelIds) != std::array<std::size_t, 2>{0, 1} || pair(d.rearWheelIds) != std::array<std::size_t, 2>{2, 3})
        return "Jounce's 4W drive drives the first two axles: FrontWheelIds must be the front wheels and RearWheelIds "
               "the wheels behind them";
    const std::vector<double> t = inJounceOrder(d.fourWheel.torqueRatios, order);
    for (std::size_t k = 4; k < t.size(); ++k)
        if (t[k] != 0.0)
            return "wheel " + std::to_string(order[k]) + " gets drive torque; Jounce's 4W drive drives four wheels";
    return {};
}

void assembleFourWheel(const DriveData& d, const std::vector<std::size_t>& order, ModelGenerationKind model,
                       VehicleConfig& v, Problems& problems, ConversionReport& report)
{
    if (const std::string misfit = fourWheelMisfit(d, order); !misfit.empty()) {
        problems.error("/FourWheelDifferentialParams", misfit + " (choose another differential)");
        return;
    }
    const std::vector<double> t = inJounceOrder(d.fourWheel.torqueRatios, order);
    const std::vector<double> s = inJounceOrder(d.fourWheel.aveWheelSpeedRatios, order);
    v.drive.type = DriveType::FourWheel;
    // vehicle2's 4-wheel differential splits the torque by AveWheelSpeedRatios, and its limited slip
    // acts only on wheels in constraint groups, which NVIDIA's snippet drivetrain never gives it
    // (PxVehicleDifferentialStateUpdate; vehicle-model-physx5.md P7): the car runs an open differential.
    const bool asRun = model == ModelGenerationKind::Physx5;
    for (double bias : {d.biases.centerBias, d.biases.frontBias, d.biases.rearBias})
        if (bias != 0.0 && bias <= 1.0) {  // a malformed file whatever the model runs
            problems.error("/FourWheelDifferentialParams", "a bias must be 0 (off) or greater than 1, got " + num(bias));
            return;
        }
    const std::vector<double>& torque = asRun ? s : t;
    const FourWheelBiases biases = asRun ? FourWheelBiases{} : d.biases;
    if (asRun && (d.biases.centerBias > 0.0 || d.biases.frontBias > 0.0 || d.biases.rearBias > 0.0))
        report.dropped("drive.differential", "the limited slip (biases, targets, rate): vehicle2 applies it only to "
                                             "wheels in constraint groups, which NVIDIA's snippet drivetrain gives "
                                             "the 4-wheel differential none of, so the car runs open with the "
                                             "AveWheelSpeedRatios");
    if (const std::string err = importFourWheel({torque[0], torque[1], torque[2], torque[3]},
                                                {s[0], s[1], s[2], s[3]}, biases, v.drive.differential4W, report);
        !err.empty())
        problems.error("/FourWheelDifferentialParams", err);
}

void assembleMultiWheel(const DriveData& d, const std::vector<std::size_t>& order, VehicleConfig& v,
                        Problems& problems, ConversionReport& report)
{
    const std::vector<double> t = inJounceOrder(d.multiWheel.torqueRatios, order);
    std::vector<int> driven;
    for (std::size_t k = 0; k < t.size(); ++k) {
        if (t[k] < 0.0)
            problems.error("/MultiWheelDifferentialParams/TorqueRatios/" + std::to_string(order[k]),
                           "a negative torque ratio (reversed gearing) has no Jounce equivalent");
        if (t[k] != 0.0)
            driven.push_back(static_cast<int>(k));
    }
    v.drive.type = DriveType::NWheel;
    v.drive.differentialNW.drivenWheels = driven;
    const bool equal = std::all_of(driven.begin(), driven.end(), [&](int k) {
        return closeTo(t[static_cast<std::size_t>(k)], 1.0 / static_cast<double>(driven.size()));
    });
    if (!equal)
        report.approximated("drive.differential.drivenWheels",
                            "Jounce's N-wheel differential shares the torque equally among the driven wheels; the "
                            "file's torque ratios differ");
    const std::vector<double> s = inJounceOrder(d.multiWheel.aveWheelSpeedRatios, order);
    for (std::size_t k = 0; k < s.size(); ++k)
        if (!closeTo(s[k], t[k] == 0.0 ? 0.0 : 1.0 / static_cast<double>(driven.size()))) {
            report.approximated("drive.differential", "Jounce averages the driven wheels' speeds equally at the clutch");
            break;
        }
}

void assembleTank(const DriveData& d, const std::vector<std::size_t>& order, VehicleConfig& v, Problems& problems,
                  ConversionReport& report)
{
    const std::size_t n = order.size();
    std::vector<int> side(n, -1);  // 0 left track, 1 right track
    const auto fail = [&](const std::string& why) {
        problems.error("/TankDifferentialParams/TankTracks",
                       why + "; Jounce's tank has two tracks: the left wheels (even) and the right wheels (odd)");
    };
    if (d.tankTracks.size() != 2 || n % 2 != 0)
        return fail(d.tankTracks.size() != 2 ? "there must be two tracks" : "an odd number of wheels");
    for (std::size_t t = 0; t < 2; ++t)
        for (int id : d.tankTracks[t]) {
            const std::size_t k = jounceIndex(order, id);
            if (k >= n || side[k] != -1)
                return fail("wheel " + std::to_string(id) + " is in two tracks");
            side[k] = static_cast<int>(t);
        }
    if (side[0] == side[1])
        return fail("the first two wheels are on one track");
    for (std::size_t k = 0; k < n; ++k)
        if (side[k] == -1 || side[k] != side[k % 2])
            return fail("wheel " + std::to_string(order[k]) + " is not on its side's track");
    v.drive.type = DriveType::Tank;
    const std::vector<double> t = inJounceOrder(d.tank.torqueRatios, order);
    for (std::size_t k = 0; k < n; ++k)
        if (!closeTo(t[k], 1.0 / static_cast<double>(n))) {
            report.approximated("drive.type", "Jounce's tank shares the torque equally among each track's wheels "
                                              "and between the tracks (the thrusts shift it); the file's ratios differ");
            break;
        }
    if (side[0] == 1)
        report.approximated("drive.type", "the left track is TankTracks[1], driven by thrust 1: Jounce's left thrust "
                                          "drives the left track");
    report.defaulted("drive.driveModel", "PhysX 5's thrusts range over [-1, 1]: a tank model Jounce calls special; "
                                         "the vehicle keeps its driveModel (standard by default)");
}

}  // namespace

void assembleDifferential(const BaseData&, const DriveData& drive, const Physx5ImportOptions& options,
                          const std::vector<std::size_t>& order, VehicleConfig& v, Problems& driveProblems,
                          ConversionReport& report)
{
    Physx5Differential choice = options.differential;
    if (choice == Physx5Differential::Auto) {
        choice = fourWheelMisfit(drive, order).empty() ? Physx5Differential::FourWheel : Physx5Differential::MultiWheel;
        report.defaulted("drive.type", choice == Physx5Differential::FourWheel
                                           ? "4W from FourWheelDifferentialParams, which drives the first two axles "
                                             "(--differential multi-wheel or tank picks another of the three)"
                                           : "NW from MultiWheelDifferentialParams (FourWheelDifferentialParams does "
                                             "not drive just the first two axles; --differential tank picks the tank)");
    }
    switch (choice) {
    case Physx5Differential::Auto:
    case Physx5Differential::FourWheel:
        assembleFourWheel(drive, order, options.model, v, driveProblems, report);
        break;
    case Physx5Differential::MultiWheel:
        assembleMultiWheel(drive, order, v, driveProblems, report);
        break;
    case Physx5Differential::Tank:
        assembleTank(drive, order, v, driveProblems, report);
        break;
    }
}

}  // namespace jounce::exchange::p5
