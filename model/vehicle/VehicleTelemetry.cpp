#include "vehicle/VehicleTelemetry.h"

#include "vehicle/Rotate.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// btMatrix3x3::getEulerZYX's first solution with its arithmetic (it works out both: four atan2),
/// without the roll (ChassisMotion::roll).
void eulerZY(const btMatrix3x3& m, double& yaw, double& pitch)
{
    if (std::fabs(m[2].x()) >= 1) {  // gimbal lock
        yaw = 0.0;
        pitch = m[2].x() > 0 ? SIMD_PI / 2.0 : -SIMD_PI / 2.0;
        return;
    }
    pitch = -btAsin(m[2].x());
    const double c = btCos(pitch);
    yaw = btAtan2(m[1].x() / c, m[0].x() / c);
}

}  // namespace

ChassisMotion chassisMotion(const Vehicle& vehicle)
{
    const btRigidBody& body = vehicle.body();
    const btTransform& com = body.getCenterOfMassTransform();
    const btQuaternion q = com.getRotation();  // the rotation chassisTransform() and localVelocity() use
    ChassisMotion m;
    m.transform = com;
    m.transform.setOrigin(com.getOrigin() - rotate(q, toBt(vehicle.config().chassis.cmOffset)));
    m.localVelocity = rotate(q.inverse(), body.getLinearVelocity());
    m.localAngularVelocity = rotate(q.inverse(), body.getAngularVelocity());
    eulerZY(m.transform.getBasis(), m.yaw, m.pitch);
    return m;
}

double ChassisMotion::roll() const
{
    // getEulerZYX's roll, from the pitch it goes with.
    const btMatrix3x3& m = transform.getBasis();
    if (std::fabs(m[2].x()) >= 1) {  // gimbal lock
        const double delta = btAtan2(m[0].x(), m[0].z());
        return m[2].x() > 0 ? pitch + delta : -pitch + delta;
    }
    const double c = btCos(pitch);
    return btAtan2(m[2].y() / c, m[2].z() / c);
}

void fillTelemetryFrame(const Vehicle& vehicle, double time, telemetry::Frame& frame)
{
    fillTelemetryFrame(vehicle, chassisMotion(vehicle), time, frame);
}

void fillTelemetryFrame(const Vehicle& vehicle, const ChassisMotion& motion, double time, telemetry::Frame& frame)
{
    using telemetry::VehicleChannel;
    using telemetry::WheelChannel;
    // Every word below a present wheel's end is written here; only absent wheels are cleared
    // (clearing the whole 2.7 kB frame first cost more than filling it).
    static_assert(telemetry::kWheelChannelCount == 18 && telemetry::kVehicleChannelCount == 21,
                  "a new channel must be filled below");
    frame.time() = time;
    const std::vector<WheelResult>& wheels = vehicle.wheels();
    const int n = static_cast<int>(std::min<std::size_t>(wheels.size(), kMaxWheels));
    frame.setWheelCount(n);
    const std::size_t absent = telemetry::Frame::kWheelOffset + std::size_t(n) * telemetry::kWheelChannelCount;
    std::fill(frame.words.begin() + std::ptrdiff_t(absent), frame.words.end(), 0.0);
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
        frame.wheel(WheelChannel::LowSpeedBlend, i) = w.lowSpeedBlend;
        frame.wheel(WheelChannel::WheelAngle, i) = w.rotationAngle;
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

    frame.vehicle(VehicleChannel::ForwardSpeed) = motion.localVelocity.x();
    frame.vehicle(VehicleChannel::LateralSpeed) = motion.localVelocity.y();
    frame.vehicle(VehicleChannel::YawRate) = motion.localAngularVelocity.z();
    frame.vehicle(VehicleChannel::LongAccel) = vehicle.localAcceleration().x();
    frame.vehicle(VehicleChannel::LatAccel) = vehicle.localAcceleration().y();
    frame.vehicle(VehicleChannel::Roll) = motion.roll();
    frame.vehicle(VehicleChannel::Pitch) = motion.pitch;
    frame.vehicle(VehicleChannel::Yaw) = motion.yaw;
    const btVector3& p = motion.transform.getOrigin();
    frame.vehicle(VehicleChannel::PosX) = p.x();
    frame.vehicle(VehicleChannel::PosY) = p.y();
    frame.vehicle(VehicleChannel::PosZ) = p.z();
}

}  // namespace jounce::sim
