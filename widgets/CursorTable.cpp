#include "CursorTable.h"

#include "DisplayUnits.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QShortcut>
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace jounce::widgets {

CursorTable::CursorTable(QWidget* parent) : QWidget(parent)
{
    header_ = new QLabel(this);
    header_->setTextFormat(Qt::RichText);
    auto* clear = new QToolButton(this);
    clear->setText(tr("Clear cursors"));
    clear->setToolTip(tr("Remove cursors A and B (Esc over the charts)"));
    connect(clear, &QToolButton::clicked, this, &CursorTable::clearRequested);
    auto* top = new QHBoxLayout();
    top->setContentsMargins(4, 0, 4, 0);
    top->addWidget(header_, 1);
    top->addWidget(clear);

    auto* copyButton = new QToolButton(this);
    copyButton->setText(tr("Copy"));
    copyButton->setToolTip(tr("Copy the table, tab-separated, to paste into a spreadsheet (Ctrl+C in the table)"));
    connect(copyButton, &QToolButton::clicked, this, &CursorTable::copy);
    top->insertWidget(1, copyButton);

    table_ = new QTableWidget(0, 9, this);
    table_->setObjectName(QStringLiteral("cursorTable"));
    table_->setHorizontalHeaderLabels({tr("Trace"), tr("Unit"), tr("A"), tr("B"), tr("B − A"), tr("min A–B"), tr("max A–B"), tr("mean A–B"),
                                       tr("RMS A–B")});
    auto* copyShortcut = new QShortcut(QKeySequence::Copy, table_, nullptr, nullptr, Qt::WidgetShortcut);
    connect(copyShortcut, &QShortcut::activated, this, &CursorTable::copy);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 9; ++c)
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->setMaximumHeight(table_->verticalHeader()->defaultSectionSize() * 9);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->setSpacing(1);
    layout->addLayout(top);
    layout->addWidget(table_);
    hide();
}

void CursorTable::show(std::optional<double> a, std::optional<double> b, const std::vector<Row>& rows)
{
    setVisible(a || b);
    if (!a && !b)
        return;
    const auto time = [](std::optional<double> t) { return t ? formatNumber(*t, 3) + " s" : QStringLiteral("–"); };
    QString head = tr("<b>Cursors</b> &nbsp; <span style='color:#146e3c'>A</span> t = %1 &nbsp; "
                      "<span style='color:#962896'>B</span> t = %2")
                       .arg(time(a), time(b));
    if (a && b)
        head += tr(" &nbsp; <b>Δt = %1 s</b>").arg(formatNumber(*b - *a, 3));
    header_->setText(head);
    table_->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const Row& row = rows[std::size_t(r)];
        const auto cell = [&](int column, const QString& text, Qt::Alignment align) {
            QTableWidgetItem* item = table_->item(r, column);
            if (!item) {
                item = new QTableWidgetItem();
                table_->setItem(r, column, item);
            }
            item->setText(text);
            item->setTextAlignment(align | Qt::AlignVCenter);
            return item;
        };
        const auto number = [&](double v) { return std::isfinite(v) ? formatNumber(v, row.decimals) : QStringLiteral("–"); };
        cell(0, row.chart + " · " + row.trace, Qt::AlignLeft)->setForeground(row.color.darker(120));
        cell(1, row.unit, Qt::AlignLeft);
        cell(2, a ? number(row.a) : QStringLiteral("–"), Qt::AlignRight);
        cell(3, b ? number(row.b) : QStringLiteral("–"), Qt::AlignRight);
        cell(4, a && b ? number(row.b - row.a) : QStringLiteral("–"), Qt::AlignRight);
        cell(5, number(row.min), Qt::AlignRight);
        cell(6, number(row.max), Qt::AlignRight);
        cell(7, number(row.mean), Qt::AlignRight);
        cell(8, number(row.rms), Qt::AlignRight);
    }
}

void CursorTable::copy() const
{
    QGuiApplication::clipboard()->setText(text());
}

QString CursorTable::text() const
{
    QString out = QTextDocumentFragment::fromHtml(header_->text()).toPlainText() + "\n";
    QStringList titles;
    for (int c = 0; c < table_->columnCount(); ++c)
        titles << table_->horizontalHeaderItem(c)->text();
    out += titles.join('\t') + "\n";
    for (int r = 0; r < table_->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < table_->columnCount(); ++c)
            cells << (table_->item(r, c) ? table_->item(r, c)->text() : QString());
        out += cells.join('\t') + "\n";
    }
    return out;
}

}  // namespace jounce::widgets
