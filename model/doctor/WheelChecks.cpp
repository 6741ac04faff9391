// Static checks of the wheels (vehicle-model §1.2, §1.4, §1.19, §2.13, §2.14): bearing damping, a front
// handbrake or rear steer on a 4W car, anti-roll bars that do not join the two wheels of one axle, and
// PhysX's roll-torque bars tuned as if they could shift balance between the axles.

#include "StaticCheckParts.h"

#include "json/NumberText.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace jounce::doctor::checks {
namespace {

using json::text::num;
using json::text::pct;
using json::text::roundSig;

/// Wheels of one axle share their x to well within a wheel radius and sit on opposite sides.
bool sameAxle(const VehicleConfig& c, int a, int b)
{
    const WheelConfig& wa = c.wheels[static_cast<std::size_t>(a)];
    const WheelConfig& wb = c.wheels[static_cast<std::size_t>(b)];
    const Vec3& pa = wa.geometry.wheelCentreOffset;
    const Vec3& pb = wb.geometry.wheelCentreOffset;
    const double tol = 0.5 * std::max({wa.wheel.radius, wb.wheel.radius, 0.1});
    return std::fabs(pa.x - pb.x) <= tol && pa.y * pb.y < 0;
}

/// One axle's roll stiffness (N m/rad): its two springs, k·t²/4 each, and its bars, stiffness·t².
struct AxleRoll {
    int left = 0, right = 0;
    double springs = 0.0;
    double bars = 0.0;
};

/// The axles of the vehicle front to back, each wheel in at most one, with their roll stiffness.
std::vector<AxleRoll> axleRollStiffness(const VehicleConfig& c)
{
    const int n = static_cast<int>(c.wheels.size());
    const auto wheel = [&c](int i) -> const WheelConfig& { return c.wheels[static_cast<std::size_t>(i)]; };
    const auto track = [&](int a, int b) {
        return std::fabs(wheel(a).geometry.wheelCentreOffset.y - wheel(b).geometry.wheelCentreOffset.y);
    };
    std::vector<AxleRoll> axles;
    std::vector<bool> used(c.wheels.size(), false);
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n && !used[std::size_t(a)]; ++b)
            if (!used[std::size_t(b)] && sameAxle(c, a, b)) {
                used[std::size_t(a)] = used[std::size_t(b)] = true;
                const double t = track(a, b);
                const double k = wheel(a).suspension.springStrength + wheel(b).suspension.springStrength;
                axles.push_back({a, b, k * t * t / 4.0, 0.0});
            }
    for (const AntiRollBarConfig& bar : c.antiRollBars)
        for (AxleRoll& axle : axles)
            if (std::minmax(bar.wheel0, bar.wheel1) == std::minmax(axle.left, axle.right))
                axle.bars += bar.stiffness * track(axle.left, axle.right) * track(axle.left, axle.right);
    return axles;
}

}  // namespace

void checkWheelDamping(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> results;
    const double guideRate = WheelData{}.dampingRate;  // 0.25, the guide's lower value
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (!(w.moi > 0) || w.dampingRate * kTinyDampingTimeConstant >= w.moi)
            continue;
        WheelResult r;
        r.wheel = i;
        r.severity = w.dampingRate > 0 ? Severity::Warning : Severity::Error;
        r.text = w.dampingRate > 0
                     ? "bearing damping " + num(w.dampingRate) + " N m s/rad on a " + num(w.moi) +
                           " kg m^2 wheel is tiny: a free-spinning wheel needs " + num(w.moi / w.dampingRate) +
                           " s to lose two thirds of its speed (the guide: 0.25-2, caution with very small rates)"
                     : "bearing damping 0: a free-spinning wheel never slows down (the guide: never exactly 0)";
        r.parameters = {param::wheels::wheel::dampingRate(i), param::wheels::wheel::moi(i)};
        const double rate = roundSig(std::max(guideRate, w.moi / kFixDampingTimeConstant), 3);
        r.fixSummary = "set the wheel damping rate to " + num(rate) + " N m s/rad";
        r.edits = {{param::wheels::wheel::dampingRate(i), rate}};
        results.push_back(std::move(r));
    }
    mergeWheelResults("wheel.dampingRate", "§1.2 PxVehicleWheelData (damping rate)", results, out);
}

void checkHandbrakeAndSteer(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (c.drive.type != DriveType::FourWheel || c.wheels.size() < 4)
        return;
    std::vector<WheelResult> handbrake, steer;
    for (std::size_t i = 0; i < 2; ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (w.maxHandBrakeTorque > 0)
            handbrake.push_back({i, Severity::Advice,
                                 "a front handbrake (" + num(w.maxHandBrakeTorque) +
                                     " N m) locks the steered wheels, so the car ploughs straight on instead of "
                                     "turning; the guide puts the handbrake on the rear wheels only (4000 N m rear, 0 front)",
                                 {param::wheels::wheel::maxHandBrakeTorque(i)}, "remove the front handbrake",
                                 {{param::wheels::wheel::maxHandBrakeTorque(i), 0.0}}});
    }
    for (std::size_t i = 2; i < 4; ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (w.maxSteer != 0)
            steer.push_back({i, Severity::Advice,
                             "the rear wheels of a 4W car steer " + num(radiansToDegrees(std::fabs(w.maxSteer))) +
                                 " deg at full lock, opposite to the front (vehicle model §2.14), which tightens every turn and "
                                 "makes the car twitchy at speed; the guide steers the front wheels only",
                             {param::wheels::wheel::maxSteer(i)}, "stop the rear wheels steering",
                             {{param::wheels::wheel::maxSteer(i), 0.0}}});
    }
    mergeWheelResults("wheel.frontHandbrake", "§1.2 PxVehicleWheelData (handbrake), §1.19", handbrake, out);
    mergeWheelResults("wheel.rearSteer", "§1.2 PxVehicleWheelData (max steer), §2.14", steer, out);
}

void checkAntiRollBars(const VehicleConfig& c, std::vector<Finding>& out)
{
    const int n = static_cast<int>(c.wheels.size());
    auto pos = [&](int i) { return c.wheels[static_cast<std::size_t>(i)].geometry.wheelCentreOffset; };
    std::set<std::pair<int, int>> pairs;
    for (const AntiRollBarConfig& bar : c.antiRollBars)
        pairs.insert({std::min(bar.wheel0, bar.wheel1), std::max(bar.wheel0, bar.wheel1)});
    for (std::size_t b = 0; b < c.antiRollBars.size(); ++b) {
        const AntiRollBarConfig& bar = c.antiRollBars[b];
        if (bar.wheel0 < 0 || bar.wheel1 < 0 || bar.wheel0 >= n || bar.wheel1 >= n || bar.wheel0 == bar.wheel1)
            continue;  // validation reports these
        if (sameAxle(c, bar.wheel0, bar.wheel1))
            continue;
        Finding f;
        f.id = "antiRollBar.axle";
        f.severity = Severity::Warning;
        f.guideSection = "§1.4 PxVehicleAntiRollBarData";
        f.parameters = {param::antiRollBars::wheel0(b), param::antiRollBars::wheel1(b)};
        const bool sameSide = pos(bar.wheel0).y * pos(bar.wheel1).y >= 0;
        f.reason = "anti-roll bar " + std::to_string(b) + " joins " + label(static_cast<std::size_t>(bar.wheel0)) + " and " +
                   label(static_cast<std::size_t>(bar.wheel1)) + ", which are not the left and right wheel of one axle (" +
                   (sameSide ? "they are on the same side" : "x " + num(pos(bar.wheel0).x) + " m and " + num(pos(bar.wheel1).x) + " m") +
                   "): it resists pitch or warp instead of roll, and the balance the guide tunes with bars "
                   "(stiffer rear: less under-steer, stiffer front: less over-steer) is lost";
        // The fix keeps wheel0 and joins it to the wheel across its own axle, if there is exactly one.
        int partner = -1, candidates = 0;
        for (int j = 0; j < n; ++j)
            if (j != bar.wheel0 && sameAxle(c, bar.wheel0, j)) {
                partner = j;
                ++candidates;
            }
        if (candidates == 1 && !pairs.count({std::min(bar.wheel0, partner), std::max(bar.wheel0, partner)}))
            f.fix = Fix{"join " + label(static_cast<std::size_t>(bar.wheel0)) + " to " +
                            label(static_cast<std::size_t>(partner)) + ", the other wheel of its axle",
                        {{param::antiRollBars::wheel1(b), partner}}};
        out.push_back(std::move(f));
    }
}

void checkAntiRollBarBalance(const VehicleConfig& c, std::vector<Finding>& out)
{
    const auto rollTorque = [](const AntiRollBarConfig& bar) { return bar.mode == AntiRollBarMode::RollTorque; };
    if (c.antiRollBars.empty() || !std::all_of(c.antiRollBars.begin(), c.antiRollBars.end(), rollTorque))
        return;  // a wheelForces bar: the tuner has met the choice
    // Invalid springs or bars are value.invalid's; no other check reasons from them.
    for (const WheelConfig& w : c.wheels)
        if (!(w.suspension.springStrength > 0.0) || !std::isfinite(w.suspension.springStrength))
            return;
    for (const AntiRollBarConfig& bar : c.antiRollBars)
        if (!(bar.stiffness >= 0.0) || !std::isfinite(bar.stiffness))
            return;
    // Bars in proportion to the springs only stiffen roll; bars that move an axle's share of the roll
    // stiffness are meant to move load transfer, and so balance, between the axles -- which
    // PhysX's roll torque does not do (docs/vehicle-model.md §2.13.1).
    const std::vector<AxleRoll> axles = axleRollStiffness(c);
    double springs = 0.0, total = 0.0;
    for (const AxleRoll& a : axles) {
        springs += a.springs;
        total += a.springs + a.bars;
    }
    if (!(springs > 0.0) || !(total > springs))
        return;
    // Named by the axle whose share grows most: the one the bars stiffen.
    const AxleRoll* moved = nullptr;
    double shift = 0.0, largest = 0.0;
    for (const AxleRoll& a : axles) {
        const double d = (a.springs + a.bars) / total - a.springs / springs;
        largest = std::max(largest, std::fabs(d));
        if (!moved || d > shift) {
            shift = d;
            moved = &a;
        }
    }
    if (!moved || largest <= kBarShareShift)
        return;
    Finding f;
    f.id = "antiRollBar.balance";
    f.severity = Severity::Advice;
    f.guideSection = "§1.4 PxVehicleAntiRollBarData, §2.13";
    Fix fix{"make every bar load its wheels (mode wheelForces; not exportable to PhysX)", {}};
    for (std::size_t b = 0; b < c.antiRollBars.size(); ++b) {
        f.parameters.push_back(param::antiRollBars::mode(b));
        fix.edits.push_back({param::antiRollBars::mode(b), "wheelForces"});
    }
    for (std::size_t b = 0; b < c.antiRollBars.size(); ++b)
        f.parameters.push_back(param::antiRollBars::stiffness(b));
    const double before = moved->springs / springs;
    f.reason = "the anti-roll bars move the " + label(std::size_t(moved->left)) + "-" + label(std::size_t(moved->right)) +
               " axle's share of the roll stiffness from " + pct(before) + " (springs alone) to " + pct(before + shift) +
               ", as if to shift balance between the axles; but in PhysX 4.1 and 5 an anti-roll bar only adds roll "
               "torque: it cannot shift balance between the axles; tune tire lateral stiffness per axle instead, or "
               "set mode to wheelForces (not exportable to PhysX)";
    f.fix = std::move(fix);
    out.push_back(std::move(f));
}

}  // namespace jounce::doctor::checks
