#include "vehicle/VehicleTelemetry.h"

namespace jounce::sim {

void fillTelemetryFrame(const Vehicle& vehicle, double time, telemetry::Frame& frame)
{
    using telemetry::VehicleChannel;
    using telemetry::WheelChannel;
    frame = telemetry::Frame{};
    frame.time() = time;
    const std::vector<WheelResult>& wheels = vehicle.wheels();
    const int n = static_cast<int>(std::min<std::size_t>(wheels.size(), kMaxWheels));
    frame.setWheelCount(n);
    for (int i = 0; i < n; ++i) {
        const WheelResult& w = wheels[std::size_t(i)];
        frame.wheel(WheelChannel::Jounce, i) = w.jounce;
        frame.wheel(WheelChannel::SuspForce, i) = w.suspForce;
        frame.wheel(WheelChannel::TireLoad, i) = w.tireLoad;
        frame.wheel(WheelChannel::RawTireLoad, i) = w.rawTireLoad;
        frame.wheel(WheelChannel::NormTireLoad, i) = w.normTireLoad;
        frame.wheel(WheelChannel::WheelOmega, i) = w.wheelOmega;
        frame.wheel(WheelChannel::TireFriction, i) = w.tireFriction;
        frame.wheel(WheelChannel::LongSlip, i) = w.longSlip;
        frame.wheel(WheelChannel::NormLongForce, i) = w.normLongForce;
        frame.wheel(WheelChannel::LatSlip, i) = w.latSlip;
        frame.wheel(WheelChannel::NormLatForce, i) = w.normLatForce;
        frame.wheel(WheelChannel::NormAligningMoment, i) = w.normAligningMoment;
        frame.wheel(WheelChannel::SteerAngle, i) = w.steerAngle;
        frame.wheel(WheelChannel::Camber, i) = w.camber;
        frame.wheel(WheelChannel::Surface, i) = w.surface;
        frame.wheel(WheelChannel::InAir, i) = w.inAir ? 1.0 : 0.0;
    }
    const DriveResult& d = vehicle.drive();
    frame.vehicle(VehicleChannel::EngineOmega) = d.engineOmega;
    frame.vehicle(VehicleChannel::EngineDriveTorque) = d.engineDriveTorque;
    frame.vehicle(VehicleChannel::ClutchSlip) = d.clutchSlip;
    frame.vehicle(VehicleChannel::Accel) = d.accel;
    frame.vehicle(VehicleChannel::Brake) = d.brake;
    frame.vehicle(VehicleChannel::Handbrake) = d.handbrake;
    frame.vehicle(VehicleChannel::Steer) = d.steer;
    frame.vehicle(VehicleChannel::Gear) = d.gear;
    frame.vehicle(VehicleChannel::TargetGear) = d.targetGear;
    frame.vehicle(VehicleChannel::GearRatio) = d.gearRatio;

    const btTransform t = vehicle.chassisTransform();
    const btVector3 v = vehicle.localVelocity();
    const btVector3 w = quatRotate(t.getRotation().inverse(), vehicle.body().getAngularVelocity());
    frame.vehicle(VehicleChannel::ForwardSpeed) = v.x();
    frame.vehicle(VehicleChannel::LateralSpeed) = v.y();
    frame.vehicle(VehicleChannel::YawRate) = w.z();
    frame.vehicle(VehicleChannel::LongAccel) = vehicle.localAcceleration().x();
    frame.vehicle(VehicleChannel::LatAccel) = vehicle.localAcceleration().y();
    btScalar yaw, pitch, roll;
    t.getBasis().getEulerZYX(yaw, pitch, roll);
    frame.vehicle(VehicleChannel::Roll) = roll;
    frame.vehicle(VehicleChannel::Pitch) = pitch;
    frame.vehicle(VehicleChannel::Yaw) = yaw;
    frame.vehicle(VehicleChannel::PosX) = t.getOrigin().x();
    frame.vehicle(VehicleChannel::PosY) = t.getOrigin().y();
    frame.vehicle(VehicleChannel::PosZ) = t.getOrigin().z();
}

}  // namespace jounce::sim
