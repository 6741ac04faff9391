// model/compare: parameter rows side by side, derived quantities checked against hand-computed
// numbers, JSON Patch round trips between every pair of presets and hostile patches, copying
// differences by value / section / all, batch runs that do not depend on the thread count, the
// figure table's best marks and the CSV report.

#include "support/TestVehicles.h"
#include "compare/CompareReport.h"
#include "compare/ComparisonRun.h"
#include "compare/CopyCoupling.h"
#include "analysis/DerivedQuantities.h"
#include "compare/FigureTable.h"
#include "compare/ParameterComparison.h"
#include "compare/RunStatus.h"
#include "compare/VehiclePatch.h"
#include "config/ParameterRegistry.h"
#include "config/ReferenceCar.h"
#include "config/VehicleValidation.h"
#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"

#include <QtTest>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

// QCOMPARE prints these instead of leaving the values out.
namespace QTest {
template <>
inline char* toString(const std::string& s)
{
    return qstrdup(s.c_str());
}
template <>
inline char* toString(const std::vector<std::size_t>& v)
{
    std::string s = "{";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return qstrdup((s + "}").c_str());
}
}  // namespace QTest

using namespace jounce;
using compare::CopyScope;
using sim::DerivedRow;
using compare::ParameterRow;
using config::ParameterRegistry;
using Json = json::Json;
namespace fs = std::filesystem;

namespace {

constexpr double kPiValue = 3.14159265358979323846;

const std::vector<std::string>& presetNames()
{
    static const std::vector<std::string> names{"physx-snippet-4w.json", "family-hatchback.json", "sports-car.json",
                                                "rally-car.json",        "truck-6w.json",          "tank.json"};
    return names;
}

std::string presetPath(const std::string& name)
{
    return (fs::path(JOUNCE_SOURCE_DIR) / "presets" / name).string();
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

QString dump(const Problems& problems)
{
    QString s;
    for (const Problem& p : problems.items)
        s += QString::fromStdString(p.toString()) + "\n";
    return s;
}

bool hasError(const Problems& problems, const std::string& pointer, const std::string& words = {})
{
    for (const Problem& p : problems.items)
        if (p.severity == Severity::Error && p.pointer == pointer && p.message.find(words) != std::string::npos)
            return true;
    return false;
}

bool near(double actual, double expected, double relative)
{
    return std::fabs(actual - expected) <= relative * std::max(std::fabs(expected), 1e-300);
}

QString numbers(double actual, double expected)
{
    return QStringLiteral("actual %1, expected %2").arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17);
}

const DerivedRow* derivedRow(const std::vector<DerivedRow>& rows, const std::string& id)
{
    for (const DerivedRow& r : rows)
        if (r.id == id)
            return &r;
    return nullptr;
}

std::vector<const ParameterRow*> differing(const std::vector<ParameterRow>& rows)
{
    std::vector<const ParameterRow*> out;
    for (const ParameterRow& r : rows)
        if (r.differs)
            out.push_back(&r);
    return out;
}

std::vector<ParameterRow> compareTwo(const VehicleConfig& a, const VehicleConfig& b)
{
    const std::vector<const VehicleConfig*> vehicles{&a, &b};
    return compare::compareParameters(vehicles);
}

std::vector<DerivedRow> deriveOne(const VehicleConfig& a)
{
    const std::vector<const VehicleConfig*> vehicles{&a};
    return sim::deriveQuantities(vehicles);
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// CSV lines (no field of these reports holds a line break), without the trailing empty one.
std::vector<std::string> csvLines(const std::string& csv)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < csv.size()) {
        const std::size_t end = csv.find("\r\n", start);
        if (end == std::string::npos) {
            lines.push_back(csv.substr(start));
            break;
        }
        lines.push_back(csv.substr(start, end - start));
        start = end + 2;
    }
    return lines;
}

/// Fields of one CSV line: commas outside quotes, plus one.
std::size_t csvFieldCount(const std::string& line)
{
    bool quoted = false;
    std::size_t n = 1;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            ++n;
    }
    return n;
}

std::size_t linesOfKind(const std::vector<std::string>& lines, const std::string& kind)
{
    std::size_t n = 0;
    for (const std::string& l : lines)
        n += l.rfind(kind + ",", 0) == 0 ? 1 : 0;
    return n;
}

sim::Figure figure(const std::string& id, sim::Preference preference, std::optional<double> value)
{
    sim::Figure f;
    f.id = id;
    f.label = id + " label";
    f.unit = "s";
    f.preference = preference;
    f.value = value;
    return f;
}

}  // namespace

class TestCompareModel : public QObject {
    Q_OBJECT

    std::map<std::string, VehicleConfig> presets_;

    const VehicleConfig& preset(const std::string& name) const { return presets_.at(name); }

private slots:
    void initTestCase()
    {
        for (const std::string& name : presetNames()) {
            const config::VehicleFile doc = config::loadVehicle(presetPath(name));
            QVERIFY2(doc.ok(), qPrintable(QString::fromStdString(name) + "\n" + dump(doc.problems)));
            presets_[name] = doc.config;
        }
        QCOMPARE(preset("physx-snippet-4w.json"), referenceCar());
        QCOMPARE(preset("truck-6w.json").wheels.size(), std::size_t(6));
    }

    // ---- 1. compareParameters --------------------------------------------------------------

    void parametersOfAVehicleAgainstItself()
    {
        const ParameterRegistry& registry = ParameterRegistry::instance();
        const VehicleConfig car = referenceCar();
        const std::vector<ParameterRow> rows = compareTwo(car, car);
        const std::vector<config::LeafRef> leaves = registry.leaves(car);
        QCOMPARE(rows.size(), leaves.size());
        std::set<std::string> leafPaths, rowPaths;
        for (const config::LeafRef& l : leaves)
            leafPaths.insert(l.path);
        for (const ParameterRow& row : rows) {
            QVERIFY2(!row.differs, row.path.c_str());
            QVERIFY2(rowPaths.insert(row.path).second, row.path.c_str());  // one row per leaf
            QVERIFY2(leafPaths.count(row.path) == 1, row.path.c_str());
            QCOMPARE(row.values.size(), std::size_t(2));
            QVERIFY2(row.values[0] && row.values[1], row.path.c_str());
            QVERIFY(*row.values[0] == *row.values[1]);
            QVERIFY(*row.values[0] == *registry.get(car, row.path));
            QCOMPARE(row.pointer, ParameterRegistry::pathToPointer(row.path));
            QVERIFY(row.node);
            QCOMPARE(row.pattern, row.node->pathPattern());
            QCOMPARE(row.isIdentity(), row.path == "name" || row.path == "description");
        }
        QCOMPARE(rowPaths, leafPaths);

        // A few values read independently of the registry.
        for (const ParameterRow& row : rows) {
            if (row.path == "chassis.mass")
                QCOMPARE(row.values[0]->get<double>(), 1500.0);
            if (row.path == "wheels[3].suspension.sprungMass")
                QCOMPARE(row.values[0]->get<double>(), 312.5);
            if (row.path == "wheels[2].suspension.springStrength")
                QCOMPARE(row.section, std::string("PxVehicleSuspensionData"));
            if (row.path == "antiRollBars[1].stiffness")
                QCOMPARE(row.section, std::string("PxVehicleAntiRollBarData"));
            if (row.path == "chassis.cmOffset[1]")
                QCOMPARE(row.section, std::string("PxVehicleChassisData"));
        }
    }

    void parametersOneChangeIsOneRow()
    {
        const VehicleConfig car = referenceCar();
        VehicleConfig changed = car;
        QCOMPARE(ParameterRegistry::instance().set(changed, "wheels[2].suspension.springStrength", Json(41000.0)),
                 std::string());
        QCOMPARE(changed.wheels[2].suspension.springStrength, 41000.0);

        const std::vector<ParameterRow> rows = compareTwo(car, changed);
        const std::vector<const ParameterRow*> diff = differing(rows);
        QCOMPARE(diff.size(), std::size_t(1));
        QCOMPARE(diff[0]->path, std::string("wheels[2].suspension.springStrength"));
        QCOMPARE(diff[0]->pointer, std::string("/wheels/2/suspension/springStrength"));
        QCOMPARE(diff[0]->pattern, std::string("wheels[*].suspension.springStrength"));
        QCOMPARE(diff[0]->values[0]->get<double>(), 35000.0);
        QCOMPARE(diff[0]->values[1]->get<double>(), 41000.0);
        QVERIFY(!diff[0]->section.empty());
        QCOMPARE(compare::formatValue(*diff[0]->values[1]), std::string("41000"));

        // Also the other way round and with three vehicles (one odd one out still makes one row).
        QCOMPARE(differing(compareTwo(changed, car)).size(), std::size_t(1));
        const std::vector<const VehicleConfig*> three{&car, &car, &changed};
        const std::vector<ParameterRow> rows3 = compare::compareParameters(three);
        QCOMPARE(differing(rows3).size(), std::size_t(1));
        QCOMPARE(differing(rows3)[0]->values.size(), std::size_t(3));
    }

    void parametersRowsOfOnePatternAreAdjacent()
    {
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        const VehicleConfig& truck = preset("truck-6w.json");
        const std::vector<ParameterRow> rows = compareTwo(car, truck);

        std::map<std::string, std::size_t> lastOfPattern;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto it = lastOfPattern.find(rows[i].pattern);
            if (it != lastOfPattern.end())
                QVERIFY2(it->second + 1 == i, qPrintable(QString::fromStdString(rows[i].path) + " is not next to " +
                                                         QString::fromStdString(rows[it->second].path)));
            lastOfPattern[rows[i].pattern] = i;
        }

        // The spring strengths: one block, wheels 0..5 in order; wheels 4 and 5 only in the truck.
        std::vector<std::string> springs;
        std::size_t first = rows.size();
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].pattern == "wheels[*].suspension.springStrength") {
                first = std::min(first, i);
                springs.push_back(rows[i].path);
            }
        QCOMPARE(springs.size(), std::size_t(6));
        for (std::size_t w = 0; w < 6; ++w) {
            QCOMPARE(springs[w], "wheels[" + std::to_string(w) + "].suspension.springStrength");
            const ParameterRow& row = rows[first + w];
            QCOMPARE(row.path, springs[w]);
            QVERIFY(row.values[1].has_value());
            QCOMPARE(row.values[0].has_value(), w < 4);
        }

        // Every row of wheels 4 and 5: none for the car, a value for the truck, so it differs.
        int extraWheelRows = 0;
        for (const ParameterRow& row : rows) {
            if (row.path.rfind("wheels[4]", 0) != 0 && row.path.rfind("wheels[5]", 0) != 0)
                continue;
            ++extraWheelRows;
            QVERIFY2(!row.values[0].has_value(), row.path.c_str());
            QVERIFY2(row.values[1].has_value(), row.path.c_str());
            QVERIFY2(row.differs, row.path.c_str());
        }
        QVERIFY(extraWheelRows >= 2 * 20);
        // Each of the truck's leaves has a row, each of the car's too.
        std::set<std::string> paths;
        for (const ParameterRow& row : rows)
            paths.insert(row.path);
        for (const VehicleConfig* v : {&car, &truck})
            for (const config::LeafRef& l : ParameterRegistry::instance().leaves(*v))
                QVERIFY2(paths.count(l.path) == 1, l.path.c_str());
        QCOMPARE(paths.size(), rows.size());
    }

    void parametersOfOptionalParts()
    {
        // Compliance graphs on the front-left wheel only: their rows have no value for the plain car.
        const VehicleConfig car = referenceCar();
        const VehicleConfig withCompliance = testing::carWithCompliance();
        const std::vector<ParameterRow> rows = compareTwo(car, withCompliance);
        const std::vector<const ParameterRow*> diff = differing(rows);
        QVERIFY(!diff.empty());
        for (const ParameterRow* row : diff) {
            QVERIFY2(row->path.rfind("wheels[0].compliance.", 0) == 0, row->path.c_str());
            QVERIFY(!row->values[0].has_value());
            QVERIFY(row->values[1].has_value());
        }
        // wheelToeAngle has 3 points of 2 values: 6 rows, adjacent.
        std::size_t toe = 0;
        for (const ParameterRow& row : rows)
            toe += row.path.rfind("wheels[0].compliance.wheelToeAngle", 0) == 0 ? 1 : 0;
        QCOMPARE(toe, std::size_t(6));
    }

    // ---- 2. deriveQuantities ------------------------------------------------------------------

    void derivedQuantitiesOfTheReferenceCar()
    {
        const VehicleConfig car = referenceCar();
        const std::vector<DerivedRow> rows = deriveOne(car);

        // The reference car by hand: wheels 0/1 at x = 1.5 (ahead of cmOffset.x = 0.25), 2/3 at
        // x = -1.5; sprung masses 437.5 front, 312.5 rear; k = 35000 N/m, c = 4500 N s/m everywhere;
        // wheel centre and strut force point both at y = ±1.05; bars of 10000 N/m on both axles;
        // 500 N m peak torque, curve (0, 0.8) (0.33, 1) (1, 0.8), 600 rad/s; ratios -4 0 4 2 1.5 1.1 1
        // with final 4; wheel radius 0.5 m; chassis mass 1500 kg.
        const std::vector<bool> front = sim::frontWheels(car);
        QCOMPARE(front, (std::vector<bool>{true, true, false, false}));

        const double springRoll = 35000.0 * 1.05 * 1.05;      // per wheel, N m/rad
        const double barRoll = 10000.0 * 2.1 * 2.1;            // per axle
        const double axleRoll = 2 * springRoll + barRoll;       // 121275
        QVERIFY(near(sim::rollStiffness(car, front), axleRoll, 1e-12));
        QVERIFY(near(sim::rollStiffness(car, {false, false, true, true}), axleRoll, 1e-12));
        QVERIFY(near(axleRoll, 121275.0, 1e-12));

        const std::map<std::string, double> expected{
            {"frontWeight", 100.0 * 875.0 / 1500.0},
            {"rearWeight", 100.0 * 625.0 / 1500.0},
            {"naturalFrequencyFront", std::sqrt(80.0) / (2 * kPiValue)},   // 1.4235 Hz
            {"naturalFrequencyRear", std::sqrt(112.0) / (2 * kPiValue)},   // 1.6844 Hz
            {"dampingRatioFront", 4500.0 / (2 * std::sqrt(35000.0 * 437.5))},  // 0.575
            {"dampingRatioRear", 4500.0 / (2 * std::sqrt(35000.0 * 312.5))},   // 0.680
            {"rollStiffnessFront", 50.0},
            {"rollStiffnessTotal", 2 * axleRoll * kPiValue / 180.0},  // N m/deg
            // Net of the 0.15 N m s/rad full-throttle damping: on the curve's second segment
            // P(ω) = T·b·ω − (T·a/ω_max + d)·ω² (a = 0.2/0.67, b = 1 + 0.33·a) peaks at 689 rad/s,
            // beyond ω_max, so at ω_max: 240 kW − 0.15·600² W = 186 kW.
            {"peakPower", (500.0 * 0.8 * 600.0 - 0.15 * 600.0 * 600.0) / 1000.0},
            {"grossPeakPower", 500.0 * 0.8 * 600.0 / 1000.0},        // at ω_max: 240 kW
            {"powerToWeight", 186000.0 / 1500.0},
            {"overallRatioReverse", -16.0},
            {"topSpeedReverse", 600.0 * 0.5 / 16.0 * 3.6},
            {"overallRatioGear1", 16.0},
            {"topSpeedGear1", 67.5},
            {"overallRatioGear2", 8.0},
            {"topSpeedGear2", 135.0},
            {"overallRatioGear3", 6.0},
            {"topSpeedGear3", 180.0},
            {"overallRatioGear4", 4.4},
            {"topSpeedGear4", 600.0 * 0.5 / 4.4 * 3.6},
            {"overallRatioGear5", 4.0},
            {"topSpeedGear5", 270.0},
        };
        for (const auto& [id, value] : expected) {
            const DerivedRow* row = derivedRow(rows, id);
            QVERIFY2(row, id.c_str());
            QCOMPARE(row->values.size(), std::size_t(1));
            QVERIFY2(row->values[0].has_value(), id.c_str());
            QVERIFY2(near(*row->values[0], value, 1e-9), qPrintable(QString::fromStdString(id) + ": " +
                                                                    numbers(*row->values[0], value)));
            QVERIFY(!row->differs);
            QVERIFY(!row->label.empty());
            QVERIFY(!row->meaning.empty());
        }
        QVERIFY(near(*derivedRow(rows, "dampingRatioFront")->values[0], 0.575, 1e-3));
        QVERIFY(near(*derivedRow(rows, "dampingRatioRear")->values[0], 0.68, 1e-3));
        QCOMPARE(derivedRow(rows, "frontWeight")->unit, std::string("%"));
        QCOMPARE(derivedRow(rows, "naturalFrequencyFront")->unit, std::string("Hz"));
        QCOMPARE(derivedRow(rows, "peakPower")->unit, std::string("kW"));
        QCOMPARE(derivedRow(rows, "topSpeedGear1")->unit, std::string("km/h"));
        // Five forward gears and reverse; no neutral row, no sixth gear.
        QVERIFY(!derivedRow(rows, "topSpeedGear6"));
        QVERIFY(!derivedRow(rows, "topSpeedGear0"));
        QVERIFY(!derivedRow(rows, "topSpeedNeutral"));
        QCOMPARE(sim::drivenWheelRadius(car), std::optional<double>(0.5));
    }

    void derivedQuantitiesOfTheSixWheelTruck()
    {
        // presets/truck-6w.json: wheels at x = 2.75 (front pair) and -1.15, -2.5 (two rear pairs),
        // cmOffset.x = 0.0813; NW drive, every wheel 0.537 m; maxOmega 220 rad/s; 12 forward gears
        // from 15.86 to 1.0, final 4.33; bars on each pair.
        const VehicleConfig& t = preset("truck-6w.json");
        QCOMPARE(sim::frontWheels(t), (std::vector<bool>{true, true, false, false, false, false}));
        const std::vector<DerivedRow> rows = deriveOne(t);
        const auto value = [&](const std::string& id) {
            const DerivedRow* row = derivedRow(rows, id);
            return row && row->values[0] ? *row->values[0] : std::nan("");
        };

        double front = 0, total = 0;
        for (std::size_t i = 0; i < 6; ++i) {
            total += t.wheels[i].suspension.sprungMass;
            front += i < 2 ? t.wheels[i].suspension.sprungMass : 0.0;
        }
        QVERIFY(near(value("frontWeight"), 100.0 * front / total, 1e-12));
        QVERIFY(near(value("rearWeight"), 100.0 * (total - front) / total, 1e-12));

        // Rear natural frequency: the mean over the four rear wheels (two different sprung masses).
        double rearFrequency = 0;
        for (std::size_t i = 2; i < 6; ++i)
            rearFrequency += std::sqrt(t.wheels[i].suspension.springStrength / t.wheels[i].suspension.sprungMass) /
                             (2 * kPiValue) / 4.0;
        QVERIFY2(near(value("naturalFrequencyRear"), rearFrequency, 1e-12),
                 qPrintable(numbers(value("naturalFrequencyRear"), rearFrequency)));

        // Roll stiffness: springs k·y·l per wheel; bars (0,1) front, (2,3) and (4,5) rear.
        const auto spring = [&](std::size_t i) {
            const WheelConfig& w = t.wheels[i];
            return w.suspension.springStrength * w.geometry.wheelCentreOffset.y * w.geometry.suspForceAppPointOffset.y;
        };
        const auto bar = [&](std::size_t b) {
            const AntiRollBarConfig& r = t.antiRollBars.at(b);
            const WheelGeometry& ga = t.wheels[std::size_t(r.wheel0)].geometry;
            const WheelGeometry& gb = t.wheels[std::size_t(r.wheel1)].geometry;
            return r.stiffness * (ga.wheelCentreOffset.y - gb.wheelCentreOffset.y) *
                   (ga.suspForceAppPointOffset.y - gb.suspForceAppPointOffset.y);
        };
        QCOMPARE(t.antiRollBars.size(), std::size_t(3));
        const double kf = spring(0) + spring(1) + bar(0);
        const double kr = spring(2) + spring(3) + spring(4) + spring(5) + bar(1) + bar(2);
        QVERIFY(kf > 0 && kr > 0);
        QVERIFY2(near(value("rollStiffnessFront"), 100.0 * kf / (kf + kr), 1e-9),
                 qPrintable(numbers(value("rollStiffnessFront"), 100.0 * kf / (kf + kr))));
        QVERIFY(near(value("rollStiffnessTotal"), (kf + kr) * kPiValue / 180.0, 1e-9));

        // Gears, from the file's numbers.
        QCOMPARE(t.drive.gears.ratios.size(), std::size_t(14));
        QVERIFY(near(value("overallRatioGear1"), 15.86 * 4.33, 1e-12));
        QVERIFY(near(value("topSpeedGear1"), 220.0 * 0.537 / (15.86 * 4.33) * 3.6, 1e-9));
        QVERIFY(near(value("topSpeedGear12"), 220.0 * 0.537 / (1.0 * 4.33) * 3.6, 1e-9));
        QVERIFY(near(value("topSpeedReverse"), 220.0 * 0.537 / (14.68 * 4.33) * 3.6, 1e-9));
        QVERIFY(!derivedRow(rows, "topSpeedGear13"));
        QCOMPARE(sim::drivenWheelRadius(t), std::optional<double>(0.537));
    }

    void derivedRollStiffnessUsesTheStrutForcePoint()
    {
        // Strut force points at y = ±0.9 with the wheel centres still at ±1.05: springs give
        // k·y·l = 35000·1.05·0.9 per wheel, bars K·Δy·Δl = 10000·2.1·1.8 per axle.
        VehicleConfig car = referenceCar();
        for (WheelConfig& w : car.wheels)
            w.geometry.suspForceAppPointOffset.y = w.geometry.wheelCentreOffset.y > 0 ? 0.9 : -0.9;
        const double axle = 2 * 35000.0 * 1.05 * 0.9 + 10000.0 * 2.1 * 1.8;  // 103950
        QVERIFY(near(sim::rollStiffness(car, sim::frontWheels(car)), axle, 1e-12));
        const std::vector<DerivedRow> rows = deriveOne(car);
        const double total = *derivedRow(rows, "rollStiffnessTotal")->values[0];
        QVERIFY2(near(total, 2 * axle * kPiValue / 180.0, 1e-9), qPrintable(numbers(total, 2 * axle * kPiValue / 180.0)));
    }

    void derivedStifferRearBarLowersFrontShare()
    {
        const VehicleConfig car = referenceCar();
        VehicleConfig stiff = car;
        QCOMPARE(ParameterRegistry::instance().set(stiff, "antiRollBars[1].stiffness", Json(30000.0)), std::string());
        const std::vector<const VehicleConfig*> both{&car, &stiff};
        const std::vector<DerivedRow> rows = sim::deriveQuantities(both);
        const DerivedRow* share = derivedRow(rows, "rollStiffnessFront");
        QVERIFY(share);
        QVERIFY(share->differs);
        QVERIFY(*share->values[1] < *share->values[0]);
        // Rear: 2·38587.5 + 30000·2.1² = 209475; front 121275: share 121275/330750 = 11/30.
        QVERIFY2(near(*share->values[1], 100.0 * 11.0 / 30.0, 1e-9), qPrintable(numbers(*share->values[1], 110.0 / 3.0)));
        // Nothing else derived changed but the total roll stiffness.
        for (const DerivedRow& row : rows)
            QCOMPARE(row.differs, row.id == "rollStiffnessFront" || row.id == "rollStiffnessTotal");

        // A stiffer front bar raises it.
        VehicleConfig stiffFront = car;
        stiffFront.antiRollBars[0].stiffness = 30000.0;
        const double frontShare = *derivedRow(deriveOne(stiffFront), "rollStiffnessFront")->values[0];
        QVERIFY(near(frontShare, 100.0 * 19.0 / 30.0, 1e-9));
    }

    void derivedSelfCompareAndGearCounts()
    {
        for (const std::string& name : presetNames()) {
            const VehicleConfig& v = preset(name);
            const std::vector<const VehicleConfig*> twice{&v, &v};
            for (const DerivedRow& row : sim::deriveQuantities(twice)) {
                QVERIFY2(!row.differs, qPrintable(QString::fromStdString(name + " " + row.id)));
                QCOMPARE(row.values.size(), std::size_t(2));
            }
        }
        // The sports car has a sixth gear the reference car lacks.
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        const VehicleConfig& sports = preset("sports-car.json");
        const std::vector<const VehicleConfig*> pair{&car, &sports};
        const std::vector<DerivedRow> rows = sim::deriveQuantities(pair);
        const DerivedRow* sixth = derivedRow(rows, "topSpeedGear6");
        QVERIFY(sixth);
        QVERIFY(!sixth->values[0].has_value());
        QVERIFY(sixth->values[1].has_value());
        QVERIFY(sixth->differs);
        const double sportsRadius = *sim::drivenWheelRadius(sports);
        const double expected = sports.drive.engine.maxOmega * sportsRadius /
                                (sports.drive.gears.ratios[7] * sports.drive.gears.finalRatio) * 3.6;
        QVERIFY(near(*sixth->values[1], expected, 1e-9));
    }

    void derivedPeakPowerInsideTheCurve()
    {
        // Curve (0, 0.8) (0.33, 1) (1, 0.2): on the second segment c(r) = b − a·r with a = 0.8/0.67,
        // b = 1 + 0.33·a, so P = T·ω_max·r·c(r) peaks at r = b/(2a) (inside the segment) with
        // P = T·ω_max·b²/(4a).
        EngineData e;
        e.torqueCurve = {{0.0, 0.8}, {0.33, 1.0}, {1.0, 0.2}};
        e.peakTorque = 500.0;
        e.maxOmega = 600.0;
        const double a = 0.8 / 0.67;
        const double b = 1.0 + 0.33 * a;
        QVERIFY(b / (2 * a) > 0.33 && b / (2 * a) < 1.0);
        const double expected = 500.0 * 600.0 * b * b / (4 * a);  // ≈ 122 kW
        e.dampingRateFullThrottle = 0.0;  // the curve alone; the damping is the reference car's case
        const double actual = sim::peakPower(e);
        QVERIFY2(near(actual, expected, 1e-6), qPrintable(numbers(actual, expected)));
        QVERIFY(actual <= expected * (1 + 1e-12));
    }

    // ---- 3. VehiclePatch ------------------------------------------------------------------------

    void patchRoundTripsBetweenEveryPairOfPresets()
    {
        int pairs = 0;
        for (const std::string& a : presetNames())
            for (const std::string& b : presetNames()) {
                const Json patch = compare::makePatch(preset(a), preset(b));
                QVERIFY(patch.is_array());
                if (a == b)
                    QVERIFY2(patch.empty(), qPrintable(QString::fromStdString(a + ": " + patch.dump())));
                else
                    QVERIFY(!patch.empty());
                // The patch's own text passes the hostile-input reader unchanged.
                Problems parseProblems;
                const std::optional<Json> reread = compare::parsePatch(patch.dump(), parseProblems);
                QVERIFY2(reread && *reread == patch, qPrintable(dump(parseProblems)));

                const compare::PatchResult r = compare::applyPatch(preset(a), patch);
                const QString what = QString::fromStdString(a + " -> " + b + "\n") + dump(r.problems);
                QVERIFY2(r.ok(), qPrintable(what));
                const std::string text = config::vehicleToText(r.config);
                QVERIFY2(text == config::vehicleToText(preset(b)), qPrintable(what));
                QVERIFY2(text == readFile(presetPath(b)), qPrintable(what));
                QVERIFY(r.config == preset(b));
                ++pairs;
            }
        QCOMPARE(pairs, 36);
    }

    void parsePatchRejectsMalformedPatches_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        QTest::newRow("not JSON") << "[{\"op\": " << "" << "";
        QTest::newRow("not an array") << "{\"op\": \"replace\", \"path\": \"/name\", \"value\": \"x\"}" << ""
                                      << "array";
        QTest::newRow("number") << "42" << "" << "array";
        QTest::newRow("operation not an object") << "[1]" << "/0" << "object";
        QTest::newRow("op missing") << "[{\"path\": \"/name\", \"value\": \"x\"}]" << "/0/op" << "one of";
        QTest::newRow("op not a string") << "[{\"op\": 3, \"path\": \"/name\", \"value\": \"x\"}]" << "/0/op"
                                         << "one of";
        QTest::newRow("unknown op") << "[{\"op\": \"replace\", \"path\": \"/name\", \"value\": \"x\"}, "
                                       "{\"op\": \"frobnicate\", \"path\": \"/name\"}]"
                                    << "/1/op" << "one of";
        QTest::newRow("path missing") << "[{\"op\": \"remove\"}]" << "/0/path" << "path";
        QTest::newRow("path not a string") << "[{\"op\": \"remove\", \"path\": 7}]" << "/0/path" << "path";
        QTest::newRow("value missing") << "[{\"op\": \"replace\", \"path\": \"/name\"}]" << "/0/value" << "value";
        QTest::newRow("from missing") << "[{\"op\": \"copy\", \"path\": \"/name\"}]" << "/0/from" << "from";
        QTest::newRow("from not a string") << "[{\"op\": \"move\", \"path\": \"/name\", \"from\": 1}]" << "/0/from"
                                           << "from";
        QTest::newRow("too deep") << QString(200, '[') + QString(200, ']') << "" << "";
    }

    void parsePatchRejectsMalformedPatches()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        Problems problems;
        const std::optional<Json> patch = compare::parsePatch(text.toStdString(), problems);
        QVERIFY(!patch.has_value());
        QVERIFY(problems.hasErrors());
        if (!words.isEmpty() || !pointer.isEmpty())
            QVERIFY2(hasError(problems, pointer.toStdString(), words.toStdString()), qPrintable(dump(problems)));
    }

    void parsePatchAcceptsWellFormedPatches()
    {
        Problems problems;
        const std::optional<Json> empty = compare::parsePatch("[]", problems);
        QVERIFY(empty && empty->is_array() && empty->empty());
        const std::optional<Json> all = compare::parsePatch(
            R"([{"op": "test", "path": "/chassis/mass", "value": 1500.0},
                {"op": "replace", "path": "/chassis/mass", "value": 1600.0},
                {"op": "add", "path": "/description", "value": "heavier"},
                {"op": "copy", "from": "/wheels/0/wheel/radius", "path": "/wheels/1/wheel/radius"},
                {"op": "move", "from": "/wheels/2/wheel/width", "path": "/wheels/2/wheel/width"}])",
            problems);
        QVERIFY2(all && all->size() == 5, qPrintable(dump(problems)));
        QVERIFY(problems.items.empty());

        const compare::PatchResult none = compare::applyPatch(referenceCar(), *empty);
        QVERIFY(none.ok());
        QCOMPARE(config::vehicleToText(none.config), config::vehicleToText(referenceCar()));

        const compare::PatchResult r = compare::applyPatch(referenceCar(), *all);
        QVERIFY2(r.ok(), qPrintable(dump(r.problems)));
        QCOMPARE(r.config.chassis.mass, 1600.0);
        QCOMPARE(r.config.description, std::string("heavier"));
        VehicleConfig expected = referenceCar();
        expected.chassis.mass = 1600.0;
        expected.description = "heavier";
        QVERIFY(r.config == expected);
    }

    void applyPatchReportsFailedOperations_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        QTest::newRow("replace a missing key")
            << R"([{"op": "replace", "path": "/chassis/noSuchKey", "value": 1}])" << "/0" << "noSuchKey";
        QTest::newRow("remove a missing key") << R"([{"op": "remove", "path": "/chassis/noSuchKey"}])" << "/0" << "";
        QTest::newRow("missing wheel, second op")
            << R"([{"op": "replace", "path": "/chassis/mass", "value": 1600.0},
                  {"op": "replace", "path": "/wheels/9/wheel/radius", "value": 0.4}])"
            << "/1" << "";
        QTest::newRow("add under a missing parent")
            << R"([{"op": "add", "path": "/chassis/nothing/here", "value": 1}])" << "/0" << "";
        QTest::newRow("failed test") << R"([{"op": "test", "path": "/chassis/mass", "value": 1.0}])" << "/0" << "";
        QTest::newRow("copy from nowhere")
            << R"([{"op": "copy", "from": "/nowhere", "path": "/chassis/mass"}])" << "/0" << "";
        QTest::newRow("move into itself")
            << R"([{"op": "move", "from": "/chassis", "path": "/chassis/mass/x"}])" << "/0" << "";
    }

    void applyPatchReportsFailedOperations()
    {
        QFETCH(QString, patch);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        Problems problems;
        const std::optional<Json> json = compare::parsePatch(patch.toStdString(), problems);
        QVERIFY2(json, qPrintable(dump(problems)));
        const VehicleConfig car = referenceCar();
        const compare::PatchResult r = compare::applyPatch(car, *json);
        QVERIFY(!r.applied);
        QVERIFY(!r.ok());
        QVERIFY2(hasError(r.problems, pointer.toStdString(), words.toStdString()), qPrintable(dump(r.problems)));
        QVERIFY(r.problems.items.front().message.find("[json.exception") == std::string::npos);
    }

    void applyPatchReadsTheResultLikeAFile_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        QTest::newRow("string for a number")
            << R"([{"op": "replace", "path": "/chassis/mass", "value": "heavy"}])" << "/chassis/mass" << "number";
        QTest::newRow("negative mass") << R"([{"op": "replace", "path": "/chassis/mass", "value": -5}])"
                                       << "/chassis/mass" << "> 0";
        QTest::newRow("no wheels radius")
            << R"([{"op": "remove", "path": "/wheels/1/wheel/radius"}])" << "/wheels/1/wheel/radius" << "missing";
        QTest::newRow("bad enum") << R"([{"op": "replace", "path": "/drive/type", "value": "6W"}])" << "/drive/type"
                                  << "one of";
        QTest::newRow("wrong format") << R"([{"op": "replace", "path": "/format", "value": "jounce.maneuver"}])"
                                      << "/format" << "";
        QTest::newRow("too many wheels")
            << R"([{"op": "copy", "from": "/wheels", "path": "/wheels/-"}])" << "/wheels/4" << "";
    }

    void applyPatchReadsTheResultLikeAFile()
    {
        QFETCH(QString, patch);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        Problems problems;
        const std::optional<Json> json = compare::parsePatch(patch.toStdString(), problems);
        QVERIFY2(json, qPrintable(dump(problems)));
        const compare::PatchResult r = compare::applyPatch(referenceCar(), *json);
        QVERIFY(!r.ok());
        QVERIFY(r.problems.hasErrors());
        if (std::strcmp(QTest::currentDataTag(), "too many wheels") == 0) {
            // A wheel that is an array of wheels: an error somewhere under it.
            bool found = false;
            for (const Problem& p : r.problems.items)
                found = found || (p.severity == Severity::Error && p.pointer.rfind("/wheels", 0) == 0);
            QVERIFY2(found, qPrintable(dump(r.problems)));
            return;
        }
        QVERIFY2(hasError(r.problems, pointer.toStdString(), words.toStdString()), qPrintable(dump(r.problems)));
    }

    void applyPatchStopsADoublingCopyBomb()
    {
        // Each "copy" appends the whole wheels array to itself: the document doubles with every
        // operation, 2^64 times the car if nothing stops it.
        Json patch = Json::array();
        for (int i = 0; i < 64; ++i)
            patch.push_back(Json{{"op", "copy"}, {"from", "/wheels"}, {"path", "/wheels/-"}});
        Problems problems;
        const std::optional<Json> parsed = compare::parsePatch(patch.dump(), problems);
        QVERIFY(parsed);
        const auto start = std::chrono::steady_clock::now();
        const compare::PatchResult r = compare::applyPatch(referenceCar(), *parsed);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY(!r.applied);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems.errorCount(), std::size_t(1));
        const Problem& p = r.problems.items.front();
        QVERIFY2(p.pointer.size() >= 2 && p.pointer[0] == '/', p.pointer.c_str());
        const int op = std::stoi(p.pointer.substr(1));
        QVERIFY2(op >= 5 && op < 30, p.pointer.c_str());  // a few doublings, long before 64
        QVERIFY2(p.message.find("beyond") != std::string::npos, p.message.c_str());
        QVERIFY2(seconds < 10.0, qPrintable(QString::number(seconds)));
    }

    void aSignedZeroSurvivesDiffThenPatch()
    {
        // Found by fuzz_patch: the tank's mirrored camber is -0.0; a vehicle with 0.0 there was
        // "equal" to Json::diff, so diff then patch gave a file with -0.0 where 0.0 was.
        config::VehicleFile tank = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/tank.json");
        QVERIFY(tank.ok());
        QVERIFY(std::signbit(tank.config.wheels[0].suspension.camberAtMaxDroop));
        VehicleConfig positive = tank.config;
        positive.wheels[0].suspension.camberAtMaxDroop = 0.0;
        const Json patch = compare::makePatch(tank.config, positive);
        QCOMPARE(patch.size(), std::size_t(1));
        QCOMPARE(patch[0]["op"].get<std::string>(), std::string("replace"));
        const compare::PatchResult r = compare::applyPatch(tank.config, patch);
        QVERIFY(r.ok());
        QCOMPARE(config::vehicleToText(r.config), config::vehicleToText(positive));
        QVERIFY(compare::makePatch(tank.config, tank.config).empty());
    }

    void copyingTheWholeVehicleIntoItselfStopsEarly()
    {
        // Found by fuzz_patch: nine copies of the root into itself made a 512-fold vehicle (5.4 MB)
        // within the bounds of any file. A vehicle patch stops at 100 000 values: the eighth copy.
        Json patch = Json::array();
        for (int i = 0; i < 9; ++i)
            patch.push_back(Json{{"op", "copy"}, {"from", ""}, {"path", "/x" + std::to_string(i)}});
        const compare::PatchResult r = compare::applyPatch(referenceCar(), patch);
        QVERIFY(!r.applied);
        QCOMPARE(r.problems.errorCount(), std::size_t(1));
        QCOMPARE(r.problems.items.front().pointer, std::string("/8"));
        QVERIFY2(r.problems.items.front().message.find("beyond 100000 values") != std::string::npos,
                 r.problems.items.front().message.c_str());
    }

    void applyPatchNeverThrowsOnANonArray()
    {
        // parsePatch refuses these, but applyPatch takes any Json: it reports, it does not throw.
        const VehicleConfig car = referenceCar();
        const auto reports = [&](const Json& patch) {
            try {
                const compare::PatchResult r = compare::applyPatch(car, patch);
                return !r.ok() && r.problems.hasErrors();
            } catch (const std::exception& e) {
                qInfo("applyPatch(%s) threw: %s", patch.dump().c_str(), e.what());
                return false;
            }
        };
        // An operation that is not an object: reported at its index.
        QVERIFY(reports(Json::array({Json(1)})));
        const compare::PatchResult one = compare::applyPatch(car, Json::array({Json(1)}));
        QVERIFY2(hasError(one.problems, "/0"), qPrintable(dump(one.problems)));

        // A patch that is not an array is reported, never thrown (parsePatch refuses it too).
        QVERIFY(reports(Json{{"op", "replace"}, {"path", "/chassis/mass"}, {"value", 1600.0}}));
        QVERIFY(reports(Json(42)));
        QVERIFY(reports(Json::object()));
    }

    void applyPatchBoundsTheDepth()
    {
        // Each "copy" puts /chassis/x into its own deepest object, doubling its depth while the value
        // count stays small (a chain): 16 operations and 130 kB of patch make it 65535 levels deep.
        // Run in a child process under a memory limit, since an unbounded depth overflows the stack.
        if (qEnvironmentVariableIsSet("JOUNCE_TEST_DEPTH_BOMB_CHILD")) {
            std::string text = "[{\"op\": \"add\", \"path\": \"/chassis/x\", \"value\": {}}";
            std::string deepest = "/chassis/x";
            std::size_t depth = 0;
            for (int i = 0; i < 16; ++i) {
                const std::string target = deepest + "/a";
                text += ", {\"op\": \"copy\", \"from\": \"/chassis/x\", \"path\": \"" + target + "\"}";
                deepest = target;
                for (std::size_t k = 0; k < depth; ++k)
                    deepest += "/a";
                depth = 2 * depth + 1;
            }
            text += "]";
            Problems problems;
            const std::optional<Json> patch = compare::parsePatch(text, problems);
            QVERIFY2(patch, qPrintable(dump(problems)));
            const compare::PatchResult r = compare::applyPatch(referenceCar(), *patch);
            QVERIFY(!r.ok());
            QVERIFY(r.problems.hasErrors());
            return;
        }
#ifdef Q_OS_LINUX
        const std::string exe = fs::read_symlink("/proc/self/exe").string();
        const std::string command = "ulimit -v 1500000; JOUNCE_TEST_DEPTH_BOMB_CHILD=1 timeout 120 '" + exe +
                                    "' applyPatchBoundsTheDepth 2>&1";
        FILE* child = popen(command.c_str(), "r");
        QVERIFY(child);
        std::string output;
        char buffer[4096];
        while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, child))
            output.append(buffer, n);
        const int status = pclose(child);
        if (output.size() > 1500)
            output = "..." + output.substr(output.size() - 1500);
        QVERIFY2(status == 0, qPrintable(QStringLiteral("child status %1:\n").arg(status) + QString::fromStdString(output)));
#else
        QSKIP("needs /proc/self/exe and a POSIX shell");
#endif
    }

    // ---- 4. copyDifferences -----------------------------------------------------------------------

    void copyOneValue()
    {
        const VehicleConfig& hatch = preset("family-hatchback.json");
        const VehicleConfig& sports = preset("sports-car.json");
        // presets/sports-car.json: "antiRollBars": [{0, 1, 20000}, {2, 3, 12000}]; the hatchback's
        // rear bar is 4000.
        const std::string pointer = "/antiRollBars/1/stiffness";
        QCOMPARE(sports.antiRollBars.at(1).stiffness, 12000.0);
        QCOMPARE(hatch.antiRollBars.at(1).stiffness, 4000.0);

        const compare::CopyResult r = compare::copyDifferences(hatch, sports, CopyScope::Value, pointer);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.operations, 1);
        QCOMPARE(r.config.antiRollBars.at(1).stiffness, 12000.0);
        const std::vector<ParameterRow> rows = compareTwo(r.config, hatch);
        const std::vector<const ParameterRow*> diff = differing(rows);
        QCOMPARE(diff.size(), std::size_t(1));
        QCOMPARE(diff[0]->pointer, pointer);
        QCOMPARE(diff[0]->path, std::string("antiRollBars[1].stiffness"));
        // The inputs are untouched.
        QCOMPARE(hatch.antiRollBars.at(1).stiffness, 4000.0);

        // Copying a value that is already the same: an error, nothing changes.
        const compare::CopyResult same =
            compare::copyDifferences(hatch, sports, CopyScope::Value, "/wheels/0/tire/type");
        if (hatch.wheels[0].tire.type == sports.wheels[0].tire.type) {
            QVERIFY(!same.error.empty());
            QCOMPARE(same.operations, 0);
            QVERIFY(same.config == hatch);
        }
    }

    void copyAValueTheTargetLacks()
    {
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        const VehicleConfig& truck = preset("truck-6w.json");
        const compare::CopyResult r =
            compare::copyDifferences(car, truck, CopyScope::Value, "/wheels/4/suspension/springStrength");
        QVERIFY(!r.error.empty());
        QVERIFY2(r.error.find("wheels[4].suspension.springStrength") != std::string::npos, r.error.c_str());
        QCOMPARE(r.operations, 0);
        QVERIFY(r.config == car);
        QCOMPARE(config::vehicleToText(r.config), config::vehicleToText(car));

        // The other way round: the target has the leaf, the source does not. Nothing is copied...
        const compare::CopyResult back =
            compare::copyDifferences(truck, car, CopyScope::Value, "/wheels/4/suspension/springStrength");
        QVERIFY(!back.error.empty());
        QCOMPARE(back.operations, 0);
        QVERIFY(back.config == truck);
        // ...and the message says the source has no such value (not that the values are the same).
        QVERIFY2(back.error.find("has no wheels[4].suspension.springStrength") != std::string::npos, back.error.c_str());
    }

    void copyASection()
    {
        const VehicleConfig& hatch = preset("family-hatchback.json");
        const VehicleConfig& sports = preset("sports-car.json");
        const std::string section = compare::sectionOfPointer("/drive/gears/ratios/0");
        QVERIFY(!section.empty());
        QCOMPARE(compare::sectionOfPointer("/drive/gears/finalRatio"), section);
        QVERIFY(compare::sectionOfPointer("/chassis/mass") != section);
        QCOMPARE(compare::sectionOfPointer("/no/such/thing"), std::string());
        QCOMPARE(hatch.drive.gears.ratios.size(), std::size_t(7));
        QCOMPARE(sports.drive.gears.ratios.size(), std::size_t(8));

        // More gears: the sports car's sixth gear comes along.
        const compare::CopyResult r = compare::copyDifferences(hatch, sports, CopyScope::Section, section);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(r.operations >= 2);
        QCOMPARE(r.config.drive.gears.ratios, sports.drive.gears.ratios);
        QCOMPARE(r.config.drive.gears.finalRatio, sports.drive.gears.finalRatio);
        QCOMPARE(r.config.drive.gears.switchTime, sports.drive.gears.switchTime);
        // Nothing outside the section changed.
        for (const ParameterRow& row : compareTwo(r.config, hatch))
            if (row.differs)
                QVERIFY2(row.section == section, row.path.c_str());
        QVERIFY(r.config.drive.autoBox == hatch.drive.autoBox);
        QVERIFY(r.config.chassis == hatch.chassis);

        // Fewer gears: the hatchback's five gears replace the sports car's six.
        const compare::CopyResult back = compare::copyDifferences(sports, hatch, CopyScope::Section, section);
        QVERIFY2(back.error.empty(), back.error.c_str());
        QCOMPARE(back.config.drive.gears.ratios, hatch.drive.gears.ratios);
        QCOMPARE(back.config.drive.gears.finalRatio, hatch.drive.gears.finalRatio);
        for (const ParameterRow& row : compareTwo(back.config, sports))
            if (row.differs)
                QVERIFY2(row.section == section, row.path.c_str());

        // A section with no difference: an error, config unchanged.
        const compare::CopyResult none = compare::copyDifferences(hatch, hatch, CopyScope::Section, section);
        QVERIFY(!none.error.empty());
        QCOMPARE(none.operations, 0);
        QVERIFY(none.config == hatch);
    }

    void copyAll()
    {
        const std::vector<std::pair<std::string, std::string>> pairs{
            {"family-hatchback.json", "sports-car.json"},
            {"physx-snippet-4w.json", "truck-6w.json"},
            {"truck-6w.json", "tank.json"},
        };
        for (const auto& [targetName, sourceName] : pairs) {
            const VehicleConfig& target = preset(targetName);
            const VehicleConfig& source = preset(sourceName);
            const compare::CopyResult r = compare::copyDifferences(target, source, CopyScope::All, "");
            const QString what = QString::fromStdString(sourceName + " -> " + targetName + ": " + r.error);
            QVERIFY2(r.error.empty(), qPrintable(what));
            QVERIFY(r.operations > 0);
            QCOMPARE(r.config.name, target.name);
            QCOMPARE(r.config.description, target.description);
            VehicleConfig renamed = r.config;
            renamed.name = source.name;
            renamed.description = source.description;
            QVERIFY2(config::vehicleToText(renamed) == config::vehicleToText(source), qPrintable(what));
            for (const ParameterRow& row : compareTwo(r.config, source))
                QCOMPARE(row.differs, row.isIdentity());
        }
    }

    // ---- 5. runComparison -------------------------------------------------------------------------

    void runsDoNotDependOnTheThreadCount()
    {
        const sim::ManeuverDocument maneuver =
            sim::loadManeuver((fs::path(JOUNCE_SOURCE_DIR) / "presets/maneuvers/braking-100-0.json").string());
        QVERIFY2(maneuver.ok(), qPrintable(dump(maneuver.problems)));

        const auto hatch = std::make_shared<const VehicleConfig>(preset("family-hatchback.json"));
        const auto sports = std::make_shared<const VehicleConfig>(preset("sports-car.json"));
        const auto hatchAgain = std::make_shared<const VehicleConfig>(preset("family-hatchback.json"));

        compare::CompareSetup setup;
        setup.vehicles = {{"hatchback", hatch}, {"sports", sports}, {"hatchback again", hatchAgain}};
        setup.maneuver = maneuver.maneuver;
        setup.maxDuration = 120.0;

        std::mutex mutex;
        std::map<std::size_t, std::vector<double>> progress;
        compare::RunControl parallel;
        parallel.threads = 2;
        parallel.progress = [&](std::size_t vehicle, double fraction) {
            const std::lock_guard<std::mutex> lock(mutex);
            progress[vehicle].push_back(fraction);
        };
        const auto start = std::chrono::steady_clock::now();
        const std::vector<compare::VehicleRun> par = compare::runComparison(setup, parallel);
        const double parallelSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

        compare::CompareSetup pairSetup = setup;
        pairSetup.vehicles.pop_back();
        compare::RunControl serial;
        serial.threads = 1;
        const std::vector<compare::VehicleRun> ser = compare::runComparison(pairSetup, serial);
        qInfo("3 runs on 2 threads: %.2f s, 2 runs on 1 thread: %.2f s", parallelSeconds,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - parallelSeconds);

        QCOMPARE(par.size(), std::size_t(3));
        QCOMPARE(ser.size(), std::size_t(2));
        for (const compare::VehicleRun& r : par) {
            QVERIFY2(r.error.empty(), r.error.c_str());
            QVERIFY(r.completed);
            QVERIFY(!r.cancelled);
            QCOMPARE(r.resets, 0);
            QVERIFY(r.simulatedTime > 5.0 && r.simulatedTime < setup.maxDuration);
            QVERIFY(!r.figures.empty());
            QVERIFY(r.trace.rows() > 100);
        }

        // Run i with two threads against run j on the calling thread: the same bits.
        const auto same = [](const compare::VehicleRun& a, const compare::VehicleRun& b, const char* what) {
            QVERIFY2(a.figures.size() == b.figures.size(), what);
            for (std::size_t i = 0; i < a.figures.size(); ++i) {
                QVERIFY2(a.figures[i].id == b.figures[i].id, what);
                QVERIFY2(a.figures[i].value.has_value() == b.figures[i].value.has_value(), what);
                if (a.figures[i].value)
                    QVERIFY2(sameBits(*a.figures[i].value, *b.figures[i].value),
                             qPrintable(QString::fromStdString(a.figures[i].id) + " " + what));
            }
            QVERIFY2(sameBits(a.simulatedTime, b.simulatedTime), what);
            QVERIFY2(a.trace.wheelCount() == b.trace.wheelCount(), what);
            QVERIFY2(a.trace.columns() == b.trace.columns(), what);
            QVERIFY2(a.trace.rows() == b.trace.rows(), what);
            const int columns = static_cast<int>(a.trace.columns().size());
            for (std::size_t row = 0; row < a.trace.rows(); ++row)
                for (int c = 0; c < columns; ++c)
                    if (!sameBits(a.trace.value(row, c), b.trace.value(row, c)))
                        QFAIL(qPrintable(QStringLiteral("%1: row %2 column %3: %4 vs %5")
                                             .arg(what)
                                             .arg(row)
                                             .arg(QString::fromStdString(telemetry::columnName(a.trace.columns()[std::size_t(c)])))
                                             .arg(a.trace.value(row, c), 0, 'g', 17)
                                             .arg(b.trace.value(row, c), 0, 'g', 17)));
        };
        same(par[0], ser[0], "hatchback, 2 threads vs 1");
        if (QTest::currentTestFailed())
            return;
        same(par[1], ser[1], "sports car, 2 threads vs 1");
        if (QTest::currentTestFailed())
            return;
        same(par[0], par[2], "hatchback vs itself");
        if (QTest::currentTestFailed())
            return;

        // The two vehicles really differ (the comparison is not trivially equal).
        bool anyDifferent = par[0].trace.rows() != par[1].trace.rows();
        for (std::size_t i = 0; i < par[0].figures.size() && i < par[1].figures.size(); ++i)
            anyDifferent = anyDifferent || par[0].figures[i].value != par[1].figures[i].value;
        QVERIFY(anyDifferent);

        // The figure table of the self-compare: equal values, so no best.
        const std::vector<compare::VehicleRun> selfRuns{par[0], par[2]};
        for (const compare::FigureRow& row : compare::figureTable(selfRuns))
            QVERIFY2(row.best.empty(), row.id.c_str());

        // The trace: the columns of a 4-wheel car, time first and increasing.
        const compare::RunTrace& trace = par[0].trace;
        QCOMPARE(trace.wheelCount(), 4);
        QCOMPARE(trace.columns(), telemetry::csvColumns(4));
        QCOMPARE(trace.columnIndex(telemetry::Column::time()), 0);
        QVERIFY(trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 3)) > 0);
        QCOMPARE(trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 4)), -1);
        QCOMPARE(trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::TireLoad, 5)), -1);
        for (std::size_t row = 1; row < trace.rows(); ++row)
            QVERIFY(trace.time(row) > trace.time(row - 1));
        QVERIFY(std::fabs(trace.time(trace.rows() - 1) - par[0].simulatedTime) < 1e-6);
        // The car stopped at the end: forward speed near zero; it went above 95 km/h on the way.
        const int speed = trace.columnIndex(telemetry::Column::of(telemetry::VehicleChannel::ForwardSpeed));
        QVERIFY(speed > 0);
        double maxSpeed = 0;
        for (std::size_t row = 0; row < trace.rows(); ++row)
            maxSpeed = std::max(maxSpeed, trace.value(row, speed));
        QVERIFY2(maxSpeed > 95.0 / 3.6, qPrintable(QString::number(maxSpeed)));
        QVERIFY(std::fabs(trace.value(trace.rows() - 1, speed)) < 0.1);

        // Progress: every vehicle reported, never backwards, ending at 1.
        QCOMPARE(progress.size(), std::size_t(3));
        for (const auto& [vehicle, fractions] : progress) {
            QVERIFY(fractions.size() >= 2);
            for (std::size_t i = 1; i < fractions.size(); ++i)
                QVERIFY(fractions[i] >= fractions[i - 1]);
            QCOMPARE(fractions.back(), 1.0);
            QVERIFY(fractions.front() >= 0.0);
        }
    }

    void cancelledBeforeTheStart()
    {
        const sim::ManeuverDocument maneuver =
            sim::loadManeuver((fs::path(JOUNCE_SOURCE_DIR) / "presets/maneuvers/braking-100-0.json").string());
        QVERIFY(maneuver.ok());
        compare::CompareSetup setup;
        setup.vehicles = {{"a", std::make_shared<const VehicleConfig>(preset("family-hatchback.json"))},
                          {"b", std::make_shared<const VehicleConfig>(preset("truck-6w.json"))}};
        setup.maneuver = maneuver.maneuver;
        const std::atomic<bool> cancel{true};
        int progressCalls = 0;
        compare::RunControl control;
        control.threads = 2;
        control.cancel = &cancel;
        control.progress = [&](std::size_t, double) { ++progressCalls; };  // never called here
        const auto start = std::chrono::steady_clock::now();
        const std::vector<compare::VehicleRun> runs = compare::runComparison(setup, control);
        QVERIFY(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5.0);
        QCOMPARE(runs.size(), std::size_t(2));
        for (const compare::VehicleRun& r : runs) {
            QVERIFY(r.cancelled);
            QVERIFY(!r.completed);
            QVERIFY(r.error.empty());
            QVERIFY(r.figures.empty());
            QVERIFY(r.simulatedTime < 0.1);
        }
        QCOMPARE(progressCalls, 0);
        // The truck's trace has six wheels' columns; wheel 6 it lacks.
        QCOMPARE(runs[1].trace.wheelCount(), 6);
        QVERIFY(runs[1].trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 5)) > 0);
        QCOMPARE(runs[1].trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 6)), -1);
        QCOMPARE(runs[0].trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 5)), -1);
    }

    void runTraceAppendsTheVehiclesColumns()
    {
        compare::RunTrace trace(2);
        QCOMPARE(trace.rows(), std::size_t(0));
        QCOMPARE(trace.columns(), telemetry::csvColumns(2));
        QCOMPARE(trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 2)), -1);
        QVERIFY(trace.columnIndex(telemetry::Column::of(telemetry::WheelChannel::Jounce, 1)) > 0);
        QCOMPARE(compare::RunTrace().rows(), std::size_t(0));
        QCOMPARE(compare::RunTrace().columnIndex(telemetry::Column::time()), -1);
    }

    // ---- 6. figureTable / bestOf ---------------------------------------------------------------

    void bestOfPreferences_data()
    {
        using V = std::vector<std::optional<double>>;
        using B = std::vector<std::size_t>;
        QTest::addColumn<V>("values");
        QTest::addColumn<int>("preference");
        QTest::addColumn<B>("best");
        const int lower = int(sim::Preference::Lower), higher = int(sim::Preference::Higher),
                  magnitude = int(sim::Preference::LowerMagnitude), none = int(sim::Preference::None);
        QTest::newRow("lower") << V{3.0, 1.0, 2.0} << lower << B{1};
        QTest::newRow("higher") << V{3.0, 1.0, 2.0} << higher << B{0};
        QTest::newRow("lower, negatives") << V{-3.0, 1.0, -2.0} << lower << B{0};
        QTest::newRow("higher, negatives") << V{-3.0, -1.0, -2.0} << higher << B{1};
        QTest::newRow("lower magnitude") << V{-3.0, 0.5, 2.0, -0.7} << magnitude << B{1};
        QTest::newRow("lower magnitude, negative best") << V{3.0, -0.25, 0.5} << magnitude << B{1};
        QTest::newRow("lower magnitude, tie across zero") << V{-0.5, 0.5, 2.0} << magnitude << B{0, 1};
        QTest::newRow("none") << V{3.0, 1.0, 2.0} << none << B{};
        QTest::newRow("tie for best") << V{1.0, 2.0, 1.0, 3.0} << lower << B{0, 2};
        QTest::newRow("tie for best, higher") << V{4.0, 2.0, 4.0} << higher << B{0, 2};
        QTest::newRow("all equal") << V{2.0, 2.0, 2.0} << lower << B{};
        QTest::newRow("all equal, higher") << V{2.0, 2.0} << higher << B{};
        QTest::newRow("single value") << V{2.0} << lower << B{};
        QTest::newRow("single value among n/a") << V{std::nullopt, 2.0, std::nullopt} << higher << B{};
        QTest::newRow("n/a skipped") << V{std::nullopt, 5.0, 4.0} << lower << B{2};
        QTest::newRow("n/a never best") << V{std::nullopt, 5.0, 4.0} << higher << B{1};
        QTest::newRow("NaN skipped") << V{std::nan(""), 5.0, 4.0} << lower << B{2};
        QTest::newRow("empty") << V{} << lower << B{};
    }

    void bestOfPreferences()
    {
        using V = std::vector<std::optional<double>>;
        using B = std::vector<std::size_t>;
        QFETCH(V, values);
        QFETCH(int, preference);
        QFETCH(B, best);
        QCOMPARE(compare::bestOf(values, static_cast<sim::Preference>(preference)), best);
    }

    void figureTableRows()
    {
        std::vector<compare::VehicleRun> runs(3);
        runs[0].figures = {figure("stop", sim::Preference::Lower, 40.0), figure("grip", sim::Preference::Higher, 0.9),
                           figure("gradient", sim::Preference::None, 1.0)};
        runs[1].figures = {figure("stop", sim::Preference::Lower, 38.0), figure("grip", sim::Preference::Higher, 0.9),
                           figure("gradient", sim::Preference::None, 2.0), figure("yaw", sim::Preference::LowerMagnitude, -1.0)};
        runs[2].figures = {figure("stop", sim::Preference::Lower, std::nullopt), figure("grip", sim::Preference::Higher, 0.8)};
        const std::vector<compare::FigureRow> rows = compare::figureTable(runs);
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(rows[0].id, std::string("stop"));
        QCOMPARE(rows[1].id, std::string("grip"));
        QCOMPARE(rows[2].id, std::string("gradient"));
        QCOMPARE(rows[3].id, std::string("yaw"));
        QCOMPARE(rows[0].label, std::string("stop label"));
        QCOMPARE(rows[0].unit, std::string("s"));
        for (const compare::FigureRow& row : rows)
            QCOMPARE(row.figures.size(), std::size_t(3));
        QCOMPARE(rows[0].best, std::vector<std::size_t>{1});
        QCOMPARE(rows[1].best, (std::vector<std::size_t>{0, 1}));
        QVERIFY(rows[2].best.empty());
        QCOMPARE(rows[2].preference, sim::Preference::None);
        QVERIFY(rows[3].best.empty());  // one run has it
        QVERIFY(!rows[3].figures[0].has_value());
        QVERIFY(rows[3].figures[1].has_value());
        QVERIFY(rows[0].figures[2].has_value());
        QVERIFY(!rows[0].figures[2]->value.has_value());
        QVERIFY(!rows[2].figures[2].has_value());
        QVERIFY(compare::figureTable(std::vector<compare::VehicleRun>{}).empty());
    }

    // ---- 7. compareReportCsv --------------------------------------------------------------------

    void csvFieldQuoting_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "sports-car.json" << "sports-car.json";
        QTest::newRow("empty") << "" << "";
        QTest::newRow("spaces") << " a b " << " a b ";
        QTest::newRow("comma") << "a,b" << "\"a,b\"";
        QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
        QTest::newRow("only a quote") << "\"" << "\"\"\"\"";
        QTest::newRow("newline") << "a\nb" << "\"a\nb\"";
        QTest::newRow("carriage return") << "a\rb" << "\"a\rb\"";
        QTest::newRow("all") << "x,\"y\"\r\n" << "\"x,\"\"y\"\"\r\n\"";
    }

    void csvFieldQuoting()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(QString::fromStdString(compare::csvField(in.toStdString())), out);
    }

    void reportHeaderAndParameterRows()
    {
        const VehicleConfig car = referenceCar();
        VehicleConfig changed = car;
        QCOMPARE(ParameterRegistry::instance().set(changed, "chassis.mass", Json(1600.0)), std::string());

        compare::ReportInput in;
        in.labels = {"reference", "heavy, \"edited\""};
        in.vehicles = {&car, &car};
        const std::vector<std::string> self = csvLines(compare::compareReportCsv(in));
        QVERIFY(!self.empty());
        QCOMPARE(self.front(), std::string("kind,id,label,unit,reference,\"heavy, \"\"edited\"\"\",best"));
        QCOMPARE(self.size(), std::size_t(1));  // nothing differs: no derived, no parameter rows
        QCOMPARE(linesOfKind(self, "parameter"), std::size_t(0));
        QCOMPARE(linesOfKind(self, "run"), std::size_t(0));

        in.vehicles = {&car, &changed};
        const std::string csv = compare::compareReportCsv(in);
        QVERIFY(csv.size() >= 2 && csv.substr(csv.size() - 2) == "\r\n");
        const std::vector<std::string> lines = csvLines(csv);
        QCOMPARE(linesOfKind(lines, "parameter"), std::size_t(1));
        std::string parameterLine;
        for (const std::string& l : lines)
            if (l.rfind("parameter,", 0) == 0)
                parameterLine = l;
        const std::string section = compare::sectionOfPointer("/chassis/mass");
        QCOMPARE(parameterLine, "parameter,chassis.mass," + compare::csvField(section) + ",kg,1500,1600,");
        // The mass changes power to weight, and only derived rows that differ are listed.
        QVERIFY(linesOfKind(lines, "derived") >= 1);
        bool powerToWeight = false;
        for (const std::string& l : lines)
            if (l.rfind("derived,powerToWeight,", 0) == 0) {
                powerToWeight = true;
                QVERIFY2(l.find(",124,116.25,") != std::string::npos, l.c_str());  // 186 kW net over 1500, 1600 kg
            }
        QVERIFY(powerToWeight);
        QVERIFY(linesOfKind(lines, "derived") + linesOfKind(lines, "parameter") + 1 == lines.size());

        // Every parameter: one row per leaf of the vehicle.
        in.allParameters = true;
        const std::vector<std::string> all = csvLines(compare::compareReportCsv(in));
        QCOMPARE(linesOfKind(all, "parameter"), ParameterRegistry::instance().leaves(car).size());
        QCOMPARE(linesOfKind(all, "derived"), deriveOne(car).size());
        // Every line has kind, id, label, unit, one column per vehicle and best (quoted commas, as
        // in the description, do not count).
        for (const std::string& line : all)
            QVERIFY2(csvFieldCount(line) == 7, line.c_str());
    }

    void reportWithRuns()
    {
        const VehicleConfig car = referenceCar();
        std::vector<compare::VehicleRun> runs(2);
        runs[0].figures = {figure("stop", sim::Preference::Lower, 40.5)};
        runs[0].completed = true;
        runs[0].simulatedTime = 12.25;
        runs[1].figures = {figure("stop", sim::Preference::Lower, 38.0)};
        runs[1].cancelled = true;
        runs[1].resets = 2;
        compare::ReportInput in;
        in.labels = {"a", "b"};
        in.vehicles = {&car, &car};
        in.runs = runs;
        in.maneuver = "braking-100-0";
        in.terrain = "flat";
        const std::vector<std::string> lines = csvLines(compare::compareReportCsv(in));
        QCOMPARE(linesOfKind(lines, "run"), std::size_t(5));
        QCOMPARE(linesOfKind(lines, "figure"), std::size_t(1));
        QCOMPARE(linesOfKind(lines, "parameter"), std::size_t(0));
        const auto has = [&](const std::string& line) {
            return std::find(lines.begin(), lines.end(), line) != lines.end();
        };
        QVERIFY(has("run,maneuver,maneuver,,braking-100-0,braking-100-0,"));
        QVERIFY(has("run,terrain,terrain,,flat,flat,"));
        QVERIFY(has("run,completed,maneuver completed,,yes,cancelled,"));
        QVERIFY(has("run,resets,bad-state resets,,0,2,"));
        QVERIFY(has("run,simulatedTime,simulated time,s,12.25,0,"));
        QVERIFY2(has("figure,stop,stop label,s,40.5,38,b"), qPrintable(QString::fromStdString(lines[6])));
    }

    // ---- 8. stale results (RunStatus) ------------------------------------------------------------

    void matchRunsMarksStaleResults()
    {
        const VehicleConfig car = referenceCar();
        const VehicleConfig sameAgain = car;  // equal, another object: an edit undone
        VehicleConfig lighter = car;
        lighter.chassis.mass = 1250.0;
        std::vector<compare::VehicleRun> runs(2);
        runs[0].figures = {figure("stop", sim::Preference::Lower, 40.5)};
        runs[0].completed = true;
        runs[0].trace = compare::RunTrace(4);
        telemetry::Frame frame{};
        runs[0].trace.append(frame);
        runs[1].figures = {figure("stop", sim::Preference::Lower, 38.0)};
        const std::vector<compare::RunKey> ran{{0, &car}, {2, &car}};

        const std::vector<compare::RunKey> shown{{0, &sameAgain}, {1, &car}, {2, &lighter}};
        const compare::MatchedRuns m = compare::matchRuns(runs, ran, shown);
        QCOMPARE(m.runs.size(), std::size_t(3));
        QVERIFY(m.status == (std::vector<compare::ResultStatus>{compare::ResultStatus::Current, compare::ResultStatus::NotRun,
                                                                compare::ResultStatus::Stale}));
        QCOMPARE(*m.runs[0].figures.at(0).value, 40.5);
        QVERIFY(m.runs[0].completed);
        QCOMPARE(m.runs[0].trace.rows(), std::size_t(0));  // figures only: the charts keep the trace
        QVERIFY(m.runs[1].figures.empty());
        QCOMPARE(*m.runs[2].figures.at(0).value, 38.0);
        QVERIFY(compare::matchRuns(runs, ran, {}).runs.empty());
    }

    void reportSaysWhichResultsAreStale()
    {
        const VehicleConfig car = referenceCar();
        VehicleConfig lighter = car;
        lighter.chassis.mass = 1250.0;
        std::vector<compare::VehicleRun> runs(3);
        for (compare::VehicleRun& r : runs) {
            r.figures = {figure("stop", sim::Preference::Lower, 40.0)};
            r.completed = true;
        }
        runs[1].figures[0].value = 39.0;
        runs[2] = compare::VehicleRun{};  // not run
        compare::ReportInput in;
        in.labels = {"a", "b", "c"};
        in.vehicles = {&car, &lighter, &car};
        in.runs = runs;
        in.status = {compare::ResultStatus::Current, compare::ResultStatus::Stale, compare::ResultStatus::NotRun};
        in.maneuver = "braking-100-0";
        in.terrain = "flat";
        const std::vector<std::string> lines = csvLines(compare::compareReportCsv(in));
        const auto has = [&](const std::string& line) {
            return std::find(lines.begin(), lines.end(), line) != lines.end();
        };
        QVERIFY(has("run,status,results,,current,stale: the vehicle changed after the run,not run,"));
        QVERIFY(has("run,completed,maneuver completed,,yes,yes,,"));
        QVERIFY(has("figure,stop,stop label,s,40,39,,b"));
        // The derived rows and parameters are those of the vehicles given: the lighter one as it is.
        bool mass = false;
        for (const std::string& l : lines)
            mass = mass || (l.rfind("parameter,chassis.mass,", 0) == 0 && l.find(",kg,1500,1250,1500,") != std::string::npos);
        QVERIFY(mass);
    }

    // ---- 9. coupled sections (CopyCoupling) ------------------------------------------------------

    void sectionOfTheNWDifferential()
    {
        // Two registry nodes share the key drive.differential (4W and NW): the pointer names the
        // one under which it resolves, so the NW differential's section can be copied.
        const std::string nw = compare::sectionOfPointer("/drive/differential/drivenWheels/0");
        QCOMPARE(nw, std::string("PxVehicleDifferentialNWData"));
        QCOMPARE(compare::sectionOfPointer("/drive/differential/drivenWheels"), nw);
        QCOMPARE(compare::sectionOfPointer("/drive/differential/frontBias"), std::string("PxVehicleDifferential4WData"));
        const VehicleConfig& truck = preset("truck-6w.json");
        VehicleConfig rearOnly = truck;
        rearOnly.drive.differentialNW.drivenWheels = {4, 5};
        const compare::CopyResult r = compare::copyDifferences(truck, rearOnly, CopyScope::Section, nw);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.config.drive.differentialNW.drivenWheels, (std::vector<int>{4, 5}));
    }

    void couplingGearsTakeTheAutoBox()
    {
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        const VehicleConfig& sports = preset("sports-car.json");
        const std::string gears = compare::sectionOfPointer("/drive/gears/ratios");
        const std::string autoBox = compare::sectionOfPointer("/drive/autoBox/upRatios");
        QCOMPARE(car.drive.gears.ratios.size(), std::size_t(7));
        QCOMPARE(sports.drive.gears.ratios.size(), std::size_t(8));
        // Alone, the sports car's eight ratios leave the car's autobox one ratio short.
        const compare::CopyResult alone = compare::copySections(car, sports, {gears});
        QVERIFY(hasError(validateVehicle(alone.config), "/drive/autoBox/upRatios", "(8), got 7"));

        const std::vector<compare::CoupledSection> coupled = compare::coupledSections(car, sports, gears);
        QCOMPARE(coupled.size(), std::size_t(1));
        QCOMPARE(coupled[0].section, autoBox);
        QVERIFY2(coupled[0].reason.find("per gear") != std::string::npos, coupled[0].reason.c_str());
        QCOMPARE(compare::sectionsToCopy(gears, coupled), (std::vector<std::string>{gears, autoBox}));
        const compare::CopyResult both = compare::copyCoupledSection(car, sports, gears);
        QVERIFY2(both.error.empty(), both.error.c_str());
        QVERIFY(!validateVehicle(both.config).hasErrors());
        QVERIFY(both.config.drive.gears == sports.drive.gears);
        QVERIFY(both.config.drive.autoBox == sports.drive.autoBox);
        for (const ParameterRow& row : compareTwo(both.config, car))
            if (row.differs)
                QVERIFY2(row.section == gears || row.section == autoBox, row.path.c_str());

        // The other way round: the car's autobox takes its gears along into the sports car.
        const std::vector<compare::CoupledSection> back = compare::coupledSections(sports, car, autoBox);
        QCOMPARE(back.size(), std::size_t(1));
        QCOMPARE(back[0].section, gears);
        const compare::CopyResult backCopy = compare::copyCoupledSection(sports, car, autoBox);
        QVERIFY(!validateVehicle(backCopy.config).hasErrors());
        QVERIFY(backCopy.config.drive.gears == car.drive.gears && backCopy.config.drive.autoBox == car.drive.autoBox);

        // As many gears: the ratios go alone, the autobox stays.
        const VehicleConfig& hatch = preset("family-hatchback.json");
        QCOMPARE(hatch.drive.gears.ratios.size(), car.drive.gears.ratios.size());
        QVERIFY(compare::coupledSections(car, hatch, gears).empty());
        QVERIFY(compare::copyCoupledSection(car, hatch, gears).config.drive.autoBox == car.drive.autoBox);
        // Nothing to copy: nothing coupled, the copy says so.
        QVERIFY(compare::coupledSections(car, car, gears).empty());
        QVERIFY(!compare::copyCoupledSection(car, car, gears).error.empty());
    }

    void couplingWheelsTakeTheListsThatIndexThem()
    {
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        const VehicleConfig& truck = preset("truck-6w.json");
        const std::string wheels = compare::sectionOfPointer("/wheels/0");
        // The car's four wheels into the six-wheel truck: its third bar (wheels 4 and 5) and its
        // driven wheels 4 and 5 would name wheels it no longer has.
        const std::vector<compare::CoupledSection> coupled = compare::coupledSections(truck, car, wheels);
        std::vector<std::string> names;
        for (const compare::CoupledSection& c : coupled)
            names.push_back(c.section);
        QCOMPARE(names, (std::vector<std::string>{compare::sectionOfPointer("/antiRollBars/0"),
                                                  compare::sectionOfPointer("/drive/differential/drivenWheels")}));
        const compare::CopyResult r = compare::copyCoupledSection(truck, car, wheels);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.config.wheels.size(), std::size_t(4));
        QVERIFY(r.config.antiRollBars == car.antiRollBars);
        QVERIFY(!validateVehicle(r.config).hasErrors());
        // The truck's six wheels into the car: every index the car has stays valid.
        QVERIFY(compare::coupledSections(car, truck, wheels).empty());
    }

    void couplingTireTypesTakeTheSurfaces()
    {
        const VehicleConfig& car = preset("physx-snippet-4w.json");
        VehicleConfig rally = preset("rally-car.json");
        QCOMPARE(rally.surfaces.tireTypes.size(), std::size_t(3));
        for (WheelConfig& w : rally.wheels)
            w.tire.type = 2;  // snow_studded: the car has two tire types
        QVERIFY(!validateVehicle(rally).hasErrors());
        const std::string tires = compare::sectionOfPointer("/wheels/0/tire/type");
        const std::string surfaces = compare::sectionOfPointer("/surfaces/tireTypes");
        const std::vector<compare::CoupledSection> coupled = compare::coupledSections(car, rally, tires);
        QCOMPARE(coupled.size(), std::size_t(1));
        QCOMPARE(coupled[0].section, surfaces);
        const compare::CopyResult r = compare::copyCoupledSection(car, rally, tires);
        QVERIFY(!validateVehicle(r.config).hasErrors());
        QCOMPARE(r.config.surfaces.tireTypes, rally.surfaces.tireTypes);
        QCOMPARE(r.config.wheels[3].tire.type, 2);
        // The car's two tire types into the rally car whose tires use the third: its tires come along.
        const std::vector<compare::CoupledSection> back = compare::coupledSections(rally, car, surfaces);
        QCOMPARE(back.size(), std::size_t(1));
        QCOMPARE(back[0].section, tires);
    }
};

QTEST_APPLESS_MAIN(TestCompareModel)
#include "test_compare_model.moc"
