// The edit session (config/EditSession.h): edits as one all-or-nothing step, each leaf checked by
// the registry, the relations checked once on the result, and only NEW errors refuse an edit.

#include "support/TestVehicles.h"
#include "config/EditSession.h"
#include "config/VehicleValidation.h"
#include "compare/VehiclePatch.h"
#include "json/JsonText.h"

#include <QtTest>

using namespace jounce;
using config::Edit;
using config::EditList;
using config::EditResult;
using config::EditSession;
using config::Json;

namespace {

std::shared_ptr<const VehicleConfig> shared(const VehicleConfig& c) { return std::make_shared<const VehicleConfig>(c); }

bool hasError(const Problems& problems, const std::string& pointer, const std::string& words)
{
    for (const Problem& p : problems.items)
        if (p.severity == Severity::Error && p.pointer == pointer && p.message.find(words) != std::string::npos)
            return true;
    return false;
}

/// The reference car with a decreasing forward ratio: an error the vehicle already has.
VehicleConfig brokenGears()
{
    VehicleConfig c = referenceCar();
    c.drive.gears.ratios[4] = 2.5;
    return c;
}

}  // namespace

class TestEditSession : public QObject {
    Q_OBJECT
private slots:
    void appliesValidEditsAndLeavesTheBase()
    {
        const auto base = shared(referenceCar());
        const EditSession session(base);
        const EditList edits{{"chassis.mass", 1600.0}, {"wheels[2].suspension.springStrength", 41000.0}};
        const EditResult r = session.apply(edits);
        QVERIFY2(r.ok(), r.refusal.c_str());
        QVERIFY(r.changed);
        QVERIFY(r.config && r.config != base);
        QCOMPARE(r.config->chassis.mass, 1600.0);
        QCOMPARE(r.config->wheels[2].suspension.springStrength, 41000.0);
        QVERIFY(!r.problems.hasErrors());
        // The base snapshot is untouched.
        QVERIFY(*base == referenceCar());
        QVERIFY(*session.base() == referenceCar());
    }

    void aLeafOutOfLimitsIsRefusedWithItsPathAndReason()
    {
        const auto base = shared(referenceCar());
        const EditResult r = EditSession(base).apply(EditList{{"wheels[1].suspension.springStrength", -5.0}});
        QVERIFY(!r.ok());
        QVERIFY(!r.config);
        QCOMPARE(r.refusal, std::string("wheels[1].suspension.springStrength: must be > 0, got -5"));
        QCOMPARE(r.refusedEdit, std::optional<std::size_t>(0));
        QVERIFY(hasError(r.problems, "/wheels/1/suspension/springStrength", "must be > 0, got -5"));
        QCOMPARE(r.relationChecks, 0);  // a refused leaf stops before the relations

        // A wrong type and an unknown path are refused the same way.
        QVERIFY(!EditSession(base).apply(EditList{{"chassis.mass", "heavy"}}).ok());
        const EditResult unknown = EditSession(base).apply(EditList{{"wheels[0].wheel.colour", 3}});
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.problems.items.size(), std::size_t(1));
        QVERIFY(*base == referenceCar());
    }

    void textThatIsNotUtf8IsRefused()
    {
        // Found by fuzz_set: `--set name=` with 130 bytes 0xFF was 130 bytes, under the 200-byte
        // limit, but written out as 390 bytes of U+FFFD the file no longer read back.
        const auto base = shared(referenceCar());
        const std::string bad(130, '\xff');
        const EditResult r = EditSession(base).apply(EditList{{"name", bad}});
        QVERIFY(!r.ok() && !r.config);
        QCOMPARE(r.refusal, std::string("name: is not valid UTF-8 text"));
        for (const char* invalid : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "a\xe2\x82", "\x80"})
            QVERIFY2(!json::isValidUtf8(invalid), invalid);
        for (const char* valid : {"", "plain", "\xc3\xa9t\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x9a\x97"})
            QVERIFY2(json::isValidUtf8(valid), valid);
        QVERIFY(EditSession(base).apply(EditList{{"name", "\xc3\x89t\xc3\xa9 car"}}).ok());
    }

    void severalEditsAreAllOrNothing()
    {
        const auto base = shared(referenceCar());
        const EditList edits{{"chassis.mass", 1600.0}, {"drive.autoBox.latency", 3.0},
                             {"wheels[0].suspension.springStrength", -5.0}};
        const EditResult r = EditSession(base).apply(edits);
        QVERIFY(!r.ok());
        QVERIFY(!r.config);
        QCOMPARE(r.refusedEdit, std::optional<std::size_t>(2));
        QVERIFY(*base == referenceCar());  // the first two were not applied either
    }

    void aNewRelationErrorIsRefused()
    {
        // VehicleValidation.cpp: forward gear ratios must decrease.
        const auto base = shared(referenceCar());
        const EditResult r = EditSession(base).apply(EditList{{"drive.gears.ratios[4]", 2.5}});
        QVERIFY(!r.ok());
        QVERIFY(!r.config);
        QVERIFY2(r.refusal.rfind("/drive/gears/ratios/4: ", 0) == 0, r.refusal.c_str());
        QVERIFY(!r.refusedEdit);  // no single leaf was wrong: the relation was
        QVERIFY(hasError(r.problems, "/drive/gears/ratios/4", "smaller"));

        // Two leaves each fine alone, together without travel: refused at the relation's pointer.
        const EditResult travel = EditSession(base).apply(
            EditList{{"wheels[1].suspension.maxCompression", 0.0}, {"wheels[1].suspension.maxDroop", 0.0}});
        QVERIFY(!travel.ok());
        QVERIFY2(travel.refusal.rfind("/wheels/1/suspension/maxDroop: ", 0) == 0, travel.refusal.c_str());

        // A gear count without its autobox ratios, as a whole candidate (a copy from compare).
        VehicleConfig moreGears = referenceCar();
        moreGears.drive.gears.ratios.push_back(0.6);
        const EditResult copy = EditSession(base).replace(shared(moreGears));
        QVERIFY(!copy.ok());
        QVERIFY2(copy.refusal.find("/drive/autoBox/") == 0, copy.refusal.c_str());
    }

    void existingErrorsDoNotBlockEdits()
    {
        const auto base = shared(brokenGears());
        const EditSession session(base);
        QVERIFY(hasError(session.baseProblems(), "/drive/gears/ratios/4", "smaller"));
        // An unrelated edit is allowed; the old error is still reported on the result.
        const EditResult r = session.apply(EditList{{"chassis.mass", 1600.0}});
        QVERIFY2(r.ok(), r.refusal.c_str());
        QCOMPARE(r.config->chassis.mass, 1600.0);
        QVERIFY(hasError(r.problems, "/drive/gears/ratios/4", "smaller"));
        // Fixing it is allowed too, and the result is clean.
        const EditResult fixed = session.apply(EditList{{"drive.gears.ratios[4]", referenceCar().drive.gears.ratios[4]}});
        QVERIFY2(fixed.ok(), fixed.refusal.c_str());
        QVERIFY(!fixed.problems.hasErrors());
        // But a further new error still is refused.
        QVERIFY(!session.apply(EditList{{"drive.gears.ratios[0]", 4.0}}).ok());
    }

    void starPathsSetEveryElement()
    {
        const auto base = shared(referenceCar());
        const EditResult r = EditSession(base).apply(EditList{{"wheels[*].suspension.springStrength", 40000.0}});
        QVERIFY2(r.ok(), r.refusal.c_str());
        for (const WheelConfig& w : r.config->wheels)
            QCOMPARE(w.suspension.springStrength, 40000.0);
        // A refused star edit names the first element it failed on; nothing changes.
        const EditResult bad = EditSession(base).apply(EditList{{"wheels[*].wheel.mass", 0.0}});
        QVERIFY(!bad.ok());
        QVERIFY2(bad.refusal.rfind("wheels[0].wheel.mass: ", 0) == 0, bad.refusal.c_str());
        QVERIFY(hasError(bad.problems, "/wheels/0/wheel/mass", "must be"));
        // JSON pointers are accepted as paths.
        QCOMPARE(EditSession(base).apply(EditList{{"/chassis/mass", 1700.0}}).config->chassis.mass, 1700.0);
    }

    void theRelationsAreCheckedOncePerApply()
    {
        const auto base = shared(referenceCar());
        const Problems known = validateVehicle(*base);
        const EditSession session(base, known);  // validation known: the session does not repeat it
        const EditResult one = session.apply(EditList{{"chassis.mass", 1600.0}});
        QCOMPARE(one.relationChecks, 1);
        const EditResult many = session.apply(
            EditList{{"chassis.mass", 1600.0}, {"wheels[*].suspension.springStrength", 40000.0}, {"drive.autoBox.latency", 3.0}});
        QCOMPARE(many.relationChecks, 1);
        QCOMPARE(session.apply(EditList{{"chassis.mass", 1600.0}, {"drive.gears.ratios[4]", 2.5}}).relationChecks, 1);
        // Nothing changed: no check at all, the base snapshot comes back.
        const EditResult same = session.apply(EditList{{"chassis.mass", base->chassis.mass}});
        QVERIFY(same.ok() && !same.changed);
        QCOMPARE(same.config, base);
        QCOMPARE(same.relationChecks, 0);
        QCOMPARE(session.apply(EditList{}).relationChecks, 0);
        // A whole candidate: once.
        VehicleConfig heavier = *base;
        heavier.chassis.mass = 1800.0;
        QCOMPARE(session.replace(shared(heavier)).relationChecks, 1);
        // The one-shot form validates the base as well.
        QCOMPARE(config::applyEdits(*base, EditList{{"chassis.mass", 1600.0}}).relationChecks, 2);
        // The next session starts from the result and its problems: still one per apply.
        const EditSession next(one.config, one.problems);
        QCOMPARE(next.apply(EditList{{"chassis.mass", 1650.0}}).relationChecks, 1);
    }

    void patchesAndCopiesOfValuesAreEdits()
    {
        // A patch that only replaces values is a list of edits and goes through the session.
        const VehicleConfig car = referenceCar();
        const Json values = Json::parse(R"([{"op": "replace", "path": "/chassis/mass", "value": 1600.0},
                                           {"op": "replace", "path": "/wheels/2/suspension/springStrength", "value": 41000.0}])");
        const std::optional<EditList> edits = compare::patchEdits(car, values);
        QVERIFY(edits);
        QCOMPARE(*edits, (EditList{{"chassis.mass", 1600.0}, {"wheels[2].suspension.springStrength", 41000.0}}));
        const compare::PatchResult patched = compare::applyPatch(car, values);
        QVERIFY(patched.ok());
        QCOMPARE(patched.config.wheels[2].suspension.springStrength, 41000.0);
        // A refused value comes back as reading a file would report it, at its pointer.
        const compare::PatchResult bad =
            compare::applyPatch(car, Json::parse(R"([{"op": "replace", "path": "/chassis/mass", "value": -5}])"));
        QVERIFY(!bad.ok());
        QVERIFY(hasError(bad.problems, "/chassis/mass", "must be > 0, got -5"));
        // Anything structural is not an edit list.
        QVERIFY(!compare::patchEdits(car, Json::parse(R"([{"op": "remove", "path": "/wheels/1/wheel/radius"}])")));
        QVERIFY(!compare::patchEdits(car, Json::parse(R"([{"op": "replace", "path": "/format", "value": "x"}])")));
        QVERIFY(!compare::patchEdits(car, Json::parse(R"([{"op": "replace", "path": "/wheels/9/wheel/radius", "value": 0.4}])")));

        // A copy of one value from another vehicle is an edit; one that adds a gear is not.
        VehicleConfig other = car;
        other.antiRollBars.at(1).stiffness = 12000.0;
        const compare::CopyResult one =
            compare::copyDifferences(car, other, compare::CopyScope::Value, "/antiRollBars/1/stiffness");
        QCOMPARE(one.edits, (EditList{{"antiRollBars[1].stiffness", 12000.0}}));
        other.drive.gears.ratios.push_back(0.6);
        const compare::CopyResult gears = compare::copyDifferences(
            car, other, compare::CopyScope::Section, compare::sectionOfPointer("/drive/gears/ratios/0"));
        QVERIFY2(gears.error.empty(), gears.error.c_str());
        QVERIFY(gears.edits.empty());
    }

    void editText()
    {
        QCOMPARE(config::editText({"wheels[0].suspension.springDamperRate", 4800}), std::string("wheels[0].suspension.springDamperRate=4800"));
        QCOMPARE(config::editText({"drive.type", "NW"}), std::string("drive.type=NW"));
        const std::optional<Edit> e = config::parseEditText("drive.engine.torqueCurve[1]=[0.4, 0.95]");
        QVERIFY(e);
        QCOMPARE(e->path, std::string("drive.engine.torqueCurve[1]"));
        QCOMPARE(e->value, Json::parse("[0.4, 0.95]"));
        QCOMPARE(config::parseEditText("drive.type=NW")->value, Json("NW"));
        QVERIFY(!config::parseEditText("chassis.mass"));
        QVERIFY(!config::parseEditText("=3"));
    }
};

QTEST_APPLESS_MAIN(TestEditSession)
#include "test_edit_session.moc"
