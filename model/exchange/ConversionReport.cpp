#include "exchange/ConversionReport.h"

#include <algorithm>

namespace jounce::exchange {

const char* noteKindName(NoteKind kind)
{
    switch (kind) {
    case NoteKind::Approximated:
        return "approximated";
    case NoteKind::Dropped:
        return "dropped";
    case NoteKind::Defaulted:
        return "defaulted";
    }
    return "note";
}

void ConversionReport::approximated(std::string subject, std::string reason)
{
    add(NoteKind::Approximated, std::move(subject), std::move(reason));
}

void ConversionReport::dropped(std::string subject, std::string reason)
{
    add(NoteKind::Dropped, std::move(subject), std::move(reason));
}

void ConversionReport::defaulted(std::string subject, std::string reason)
{
    add(NoteKind::Defaulted, std::move(subject), std::move(reason));
}

void ConversionReport::add(NoteKind kind, std::string subject, std::string reason)
{
    ConversionNote note{kind, std::move(subject), std::move(reason)};
    if (std::find(notes.begin(), notes.end(), note) == notes.end())
        notes.push_back(std::move(note));
}

std::size_t ConversionReport::count(NoteKind kind) const
{
    return static_cast<std::size_t>(
        std::count_if(notes.begin(), notes.end(), [kind](const ConversionNote& n) { return n.kind == kind; }));
}

std::string ConversionReport::toText(bool completed) const
{
    std::string out = title.empty() ? std::string("conversion report") : title;
    if (!completed)
        out += notes.empty() ? ": failed\n" : ": failed; the notes so far:\n";
    else
        out += notes.empty() ? ": everything carried over exactly\n" : ":\n";
    for (const ConversionNote& n : notes)
        out += std::string("  ") + noteKindName(n.kind) + ": " + n.subject + ": " + n.reason + "\n";
    return out;
}

}  // namespace jounce::exchange
