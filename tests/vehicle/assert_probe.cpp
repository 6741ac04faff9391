// Calls a stage against one of its preconditions (vehicle/Assert.h). It is built with JOUNCE_ASSERTS
// and with the stages' own sources, so the assertions are compiled in whatever the build type;
// test_preconditions runs it and expects the abort with the condition named.

#include "vehicle/ChassisStage.h"
#include "vehicle/SuspensionStage.h"
#include "config/ReferenceCar.h"

#include <cstring>

using namespace jounce;
using namespace jounce::sim;

int main(int argc, char** argv)
{
    const char* which = argc > 1 ? argv[1] : "";
    ChassisState cs{btVector3(0, 0, 1), btQuaternion::getIdentity(), btVector3(0, 0, 0), btVector3(0, 0, 0)};
    const btVector3 zero(0, 0, 0), unit(1, 1, 1);
    if (std::strcmp(which, "valid") == 0) {
        integrateChassis(cs, zero, zero, 1.0 / 1500.0, unit, 0.01, zero);
        return 0;
    }
    if (std::strcmp(which, "integrateChassis") == 0)
        integrateChassis(cs, zero, zero, 1.0 / 1500.0, unit, 0.0, zero);  // a step of 0 s
    if (std::strcmp(which, "evaluateJounce") == 0) {
        const VehicleConfig car = referenceCar();
        WheelState ws;
        (void)evaluateJounce(car.simulation, car.wheels[0], RoadContact{}, strutFrame(car.wheels[0], cs, zero),
                             btVector3(0, 0, -kGravity), -0.01, ws);  // a negative sub-step
    }
    return 2;  // no assertion fired
}
