// Pose export in the Simulink 3D (Vehicle Dynamics Blockset actor) convention: X forward, Y right,
// Z up; [pitch, roll, yaw] = [-pitch, roll, -yaw] of ISO 8855. Checked on the reference car turning
// left, and the wheels' steer, camber and spin.

#include "config/ReferenceCar.h"
#include "config/Units.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "analysis/SimulinkPoses.h"

#include <QtTest>

#include <array>
#include <charconv>
#include <cmath>
#include <sstream>

using namespace jounce;
using namespace jounce::sim;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

namespace {

using Mat3 = std::array<std::array<double, 3>, 3>;

Mat3 mul(const Mat3& a, const Mat3& b)
{
    Mat3 r{};
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 3; ++k)
                r[i][j] += a[i][k] * b[k][j];
    return r;
}
Mat3 rx(double a) { return {{{1, 0, 0}, {0, std::cos(a), -std::sin(a)}, {0, std::sin(a), std::cos(a)}}}; }
Mat3 ry(double a) { return {{{std::cos(a), 0, std::sin(a)}, {0, 1, 0}, {-std::sin(a), 0, std::cos(a)}}}; }
Mat3 rz(double a) { return {{{std::cos(a), -std::sin(a), 0}, {std::sin(a), std::cos(a), 0}, {0, 0, 1}}}; }

/// The ISO rotation an actor transform stands for: yaw, then pitch, then roll, signs mapped back.
Mat3 isoRotation(const ActorTransform& t)
{
    const double pitch = -t.rotation[0], roll = t.rotation[1], yaw = -t.rotation[2];
    return mul(mul(rz(yaw), ry(pitch)), rx(roll));
}

}  // namespace

class TestPoses : public QObject {
    Q_OBJECT
private slots:
    void vehicleMapping()
    {
        const ActorTransform t = simulinkVehicle({1.0, 2.0, 3.0}, 0.1, 0.2, 0.3);
        QCOMPARE(t.translation, (std::array<double, 3>{1.0, -2.0, 3.0}));
        QCOMPARE(t.rotation, (std::array<double, 3>{-0.2, 0.1, -0.3}));  // pitch, roll, yaw
        QCOMPARE(t.scale, (std::array<double, 3>{1.0, 1.0, 1.0}));
    }

    void wheelMapping()
    {
        // Pitch is the spin (negated), roll the camber, yaw the steer (negated); without camber the
        // blocks' yaw-pitch-roll composition is exactly PhysX's Rz(steer) Ry(spin), whatever the spin.
        for (const double spin : {0.0, 0.5, 2.5, -4.0, 7.0, 31.0}) {
            for (const double steer : {0.0, 0.3, -0.6}) {
                const ActorTransform t = simulinkWheel({1.5, 1.05, -1.4}, steer, 0.02, spin);
                QCOMPARE(t.rotation, (std::array<double, 3>{-spin, 0.02, -steer}));
                QCOMPARE(t.translation, (std::array<double, 3>{1.5, -1.05, -1.4}));
                const Mat3 expected = mul(rz(steer), ry(spin));
                const Mat3 got = isoRotation(simulinkWheel({}, steer, 0.0, spin));
                for (std::size_t i = 0; i < 3; ++i)
                    for (std::size_t j = 0; j < 3; ++j)
                        QVERIFY(std::fabs(got[i][j] - expected[i][j]) < 1e-12);
            }
        }
    }

    void carTurningLeft()
    {
        // The reference car at 10 m/s with a constant left steer: positive ISO yaw rate.
        Maneuver m;
        m.name = "left";
        ManeuverPhase go;
        go.name = "go";
        go.inputs.accel = 1.0;
        go.until.speedAbove = 10.0;
        ManeuverPhase turn;
        turn.name = "turn";
        turn.inputs.accel = 0.3;
        turn.inputs.steer = 0.2;
        turn.until.duration = 3.0;
        m.phases = {go, turn};
        Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), {});
        sim.startManeuver(m);
        std::ostringstream csv;
        writePoseCsvHeader(csv);
        double lastYaw = 0.0, lastPitch = 0.0;
        int turning = 0;
        while (sim.maneuverRunning()) {
            sim.step();
            const PoseFrame p = simulinkPoses(sim.vehicle(), sim.time());
            writePoseCsvRows(csv, p);
            const telemetry::Frame& f = sim.frame();
            // Vehicle: translation mirrored in y, attitude with pitch and yaw negated.
            QCOMPARE(p.vehicle.translation[0], f.vehicle(VehicleChannel::PosX));
            QCOMPARE(p.vehicle.translation[1], -f.vehicle(VehicleChannel::PosY));
            QCOMPARE(p.vehicle.translation[2], f.vehicle(VehicleChannel::PosZ));
            QCOMPARE(p.vehicle.rotation[0], -f.vehicle(VehicleChannel::Pitch));
            QCOMPARE(p.vehicle.rotation[1], f.vehicle(VehicleChannel::Roll));
            QCOMPARE(p.vehicle.rotation[2], -f.vehicle(VehicleChannel::Yaw));
            QCOMPARE(p.wheels.size(), std::size_t(4));
            // Wheels relative to the vehicle: FL, FR, RL, RR; left is -Y.
            QVERIFY(p.wheels[0].translation[0] > 0 && p.wheels[0].translation[1] < 0);
            QVERIFY(p.wheels[1].translation[0] > 0 && p.wheels[1].translation[1] > 0);
            QVERIFY(p.wheels[2].translation[0] < 0 && p.wheels[2].translation[1] < 0);
            QVERIFY(p.wheels[3].translation[0] < 0 && p.wheels[3].translation[1] > 0);
            for (int w = 0; w < 4; ++w) {
                const WheelResult& r = sim.vehicle().wheels()[std::size_t(w)];
                const ActorTransform& t = p.wheels[std::size_t(w)];
                QCOMPARE(t.rotation, (std::array<double, 3>{-r.rotationAngle, r.camber, -r.steerAngle}));
                QCOMPARE(t.rotation[2], -f.wheel(WheelChannel::SteerAngle, w));
                // The centre sits above the configured one by the jounce (travel direction (0, 0, -1)).
                const Vec3& c = sim.vehicle().config().wheels[std::size_t(w)].geometry.wheelCentreOffset;
                QVERIFY(std::fabs(t.translation[2] - (c.z + f.wheel(WheelChannel::Jounce, w))) < 1e-12);
            }
            if (sim.maneuver()->phaseIndex() == 1 && sim.maneuver()->phaseElapsed() > 1.0) {
                ++turning;
                QVERIFY(f.vehicle(VehicleChannel::YawRate) > 0.1);  // ISO: turning left
                QVERIFY(p.vehicle.rotation[2] < lastYaw);           // Simulink yaw decreases turning left
                QVERIFY(p.vehicle.rotation[1] > 0.0);                // the body rolls to the right (outward)
                QVERIFY(p.wheels[0].rotation[2] < 0.0 && p.wheels[1].rotation[2] < 0.0);  // front wheels steer left
                QVERIFY(std::fabs(p.wheels[2].rotation[2]) < 1e-9);                        // rear wheels do not
                const double dPitch = p.wheels[0].rotation[0] - lastPitch;
                QVERIFY(dPitch < 0.0 || dPitch > 30.0);  // rolling forward: falling pitch (or PhysX's 10 pi wrap)
            }
            lastYaw = p.vehicle.rotation[2];
            lastPitch = p.wheels[0].rotation[0];
        }
        QVERIFY(turning > 60);
        QVERIFY(sim.frame().vehicle(VehicleChannel::PosY) > 1.0);  // went left: Simulink Y is negative
        QVERIFY(lastYaw < -0.3);

        // The CSV: a header, then per step the vehicle and FL, FR, RL, RR with 11 fields each; the
        // numbers read back exactly.
        std::istringstream in(csv.str());
        std::string line;
        std::getline(in, line);
        QCOMPARE(line, std::string("time,actor,X,Y,Z,pitch,roll,yaw,scaleX,scaleY,scaleZ"));
        const char* actors[] = {"vehicle", "FL", "FR", "RL", "RR"};
        int rows = 0;
        std::vector<std::string> last;
        while (std::getline(in, line)) {
            std::vector<std::string> fields;
            std::stringstream ss(line);
            std::string field;
            while (std::getline(ss, field, ','))
                fields.push_back(field);
            QCOMPARE(fields.size(), std::size_t(11));
            QCOMPARE(fields[1], std::string(actors[rows % 5]));
            QCOMPARE(fields[8], std::string("1"));
            if (rows % 5 == 0)
                last = fields;
            ++rows;
        }
        QCOMPARE(rows % 5, 0);
        double y = 0.0;
        std::from_chars(last[3].data(), last[3].data() + last[3].size(), y);
        QCOMPARE(y, -sim.frame().vehicle(VehicleChannel::PosY));
    }
};

QTEST_APPLESS_MAIN(TestPoses)
#include "test_poses.moc"
