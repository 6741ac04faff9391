#pragma once
// The lock-free single-producer / single-consumer telemetry ring of conventions.md "Threads": the
// simulation thread pushes one Frame per step and never waits; the GUI thread drains on a timer.
// When the ring is full the oldest frames are overwritten; the consumer counts every frame it
// never received as dropped, so received + dropped == pushed after a final drain.
//
// Exactly one thread may call push() and exactly one (other or the same) thread may call drain().
// pushed(), dropped(), droppedWhileReading() and capacity() may be called from any thread.

#include "Frame.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace jounce::telemetry {

class FrameRing {
public:
    /// Holds `capacity` frames (at least 1; 0 is taken as 1). All memory is allocated here.
    explicit FrameRing(std::size_t capacity);
    ~FrameRing();
    FrameRing(const FrameRing&) = delete;
    FrameRing& operator=(const FrameRing&) = delete;

    std::size_t capacity() const noexcept { return capacity_; }

    /// Producer: stores a copy of `frame`, overwriting the oldest slot when the ring is full.
    /// Wait-free: a fixed number of atomic stores, no allocation, no lock.
    void push(const Frame& frame) noexcept;

    /// Consumer: replaces the contents of `out` with every frame pushed and not yet drained or lost,
    /// oldest first (out's capacity is reused; it grows at most to capacity() frames). Frames
    /// overwritten before or while being read are skipped and counted in dropped(). Returns
    /// out.size(). Frames pushed after drain() starts are left for the next call (so one call is
    /// bounded even when the producer is faster), except those it must skip because they are lost.
    std::size_t drain(std::vector<Frame>& out);

    /// Frames pushed so far.
    std::uint64_t pushed() const noexcept { return written_.load(std::memory_order_acquire); }
    /// Frames the consumer has found lost (overwritten before it read them), up to its last drain.
    std::uint64_t dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }
    /// The part of dropped() that the producer overwrote while the consumer was copying it.
    std::uint64_t droppedWhileReading() const noexcept { return torn_.load(std::memory_order_relaxed); }

private:
    struct Slot;

    /// Copies frame n out of its slot into `out`; false if the slot no longer (or not wholly) holds it.
    bool read(std::uint64_t n, Frame& out) noexcept;

    std::size_t capacity_;
    std::unique_ptr<Slot[]> slots_;

    // Producer-owned, on its own cache line: the number of frames pushed.
    alignas(64) std::atomic<std::uint64_t> written_{0};
    // Consumer-owned: the next frame number to read (plain: only the consumer touches it) and the
    // counters it publishes.
    alignas(64) std::uint64_t next_ = 0;
    std::atomic<std::uint64_t> dropped_{0};
    std::atomic<std::uint64_t> torn_{0};
};

}  // namespace jounce::telemetry
