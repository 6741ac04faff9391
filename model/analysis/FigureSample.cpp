#include "analysis/FigureSample.h"

namespace jounce::sim {

using telemetry::VehicleChannel;
using telemetry::WheelChannel;

FigureSample::FigureSample(const telemetry::Frame& f) noexcept
    : time_(f.time()),
      state_(vehicleStateFromFrame(f)),
      latAccel_(f.vehicle(VehicleChannel::LatAccel)),
      roll_(f.vehicle(VehicleChannel::Roll)),
      steer_(f.vehicle(VehicleChannel::Steer)),
      frontSteerAngle_{f.wheel(WheelChannel::SteerAngle, 0), f.wheel(WheelChannel::SteerAngle, 1)}
{
}

double FigureSample::vehicle(VehicleChannel c) const noexcept
{
    switch (c) {
    case VehicleChannel::PosX: return state_.x;
    case VehicleChannel::PosY: return state_.y;
    case VehicleChannel::Yaw: return state_.yaw;
    case VehicleChannel::ForwardSpeed: return state_.forwardSpeed;
    case VehicleChannel::LateralSpeed: return state_.lateralSpeed;
    case VehicleChannel::YawRate: return state_.yawRate;
    case VehicleChannel::LatAccel: return latAccel_;
    case VehicleChannel::Roll: return roll_;
    case VehicleChannel::Steer: return steer_;
    default: return kNaN;
    }
}

double FigureSample::wheel(WheelChannel c, int wheel) const noexcept
{
    if (c != WheelChannel::SteerAngle || wheel < 0 || wheel > 1)
        return kNaN;
    return frontSteerAngle_[wheel];
}

std::vector<FigureSample> figureSamples(std::span<const telemetry::Frame> frames)
{
    std::vector<FigureSample> out;
    out.reserve(frames.size());
    for (const telemetry::Frame& f : frames)
        out.emplace_back(f);
    return out;
}

}  // namespace jounce::sim
