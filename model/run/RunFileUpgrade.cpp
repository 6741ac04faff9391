#include "run/RunFileUpgrade.h"

#include "run/RunFileFormat.h"
#include "telemetry/Channels.h"
#include "vehicle/TireLoad.h"

#include <algorithm>
#include <limits>

namespace jounce::sim::runfile {
namespace {

using telemetry::WheelChannel;

constexpr int kVersion1WheelChannelCount = telemetry::kWheelChannelCount - 1;

/// Today's wheel channel index of version 1's channel k (everything after tireLoad moved up one).
int currentIndex(int k)
{
    const int raw = static_cast<int>(WheelChannel::RawTireLoad);
    return k < raw ? k : k + 1;
}

}  // namespace

std::vector<std::string> version1WheelChannelIds()
{
    std::vector<std::string> ids = wheelChannelIds();
    ids.erase(std::find(ids.begin(), ids.end(), "rawTireLoad"));
    return ids;
}

std::size_t version1ValuesPerFrame(int wheels)
{
    return std::size_t(telemetry::kVehicleChannelCount) + std::size_t(wheels) * kVersion1WheelChannelCount;
}

void upgradeVersion1Frame(const float* file, int wheels, const VehicleConfig* vehicle, float* out)
{
    std::copy(file, file + telemetry::kVehicleChannelCount, out);
    for (int w = 0; w < wheels; ++w) {
        const float* in = file + telemetry::kVehicleChannelCount + w * kVersion1WheelChannelCount;
        float* to = out + telemetry::kVehicleChannelCount + w * telemetry::kWheelChannelCount;
        for (int k = 0; k < kVersion1WheelChannelCount; ++k)
            to[currentIndex(k)] = in[k];
        const auto at = [&](WheelChannel c) -> float& { return to[static_cast<int>(c)]; };
        const float raw = in[static_cast<int>(WheelChannel::TireLoad)];
        at(WheelChannel::RawTireLoad) = raw;
        float load = std::numeric_limits<float>::quiet_NaN(), normalised = load;
        if (vehicle && std::size_t(w) < vehicle->wheels.size()) {
            const WheelConfig& wc = vehicle->wheels[std::size_t(w)];
            const double rest = wheelRestLoad(wc, kGravity);
            const bool inAir = at(WheelChannel::InAir) > 0.5f && raw == 0.0f;
            const TireLoad l = computeTireLoad(vehicle->tireLoadFilter, raw, rest);
            load = inAir ? 0.0f : static_cast<float>(l.filteredLoad);
            normalised = inAir ? 0.0f : static_cast<float>(l.filteredNormalisedLoad);
        }
        at(WheelChannel::TireLoad) = load;
        at(WheelChannel::NormTireLoad) = normalised;
    }
}

}  // namespace jounce::sim::runfile
