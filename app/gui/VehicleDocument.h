#pragma once
// The vehicle being edited: its configuration, the file it came from, undo history and problems.
// Every change goes through the undo stack; consecutive edits of one field merge into one step.
// Edits go through the model's edit session (config/EditSession.h): each leaf is checked once by
// the registry, the relations once on the result, and the snapshot it produces -- with its
// validation -- is what the document holds, shows and hands to the simulation.

#include "config/EditSession.h"
#include "config/ParameterRegistry.h"
#include "json/Problem.h"
#include "config/VehicleConfig.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <utility>
#include <vector>

namespace jounce::gui {

class VehicleDocument : public QObject {
    Q_OBJECT
public:
    explicit VehicleDocument(QObject* parent = nullptr);

    const VehicleConfig& config() const { return *config_; }
    std::shared_ptr<const VehicleConfig> configPtr() const { return config_; }
    /// The configuration as last opened or saved: edits are marked against it and reverted to it.
    const VehicleConfig& savedConfig() const { return *saved_; }
    QString filePath() const { return path_; }
    QString displayName() const;
    /// Whether saving would write something other than the file: a new document, or values that
    /// differ from those last opened or saved (so a revert, or edits undone by hand, are not changes).
    bool isModified() const { return unsavedNew_ || !(*config_ == *saved_); }
    QUndoStack* undoStack() { return &undo_; }

    /// Problems of the file as read (parse and structure) plus validation of the current values.
    const Problems& problems() const { return problems_; }
    /// validateVehicle of the current configuration, as the edit that made it computed it.
    const Problems& validation() const { return validation_; }
    bool hasErrors() const { return problems_.hasErrors(); }

    /// Opens a file. A file with errors opens with everything that could be read; returns false
    /// only when nothing usable could be read: the current vehicle, its file and its problems are
    /// then kept unchanged and `error` says why.
    bool open(const QString& path, QString* error);
    /// Starts a new, unsaved document from a preset.
    void newFrom(const VehicleConfig& config, const QString& name);
    /// Saves atomically; returns an error message or "".
    QString save();
    QString saveAs(const QString& path);

    /// Sets one leaf (type, limits and relations checked). Returns the reason when refused.
    QString setParameter(const std::string& path, const config::Json& value);
    /// Several leaves as one undoable step (link toggles, doctor fixes, copy from compare).
    QString setParameters(const config::EditList& edits, const QString& text);
    /// The whole configuration as one undoable step (revert to file, revert a parameter).
    void replaceConfig(const VehicleConfig& config, const QString& text);
    /// The same, refused with the reason when it creates a new validation error (a copy from the
    /// compare view that takes a gear count without its autobox ratios).
    QString replaceConfigChecked(const VehicleConfig& config, const QString& text);
    /// Why setParameters or replaceConfigChecked would refuse the change ("" when it would take
    /// it), changing nothing: for asking about a change only when it can be made.
    QString refusalOf(const config::EditList& edits) const;
    QString refusalOf(const VehicleConfig& config) const;

    /// For the undo commands: a snapshot and its validation (not validated again).
    void applyConfig(std::shared_ptr<const VehicleConfig> config, Problems validation);

signals:
    void configChanged();
    void fileStateChanged();

private:
    /// An edit session on the current snapshot, whose validation is already known.
    config::EditSession session() const { return config::EditSession(config_, validation_); }
    /// Pushes an accepted, changed edit result as one undo step.
    void push(const config::EditResult& result, const QString& text, std::string mergeKey);
    /// Validates the current configuration (after it was replaced from outside the undo stack).
    void revalidate();
    /// problems_ = the problems of reading + validation_ (no validation).
    void updateProblems();

    std::shared_ptr<const VehicleConfig> config_;
    Problems validation_;
    std::shared_ptr<const VehicleConfig> saved_;
    Problems readProblems_;
    Problems problems_;
    QString path_;
    QString newName_;
    bool unsavedNew_ = false;
    QUndoStack undo_;
};

}  // namespace jounce::gui
