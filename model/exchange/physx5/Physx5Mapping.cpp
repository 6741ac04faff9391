#include "exchange/physx5/Physx5Mapping.h"

#include "config/ModelGenerationChange.h"
#include "exchange/ExchangeText.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange::p5 {
namespace {

Vec3 add(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vec3 sub(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 scaled(const Vec3& a, double s) { return {a.x * s, a.y * s, a.z * s}; }

/// Force points: Jounce keeps chassis-frame positions, PhysX 5 offsets from the attachment.
std::vector<CompliancePoint> offsets(const std::vector<CompliancePoint>& graph, const Vec3& staticPoint,
                                     const Vec3& attachment)
{
    if (graph.empty())
        return {{0.0, sub(staticPoint, attachment)}};
    std::vector<CompliancePoint> out;
    for (const CompliancePoint& p : graph)
        out.push_back({p.jounce, sub(p.point, attachment)});
    return out;
}

bool graphsClose(const std::vector<GraphPoint>& a, const std::vector<GraphPoint>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!closeTo(a[i].x, b[i].x) || !closeTo(a[i].y, b[i].y))
            return false;
    return true;
}

/// The static camber (rest, change at droop, change at compression) a PhysX 5 graph stands for, if
/// it is exactly the graph staticCamberGraph() makes of them.
std::optional<SuspensionData> staticCamberOf(const std::vector<GraphPoint>& graph, SuspensionData s)
{
    if (graph.empty()) {
        s.camberAtRest = s.camberAtMaxDroop = s.camberAtMaxCompression = 0.0;
        return s;
    }
    if (graph.size() == 1) {
        s.camberAtRest = graph[0].y;
        s.camberAtMaxDroop = s.camberAtMaxCompression = 0.0;
        return s;
    }
    const double travel = s.maxDroop + s.maxCompression;
    const double r = travel > 0.0 ? s.maxDroop / travel : 0.0;
    const auto at = [&](double x) {
        for (const GraphPoint& p : graph)
            if (closeTo(p.x, x))
                return std::optional<double>(p.y);
        return std::optional<double>();
    };
    const std::optional<double> rest = at(r);
    if (!rest)
        return std::nullopt;
    s.camberAtRest = *rest;
    s.camberAtMaxDroop = s.maxDroop > 0.0 && at(0.0) ? *at(0.0) - *rest : 0.0;
    s.camberAtMaxCompression = s.maxCompression > 0.0 && at(1.0) ? *at(1.0) - *rest : 0.0;
    if (!graphsClose(staticCamberGraph(s), graph))
        return std::nullopt;
    return s;
}

bool nonZeroCamber(const WheelConfig& w)
{
    if (w.compliance && !w.compliance->wheelCamberAngle.empty())
        return std::any_of(w.compliance->wheelCamberAngle.begin(), w.compliance->wheelCamberAngle.end(),
                           [](const GraphPoint& p) { return p.y != 0.0; });
    const SuspensionData& s = w.suspension;
    return s.camberAtRest != 0.0 || s.camberAtMaxDroop != 0.0 || s.camberAtMaxCompression != 0.0;
}

std::vector<int> trackWheels(std::size_t wheels, int side)
{
    std::vector<int> ids;
    for (std::size_t i = static_cast<std::size_t>(side); i < wheels; i += 2)
        ids.push_back(static_cast<int>(i));
    return ids;
}

}  // namespace

std::vector<std::size_t> jounceWheelOrder(const std::vector<Vec3>& positions)
{
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    // Rounded to the millimetre in double: a position of 1e16 m has no long long (fuzz_usd found
    // llround's overflow negated). The positions are finite, so the keys order strictly.
    const auto key = [&](std::size_t i) { return std::pair{-std::round(positions[i].x * 1000.0), -positions[i].y}; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    return order;
}

/// A box around the wheels, centred on the centre of mass, its bottom at the wheel centres.
Vec3 estimatedChassisBox(const VehicleConfig& v)
{
    double minX = 0, maxX = 0, minY = 0, maxY = 0, minZ = 0, radius = 0, width = 0;
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        const Vec3& c = v.wheels[i].geometry.wheelCentreOffset;
        minX = i == 0 ? c.x : std::min(minX, c.x);
        maxX = i == 0 ? c.x : std::max(maxX, c.x);
        minY = i == 0 ? c.y : std::min(minY, c.y);
        maxY = i == 0 ? c.y : std::max(maxY, c.y);
        minZ = i == 0 ? c.z : std::min(minZ, c.z);
        radius = std::max(radius, v.wheels[i].wheel.radius);
        width = std::max(width, v.wheels[i].wheel.width);
    }
    return {maxX - minX + 2.0 * radius, maxY - minY + width, std::max(0.2, -2.0 * minZ)};
}

double restLoad(const WheelConfig& wheel)
{
    if (const PhysxTireParams* t = wheel.tire.physx(); t && t->restLoad > 0.0)
        return t->restLoad;  // the tire's own, as PhysX 5 gives every tire
    return kGravity * (wheel.suspension.sprungMass + wheel.wheel.mass);
}

std::vector<GraphPoint> staticCamberGraph(const SuspensionData& s)
{
    if (s.camberAtMaxDroop == 0.0 && s.camberAtMaxCompression == 0.0)
        return {{0.0, s.camberAtRest}};
    const double travel = s.maxDroop + s.maxCompression;
    const double r = travel > 0.0 ? s.maxDroop / travel : 0.0;
    std::vector<GraphPoint> graph;
    if (s.maxDroop > 0.0)
        graph.push_back({0.0, s.camberAtRest + s.camberAtMaxDroop});
    graph.push_back({r, s.camberAtRest});
    if (s.maxCompression > 0.0)
        graph.push_back({1.0, s.camberAtRest + s.camberAtMaxCompression});
    return graph;
}

Wheel exportWheel(const VehicleConfig& vehicle, std::size_t i)
{
    const WheelConfig& w = vehicle.wheels[i];
    const SuspensionData& s = w.suspension;
    const WheelGeometry& g = w.geometry;
    const WheelCompliance none;
    const WheelCompliance& c = w.compliance ? *w.compliance : none;
    Wheel p;
    p.travelDir = g.suspTravelDirection;
    p.travelDist = s.maxCompression + s.maxDroop;
    p.attachment = sub(g.wheelCentreOffset, scaled(g.suspTravelDirection, s.maxCompression));
    p.toe = !c.wheelToeAngle.empty() ? c.wheelToeAngle : std::vector<GraphPoint>{{0.0, w.wheel.toeAngle}};
    p.camber = !c.wheelCamberAngle.empty() ? c.wheelCamberAngle : staticCamberGraph(s);
    p.suspForcePoint = offsets(c.suspForceAppPoint, g.suspForceAppPointOffset, p.attachment);
    p.tireForcePoint = offsets(c.tireForceAppPoint, g.tireForceAppPointOffset, p.attachment);
    p.stiffness = s.springStrength;
    p.damping = s.springDamperRate;
    p.sprungMass = s.sprungMass;
    p.restDistance = s.maxCompression;
    p.restLoad = restLoad(w);
    // A tire on another model has no PhysX parameters: PhysX's defaults (noteExportDifferences says so).
    const PhysxTireParams tire = w.tire.physx() ? *w.tire.physx() : PhysxTireParams{};
    p.longStiff = tire.longitudinalStiffnessPerUnitGravity * kGravity;
    p.latStiffX = tire.latStiffX;
    p.latStiffY = tire.latStiffY * p.restLoad;
    p.camberStiff = tire.camberStiffnessPerUnitGravity * kGravity;
    for (std::size_t k = 0; k < 3 && k < tire.frictionVsSlipGraph.size(); ++k)
        p.frictionVsSlip[k] = tire.frictionVsSlipGraph[k];
    const TireLoadFilterData& f = vehicle.tireLoadFilter;
    p.loadFilter = {GraphPoint{f.minNormalisedLoad, f.minFilteredNormalisedLoad},
                    GraphPoint{f.maxNormalisedLoad, f.maxFilteredNormalisedLoad}};
    p.radius = w.wheel.radius;
    p.halfWidth = w.wheel.width / 2.0;
    p.mass = w.wheel.mass;
    p.moi = w.wheel.moi;
    p.dampingRate = w.wheel.dampingRate;
    return p;
}

void noteExportDifferences(const VehicleConfig& v, ConversionReport& report)
{
    std::vector<std::string> camber(v.wheels.size()), tireModel(v.wheels.size());
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        const WheelConfig& w = v.wheels[i];
        if (!w.tire.physx())
            tireModel[i] = "PhysX 5 has only PhysX's tire model: its default tire is written (the wheel's " +
                           std::string(tireModelName(w.tire.model())) + " tire has no PhysX 5 equivalent)";
        // A physx5 car already has PhysX 5's camber (vehicle-model-physx5.md P4).
        if (v.simulation.model == ModelGenerationKind::Physx41 && w.tire.physx() &&
            w.tire.physx()->camberStiffnessPerUnitGravity > 0.0 && nonZeroCamber(w))
            camber[i] = "PhysX 5's tire model adds camber x C_camber / C_lateral to the lateral slip where PhysX 4 "
                        "(and this physx41 car) subtracts it, and measures the camber from the ground, body roll "
                        "included: the camber thrust acts the other way";
    }
    std::vector<std::string> overridden(v.wheels.size());
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        const WheelConfig& w = v.wheels[i];
        if (!w.compliance)
            continue;
        const bool camberGraph = !w.compliance->wheelCamberAngle.empty() &&
                            (w.suspension.camberAtRest != 0.0 || w.suspension.camberAtMaxDroop != 0.0 ||
                             w.suspension.camberAtMaxCompression != 0.0);
        const bool toe = !w.compliance->wheelToeAngle.empty() && w.wheel.toeAngle != 0.0;
        const bool points = !w.compliance->suspForceAppPoint.empty() || !w.compliance->tireForceAppPoint.empty();
        if (camberGraph || toe || points)
            overridden[i] = "the static camber, toe and force points a compliance graph overrides have no effect and "
                            "are not written";
    }
    notePerWheel(report, NoteKind::Dropped, "(overridden static values)", overridden);
    notePerWheel(report, NoteKind::Approximated, "tire.camberStiffnessPerUnitGravity", camber);
    notePerWheel(report, NoteKind::Approximated, "tire.model", tireModel);
    if (v.drive.type == DriveType::FourWheel && v.wheels.size() >= 4) {
        if (v.wheels[0].wheel.maxSteer != v.wheels[1].wheel.maxSteer)
            report.approximated("wheels[0..1].wheel.maxSteer",
                                "PhysX 5 steers the Ackermann pair by the mean of their steer responses, Jounce by the "
                                "larger maxSteer of the two");
        if (v.wheels[2].wheel.maxSteer != 0.0 || v.wheels[3].wheel.maxSteer != 0.0)
            report.dropped("drive.ackermann.rearWidth",
                           "PhysX 5 corrects one axle: the rear wheels steer (opposite to the front) without Ackermann correction");
    }
    if (v.drive.type == DriveType::Tank && v.drive.tankDriveModel == TankDriveModel::Standard)
        report.approximated("drive.driveModel",
                            "PhysX 5's tank thrusts range over [-1, 1] like Jounce's special model: a negative thrust "
                            "drives its track backwards, which the standard model never does");
    // A PhysX 4.1 car will not drive in PhysX 5 as it does in Jounce: say how it will.
    for (const GenerationDifference& d : generationDifferences(v, ModelGenerationKind::Physx5))
        report.approximated(d.subject, "in PhysX 5 (the car runs PhysX 4.1's model in Jounce): " + d.text);
}

std::array<GraphPoint, 2> importWheel(const Wheel& p, WheelConfig& out, const std::string& subject,
                                      ConversionReport& report)
{
    WheelData& wd = out.wheel;
    wd.radius = p.radius;
    wd.width = 2.0 * p.halfWidth;
    wd.mass = p.mass;
    wd.moi = p.moi;
    wd.dampingRate = p.dampingRate;

    SuspensionData& s = out.suspension;
    s.springStrength = p.stiffness;
    s.springDamperRate = p.damping;
    s.sprungMass = p.sprungMass;
    if (p.restDistance) {
        s.maxCompression = std::clamp(*p.restDistance, 0.0, p.travelDist);
        s.maxDroop = p.restDroop ? *p.restDroop : p.travelDist - s.maxCompression;
    } else {
        const double j5 = p.stiffness > 0.0 ? p.sprungMass * kGravity / p.stiffness : p.travelDist;
        s.maxDroop = std::min(j5, p.travelDist);
        s.maxCompression = p.travelDist - s.maxDroop;
        if (j5 > p.travelDist)
            report.approximated(subject + ".suspension.maxDroop",
                                "the PhysX 5 spring cannot hold the sprung mass (m_s x g / k = " + num(j5) +
                                " m > travel " + num(p.travelDist) + " m): the wheel rests at full compression, where "
                                "Jounce's preloaded spring pushes m_s x g - k x travel harder");
    }
    WheelGeometry& g = out.geometry;
    g.suspTravelDirection = p.travelDir;
    g.wheelCentreOffset = add(p.attachment, scaled(p.travelDir, s.maxCompression));

    WheelCompliance c;
    if (p.toe.size() <= 1)
        wd.toeAngle = p.toe.empty() ? 0.0 : p.toe[0].y;
    else
        c.wheelToeAngle = p.toe;
    if (const std::optional<SuspensionData> st = staticCamberOf(p.camber, s))
        s = *st;
    else
        c.wheelCamberAngle = p.camber;
    const auto points = [&](const std::vector<CompliancePoint>& graph, Vec3& staticPoint,
                            std::vector<CompliancePoint>& kept) {
        if (graph.size() <= 1) {
            staticPoint = graph.empty() ? p.attachment : add(p.attachment, graph[0].point);
            return;
        }
        for (const CompliancePoint& q : graph)
            kept.push_back({q.jounce, add(p.attachment, q.point)});
        staticPoint = kept.front().point;
    };
    points(p.suspForcePoint, g.suspForceAppPointOffset, c.suspForceAppPoint);
    points(p.tireForcePoint, g.tireForceAppPointOffset, c.tireForceAppPoint);
    const bool anyGraph = !c.wheelToeAngle.empty() || !c.wheelCamberAngle.empty() || !c.suspForceAppPoint.empty() ||
                          !c.tireForceAppPoint.empty();
    out.compliance = anyGraph ? std::optional<WheelCompliance>(c) : std::nullopt;

    // A PhysX 5 car's tire keeps the file's own rest load where it differs from g·(m_s + m_w); a
    // PhysX 4.1 car's derives it, and scaling the saturation load and the filter by the ratio of the
    // two keeps the stiffness at every load PhysX 5's.
    PhysxTireParams& t = out.tire.params.emplace<PhysxTireParams>();
    const double derivedRestLoad = restLoad(out);
    if (p.ownRestLoad && p.restLoad > 0.0 && std::abs(p.restLoad - derivedRestLoad) > 1e-6 * p.restLoad)
        t.restLoad = p.restLoad;
    const double jounceRestLoad = t.restLoad > 0.0 ? t.restLoad : derivedRestLoad;
    const double ratio = p.restLoad > 0.0 && jounceRestLoad > 0.0 ? p.restLoad / jounceRestLoad : 1.0;
    t.longitudinalStiffnessPerUnitGravity = p.longStiff / kGravity;
    t.camberStiffnessPerUnitGravity = p.camberStiff / kGravity;
    t.latStiffY = jounceRestLoad > 0.0 ? p.latStiffY / jounceRestLoad : p.latStiffY;
    t.latStiffX = p.latStiffX * ratio;
    // Jounce's smallest plausible latStiffX (VehicleParameters.cpp): the stiffness saturates from
    // 0.3 % of the rest load on, which is PhysX 5's load-independent stiffness (latStiffX 0) in practice.
    constexpr double kSmallestLatStiffX = 0.01;
    if (t.latStiffX < kSmallestLatStiffX) {
        report.approximated(subject + ".tire.latStiffX",
                            "LateralStiffnessX " + num(p.latStiffX) + (ratio != 1.0 ? " (scaled to " + num(t.latStiffX) + ")" : "") +
                                " is below Jounce's smallest, 0.01 (the stiffness saturates from 0.3 % of the rest load on)");
        t.latStiffX = kSmallestLatStiffX;
    }
    if (std::abs(ratio - 1.0) > 1e-6)
        report.approximated(subject + ".tire",
                            "the rest load " + num(p.restLoad) + " N differs from Jounce's g x (m_s + m_w) = " +
                            num(jounceRestLoad) + " N: latStiffX and the load filter were scaled by their ratio " +
                            num(ratio) + " so the tire sees the same stiffness at every load");
    t.frictionVsSlipGraph.assign(p.frictionVsSlip.begin(), p.frictionVsSlip.end());
    return {GraphPoint{p.loadFilter[0].x * ratio, p.loadFilter[0].y * ratio},
            GraphPoint{p.loadFilter[1].x * ratio, p.loadFilter[1].y * ratio}};
}

Response responseFor(const std::vector<double>& values)
{
    Response r;
    for (double v : values)
        r.maxResponse = std::max(r.maxResponse, std::abs(v));
    for (double v : values)
        r.multipliers.push_back(r.maxResponse > 0.0 ? v / r.maxResponse : 0.0);
    return r;
}

std::vector<double> perWheel(const Response& r)
{
    std::vector<double> out;
    for (double m : r.multipliers)
        out.push_back(r.maxResponse * m);
    return out;
}

Response brakeResponse(const VehicleConfig& v)
{
    std::vector<double> t;
    for (std::size_t i = 0; i < v.wheels.size(); ++i)
        t.push_back(v.drive.type == DriveType::Tank && i % 2 == 1 ? 0.0 : v.wheels[i].wheel.maxBrakeTorque);
    return responseFor(t);
}

Response handbrakeResponse(const VehicleConfig& v)
{
    std::vector<double> t;
    for (std::size_t i = 0; i < v.wheels.size(); ++i)
        t.push_back(v.drive.type == DriveType::Tank ? (i % 2 == 1 ? v.wheels[i].wheel.maxBrakeTorque : 0.0)
                                                    : v.wheels[i].wheel.maxHandBrakeTorque);
    return responseFor(t);
}

Response steerResponse(const VehicleConfig& v)
{
    std::vector<double> a;
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        const double ms = v.wheels[i].wheel.maxSteer;
        switch (v.drive.type) {
        case DriveType::FourWheel:
            a.push_back(i < 2 ? ms : i < 4 ? 0.0 - ms : 0.0);  // the rear axle steers opposite (§2.14)
            break;
        case DriveType::Tank:
            a.push_back(0.0);
            break;
        case DriveType::NWheel:
        case DriveType::None:
            a.push_back(ms);
            break;
        }
    }
    return responseFor(a);
}

Split driveSplit(const VehicleConfig& v)
{
    const std::size_t n = v.wheels.size();
    Split s{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0)};
    if (v.drive.type == DriveType::FourWheel && n >= 4) {
        const Differential4WData& d = v.drive.differential4W;
        double fr = d.frontRearSplit;
        if (d.type == DifferentialType::LS_FRONTWD || d.type == DifferentialType::OPEN_FRONTWD)
            fr = 1.0;
        else if (d.type == DifferentialType::LS_REARWD || d.type == DifferentialType::OPEN_REARWD)
            fr = 0.0;
        s.torqueRatios[0] = fr * d.frontLeftRightSplit;
        s.torqueRatios[1] = fr * (1.0 - d.frontLeftRightSplit);
        s.torqueRatios[2] = (1.0 - fr) * d.rearLeftRightSplit;
        s.torqueRatios[3] = (1.0 - fr) * (1.0 - d.rearLeftRightSplit);
    } else if (v.drive.type == DriveType::NWheel) {
        const auto& driven = v.drive.differentialNW.drivenWheels;
        for (int i : driven)
            if (i >= 0 && static_cast<std::size_t>(i) < n)
                s.torqueRatios[static_cast<std::size_t>(i)] = 1.0 / static_cast<double>(driven.size());
    } else if (v.drive.type == DriveType::Tank) {
        for (int side = 0; side < 2; ++side) {
            const std::vector<int> track = trackWheels(n, side);
            for (int i : track)
                s.torqueRatios[static_cast<std::size_t>(i)] = 0.5 / static_cast<double>(track.size());
        }
    }
    s.aveWheelSpeedRatios = s.torqueRatios;
    return s;
}

double directDriveTorque(const WheelData& wheel) { return wheel.maxBrakeTorque / 4.0; }

}  // namespace jounce::exchange::p5
