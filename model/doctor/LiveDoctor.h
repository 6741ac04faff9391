#pragma once
// The doctor's live checks: symptoms the tuning guide's troubleshooting describes, recognised in
// telemetry over sliding windows. Fed one frame at a time (O(wheels) per frame, no allocation,
// nothing read from a clock: the same frames give the same findings).
//
// The GUI feeds it the frames it drains from the telemetry ring and shows findings() next to the
// static ones; a batch run (jounce-cli doctor --maneuver, DoctorRun.h) feeds it every step.
//
// Checks (ids as in checkCatalogue()):
//   live.longSlipOscillation  longitudinal slip flips sign >= 6 times within 1 s below 2 m/s
//                             with no pedal pressed (coasting to rest)
//   live.restOscillation      the same while the car stands (below 0.05 m/s): its wheels spin back
//                             and forth at rest (RestOscillation.h); the fix is the sub-step count
//                             measured to make this car stand still
//   live.gearCycling          a gear is engaged again right after it was left, twice within 10 s
//                             (an error when the autobox latency is not above the switch time)
//   live.wheelSpin            a wheel spins (|slip| > 0.5, rim > 2 m/s) while the vehicle stays
//                             below 0.5 m/s with the throttle open, for 1 s
//   live.bumpStop             a suspension reaches its compression limit 3 times within 5 s, or
//                             stays on it for 1 s
//   live.wheelLift            a wheel is in the air for 0.3 s of a steady turn (filtered |lateral
//                             acceleration| >= 2 m/s², steer held within 0.05 for 1 s, body
//                             slip below 0.2)

#include "Finding.h"
#include "RestOscillation.h"
#include "telemetry/Frame.h"

#include <array>
#include <optional>
#include <vector>

namespace jounce::doctor {

class LiveDoctor {
public:
    explicit LiveDoctor(const VehicleConfig& config);

    /// A new configuration (an edit while driving). Findings seen so far keep the configuration
    /// they were seen with -- their text, limits and fix describe that vehicle -- and are marked
    /// Finding::earlierConfig; the windows restart at the next frame, so a symptom is reported
    /// against the new configuration only when it shows again entirely after the edit (an edit
    /// that cures gear hunting is not blamed for the hunts before it). The same configuration
    /// again changes nothing.
    void setConfig(const VehicleConfig& config);
    /// Forgets the windows and every finding (the vehicle was reset, or a new run starts).
    void reset();

    /// The next telemetry frame. Frames must come in time order; a frame earlier than the last one
    /// (a reset) or more than 0.5 s after it (frames were dropped) restarts the windows but keeps
    /// the findings.
    void addFrame(const telemetry::Frame& frame);

    /// Every symptom seen since the last reset, errors first; within a severity those seen with the
    /// current configuration first. Finding::live is set, firstSeen and lastSeen are simulated
    /// times, occurrences counts separate episodes, configRevision names the configuration. A
    /// symptom is going on when lastSeen is the time of the last frame (time()).
    std::vector<Finding> findings() const;

    /// How many symptom episodes began since the last reset: it changes exactly when findings()
    /// gains a finding or an occurrence, so a panel re-lists only then (lastSeen aside).
    int episodeCount() const;

    /// Simulated time of the last frame, s.
    double time() const { return time_; }
    /// The current configuration's number: 0 after construction or reset(), +1 per setConfig that
    /// changed it (Finding::configRevision).
    int configRevision() const { return revision_; }

private:
    /// A few recent event times; old ones fall out. Fixed size: no allocation per frame.
    struct EventTimes {
        std::array<double, 16> times{};
        int count = 0;
        int head = 0;
        void clear() { count = head = 0; }
        void push(double t);
        int countSince(double t) const;
    };

    /// One symptom's history: when it was seen and how often.
    struct Latch {
        bool active = false;  ///< the condition held at the last frame
        bool seen = false;
        double first = 0.0;
        double last = 0.0;
        int occurrences = 0;
        /// Records the condition at time t; a new episode starts when it was not active.
        void update(bool condition, double t);
        void clear() { *this = Latch{}; }
    };

    /// What was seen with the current configuration: the symptoms' latches and the numbers their
    /// findings quote. A new configuration starts a new one (setConfig).
    struct Seen {
        // live.longSlipOscillation
        std::array<Latch, kMaxWheels> slipLatch{};
        std::array<int, kMaxWheels> slipMaxFlips{};
        double slipSpeed = 0.0;  ///< forward speed when the oscillation was last seen
        bool slipMoving = false;  ///< seen while the car moved (coasting to rest)
        bool slipAtRest = false;  ///< seen while it stood (live.restOscillation)
        // live.gearCycling
        Latch gearLatch;
        int huntLow = 0, huntHigh = 0;  ///< the gears of the last hunt
        int gearChanges = 0;
        double drivingTime = 0.0, neutralTime = 0.0;
        // live.wheelSpin
        Latch spinLatch;
        unsigned spinWheels = 0;  ///< bit per wheel
        double spinRimSpeed = 0.0;
        double spinSpeed = 0.0;
        // live.lockedWheel, live.driveSlip
        std::array<Latch, kMaxWheels> lockLatch{};
        double lockSpeed = 0.0;   ///< the car's speed when a lock was last seen
        std::array<Latch, kMaxWheels> driveSlipLatch{};
        double driveSlipMax = 0.0;
        double driveSlipSpeed = 0.0;
        // live.bumpStop
        std::array<Latch, kMaxWheels> bumpLatch{};
        std::array<int, kMaxWheels> bumpMaxHits{};
        std::array<double, kMaxWheels> bumpLongest{};
        // live.wheelLift
        std::array<Latch, kMaxWheels> liftLatch{};
        std::array<double, kMaxWheels> liftAirTime{};
        double liftLatAccel = 0.0;
        double liftSteer = 0.0;
    };

    void clearWindows();
    void checkSlipOscillation(const telemetry::Frame& f, double t, int wheels);
    void checkGears(const telemetry::Frame& f, double t, double dt);
    void checkWheelSpin(const telemetry::Frame& f, double t, int wheels);
    void checkBumpStop(const telemetry::Frame& f, double t, int wheels);
    void checkLockAndDriveSlip(const telemetry::Frame& f, double t, double dt, int wheels);
    void checkWheelLift(const telemetry::Frame& f, double t, double dt, int wheels);

    /// The findings of seen_, in the words of config_.
    std::vector<Finding> currentFindings() const;
    int currentEpisodes() const;
    Finding slipFinding() const;
    /// slipFinding of oscillations seen only while the car stood.
    Finding restOscillationFinding(Finding f, const std::vector<int>& wheels) const;
    Finding gearFinding() const;
    Finding spinFinding() const;
    Finding bumpFinding() const;
    Finding lockFinding() const;
    Finding driveSlipFinding() const;
    Finding liftFinding() const;

    VehicleConfig config_;
    int revision_ = 0;
    bool started_ = false;
    double time_ = 0.0;
    Seen seen_;
    /// The measured cure of live.restOscillation for config_, worked out when first reported.
    mutable std::optional<RestCure> restCure_;
    /// Findings seen with earlier configurations, as they were worded then, and their episodes.
    std::vector<Finding> earlier_;
    int earlierEpisodes_ = 0;

    // The windows (restarted by a reset, a gap in the frames or a new configuration).
    // live.longSlipOscillation
    std::array<int, kMaxWheels> slipSign_{};
    std::array<EventTimes, kMaxWheels> slipFlips_{};
    // live.gearCycling
    int gear_ = 0;
    std::array<int, 2> engaged_{};  ///< the last two gears engaged (most recent first)
    int engagedCount_ = 0;
    EventTimes hunts_;
    // live.wheelSpin
    double spinStart_ = -1.0;
    // live.lockedWheel, live.driveSlip: how long each wheel has shown it
    std::array<double, kMaxWheels> lockedFor_{};
    std::array<double, kMaxWheels> slippingFor_{};
    // live.bumpStop
    std::array<bool, kMaxWheels> atLimit_{};
    std::array<double, kMaxWheels> limitSince_{};
    std::array<EventTimes, kMaxWheels> limitHits_{};
    // live.wheelLift
    double turnStart_ = -1.0;
    double turnSteer_ = 0.0;
    double latFiltered_ = 0.0;  ///< low-passed lateral acceleration
    std::array<double, kMaxWheels> airTime_{};
};

}  // namespace jounce::doctor
