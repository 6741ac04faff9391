// The importers' entry points follow an ImportControl (exchange/ImportResult.h), as the workbench's
// File ▸ Import does from its worker thread: each stage is reported as it starts, and a cancel
// stops the import there with an error saying so, no vehicle, for PhysX 5, USD and Unity alike.

#include "exchange/ImportResult.h"
#include "exchange/physx5/Physx5Json.h"
#include "exchange/unity/UnityImport.h"
#include "exchange/usd/UsdLayer.h"

#include <QtTest>

#include <atomic>
#include <functional>
#include <vector>

using namespace jounce;
using namespace jounce::exchange;

namespace {

const std::string kData = JOUNCE_SOURCE_DIR "/tests/exchange";

/// One import per format, through its file entry point.
const std::vector<std::pair<const char*, std::function<ImportResult(const ImportControl&)>>>& imports()
{
    static const std::vector<std::pair<const char*, std::function<ImportResult(const ImportControl&)>>> all{
        {"physx5", [](const ImportControl& c) {
             Physx5ImportOptions o;
             o.control = c;
             return importPhysx5Files(kData + "/data/physx5-snippet/Base.json", kData + "/data/physx5-snippet/EngineDrive.json", o);
         }},
        {"usd", [](const ImportControl& c) {
             UsdImportOptions o;
             o.control = c;
             return importUsdFile(kData + "/data/usd/hand-written.usda", o);
         }},
        {"unity", [](const ImportControl& c) { return importUnityFile(kData + "/unity/data/unity-car.prefab", c); }}};
    return all;
}

bool saysCancelled(const ImportResult& r)
{
    for (const FileProblems& f : r.problems)
        for (const Problem& p : f.problems.items)
            if (p.severity == Severity::Error && p.message == "the import was cancelled")
                return true;
    return false;
}

}  // namespace

class TestImportControl : public QObject {
    Q_OBJECT
private slots:
    void stagesAreReportedInOrder()
    {
        for (const auto& [name, run] : imports()) {
            std::vector<ImportStage> stages;
            ImportControl control;
            control.stage = [&](ImportStage s) { stages.push_back(s); };
            const ImportResult r = run(control);
            QVERIFY2(r.ok(), name);
            QVERIFY2((stages == std::vector<ImportStage>{ImportStage::Reading, ImportStage::Converting}), name);
        }
    }

    void aCancelStopsTheImportAtItsNextStage()
    {
        for (const ImportStage at : {ImportStage::Reading, ImportStage::Converting}) {
            for (const auto& [name, run] : imports()) {
                std::atomic<bool> cancel{false};
                std::vector<ImportStage> stages;
                ImportControl control;
                control.cancel = &cancel;
                // Cancelled from "another thread" while the stage before `at` runs.
                control.stage = [&](ImportStage s) {
                    stages.push_back(s);
                    if (s == at)
                        cancel = true;
                };
                const ImportResult r = run(control);
                QVERIFY2(!r.ok() && saysCancelled(r), name);
                QVERIFY2(r.vehicle.wheels.empty(), name);
                QCOMPARE(stages.back(), at);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestImportControl)
#include "test_import_control.moc"
