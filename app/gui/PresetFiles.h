#pragma once
// Listing the JSON files of a presets folder (vehicles, terrains, maneuvers) for the menus and
// choosers of the workbench and the compare view.

#include <QStringList>

namespace jounce::gui {

/// The *.json files directly in `dir`, as paths inside it, sorted by name.
QStringList jsonFilesIn(const QString& dir);

}  // namespace jounce::gui
