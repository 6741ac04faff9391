// Typed parameter references (config/ParameterPaths.h) and the registry's metadata flags: every
// constant names a registry node, the typed paths resolve in a vehicle, the mirroring and graph
// flags are set where the editors expect them, and no file under model/doctor, model/compare or
// widgets spells a parameter path by hand (a new hand-typed path fails `noHandTypedPaths`).

#include "support/TestVehicles.h"
#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleValidation.h"
#include "doctor/StaticChecks.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace jounce;
using config::Node;
using config::ParameterRegistry;
namespace param = config::param;

namespace {

std::string readFile(const std::filesystem::path& p)
{
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Constant {
    std::string name;
    std::string path;
    bool element = false;
};

/// Every constant of ParameterPaths.h, read from its source so none can be left out of the walk.
std::vector<Constant> constantsOfHeader()
{
    const std::string text = readFile(std::filesystem::path(JOUNCE_SOURCE_DIR) / "model/config/ParameterPaths.h");
    const std::regex decl(R"re(constexpr\s+(Element)?Path\s+(\w+)\s*\{\s*"([^"]*)"\s*\})re");
    std::vector<Constant> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), decl); it != std::sregex_iterator(); ++it)
        out.push_back({(*it)[2].str(), (*it)[3].str(), (*it)[1].matched});
    return out;
}

/// A string literal in a source file, with its line.
struct Literal {
    int line = 0;
    std::string text;
};

/// Splits C++ source into string literals and the code outside literals and comments (character
/// literals are skipped; raw strings are not used in the scanned directories).
void tokenize(const std::string& src, std::vector<Literal>& literals, std::string& code)
{
    int line = 1;
    for (std::size_t i = 0; i < src.size(); ++i) {
        const char c = src[i];
        if (c == '\n') {
            ++line;
            code += c;
        } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
            while (i < src.size() && src[i] != '\n')
                ++i;
            --i;
        } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
            for (i += 2; i + 1 < src.size() && !(src[i] == '*' && src[i + 1] == '/'); ++i)
                if (src[i] == '\n')
                    ++line;
            ++i;
        } else if (c == '"' || c == '\'') {
            std::string text;
            for (++i; i < src.size() && src[i] != c; ++i) {
                if (src[i] == '\\' && i + 1 < src.size())
                    text += src[i++];
                text += src[i];
            }
            if (c == '"')
                literals.push_back({line, text});
            code += ' ';
        } else {
            code += c;
        }
    }
}

/// The rules a hand-typed path breaks. `heads` are the keys a path or a wheel-relative path starts
/// with (the registry's top three levels); `ids` are the doctor's finding ids, which share some
/// of them ("chassis.moi") but are not paths. Lines marked `path-check: prose` are exempt.
std::vector<std::string> handTypedPaths(const std::string& source, const std::set<std::string>& heads,
                                        const std::set<std::string>& ids)
{
    std::vector<std::string> found;
    std::vector<Literal> literals;
    std::string code;
    tokenize(source, literals, code);
    std::set<int> exempt;
    std::istringstream lines(source);
    int n = 0;
    for (std::string l; std::getline(lines, l);)
        if (++n, l.find("path-check: prose") != std::string::npos)
            exempt.insert(n);

    n = 0;
    std::istringstream codeLines(code);
    for (std::string l; std::getline(codeLines, l);)
        if (++n, l.find("wheelPath(") != std::string::npos)
            found.push_back(std::to_string(n) + ": wheelPath(");

    const std::regex head(R"(^([A-Za-z]+)[.\[])");
    const std::regex indexed(R"([A-Za-z]\[(\d+|\*)\])");
    for (const Literal& lit : literals) {
        if (exempt.count(lit.line) || ids.count(lit.text))
            continue;
        std::smatch m;
        const bool startsLikePath = std::regex_search(lit.text, m, head) && heads.count(m[1].str());
        if (startsLikePath || std::regex_search(lit.text, indexed))
            found.push_back(std::to_string(lit.line) + ": \"" + lit.text + "\"");
    }
    return found;
}

std::set<std::string> pathHeads()
{
    std::set<std::string> heads;
    const Node& root = ParameterRegistry::instance().root();
    for (const auto& top : root.children) {
        heads.insert(top->key);
        const Node* object = top->kind == config::NodeKind::Array ? top->element.get() : top.get();
        if (!object)
            continue;
        for (const auto& second : object->children) {
            heads.insert(second->key);
            if (top->key == "wheels")
                for (const auto& third : second->children)
                    heads.insert(third->key);
        }
    }
    return heads;
}

std::set<std::string> findingIds()
{
    std::set<std::string> ids;
    for (const doctor::CheckInfo& c : doctor::checkCatalogue())
        ids.insert(c.id);
    return ids;
}

}  // namespace

class TestParameterPaths : public QObject {
    Q_OBJECT
private slots:
    void everyConstantNamesARegistryNode()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        const std::vector<Constant> constants = constantsOfHeader();
        QVERIFY2(constants.size() >= 50, "ParameterPaths.h was not read, or lost its constants");
        std::set<std::string> seen;
        for (const Constant& c : constants) {
            const QByteArray what = QByteArray::fromStdString(c.name + " = \"" + c.path + "\"");
            QVERIFY2(reg.findNode(c.path) != nullptr, what + ": no such registry node");
            QVERIFY2(seen.insert(c.path).second, what + ": declared twice");
            // A constant is named after its key ("object" and "list" name the container itself).
            const std::string key = c.path.substr(c.path.rfind('.') + 1);
            QVERIFY2(c.name == key || c.name == "object" || c.name == "list", what + ": named after another key");
            const std::size_t stars = c.path.find("[*]");
            QVERIFY2(c.element == (stars != std::string::npos) && c.path.find("[*]", stars + 1) == std::string::npos,
                     what + ": an ElementPath has exactly one [*], a Path none");
        }
    }

    void typedPathsResolveInAVehicle()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        const VehicleConfig c = testing::carWithCompliance();
        QCOMPARE(param::wheels::suspension::springStrength(2), std::string("wheels[2].suspension.springStrength"));
        QCOMPARE(reg.get(c, param::wheels::suspension::springStrength(2))->get<double>(), c.wheels[2].suspension.springStrength);
        QCOMPARE(reg.get(c, param::drive::engine::torqueCurve(1, 0))->get<double>(), c.drive.engine.torqueCurve[1].x);
        QCOMPARE(reg.get(c, param::drive::gears::ratios(2))->get<double>(), c.drive.gears.ratios[2]);
        QCOMPARE(reg.get(c, param::chassis::moi(2))->get<double>(), c.chassis.moi.z);
        QCOMPARE(reg.get(c, param::surfaces::friction(0, 0))->get<double>(), c.surfaces.friction[0][0]);
        QCOMPARE(reg.get(c, param::wheels::compliance::wheelToeAngle(0, 2, 1))->get<double>(),
                 c.wheels[0].compliance->wheelToeAngle[2].y);
        QCOMPARE(reg.get(c, param::drive::engine::peakTorque)->get<double>(), c.drive.engine.peakTorque);
        QCOMPARE(param::surfaces::friction(param::any, param::any), std::string("surfaces.friction[*][*]"));
        QVERIFY(reg.findLeaf(param::drive::engine::torqueCurve(param::any, 1)) != nullptr);
        QCOMPARE(param::drive::differential::centreBias.key(), std::string_view("centreBias"));

        QCOMPARE(param::wheels::wheelIndex("wheels[12].tire.type"), std::optional<std::size_t>(12));
        QVERIFY(!param::wheels::wheelIndex("wheels[*].tire.type"));
        QVERIFY(!param::wheels::wheelIndex("antiRollBars[1].stiffness"));
        QCOMPARE(param::wheels::wheelPattern("wheels[3].geometry.wheelCentreOffset[1]"),
                 std::string("wheels[*].geometry.wheelCentreOffset[1]"));
        QVERIFY(param::drive::differential::object.contains("drive.differential.frontBias"));
        QVERIFY(!param::drive::differential::object.contains("drive.differentialX"));
        QVERIFY(param::wheels::list.contains("wheels[*].suspension"));
    }

    void mirroredLeavesAreTheSideDependentOnes()
    {
        std::set<std::string> mirrored;
        for (const config::LeafRef& leaf : ParameterRegistry::instance().allLeaves())
            if (leaf.node->mirrorsLeftRight)
                mirrored.insert(leaf.path);
        const std::set<std::string> expected{
            param::wheels::suspension::camberAtRest.str(), param::wheels::suspension::camberAtMaxCompression.str(),
            param::wheels::suspension::camberAtMaxDroop.str(), "wheels[*].wheel.toeAngle",
            "wheels[*].geometry.wheelCentreOffset[1]", "wheels[*].geometry.suspForceAppPointOffset[1]",
            "wheels[*].geometry.tireForceAppPointOffset[1]"};
        QCOMPARE(mirrored, expected);
    }

    void graphsCarryTheirCurveMetadata()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        std::map<std::string, const Node*> byPath;
        for (const Node* g : reg.graphs()) {
            QVERIFY(g->kind == config::NodeKind::Array && g->element && g->element->tuple);
            QCOMPARE(g->element->children.size(), std::size_t(2));
            QVERIFY(!g->graph->id.empty() && !g->graph->title.empty() && !g->graph->xAxis.empty() && !g->graph->yAxis.empty());
            byPath[g->pathPattern()] = g;
        }
        const std::set<std::string> expected{
            param::drive::engine::torqueCurve.str(), param::wheels::tire::frictionVsSlipGraph.str(),
            param::wheels::compliance::wheelToeAngle.str(), param::wheels::compliance::wheelCamberAngle.str(),
            param::controls::steerVsForwardSpeedTable.str()};
        std::set<std::string> paths;
        for (const auto& [p, g] : byPath)
            paths.insert(p);
        QCOMPARE(paths, expected);
        for (const auto& [p, g] : byPath)
            QCOMPARE(g->graph->fixedFirstX, p == param::wheels::tire::frictionVsSlipGraph.str());
    }

    /// The flags describe rules validation enforces: a graph marked increasingX is refused when
    /// two points swap, one marked fixedFirstX when its first x moves.
    void graphFlagsMatchValidation()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        for (const Node* g : reg.graphs()) {
            const std::string pattern = g->pathPattern();
            const bool perWheel = param::wheels::list.contains(pattern);
            const std::string path = perWheel ? param::ElementPath{pattern}(0) : pattern;
            const std::string pointer = ParameterRegistry::pathToPointer(path);
            auto problemAt = [&](const VehicleConfig& c) {
                for (const Problem& p : validateVehicle(c).items)
                    if (p.pointer.rfind(pointer, 0) == 0)
                        return true;
                return false;
            };
            VehicleConfig c = testing::carWithCompliance();
            QVERIFY2(!problemAt(c), pattern.c_str());
            if (g->graph->increasingX) {
                const double x0 = reg.get(c, param::Path{path}(0, 0))->get<double>();
                const double x1 = reg.get(c, param::Path{path}(1, 0))->get<double>();
                QVERIFY(reg.set(c, param::Path{path}(0, 0), x1).empty());
                QVERIFY(reg.set(c, param::Path{path}(1, 0), x0).empty());
                QVERIFY2(problemAt(c), (pattern + ": decreasing x accepted").c_str());
            }
            if (g->graph->fixedFirstX) {
                c = testing::carWithCompliance();
                const double x0 = reg.get(c, param::Path{path}(0, 0))->get<double>();
                QVERIFY(reg.set(c, param::Path{path}(0, 0), x0 + 0.001).empty());
                QVERIFY2(problemAt(c), (pattern + ": first x moved, accepted").c_str());
            }
        }
    }

    /// The scanner finds what it is meant to find (so the next test can fail).
    void scannerFindsHandTypedPaths()
    {
        const std::set<std::string> heads = pathHeads();
        const std::set<std::string> ids = findingIds();
        QVERIFY(heads.count("wheels") && heads.count("suspension") && heads.count("engine"));
        const char* bad[] = {
            R"(f.parameters.push_back(wheelPath(i, "x"));)",
            R"(f.parameters = {"drive.engine.peakTorque"};)",
            R"(const std::string p = "suspension.springStrength";)",
            R"(p.find("Offset[1]"))",
            R"(edits.push_back({"wheels[" + std::to_string(w) + "].tire.type", 1});)",
        };
        for (const char* src : bad)
            QVERIFY2(!handTypedPaths(src, heads, ids).empty(), src);
        const char* good[] = {
            R"(f.id = "chassis.moi";)",
            R"(// "wheels[0].tire.type" in a comment)",
            R"(f.reason = "the spring rate is low";)",
            R"(x = "gears.ratios[" + n + "]";  // path-check: prose)",
        };
        for (const char* src : good)
            QVERIFY2(handTypedPaths(src, heads, ids).empty(), src);
    }

    void noHandTypedPaths()
    {
        const std::set<std::string> heads = pathHeads();
        const std::set<std::string> ids = findingIds();
        const std::filesystem::path root(JOUNCE_SOURCE_DIR);
        QStringList problems;
        int files = 0;
        for (const char* dir : {"model/doctor", "model/compare", "widgets"}) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
                const std::string ext = entry.path().extension().string();
                if (ext != ".cpp" && ext != ".h")
                    continue;
                ++files;
                for (const std::string& hit : handTypedPaths(readFile(entry.path()), heads, ids))
                    problems << QString::fromStdString(std::filesystem::relative(entry.path(), root).string() + ":" + hit);
            }
        }
        QVERIFY(files > 20);
        QVERIFY2(problems.isEmpty(), qPrintable("parameter paths typed by hand (use config/ParameterPaths.h):\n" +
                                                problems.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestParameterPaths)
#include "test_parameter_paths.moc"
