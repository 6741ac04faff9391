#pragma once
// Importing and exporting foreign vehicle formats in the workbench (File ▸ Import, File ▸ Export):
// each conversion ends in its report dialog (what was approximated, dropped or defaulted, and why,
// plus the files' problems). The menu actions ask for the files (ExchangeMenus) and call these,
// which tests call directly.

#include "exchange/ConversionReport.h"
#include "exchange/ImportResult.h"

#include <QDialog>
#include <QObject>
#include <QPointer>
#include <QString>

class QTreeWidget;
class QLabel;

namespace jounce::gui {

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

private:
    QLabel* summary_ = nullptr;
    QTreeWidget* table_ = nullptr;
};

class ExchangeActions : public QObject {
    Q_OBJECT
public:
    ExchangeActions(VehicleDocument& document, QWidget* window);

    /// Imports PhysX 5 snippet files as a new unsaved vehicle; `differential` is "auto",
    /// "four-wheel", "multi-wheel" or "tank". With `keepOpenVehicle`, what the files lack comes from
    /// the open vehicle. Returns whether a vehicle was imported.
    bool importPhysx5(const QString& basePath, const QString& drivePath, const QString& differential,
                      bool keepOpenVehicle);
    bool importUsd(const QString& path, bool keepOpenVehicle);
    /// Writes the open vehicle's Base.json and drive file into `directory`; "" or an error message.
    QString exportPhysx5(const QString& directory);
    QString exportUsd(const QString& path);
    /// Imports a Unity prefab, scene or Unity vehicle JSON file (docs/unity.md) as a new unsaved vehicle.
    bool importUnity(const QString& path);
    /// Writes the open vehicle as a Unity vehicle JSON file; "" or an error message.
    QString exportUnity(const QString& path);

    /// The last report dialog (kept open, not modal), or nullptr.
    ConversionReportDialog* lastReport() const { return lastReport_; }

private:
    bool finishImport(const exchange::ImportResult& result, const QString& source);
    void showReport(const QString& summary, const exchange::ConversionReport& report,
                    const std::vector<exchange::FileProblems>& problems);

    VehicleDocument& document_;
    QWidget* window_;
    QPointer<ConversionReportDialog> lastReport_;
};

}  // namespace jounce::gui
