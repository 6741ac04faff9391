#include "vehicle/Assert.h"

#include <cstdio>
#include <cstdlib>

namespace jounce::sim {

void assertionFailed(const char* condition, const char* file, int line) noexcept
{
    std::fprintf(stderr, "%s:%d: JOUNCE_ASSERT(%s) failed\n", file, line, condition);
    std::abort();
}

}  // namespace jounce::sim
