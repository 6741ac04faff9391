#pragma once
// Sections that must be copied together. Some of validation's relations (config/VehicleValidation)
// join lists of different guide sections: the autobox has one up and one down ratio per gear, the
// anti-roll bars and the NW differential name wheels by index, a tire's type indexes the surfaces'
// tire types. Copying one side alone from a vehicle whose lists differ in length would break the
// relation, so a section copy takes the other side along, and says so.

#include "VehiclePatch.h"
#include "config/VehicleConfig.h"

#include <string>
#include <vector>

namespace jounce::compare {

/// A section a section copy takes along, and why.
struct CoupledSection {
    std::string section;  ///< guide section name, as sectionOfPointer gives it
    std::string reason;   ///< "the autobox has one up and one down ratio per gear"
};

/// The sections that copying `section` from `source` into `target` must take along so that every
/// coupled relation still holds afterwards, closed transitively (a section taken along may need
/// another), in the order they were found. Empty when `section` can be copied alone: a relation is
/// only followed when the copy would break it (gears of the same count leave the autobox alone).
std::vector<CoupledSection> coupledSections(const VehicleConfig& target, const VehicleConfig& source,
                                            const std::string& section);

/// `section` followed by the sections coupled to it.
std::vector<std::string> sectionsToCopy(const std::string& section, const std::vector<CoupledSection>& coupled);

/// Copies `section` with its coupled sections as one copy (one undoable edit in the document). A
/// copy that still breaks a relation (a 4W drive left with three wheels) is not judged here: the
/// document's edit session refuses it with its reason.
CopyResult copyCoupledSection(const VehicleConfig& target, const VehicleConfig& source, const std::string& section);

}  // namespace jounce::compare
