#pragma once
// The compare view's exports (its File menu): a compared vehicle as vehicle JSON, the differences
// of two as a JSON Patch (RFC 6902, applied by `jounce-cli patch`), the report CSV of what the
// tables show, and the charts as a PNG. Every file is replaced atomically.

#include <QObject>
#include <QString>

namespace jounce::gui {

class CompareCharts;
class CompareWindow;

class CompareExports : public QObject {
    Q_OBJECT
public:
    CompareExports(CompareWindow& window, CompareCharts& charts);

    /// "" or an error message.
    QString exportReport(const QString& path, bool allParameters);
    QString exportChartsPng(const QString& path);
    QString exportPatch(int from, int to, const QString& path);
    QString exportVehicle(int vehicle, const QString& path);

    // The menu's actions: ask which vehicles and where, write, and say so.
    void askVehicle();
    void askPatch();
    void askReport(bool allParameters);
    void askChartsPng();

signals:
    void message(const QString& text, bool error);

private:
    /// Says where the file went, or why not.
    void report(const QString& error, const QString& saved);

    CompareWindow& window_;
    CompareCharts& charts_;
};

}  // namespace jounce::gui
