// The standard maneuver library (presets/maneuvers): every maneuver runs to its own end with every
// preset vehicle on the terrain it is meant for, the phases replayed from the frames are the
// phases the run went through, and every run yields its figures (a value, or n/a with a reason).

#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "analysis/Figures.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace jounce;
using namespace jounce::sim;
namespace fs = std::filesystem;

namespace {

fs::path source(const std::string& relative) { return fs::path(JOUNCE_SOURCE_DIR) / relative; }

struct LibraryManeuver {
    const char* file;
    bool provingGround;  ///< the terrain its description names (else flat)
};

constexpr LibraryManeuver kLibrary[] = {
    {"acceleration-0-100", true}, {"braking-100-0", true},      {"step-steer", false},
    {"skidpad", true},            {"double-lane-change", true}, {"slalom-18m", true},
    {"sine-with-dwell", false},   {"follow-stop-and-go", true}, {"split-friction-braking", true},
};

std::shared_ptr<const Terrain> loadProvingGround()
{
    static const std::shared_ptr<const Terrain> terrain = [] {
        TerrainDocument doc = loadTerrain(source("presets/terrains/proving-ground.json").string());
        Q_ASSERT(doc.ok());
        return std::make_shared<const Terrain>(std::move(doc.terrain));
    }();
    return terrain;
}

}  // namespace

class TestManeuverLibrary : public QObject {
    Q_OBJECT
private slots:
    void everyLibraryManeuverEndsWithEveryPreset_data()
    {
        QTest::addColumn<QString>("maneuver");
        QTest::addColumn<QString>("vehicle");
        QTest::addColumn<bool>("provingGround");
        std::vector<fs::path> vehicles;
        for (const auto& e : fs::directory_iterator(source("presets")))
            if (e.path().extension() == ".json")
                vehicles.push_back(e.path());
        std::sort(vehicles.begin(), vehicles.end());
        QVERIFY(vehicles.size() >= 6);
        for (const LibraryManeuver& m : kLibrary)
            for (const fs::path& v : vehicles)
                QTest::newRow((std::string(m.file) + " / " + v.stem().string()).c_str())
                    << QString(m.file) << QString::fromStdString(v.string()) << m.provingGround;
    }

    void everyLibraryManeuverEndsWithEveryPreset()
    {
        QFETCH(QString, maneuver);
        QFETCH(QString, vehicle);
        QFETCH(bool, provingGround);
        const ManeuverDocument m =
            loadManeuver(source("presets/maneuvers/" + maneuver.toStdString() + ".json").string());
        QVERIFY(m.ok() && m.problems.items.empty());
        QVERIFY2(m.maneuver.description.find(provingGround ? "Terrain: the proving ground" : "Terrain: flat") !=
                     std::string::npos,
                 "the description names the terrain");
        config::VehicleFile v = config::loadVehicle(vehicle.toStdString());
        QVERIFY(v.ok());
        auto config = std::make_shared<const VehicleConfig>(v.config);

        const std::shared_ptr<const Terrain> terrain = provingGround ? loadProvingGround() : nullptr;
        Simulation sim(makeGround(terrain), config, startPose(terrain.get()));
        sim.startManeuver(m.maneuver);  // the default 600 s limit: the phases' own timeouts end it
        std::vector<telemetry::Frame> frames;
        std::vector<int> phases;
        while (sim.maneuverRunning()) {
            QVERIFY2(sim.step(), sim.lastResetReason().c_str());
            frames.push_back(sim.frame());
            phases.push_back(sim.lastStepPhase());
        }
        QVERIFY(!sim.maneuver()->timedOut());
        QCOMPARE(sim.maneuver()->phaseIndex(), sim.maneuver()->phaseCount());
        for (double x : sim.frame().words)
            QVERIFY(std::isfinite(x));

        const SpawnPose& s = sim.runStartPose();
        const PlanarPose start{s.x, s.y, s.heading};
        // The figures can tell the phases from the frames alone (as the GUI, which keeps no phase
        // record, computes them).
        const std::vector<FigureSample> samples = figureSamples(frames);
        QVERIFY(replayPhases(m.maneuver, *config, start, samples) == phases);

        FigureInput in;
        in.frames = samples;
        in.maneuver = &m.maneuver;
        in.vehicle = config.get();
        in.start = start;
        const std::vector<Figure> figures = maneuverFigures(in);
        QVERIFY(!figures.empty());
        for (const Figure& f : figures) {
            QVERIFY2(f.value || !f.note.empty(), f.id.c_str());
            if (f.value)
                QVERIFY2(std::isfinite(*f.value), f.id.c_str());
        }
        // The reference car on the skidpad: a maximum lateral acceleration and an understeer gradient.
        if (maneuver == "skidpad" && config->name == "PhysX SnippetVehicle4W") {
            for (const char* id : {"maxSteadyLatAccel", "understeerGradient", "rollGradient"}) {
                const auto it = std::find_if(figures.begin(), figures.end(), [&](const Figure& f) { return f.id == id; });
                QVERIFY2(it != figures.end() && it->value, id);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestManeuverLibrary)
#include "test_maneuver_library.moc"
