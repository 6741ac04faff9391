#include "exchange/AxisFrame.h"

#include <array>
#include <cmath>

namespace jounce::exchange {
namespace {

constexpr std::array<const char*, 6> kTokens{"posX", "negX", "posY", "negY", "posZ", "negZ"};

int component(Axis a) { return static_cast<int>(a) / 2; }
double sign(Axis a) { return static_cast<int>(a) % 2 == 0 ? 1.0 : -1.0; }

double get(const Vec3& v, int i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }
void set(Vec3& v, int i, double value) { (i == 0 ? v.x : i == 1 ? v.y : v.z) = value; }

Vec3 unit(Axis a)
{
    Vec3 v;
    set(v, component(a), sign(a));
    return v;
}

}  // namespace

std::optional<Axis> axisFromIndex(long long index)
{
    if (index < 0 || index > 5)
        return std::nullopt;
    return static_cast<Axis>(index);
}

const char* axisToken(Axis axis) { return kTokens[static_cast<std::size_t>(axis)]; }

std::optional<Axis> axisFromToken(std::string_view token)
{
    for (std::size_t i = 0; i < kTokens.size(); ++i)
        if (token == kTokens[i])
            return static_cast<Axis>(i);
    return std::nullopt;
}

std::optional<AxisFrame> AxisFrame::fromForwardUp(Axis forward, Axis up)
{
    if (component(forward) == component(up))
        return std::nullopt;
    const Vec3 f = unit(forward), u = unit(up);
    const Vec3 l{u.y * f.z - u.z * f.y, u.z * f.x - u.x * f.z, u.x * f.y - u.y * f.x};
    for (int i = 0; i < 6; ++i)
        if (unit(static_cast<Axis>(i)) == l)
            return AxisFrame{forward, static_cast<Axis>(i), up};
    return std::nullopt;
}

std::string AxisFrame::problem() const
{
    if (component(lng) == component(lat))
        return "the longitudinal and lateral axes lie along the same file axis";
    if (component(lng) == component(vrt))
        return "the longitudinal and vertical axes lie along the same file axis";
    if (component(lat) == component(vrt))
        return "the lateral and vertical axes lie along the same file axis";
    // A rotation keeps handedness: forward x lateral must be up.
    const Vec3 f = unit(lng), l = unit(lat), u = unit(vrt);
    const Vec3 c{f.y * l.z - f.z * l.y, f.z * l.x - f.x * l.z, f.x * l.y - f.y * l.x};
    if (c.x * u.x + c.y * u.y + c.z * u.z < 0.0)
        return "the axes form a mirror image (forward x lateral points down), PhysX needs a rotation";
    return {};
}

Vec3 AxisFrame::toIso(const Vec3& file) const
{
    return {sign(lng) * get(file, component(lng)), sign(lat) * get(file, component(lat)),
            sign(vrt) * get(file, component(vrt))};
}

Vec3 AxisFrame::fromIso(const Vec3& iso) const
{
    Vec3 file;
    set(file, component(lng), sign(lng) * iso.x);
    set(file, component(lat), sign(lat) * iso.y);
    set(file, component(vrt), sign(vrt) * iso.z);
    return file;
}

Vec3 AxisFrame::momentsToIso(const Vec3& file) const
{
    return {get(file, component(lng)), get(file, component(lat)), get(file, component(vrt))};
}

Vec3 AxisFrame::momentsFromIso(const Vec3& iso) const
{
    Vec3 file;
    set(file, component(lng), iso.x);
    set(file, component(lat), iso.y);
    set(file, component(vrt), iso.z);
    return file;
}

}  // namespace jounce::exchange
