// Static check of the chassis (vehicle-model §1.1): the moments of inertia against the guide's box estimate.

#include "StaticCheckParts.h"

#include "json/NumberText.h"
#include "config/TuningGuide.h"

#include <algorithm>
#include <string>

namespace jounce::doctor::checks {
namespace {

using json::text::num;
using json::text::roundSig;

/// §1.1: the box formula is a starting point; a factor 2 off is worth a look, a factor 5 is wrong.
constexpr double kMoiAdviceFactor = 2.0;
constexpr double kMoiWarningFactor = 5.0;

}  // namespace

void checkMomentOfInertia(const VehicleConfig& c, std::vector<Finding>& out)
{
    const ChassisConfig& ch = c.chassis;
    const Vec3& d = ch.dimensions;
    if (!(ch.mass > 0 && d.x > 0 && d.y > 0 && d.z > 0))
        return;
    const Vec3 box = guide::boxMomentOfInertia(ch.mass, d);
    const double moi[3] = {ch.moi.x, ch.moi.y, ch.moi.z};
    const double est[3] = {box.x, box.y, box.z};
    const char* axis[3] = {"roll", "pitch", "yaw"};
    double worstFactor = 1.0;
    std::string details;
    for (int k = 0; k < 3; ++k) {
        if (!(moi[k] > 0))
            continue;  // validation: must be > 0
        const double ratio = moi[k] / est[k];
        const double factor = std::max(ratio, 1.0 / ratio);
        if (factor > kMoiAdviceFactor * (1.0 + kBandSlack)) {
            details += std::string(details.empty() ? "" : "; ") + axis[k] + " " + num(moi[k]) + " kg m^2 is " +
                       num(ratio) + " x the box's " + num(est[k]);
            worstFactor = std::max(worstFactor, factor);
        }
    }
    if (details.empty())
        return;
    Finding f;
    f.id = "chassis.moi";
    f.severity = worstFactor > kMoiWarningFactor ? Severity::Warning : Severity::Advice;
    f.guideSection = "§1.1 PxVehicleChassisData (box inertia)";
    f.parameters = {param::chassis::moi(0), param::chassis::moi(1), param::chassis::moi(2), param::chassis::mass, param::chassis::dimensions(0),
                    param::chassis::dimensions(1), param::chassis::dimensions(2)};
    f.reason = "the moments of inertia are far from the guide's estimate for a solid " + num(d.x) + " x " + num(d.y) +
               " x " + num(d.z) + " m box of " + num(ch.mass) + " kg (" + details +
               "): too little inertia makes the body twitchy and jittery, too much makes it sluggish to roll, pitch and turn";
    f.fix = Fix{"set the moments of inertia from the box ((W^2+H^2) M/12, (L^2+H^2) M/12, (L^2+W^2) M/12)",
                {{param::chassis::moi(0), roundSig(box.x, 6)}, {param::chassis::moi(1), roundSig(box.y, 6)}, {param::chassis::moi(2), roundSig(box.z, 6)}}};
    out.push_back(std::move(f));
}

}  // namespace jounce::doctor::checks
