#include "ExchangeActions.h"

#include "ImportRunner.h"
#include "VehicleDocument.h"
#include "exchange/physx5/Physx5Json.h"
#include "exchange/unity/UnityExport.h"
#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"
#include "exchange/usd/UsdLayer.h"
#include "json/TextFile.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace jounce::gui {

ConversionReportDialog::ConversionReportDialog(const QString& summary, const exchange::ConversionReport& report,
                                               const std::vector<exchange::FileProblems>& problems, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("conversionReportDialog"));
    setWindowTitle(QString::fromStdString(report.title));
    auto* layout = new QVBoxLayout(this);
    summary_ = new QLabel(summary, this);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    table_ = new QTreeWidget(this);
    table_->setColumnCount(3);
    table_->setHeaderLabels({tr("Kind"), tr("What"), tr("Why")});
    table_->setRootIsDecorated(false);
    table_->setWordWrap(true);
    table_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    for (const exchange::FileProblems& f : problems)
        for (const Problem& p : f.problems.items)
            new QTreeWidgetItem(table_, {p.severity == Severity::Error ? tr("error") : tr("warning"),
                                         QString::fromStdString(f.file + ": " + (p.pointer.empty() ? "/" : p.pointer)),
                                         QString::fromStdString(p.message)});
    for (const exchange::ConversionNote& n : report.notes)
        new QTreeWidgetItem(table_, {QString::fromUtf8(exchange::noteKindName(n.kind)), QString::fromStdString(n.subject),
                                     QString::fromStdString(n.reason)});
    for (int c = 0; c < 2; ++c)
        table_->resizeColumnToContents(c);
    layout->addWidget(table_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy as text"), QDialogButtonBox::ActionRole);
    bool failed = false;
    for (const exchange::FileProblems& f : problems)
        failed = failed || f.problems.hasErrors();
    const QString text = summary + "\n" + QString::fromStdString(report.toText(!failed));
    connect(copy, &QPushButton::clicked, this, [text] { QApplication::clipboard()->setText(text); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(900, 480);
}

QString ConversionReportDialog::summary() const { return summary_->text(); }

ExchangeActions::ExchangeActions(VehicleDocument& document, QWidget* window)
    : QObject(window), document_(document), window_(window), runner_(new ImportRunner(window, this))
{
    setObjectName(QStringLiteral("exchangeActions"));
    connect(runner_, &ImportRunner::finished, this, [this](const QString& source, const ImportRunner::Result& result) {
        emit importFinished(finishImport(*result, source));
    });
    connect(runner_, &ImportRunner::cancelled, this, [this](const QString& source) {
        if (auto* main = qobject_cast<QMainWindow*>(window_))
            main->statusBar()->showMessage(tr("Import of %1 cancelled; the open vehicle is unchanged.").arg(source), 8000);
    });
}

void ExchangeActions::startImport(const QString& source,
                                  std::function<exchange::ImportResult(const exchange::ImportControl&)> work)
{
    runner_->start(source, std::move(work));
}

void ExchangeActions::showReport(const QString& summary, const exchange::ConversionReport& report,
                                 const std::vector<exchange::FileProblems>& problems)
{
    if (lastReport_)
        lastReport_->deleteLater();
    lastReport_ = new ConversionReportDialog(summary, report, problems, window_);
    lastReport_->setAttribute(Qt::WA_DeleteOnClose);
    lastReport_->show();
}

bool ExchangeActions::finishImport(const exchange::ImportResult& result, const QString& source)
{
    std::size_t errors = 0;
    for (const exchange::FileProblems& f : result.problems)
        errors += f.problems.errorCount();
    const QString counts = tr("%1 approximated, %2 dropped, %3 defaulted")
                               .arg(result.report.count(exchange::NoteKind::Approximated))
                               .arg(result.report.count(exchange::NoteKind::Dropped))
                               .arg(result.report.count(exchange::NoteKind::Defaulted));
    if (!result.ok()) {
        showReport(tr("Import of %1 failed with %n error(s); the open vehicle is unchanged.", "", int(errors)).arg(source),
                   result.report, result.problems);
        return false;
    }
    document_.newFrom(result.vehicle, QString::fromStdString(result.vehicle.name));
    showReport(tr("Imported %1 as a new, unsaved vehicle (%2).").arg(source, counts), result.report, result.problems);
    return true;
}

void ExchangeActions::importPhysx5(const QString& basePath, const QString& drivePath, const QString& differential,
                                   bool keepOpenVehicle)
{
    exchange::Physx5ImportOptions options;
    if (keepOpenVehicle)
        options.base = document_.config();
    if (differential == QLatin1String("four-wheel"))
        options.differential = exchange::Physx5Differential::FourWheel;
    else if (differential == QLatin1String("multi-wheel"))
        options.differential = exchange::Physx5Differential::MultiWheel;
    else if (differential == QLatin1String("tank"))
        options.differential = exchange::Physx5Differential::Tank;
    startImport(QFileInfo(basePath).fileName() + " + " + QFileInfo(drivePath).fileName(),
                [options, base = basePath.toStdString(), drive = drivePath.toStdString()](const exchange::ImportControl& control) {
                    exchange::Physx5ImportOptions o = options;
                    o.control = control;
                    return exchange::importPhysx5Files(base, drive, o);
                });
}

void ExchangeActions::importUsd(const QString& path, bool keepOpenVehicle)
{
    exchange::UsdImportOptions options;
    if (keepOpenVehicle)
        options.base = document_.config();
    startImport(QFileInfo(path).fileName(), [options, file = path.toStdString()](const exchange::ImportControl& control) {
        exchange::UsdImportOptions o = options;
        o.control = control;
        return exchange::importUsdFile(file, o);
    });
}

QString ExchangeActions::exportPhysx5(const QString& directory)
{
    const exchange::Physx5Files files = exchange::exportPhysx5(document_.config());
    if (const std::string err = exchange::writePhysx5(files, directory.toStdString()); !err.empty())
        return QString::fromStdString(err);
    showReport(tr("Wrote %1 and %2 in %3.")
                   .arg(QString::fromUtf8(exchange::kPhysx5BaseFile), QString::fromStdString(files.driveFileName), directory),
               files.report, {});
    return {};
}

QString ExchangeActions::exportUsd(const QString& path)
{
    const exchange::UsdExport usd = exchange::exportUsd(document_.config());
    if (const std::string err = json::writeFileAtomic(path.toStdString(), usd.text); !err.empty())
        return QString::fromStdString(err);
    showReport(tr("Wrote %1.").arg(path), usd.report, {});
    return {};
}

void ExchangeActions::importUnity(const QString& path)
{
    startImport(QFileInfo(path).fileName(), [file = path.toStdString()](const exchange::ImportControl& control) {
        return exchange::importUnityFile(file, control);
    });
}

QString ExchangeActions::exportUnity(const QString& path)
{
    exchange::ConversionReport report;
    const std::string text = exchange::unityJsonText(exchange::exportUnity(document_.config(), report));
    if (const std::string err = json::writeFileAtomic(path.toStdString(), text); !err.empty())
        return QString::fromStdString(err);
    showReport(tr("Wrote %1: apply it in Unity with resources/unity/JounceVehicleLoader.cs.").arg(path), report, {});
    return {};
}

}  // namespace jounce::gui
