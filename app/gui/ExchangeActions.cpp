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
#include <QRegularExpression>
#include <QScreen>
#include <QStatusBar>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::gui {
namespace {

/// A tree view asks its delegate for a row's height without the column's width, so word-wrapped
/// text got one line and was cut. This gives the height the text needs at the column's width (the
/// width stays the unwrapped text's, for fitting the columns).
class WrappingDelegate : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView* view) : QStyledItemDelegate(view), view_(view) {}

    /// What the rows of column `column` may break after, besides spaces (a zero-width space goes
    /// after each): a path or pointer has no spaces, and would be cut at the column's edge.
    static QString breakable(QString text, int column)
    {
        static const QRegularExpression breakAfter(QStringLiteral("([./])"));
        if (column == 1)
            text.replace(breakAfter, QStringLiteral("\\1\u200B"));
        return text;
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const QSize natural = QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem wrapped(option);
        wrapped.rect = QRect(0, 0, view_->columnWidth(index.column()), std::max(1, option.rect.height()));
        return {natural.width(), std::max(natural.height(), QStyledItemDelegate::sizeHint(wrapped, index).height())};
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->text = breakable(option->text, index.column());
    }

private:
    QTreeView* view_;
};

}  // namespace

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
    table_->setUniformRowHeights(false);
    table_->setTextElideMode(Qt::ElideNone);
    table_->setItemDelegate(new WrappingDelegate(table_));
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the columns fit the view
    table_->header()->setStretchLastSection(true);
    table_->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    table_->header()->setSectionResizeMode(1, QHeaderView::Interactive);
    table_->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    for (const exchange::FileProblems& f : problems)
        for (const Problem& p : f.problems.items)
            new QTreeWidgetItem(table_, {p.severity == Severity::Error ? tr("error") : tr("warning"),
                                         QString::fromStdString(f.file + ": " + (p.pointer.empty() ? "/" : p.pointer)),
                                         QString::fromStdString(p.message)});
    for (const exchange::ConversionNote& n : report.notes)
        new QTreeWidgetItem(table_, {QString::fromUtf8(exchange::noteKindName(n.kind)), QString::fromStdString(n.subject),
                                     QString::fromStdString(n.reason)});
    // A row's cells start on its first line, beside the start of a long reason.
    for (int i = 0; i < table_->topLevelItemCount(); ++i)
        for (int c = 0; c < 3; ++c)
            table_->topLevelItem(i)->setTextAlignment(c, Qt::AlignLeft | Qt::AlignTop);
    // Wrapped rows change height with their column's width: lay the rows out again once the
    // columns have settled (queued, so one resize of the dialog relays them once).
    connect(table_->header(), &QHeaderView::sectionResized, this, [this] {
        if (!relayoutQueued_) {
            relayoutQueued_ = true;
            QTimer::singleShot(0, this, [this] {
                relayoutQueued_ = false;
                table_->doItemsLayout();
            });
        }
    });
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
    // 900 x 480, or less on a small screen (1366 x 768 leaves room for the window's frame).
    const QScreen* screen = parent && parent->screen() ? parent->screen() : this->screen();
    const QSize room = screen ? screen->availableGeometry().size() - QSize(40, 60) : QSize(900, 480);
    resize(std::min(900, room.width()), std::min(480, room.height()));
    table_->viewport()->installEventFilter(this);  // the columns follow the view's width
}

QString ConversionReportDialog::summary() const { return summary_->text(); }

void ConversionReportDialog::fitColumns()
{
    // Kind and What as wide as their text but together at most half the view, What at most a
    // third: Why, stretched, always keeps the rest and wraps its long reasons there.
    const int view = table_->viewport()->width();
    table_->resizeColumnToContents(0);
    table_->setColumnWidth(0, std::min(table_->columnWidth(0), view / 6));
    table_->resizeColumnToContents(1);
    table_->setColumnWidth(1, std::min(table_->columnWidth(1), view / 3));
}

bool ConversionReportDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == table_->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QDialog::eventFilter(watched, event);
}

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

bool ExchangeActions::importTir(const QString& path, exchange::TirWheels wheels)
{
    const QString name = QFileInfo(path).fileName();
    const exchange::TirImport mapping = exchange::mapTirFile(path.toStdString(), document_.config(), wheels);
    std::vector<exchange::FileProblems> problems{{name.toStdString(), mapping.problems}};
    QString refusal;
    if (mapping.ok())
        refusal = document_.setParameters(mapping.edits, tr("Import tire %1 (%2 wheels)")
                                                             .arg(name, QString::fromUtf8(exchange::tirWheelsName(wheels))));
    if (!mapping.ok() || !refusal.isEmpty()) {
        if (!refusal.isEmpty()) {
            problems.push_back({"vehicle", {}});
            problems.back().problems.error("", refusal.toStdString());
        }
        std::size_t errors = 0;
        for (const exchange::FileProblems& f : problems)
            errors += f.problems.errorCount();
        showReport(tr("Import of %1 failed with %n error(s); the vehicle is unchanged.", "", int(errors)).arg(name),
                   mapping.report, problems);
        return false;
    }
    showReport(tr("Imported %1: %2. It is one edit: Edit ▸ Undo takes it back.")
                   .arg(name, QString::fromStdString(mapping.summary())),
               mapping.report, problems);
    return true;
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
