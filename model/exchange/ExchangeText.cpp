#include "exchange/ExchangeText.h"

#include "config/ParameterPaths.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace jounce::exchange {

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

bool closeTo(double a, double b)
{
    return std::abs(a - b) <= std::max(1e-12, 1e-9 * std::max(std::abs(a), std::abs(b)));
}

void notePerWheel(ConversionReport& report, NoteKind kind, const std::string& field,
                  const std::vector<std::string>& reasons)
{
    // Wheels with the same reason share one note: "wheels[*]" when it is every wheel.
    std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
    for (std::size_t i = 0; i < reasons.size(); ++i) {
        if (reasons[i].empty())
            continue;
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == reasons[i]; });
        if (g == groups.end())
            groups.push_back({reasons[i], {i}});
        else
            g->second.push_back(i);
    }
    for (const auto& [reason, wheels] : groups) {
        std::string which;
        for (std::size_t w : wheels)
            which += (which.empty() ? "" : ",") + std::to_string(w);
        report.add(kind, "wheels[" + (wheels.size() == reasons.size() ? std::string("*") : which) + "]." + field, reason);
    }
}

void noteLoadTransferringBars(const VehicleConfig& v, ConversionReport& report, NoteKind kind, const std::string& outcome)
{
    for (std::size_t i = 0; i < v.antiRollBars.size(); ++i)
        if (v.antiRollBars[i].mode == AntiRollBarMode::WheelForces)
            report.add(kind, config::param::antiRollBars::mode(i), "wheelForces: PhysX has no load-transferring bar; " + outcome);
}

}  // namespace jounce::exchange
