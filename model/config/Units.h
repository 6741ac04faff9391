#pragma once
// Constants and conversions shared by the model and the GUI. (Headers avoid <numbers>: Qt 6.4's moc
// on Debian 12 fails to parse it when it follows a Q_OBJECT file's includes.)

namespace jounce {

inline constexpr double kPi = 3.14159265358979323846;

constexpr double degreesToRadians(double degrees) { return degrees * kPi / 180.0; }
constexpr double radiansToDegrees(double radians) { return radians * 180.0 / kPi; }

}  // namespace jounce
