#pragma once
// File ▸ Import and File ▸ Export as: foreign vehicle formats (PhysX 5, Omniverse USD, Unity), and a
// Magic Formula tire (.tir) onto the open vehicle. The actions ask for the files and hand them to
// ExchangeActions, which converts them and shows the conversion report.

#include <QObject>

QT_BEGIN_NAMESPACE
class QMainWindow;
class QMenu;
QT_END_NAMESPACE

namespace jounce::gui {

class ExchangeActions;
class VehicleDocument;
class VehicleFiles;

class ExchangeMenus : public QObject {
    Q_OBJECT
public:
    /// An import replaces the open vehicle, so it first asks `files` about unsaved edits.
    ExchangeMenus(VehicleDocument& document, VehicleFiles& files, QMainWindow& window);

    void fillImportMenu(QMenu* menu);
    void fillExportMenu(QMenu* menu);

    /// The folder an export proposes: the last export's, else the vehicle file's own (not the
    /// shipped presets), else the user's documents folder (else home). Never the last import's.
    QString exportDir() const;

private:
    void importPhysx5();
    void importUsd();
    void importUnity();
    void importTir();
    void exportPhysx5();
    void exportUsd();
    void exportUnity();

    VehicleDocument& document_;
    VehicleFiles& files_;
    QMainWindow& window_;
    ExchangeActions* actions_;
};

}  // namespace jounce::gui
