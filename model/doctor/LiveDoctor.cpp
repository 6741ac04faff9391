#include "LiveDoctor.h"

#include "LiveThresholds.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <cmath>

namespace jounce::doctor {

using namespace live;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

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
    if (config == config_)
        return;
    // What was seen so far is worded now, with the configuration it was seen with: after the edit
    // the same numbers would name other limits and fixes (an edit curing gear hunting would read
    // as its cause).
    for (Finding& f : currentFindings()) {
        f.earlierConfig = true;
        earlier_.push_back(std::move(f));
    }
    earlierEpisodes_ += currentEpisodes();
    seen_ = Seen{};
    config_ = config;
    restCure_.reset();
    ++revision_;
    // The windows restart at the next frame, as after dropped frames: events before the edit do not
    // add up to a symptom of the new configuration.
    started_ = false;
}

void LiveDoctor::clearWindows()
{
    slipSign_.fill(0);
    for (EventTimes& e : slipFlips_)
        e.clear();
    for (Latch& l : seen_.slipLatch)
        l.active = false;
    engagedCount_ = 0;
    hunts_.clear();
    seen_.gearLatch.active = false;
    spinStart_ = -1.0;
    seen_.spinLatch.active = false;
    atLimit_.fill(false);
    for (EventTimes& e : limitHits_)
        e.clear();
    for (Latch& l : seen_.bumpLatch)
        l.active = false;
    lockedFor_.fill(0.0);
    slippingFor_.fill(0.0);
    for (Latch& l : seen_.lockLatch)
        l.active = false;
    for (Latch& l : seen_.driveSlipLatch)
        l.active = false;
    turnStart_ = -1.0;
    latFiltered_ = 0.0;
    airTime_.fill(0.0);
    for (Latch& l : seen_.liftLatch)
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
    checkLockAndDriveSlip(f, t, dt, wheels);
    checkWheelLift(f, t, dt, wheels);
}

void LiveDoctor::checkLockAndDriveSlip(const telemetry::Frame& f, double t, double dt, int wheels)
{
    const double speed = f.vehicle(VehicleChannel::ForwardSpeed);
    const bool braking = f.vehicle(VehicleChannel::Brake) >= kLockBrake && std::fabs(speed) > kLockSpeed;
    const bool driving = f.vehicle(VehicleChannel::Accel) >= kDriveAccel && speed > kNoMotionSpeed;
    for (int w = 0; w < wheels; ++w) {
        const auto i = static_cast<std::size_t>(w);
        const bool ground = f.wheel(WheelChannel::InAir, w) < 0.5;
        const double rim = std::fabs(f.wheel(WheelChannel::WheelOmega, w)) * config_.wheels[i].wheel.radius;
        const bool locked = braking && ground && rim < kLockRimShare * std::fabs(speed);
        lockedFor_[i] = locked ? lockedFor_[i] + dt : 0.0;
        const bool lockSymptom = locked && lockedFor_[i] >= kLockTime;
        seen_.lockLatch[i].update(lockSymptom, t);
        if (lockSymptom)
            seen_.lockSpeed = std::max(seen_.lockSpeed, std::fabs(speed));
        const double slip = f.wheel(WheelChannel::LongSlip, w);
        const bool slipping = driving && ground && slip > kDriveSlip;
        slippingFor_[i] = slipping ? slippingFor_[i] + dt : 0.0;
        const bool slipSymptom = slipping && slippingFor_[i] >= kDriveSlipTime;
        seen_.driveSlipLatch[i].update(slipSymptom, t);
        if (slipSymptom && slip > seen_.driveSlipMax) {
            seen_.driveSlipMax = slip;
            seen_.driveSlipSpeed = speed;
        }
    }
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
        seen_.slipLatch[i].update(oscillating, t);
        if (oscillating) {
            seen_.slipMaxFlips[i] = std::max(seen_.slipMaxFlips[i], flips);
            seen_.slipSpeed = speed;
            (std::fabs(speed) < kRestSpeed ? seen_.slipAtRest : seen_.slipMoving) = true;
        }
    }
}

void LiveDoctor::checkGears(const telemetry::Frame& f, double t, double dt)
{
    const int gear = static_cast<int>(std::lround(f.vehicle(VehicleChannel::Gear)));
    // Time in neutral once a gear has been engaged (the applied accel reads 0 during a change,
    // because the autobox cuts the throttle, so it cannot tell whether the driver wants to go).
    if (engagedCount_ > 0) {
        seen_.drivingTime += dt;
        if (gear == 0)
            seen_.neutralTime += dt;
    }
    if (gear != gear_) {
        ++seen_.gearChanges;
        if (gear != 0) {
            // Every change passes through neutral (§2.16): compare the gear now engaged with the
            // last two engaged ones. Back to the gear just left (1, 2, 1) or the same gear again
            // (1, N, 1) is a hunt.
            const bool same = engagedCount_ >= 1 && gear == engaged_[0];
            const bool back = engagedCount_ >= 2 && gear == engaged_[1];
            if (same || back) {
                hunts_.push(t);
                seen_.huntLow = std::min(gear, engaged_[0]);
                seen_.huntHigh = std::max(gear, engaged_[0]);
            }
            engaged_[1] = engaged_[0];
            engaged_[0] = gear;
            engagedCount_ = std::min(engagedCount_ + 1, 2);
        }
        gear_ = gear;
    }
    seen_.gearLatch.update(hunts_.countSince(t - kHuntWindow) >= kHunts, t);
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
    seen_.spinLatch.update(spin, t);
    if (spin) {
        seen_.spinWheels |= spinning;
        seen_.spinRimSpeed = std::max(seen_.spinRimSpeed, rim);
        seen_.spinSpeed = speed;
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
        seen_.bumpLatch[i].update(symptom, t);
        if (symptom) {
            seen_.bumpMaxHits[i] = std::max(seen_.bumpMaxHits[i], hits);
            seen_.bumpLongest[i] = std::max(seen_.bumpLongest[i], resting);
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
        seen_.liftLatch[i].update(lifted, t);
        if (lifted) {
            seen_.liftAirTime[i] = std::max(seen_.liftAirTime[i], airTime_[i]);
            if (std::fabs(lat) > std::fabs(seen_.liftLatAccel)) {
                seen_.liftLatAccel = lat;
                seen_.liftSteer = steer;
            }
        }
    }
}

}  // namespace jounce::doctor
