#pragma once
// Numbers in the words of a message: the doctor's reasons and fixes, a tire model's checks.

#include <string>

namespace jounce::json::text {

/// A number as a person reads it: about three significant digits, no exponent, no trailing
/// zeros ("35000", "0.575", "5.67", "0.0876").
std::string num(double v);
/// A fraction as a percentage: 0.448 -> "45 %".
std::string pct(double fraction);
/// `v` rounded to `digits` significant digits, so fixes write 4491.9 rather than 4491.899999.
double roundSig(double v, int digits);

}  // namespace jounce::json::text
