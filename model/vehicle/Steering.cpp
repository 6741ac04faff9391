#include "vehicle/Steering.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

AxleSteer ackermannAxle(double steerAngle, double accuracy, double axleTrack,
                        double axleSeparation) noexcept
{
    if (steerAngle == 0.0)
        return {};
    const double inner = std::abs(steerAngle);
    const double outerPerfect = std::atan(axleSeparation / (axleTrack + axleSeparation / std::tan(inner)));
    const double outer = inner + accuracy * (outerPerfect - inner);
    // PhysX: δ > 0 gives the +R (ISO left) wheel +inner and the −R (ISO right) wheel +outer;
    // δ < 0 gives +R −outer and −R −inner.
    if (steerAngle > 0.0)
        return {inner, outer};
    return {-outer, -inner};
}

std::array<double, 4> ackermannSteer4W(const AckermannData& ackermann, double steer,
                                       const std::array<double, 4>& maxSteer,
                                       const std::array<double, 4>& toe) noexcept
{
    const double frontGain = std::max(maxSteer[0], maxSteer[1]);
    const double rearGain = std::max(maxSteer[2], maxSteer[3]);
    const AxleSteer front =
        ackermannAxle(steer * frontGain, ackermann.accuracy, ackermann.frontWidth, ackermann.axleSeparation);
    const AxleSteer rear =
        ackermannAxle(steer * rearGain, ackermann.accuracy, ackermann.rearWidth, ackermann.axleSeparation);
    return {toe[0] + front.left, toe[1] + front.right, toe[2] - rear.left, toe[3] - rear.right};
}

double steerAngleNW(double steer, double maxSteer, double toe) noexcept
{
    return maxSteer * steer + toe;
}

}  // namespace jounce::sim
