#include "json/NumberText.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>

namespace jounce::json::text {

std::string num(double v)
{
    if (!std::isfinite(v))
        return std::isnan(v) ? "NaN" : (v > 0 ? "infinity" : "-infinity");
    if (v == 0)
        return "0";
    const double mag = std::fabs(v);
    // Three significant digits, but never fewer than all integer digits.
    const int decimals = mag >= 100 ? 0 : mag >= 10 ? 1 : mag >= 1 ? 2 : std::min(12, 2 - static_cast<int>(std::floor(std::log10(mag))));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

std::string pct(double fraction)
{
    const double p = fraction * 100.0;
    char buf[32];
    std::snprintf(buf, sizeof buf, std::fabs(p) < 10 ? "%.1f %%" : "%.0f %%", p);
    return buf;
}

double roundSig(double v, int digits)
{
    if (!std::isfinite(v) || v == 0)
        return v;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return std::strtod(buf, nullptr);
}

}  // namespace jounce::json::text
