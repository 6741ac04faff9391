#pragma once
// Units of maths channels: a dimension (powers of metre, kilogram, second and radian) and the
// factor that takes a value written in a unit to SI. The radian is kept as a dimension of its own so
// that a slip angle (rad) and a slip ratio (1) cannot be added by mistake; sin, cos and tan take
// either. Unit strings are those of the telemetry channels ("m", "N m", "m/s²", "rad/s", "1") and the
// display units ("mm", "km/h", "deg", "rpm", "kN", "g" for standard gravity).

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace jounce::analysis {

struct Dimension {
    enum Base { Metre, Kilogram, Second, Radian, Count };
    std::array<int, Count> power{};

    bool dimensionless() const { return power == std::array<int, Count>{}; }
    Dimension operator*(const Dimension& o) const;
    Dimension operator/(const Dimension& o) const;
    Dimension pow(int n) const;
    /// The square root, nullopt when a power is odd.
    std::optional<Dimension> sqrt() const;
    friend bool operator==(const Dimension&, const Dimension&) = default;

    static Dimension of(Base base, int power = 1);
};

struct Unit {
    Dimension dimension;
    double toSI = 1.0;  ///< SI value = written value × toSI
};

/// "m/s²", "N m", "kg m^2", "km/h", "1"; nullopt for anything else (with no partial reading).
std::optional<Unit> parseUnit(std::string_view text);
/// The dimension written as Jounce writes units: "m/s²", "N", "N m", "rad/s", "1"; other dimensions
/// as products of base units with powers ("kg m² s⁻³" reads "kg m^2/s^3").
std::string unitText(const Dimension& d);

}  // namespace jounce::analysis
