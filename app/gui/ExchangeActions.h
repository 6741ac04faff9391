#pragma once
// Importing and exporting foreign vehicle formats in the workbench (File ▸ Import, File ▸ Export):
// each conversion ends in its report dialog (what was approximated, dropped or defaulted, and why,
// plus the files' problems). The menu actions ask for the files (ExchangeMenus) and call these,
// which tests call directly. Imports run on a worker thread behind a progress dialog (ImportRunner):
// they return at once, and the vehicle arrives later, on the GUI thread, unless cancelled.

#include "exchange/ConversionReport.h"
#include "exchange/ImportResult.h"
#include "exchange/tir/TirImport.h"

#include <QDialog>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QTreeWidget;
class QLabel;

namespace jounce::gui {

class ImportRunner;
class VehicleDocument;

/// Shows a conversion report and the problems of an import.
class ConversionReportDialog : public QDialog {
    Q_OBJECT
public:
    ConversionReportDialog(const QString& summary, const exchange::ConversionReport& report,
                           const std::vector<exchange::FileProblems>& problems, QWidget* parent);
    /// The rows shown: "error", "warning", "approximated", "dropped" or "defaulted", then what and why.
    QTreeWidget* table() const { return table_; }
    QString summary() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Kind and What narrow enough that Why keeps most of the width, whatever the dialog's size.
    void fitColumns();

    QLabel* summary_ = nullptr;
    QTreeWidget* table_ = nullptr;
    bool relayoutQueued_ = false;
};

class ExchangeActions : public QObject {
    Q_OBJECT
public:
    ExchangeActions(VehicleDocument& document, QWidget* window);

    /// Starts importing PhysX 5 snippet files as a new unsaved vehicle; `differential` is "auto",
    /// "four-wheel", "multi-wheel" or "tank". With `keepOpenVehicle`, what the files lack comes from
    /// the open vehicle (as it is now). importFinished tells how it ended.
    void importPhysx5(const QString& basePath, const QString& drivePath, const QString& differential,
                      bool keepOpenVehicle);
    void importUsd(const QString& path, bool keepOpenVehicle);
    /// Writes the open vehicle's Base.json and drive file into `directory`; "" or an error message.
    QString exportPhysx5(const QString& directory);
    QString exportUsd(const QString& path);
    /// Starts importing a Unity prefab, scene or Unity vehicle JSON file (docs/unity.md) as a new
    /// unsaved vehicle.
    void importUnity(const QString& path);
    /// Writes the open vehicle as a Unity vehicle JSON file; "" or an error message.
    QString exportUnity(const QString& path);
    /// Puts the Magic Formula tire of a .tir file onto `wheels` of the open vehicle as one undoable
    /// edit (docs/tires.md "Importing .tir files"), at once (a .tir file is read in milliseconds),
    /// and shows the report. True when the vehicle took it.
    bool importTir(const QString& path, exchange::TirWheels wheels);

    /// The last report dialog (kept open, not modal), or nullptr.
    ConversionReportDialog* lastReport() const { return lastReport_; }
    /// Runs the imports (its progress dialog, isRunning, cancel).
    ImportRunner* importRunner() const { return runner_; }

signals:
    /// An import ended: `imported` whether its vehicle replaced the open one. Not for a cancelled one.
    void importFinished(bool imported);

private:
    void startImport(const QString& source, std::function<exchange::ImportResult(const exchange::ImportControl&)> work);
    bool finishImport(const exchange::ImportResult& result, const QString& source);
    void showReport(const QString& summary, const exchange::ConversionReport& report,
                    const std::vector<exchange::FileProblems>& problems);

    VehicleDocument& document_;
    QWidget* window_;
    QPointer<ConversionReportDialog> lastReport_;
    ImportRunner* runner_;
};

}  // namespace jounce::gui
