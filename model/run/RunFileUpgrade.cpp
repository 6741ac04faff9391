#include "run/RunFileUpgrade.h"

#include "run/RunFileFormat.h"
#include "telemetry/Channels.h"
#include "vehicle/TireLoad.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace jounce::sim::runfile {
namespace {

using telemetry::WheelChannel;

/// The wheel channels each schema version added, in today's enumeration.
bool addedAfter(WheelChannel c, int version)
{
    switch (c) {
    case WheelChannel::RawTireLoad: return version < 2;
    case WheelChannel::LowSpeedBlend:
    case WheelChannel::WheelAngle: return version < 3;
    default: return false;
    }
}

constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();

}  // namespace

std::vector<std::string> wheelChannelIdsOfVersion(int version)
{
    std::vector<std::string> ids;
    for (int k = 0; k < telemetry::kWheelChannelCount; ++k)
        if (!addedAfter(WheelChannel(k), version))
            ids.emplace_back(telemetry::info(WheelChannel(k)).id);
    return ids;
}

std::size_t valuesPerFrameOfVersion(int version, int wheels)
{
    return std::size_t(telemetry::kVehicleChannelCount) + std::size_t(wheels) * wheelChannelIdsOfVersion(version).size();
}

FrameUpgrade::FrameUpgrade(int version, int wheels, const VehicleConfig* vehicle)
    : version_(version), wheels_(wheels), vehicle_(vehicle)
{
    int next = 0;
    for (int k = 0; k < telemetry::kWheelChannelCount; ++k)
        fileIndex_.push_back(addedAfter(WheelChannel(k), version) ? -1 : next++);
}

void FrameUpgrade::apply(double time, const float* file, float* out)
{
    const int fileWheelChannels = static_cast<int>(std::count_if(fileIndex_.begin(), fileIndex_.end(), [](int i) { return i >= 0; }));
    const double dt = first_ ? 0.0 : time - previousTime_;
    first_ = false;
    previousTime_ = time;
    std::copy(file, file + telemetry::kVehicleChannelCount, out);
    for (int w = 0; w < wheels_; ++w) {
        const float* in = file + telemetry::kVehicleChannelCount + w * fileWheelChannels;
        float* to = out + telemetry::kVehicleChannelCount + w * telemetry::kWheelChannelCount;
        for (int k = 0; k < telemetry::kWheelChannelCount; ++k)
            to[k] = fileIndex_[std::size_t(k)] >= 0 ? in[fileIndex_[std::size_t(k)]] : 0.0f;
        const auto at = [&](WheelChannel c) -> float& { return to[static_cast<int>(c)]; };
        if (version_ < 2)
            rebuildLoads(w, to);
        const bool known = vehicle_ && std::size_t(w) < vehicle_->wheels.size();
        const bool lowSpeedRegime = !known || vehicle_->wheels[std::size_t(w)].tire.model() == TireModelKind::MagicFormula;
        at(WheelChannel::LowSpeedBlend) = lowSpeedRegime ? kUnknown : 0.0f;
        // A damaged speed restarts the angle rather than leaving every later frame unknown.
        const double angle = std::remainder(angle_[std::size_t(w)] + double(at(WheelChannel::WheelOmega)) * dt, 2.0 * kPi);
        angle_[std::size_t(w)] = std::isfinite(angle) ? angle : 0.0;
        at(WheelChannel::WheelAngle) = std::isfinite(angle) ? static_cast<float>(angle) : kUnknown;
    }
}

void FrameUpgrade::rebuildLoads(int w, float* to) const
{
    const auto at = [&](WheelChannel c) -> float& { return to[static_cast<int>(c)]; };
    // Version 1's tireLoad, copied into today's tireLoad slot, was the raw load.
    const float raw = at(WheelChannel::TireLoad);
    at(WheelChannel::RawTireLoad) = raw;
    float load = kUnknown, normalised = kUnknown;
    if (vehicle_ && std::size_t(w) < vehicle_->wheels.size()) {
        const WheelConfig& wc = vehicle_->wheels[std::size_t(w)];
        const double rest = wheelRestLoad(wc, kGravity);
        const bool inAir = at(WheelChannel::InAir) > 0.5f && raw == 0.0f;
        const TireLoad l = computeTireLoad(vehicle_->tireLoadFilter, raw, rest);
        load = inAir ? 0.0f : static_cast<float>(l.filteredLoad);
        normalised = inAir ? 0.0f : static_cast<float>(l.filteredNormalisedLoad);
    }
    at(WheelChannel::TireLoad) = load;
    at(WheelChannel::NormTireLoad) = normalised;
}

}  // namespace jounce::sim::runfile
