#include "TuningGuide.h"

#include <cmath>
#include <numbers>

namespace jounce::guide {

SprungMasses computeSprungMasses(const std::vector<Vec3>& p, const Vec3& com, double totalMass)
{
    SprungMasses out;
    const std::size_t n = p.size();
    if (n < 1 || n > static_cast<std::size_t>(kMaxWheels)) {
        out.error = "needs 1 to 20 wheels, got " + std::to_string(n);
        return out;
    }
    if (!(totalMass > 0)) {
        out.error = "the total mass must be > 0";
        return out;
    }
    out.masses.assign(n, 0.0);
    if (n == 1) {
        out.masses[0] = totalMass;
        return out;
    }
    if (n == 2) {
        // Lever rule along the line joining the wheels; the CoM's offset across it is ignored.
        const double ux = p[1].x - p[0].x;
        const double uy = p[1].y - p[0].y;
        const double len = std::hypot(ux, uy);
        if (len <= 1e-6) {
            out.error = "the two wheels are at the same horizontal position";
            return out;
        }
        const double r0 = ((p[0].x - com.x) * ux + (p[0].y - com.y) * uy) / len;
        const double r1 = ((p[1].x - com.x) * ux + (p[1].y - com.y) * uy) / len;
        out.masses[0] = totalMass * r1 / (r1 - r0);
        out.masses[1] = totalMass - out.masses[0];
        return out;
    }
    if (n == 3) {
        // Σm = M, Σm·x = M·cx, Σm·y = M·cy, solved by Cramer's rule.
        const double a[3][3] = {{1, 1, 1}, {p[0].x, p[1].x, p[2].x}, {p[0].y, p[1].y, p[2].y}};
        const double b[3] = {totalMass, totalMass * com.x, totalMass * com.y};
        auto det3 = [](const double m[3][3]) {
            return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                   m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        };
        const double d = det3(a);
        if (std::fabs(d) <= 1e-6) {
            out.error = "the three wheels are in a line";
            return out;
        }
        for (int col = 0; col < 3; ++col) {
            double m[3][3];
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c)
                    m[r][c] = c == col ? b[r] : a[r][c];
            out.masses[static_cast<std::size_t>(col)] = det3(m) / d;
        }
        return out;
    }
    // n >= 4: m_i = M/n + M · d_iᵀ C⁻¹ (c − mean), d_i the centred positions, C = Σ d_i d_iᵀ.
    double mx = 0, my = 0;
    for (const Vec3& v : p) {
        mx += v.x;
        my += v.y;
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double cxx = 0, cxy = 0, cyy = 0;
    for (const Vec3& v : p) {
        cxx += (v.x - mx) * (v.x - mx);
        cxy += (v.x - mx) * (v.y - my);
        cyy += (v.y - my) * (v.y - my);
    }
    const double det = cxx * cyy - cxy * cxy;
    if (std::fabs(det) <= 1e-12) {
        out.error = "the wheels are all in a line";
        return out;
    }
    const double ex = com.x - mx;
    const double ey = com.y - my;
    const double gx = (cyy * ex - cxy * ey) / det;  // C⁻¹ (c − mean)
    const double gy = (-cxy * ex + cxx * ey) / det;
    for (std::size_t i = 0; i < n; ++i)
        out.masses[i] = totalMass / static_cast<double>(n) + totalMass * ((p[i].x - mx) * gx + (p[i].y - my) * gy);
    return out;
}

SprungMasses computeSprungMasses(const VehicleConfig& vehicle)
{
    std::vector<Vec3> centres;
    for (const WheelConfig& w : vehicle.wheels)
        centres.push_back(w.geometry.wheelCentreOffset);
    return computeSprungMasses(centres, vehicle.chassis.cmOffset, vehicle.chassis.mass);
}

void setSprungMassPreservingNaturalFrequency(SuspensionData& s, double newSprungMass)
{
    if (s.sprungMass > 0)
        s.springStrength *= newSprungMass / s.sprungMass;
    s.sprungMass = newSprungMass;
}

Vec3 boxMomentOfInertia(double mass, const Vec3& d)
{
    const double l2 = d.x * d.x, w2 = d.y * d.y, h2 = d.z * d.z;
    return {(w2 + h2) * mass / 12.0, (l2 + h2) * mass / 12.0, (l2 + w2) * mass / 12.0};
}

double wheelMomentOfInertia(double mass, double radius)
{
    return 0.5 * mass * radius * radius;
}

double naturalFrequency(double k, double m)
{
    return std::sqrt(k / m);
}

double naturalFrequencyHz(double k, double m)
{
    return naturalFrequency(k, m) / (2.0 * std::numbers::pi);
}

double dampingRatio(double c, double k, double m)
{
    return c / (2.0 * std::sqrt(k * m));
}

double alpha(double k, double m, double dt)
{
    return std::sqrt(m / k) / dt;
}

double springDroopForce(const SuspensionData& s, double g)
{
    return s.springStrength * s.maxDroop - s.sprungMass * g;
}

bool isTheoreticallyCorrectSpring(const SuspensionData& s, double relativeTolerance, double g)
{
    return std::fabs(springDroopForce(s, g)) <= relativeTolerance * s.sprungMass * g;
}

double staticJounce(const SuspensionData& s, double strutForce, double g)
{
    return (strutForce - s.sprungMass * g) / s.springStrength;
}

double tireRestLoad(double sprungMass, double wheelMass, double g)
{
    return g * (sprungMass + wheelMass);
}

}  // namespace jounce::guide
