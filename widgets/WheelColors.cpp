#include "WheelColors.h"

#include <array>

namespace jounce::widgets {

QColor wheelColor(int wheel)
{
    // FL blue, FR orange, RL green, RR red (left wheels cool, right wheels warm), then a palette
    // that stays distinguishable for extra axles.
    static const std::array<QColor, 10> palette{QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                                QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                                QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                                QColor(23, 190, 207)};
    return palette[static_cast<std::size_t>(wheel < 0 ? 0 : wheel) % palette.size()];
}

QColor traceColor(int index)
{
    static const std::array<QColor, 6> palette{QColor(20, 20, 20), QColor(31, 119, 180), QColor(214, 39, 40),
                                               QColor(44, 160, 44), QColor(148, 103, 189), QColor(255, 127, 14)};
    return palette[static_cast<std::size_t>(index < 0 ? 0 : index) % palette.size()];
}

QColor vehicleColor(int index)
{
    // Dark, saturated and far apart in hue, so four overlaid traces stay distinguishable (also for the
    // common red-green deficiency: blue, orange, purple, teal).
    static const std::array<QColor, 4> palette{QColor(31, 119, 180), QColor(230, 97, 1), QColor(118, 42, 131),
                                               QColor(1, 133, 113)};
    return palette[static_cast<std::size_t>(index < 0 ? 0 : index) % palette.size()];
}

}  // namespace jounce::widgets
