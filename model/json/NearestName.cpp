#include "json/NearestName.h"

#include <algorithm>

namespace jounce::json {

std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

std::optional<std::size_t> nearestName(const std::string& typed, const std::vector<std::string>& names)
{
    // Bounded work for a hostile file's thousand bad keys: no name is this long, and two names
    // differing in length by more than the edits allowed cannot be within them.
    constexpr std::size_t kLongest = 64;
    if (typed.size() > kLongest)
        return std::nullopt;
    const std::size_t allowed = std::max<std::size_t>(1, typed.size() / 3);
    std::optional<std::size_t> nearest;
    std::size_t best = allowed + 1;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::size_t gap = names[i].size() > typed.size() ? names[i].size() - typed.size() : typed.size() - names[i].size();
        if (names[i].size() <= kLongest && gap <= allowed)
            if (const std::size_t d = editDistance(typed, names[i]); d < best) {
                best = d;
                nearest = i;
            }
    }
    return nearest;
}

}  // namespace jounce::json
