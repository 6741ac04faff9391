#include "VehicleDocument.h"

#include "config/ReferenceCar.h"
#include "config/VehicleValidation.h"
#include "config/VehicleJson.h"

#include <QFileInfo>
#include <QUndoCommand>

#include <algorithm>

namespace jounce::gui {
namespace {

/// A configuration snapshot with its validation, as an undo step keeps it.
struct State {
    std::shared_ptr<const VehicleConfig> config;
    Problems validation;
};

/// One change of the configuration; edits of the same single parameter merge (typing a value,
/// dragging a curve point). Undo and redo restore snapshots whose validation is known.
class ConfigCommand final : public QUndoCommand {
public:
    ConfigCommand(VehicleDocument& doc, State before, State after, const QString& text, std::string mergeKey)
        : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), key_(std::move(mergeKey))
    {
    }
    void undo() override { doc_.applyConfig(before_.config, before_.validation); }
    void redo() override { doc_.applyConfig(after_.config, after_.validation); }
    int id() const override { return key_.empty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const ConfigCommand*>(other);
        if (o->key_ != key_)
            return false;
        after_ = o->after_;
        return true;
    }

private:
    VehicleDocument& doc_;
    State before_;
    State after_;
    std::string key_;
};

}  // namespace

VehicleDocument::VehicleDocument(QObject* parent)
    : QObject(parent), config_(std::make_shared<const VehicleConfig>(referenceCar())), saved_(config_)
{
    connect(&undo_, &QUndoStack::cleanChanged, this, &VehicleDocument::fileStateChanged);
    revalidate();
}

QString VehicleDocument::displayName() const
{
    if (!path_.isEmpty())
        return QFileInfo(path_).fileName();
    return newName_.isEmpty() ? tr("Untitled") : newName_;
}

bool VehicleDocument::open(const QString& path, QString* error)
{
    config::VehicleFile doc = config::loadVehicle(path.toStdString());
    if (!doc.parsed) {
        if (error) {
            QStringList lines;
            for (const Problem& p : doc.problems.items)
                lines << QString::fromStdString(p.toString());
            *error = lines.join("\n");
        }
        return false;
    }
    // Keep the problems of reading (types, structure, unknown keys); values are validated by each
    // edit from here on.
    Problems validation = validateVehicle(doc.config);
    readProblems_ = {};
    for (const Problem& p : doc.problems.items) {
        const bool isValidation = std::any_of(validation.items.begin(), validation.items.end(), [&](const Problem& q) {
            return q.pointer == p.pointer && q.message == p.message;
        });
        if (!isValidation)
            readProblems_.items.push_back(p);
    }
    config_ = std::make_shared<const VehicleConfig>(std::move(doc.config));
    validation_ = std::move(validation);
    saved_ = config_;
    path_ = path;
    newName_.clear();
    unsavedNew_ = false;
    undo_.clear();
    undo_.setClean();
    updateProblems();
    emit configChanged();
    emit fileStateChanged();
    return true;
}

void VehicleDocument::newFrom(const VehicleConfig& config, const QString& name)
{
    config_ = std::make_shared<const VehicleConfig>(config);
    saved_ = config_;
    readProblems_ = {};
    path_.clear();
    newName_ = name;
    unsavedNew_ = true;
    undo_.clear();
    revalidate();
    emit configChanged();
    emit fileStateChanged();
}

QString VehicleDocument::save()
{
    return path_.isEmpty() ? tr("The vehicle has no file yet: use Save As") : saveAs(path_);
}

QString VehicleDocument::saveAs(const QString& path)
{
    if (const std::string err = config::saveVehicle(path.toStdString(), *config_); !err.empty())
        return QString::fromStdString(err);
    path_ = path;
    saved_ = config_;
    readProblems_ = {};  // what could not be read is gone from the file now
    unsavedNew_ = false;
    undo_.setClean();
    updateProblems();  // the configuration and its validation are unchanged
    emit configChanged();
    emit fileStateChanged();
    return {};
}

QString VehicleDocument::setParameter(const std::string& path, const config::Json& value)
{
    return setParameters({{path, value}}, QString());
}

QString VehicleDocument::setParameters(const config::EditList& edits, const QString& text)
{
    if (edits.empty())
        return {};
    // One session: each leaf checked once by the registry, the relations once on the result, a new
    // error refuses the whole list.
    const config::EditResult result = session().apply(edits);
    if (!result.ok())
        return QString::fromStdString(result.refusal);
    // A value the user set replaces whatever the file had wrong there (a wrong type kept the
    // default, so the value may even be unchanged).
    bool cleared = false;
    for (const config::Edit& e : edits) {
        const std::string pointer = config::ParameterRegistry::pathToPointer(e.path);
        cleared = std::erase_if(readProblems_.items, [&](const Problem& p) { return p.pointer == pointer; }) > 0 || cleared;
    }
    if (!result.changed) {
        if (cleared) {
            updateProblems();
            emit configChanged();
        }
        return {};
    }
    const bool single = edits.size() == 1;
    const QString label = !text.isEmpty() ? text
                          : single       ? tr("Set %1").arg(QString::fromStdString(edits.front().path))
                                         : tr("Edit %1 parameters").arg(edits.size());
    // Typing into one field again and again merges into one step; named operations (a fix, a
    // revert, a drag) stay steps of their own.
    const bool merge = single && text.isEmpty();
    push(result, label, merge ? edits.front().path : std::string());
    return {};
}

void VehicleDocument::replaceConfig(const VehicleConfig& config, const QString& text)
{
    if (config == *config_)
        return;
    auto next = std::make_shared<const VehicleConfig>(config);
    Problems validation = validateVehicle(*next);
    undo_.push(new ConfigCommand(*this, {config_, validation_}, {std::move(next), std::move(validation)}, text, {}));
}

QString VehicleDocument::replaceConfigChecked(const VehicleConfig& config, const QString& text)
{
    const config::EditResult result = session().replace(std::make_shared<const VehicleConfig>(config));
    if (!result.ok())
        return QString::fromStdString(result.refusal);
    if (result.changed)
        push(result, text, {});
    return {};
}

QString VehicleDocument::refusalOf(const config::EditList& edits) const
{
    return QString::fromStdString(session().apply(edits).refusal);
}

QString VehicleDocument::refusalOf(const VehicleConfig& config) const
{
    return QString::fromStdString(session().replace(std::make_shared<const VehicleConfig>(config)).refusal);
}

void VehicleDocument::push(const config::EditResult& result, const QString& text, std::string mergeKey)
{
    undo_.push(new ConfigCommand(*this, {config_, validation_}, {result.config, result.problems}, text, std::move(mergeKey)));
}

void VehicleDocument::applyConfig(std::shared_ptr<const VehicleConfig> config, Problems validation)
{
    config_ = std::move(config);
    validation_ = std::move(validation);
    updateProblems();
    emit configChanged();
    emit fileStateChanged();
}

void VehicleDocument::revalidate()
{
    validation_ = validateVehicle(*config_);
    updateProblems();
}

void VehicleDocument::updateProblems()
{
    // A value the file got wrong (missing, wrong type) is reported once, as the reading problem
    // the CLI reports, not again as the default value that stands in for it.
    problems_ = readProblems_;
    for (const Problem& p : validation_.items)
        if (std::none_of(readProblems_.items.begin(), readProblems_.items.end(),
                         [&](const Problem& r) { return r.pointer == p.pointer; }))
            problems_.items.push_back(p);
}

}  // namespace jounce::gui
