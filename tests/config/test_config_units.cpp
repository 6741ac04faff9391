// Units at the fields: every field of the vehicle configuration (config/VehicleConfig.h,
// config/TireModels.h) ends its comment with its unit in parentheses, and that unit is the one the
// parameter registry gives the parameter -- so a unit written where the field is declared cannot
// drift from the one the file format, the editor and the schema use.

#include "config/ParameterRegistry.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace jounce;
using config::Node;
using config::NodeKind;

namespace {

struct Field {
    std::string structName;
    std::string name;
    std::string comment;  ///< the trailing ///< comment, or the /// lines above the field
    int line = 0;
};

/// Every data member of every struct in `path`, with its comment. Member functions, friends and
/// constants are not fields.
std::vector<Field> fieldsOf(const std::string& path)
{
    std::ifstream in(path);
    std::vector<Field> out;
    std::string line, current, above;
    const std::regex structStart(R"(^struct (\w+) \{)");
    const std::regex member(R"(^    (?:const )?[\w:<>, ]+?[\w>] (\w+)(?: = [^;]*|\{[^;]*\})?;(?:\s*///<\s*(.*))?$)");
    int number = 0;
    std::smatch m;
    while (std::getline(in, line)) {
        ++number;
        const std::string code = line.substr(0, line.find("//"));
        if (std::regex_search(line, m, structStart)) {
            current = m[1];
            above.clear();
        } else if (line.rfind("};", 0) == 0) {
            current.clear();
        } else if (!current.empty() && line.rfind("    ///", 0) == 0 && line.rfind("    ///<", 0) != 0) {
            above += (above.empty() ? "" : " ") + line.substr(8);
        } else if (!current.empty() && std::regex_match(line, m, member) && code.find("friend") == std::string::npos &&
                   code.find('(') == std::string::npos) {
            out.push_back({current, m[1], m[2].matched ? std::string(m[2]) : above, number});
            above.clear();
        } else if (!current.empty() && code.find('(') != std::string::npos) {
            above.clear();  // a member function: its comment is not a field's
        }
    }
    return out;
}

/// The unit a comment ends with: the last parenthesised group, or "" without one.
std::string unitOf(const std::string& comment)
{
    std::smatch m;
    static const std::regex trailing(R"(\(([^()]*)\)\.?\s*$)");
    return std::regex_search(comment, m, trailing) ? std::string(m[1]) : std::string();
}

/// Where each struct's fields are in the registry; a struct met in several places lists each with
/// the word the comment qualifies its unit by there.
const std::map<std::string, std::vector<std::pair<std::string, std::string>>>& placesOf()
{
    static const std::map<std::string, std::vector<std::pair<std::string, std::string>>> places{
        {"ChassisConfig", {{"chassis", ""}}},
        {"WheelData", {{"wheels[*].wheel", ""}}},
        {"SuspensionData", {{"wheels[*].suspension", ""}}},
        {"WheelGeometry", {{"wheels[*].geometry", ""}}},
        {"WheelCompliance", {{"wheels[*].compliance", ""}}},
        {"WheelConfig", {{"wheels[*]", ""}}},
        {"AntiRollBarConfig", {{"antiRollBars[*]", ""}}},
        {"TireLoadFilterData", {{"tireLoadFilter", ""}}},
        {"EngineData", {{"drive.engine", ""}}},
        {"GearsData", {{"drive.gears", ""}}},
        {"AutoBoxData", {{"drive.autoBox", ""}}},
        {"ClutchData", {{"drive.clutch", ""}}},
        {"Differential4WData", {{"drive.differential", ""}}},
        {"DifferentialNWData", {{"drive.differential", ""}}},
        {"AckermannData", {{"drive.ackermann", ""}}},
        {"DriveConfig", {{"drive", ""}}},
        {"SurfacesConfig", {{"surfaces", ""}}},
        {"SmoothingRates", {{"controls.keySmoothing.riseRates", ""}}},
        {"InputSmoothing", {{"controls.keySmoothing", ""}}},
        {"ControlsConfig", {{"controls", ""}}},
        {"SimulationConfig", {{"simulation", ""}}},
        {"VehicleConfig", {{"", ""}}},
        {"PhysxTireParams", {{"wheels[*].tire", ""}}},
        {"UnityTireParams", {{"wheels[*].tire.unity", ""}}},
        {"WheelFrictionCurve",
         {{"wheels[*].tire.unity.forwardFriction", "forward"}, {"wheels[*].tire.unity.sidewaysFriction", "sideways"}}},
        {"TireData", {{"wheels[*].tire", ""}}},
    };
    return places;
}

/// Fields the file names otherwise.
const std::map<std::string, std::string> kKeys{
    {"differential4W", "differential"}, {"differentialNW", "differential"}, {"tankDriveModel", "driveModel"}, {"params", "model"}};

/// The unit the registry gives a node, in the comments' notation: a leaf's unit, a vector's
/// components' unit, a list's elements', "x: U, y: V" for a graph, the units of a row's columns;
/// "" for a part without one (an object, names, flags, choices).
std::string registryUnit(const Node& n)
{
    if (n.isLeaf())
        return n.info.unit;
    if (n.graph)
        return "x: " + n.element->children.at(0)->info.unit + ", y: " + n.element->children.at(1)->info.unit;
    if (n.kind == NodeKind::Array)
        return n.element->kind == NodeKind::Array ? registryUnit(*n.element) : registryUnit(*n.element);
    if (!n.tuple)
        return {};
    std::vector<std::string> units;
    for (const auto& c : n.children)
        if (std::find(units.begin(), units.end(), c->info.unit) == units.end())
            units.push_back(c->info.unit);
    std::string joined;
    for (const std::string& u : units)
        joined += (joined.empty() ? "" : ", ") + u;
    return joined;
}

}  // namespace

class TestConfigUnits : public QObject {
    Q_OBJECT
private slots:
    void everyFieldCarriesTheRegistrysUnit_data()
    {
        QTest::addColumn<QString>("header");
        QTest::newRow("VehicleConfig.h") << QStringLiteral(JOUNCE_SOURCE_DIR "/model/config/VehicleConfig.h");
        QTest::newRow("TireModels.h") << QStringLiteral(JOUNCE_SOURCE_DIR "/model/config/TireModels.h");
    }

    void everyFieldCarriesTheRegistrysUnit()
    {
        QFETCH(QString, header);
        const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
        const std::vector<Field> fields = fieldsOf(header.toStdString());
        QVERIFY(fields.size() > 10);
        QStringList problems;
        int checked = 0;
        for (const Field& f : fields) {
            const QString where = QStringLiteral("%1:%2 %3::%4").arg(header.section('/', -1)).arg(f.line)
                                      .arg(QString::fromStdString(f.structName), QString::fromStdString(f.name));
            const auto places = placesOf().find(f.structName);
            if (places == placesOf().end()) {
                problems << where + ": a struct the test does not know where to find in the registry";
                continue;
            }
            if (f.comment.empty()) {
                problems << where + ": no comment (what it is and its unit)";
                continue;
            }
            const std::string key = kKeys.count(f.name) ? kKeys.at(f.name) : f.name;
            std::vector<std::pair<std::string, std::string>> units;  // per place: unit, qualifier
            for (const auto& [prefix, qualifier] : places->second) {
                const Node* node = registry.findNode(prefix.empty() ? key : prefix + "." + key);
                if (!node) {
                    problems << where + ": no parameter " + QString::fromStdString(prefix + "." + key);
                    break;
                }
                units.emplace_back(registryUnit(*node), qualifier);
            }
            // One unit where every place agrees ("(1)"), else each with its place ("(1 forward, rad sideways)").
            std::string expected;
            const bool same = std::all_of(units.begin(), units.end(), [&](const auto& u) { return u.first == units.front().first; });
            for (const auto& [unit, qualifier] : units) {
                if (unit.empty() || (same && !expected.empty()))
                    continue;
                expected += (expected.empty() ? "" : ", ") + unit + (same || qualifier.empty() ? "" : " " + qualifier);
            }
            const std::string written = unitOf(f.comment);
            if (!expected.empty() && written != expected)
                problems << where + ": comment says (" + QString::fromStdString(written) + "), the registry (" +
                                QString::fromStdString(expected) + ")";
            ++checked;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        QCOMPARE(checked, int(fields.size()));
        qInfo("%d fields of %s checked", checked, qPrintable(header.section(QLatin1Char('/'), -1)));
    }

    void aMissingOrWrongUnitIsFound()
    {
        // The checker itself: a unit that differs from the registry's is caught.
        QCOMPARE(unitOf("spring rate; must set (N/m)"), std::string("N/m"));
        QCOMPARE(unitOf("spring rate"), std::string());
        QCOMPARE(registryUnit(*config::ParameterRegistry::instance().findNode("wheels[*].suspension.springStrength")),
                 std::string("N/m"));
        QCOMPARE(registryUnit(*config::ParameterRegistry::instance().findNode("drive.engine.torqueCurve")),
                 std::string("x: 1, y: 1"));
        QCOMPARE(registryUnit(*config::ParameterRegistry::instance().findNode("wheels[*].compliance.suspForceAppPoint")),
                 std::string("1, m"));
    }
};

QTEST_APPLESS_MAIN(TestConfigUnits)
#include "test_config_units.moc"
