// The preset on Magic Formula tires with load-transferring bars (presets/family-hatchback-mf.json)
// answers its anti-roll bars as a real car does (issue #29, docs/tires.md "A preset on real tires"):
// in the same steady turn a stiffer rear bar raises the yaw rate and a stiffer front bar lowers it,
// and the skidpad's understeer gradient is no longer symmetric in the two bars. The same car with
// PhysX's roll-torque bars shows how little a bar that never reaches the tire loads can do.
#include "analysis/Figures.h"
#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>

using namespace jounce;
using namespace jounce::sim;
namespace fs = std::filesystem;

namespace {

fs::path source(const std::string& relative) { return fs::path(JOUNCE_SOURCE_DIR) / relative; }

VehicleConfig preset(AntiRollBarMode mode, double front, double rear)
{
    const config::VehicleFile f = config::loadVehicle(source("presets/family-hatchback-mf.json").string());
    if (!f.ok())
        qFatal("presets/family-hatchback-mf.json does not read");
    VehicleConfig car = f.config;
    car.antiRollBars.at(0).stiffness = front;
    car.antiRollBars.at(1).stiffness = rear;
    for (auto& bar : car.antiRollBars)
        bar.mode = mode;
    return car;
}

/// A 0.75 g turn: 15 m/s held by the speed controller, the steer fixed at 0.15.
Maneuver steadyTurn()
{
    const ManeuverDocument doc = parseManeuver(R"({
      "format": "jounce.maneuver", "schemaVersion": 1, "name": "steady turn",
      "start": {"gear": 1, "autoBox": true}, "smoothing": "raw",
      "phases": [
        {"name": "settle", "inputs": {}, "until": {"duration": 1.0}},
        {"name": "accelerate", "inputs": {}, "targetSpeed": {"speed": 15.0},
         "path": {"type": "straight", "frame": "start", "length": 2000.0},
         "until": {"speedAbove": 14.9, "distance": 600.0}},
        {"name": "turn", "inputs": {"steer": 0.15}, "targetSpeed": {"speed": 15.0}, "until": {"duration": 12.0}}]})");
    if (!doc.ok())
        qFatal("the turn does not read: %s", doc.problems.items.front().toString().c_str());
    return doc.maneuver;
}

/// The yaw rate averaged over the turn's last 2 s, rad/s.
double steadyYawRate(const VehicleConfig& car)
{
    Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(car), SpawnPose{});
    sim.startManeuver(steadyTurn());
    std::vector<double> yaw;
    while (sim.maneuverRunning()) {
        if (!sim.step())
            qFatal("the turn reset: %s", sim.lastResetReason().c_str());
        yaw.push_back(sim.frame().vehicle(telemetry::VehicleChannel::YawRate));
    }
    const std::size_t last = 120;
    double sum = 0.0;
    for (std::size_t i = yaw.size() - last; i < yaw.size(); ++i)
        sum += yaw[i];
    return sum / double(last);
}

/// The skidpad's understeer gradient on the proving ground, deg/g (as roll-bar-heatmap sweeps it).
double understeerGradient(const VehicleConfig& car)
{
    static const TerrainDocument terrain = loadTerrain(source("presets/terrains/proving-ground.json").string());
    const ManeuverDocument skidpad = loadManeuver(source("presets/maneuvers/skidpad.json").string());
    auto ground = std::make_shared<const Terrain>(terrain.terrain);
    auto config = std::make_shared<const VehicleConfig>(car);
    Simulation sim(makeGround(ground), config, startPose(ground.get()));
    sim.startManeuver(skidpad.maneuver);
    std::vector<telemetry::Frame> frames;
    while (sim.maneuverRunning() && sim.step())
        frames.push_back(sim.frame());
    const std::vector<FigureSample> samples = figureSamples(frames);
    FigureInput in;
    in.frames = samples;
    in.maneuver = &skidpad.maneuver;
    in.vehicle = config.get();
    const SpawnPose& s = sim.runStartPose();
    in.start = PlanarPose{s.x, s.y, s.heading};
    for (const Figure& f : maneuverFigures(in))
        if (f.id == "understeerGradient" && f.value)
            return *f.value;
    qFatal("no understeer gradient");
}

}  // namespace

class TestMagicFormulaPreset : public QObject {
    Q_OBJECT
private slots:
    void theBarsMoveTheBalanceInASteadyTurn()
    {
        // From the preset's 12000 / 4000 N/m: measured +0.86 % for the rear bar at 20000 N/m and
        // -0.22 % for the front bar at 24000 N/m (against 4000), at 0.75 g.
        const AntiRollBarMode wf = AntiRollBarMode::WheelForces;
        const double base = steadyYawRate(preset(wf, 12000, 4000));
        const double rearStiff = steadyYawRate(preset(wf, 12000, 20000));
        const double frontSoft = steadyYawRate(preset(wf, 4000, 4000));
        const double frontStiff = steadyYawRate(preset(wf, 24000, 4000));
        const double rtRearSoft = steadyYawRate(preset(AntiRollBarMode::RollTorque, 12000, 4000));
        const double rtRearStiff = steadyYawRate(preset(AntiRollBarMode::RollTorque, 12000, 20000));
        const auto pct = [](double a, double b) { return 100.0 * (b / a - 1.0); };
        qInfo("steady yaw rate at 15 m/s, steer 0.15: %.4f rad/s; rear bar 4000 -> 20000 N/m %+.2f %%, front bar "
              "4000 -> 24000 N/m %+.2f %%; with roll-torque bars the rear bar %+.3f %%",
              base, pct(base, rearStiff), pct(frontSoft, frontStiff), pct(rtRearSoft, rtRearStiff));
        QVERIFY(base > 0.4);  // turning left at about 0.75 g
        QVERIFY2(pct(base, rearStiff) > 0.4, "a stiffer rear bar must turn the car more");
        QVERIFY2(pct(frontSoft, frontStiff) < -0.1, "a stiffer front bar must turn the car less");
        // A roll-torque bar still changes the roll, and with it how far the springs move the load
        // (measured +0.27 %), but it cannot move load from one axle's tires to the other's.
        QVERIFY2(std::fabs(pct(rtRearSoft, rtRearStiff)) < 0.5 * pct(base, rearStiff),
                 "a roll-torque bar must do far less than one that moves the load");
    }

    void theRollBarHeatmapIsNotSymmetric()
    {
        // The corners of presets/sweeps/roll-bar-heatmap.json (0 and 40000 N/m): measured 0.471 deg/g
        // with only the rear bar, 0.513 with only the front one.
        const AntiRollBarMode wf = AntiRollBarMode::WheelForces;
        const double rearOnly = understeerGradient(preset(wf, 0, 40000));
        const double frontOnly = understeerGradient(preset(wf, 40000, 0));
        qInfo("understeer gradient, deg/g: rear bar only %.3f, front bar only %.3f", rearOnly, frontOnly);
        QVERIFY2(frontOnly - rearOnly > 0.02, qPrintable(QString("%1 %2").arg(rearOnly).arg(frontOnly)));
    }
};

QTEST_GUILESS_MAIN(TestMagicFormulaPreset)
#include "test_magic_formula_preset.moc"
