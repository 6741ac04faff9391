// A ground surface the vehicle's friction table does not name is driven as surface type 0, as PhysX
// does (vehicle-model §1.15): split-friction braking on the proving ground's ice strip with NVIDIA's
// reference car (a table of TARMAC only) stops straight, as on tarmac. Runs must say so: the vehicle
// records the surfaces, the CLI summary, compare and the doctor report them, and compare does not rank
// the run. A car whose table names ice is not reported.

#include "compare/ComparisonRun.h"
#include "compare/FigureTable.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"
#include "doctor/DoctorRun.h"
#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "run/UnknownSurfaces.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <algorithm>

using namespace jounce;

namespace {

const std::string kPresets = std::string(JOUNCE_SOURCE_DIR) + "/presets/";

std::shared_ptr<const sim::Terrain> provingGround()
{
    sim::TerrainDocument doc = sim::loadTerrain(kPresets + "terrains/proving-ground.json");
    if (!doc.ok())
        qFatal("the proving ground did not load");
    return std::make_shared<const sim::Terrain>(std::move(doc.terrain));
}

sim::Maneuver maneuver(const char* name)
{
    sim::ManeuverDocument doc = sim::loadManeuver(kPresets + "maneuvers/" + name + ".json");
    if (!doc.ok())
        qFatal("a library maneuver did not load");
    return doc.maneuver;
}

std::shared_ptr<const VehicleConfig> preset(const char* name)
{
    config::VehicleFile f = config::loadVehicle(kPresets + name + ".json");
    if (!f.ok())
        qFatal("a preset did not load");
    return std::make_shared<const VehicleConfig>(std::move(f.config));
}

std::vector<std::string> surfacesTouched(std::shared_ptr<const VehicleConfig> car, const sim::Maneuver& m,
                                         const std::shared_ptr<const sim::Terrain>& terrain)
{
    sim::Simulation simulation(sim::makeGround(terrain), std::move(car), sim::startPose(terrain.get()));
    sim::RunRecorder recorder(simulation);
    recorder.startManeuver(m, 120.0);
    recorder.runManeuver();
    return simulation.vehicle().unknownSurfacesTouched();
}

sim::Figure figure(double value)
{
    sim::Figure f;
    f.id = "stoppingDistance";
    f.label = "stopping distance";
    f.unit = "m";
    f.value = value;
    return f;
}

}  // namespace

class TestUnknownSurfaces : public QObject {
    Q_OBJECT
private:
    std::shared_ptr<const sim::Terrain> terrain_;
    sim::Maneuver splitFriction_;

private slots:
    void initTestCase()
    {
        terrain_ = provingGround();
        splitFriction_ = maneuver("split-friction-braking");
    }

    void theVehicleRecordsTheSurfacesItsTableLacks()
    {
        const std::vector<std::string> reference =
            surfacesTouched(std::make_shared<const VehicleConfig>(referenceCar()), splitFriction_, terrain_);
        QCOMPARE(reference, std::vector<std::string>{"ice"});
        QVERIFY(surfacesTouched(preset("family-hatchback"), splitFriction_, terrain_).empty());
        // On flat ground (one unnamed tarmac plane) nothing is unknown.
        QVERIFY(surfacesTouched(std::make_shared<const VehicleConfig>(referenceCar()), splitFriction_, nullptr).empty());
    }

    void theNoteNamesTheSurfaceAndWhatItWasDrivenAs()
    {
        QCOMPARE(sim::unknownSurfacesNote({"ice", "snow"}, referenceCar()),
                 std::string("ice, snow: not in the vehicle's friction table, driven as TARMAC (its surface type 0)"));
        QCOMPARE(sim::unknownSurfacesNote({}, referenceCar()), std::string());
    }

    void compareReportsTheRunAndDoesNotRankIt()
    {
        compare::CompareSetup setup;
        setup.vehicles = {{"reference", std::make_shared<const VehicleConfig>(referenceCar())},
                          {"hatchback", preset("family-hatchback")}};
        setup.terrain = terrain_;
        setup.maneuver = splitFriction_;
        const std::vector<compare::VehicleRun> runs = compare::runComparison(setup, {});
        QCOMPARE(runs.size(), std::size_t(2));
        QVERIFY(runs[0].unknownSurfaces.find("ice") == 0);
        QVERIFY(runs[1].unknownSurfaces.empty());

        // Ranking: the run on an unknown surface keeps its value but never gets the star.
        std::vector<compare::VehicleRun> ranked(3);
        ranked[0].figures = {figure(10.0)};
        ranked[0].unknownSurfaces = "ice: not in the vehicle's friction table";
        ranked[1].figures = {figure(20.0)};
        ranked[2].figures = {figure(30.0)};
        const std::vector<compare::FigureRow> table = compare::figureTable(ranked);
        QCOMPARE(table.size(), std::size_t(1));
        QCOMPARE(table[0].figures[0]->value.value(), 10.0);
        QCOMPARE(table[0].best, std::vector<std::size_t>{1});
    }

    void theDoctorWarns()
    {
        const auto hasFinding = [](const doctor::RunDiagnosis& d) {
            return std::any_of(d.findings.begin(), d.findings.end(),
                               [](const doctor::Finding& f) { return f.id == "run.unknownSurface"; });
        };
        const doctor::RunDiagnosis reference =
            doctor::diagnoseRun(std::make_shared<const VehicleConfig>(referenceCar()), terrain_, splitFriction_);
        QVERIFY(hasFinding(reference));
        QVERIFY(!hasFinding(doctor::diagnoseRun(preset("family-hatchback"), terrain_, splitFriction_)));
    }
};

QTEST_GUILESS_MAIN(TestUnknownSurfaces)
#include "test_unknown_surfaces.moc"
