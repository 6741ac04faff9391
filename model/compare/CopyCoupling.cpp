#include "CopyCoupling.h"

#include <algorithm>
#include <functional>

namespace jounce::compare {
namespace {

/// A relation of validation between lists of two sections, named by a pointer into each.
struct Coupling {
    const char* first;
    const char* second;
    const char* reason;
    std::function<bool(const VehicleConfig&)> holds;
};

bool wheelIndex(int wheel, const VehicleConfig& c)
{
    return wheel >= 0 && static_cast<std::size_t>(wheel) < c.wheels.size();
}

const std::vector<Coupling>& couplings()
{
    // The relations of VehicleValidation.cpp that join lists of different sections (relations
    // within one section, like the friction table's shape, travel with that section anyway).
    static const std::vector<Coupling> list{
        {"/drive/gears/ratios", "/drive/autoBox/upRatios", "the autobox has one up and one down ratio per gear",
         [](const VehicleConfig& c) {
             const std::size_t n = c.drive.gears.ratios.size();
             return c.drive.type == DriveType::None ||
                    (c.drive.autoBox.upRatios.size() == n && c.drive.autoBox.downRatios.size() == n);
         }},
        {"/wheels/0", "/antiRollBars/0/wheel0", "anti-roll bars join wheels by their index",
         [](const VehicleConfig& c) {
             return std::all_of(c.antiRollBars.begin(), c.antiRollBars.end(), [&c](const AntiRollBarConfig& bar) {
                 return wheelIndex(bar.wheel0, c) && wheelIndex(bar.wheel1, c);
             });
         }},
        {"/wheels/0", "/drive/differential/drivenWheels", "the NW differential lists its driven wheels by index",
         [](const VehicleConfig& c) {
             const auto& driven = c.drive.differentialNW.drivenWheels;
             return c.drive.type != DriveType::NWheel ||
                    std::all_of(driven.begin(), driven.end(), [&c](int w) { return wheelIndex(w, c); });
         }},
        {"/wheels/0/tire/type", "/surfaces/tireTypes", "a tire's type indexes the surfaces' tire types",
         [](const VehicleConfig& c) {
             return std::all_of(c.wheels.begin(), c.wheels.end(), [&c](const WheelConfig& w) {
                 return w.tire.type >= 0 && static_cast<std::size_t>(w.tire.type) < c.surfaces.tireTypes.size();
             });
         }},
    };
    return list;
}

bool contains(const std::vector<std::string>& sections, const std::string& s)
{
    return std::find(sections.begin(), sections.end(), s) != sections.end();
}

}  // namespace

std::vector<CoupledSection> coupledSections(const VehicleConfig& target, const VehicleConfig& source,
                                            const std::string& section)
{
    std::vector<CoupledSection> coupled;
    std::vector<std::string> taken{section};
    // Each round copies what is taken so far and follows every relation the result breaks; the
    // sections are few, so this ends after a handful of rounds.
    for (bool grew = true; grew;) {
        grew = false;
        const CopyResult copy = copySections(target, source, taken);
        if (!copy.error.empty())
            break;
        for (const Coupling& c : couplings()) {
            const std::string a = sectionOfPointer(c.first);
            const std::string b = sectionOfPointer(c.second);
            if (contains(taken, a) == contains(taken, b) || c.holds(copy.config))
                continue;
            const std::string& other = contains(taken, a) ? b : a;
            taken.push_back(other);
            coupled.push_back({other, c.reason});
            grew = true;
        }
    }
    return coupled;
}

std::vector<std::string> sectionsToCopy(const std::string& section, const std::vector<CoupledSection>& coupled)
{
    std::vector<std::string> sections{section};
    for (const CoupledSection& c : coupled)
        sections.push_back(c.section);
    return sections;
}

CopyResult copyCoupledSection(const VehicleConfig& target, const VehicleConfig& source, const std::string& section)
{
    return copySections(target, source, sectionsToCopy(section, coupledSections(target, source, section)));
}

}  // namespace jounce::compare
