// Reading EngineDrive.json and DirectDrive.json (docs/physx5-usd.md "PhysX 5 snippet files").
#include "exchange/physx5/Physx5Read.h"

#include "exchange/ExchangeText.h"

namespace jounce::exchange::p5 {

using json::ItemCount;
using json::Json;
using json::NumberLimits;
using json::ObjectReader;
using json::required;

namespace {

const NumberLimits kAny{};
const NumberLimits kPositive = NumberLimits::above(0.0);
const NumberLimits kNonNegative = NumberLimits::atLeast(0.0);

struct Reading {
    DriveData& out;
    Problems& problems;
    ConversionReport& report;
    std::size_t wheels;
    double torque;  ///< file torque unit -> N m
};

std::vector<double> numbersOr(ObjectReader& r, const char* key, const ItemCount& count)
{
    return readNumbers(r.find(key, required()), r.at(key), count, r.problems()).value_or(std::vector<double>{});
}

void readAutoboxAndClutch(ObjectReader& root, Reading& c)
{
    if (std::optional<ObjectReader> a = root.object("AutoboxParams", required())) {
        c.out.autoBox.upRatios = numbersOr(*a, "UpRatios", ItemCount{0, kMaxGears, "ratios"});
        c.out.autoBox.downRatios = numbersOr(*a, "DownRatios", ItemCount{0, kMaxGears, "ratios"});
        c.out.autoBox.latency = a->number("Latency", kNonNegative, required()).value_or(0.0);
        a->reportUnknown();
    }
    if (std::optional<ObjectReader> r = root.object("ClutchCommandResponseParams", required())) {
        c.out.clutchStrength = r->number("MaxResponse", kNonNegative, required()).value_or(0.0) * c.torque;
        r->reportUnknown();
    }
    if (std::optional<ObjectReader> p = root.object("ClutchParams", required())) {
        if (const std::optional<int> mode = p->integer("AccuracyMode", 0, 1, required()))
            c.out.clutch.accuracyMode = *mode == 0 ? ClutchAccuracyMode::Estimate : ClutchAccuracyMode::BestPossible;
        c.out.clutch.estimateIterations = p->integer("EstimateIterations", 0, 1000, required()).value_or(5);
        p->reportUnknown();
    }
}

void readEngineAndGears(ObjectReader& root, Reading& c)
{
    if (std::optional<ObjectReader> e = root.object("EngineParams", required())) {
        EngineData& d = c.out.engineData;
        d.torqueCurve.clear();
        if (const auto curve = e->pairs("TorqueCurve", ItemCount{1, 8, "points"}, kAny, required()))
            for (const json::Pair& p : *curve)
                d.torqueCurve.push_back({p[0], p[1]});
        d.moi = e->number("MOI", kPositive, required()).value_or(0.0) * c.torque;
        d.peakTorque = e->number("PeakTorque", kNonNegative, required()).value_or(0.0) * c.torque;
        c.out.idleOmega = e->number("IdleOmega", kNonNegative, required()).value_or(0.0);
        d.maxOmega = e->number("MaxOmega", kNonNegative, required()).value_or(0.0);
        d.dampingRateFullThrottle = e->number("DampingRateFullThrottle", kNonNegative, required()).value_or(0.0) * c.torque;
        d.dampingRateZeroThrottleClutchEngaged =
            e->number("DampingRateZeroThrottleClutchEngaged", kNonNegative, required()).value_or(0.0) * c.torque;
        d.dampingRateZeroThrottleClutchDisengaged =
            e->number("DampingRateZeroThrottleClutchDisengaged", kNonNegative, required()).value_or(0.0) * c.torque;
        e->reportUnknown();
    }
    if (std::optional<ObjectReader> g = root.object("GearboxParams", required())) {
        c.out.ratios = numbersOr(*g, "Ratios", ItemCount{1, kMaxGears, "ratios"});
        c.out.neutralGear = g->integer("NeutralGear", 0, static_cast<int>(kMaxGears) - 1, required()).value_or(1);
        if (!c.out.ratios.empty() && static_cast<std::size_t>(c.out.neutralGear) >= c.out.ratios.size())
            c.problems.error(g->at("NeutralGear"), "must be less than the number of ratios, " +
                                                      std::to_string(c.out.ratios.size()));
        c.out.finalRatio = g->number("FinalRatio", kPositive, required()).value_or(0.0);
        c.out.switchTime = g->number("SwitchTime", kNonNegative, required()).value_or(0.0);
        g->reportUnknown();
    }
}

/// TorqueRatios and AveWheelSpeedRatios, one per wheel (entries past the wheel count are ignored).
Split readSplit(ObjectReader& d, Reading& c)
{
    Split s;
    const ItemCount count{c.wheels, kMaxWheels, "ratios, one per wheel"};
    s.torqueRatios = numbersOr(d, "TorqueRatios", count);
    s.aveWheelSpeedRatios = numbersOr(d, "AveWheelSpeedRatios", count);
    s.torqueRatios.resize(c.wheels, 0.0);
    s.aveWheelSpeedRatios.resize(c.wheels, 0.0);
    return s;
}

std::array<int, 2> readPair(ObjectReader& d, const char* key, Reading& c)
{
    std::array<int, 2> ids{0, 0};
    if (const Json* list = d.list(key, ItemCount{2, 2, "wheel ids"}, required()))
        for (std::size_t k = 0; k < 2; ++k)
            if (const auto id = json::readInteger((*list)[k], d.at(key) + "/" + std::to_string(k), 0,
                                                static_cast<long long>(c.wheels) - 1, c.problems))
                ids[k] = static_cast<int>(*id);
    return ids;
}

void readDifferentials(ObjectReader& root, Reading& c)
{
    if (std::optional<ObjectReader> d = root.object("MultiWheelDifferentialParams", required())) {
        c.out.multiWheel = readSplit(*d, c);
        d->reportUnknown();
    }
    if (std::optional<ObjectReader> d = root.object("FourWheelDifferentialParams", required())) {
        c.out.fourWheel = readSplit(*d, c);
        c.out.frontWheelIds = readPair(*d, "FrontWheelIds", c);
        c.out.rearWheelIds = readPair(*d, "RearWheelIds", c);
        FourWheelBiases& b = c.out.biases;
        for (auto [key, field] : {std::pair{"CenterBias", &b.centerBias}, std::pair{"CenterTarget", &b.centerTarget},
                                  std::pair{"FrontBias", &b.frontBias}, std::pair{"FrontTarget", &b.frontTarget},
                                  std::pair{"RearBias", &b.rearBias}, std::pair{"RearTarget", &b.rearTarget},
                                  std::pair{"Rate", &b.rate}})
            *field = d->number(key, kNonNegative, required()).value_or(0.0);
        d->reportUnknown();
    }
    if (std::optional<ObjectReader> d = root.object("TankDifferentialParams", required())) {
        c.out.tank = readSplit(*d, c);
        if (const Json* tracks = d->list("TankTracks", ItemCount{0, kMaxWheels, "tracks"}, required()))
            for (std::size_t t = 0; t < tracks->size(); ++t) {
                const std::string at = d->at("TankTracks") + "/" + std::to_string(t);
                std::vector<int> track;
                if (!json::checkList((*tracks)[t], at, ItemCount{0, kMaxWheels, "wheel ids"}, c.problems))
                    continue;
                for (std::size_t k = 0; k < (*tracks)[t].size(); ++k)
                    if (const auto id = json::readInteger((*tracks)[t][k], at + "/" + std::to_string(k), 0,
                                                        static_cast<long long>(c.wheels) - 1, c.problems))
                        track.push_back(static_cast<int>(*id));
                c.out.tankTracks.push_back(track);
            }
        d->reportUnknown();
    }
}

}  // namespace

bool readDrive(const Json& doc, std::size_t wheels, double scale, Problems& problems, ConversionReport& report,
               DriveData& out)
{
    if (!doc.is_object()) {
        problems.error("", "a drive file is a JSON object, got " + std::string(doc.type_name()));
        return false;
    }
    ObjectReader root(doc, "", problems, /*writtenBack=*/false);
    Reading c{out, problems, report, wheels, 1.0 / (scale * scale)};
    out.engine = root.has("EngineParams");
    if (!out.engine && !root.has("ThrottleCommandResponseParams")) {
        problems.error("", "neither EngineDrive.json (no \"EngineParams\") nor DirectDrive.json (no "
                           "\"ThrottleCommandResponseParams\")");
        return false;
    }
    if (out.engine) {
        readAutoboxAndClutch(root, c);
        readEngineAndGears(root, c);
        readDifferentials(root, c);
    } else {
        out.throttle = readResponse(root, "ThrottleCommandResponseParams", wheels, c.torque, report).value_or(Response{});
    }
    root.reportUnknown();
    return !problems.hasErrors();
}

}  // namespace jounce::exchange::p5
