// Static checks of tires: what each tire model finds wrong with its own parameters (the tire seam,
// vehicle/tire/Tire.h: Unity's curves, docs/unity.md "Doctor checks"), merged across wheels, and a
// vehicle whose wheels use different tire models.

#include "StaticCheckParts.h"

#include "vehicle/tire/Tire.h"

#include <map>

namespace jounce::doctor::checks {
namespace {

Severity severityOf(sim::TireCheckSeverity s)
{
    switch (s) {
    case sim::TireCheckSeverity::Error: return Severity::Error;
    case sim::TireCheckSeverity::Warning: return Severity::Warning;
    case sim::TireCheckSeverity::Advice: return Severity::Advice;
    }
    return Severity::Advice;
}

}  // namespace

void checkTireParameters(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::map<std::string, std::vector<WheelResult>> results;
    std::map<std::string, std::string> sections;
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        for (sim::TireCheck& k : sim::tireChecks(c.wheels[i].tire, i)) {
            sections.emplace(k.id, k.section);
            results[k.id].push_back({i, severityOf(k.severity), std::move(k.text), std::move(k.parameters),
                                     std::move(k.fixSummary), std::move(k.edits)});
        }
    // In catalogue order, so the findings come in the order `doctor --list` gives.
    for (const sim::TireCheckInfo& info : sim::tireCheckCatalogue())
        if (const auto it = results.find(info.id); it != results.end())
            mergeWheelResults(info.id, sections.at(info.id), std::move(it->second), out);
}

void checkTireModels(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::map<TireModelKind, std::vector<std::size_t>> wheelsOf;
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        wheelsOf[c.wheels[i].tire.model()].push_back(i);
    if (wheelsOf.size() < 2)
        return;
    std::vector<std::string> models;
    std::string which;
    for (const auto& [kind, wheels] : wheelsOf) {
        std::string names;
        for (const std::size_t i : wheels) {
            names += (names.empty() ? "" : ", ") + label(i);
            models.push_back(param::wheels::tire::model(i));
        }
        which += (which.empty() ? "" : "; ") + names + ": " + tireModelName(kind);
    }
    out.push_back(finding("tire.mixedModels", Severity::Advice, models,
                          "the wheels use different tire models (" + which +
                              "): their grip curves differ in shape and peak, so the car's balance comes from the mix, "
                              "not the tuning",
                          "§1.5 and docs/unity.md: the tire models"));
}

}  // namespace jounce::doctor::checks
