#pragma once
// An append-only array in chunks of kChunk elements, for the tracks of a recorded run (InputTrack,
// TelemetryTrack): it never copies more than its first chunk as it grows, and it never holds more
// than one chunk it does not use, so what it takes is what it holds (memoryBytes()), and the next
// append's cost (growthBytes()) is known before it is made -- which is how a recording keeps to its
// bound. The first chunk starts at kFirst elements and doubles up to kChunk, so that a short array
// (a keyboard drive's few input changes) takes bytes, not a whole chunk.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

namespace jounce::sim {

template <typename T>
class ChunkedArray {
public:
    static constexpr std::size_t kChunk = 4096;
    static constexpr std::size_t kFirst = 16;

    void push_back(const T& value)
    {
        if (size_ == allocated())
            grow();
        chunks_.back()[size_ % kChunk] = value;
        ++size_;
    }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const T& operator[](std::size_t i) const { return chunks_[i / kChunk][i % kChunk]; }
    const T& back() const { return (*this)[size_ - 1]; }

    /// The first index i in [0, size()) with !before(element i), like std::partition_point: the
    /// elements must be partitioned by `before` (true first).
    template <typename Before>
    std::size_t partitionPoint(Before before) const
    {
        std::size_t lo = 0, hi = size_;
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (before((*this)[mid]))
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    /// Bytes allocated: the chunks and the chunk table.
    std::size_t memoryBytes() const noexcept
    {
        return allocated() * sizeof(T) + chunks_.capacity() * sizeof(std::unique_ptr<T[]>);
    }
    /// Bytes the next push_back allocates: a chunk (or the doubled first chunk, and rarely a larger
    /// chunk table) or nothing.
    std::size_t growthBytes() const noexcept
    {
        if (size_ != allocated())
            return 0;
        if (chunks_.size() == 1 && first_ < kChunk)
            return 2 * first_ * sizeof(T);
        const std::size_t table =
            chunks_.size() == chunks_.capacity() ? std::max<std::size_t>(2 * chunks_.capacity(), 1) * sizeof(std::unique_ptr<T[]>) : 0;
        return (chunks_.empty() ? kFirst : kChunk) * sizeof(T) + table;
    }

    ChunkedArray() = default;
    ChunkedArray(ChunkedArray&&) noexcept = default;
    ChunkedArray& operator=(ChunkedArray&&) noexcept = default;
    ChunkedArray(const ChunkedArray& other) { *this = other; }
    ChunkedArray& operator=(const ChunkedArray& other)
    {
        if (this == &other)
            return *this;
        chunks_.clear();
        chunks_.reserve(other.chunks_.size());
        for (std::size_t c = 0; c < other.chunks_.size(); ++c) {
            const std::size_t n = c == 0 ? other.first_ : kChunk;
            chunks_.push_back(std::make_unique<T[]>(n));
            std::copy(other.chunks_[c].get(), other.chunks_[c].get() + n, chunks_.back().get());
        }
        first_ = other.first_;
        size_ = other.size_;
        return *this;
    }

private:
    std::size_t allocated() const noexcept
    {
        return chunks_.empty() ? 0 : first_ + (chunks_.size() - 1) * kChunk;
    }
    void grow()
    {
        if (chunks_.empty()) {
            first_ = kFirst;
            chunks_.reserve(1);
            chunks_.push_back(std::make_unique<T[]>(kFirst));
        } else if (chunks_.size() == 1 && first_ < kChunk) {
            auto bigger = std::make_unique<T[]>(2 * first_);
            std::copy(chunks_[0].get(), chunks_[0].get() + first_, bigger.get());
            chunks_[0] = std::move(bigger);
            first_ *= 2;
        } else {
            chunks_.push_back(std::make_unique<T[]>(kChunk));
        }
    }

    std::vector<std::unique_ptr<T[]>> chunks_;
    std::size_t first_ = 0;  ///< elements allocated in the first chunk (kFirst..kChunk)
    std::size_t size_ = 0;
};

}  // namespace jounce::sim
