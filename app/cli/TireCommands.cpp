// jounce-cli tire fit: a vehicle's tires fitted to another tire model (docs/tires.md "Fitting and
// conversion"), with the error of each fit over the slips compared; the vehicle with the fitted
// tires is written, validated, only with --out.

#include "CliCommands.h"

#include "config/VehicleJson.h"
#include "json/NumberText.h"
#include "tirefit/VehicleTireFit.h"

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <tuple>

namespace jounce::cli {
namespace {

using json::text::num;
using json::text::roundSig;

/// "A,B" as a slip range; nullopt unless it is two numbers.
std::optional<tirefit::SlipRange> parseRange(const std::string& text)
{
    double a = 0.0, b = 0.0;
    char comma = 0, extra = 0;
    std::istringstream in(text);
    if (!(in >> a >> comma >> b) || comma != ',' || (in >> extra))
        return std::nullopt;
    return tirefit::SlipRange{a, b};
}

std::string fixed(double v, int decimals)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << v;
    return s.str();
}

/// One row of the error table.
void printRow(const char* name, const tirefit::CurveError& e, const std::string& range)
{
    std::cout << "  " << std::left << std::setw(13) << name << std::setw(30) << range << std::right << std::setw(9)
              << fixed(e.peak, 0) << std::setw(9) << fixed(e.rms, 1) << std::setw(8) << fixed(e.rmsPercent(), 2)
              << std::setw(9) << fixed(e.max, 1) << std::setw(8) << fixed(e.maxPercent(), 2) << std::setw(9)
              << num(roundSig(e.maxAt, 3)) << "\n";
}

void printFit(const tirefit::VehicleTireFit& fit)
{
    using tirefit::SlipDirection;
    for (const tirefit::GroupFit& g : fit.groups) {
        std::string wheels;
        for (const std::size_t w : g.wheels)
            wheels += (wheels.empty() ? "" : ", ") + std::to_string(w);
        std::cout << g.name << " wheels (" << wheels << "): " << tireModelName(g.sourceModel) << " to "
                  << tireModelName(fit.target) << " at rest load " << fixed(g.restLoad, 0) << " N, "
                  << g.fit.evaluations << " evaluations, " << fixed(g.fit.seconds, 3) << " s\n";
        std::cout << "  direction    slips compared                  peak N    RMS N   RMS %    max N   max %   max at\n";
        printRow("longitudinal", g.fit.longitudinal, tirefit::rangeText(SlipDirection::Longitudinal, g.fit.longitudinal.range));
        printRow("lateral", g.fit.lateral, tirefit::rangeText(SlipDirection::Lateral, g.fit.lateral.range));
        for (const std::string& note : g.fit.notes)
            std::cout << "  note: " << note << "\n";
    }
}

}  // namespace

int tireFitCommand(const TireFitOptions& o)
{
    if (o.vehicle.empty())
        return usageError("tire fit needs --vehicle V.json, the vehicle whose tires are fitted");
    const std::optional<TireModelKind> target = tirefit::tireModelFromName(o.to);
    if (!target)
        return usageError("tire fit needs --to magicFormula, physx or unity");
    const std::optional<tirefit::WheelChoice> wheels = tirefit::wheelChoiceFromName(o.wheels);
    if (!wheels)
        return usageError("tire fit: --wheels is front, rear or all");
    tirefit::FitSettings settings;
    settings.maxEvaluations = o.evaluations;
    for (const auto& [text, range, name] : {std::tuple{&o.slipRatioRange, &settings.slipRatio, "--slip-ratio-range"},
                                           std::tuple{&o.slipAngleRange, &settings.slipAngle, "--slip-angle-range"}}) {
        if (text->empty())
            continue;
        const std::optional<tirefit::SlipRange> r = parseRange(*text);
        if (!r)
            return usageError(std::string("tire fit: ") + name + " is two numbers MIN,MAX, got '" + *text + "'");
        *range = *r;
    }
    if (const Problems bad = tirefit::checkSettings(settings); bad.hasErrors())
        return usageError("tire fit: " + bad.items.front().message);
    const config::VehicleFile doc = config::loadVehicle(o.vehicle);
    printProblems(o.vehicle, doc.problems);
    if (!doc.ok()) {
        std::cerr << o.vehicle << ": not a valid vehicle (run jounce-cli validate)\n";
        return 1;
    }
    const tirefit::VehicleTireFit fit = tirefit::fitVehicleTires(doc.config, *wheels, *target, settings);
    printProblems(o.vehicle, fit.problems);
    if (!fit.ok())
        return 1;
    printFit(fit);
    if (o.out.empty())
        return 0;
    const config::EditResult edited = tirefit::applyTireFit(doc.config, fit);
    printProblems("fitted vehicle", edited.problems);
    if (!edited.ok()) {
        std::cerr << "jounce-cli: the fitted vehicle is refused: " << edited.refusal << "; nothing written\n";
        return 1;
    }
    if (const std::string err = config::saveVehicle(o.out, *edited.config); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "\n";
    return 0;
}

}  // namespace jounce::cli
