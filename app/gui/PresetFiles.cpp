#include "PresetFiles.h"

#include <QCoreApplication>
#include <QDir>

namespace jounce::gui {

QString presetsDir()
{
    const QString env = qEnvironmentVariable("JOUNCE_PRESETS");
    if (!env.isEmpty() && QDir(env).exists())
        return env;
    const QString installed = QCoreApplication::applicationDirPath() + "/../share/jounce/presets";
    if (QDir(installed).exists())
        return QDir(installed).canonicalPath();
    return QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
}

QString tiresDir()
{
    const QString installed = QCoreApplication::applicationDirPath() + "/../share/jounce/tires";
    if (QDir(installed).exists())
        return QDir(installed).canonicalPath();
    return QStringLiteral(JOUNCE_SOURCE_DIR "/data/tires");
}

QStringList jsonFilesIn(const QString& dir)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList({"*.json"}, QDir::Files, QDir::Name))
        out << QDir(dir).filePath(name);
    return out;
}

}  // namespace jounce::gui
