#include "run/TelemetryCsvRecorder.h"

namespace jounce::sim {
namespace {
constexpr std::size_t kBlockRows = 1024;
}  // namespace

TelemetryCsvRecorder::TelemetryCsvRecorder(std::ostream& out, int wheelCount) : out_(out), writer_(wheelCount)
{
    buffer_.reserve(kBlockRows);
}

bool TelemetryCsvRecorder::writeHeader() { return writer_.writeHeader(out_); }

void TelemetryCsvRecorder::stepped(const StepRecord& step)
{
    buffer_.push_back(step.frame);
    if (buffer_.size() == kBlockRows)
        flush();
}

bool TelemetryCsvRecorder::flush()
{
    writer_.writeRows(out_, buffer_);
    buffer_.clear();
    return static_cast<bool>(out_);
}

}  // namespace jounce::sim
