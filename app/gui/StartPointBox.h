#pragma once
// Where runs and maneuvers start: the terrain's start, its named start points ("bumps") and one
// pose picked on the vehicle view's map. Each item holds its pose; its tooltip says where it is.

#include "vehicle/Vehicle.h"

#include <QComboBox>

#include <optional>

namespace jounce::sim {
struct Terrain;
}

namespace jounce::gui {

class StartPointBox : public QComboBox {
    Q_OBJECT
public:
    explicit StartPointBox(QWidget* parent = nullptr);

    /// The terrain's start and its named start points (null: the flat plane's origin); the
    /// terrain's start is chosen.
    void setTerrain(const sim::Terrain* terrain);
    /// Chooses a named start point ("": the terrain's start); false when there is none of that name.
    bool chooseNamed(const QString& name);
    /// Lists and chooses a picked pose (one such item, replaced by the next pick).
    void choosePicked(double x, double y, double heading);
    /// The chosen item's pose (nullopt when the box is empty).
    std::optional<sim::SpawnPose> pose() const;
    /// The chosen item's name and where it is: "bumps (x 60.0 m, y -40.0 m, heading 0°)".
    QString describeChoice() const;
};

}  // namespace jounce::gui
