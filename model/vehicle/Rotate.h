#pragma once
// Bullet's quatRotate, inlined and without the unused w of its second product: the vehicle rotates
// some twenty vectors a step, and each paid for a call and a fourth component nobody reads. The
// multiplications and additions are Bullet's scalar ones in Bullet's order, so the results are
// bit-identical to quatRotate's.

#include <LinearMath/btQuaternion.h>

#if defined(BT_USE_SSE_IN_API) || defined(BT_USE_NEON)
#error "rotate() copies Bullet's scalar quaternion products; a SIMD Bullet computes them differently"
#endif

namespace jounce::sim {

/// quatRotate(r, v), bit for bit.
inline btVector3 rotate(const btQuaternion& r, const btVector3& v) noexcept
{
    // p = r * v, as btQuaternion's operator*(quaternion, vector).
    const double px = r.w() * v.x() + r.y() * v.z() - r.z() * v.y();
    const double py = r.w() * v.y() + r.z() * v.x() - r.x() * v.z();
    const double pz = r.w() * v.z() + r.x() * v.y() - r.y() * v.x();
    const double pw = -r.x() * v.x() - r.y() * v.y() - r.z() * v.z();
    // p * r.inverse(), as operator*=, less its w.
    const double ix = -r.x(), iy = -r.y(), iz = -r.z(), iw = r.w();
    return btVector3(pw * ix + px * iw + py * iz - pz * iy, pw * iy + py * iw + pz * ix - px * iz,
                     pw * iz + pz * iw + px * iy - py * ix);
}

}  // namespace jounce::sim
