#include "scenario/CommandWindow.h"

#include <cmath>

namespace jounce::sim {

void CommandWindow::clear() noexcept
{
    samples_.clear();
    sum_ = 0.0;
    pushesSinceResum_ = 0;
}

void CommandWindow::push(const Sample& s)
{
    samples_.push_back(s);
    sum_ += s.dt;
    if (++pushesSinceResum_ >= kResumEvery) {
        trimExactly();
        return;
    }
    // Decide with the running sum; a close call goes to the exact trim before anything is dropped.
    std::size_t drop = 0;
    double window = sum_;
    while (samples_.size() - drop > 1) {
        const double margin = (window - samples_[drop].dt) - limit_;
        if (std::fabs(margin) < kCloseCall || !std::isfinite(margin)) {
            trimExactly();
            return;
        }
        if (margin < 0.0)
            break;
        window -= samples_[drop].dt;
        ++drop;
    }
    for (; drop > 0; --drop)
        samples_.pop_front();  // a sample or two: cheaper than the deque's general erase
    sum_ = window;
}

void CommandWindow::trimExactly()
{
    double window = 0.0;
    for (const Sample& s : samples_)
        window += s.dt;
    while (samples_.size() > 1 && window - samples_.front().dt >= limit_) {
        window -= samples_.front().dt;
        samples_.pop_front();
    }
    sum_ = window;
    pushesSinceResum_ = 0;
}

}  // namespace jounce::sim
