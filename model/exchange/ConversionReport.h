#pragma once
// What a conversion between Jounce and a foreign vehicle format could not carry over exactly, and
// why: every export and import fills one, the CLI prints it and the GUI shows it, so nothing is
// lost silently. A note names its subject (a Jounce parameter path such as
// "wheels[*].suspension.maxDroop", or the foreign item such as "EngineParams.IdleOmega") and the
// reason with the numbers involved.

#include <string>
#include <vector>

namespace jounce::exchange {

enum class NoteKind {
    Approximated,  ///< carried over, but with a different value or behaviour (the reason says how much)
    Dropped,       ///< not carried over: the other side has no place for it
    Defaulted,     ///< the source lacks it: a default (or the base vehicle's value) was used
};

/// "approximated", "dropped", "defaulted".
const char* noteKindName(NoteKind kind);

struct ConversionNote {
    NoteKind kind = NoteKind::Approximated;
    std::string subject;
    std::string reason;
    friend bool operator==(const ConversionNote&, const ConversionNote&) = default;
};

struct ConversionReport {
    std::string title;  ///< "PhysX 5 export: Base.json + EngineDrive.json"
    std::vector<ConversionNote> notes;

    void approximated(std::string subject, std::string reason);
    void dropped(std::string subject, std::string reason);
    void defaulted(std::string subject, std::string reason);
    /// Adds a note unless the same one is already there (per-wheel checks repeat themselves).
    void add(NoteKind kind, std::string subject, std::string reason);

    bool empty() const { return notes.empty(); }
    std::size_t count(NoteKind kind) const;
    /// The title, then one line per note: "  dropped: antiRollBars: PhysX 5's files have no ...".
    /// `completed` false (the conversion failed): the title says so rather than claiming that
    /// everything carried over.
    std::string toText(bool completed = true) const;
};

}  // namespace jounce::exchange
