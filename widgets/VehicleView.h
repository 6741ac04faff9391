#pragma once
// What the car is doing, drawn with QPainter: a top-down map of the terrain (surfaces and relief)
// with the car, its wheels and its path, following the car; and a rear view with the body rolled,
// each wheel at its jounce and camber, and its tire-force arrows.

#include "TelemetryHistory.h"
#include "config/VehicleConfig.h"
#include "world/Terrain.h"

#include <QImage>
#include <QWidget>

#include <memory>
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
    /// Map scale in pixels per metre (the mouse wheel changes it too).
    void setZoom(double pixelsPerMetre);

    QSize sizeHint() const override { return {420, 520}; }

    /// Where the last paint put the rear view's wheel labels ("RL 12 mm"), widget coordinates.
    const std::vector<QRectF>& rearLabelRects() const { return rearLabels_; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void renderTerrainImage();
    void paintMap(QPainter& p, const QRectF& area, const telemetry::Frame* frame);
    void paintRear(QPainter& p, const QRectF& area, const telemetry::Frame* frame);

    std::shared_ptr<const sim::Terrain> terrain_;
    QImage terrainImage_;  ///< one pixel per imageCell_ metres, north (+y) up
    double imageCell_ = 1.0;
    VehicleConfig vehicle_;
    const TelemetryHistory* history_ = nullptr;
    double zoom_ = 6.0;
    std::vector<QRectF> rearLabels_;
};

}  // namespace jounce::widgets
