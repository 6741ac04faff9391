#pragma once
// The last `length` seconds of a phase's commands (steer, accel and the step each held), which a
// later phase's steerFrom / accelFrom averages (conventions.md "Maneuver JSON").
//
// Trimming needs the window's total time after every push. Summing the whole window each step (60
// samples at 60 Hz) cost a hundredth of a vehicle step, so the total is kept as a running sum; it
// only decides which samples fall out, and a decision it cannot make safely (within kCloseCall of
// the limit) is made by the exact sum, as the plain loop would, so the kept samples are the same.

#include <cstddef>
#include <deque>

namespace jounce::sim {

class CommandWindow {
public:
    struct Sample {
        double dt, steer, accel;
    };

    /// `length` s of history are kept, less `tolerance` (a sample is dropped once the rest still
    /// covers length − tolerance).
    CommandWindow(double length, double tolerance) noexcept : limit_(length - tolerance) {}

    void push(const Sample& s);
    void clear() noexcept;
    const std::deque<Sample>& samples() const noexcept { return samples_; }

private:
    /// The plain trim: the window summed front to back, samples dropped while the rest covers the limit.
    void trimExactly();

    /// A running sum drifts by rounding; resummed every kResumEvery pushes, it stays within about
    /// 1e-13 s of the exact sum, far inside kCloseCall.
    static constexpr double kCloseCall = 1e-10;  // s
    static constexpr int kResumEvery = 64;

    double limit_;
    std::deque<Sample> samples_;
    double sum_ = 0.0;  ///< running total of samples_' dt
    int pushesSinceResum_ = 0;
};

}  // namespace jounce::sim
