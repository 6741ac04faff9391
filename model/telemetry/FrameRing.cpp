#include "FrameRing.h"

#include <algorithm>

// Memory ordering (a seqlock per slot; frame n lives in slot n % capacity):
//
//  Producer, frame n:  seq.store(2n+1, relaxed); fence(release);
//                      every word: atomic_ref(word).store(v, relaxed);
//                      seq.store(2n+2, release); written.store(n+1, release).
//  Consumer, frame n:  s1 = seq.load(acquire); skip unless s1 == 2n+2;
//                      every word: atomic_ref(word).load(relaxed);
//                      fence(acquire); s2 = seq.load(relaxed); keep the copy only if s2 == s1.
//
// Every shared word is only ever accessed atomically, so there is no data race in the C++ memory
// model, only stale or mixed values, which the sequence check rejects:
//  * s1 == 2n+2 was written by a release store after frame n's words, so the acquire load makes all
//    of frame n's words visible: each relaxed word load returns frame n's value or a later one.
//  * If any word load returned a value of a later frame (written after the release fence that follows
//    the odd store 2(n+capacity)+1), that fence synchronises with the consumer's acquire fence, so the
//    odd store happens-before the s2 load, which therefore reads it or something later: s2 != s1.
// Hence s2 == s1 implies every word came from frame n: the copy is whole. The written counter's
// release/acquire pair makes any slot of a frame number below written hold that frame or a later
// one, never an earlier one, so "s1 != 2n+2" always means "overwritten", i.e. dropped.

namespace jounce::telemetry {

static_assert(std::atomic_ref<double>::is_always_lock_free, "frame words are copied with lock-free atomics");
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);

struct FrameRing::Slot {
    alignas(64) std::atomic<std::uint64_t> seq{0};  // 0 never written, odd being written, 2n+2 frame n
    Frame frame;
};

FrameRing::FrameRing(std::size_t capacity)
    : capacity_(std::max<std::size_t>(capacity, 1)), slots_(std::make_unique<Slot[]>(capacity_))
{
}

FrameRing::~FrameRing() = default;

void FrameRing::push(const Frame& frame) noexcept
{
    // Only this thread stores to written_, so a relaxed load reads its own last value.
    const std::uint64_t n = written_.load(std::memory_order_relaxed);
    Slot& slot = slots_[n % capacity_];
    slot.seq.store(2 * n + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    double* dst = slot.frame.words.data();
    const double* src = frame.words.data();
    for (std::size_t i = 0; i < Frame::kWordCount; ++i)
        std::atomic_ref<double>(dst[i]).store(src[i], std::memory_order_relaxed);
    slot.seq.store(2 * n + 2, std::memory_order_release);
    written_.store(n + 1, std::memory_order_release);
}

bool FrameRing::read(std::uint64_t n, Frame& out) noexcept
{
    Slot& slot = slots_[n % capacity_];
    const std::uint64_t expected = 2 * n + 2;
    if (slot.seq.load(std::memory_order_acquire) != expected)
        return false;
    double* src = slot.frame.words.data();
    double* dst = out.words.data();
    for (std::size_t i = 0; i < Frame::kWordCount; ++i)
        dst[i] = std::atomic_ref<double>(src[i]).load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (slot.seq.load(std::memory_order_relaxed) != expected) {
        torn_.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    return true;
}

std::size_t FrameRing::drain(std::vector<Frame>& out)
{
    out.clear();
    // Frames pushed after this load are left for the next call, which bounds the work of one call.
    const std::uint64_t end = written_.load(std::memory_order_acquire);
    std::uint64_t latest = end;
    std::uint64_t lost = 0;
    while (next_ < end) {
        // Frames more than a ring behind the producer are already gone: skip them in one go.
        if (latest - next_ > capacity_) {
            lost += latest - capacity_ - next_;
            next_ = latest - capacity_;
            continue;
        }
        out.emplace_back();
        if (read(next_, out.back())) {
            ++next_;
            continue;
        }
        out.pop_back();
        ++lost;
        ++next_;
        // The producer has lapped us: find out how far, rather than failing slot by slot.
        latest = written_.load(std::memory_order_acquire);
    }
    if (lost > 0)
        dropped_.fetch_add(lost, std::memory_order_relaxed);
    return out.size();
}

}  // namespace jounce::telemetry
