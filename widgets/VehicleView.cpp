#include "VehicleView.h"

#include "DisplayUnits.h"
#include "WheelColors.h"
#include "config/Units.h"

#include <QPainter>
#include <QPainterPath>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {
namespace {

using telemetry::VehicleChannel;
using telemetry::WheelChannel;

QColor surfaceColor(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (n.find("ice") != std::string::npos)
        return QColor(185, 225, 245);
    if (n.find("snow") != std::string::npos)
        return QColor(240, 244, 248);
    if (n.find("grass") != std::string::npos)
        return QColor(120, 170, 90);
    if (n.find("gravel") != std::string::npos)
        return QColor(190, 170, 130);
    if (n.find("concrete") != std::string::npos)
        return QColor(175, 175, 170);
    if (n.find("mud") != std::string::npos || n.find("dirt") != std::string::npos)
        return QColor(140, 110, 80);
    return QColor(95, 98, 104);  // tarmac and anything else
}

}  // namespace

VehicleView::VehicleView(QWidget* parent) : QWidget(parent)
{
    setMinimumSize(260, 184);  // fits below the simulation dock on a 768-pixel-high screen
    // A click on the car takes the focus from a text field or box, so the driving keys reach it.
    setFocusPolicy(Qt::ClickFocus);
    setToolTip(tr("Top: the terrain seen from above with the car, its wheels and its path (mouse wheel zooms).\n"
                  "Bottom: the car seen from behind: body roll, each wheel at its jounce and camber, tire forces "
                  "(lateral in red, load in blue)."));
    // Its read-outs are in the display units: redrawn at once, not at the next frame (none comes
    // after a run has ended).
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, qOverload<>(&QWidget::update));
}

void VehicleView::setTerrain(std::shared_ptr<const sim::Terrain> terrain)
{
    terrain_ = std::move(terrain);
    renderTerrainImage();
    update();
}

void VehicleView::setVehicle(const VehicleConfig& config)
{
    vehicle_ = config;
    update();
}

void VehicleView::setZoom(double pixelsPerMetre)
{
    zoom_ = std::clamp(pixelsPerMetre, 0.2, 60.0);
    update();
}

void VehicleView::wheelEvent(QWheelEvent* event)
{
    setZoom(zoom_ * std::pow(1.2, event->angleDelta().y() / 120.0));
    event->accept();
}

void VehicleView::renderTerrainImage()
{
    terrainImage_ = QImage();
    if (!terrain_)
        return;
    const sim::HeightField& f = terrain_->field;
    const double width = f.spacing * (f.nx - 1);
    const double height = f.spacing * (f.ny - 1);
    // About 1 pixel per metre, at most 2048 pixels a side.
    imageCell_ = std::max({f.spacing, width / 2048.0, height / 2048.0, 0.5});
    const int w = std::max(1, static_cast<int>(width / imageCell_));
    const int h = std::max(1, static_cast<int>(height / imageCell_));
    terrainImage_ = QImage(w, h, QImage::Format_RGB32);
    const double light[3] = {-0.5, 0.5, 0.7};
    for (int j = 0; j < h; ++j) {
        const double y = f.originY + (h - 1 - j + 0.5) * imageCell_;
        auto* line = reinterpret_cast<QRgb*>(terrainImage_.scanLine(j));
        for (int i = 0; i < w; ++i) {
            const double x = f.originX + (i + 0.5) * imageCell_;
            const int s = terrain_->surfaceAt(x, y);
            QColor c = surfaceColor(s >= 0 && s < static_cast<int>(terrain_->surfaceNames.size())
                                        ? terrain_->surfaceNames[std::size_t(s)]
                                        : std::string());
            // Hill shading from the surface normal makes bumps, slopes and rough patches visible.
            const Vec3 n = f.normalAt(x, y);
            const double shade = std::clamp(0.55 + 0.6 * (n.x * light[0] + n.y * light[1] + n.z * light[2]) - 0.42, 0.45, 1.25);
            line[i] = qRgb(std::min(255, static_cast<int>(c.red() * shade)), std::min(255, static_cast<int>(c.green() * shade)),
                           std::min(255, static_cast<int>(c.blue() * shade)));
        }
    }
}

void VehicleView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().window());
    const telemetry::Frame* frame = history_ && !history_->empty() ? &history_->latest() : nullptr;
    const double split = height() * 0.62;
    paintMap(p, QRectF(0, 0, width(), split), frame);
    paintRear(p, QRectF(0, split, width(), height() - split), frame);
}

void VehicleView::paintMap(QPainter& p, const QRectF& area, const telemetry::Frame* frame)
{
    p.save();
    p.setClipRect(area);
    p.fillRect(area, surfaceColor(terrain_ && !terrain_->surfaceNames.empty() ? terrain_->surfaceNames[0] : "tarmac"));
    const double cx = frame ? frame->vehicle(VehicleChannel::PosX) : 0.0;
    const double cy = frame ? frame->vehicle(VehicleChannel::PosY) : 0.0;
    // World to screen: the car in the middle, +x to the right, +y up.
    QTransform world;
    world.translate(area.center().x(), area.center().y());
    world.scale(zoom_, -zoom_);
    world.translate(-cx, -cy);
    mapToScreen_ = world;
    mapArea_ = area;
    if (terrain_ && !terrainImage_.isNull()) {
        const sim::HeightField& f = terrain_->field;
        const QRectF target(f.originX, f.originY, terrainImage_.width() * imageCell_, terrainImage_.height() * imageCell_);
        p.setTransform(world);
        // The image is stored north-up; flip it back because the world transform flips y.
        p.save();
        p.translate(target.left(), target.bottom());
        p.scale(imageCell_, -imageCell_);
        p.drawImage(QPointF(0, 0), terrainImage_);
        p.restore();
    }
    p.setTransform(world);
    // Grid every 10 m for scale.
    p.setPen(QPen(QColor(255, 255, 255, 40), 0));
    const double half = std::max(area.width(), area.height()) / zoom_;
    for (double gx = std::floor((cx - half) / 10) * 10; gx < cx + half; gx += 10)
        p.drawLine(QPointF(gx, cy - half), QPointF(gx, cy + half));
    for (double gy = std::floor((cy - half) / 10) * 10; gy < cy + half; gy += 10)
        p.drawLine(QPointF(cx - half, gy), QPointF(cx + half, gy));

    // The path of the last 30 s.
    if (history_ && history_->size() > 1) {
        QPainterPath path;
        const double t0 = history_->endTime() - 30.0;
        bool started = false;
        for (std::size_t i = history_->lowerBound(t0); i < history_->size(); ++i) {
            const QPointF q(history_->at(i).vehicle(VehicleChannel::PosX), history_->at(i).vehicle(VehicleChannel::PosY));
            if (!started)
                path.moveTo(q);
            else
                path.lineTo(q);
            started = true;
        }
        p.setPen(QPen(QColor(255, 220, 60), 2.0 / zoom_));
        p.drawPath(path);
    }

    paintStarts(p, world);
    p.setTransform(world);
    paintReferences(p);
    if (frame) {
        p.translate(cx, cy);
        p.rotate(radiansToDegrees(frame->vehicle(VehicleChannel::Yaw)));
        const Vec3& d = vehicle_.chassis.dimensions;
        p.setPen(QPen(Qt::black, 1.5 / zoom_));
        p.setBrush(QColor(230, 235, 240, 220));
        p.drawRect(QRectF(-d.x / 2, -d.y / 2, d.x, d.y));
        p.setBrush(QColor(60, 90, 130));
        p.drawPolygon(QPolygonF({QPointF(d.x / 2, 0), QPointF(d.x / 2 - 0.6, 0.35), QPointF(d.x / 2 - 0.6, -0.35)}));
        for (std::size_t i = 0; i < vehicle_.wheels.size() && int(i) < frame->wheelCount(); ++i) {
            const WheelConfig& w = vehicle_.wheels[i];
            p.save();
            p.translate(w.geometry.wheelCentreOffset.x, w.geometry.wheelCentreOffset.y);
            p.rotate(radiansToDegrees(frame->wheel(WheelChannel::SteerAngle, int(i))));
            const bool air = frame->wheel(WheelChannel::InAir, int(i)) > 0.5;
            p.setBrush(air ? QColor(255, 255, 255, 60) : wheelColor(int(i)));
            p.drawRect(QRectF(-w.wheel.radius, -w.wheel.width / 2, 2 * w.wheel.radius, w.wheel.width));
            p.restore();
        }
    }
    p.resetTransform();
    p.setPen(Qt::white);
    p.drawText(area.adjusted(6, 4, -6, -4), Qt::AlignLeft | Qt::AlignTop,
               frame ? tr("x %1 m, y %2 m, %3").arg(cx, 0, 'f', 1).arg(cy, 0, 'f', 1)
                           .arg(DisplayUnits::current().format(frame->vehicle(VehicleChannel::ForwardSpeed), "m/s"))
                     : tr("no telemetry yet"));
    p.drawText(area.adjusted(6, 4, -6, -4), Qt::AlignRight | Qt::AlignBottom, tr("grid 10 m"));
    p.restore();
}

void VehicleView::setReferences(std::vector<ReferenceRun> references)
{
    references_ = std::move(references);
    update();
}

void VehicleView::setAlignment(Alignment alignment)
{
    alignment_ = alignment;
    update();
}

void VehicleView::paintReferences(QPainter& p)
{
    const Vec3& d = vehicle_.chassis.dimensions;
    for (const ReferenceRun& ref : references_) {
        const sim::TelemetryTrack& t = ref.run->telemetry;
        if (t.empty())
            continue;
        // The whole path, at most about 4000 points.
        QPainterPath path;
        const std::size_t stride = std::max<std::size_t>(1, t.size() / 4000);
        for (std::size_t i = 0; i < t.size(); i += stride) {
            const QPointF q(t.value(i, telemetry::Column::of(VehicleChannel::PosX)),
                            t.value(i, telemetry::Column::of(VehicleChannel::PosY)));
            if (i == 0)
                path.moveTo(q);
            else
                path.lineTo(q);
        }
        QPen pen(ref.color, 2.0 / zoom_, ref.style);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        // The reference car where it was at the live car's time (or distance).
        if (!history_ || history_->empty())
            continue;
        const std::optional<std::size_t> j = referenceFrameAt(*history_, t, history_->endTime(), alignment_);
        if (!j)
            continue;
        p.save();
        p.translate(t.value(*j, telemetry::Column::of(VehicleChannel::PosX)),
                    t.value(*j, telemetry::Column::of(VehicleChannel::PosY)));
        p.rotate(radiansToDegrees(t.value(*j, telemetry::Column::of(VehicleChannel::Yaw))));
        QColor fill = ref.color;
        fill.setAlpha(70);
        p.setPen(QPen(ref.color, 2.0 / zoom_, Qt::DashLine));
        p.setBrush(fill);
        p.drawRect(QRectF(-d.x / 2, -d.y / 2, d.x, d.y));
        p.restore();
    }
}

void VehicleView::paintStarts(QPainter& p, const QTransform& world)
{
    // An arrow 4 m long at a pose, drawn in screen space so it keeps its size at any zoom.
    auto arrow = [&](QPointF at, double heading, const QColor& colour, const QString& label) {
        const QPointF s = world.map(at);
        const QPointF dir(std::cos(heading), -std::sin(heading));  // screen y points down
        const QPointF normal(-dir.y(), dir.x());
        p.setPen(QPen(colour, 2));
        p.setBrush(colour);
        p.drawLine(s, s + dir * 18);
        p.drawPolygon(QPolygonF({s + dir * 24, s + dir * 14 + normal * 5, s + dir * 14 - normal * 5}));
        p.drawEllipse(s, 3, 3);
        if (!label.isEmpty()) {
            p.setPen(Qt::white);
            p.drawText(s + QPointF(6, 14), label);
        }
    };
    p.save();
    p.resetTransform();
    if (terrain_) {
        arrow({terrain_->start.x, terrain_->start.y}, terrain_->start.heading, QColor(250, 250, 250, 200), QString());
        for (const sim::NamedStart& s : terrain_->startPoints)
            arrow({s.pose.x, s.pose.y}, s.pose.heading, QColor(120, 220, 255, 220), QString::fromStdString(s.name));
    }
    if (pickFrom_) {
        const QPointF d = pickTo_ - *pickFrom_;
        arrow(*pickFrom_, std::hypot(d.x(), d.y()) > 0.5 ? std::atan2(d.y(), d.x()) : 0.0, QColor(255, 120, 40),
              tr("start here"));
    }
    p.restore();
}

void VehicleView::setPicking(bool picking)
{
    if (picking == picking_)
        return;
    picking_ = picking;
    pickFrom_.reset();
    setCursor(picking ? Qt::CrossCursor : Qt::ArrowCursor);
    if (picking)
        setFocus(Qt::OtherFocusReason);  // for Esc
    update();
    emit pickingChanged(picking_);
}

void VehicleView::mousePressEvent(QMouseEvent* event)
{
    if (!picking_ || event->button() != Qt::LeftButton || !mapArea_.contains(event->position())) {
        QWidget::mousePressEvent(event);
        return;
    }
    pickFrom_ = mapToWorld(event->position());
    pickTo_ = *pickFrom_;
    update();
}

void VehicleView::mouseMoveEvent(QMouseEvent* event)
{
    if (!pickFrom_) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    pickTo_ = mapToWorld(event->position());
    update();
}

void VehicleView::mouseReleaseEvent(QMouseEvent* event)
{
    if (!pickFrom_ || event->button() != Qt::LeftButton) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    // A drag shorter than half a metre is a click: heading +x.
    const QPointF d = mapToWorld(event->position()) - *pickFrom_;
    const double heading = std::hypot(d.x(), d.y()) > 0.5 ? std::atan2(d.y(), d.x()) : 0.0;
    const QPointF at = *pickFrom_;
    setPicking(false);
    emit startPicked(at.x(), at.y(), heading);
}

void VehicleView::keyPressEvent(QKeyEvent* event)
{
    if (picking_ && event->key() == Qt::Key_Escape) {
        setPicking(false);
        return;
    }
    QWidget::keyPressEvent(event);
}

namespace {

/// Moves labels on one line apart so none overlaps the next (a narrow car drawn small puts its
/// rear wheels' labels on top of each other), keeping them inside `area` where there is room.
void separateLabels(std::vector<QRectF>& labels, const QRectF& area)
{
    std::vector<QRectF*> order;
    for (QRectF& r : labels)
        order.push_back(&r);
    std::sort(order.begin(), order.end(), [](const QRectF* a, const QRectF* b) { return a->center().x() < b->center().x(); });
    constexpr double gap = 6.0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        const double overlap = order[i - 1]->right() + gap - order[i]->left();
        if (overlap > 0) {  // half to each side
            order[i - 1]->translate(-overlap / 2, 0);
            order[i]->translate(overlap / 2, 0);
        }
    }
    if (order.empty())
        return;
    // Back inside: shift the whole line if it went out on one side.
    const double outLeft = area.left() + 2 - order.front()->left();
    const double outRight = order.back()->right() - (area.right() - 2);
    const double shift = outLeft > 0 ? outLeft : outRight > 0 ? -outRight : 0.0;
    for (QRectF* r : order)
        r->translate(shift, 0);
}

}  // namespace

void VehicleView::paintRear(QPainter& p, const QRectF& area, const telemetry::Frame* frame)
{
    p.save();
    p.setClipRect(area);
    p.fillRect(area, QColor(248, 248, 250));
    rearLabels_.clear();
    if (!frame || vehicle_.wheels.empty()) {
        p.restore();
        return;
    }
    // Fit the car's width and height (with wheels) into the area, ground at the bottom.
    double halfWidth = vehicle_.chassis.dimensions.y / 2;
    double top = vehicle_.chassis.dimensions.z / 2;
    double bottom = 0;
    for (const WheelConfig& w : vehicle_.wheels) {
        halfWidth = std::max(halfWidth, std::fabs(w.geometry.wheelCentreOffset.y) + w.wheel.width);
        bottom = std::min(bottom, w.geometry.wheelCentreOffset.z - w.wheel.radius);
    }
    // The wheel labels get a line of their own under the ground line, inside the area.
    const double labelHeight = p.fontMetrics().height();
    const double labelBand = labelHeight + 6;
    const double scale =
        std::min(area.width() / (2.4 * halfWidth), std::max(1.0, area.height() - labelBand - 20) / (1.3 * (top - bottom)));
    const QPointF ground(area.center().x(), area.bottom() - labelBand);
    // Seen from behind, the vehicle's left (+y) is on the left of the picture.
    auto screen = [&](double y, double z) { return QPointF(ground.x() - y * scale, ground.y() - (z - bottom) * scale); };

    p.setPen(QPen(QColor(90, 90, 90), 2));
    p.drawLine(QPointF(area.left(), ground.y()), QPointF(area.right(), ground.y()));

    // Body rolled about the chassis origin.
    const double roll = frame->vehicle(VehicleChannel::Roll);
    p.save();
    p.translate(screen(0, 0));
    p.rotate(-radiansToDegrees(roll));  // positive roll lifts the left side, drawn on the left
    const Vec3& d = vehicle_.chassis.dimensions;
    p.setPen(QPen(Qt::black, 1.5));
    p.setBrush(QColor(210, 220, 232));
    p.drawRect(QRectF(-d.y / 2 * scale, -d.z / 2 * scale, d.y * scale, d.z * scale));
    p.restore();

    // Wheels of the rearmost axle (and any others, lighter) at their jounce and camber.
    QStringList labelTexts;
    double rearX = 1e9;
    for (const WheelConfig& w : vehicle_.wheels)
        rearX = std::min(rearX, w.geometry.wheelCentreOffset.x);
    for (std::size_t i = 0; i < vehicle_.wheels.size() && int(i) < frame->wheelCount(); ++i) {
        const WheelConfig& w = vehicle_.wheels[i];
        const bool rear = std::fabs(w.geometry.wheelCentreOffset.x - rearX) < 1e-3;
        const int wi = int(i);
        const double jounce = frame->wheel(WheelChannel::Jounce, wi);
        // The wheel centre moves with the body roll and up by the jounce (strut along -z).
        const double y = w.geometry.wheelCentreOffset.y;
        const double zBody = w.geometry.wheelCentreOffset.z;
        const double yRolled = y * std::cos(roll) - zBody * std::sin(roll);
        const double zRolled = y * std::sin(roll) + zBody * std::cos(roll) + jounce;
        p.save();
        p.translate(screen(yRolled, zRolled));
        p.rotate(radiansToDegrees(frame->wheel(WheelChannel::Camber, wi)));  // positive camber: top toward -y (vehicle-model §2.28)
        QColor c = wheelColor(wi);
        if (!rear)
            c.setAlpha(70);
        p.setPen(QPen(Qt::black, rear ? 1.5 : 0.5));
        p.setBrush(c);
        p.drawRoundedRect(QRectF(-w.wheel.width / 2 * scale, -w.wheel.radius * scale, w.wheel.width * scale,
                                 2 * w.wheel.radius * scale),
                          3, 3);
        p.restore();
        if (!rear)
            continue;
        // Tire forces at the contact patch: lateral (red) and load (blue), 1 px per 100 N.
        const QPointF patch = screen(yRolled, zRolled - w.wheel.radius);
        const double load = frame->wheel(WheelChannel::TireLoad, wi);
        const double lateral = frame->wheel(WheelChannel::NormLatForce, wi) * frame->wheel(WheelChannel::TireFriction, wi) * load;
        const double k = 1.0 / 100.0;
        p.setPen(QPen(QColor(40, 90, 200), 3));
        p.drawLine(patch, patch - QPointF(0, std::clamp(load * k, 0.0, area.height() * 0.6)));
        p.setPen(QPen(QColor(210, 40, 40), 3));
        p.drawLine(patch, patch - QPointF(std::clamp(lateral * k, -area.width() * 0.4, area.width() * 0.4), 0));
        p.setPen(Qt::black);
        const QString label =
            tr("%1 %2").arg(QString::fromStdString(telemetry::wheelLabel(wi)), DisplayUnits::current().format(jounce, "m"));
        const double labelWidth = p.fontMetrics().horizontalAdvance(label) + 4;
        const double left = std::clamp(patch.x() - labelWidth / 2, area.left() + 2, area.right() - 2 - labelWidth);
        rearLabels_.push_back(QRectF(left, ground.y() + 3, labelWidth, labelHeight));
        labelTexts.push_back(label);
    }
    separateLabels(rearLabels_, area);
    p.setPen(Qt::black);
    for (std::size_t i = 0; i < rearLabels_.size(); ++i)
        p.drawText(rearLabels_[i], Qt::AlignCenter, labelTexts[qsizetype(i)]);
    p.drawText(area.adjusted(6, 4, -6, -4), Qt::AlignLeft | Qt::AlignTop,
               tr("rear view · roll %1°").arg(radiansToDegrees(roll), 0, 'f', 2));
    p.restore();
}

}  // namespace jounce::widgets
