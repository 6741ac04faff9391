#pragma once
// What the car is doing, drawn with QPainter: a top-down map of the terrain (surfaces and relief)
// with the car, its wheels and its path, following the car; and a rear view with the body rolled,
// each wheel at its jounce and camber, and its tire-force arrows.

#include "ReferenceRuns.h"
#include "TelemetryHistory.h"
#include "config/VehicleConfig.h"
#include "world/Terrain.h"

#include <QImage>
#include <QTransform>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

namespace jounce::widgets {

class VehicleView : public QWidget {
    Q_OBJECT
public:
    explicit VehicleView(QWidget* parent = nullptr);

    /// The terrain to draw (null: an endless flat plane).
    void setTerrain(std::shared_ptr<const sim::Terrain> terrain);
    void setVehicle(const VehicleConfig& config);
    /// The telemetry to draw from: the latest frame and the recent path.
    void setHistory(const TelemetryHistory* history) { history_ = history; }
    /// Reference runs: each one's path on the map and its car (an outline in its colour) where it
    /// was at the live car's time or distance (setAlignment).
    void setReferences(std::vector<ReferenceRun> references);
    void setAlignment(Alignment alignment);
    /// Map scale in pixels per metre (the mouse wheel changes it too).
    void setZoom(double pixelsPerMetre);

    QSize sizeHint() const override { return {420, 520}; }

    /// Start-pose picking: the next press on the map places the start there and a drag gives its
    /// heading (release without a drag: heading +x); Esc cancels. Ends with startPicked().
    void setPicking(bool picking);
    bool isPicking() const { return picking_; }
    /// The world point under a widget position on the map (as last painted).
    QPointF mapToWorld(const QPointF& widgetPosition) const { return mapToScreen_.inverted().map(widgetPosition); }
    /// The widget position of a world point on the map (as last painted).
    QPointF worldToMap(const QPointF& world) const { return mapToScreen_.map(world); }

    /// Where the last paint put the rear view's wheel labels ("RL 12 mm"), widget coordinates.
    const std::vector<QRectF>& rearLabelRects() const { return rearLabels_; }

signals:
    /// A start pose was picked on the map: world x, y (m) and heading (rad, 0 = +x).
    void startPicked(double x, double y, double heading);
    void pickingChanged(bool picking);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void renderTerrainImage();
    void paintMap(QPainter& p, const QRectF& area, const telemetry::Frame* frame);
    void paintRear(QPainter& p, const QRectF& area, const telemetry::Frame* frame);
    /// The terrain's start poses (named ones labelled) and a pick in progress.
    void paintStarts(QPainter& p, const QTransform& world);
    void paintReferences(QPainter& p);

    std::shared_ptr<const sim::Terrain> terrain_;
    QImage terrainImage_;  ///< one pixel per imageCell_ metres, north (+y) up
    double imageCell_ = 1.0;
    VehicleConfig vehicle_;
    const TelemetryHistory* history_ = nullptr;
    std::vector<ReferenceRun> references_;
    Alignment alignment_ = Alignment::Time;
    double zoom_ = 6.0;
    std::vector<QRectF> rearLabels_;
    QTransform mapToScreen_;  ///< world to widget on the map, as last painted
    QRectF mapArea_;
    bool picking_ = false;
    std::optional<QPointF> pickFrom_;  ///< world point pressed while picking
    QPointF pickTo_;                   ///< world point under the mouse while dragging
};

}  // namespace jounce::widgets
