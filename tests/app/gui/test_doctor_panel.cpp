// The Doctor and Problems panels (issue #15 item 9): an invalid value is an error in both, their
// titles carry the counts for the dock tabs, and a live finding shows when it was seen and, after
// an edit, that it was seen with the vehicle before it, without offering that vehicle's fix.

#include "MainWindow.h"
#include "config/ReferenceCar.h"
#include "config/VehicleValidation.h"
#include "config/VehicleJson.h"
#include "widgets/DoctorPanel.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryHistory.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

using namespace jounce;

namespace {

VehicleConfig sportsCar()
{
    config::VehicleFile doc = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/sports-car.json");
    if (!doc.ok())
        qFatal("cannot read the sports car");
    return doc.config;
}

/// Frames at 60 Hz, each gear of `gears` held for 0.5 s: the autobox hunting as LiveDoctor sees it.
std::vector<telemetry::Frame> gearFrames(const std::vector<int>& gears)
{
    std::vector<telemetry::Frame> frames;
    for (int g : gears) {
        for (int k = 0; k < 30; ++k) {
            telemetry::Frame f;
            f.time() = static_cast<double>(frames.size()) / 60.0;
            f.setWheelCount(4);
            f.vehicle(telemetry::VehicleChannel::Gear) = g;
            f.vehicle(telemetry::VehicleChannel::ForwardSpeed) = 5.0;
            f.vehicle(telemetry::VehicleChannel::Accel) = 1.0;
            frames.push_back(f);
        }
    }
    return frames;
}

int rowOf(const widgets::DoctorPanel& panel, const std::string& id)
{
    for (std::size_t i = 0; i < panel.findings().size(); ++i)
        if (panel.findings()[i].id == id)
            return static_cast<int>(i);
    return -1;
}

}  // namespace

class TestDoctorPanel : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        qputenv("XDG_CONFIG_HOME", dir_.filePath("config").toUtf8());
        qputenv("JOUNCE_RECOVERY_DIR", dir_.filePath("recovery").toUtf8());
        QSettings().clear();
    }

    void workbenchTabsShowTheCounts()
    {
        // The file: a negative spring rate, opened in the workbench.
        QFile in(JOUNCE_SOURCE_DIR "/presets/sports-car.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject car = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray wheels = car["wheels"].toArray();
        QJsonObject wheel = wheels[0].toObject(), suspension = wheel["suspension"].toObject();
        suspension["springStrength"] = -35000;
        wheel["suspension"] = suspension;
        wheels[0] = wheel;
        car["wheels"] = wheels;
        const QString path = dir_.filePath("negative-spring.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(car).toJson());
        out.close();

        gui::MainWindow w;
        auto* problemsDock = w.findChild<QDockWidget*>("ProblemsDock");
        auto* doctorDock = w.findChild<QDockWidget*>("DoctorDock");
        QVERIFY(problemsDock && doctorDock);
        QVERIFY(w.openVehicle(path));
        QCOMPARE(problemsDock->windowTitle(), QString("Problems · 1 error"));
        QCOMPARE(doctorDock->windowTitle(), QString("Doctor · 1 error"));
        QVERIFY(w.openVehicle(JOUNCE_SOURCE_DIR "/presets/sports-car.json"));
        QCOMPARE(problemsDock->windowTitle(), QString("Problems"));
        // The sports car's one advice: antiRollBar.balance (its front-biased roll-torque bars).
        QCOMPARE(doctorDock->windowTitle(), QString("Doctor · 1 advice"));
    }

    void aFixedDampingRatioShowsInTheEditorsDerivedRow()
    {
        // #30 item 4: the doctor's and the editor's derived suspension rows agree, before and after
        // the doctor's fix is applied (the reference car's front dampers give 0.575; the fix 0.8).
        gui::MainWindow w;
        QVERIFY(w.openVehicle(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"));
        auto* tree = w.parameters().findChild<QTreeWidget*>();
        QVERIFY(tree);
        const auto derivedFL = [tree]() {
            for (QTreeWidgetItemIterator it(tree); *it; ++it)
                if ((*it)->text(0) == "= damping ratio")
                    return (*it)->text(1);
            return QString();
        };
        QCOMPARE(derivedFL(), QString("0.575"));
        const int row = rowOf(w.doctor(), "suspension.dampingRatio");
        QVERIFY(row >= 0);
        const doctor::Finding finding = w.doctor().findings()[std::size_t(row)];
        QVERIFY(finding.reason.find("0.575") != std::string::npos);
        QVERIFY2(w.doctor().applyFix(finding.key()).isEmpty(), "the fix applies");
        QCoreApplication::processEvents();
        QCOMPARE(derivedFL(), QString("0.800"));
        for (const doctor::Finding& f : w.doctor().findings())
            QVERIFY2(!(f.id == "suspension.dampingRatio" && f.reason.rfind("FL", 0) == 0), f.reason.c_str());
    }

    void invalidValueIsAnErrorInBothPanels()
    {
        VehicleConfig car = sportsCar();
        for (WheelConfig& w : car.wheels)
            w.suspension.springStrength = -35000;
        widgets::DoctorPanel doctor;
        widgets::ProblemsPanel problems;
        QSignalSpy doctorTitles(&doctor, &widgets::DoctorPanel::titleChanged);
        QSignalSpy doctorCounts(&doctor, &widgets::DoctorPanel::countsChanged);
        QSignalSpy problemTitles(&problems, &widgets::ProblemsPanel::titleChanged);
        doctor.setVehicle(car);
        problems.setProblems(validateVehicle(car), "car.json");
        QCOMPARE(problems.count(), 4);
        QCOMPARE(problems.title(), QString("Problems · 4 errors"));
        QCOMPARE(doctor.title(), QString("Doctor · 4 errors"));  // was: 0 errors, 1 advice
        for (const doctor::Finding& f : doctor.findings())
            QVERIFY2(f.id == "value.invalid", f.reason.c_str());
        QCOMPARE(doctorTitles.count(), 1);
        QCOMPARE(doctorTitles.last().at(0).toString(), doctor.title());
        QCOMPARE(doctorCounts.last(), (QList<QVariant>{4, 0, 0}));
        QCOMPARE(problemTitles.last().at(0).toString(), problems.title());

        // Corrected: no errors again; the doctor keeps its one advice on the sports car's bars
        // (antiRollBar.balance).
        doctor.setVehicle(sportsCar());
        problems.setProblems(validateVehicle(sportsCar()), "car.json");
        QCOMPARE(doctor.title(), QString("Doctor · 1 advice"));
        QCOMPARE(problems.title(), QString("Problems"));
        QCOMPARE(doctorTitles.last().at(0).toString(), QString("Doctor · 1 advice"));
        QCOMPARE(problemTitles.last().at(0).toString(), QString("Problems"));
    }

    void titlesCountEverySeverityOnce()
    {
        widgets::DoctorPanel doctor;
        QCOMPARE(doctor.title(), QString("Doctor"));
        QSignalSpy titles(&doctor, &widgets::DoctorPanel::titleChanged);
        VehicleConfig car = referenceCar();  // PhysX's dampers: two pieces of advice
        car.drive.autoBox.latency = 0.4;     // not above the switch time: an error
        doctor.setVehicle(car);
        QCOMPARE(doctor.title(), QString("Doctor · 1 error, 2 advice"));
        doctor.setVehicle(car);  // the same counts: no new title
        QCOMPARE(titles.count(), 1);

        widgets::ProblemsPanel problems;
        QCOMPARE(problems.title(), QString("Problems"));
        Problems list;
        list.error("/chassis/mass", "must be > 0, got -1");
        list.warning("/antiRollBars/0", "another bar already joins wheels 0 and 1; both act");
        list.warning("/drive/differential/drivenWheels", "no wheel is driven");
        QSignalSpy counts(&problems, &widgets::ProblemsPanel::countsChanged);
        problems.setProblems(list, "car.json");
        QCOMPARE(problems.title(), QString("Problems · 1 error, 2 warnings"));
        QCOMPARE(counts.count(), 1);
        QCOMPARE(counts.last(), (QList<QVariant>{1, 2}));
    }

    void liveFindingShowsWhenAndWhichVehicle()
    {
        widgets::DoctorPanel doctor;
        int applied = 0;
        doctor.setApplyEdits([&applied](const config::EditList&, const QString&) {
            ++applied;
            return QString();
        });
        doctor.setVehicle(referenceCar());
        widgets::TelemetryHistory history;
        const std::vector<telemetry::Frame> frames = gearFrames({1, 1, 0, 2, 2, 0, 1, 0, 2});  // hunts twice
        history.append(frames);
        doctor.feed(history);
        const int row = rowOf(doctor, "live.gearCycling");
        QVERIFY(row >= 0);
        const doctor::Finding seen = doctor.findings()[std::size_t(row)];
        auto* list = doctor.findChild<QTreeWidget*>();
        auto* apply = doctor.findChild<QPushButton*>();
        QVERIFY(list && apply);
        QCOMPARE(list->headerItem()->text(2), QString("Seen"));
        QCOMPARE(list->topLevelItem(row)->text(2), QString("seen 4.0–4.5 s"));
        QCOMPARE(widgets::DoctorPanel::seenText(seen), QString("seen 4.0–4.5 s"));
        list->setCurrentItem(list->topLevelItem(row));
        QVERIFY(apply->isEnabled());

        // An edit: the finding keeps the words and limits it was seen with, is marked, stays
        // selected, and its fix (computed for the vehicle before the edit) is not offered.
        VehicleConfig edited = referenceCar();
        edited.drive.autoBox.latency = 0.4;
        doctor.setVehicle(edited);
        const int after = rowOf(doctor, "live.gearCycling");
        QVERIFY(after >= 0);
        const doctor::Finding& old = doctor.findings()[std::size_t(after)];
        QCOMPARE(old.reason, seen.reason);
        QCOMPARE(old.severity, doctor::Severity::Warning);
        QVERIFY(old.earlierConfig);
        QTreeWidgetItem* item = list->topLevelItem(after);
        QCOMPARE(item->text(2), QString("seen 4.0–4.5 s, before your last edit"));
        QVERIFY(item->text(4).startsWith("not offered"));
        QCOMPARE(list->currentItem(), item);
        QVERIFY(!apply->isEnabled());
        QVERIFY(!doctor.applyFix(old.key()).isEmpty());
        QCOMPARE(applied, 0);
        // The static error the edit made is counted with the live warning.
        QCOMPARE(doctor.title(), QString("Doctor · 1 error, 1 warning, 2 advice"));
    }
};

QTEST_MAIN(TestDoctorPanel)
#include "test_doctor_panel.moc"
