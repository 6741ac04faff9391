#pragma once
// Curve editors: a chart with draggable points and a numeric table beside it, for every curve of
// CurveDefinitions, with the live operating point from telemetry. A drag is one undoable edit,
// applied when the mouse is released.

#include "CurveDefinitions.h"
#include "EditRequest.h"
#include "TelemetryHistory.h"

#include <QWidget>

#include <functional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QComboBox;
class QLineSeries;
class QScatterSeries;
class QTableWidget;
class QValueAxis;
QT_END_NAMESPACE

namespace jounce::widgets {

class CurveChartView;

class CurveEditor : public QWidget {
    Q_OBJECT
public:
    explicit CurveEditor(QWidget* parent = nullptr);
    void setApplyEdits(ApplyEdits apply) { apply_ = std::move(apply); }
    void setVehicle(const VehicleConfig& config);
    void setHistory(const TelemetryHistory* history) { history_ = history; }
    /// Moves the operating point to the latest telemetry frame.
    void updateOperatingPoint();

    QStringList curveIds() const;
    bool showCurve(const QString& id, int wheel = 0);
    /// Moves a point as a drag would (for tests); returns the refusal reason or "".
    QString dragPoint(int series, int index, double x, double y);

signals:
    void message(const QString& text);

private:
    friend class CurveChartView;
    void rebuild();
    void redraw();
    void fillTable();
    void pressAt(const QPointF& value);
    void dragTo(const QPointF& value);
    void release();
    const CurveDef* current() const;

    ApplyEdits apply_;
    VehicleConfig config_;
    const TelemetryHistory* history_ = nullptr;
    std::vector<CurveDef> defs_;
    QString currentId_ = "torqueCurve";
    int wheel_ = 0;
    QComboBox* curveBox_;
    QComboBox* wheelBox_;
    QChart* chart_;
    CurveChartView* view_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    std::vector<QScatterSeries*> points_;
    std::vector<QLineSeries*> lines_;
    QScatterSeries* operating_;
    QTableWidget* table_;
    int dragSeries_ = -1;
    int dragIndex_ = -1;
    QPointF dragValue_;
    bool updatingTable_ = false;
};

}  // namespace jounce::widgets
