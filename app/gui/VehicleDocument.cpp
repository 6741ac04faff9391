#include "VehicleDocument.h"

#include "config/ReferenceCar.h"
#include "config/VehicleValidation.h"
#include "io/VehicleJson.h"

#include <QFileInfo>
#include <QUndoCommand>

#include <algorithm>

namespace jounce::gui {
namespace {

/// One change of the configuration; edits of the same single parameter merge (typing a value,
/// dragging a curve point).
class ConfigCommand final : public QUndoCommand {
public:
    ConfigCommand(VehicleDocument& doc, std::shared_ptr<const VehicleConfig> before,
                  std::shared_ptr<const VehicleConfig> after, const QString& text, std::string mergeKey)
        : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), key_(std::move(mergeKey))
    {
    }
    void undo() override { doc_.applyConfig(before_); }
    void redo() override { doc_.applyConfig(after_); }
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
    std::shared_ptr<const VehicleConfig> before_;
    std::shared_ptr<const VehicleConfig> after_;
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
    io::VehicleFile doc = io::loadVehicle(path.toStdString());
    if (!doc.parsed) {
        if (error) {
            QStringList lines;
            for (const Problem& p : doc.problems.items)
                lines << QString::fromStdString(p.toString());
            *error = lines.join("\n");
        }
        readProblems_ = doc.problems;  // show why in the Problems panel
        revalidate();
        emit configChanged();
        return false;
    }
    // Keep the problems of reading (types, structure, unknown keys); values are re-validated live.
    const Problems validation = validateVehicle(doc.config);
    readProblems_ = {};
    for (const Problem& p : doc.problems.items) {
        const bool isValidation = std::any_of(validation.items.begin(), validation.items.end(), [&](const Problem& q) {
            return q.pointer == p.pointer && q.message == p.message;
        });
        if (!isValidation)
            readProblems_.items.push_back(p);
    }
    config_ = std::make_shared<const VehicleConfig>(std::move(doc.config));
    saved_ = config_;
    path_ = path;
    newName_.clear();
    unsavedNew_ = false;
    undo_.clear();
    undo_.setClean();
    revalidate();
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
    if (const std::string err = io::saveVehicle(path.toStdString(), *config_); !err.empty())
        return QString::fromStdString(err);
    path_ = path;
    saved_ = config_;
    readProblems_ = {};  // what could not be read is gone from the file now
    unsavedNew_ = false;
    undo_.setClean();
    revalidate();
    emit configChanged();
    emit fileStateChanged();
    return {};
}

QString VehicleDocument::check(const VehicleConfig& candidate, const std::vector<Edit>&) const
{
    // Refuse an edit that creates a new error anywhere (a limit, or a relation it breaks such as
    // a graph point passing its neighbour); errors the vehicle already had do not block edits.
    const Problems before = validateVehicle(*config_);
    for (const Problem& p : validateVehicle(candidate).items) {
        if (p.severity != Severity::Error)
            continue;
        const bool existed = std::any_of(before.items.begin(), before.items.end(), [&](const Problem& q) {
            return q.pointer == p.pointer && q.message == p.message;
        });
        if (!existed)
            return QString::fromStdString(p.pointer + ": " + p.message);
    }
    return {};
}

QString VehicleDocument::setParameter(const std::string& path, const config::Json& value)
{
    return setParameters({{path, value}}, QString());
}

QString VehicleDocument::setParameters(const std::vector<Edit>& edits, const QString& text)
{
    if (edits.empty())
        return {};
    auto next = std::make_shared<VehicleConfig>(*config_);
    const auto& registry = config::ParameterRegistry::instance();
    for (const Edit& e : edits)
        if (const std::string err = registry.set(*next, e.first, e.second); !err.empty())
            return QString::fromStdString(err);
    const bool changed = *next != *config_;
    if (changed)
        if (QString err = check(*next, edits); !err.isEmpty())
            return err;
    // A value the user set replaces whatever the file had wrong there (a wrong type kept the
    // default, so the value may even be unchanged).
    bool cleared = false;
    for (const Edit& e : edits) {
        const std::string pointer = config::ParameterRegistry::pathToPointer(e.first);
        cleared = std::erase_if(readProblems_.items, [&](const Problem& p) { return p.pointer == pointer; }) > 0 || cleared;
    }
    if (!changed) {
        if (cleared) {
            revalidate();
            emit configChanged();
        }
        return {};
    }
    const bool single = edits.size() == 1;
    const QString label = !text.isEmpty() ? text
                          : single       ? tr("Set %1").arg(QString::fromStdString(edits.front().first))
                                         : tr("Edit %1 parameters").arg(edits.size());
    // Typing into one field again and again merges into one step; named operations (a fix, a
    // revert, a drag) stay steps of their own.
    const bool merge = single && text.isEmpty();
    undo_.push(new ConfigCommand(*this, config_, next, label, merge ? edits.front().first : std::string()));
    return {};
}

void VehicleDocument::replaceConfig(const VehicleConfig& config, const QString& text)
{
    if (config == *config_)
        return;
    undo_.push(new ConfigCommand(*this, config_, std::make_shared<const VehicleConfig>(config), text, {}));
}

QString VehicleDocument::replaceConfigChecked(const VehicleConfig& config, const QString& text)
{
    if (config == *config_)
        return {};
    if (QString err = check(config, {}); !err.isEmpty())
        return err;
    replaceConfig(config, text);
    return {};
}

void VehicleDocument::applyConfig(std::shared_ptr<const VehicleConfig> config)
{
    config_ = std::move(config);
    revalidate();
    emit configChanged();
    emit fileStateChanged();
}

void VehicleDocument::revalidate()
{
    problems_ = readProblems_;
    for (Problem& p : validateVehicle(*config_).items)
        problems_.items.push_back(std::move(p));
}

}  // namespace jounce::gui
