#include "PresetFiles.h"

#include <QDir>

namespace jounce::gui {

QStringList jsonFilesIn(const QString& dir)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList({"*.json"}, QDir::Files, QDir::Name))
        out << QDir(dir).filePath(name);
    return out;
}

}  // namespace jounce::gui
