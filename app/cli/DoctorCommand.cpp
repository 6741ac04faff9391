// jounce-cli doctor: the tuning doctor on a vehicle file -- the static checks, and with --maneuver
// the live checks over a batch run -- printed with reasons and fixes, for scripts and CI.

#include "CliCommands.h"

#include "doctor/DoctorRun.h"
#include "doctor/StaticChecks.h"
#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <cstdio>
#include <iostream>

namespace jounce::cli {
namespace {

void printText(const doctor::Finding& f)
{
    std::printf("%-8s %s: %s\n", doctor::severityName(f.severity), f.id.c_str(), f.reason.c_str());
    if (f.live)
        std::printf("         seen %d time%s, %.2f s to %.2f s into the run\n", f.occurrences, f.occurrences == 1 ? "" : "s",
                    f.firstSeen, f.lastSeen);
    if (!f.parameters.empty()) {
        std::string list;
        for (const std::string& p : f.parameters)
            list += (list.empty() ? "" : ", ") + p;
        std::printf("         parameters: %s\n", list.c_str());
    }
    if (!f.guideSection.empty())
        std::printf("         guide: %s\n", f.guideSection.c_str());
    if (f.fix) {
        std::printf("         fix: %s\n", f.fix->summary.c_str());
        for (const config::Edit& e : f.fix->edits)
            std::printf("              --set %s\n", config::editText(e).c_str());
    }
}

config::Json findingJson(const std::string& file, const doctor::Finding& f)
{
    config::Json j;
    j["file"] = file;
    j["severity"] = doctor::severityName(f.severity);
    j["id"] = f.id;
    j["parameters"] = f.parameters;
    j["reason"] = f.reason;
    j["guideSection"] = f.guideSection;
    if (f.fix) {
        config::Json edits = config::Json::array();
        for (const config::Edit& e : f.fix->edits)
            edits.push_back({{"path", e.path}, {"value", e.value}});
        j["fix"] = {{"summary", f.fix->summary}, {"edits", edits}};
    }
    if (f.live) {
        j["firstSeen"] = f.firstSeen;
        j["lastSeen"] = f.lastSeen;
        j["occurrences"] = f.occurrences;
    }
    return j;
}

}  // namespace

int doctorCommand(const DoctorOptions& options)
{
    const std::string& vehicle = options.vehicle;
    const std::string& maneuverFile = options.maneuver;
    const std::string& terrainFile = options.terrain;
    if (options.list) {
        for (const doctor::CheckInfo& c : doctor::checkCatalogue())
            std::printf("%-30s %-16s %-18s %s\n", c.id.c_str(), c.severities.c_str(), c.guideSection.c_str(), c.summary.c_str());
        return 0;
    }
    if (vehicle.empty())
        return usageError("doctor needs a VEHICLE.json");
    if (!terrainFile.empty() && maneuverFile.empty())
        return usageError("doctor: --terrain needs --maneuver (the terrain is where the maneuver is driven)");

    config::VehicleFile doc = config::loadVehicle(vehicle);
    if (!doc.parsed) {
        printProblems(vehicle, doc.problems);
        return 1;
    }
    // Reading and validation problems first (they decide whether the vehicle can be driven), then
    // the doctor's static findings, then what a run showed.
    std::vector<doctor::Finding> findings = doctor::diagnoseWithProblems(doc.config, doc.problems);

    std::string runNote;
    if (!maneuverFile.empty()) {
        sim::ManeuverDocument m = sim::loadManeuver(maneuverFile);
        if (!m.ok()) {
            printProblems(maneuverFile, m.problems);
            return 1;
        }
        std::shared_ptr<const sim::Terrain> terrain;
        if (!terrainFile.empty()) {
            sim::TerrainDocument t = sim::loadTerrain(terrainFile);
            if (!t.ok()) {
                printProblems(terrainFile, t.problems);
                return 1;
            }
            terrain = std::make_shared<const sim::Terrain>(std::move(t.terrain));
        }
        if (doc.problems.hasErrors()) {
            runNote = "not run: the vehicle has errors";
        } else {
            const doctor::RunDiagnosis run =
                doctor::diagnoseRun(std::make_shared<const VehicleConfig>(doc.config), terrain, m.maneuver);
            findings.insert(findings.end(), run.findings.begin(), run.findings.end());
            char buf[200];
            std::snprintf(buf, sizeof buf, "%.1f s of %s%s", run.simulatedTime, m.maneuver.name.c_str(),
                          run.completed ? "" : " (stopped at the time limit)");
            runNote = buf;
            if (run.resets > 0)
                runNote += ", " + std::to_string(run.resets) + " reset(s): " + run.lastResetReason;
        }
    }
    doctor::sortBySeverity(findings);

    const std::size_t errors = doctor::countSeverity(findings, doctor::Severity::Error);
    if (options.json) {
        for (const doctor::Finding& f : findings)
            std::cout << findingJson(vehicle, f).dump() << "\n";
    } else {
        for (const doctor::Finding& f : findings)
            printText(f);
        std::printf("%s: %zu error%s, %zu warning%s, %zu advice%s%s\n", vehicle.c_str(), errors, errors == 1 ? "" : "s",
                    doctor::countSeverity(findings, doctor::Severity::Warning),
                    doctor::countSeverity(findings, doctor::Severity::Warning) == 1 ? "" : "s",
                    doctor::countSeverity(findings, doctor::Severity::Advice), runNote.empty() ? "" : "; run: ",
                    runNote.c_str());
    }
    return errors > 0 ? 1 : 0;
}

}  // namespace jounce::cli
