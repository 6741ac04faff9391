#pragma once
// A problem found in a vehicle (or terrain, or maneuver) file or configuration, located by the JSON
// pointer of the value it concerns, e.g. "/wheels/2/suspension/springStrength: must be > 0, got -5".

#include <string>
#include <vector>

namespace jounce {

enum class Severity { Error, Warning };

struct Problem {
    Severity severity = Severity::Error;
    std::string pointer;  ///< RFC 6901 JSON pointer; "" is the whole document
    std::string message;

    /// "/chassis/mass: must be > 0, got -5" (the root is written "/").
    std::string toString() const { return (pointer.empty() ? "/" : pointer) + ": " + message; }
};

struct Problems {
    std::vector<Problem> items;

    void error(std::string pointer, std::string message)
    {
        items.push_back({Severity::Error, std::move(pointer), std::move(message)});
    }
    void warning(std::string pointer, std::string message)
    {
        items.push_back({Severity::Warning, std::move(pointer), std::move(message)});
    }
    bool hasErrors() const
    {
        for (const Problem& p : items)
            if (p.severity == Severity::Error)
                return true;
        return false;
    }
    std::size_t errorCount() const
    {
        std::size_t n = 0;
        for (const Problem& p : items)
            n += p.severity == Severity::Error ? 1 : 0;
        return n;
    }
};

}  // namespace jounce
