// The JSON Schemas of the three file formats: each is valid JSON with "$schema" and, walked
// alongside every preset file, names every key the preset uses at its place (so an editor that
// reads the schema knows every key Jounce writes); a key the schema lacks is caught by the walk.

#include "config/ParameterRegistry.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"
#include "json/JsonSchema.h"
#include "json/JsonText.h"

#include <QtTest>

#include <filesystem>
#include <string>
#include <vector>

using namespace jounce;
using json::Json;
namespace fs = std::filesystem;

namespace {

/// Whether `value` satisfies an "if" of the form {"properties": {key: {"const": c}}, "required": [...]}.
bool ifHolds(const Json& condition, const Json& value)
{
    if (const auto req = condition.find("required"); req != condition.end())
        for (const Json& key : *req)
            if (!value.contains(key.get<std::string>()))
                return false;
    if (const auto props = condition.find("properties"); props != condition.end())
        for (auto it = props->begin(); it != props->end(); ++it)
            if (it.value().contains("const") && value.contains(it.key()) && value[it.key()] != it.value()["const"])
                return false;
    return true;
}

/// The schemas that apply to an object: the schema itself and the "then" of every "allOf" entry
/// whose "if" holds (recursively).
void applicable(const Json& schema, const Json& value, std::vector<const Json*>& out)
{
    out.push_back(&schema);
    if (const auto all = schema.find("allOf"); all != schema.end())
        for (const Json& entry : *all) {
            if (entry.contains("if") && entry.contains("then")) {
                if (ifHolds(entry["if"], value))
                    applicable(entry["then"], value, out);
            } else {
                applicable(entry, value, out);
            }
        }
}

/// Appends the JSON pointer of every key in `value` that `schema` does not name at its place.
void walk(const Json& schema, const Json& value, const std::string& pointer, std::vector<std::string>& missing)
{
    if (value.is_object()) {
        std::vector<const Json*> schemas;
        applicable(schema, value, schemas);
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string at = pointer + "/" + json::pointerToken(it.key());
            const Json* property = nullptr;
            for (const Json* s : schemas)
                if (s->contains("properties") && (*s)["properties"].contains(it.key())) {
                    property = &(*s)["properties"][it.key()];
                    break;
                }
            if (property)
                walk(*property, it.value(), at, missing);
            else
                missing.push_back(at);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            const Json* items = nullptr;
            if (schema.contains("prefixItems") && i < schema["prefixItems"].size())
                items = &schema["prefixItems"][i];
            else if (schema.contains("items") && schema["items"].is_object())
                items = &schema["items"];
            if (items)
                walk(*items, value[i], pointer + "/" + std::to_string(i), missing);
        }
    }
}

std::vector<std::string> keysMissingFrom(const Json& schema, const Json& document)
{
    std::vector<std::string> missing;
    walk(schema, document, "", missing);
    return missing;
}

Json load(const fs::path& path)
{
    std::string text;
    const std::string err = json::readTextFile(path.string(), 1 << 22, text);
    Problems problems;
    std::optional<Json> json = json::parseJson(text, problems);
    if (!err.empty() || !json || !json->is_object())
        qFatal("cannot read %s: %s", path.string().c_str(), err.c_str());
    return *json;
}

std::vector<fs::path> presets(const char* folder)
{
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(JOUNCE_SOURCE_DIR) / folder))
        if (e.path().extension() == ".json")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

Json schemaOf(const QString& format)
{
    if (format == "vehicle")
        return config::ParameterRegistry::instance().schema();
    if (format == "maneuver")
        return sim::maneuverSchema();
    return sim::terrainSchema();
}

QString join(const std::vector<std::string>& v)
{
    QString s;
    for (const std::string& p : v)
        s += QString::fromStdString(p) + " ";
    return s;
}

}  // namespace

class TestSchema : public QObject {
    Q_OBJECT
private slots:
    void schemasAreJsonWithADialect_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("fileFormat");
        QTest::newRow("vehicle") << "vehicle" << "jounce.vehicle";
        QTest::newRow("maneuver") << "maneuver" << "jounce.maneuver";
        QTest::newRow("terrain") << "terrain" << "jounce.terrain";
    }

    void schemasAreJsonWithADialect()
    {
        QFETCH(QString, format);
        QFETCH(QString, fileFormat);
        const Json schema = schemaOf(format);
        // Written as text and read back by the checked parser: valid JSON, the same value.
        Problems problems;
        const std::optional<Json> back = json::parseJson(json::formatJson(schema), problems);
        QVERIFY(back && problems.items.empty());
        QVERIFY(*back == schema);
        QCOMPARE((*back)["$schema"].get<std::string>(), std::string(json::schema::kDialect));
        QCOMPARE((*back)["type"].get<std::string>(), std::string("object"));
        QCOMPARE((*back)["properties"]["format"]["const"].get<std::string>(), fileFormat.toStdString());
        QVERIFY((*back)["required"].size() >= 2);
    }

    void everyPresetKeyIsInItsSchema_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        int maneuvers = 0, terrains = 0;
        for (const fs::path& p : presets("presets/maneuvers")) {
            QTest::newRow(("maneuver " + p.filename().string()).c_str()) << "maneuver" << QString::fromStdString(p.string());
            ++maneuvers;
        }
        for (const fs::path& p : presets("presets/terrains")) {
            QTest::newRow(("terrain " + p.filename().string()).c_str()) << "terrain" << QString::fromStdString(p.string());
            ++terrains;
        }
        for (const fs::path& p : presets("presets"))
            QTest::newRow(("vehicle " + p.filename().string()).c_str()) << "vehicle" << QString::fromStdString(p.string());
        QVERIFY(maneuvers >= 10 && terrains >= 2);
    }

    void everyPresetKeyIsInItsSchema()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        const std::vector<std::string> missing = keysMissingFrom(schemaOf(format), load(file.toStdString()));
        QVERIFY2(missing.empty(), qPrintable("not in the schema: " + join(missing)));
    }

    void theWalkCatchesKeysTheSchemaLacks()
    {
        // Keys a file may not have, at several depths and in type-dependent parts.
        Json maneuver = load(fs::path(JOUNCE_SOURCE_DIR) / "presets/maneuvers/slalom-18m.json");
        maneuver["start"]["colour"] = "red";
        maneuver["phases"][std::size_t(0)]["inputs"]["throttle"] = 1;
        std::size_t pathPhase = 0;
        while (!maneuver["phases"][pathPhase].contains("path"))
            ++pathPhase;
        maneuver["phases"][pathPhase]["path"]["radius"] = 10;  // a circle's key on a slalom
        const std::string p = "/phases/" + std::to_string(pathPhase) + "/path/radius";
        QCOMPARE(keysMissingFrom(sim::maneuverSchema(), maneuver),
                 (std::vector<std::string>{"/start/colour", "/phases/0/inputs/throttle", p}));

        Json terrain = load(fs::path(JOUNCE_SOURCE_DIR) / "presets/terrains/proving-ground.json");
        terrain["features"][std::size_t(0)]["from"] = Json::array({1, 2});  // a ramp's key on a bump
        terrain["surfaces"]["patches"][std::size_t(0)]["radius"] = 3;        // a circle's key on a rectangle
        terrain["extent"]["zMin"] = 0;
        QCOMPARE(keysMissingFrom(sim::terrainSchema(), terrain),
                 (std::vector<std::string>{"/extent/zMin", "/features/0/from", "/surfaces/patches/0/radius"}));

        // And a schema that lacks a key the presets use fails the walk over them.
        Json schema = sim::maneuverSchema();
        schema["properties"]["phases"]["items"]["properties"]["inputs"]["properties"].erase("steerWave");
        const Json wave = load(fs::path(JOUNCE_SOURCE_DIR) / "presets/maneuvers/sine-with-dwell.json");
        const std::vector<std::string> missing = keysMissingFrom(schema, wave);
        QVERIFY(!missing.empty());
        for (const std::string& m : missing)
            QVERIFY2(m.ends_with("/inputs/steerWave"), m.c_str());
    }

    void schemaStatesTheReadersLimits()
    {
        const Json m = sim::maneuverSchema();
        const Json& inputs = m["properties"]["phases"]["items"]["properties"]["inputs"]["properties"];
        QCOMPARE(inputs["accel"]["minimum"].get<double>(), 0.0);
        QCOMPARE(inputs["accel"]["maximum"].get<double>(), 1.0);
        QCOMPARE(inputs["gear"]["maximum"].get<int>(), sim::kMaxManeuverGear);
        QCOMPARE(m["properties"]["phases"]["maxItems"].get<std::size_t>(), sim::kMaxManeuverPhases);
        // Every key a path type uses is in that type's variant.
        const Json& path = m["properties"]["phases"]["items"]["properties"]["path"];
        for (std::size_t t = 0; t < sim::kPathTypeNames.size(); ++t) {
            const Json& then = path["allOf"][t]["then"]["properties"];
            QCOMPARE(path["allOf"][t]["if"]["properties"]["type"]["const"].get<std::string>(),
                     std::string(sim::kPathTypeNames[t]));
            for (const std::string& key : sim::pathKeys(sim::PathType(t)))
                QVERIFY2(then.contains(key), key.c_str());
        }
        const Json t = sim::terrainSchema();
        QCOMPARE(t["properties"]["spacing"]["minimum"].get<double>(), 0.01);
        QCOMPARE(t["properties"]["features"]["items"]["properties"]["width"]["exclusiveMinimum"].get<double>(), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestSchema)
#include "test_schema.moc"
