#include "LiveDoctor.h"

#include "DoctorText.h"
#include "config/ParameterPaths.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <cmath>

namespace jounce::doctor {
namespace {

namespace param = config::param;

using telemetry::VehicleChannel;
using telemetry::WheelChannel;
using text::num;
using text::pct;
using text::roundSig;

/// A gap longer than this between frames means frames were dropped: the windows restart.
constexpr double kMaxFrameGap = 0.5;

// live.longSlipOscillation (vehicle-model §2.8: raising minLongSlipDenominator or the low-speed sub-step
// count suppresses slip-sign oscillation when coasting to rest).
constexpr double kStandstillSpeed = 2.0;   ///< m/s: "near standstill"
/// Any throttle or brake at all gives a wheel drive or brake torque (§2.8 "accelApplied").
constexpr double kPedalOff = 0.0;
constexpr double kSlipDeadband = 0.02;     ///< smaller slips have no sign worth counting
constexpr double kSlipWindow = 1.0;        ///< s
constexpr int kSlipFlips = 6;              ///< three full oscillations per second
constexpr double kGuideMinLongSlipDenominator = 4.0;  ///< vehicle-model.md's default (§1.7)

// live.gearCycling (§2.16-2.17): hunting = engaging again the gear just left.
constexpr double kHuntWindow = 10.0;
constexpr int kHunts = 2;

// live.wheelSpin
constexpr double kSpinSlip = 0.5;
constexpr double kSpinRimSpeed = 2.0;      ///< m/s
constexpr double kNoMotionSpeed = 0.5;     ///< m/s
constexpr double kSpinTime = 1.0;          ///< s

// live.bumpStop (§2.3.3: the reported jounce is clamped to maxCompression at the limit).
constexpr double kLimitTolerance = 1e-4;   ///< m
constexpr double kBumpWindow = 5.0;
constexpr int kBumpHits = 3;
constexpr double kRestingOnLimit = 1.0;    ///< s

// live.wheelLift
constexpr double kTurnLatAccel = 2.0;      ///< m/s²
constexpr double kTurnMinSteer = 0.02;
constexpr double kTurnSteerHold = 0.05;
constexpr double kLatFilterTime = 0.5;     ///< s
constexpr double kTurnMaxSideSlip = 0.2;   ///< lateral / forward speed: about 11 deg of body slip
constexpr double kSteadyAfter = 1.0;       ///< s of a held turn before it counts as steady
constexpr double kLiftTime = 0.3;          ///< s in the air during the steady turn

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

void LiveDoctor::EventTimes::push(double t)
{
    times[static_cast<std::size_t>(head)] = t;
    head = (head + 1) % static_cast<int>(times.size());
    count = std::min(count + 1, static_cast<int>(times.size()));
}

int LiveDoctor::EventTimes::countSince(double t) const
{
    int n = 0;
    for (int i = 0; i < count; ++i)
        n += times[static_cast<std::size_t>(i)] >= t ? 1 : 0;
    return n;
}

void LiveDoctor::Latch::update(bool condition, double t)
{
    if (condition) {
        if (!active)
            ++occurrences;
        if (!seen)
            first = t;
        seen = true;
        last = t;
    }
    active = condition;
}

LiveDoctor::LiveDoctor(const VehicleConfig& config) : config_(config) {}

void LiveDoctor::setConfig(const VehicleConfig& config)
{
    config_ = config;
}

void LiveDoctor::clearWindows()
{
    slipSign_.fill(0);
    for (EventTimes& e : slipFlips_)
        e.clear();
    for (Latch& l : slipLatch_)
        l.active = false;
    engagedCount_ = 0;
    hunts_.clear();
    gearLatch_.active = false;
    spinStart_ = -1.0;
    spinLatch_.active = false;
    atLimit_.fill(false);
    for (EventTimes& e : limitHits_)
        e.clear();
    for (Latch& l : bumpLatch_)
        l.active = false;
    turnStart_ = -1.0;
    latFiltered_ = 0.0;
    airTime_.fill(0.0);
    for (Latch& l : liftLatch_)
        l.active = false;
}

void LiveDoctor::reset()
{
    *this = LiveDoctor(config_);
}

void LiveDoctor::addFrame(const telemetry::Frame& f)
{
    const double t = f.time();
    double dt = 0.0;
    if (!started_ || t < time_ || t - time_ > kMaxFrameGap) {
        clearWindows();
        gear_ = static_cast<int>(std::lround(f.vehicle(VehicleChannel::Gear)));
        if (gear_ != 0) {  // the gear the run starts in counts as engaged
            engaged_[0] = gear_;
            engagedCount_ = 1;
        }
    } else {
        dt = t - time_;
    }
    started_ = true;
    time_ = t;
    const int wheels = std::min(f.wheelCount(), static_cast<int>(config_.wheels.size()));
    checkSlipOscillation(f, t, wheels);
    checkGears(f, t, dt);
    checkWheelSpin(f, t, wheels);
    checkBumpStop(f, t, wheels);
    checkWheelLift(f, t, dt, wheels);
}

void LiveDoctor::checkSlipOscillation(const telemetry::Frame& f, double t, int wheels)
{
    const double speed = f.vehicle(VehicleChannel::ForwardSpeed);
    // The guide's symptom is a vehicle coasting to rest or standing: free-rolling wheels, whose slip
    // uses minLongSlipDenominator (§2.8). A pedal gives the wheels drive or brake torque and its own
    // slip formula (a launch, a driver stepping between throttle and brake), so any pedal restarts
    // the count.
    if (f.vehicle(VehicleChannel::Accel) > kPedalOff || f.vehicle(VehicleChannel::Brake) > kPedalOff ||
        f.vehicle(VehicleChannel::Handbrake) > kPedalOff) {
        slipSign_.fill(0);
        for (EventTimes& e : slipFlips_)
            e.clear();
    }
    const bool slow = std::fabs(speed) < kStandstillSpeed;
    for (int w = 0; w < wheels; ++w) {
        const auto i = static_cast<std::size_t>(w);
        const double slip = f.wheel(WheelChannel::LongSlip, w);
        const int sign = slip > kSlipDeadband ? 1 : slip < -kSlipDeadband ? -1 : 0;
        if (sign != 0) {
            if (slow && slipSign_[i] != 0 && sign != slipSign_[i])
                slipFlips_[i].push(t);
            slipSign_[i] = sign;
        }
        const int flips = slow ? slipFlips_[i].countSince(t - kSlipWindow) : 0;
        const bool oscillating = flips >= kSlipFlips;
        slipLatch_[i].update(oscillating, t);
        if (oscillating) {
            slipMaxFlips_[i] = std::max(slipMaxFlips_[i], flips);
            slipSpeed_ = speed;
        }
    }
}

void LiveDoctor::checkGears(const telemetry::Frame& f, double t, double dt)
{
    const int gear = static_cast<int>(std::lround(f.vehicle(VehicleChannel::Gear)));
    // Time in neutral once a gear has been engaged (the applied accel reads 0 during a change,
    // because the autobox cuts the throttle, so it cannot tell whether the driver wants to go).
    if (engagedCount_ > 0) {
        drivingTime_ += dt;
        if (gear == 0)
            neutralTime_ += dt;
    }
    if (gear != gear_) {
        ++gearChanges_;
        if (gear != 0) {
            // Every change passes through neutral (§2.16): compare the gear now engaged with the
            // last two engaged ones. Back to the gear just left (1, 2, 1) or the same gear again
            // (1, N, 1) is a hunt.
            const bool same = engagedCount_ >= 1 && gear == engaged_[0];
            const bool back = engagedCount_ >= 2 && gear == engaged_[1];
            if (same || back) {
                hunts_.push(t);
                huntLow_ = std::min(gear, engaged_[0]);
                huntHigh_ = std::max(gear, engaged_[0]);
            }
            engaged_[1] = engaged_[0];
            engaged_[0] = gear;
            engagedCount_ = std::min(engagedCount_ + 1, 2);
        }
        gear_ = gear;
    }
    gearLatch_.update(hunts_.countSince(t - kHuntWindow) >= kHunts, t);
}

void LiveDoctor::checkWheelSpin(const telemetry::Frame& f, double t, int wheels)
{
    const double speed = f.vehicle(VehicleChannel::ForwardSpeed);
    unsigned spinning = 0;
    double rim = 0.0;
    if (std::fabs(speed) < kNoMotionSpeed && f.vehicle(VehicleChannel::Accel) > 0.1) {
        for (int w = 0; w < wheels; ++w) {
            const double r = std::fabs(f.wheel(WheelChannel::WheelOmega, w)) * config_.wheels[static_cast<std::size_t>(w)].wheel.radius;
            if (std::fabs(f.wheel(WheelChannel::LongSlip, w)) > kSpinSlip && r > kSpinRimSpeed) {
                spinning |= 1u << w;
                rim = std::max(rim, r);
            }
        }
    }
    if (spinning == 0) {
        spinStart_ = -1.0;
    } else if (spinStart_ < 0) {
        spinStart_ = t;
    }
    const bool spin = spinning != 0 && t - spinStart_ >= kSpinTime;
    spinLatch_.update(spin, t);
    if (spin) {
        spinWheels_ |= spinning;
        spinRimSpeed_ = std::max(spinRimSpeed_, rim);
        spinSpeed_ = speed;
    }
}

void LiveDoctor::checkBumpStop(const telemetry::Frame& f, double t, int wheels)
{
    for (int w = 0; w < wheels; ++w) {
        const auto i = static_cast<std::size_t>(w);
        const double limit = config_.wheels[i].suspension.maxCompression;
        const bool at = f.wheel(WheelChannel::InAir, w) < 0.5 && f.wheel(WheelChannel::Jounce, w) >= limit - kLimitTolerance;
        if (at && !atLimit_[i]) {
            limitHits_[i].push(t);
            limitSince_[i] = t;
        }
        atLimit_[i] = at;
        const int hits = limitHits_[i].countSince(t - kBumpWindow);
        const double resting = at ? t - limitSince_[i] : 0.0;
        const bool symptom = hits >= kBumpHits || resting >= kRestingOnLimit;
        bumpLatch_[i].update(symptom, t);
        if (symptom) {
            bumpMaxHits_[i] = std::max(bumpMaxHits_[i], hits);
            bumpLongest_[i] = std::max(bumpLongest_[i], resting);
        }
    }
}

void LiveDoctor::checkWheelLift(const telemetry::Frame& f, double t, double dt, int wheels)
{
    // The body's lateral acceleration jitters from step to step; a first-order filter (time
    // constant 0.5 s) keeps one noisy frame from ending a turn.
    latFiltered_ += (f.vehicle(VehicleChannel::LatAccel) - latFiltered_) * std::min(1.0, dt / kLatFilterTime);
    const double lat = latFiltered_;
    const double steer = f.vehicle(VehicleChannel::Steer);
    // A turn, not a spin: the vehicle rolls forward and does not slide sideways.
    const double speed = f.vehicle(VehicleChannel::ForwardSpeed);
    const bool gripping = std::fabs(f.vehicle(VehicleChannel::LateralSpeed)) <= kTurnMaxSideSlip * std::fabs(speed);
    const bool turning = std::fabs(lat) >= kTurnLatAccel && std::fabs(steer) >= kTurnMinSteer && gripping;
    if (!turning || turnStart_ < 0 || std::fabs(steer - turnSteer_) > kTurnSteerHold) {
        // Not turning, or the steer moved: a new turn starts here (or none).
        turnStart_ = turning ? t : -1.0;
        turnSteer_ = steer;
        airTime_.fill(0.0);
    }
    const bool steady = turnStart_ >= 0 && t - turnStart_ >= kSteadyAfter;
    for (int w = 0; w < wheels; ++w) {
        const auto i = static_cast<std::size_t>(w);
        const bool inAir = f.wheel(WheelChannel::InAir, w) >= 0.5;
        if (steady && inAir)
            airTime_[i] += dt;
        const bool lifted = steady && airTime_[i] >= kLiftTime;  // for the rest of this turn
        liftLatch_[i].update(lifted, t);
        if (lifted) {
            liftAirTime_[i] = std::max(liftAirTime_[i], airTime_[i]);
            if (std::fabs(lat) > std::fabs(liftLatAccel_)) {
                liftLatAccel_ = lat;
                liftSteer_ = steer;
            }
        }
    }
}

// ---- findings ----------------------------------------------------------------------------------

Finding LiveDoctor::slipFinding() const
{
    Finding f = liveFinding("live.longSlipOscillation", Severity::Warning, "§2.8 slips (minLongSlipDenominator), §2.26 sub-steps");
    std::vector<int> wheels;
    int flips = 0;
    for (int w = 0; w < kMaxWheels; ++w) {
        const Latch& l = slipLatch_[static_cast<std::size_t>(w)];
        if (!l.seen)
            continue;
        wheels.push_back(w);
        flips = std::max(flips, slipMaxFlips_[static_cast<std::size_t>(w)]);
        mergeLatch(f, l.seen, l.first, l.last, l.occurrences);
    }
    if (wheels.empty())
        return f;
    const SimulationConfig& s = config_.simulation;
    f.parameters = {param::simulation::minLongSlipDenominator, param::simulation::lowForwardSpeedSubStepCount,
                    param::simulation::thresholdLongitudinalSpeed};
    f.reason = "the longitudinal slip of " + wheelList(wheels) + " flipped sign " + std::to_string(flips) +
               " times within " + num(kSlipWindow) + " s near standstill (" + num(slipSpeed_) +
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

Finding LiveDoctor::gearFinding() const
{
    Finding f = liveFinding("live.gearCycling", Severity::Warning, "§1.9 (switch time well below the autobox latency), §2.16-2.17");
    mergeLatch(f, gearLatch_.seen, gearLatch_.first, gearLatch_.last, gearLatch_.occurrences);
    if (!gearLatch_.seen)
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
    f.reason = "the gearbox kept going back between " + gearName(huntLow_) + " and " + gearName(huntHigh_) + " (" +
               std::to_string(gearChanges_) + " gear changes, in neutral for " +
               pct(drivingTime_ > 0 ? neutralTime_ / drivingTime_ : 0.0) +
               " of the time since the first gear engaged): every change passes through neutral with the throttle cut";
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
    const int lowIndex = huntLow_ + kNeutralGearIndex;  // telemetry gear -> PhysX index
    const auto lo = static_cast<std::size_t>(lowIndex);
    if (huntLow_ >= 1 && huntHigh_ == huntLow_ + 1 && lo + 1 < g.ratios.size() && lo < a.upRatios.size() &&
        lo + 1 < a.downRatios.size() && g.ratios[lo] > 0) {
        const double landing = a.upRatios[lo] * g.ratios[lo + 1] / g.ratios[lo];
        const std::string down = param::drive::autoBox::downRatios(lo + 1);
        f.parameters.push_back(param::drive::autoBox::upRatios(lo));
        f.parameters.push_back(down);
        if (landing <= a.downRatios[lo + 1])
            f.reason += "; the shift points hunt: after the upshift at " + num(a.upRatios[lo]) + " of maxOmega the engine lands at " +
                        num(landing) + ", below " + gearName(huntHigh_) + "'s down ratio " + num(a.downRatios[lo + 1]) +
                        ", so at a steady speed the autobox shifts down again after every latency (" + num(a.latency) + " s)";
        else
            f.reason += "; an upshift lands the engine at " + num(landing) + ", above " + gearName(huntHigh_) + "'s down ratio " +
                        num(a.downRatios[lo + 1]) + ", so the engine slows after the change: the vehicle loses speed while the "
                        "throttle is cut, or " + gearName(huntHigh_) + " is too long to hold the speed";
        if (landing <= a.downRatios[lo + 1]) {
            const double fixed = roundSig(0.9 * landing, 3);
            f.fix = Fix{"lower " + gearName(huntHigh_) + "'s down ratio to " + num(fixed) + ", below where an upshift lands",
                        {{down, fixed}}};
        }
    }
    return f;
}

Finding LiveDoctor::spinFinding() const
{
    Finding f = liveFinding("live.wheelSpin", Severity::Warning, "§2.8 slips, §2.9 friction");
    mergeLatch(f, spinLatch_.seen, spinLatch_.first, spinLatch_.last, spinLatch_.occurrences);
    if (!spinLatch_.seen)
        return f;
    std::vector<int> wheels;
    f.parameters.push_back(param::drive::engine::peakTorque);
    const SurfacesConfig& surfaces = config_.surfaces;
    for (int w = 0; w < kMaxWheels && w < static_cast<int>(config_.wheels.size()); ++w) {
        if (!(spinWheels_ & (1u << w)))
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
    f.reason = wheelList(wheels) + " spun with rim speeds up to " + num(spinRimSpeed_) + " m/s for more than " +
               num(kSpinTime) + " s while the vehicle moved at " + num(spinSpeed_) +
               " m/s: the drive torque is more than the tires can pass to the ground (friction, tire load), or the "
               "vehicle is stuck or hung on its chassis";
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
        if (!bumpLatch_[i].seen)
            continue;
        wheels.push_back(w);
        hits = std::max(hits, bumpMaxHits_[i]);
        longest = std::max(longest, bumpLongest_[i]);
        mergeLatch(f, true, bumpLatch_[i].first, bumpLatch_[i].last, bumpLatch_[i].occurrences);
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
        if (!liftLatch_[i].seen)
            continue;
        wheels.push_back(w);
        air = std::max(air, liftAirTime_[i]);
        mergeLatch(f, true, liftLatch_[i].first, liftLatch_[i].last, liftLatch_[i].occurrences);
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
    f.reason = "in a steady turn (lateral acceleration " + num(std::fabs(liftLatAccel_)) + " m/s^2, steer " + num(liftSteer_) +
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

int LiveDoctor::episodeCount() const
{
    int n = gearLatch_.occurrences + spinLatch_.occurrences;
    for (std::size_t w = 0; w < static_cast<std::size_t>(kMaxWheels); ++w)
        n += slipLatch_[w].occurrences + bumpLatch_[w].occurrences + liftLatch_[w].occurrences;
    return n;
}

std::vector<Finding> LiveDoctor::findings() const
{
    std::vector<Finding> out;
    for (Finding f : {gearFinding(), slipFinding(), spinFinding(), bumpFinding(), liftFinding()})
        if (f.occurrences > 0)
            out.push_back(std::move(f));
    sortBySeverity(out);
    return out;
}

}  // namespace jounce::doctor
