#pragma once
// The title a panel gives its dock tab, with its counts: "Problems · 1 error, 2 warnings",
// "Doctor · 3 advice", or the bare name when there is nothing to count.

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace jounce::widgets {

/// "1 error, 2 warnings, 3 advice", leaving out what is 0; "" when all are.
inline QString countsText(int errors, int warnings, int advice = 0)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("PanelTitle", text); };
    QStringList parts;
    if (errors > 0)
        parts << (errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
    if (warnings > 0)
        parts << (warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
    if (advice > 0)
        parts << tr("%1 advice").arg(advice);
    return parts.join(QStringLiteral(", "));
}

inline QString panelTitle(const QString& name, int errors, int warnings, int advice = 0)
{
    const QString counts = countsText(errors, warnings, advice);
    return counts.isEmpty() ? name : name + QStringLiteral(" · ") + counts;
}

}  // namespace jounce::widgets
