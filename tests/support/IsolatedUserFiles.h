#pragma once
// GUI suites keep their settings and recovery files in the temp folder, not the user's: a test
// must neither read a developer's preferences nor leave files among them.

#include <QDir>
#include <QSettings>
#include <QString>

namespace jounce::testing {

/// XDG_CONFIG_HOME and JOUNCE_RECOVERY_DIR under the temp folder, named after `suite`, and the
/// application's settings cleared. Call first, in initTestCase.
inline void isolateUserFiles(const QString& suite)
{
    qputenv("XDG_CONFIG_HOME", QDir::temp().filePath("jounce-test-" + suite + "-config").toUtf8());
    qputenv("JOUNCE_RECOVERY_DIR", QDir::temp().filePath("jounce-test-" + suite + "-recovery").toUtf8());
    QSettings().clear();
}

}  // namespace jounce::testing
