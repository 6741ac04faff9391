// The live findings' words: what each symptom was, with the numbers seen, the guide's reason and a
// fix computed from the configuration the symptom was seen with (LiveDoctor.h).

#include "LiveDoctor.h"

#include "json/NumberText.h"
#include "LiveThresholds.h"
#include "config/ParameterPaths.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <cmath>

namespace jounce::doctor {

using namespace live;

namespace {

namespace param = config::param;

using json::text::num;
using json::text::pct;
using json::text::roundSig;

std::string wheelList(const std::vector<int>& wheels)
{
    std::string s;
    for (int w : wheels)
        s += (s.empty() ? "" : ", ") + telemetry::wheelLabel(w);
    return s;
}

Finding liveFinding(const char* id, Severity severity, const char* section)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.guideSection = section;
    f.live = true;
    return f;
}

void mergeLatch(Finding& f, bool seen, double first, double last, int occurrences)
{
    if (!seen)
        return;
    if (f.occurrences == 0) {
        f.firstSeen = first;
        f.lastSeen = last;
    } else {
        f.firstSeen = std::min(f.firstSeen, first);
        f.lastSeen = std::max(f.lastSeen, last);
    }
    f.occurrences += occurrences;
}

}  // namespace

Finding LiveDoctor::slipFinding() const
{
    Finding f = liveFinding("live.longSlipOscillation", Severity::Warning, "§2.8 slips (minLongSlipDenominator), §2.26 sub-steps");
    std::vector<int> wheels;
    int flips = 0;
    for (int w = 0; w < kMaxWheels; ++w) {
        const Latch& l = seen_.slipLatch[static_cast<std::size_t>(w)];
        if (!l.seen)
            continue;
        wheels.push_back(w);
        flips = std::max(flips, seen_.slipMaxFlips[static_cast<std::size_t>(w)]);
        mergeLatch(f, l.seen, l.first, l.last, l.occurrences);
    }
    if (wheels.empty())
        return f;
    if (seen_.slipAtRest && !seen_.slipMoving)
        return restOscillationFinding(std::move(f), wheels);
    const SimulationConfig& s = config_.simulation;
    f.parameters = {param::simulation::minLongSlipDenominator, param::simulation::lowForwardSpeedSubStepCount,
                    param::simulation::thresholdLongitudinalSpeed};
    f.reason = "the longitudinal slip of " + wheelList(wheels) + " flipped sign " + std::to_string(flips) +
               " times within " + num(kSlipWindow) + " s near standstill (" + num(seen_.slipSpeed) +
               " m/s): the tire force chases its own sign, so the vehicle jitters instead of coming to rest (minimum "
               "slip denominator " + num(s.minLongSlipDenominator) + " m/s, " +
               std::to_string(s.lowForwardSpeedSubStepCount) + " sub-steps below " + num(s.thresholdLongitudinalSpeed) +
               " m/s); the guide raises the sub-steps or minLongSlipDenominator";
    if (s.minLongSlipDenominator < kGuideMinLongSlipDenominator) {
        f.fix = Fix{"raise minLongSlipDenominator to the model's " + num(kGuideMinLongSlipDenominator) + " m/s",
                    {{param::simulation::minLongSlipDenominator, kGuideMinLongSlipDenominator}}};
    } else if (s.lowForwardSpeedSubStepCount < 100) {
        const int n = std::min(100, std::max(2 * s.lowForwardSpeedSubStepCount, 3));
        f.fix = Fix{"use " + std::to_string(n) + " sub-steps at low speed", {{param::simulation::lowForwardSpeedSubStepCount, n}}};
    }
    return f;
}

Finding LiveDoctor::restOscillationFinding(Finding f, const std::vector<int>& wheels) const
{
    f.id = "live.restOscillation";
    f.guideSection = "§2.26 sub-steps; vehicle-model-physx5.md P9 (real PhysX 5 does the same)";
    if (!restCure_)
        restCure_ = restCure(config_);
    const int own = config_.simulation.lowForwardSpeedSubStepCount;
    f.parameters = {param::simulation::lowForwardSpeedSubStepCount, param::simulation::thresholdLongitudinalSpeed};
    f.reason = "the wheels " + wheelList(wheels) + " spin back and forth while the car stands (" + num(seen_.slipSpeed) +
               " m/s; their slip flipped sign " + std::to_string(seen_.slipMaxFlips[static_cast<std::size_t>(wheels.front())]) +
               " times within " + num(kSlipWindow) + " s): with " + std::to_string(own) + " low-speed sub-steps a "
               "nearly stopped wheel's tire force overshoots within a sub-step; standing for 4 s its wheels average " +
               num(restCure_->spinBefore) + " rad/s";
    if (restCure_->subSteps > 0) {
        f.reason += "; measured: with " + std::to_string(restCure_->subSteps) + " sub-steps it stands still (" +
                    num(restCure_->spinAfter) + " rad/s)";
        f.fix = Fix{"use " + std::to_string(restCure_->subSteps) + " sub-steps at low speed",
                    {{param::simulation::lowForwardSpeedSubStepCount, restCure_->subSteps}}};
    } else {
        f.reason += "; up to " + std::to_string(kMaxTriedSubSteps) + " sub-steps do not make it stand still";
    }
    return f;
}

Finding LiveDoctor::gearFinding() const
{
    Finding f = liveFinding("live.gearCycling", Severity::Warning, "§1.9 (switch time well below the autobox latency), §2.16-2.17");
    mergeLatch(f, seen_.gearLatch.seen, seen_.gearLatch.first, seen_.gearLatch.last, seen_.gearLatch.occurrences);
    if (!seen_.gearLatch.seen)
        return f;
    const GearsData& g = config_.drive.gears;
    const AutoBoxData& a = config_.drive.autoBox;
    // With the latency not above the switch time the autobox shifts back at once, every time: the
    // guide's "never goes beyond first gear" (an error, as the static autobox.latency finding).
    // Otherwise the shift points hunt at a steady speed, every latency.
    if (a.latency <= g.switchTime)
        f.severity = Severity::Error;
    f.parameters = {param::drive::autoBox::latency, param::drive::gears::switchTime};
    auto gearName = [](int gear) { return gear == 0 ? std::string("neutral") : gear < 0 ? std::string("reverse") : "gear " + std::to_string(gear); };
    f.reason = "the gearbox kept going back between " + gearName(seen_.huntLow) + " and " + gearName(seen_.huntHigh) + " (" +
               std::to_string(seen_.gearChanges) + " gear changes, in neutral for " +
               pct(seen_.drivingTime > 0 ? seen_.neutralTime / seen_.drivingTime : 0.0) +
               (revision_ == 0 ? " of the time since the first gear engaged" : " of the time since the vehicle was edited") +
               "): every change passes through neutral with the throttle cut";
    if (a.latency < 2.0 * g.switchTime) {
        const double fixed = std::max(4.0 * g.switchTime, 0.5);
        f.reason += ", so the vehicle hardly accelerates (the guide's 'never goes beyond first gear'); the autobox latency " +
                    num(a.latency) + " s is not clearly above the switch time " + num(g.switchTime) +
                    " s, so the autobox decides again as soon as a gear engages";
        f.fix = Fix{"set the autobox latency to " + num(fixed) + " s (4 x the switch time)", {{param::drive::autoBox::latency, fixed}}};
        return f;
    }
    // Latency is fine: the shift points themselves hunt. After an upshift at upRatio the engine
    // lands at upRatio x (next ratio / ratio); below the next gear's downRatio it shifts straight back.
    const int lowIndex = seen_.huntLow + kNeutralGearIndex;  // telemetry gear -> PhysX index
    const auto lo = static_cast<std::size_t>(lowIndex);
    if (seen_.huntLow >= 1 && seen_.huntHigh == seen_.huntLow + 1 && lo + 1 < g.ratios.size() && lo < a.upRatios.size() &&
        lo + 1 < a.downRatios.size() && g.ratios[lo] > 0) {
        const double landing = a.upRatios[lo] * g.ratios[lo + 1] / g.ratios[lo];
        const std::string down = param::drive::autoBox::downRatios(lo + 1);
        f.parameters.push_back(param::drive::autoBox::upRatios(lo));
        f.parameters.push_back(down);
        if (landing <= a.downRatios[lo + 1])
            f.reason += "; the shift points hunt: after the upshift at " + num(a.upRatios[lo]) + " of maxOmega the engine lands at " +
                        num(landing) + ", below " + gearName(seen_.huntHigh) + "'s down ratio " + num(a.downRatios[lo + 1]) +
                        ", so at a steady speed the autobox shifts down again after every latency (" + num(a.latency) + " s)";
        else
            f.reason += "; an upshift lands the engine at " + num(landing) + ", above " + gearName(seen_.huntHigh) + "'s down ratio " +
                        num(a.downRatios[lo + 1]) + ", so the engine slows after the change: the vehicle loses speed while the "
                        "throttle is cut, or " + gearName(seen_.huntHigh) + " is too long to hold the speed";
        if (landing <= a.downRatios[lo + 1]) {
            const double fixed = roundSig(0.9 * landing, 3);
            f.fix = Fix{"lower " + gearName(seen_.huntHigh) + "'s down ratio to " + num(fixed) + ", below where an upshift lands",
                        {{down, fixed}}};
        }
    }
    return f;
}

Finding LiveDoctor::spinFinding() const
{
    Finding f = liveFinding("live.wheelSpin", Severity::Warning, "§2.8 slips, §2.9 friction");
    mergeLatch(f, seen_.spinLatch.seen, seen_.spinLatch.first, seen_.spinLatch.last, seen_.spinLatch.occurrences);
    if (!seen_.spinLatch.seen)
        return f;
    std::vector<int> wheels;
    f.parameters.push_back(param::drive::engine::peakTorque);
    const SurfacesConfig& surfaces = config_.surfaces;
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        if (!(seen_.spinWheels & (1u << w)))
            continue;
        wheels.push_back(w);
        // The friction of the spinning wheels' tire type on every surface (§1.15).
        const int type = config_.wheels[static_cast<std::size_t>(w)].tire.type;
        for (std::size_t s = 0; s < surfaces.friction.size(); ++s) {
            if (type < 0 || static_cast<std::size_t>(type) >= surfaces.friction[s].size())
                continue;
            const std::string path = param::surfaces::friction(s, type);
            if (std::find(f.parameters.begin(), f.parameters.end(), path) == f.parameters.end())
                f.parameters.push_back(path);
        }
    }
    f.reason = wheelList(wheels) + " spun with rim speeds up to " + num(seen_.spinRimSpeed) + " m/s for more than " +
               num(kSpinTime) + " s while the vehicle moved at " + num(seen_.spinSpeed) +
               " m/s: the drive torque is more than the tires can pass to the ground (friction, tire load), or the "
               "vehicle is stuck or hung on its chassis";
    return f;
}

Finding LiveDoctor::lockFinding() const
{
    Finding f = liveFinding("live.lockedWheel", Severity::Advice, "§2.15 brakes and the lock rule");
    std::vector<int> wheels;
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        const Latch& l = seen_.lockLatch[static_cast<std::size_t>(w)];
        mergeLatch(f, l.seen, l.first, l.last, l.occurrences);
        if (!l.seen)
            continue;
        wheels.push_back(w);
        f.parameters.push_back(param::wheels::wheel::maxBrakeTorque(static_cast<std::size_t>(w)));
    }
    if (wheels.empty())
        return f;
    f.reason = wheelList(wheels) + " locked under the brake for " + num(kLockTime) + " s or more at up to " +
               num(seen_.lockSpeed) + " m/s: a locked tire slides at its sliding friction and cannot steer, so a "
               "stopping distance measured so is a locked-wheel figure (cars are measured with ABS); balance the "
               "brakes (maxBrakeTorque front against rear) or brake less hard";
    return f;
}

Finding LiveDoctor::driveSlipFinding() const
{
    Finding f = liveFinding("live.driveSlip", Severity::Advice, "§2.8 slips, §2.10 tire forces");
    std::vector<int> wheels;
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        const Latch& l = seen_.driveSlipLatch[static_cast<std::size_t>(w)];
        mergeLatch(f, l.seen, l.first, l.last, l.occurrences);
        if (l.seen)
            wheels.push_back(w);
    }
    if (wheels.empty())
        return f;
    f.parameters.push_back(param::drive::engine::peakTorque);
    for (const int w : wheels)
        if (config_.wheels[static_cast<std::size_t>(w)].tire.physx())
            f.parameters.push_back(param::wheels::tire::longitudinalStiffnessPerUnitGravity(static_cast<std::size_t>(w)));
    f.reason = wheelList(wheels) + " slipped more than " + pct(kDriveSlip) + " under power for " + num(kDriveSlipTime) +
               " s or more (up to " + pct(seen_.driveSlipMax) + " at " + num(seen_.driveSlipSpeed) +
               " m/s): road tires give their most drive near 10-15 % slip, so beyond 20 % the wheel spins grip "
               "away; a soft longitudinal tire stiffness or too much torque for the grip";
    return f;
}

Finding LiveDoctor::bumpFinding() const
{
    Finding f = liveFinding("live.bumpStop", Severity::Warning, "§2.3.3 compression limit, §2.4.5 suspension-limit constraint");
    std::vector<int> wheels;
    int hits = 0;
    double longest = 0.0;
    Fix fix{"", {}};
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        const auto i = static_cast<std::size_t>(w);
        if (!seen_.bumpLatch[i].seen)
            continue;
        wheels.push_back(w);
        hits = std::max(hits, seen_.bumpMaxHits[i]);
        longest = std::max(longest, seen_.bumpLongest[i]);
        mergeLatch(f, true, seen_.bumpLatch[i].first, seen_.bumpLatch[i].last, seen_.bumpLatch[i].occurrences);
        const SuspensionData& s = config_.wheels[i].suspension;
        f.parameters.push_back(param::wheels::suspension::maxCompression(w));
        f.parameters.push_back(param::wheels::suspension::springStrength(w));
        fix.edits.push_back({param::wheels::suspension::maxCompression(w),
                             roundSig(std::max(1.5 * s.maxCompression, s.maxCompression + 0.05), 3)});
    }
    if (wheels.empty())
        return f;
    const double limit = config_.wheels[static_cast<std::size_t>(wheels.front())].suspension.maxCompression;
    f.reason = "the suspension of " + wheelList(wheels) + " reached its compression limit (" + num(limit) + " m" +
               (wheels.size() > 1 ? " on " + telemetry::wheelLabel(wheels.front()) : std::string()) + ") " +
               (hits >= kBumpHits ? std::to_string(hits) + " times within " + num(kBumpWindow) + " s" : std::string("")) +
               (hits >= kBumpHits && longest >= kRestingOnLimit ? " and " : "") +
               (longest >= kRestingOnLimit ? "stayed on it for " + num(longest) + " s" : std::string("")) +
               ": the suspension-limit constraint then carries the load rigidly, which jolts the chassis; give it more "
               "travel or a stiffer spring";
    fix.summary = "give the suspension 50 % (at least 5 cm) more compression travel";
    f.fix = std::move(fix);
    return f;
}

Finding LiveDoctor::liftFinding() const
{
    Finding f = liveFinding("live.wheelLift", Severity::Warning, "§1.3 max droop, §1.4 anti-roll bars");
    std::vector<int> wheels, droopLimited;
    double air = 0.0;
    Fix fix{"set maxDroop to m_s g / k, so the wheel keeps touching until its spring is unloaded", {}};
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        const auto i = static_cast<std::size_t>(w);
        if (!seen_.liftLatch[i].seen)
            continue;
        wheels.push_back(w);
        air = std::max(air, seen_.liftAirTime[i]);
        mergeLatch(f, true, seen_.liftLatch[i].first, seen_.liftLatch[i].last, seen_.liftLatch[i].occurrences);
        const SuspensionData& s = config_.wheels[i].suspension;
        f.parameters.push_back(param::wheels::suspension::maxDroop(w));
        // A spring still pushing at full droop means the wheel ran out of travel while loaded.
        if (s.springStrength > 0 && s.sprungMass > 0 && s.springStrength * s.maxDroop < s.sprungMass * kGravity) {
            droopLimited.push_back(w);
            fix.edits.push_back({param::wheels::suspension::maxDroop(w), roundSig(s.sprungMass * kGravity / s.springStrength, 6)});
        }
    }
    if (wheels.empty())
        return f;
    for (std::size_t b = 0; b < config_.antiRollBars.size(); ++b) {
        const AntiRollBarConfig& bar = config_.antiRollBars[b];
        if (std::find(wheels.begin(), wheels.end(), bar.wheel0) != wheels.end() ||
            std::find(wheels.begin(), wheels.end(), bar.wheel1) != wheels.end())
            f.parameters.push_back(param::antiRollBars::stiffness(b));
    }
    f.parameters.push_back(param::chassis::cmOffset(2));
    f.reason = "in a steady turn (lateral acceleration " + num(std::fabs(seen_.liftLatAccel)) + " m/s^2, steer " + num(seen_.liftSteer) +
               ") " + wheelList(wheels) + " left the ground for " + num(air) + " s: ";
    if (!droopLimited.empty())
        f.reason += wheelList(droopLimited) + " ran out of droop travel with the spring still loaded (maxDroop " +
                    num(config_.wheels[static_cast<std::size_t>(droopLimited.front())].suspension.maxDroop) +
                    " m is shorter than m_s g / k), so the wheel hangs in the air while the body rolls";
    else
        f.reason += "the inner wheels unload completely: too much roll stiffness on that axle (anti-roll bar) or a high "
                    "centre of mass";
    if (!fix.edits.empty())
        f.fix = std::move(fix);
    return f;
}

int LiveDoctor::currentEpisodes() const
{
    int n = seen_.gearLatch.occurrences + seen_.spinLatch.occurrences;
    for (std::size_t w = 0; w < static_cast<std::size_t>(kMaxWheels); ++w)
        n += seen_.slipLatch[w].occurrences + seen_.bumpLatch[w].occurrences + seen_.liftLatch[w].occurrences +
             seen_.lockLatch[w].occurrences + seen_.driveSlipLatch[w].occurrences;
    return n;
}

int LiveDoctor::episodeCount() const
{
    return earlierEpisodes_ + currentEpisodes();
}

std::vector<Finding> LiveDoctor::currentFindings() const
{
    std::vector<Finding> out;
    for (Finding f : {gearFinding(), slipFinding(), spinFinding(), bumpFinding(), liftFinding(), lockFinding(),
                      driveSlipFinding()}) {
        if (f.occurrences == 0)
            continue;
        f.configRevision = revision_;
        out.push_back(std::move(f));
    }
    return out;
}

std::vector<Finding> LiveDoctor::findings() const
{
    std::vector<Finding> out = currentFindings();
    out.insert(out.end(), earlier_.begin(), earlier_.end());
    sortBySeverity(out);
    return out;
}

}  // namespace jounce::doctor
