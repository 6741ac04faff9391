#pragma once
// The workbench's vehicle files: a new vehicle from a preset, opening a file (its problems listed,
// or a box when it cannot be read at all), saving (asking before unsaved edits are lost), exporting
// the vehicle JSON elsewhere, and the recent-files list. The File menu's actions call these.

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QMainWindow;
class QMenu;
QT_END_NAMESPACE

namespace jounce::gui {

class VehicleDocument;

class VehicleFiles : public QObject {
    Q_OBJECT
public:
    /// Dialogs and status messages go to `window`, which owns this.
    VehicleFiles(VehicleDocument& document, QMainWindow& window);

    /// Opens a vehicle file; false (with a box, the open vehicle kept) when it cannot be read.
    bool openVehicle(const QString& path);
    /// File ▸ Open…: asks for the file (after asking to save the edits).
    void open();
    /// A new unsaved vehicle from a preset file.
    void newFromPreset(const QString& presetFile);
    void save();
    void saveAs();
    /// Asks what to do with unsaved edits; false when the user cancels (or saving failed).
    bool maybeSave();
    /// File ▸ Export vehicle JSON…: a copy elsewhere, the document keeps its file.
    void exportJson();
    /// Where the export proposes to write: the vehicle's name in the folder of the last export
    /// (else the vehicle's own folder, else home), never the vehicle's own file.
    QString suggestedExportPath() const;

    /// Fills File ▸ New from preset.
    void fillPresetMenu(QMenu* menu);
    /// File ▸ Open Recent, kept up to date from now on.
    void setRecentMenu(QMenu* menu);

private:
    void addRecent(const QString& path);
    void rebuildRecentMenu();

    VehicleDocument& document_;
    QMainWindow& window_;
    QMenu* recentMenu_ = nullptr;
};

}  // namespace jounce::gui
