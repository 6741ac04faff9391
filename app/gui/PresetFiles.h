#pragma once
// The shipped presets (vehicles, terrains, maneuvers) and tire files: where they are, and the JSON files of a
// presets folder for the menus and choosers of the workbench, the compare view and the sweeps.

#include <QStringList>

namespace jounce::gui {

/// The folder of the shipped presets: $JOUNCE_PRESETS, else the installed share/jounce/presets,
/// else the source tree's.
QString presetsDir();

/// The folder of the shipped tire property files (.tir, docs/tires.md "Importing .tir files"): the
/// installed share/jounce/tires, else the source tree's data/tires.
QString tiresDir();

/// The *.json files directly in `dir`, as paths inside it, sorted by name.
QStringList jsonFilesIn(const QString& dir);

}  // namespace jounce::gui
