// Reading run files (docs/run-files.md). Every count in the header is checked against the bytes
// that follow before anything is allocated from it, so a hostile header cannot make the reader
// allocate more than the file's own size.

#include "run/RunFile.h"
#include "run/RunFileFormat.h"
#include "run/RunFileUpgrade.h"
#include "run/RunRecorder.h"

#include "config/VehicleJson.h"
#include "json/JsonText.h"
#include "json/ObjectReader.h"
#include "json/TextFile.h"

#include <charconv>
#include <cmath>

namespace jounce::sim {
namespace {

using json::Json;
using json::NumberLimits;
using json::ObjectReader;

constexpr double kMaxCoordinate = 1e7;  // m: well beyond any terrain

/// The header's sizes, before the binary blocks are read.
struct Sizes {
    std::uint64_t steps = 0;
    std::uint64_t changes = 0;
    std::uint64_t frames = 0;
    int wheels = 0;
    int version = kRunSchemaVersion;
    std::size_t valuesPerFrame = 0;  ///< floats per frame in the file (older versions have fewer)
};

void readVehicle(ObjectReader& root, RunLog& run)
{
    const Json* v = root.find("vehicle", json::required("the vehicle the run was driven with"));
    if (!v || v->is_null())
        return;
    config::VehicleFile file = config::parseVehicle(json::formatJson(*v));
    for (Problem& p : file.problems.items)
        root.problems().items.push_back({p.severity, "/vehicle" + p.pointer, p.message});
    if (file.ok())
        run.vehicle = std::make_shared<const VehicleConfig>(std::move(file.config));
}

void readTimedTexts(ObjectReader& root, const char* key, std::vector<std::pair<double, std::string>>& out)
{
    const Json* list = root.list(key, json::ItemCount{0, 1'000'000, key});
    if (!list)
        return;
    for (std::size_t i = 0; i < list->size(); ++i) {
        std::optional<ObjectReader> e = root.element(*list, key, i);
        if (!e)
            continue;
        const std::optional<double> t = e->number("time", NumberLimits::closed(-1e9, 1e9), json::required());
        const std::optional<std::string> text = e->text("text", json::required());
        e->reportUnknown();
        if (t && text)
            out.emplace_back(*t, *text);
    }
}

void readFigures(ObjectReader& root, RunLog& run)
{
    const Json* list = root.list("figures", json::ItemCount{0, 10'000, "figures"});
    if (!list)
        return;
    for (std::size_t i = 0; i < list->size(); ++i) {
        std::optional<ObjectReader> e = root.element(*list, "figures", i);
        if (!e)
            continue;
        RunFigure f;
        f.id = e->text("id", json::required()).value_or("");
        f.label = e->text("label").value_or("");
        f.unit = e->text("unit").value_or("");
        f.note = e->text("note").value_or("");
        if (const Json* v = e->find("value"); v && !v->is_null())
            f.value = json::readNumber(*v, e->at("value"), NumberLimits{}, root.problems());
        e->reportUnknown();
        run.figures.push_back(std::move(f));
    }
}

bool sameList(const Json* list, const std::vector<std::string>& want)
{
    if (!list || !list->is_array() || list->size() != want.size())
        return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (!(*list)[i].is_string() || (*list)[i].get_ref<const std::string&>() != want[i])
            return false;
    return true;
}

/// A run records a frame on every step it records, so the frames are the steps -- unless the run
/// has no inputs at all (a telemetry CSV saved as a run file), or its telemetry stopped before its
/// inputs (`truncated`), as Jounce bounded a recording before its bound covered the inputs too:
/// only a run with 512 MiB of telemetry in memory got there, and its steps are at most
/// RunRecorder::kMaxRunSteps like any run's. Anything else is a damaged or made-up file: one that
/// claims millions of steps beside a few frames would replay far beyond what it holds.
void checkFrameCount(ObjectReader& tel, const Sizes& s, bool truncated)
{
    Problems& problems = tel.problems();
    const std::string counts = std::to_string(s.frames) + " frames and " + std::to_string(s.steps) + " steps";
    if (s.steps == 0 && s.changes == 0) {
        if (truncated)
            problems.error(tel.at("truncated"), "a run without inputs cannot have stopped its telemetry before them");
        return;
    }
    if (!truncated) {
        if (s.frames != s.steps)
            problems.error(tel.at("frames"), "must be the number of steps, " + std::to_string(s.steps) +
                                                 " (a run records a frame every step; \"truncated\" is false)");
        return;
    }
    const long double telemetryBytes = (long double)s.frames * (long double)(4 * s.valuesPerFrame + 8);
    if (s.frames >= s.steps)
        problems.error(tel.at("truncated"), "true, but " + counts + ": a truncated run has fewer frames than steps");
    else if (telemetryBytes < (long double)kMinTruncatedTelemetryBytes)
        problems.error(tel.at("truncated"),
                       "true with " + counts + ", but the telemetry only stopped before the inputs at the recording bound, "
                       "with at least " + std::to_string(kMinTruncatedTelemetryBytes >> 20) + " MiB of it; these frames hold " +
                       std::to_string((unsigned long long)telemetryBytes) + " bytes (the file is damaged)");
}

/// `recording`: what the recording dropped, when it stopped at its bound. Only written then.
void readRecording(ObjectReader& root, RunLog& run)
{
    std::optional<ObjectReader> r = root.object("recording");
    if (!r)
        return;
    const std::optional<std::uint64_t> bound = r->unsignedInteger("bound", json::required());
    const std::optional<std::uint64_t> dropped = r->unsignedInteger("droppedSteps", json::required());
    (void)r->text("note");
    r->reportUnknown();
    if (dropped && *dropped == 0)
        root.problems().error(r->at("droppedSteps"), "must be at least 1: the key is only written when steps were dropped");
    run.recordingBound = bound.value_or(0);
    run.droppedSteps = dropped.value_or(0);
}

std::optional<Sizes> readSizes(ObjectReader& root, int version, RunLog& run)
{
    Problems& problems = root.problems();
    Sizes s;
    std::optional<ObjectReader> in = root.object("inputs", json::required());
    std::optional<ObjectReader> tel = root.object("telemetry", json::required());
    if (!in || !tel)
        return std::nullopt;
    const std::optional<std::uint64_t> steps = in->unsignedInteger("steps", json::required());
    const std::optional<std::uint64_t> changes = in->unsignedInteger("changes", json::required());
    in->reportUnknown();
    const std::optional<std::uint64_t> frames = tel->unsignedInteger("frames", json::required());
    const std::optional<int> wheels = tel->integer("wheels", 0, kMaxWheels, json::required());
    run.truncated = tel->boolean("truncated").value_or(false);
    const Json* vehicleIds = tel->find("vehicleChannels", json::required());
    const Json* wheelIds = tel->find("wheelChannels", json::required());
    tel->reportUnknown();
    const std::vector<std::string> wantWheelIds = runfile::wheelChannelIdsOfVersion(version);
    if (vehicleIds && wheelIds &&
        (!sameList(vehicleIds, runfile::vehicleChannelIds()) || !sameList(wheelIds, wantWheelIds)))
        problems.error(tel->pointer(), "the channels differ from this Jounce's: the file was written by another version");
    if (!steps || !changes || !frames || !wheels || problems.hasErrors())
        return std::nullopt;
    if (*steps > RunRecorder::kMaxRunSteps)
        problems.error(in->at("steps"), "must be at most " + std::to_string(RunRecorder::kMaxRunSteps) +
                                            " (the most steps a run may take), got " + std::to_string(*steps));
    if (*changes > *steps || (*steps > 0 && *changes == 0))
        problems.error(in->at("changes"), "must be between 1 and the number of steps (" + std::to_string(*steps) + ")");
    if (run.vehicle && *wheels != static_cast<int>(run.vehicle->wheels.size()))
        problems.error(tel->at("wheels"), "must be the vehicle's wheel count, " + std::to_string(run.vehicle->wheels.size()));
    s = Sizes{*steps, *changes, *frames, *wheels, version,
              runfile::valuesPerFrameOfVersion(version, *wheels)};
    checkFrameCount(*tel, s, run.truncated);
    return problems.hasErrors() ? std::nullopt : std::optional<Sizes>(s);
}

/// The header (everything but the binary blocks).
std::optional<Sizes> readHeader(std::string_view text, RunLog& run, Problems& problems)
{
    const std::optional<Json> doc = json::parseJson(text, problems, json::JsonLimits{kMaxRunHeaderBytes, 64, 2'000'000});
    if (!doc)
        return std::nullopt;
    std::optional<ObjectReader> root = ObjectReader::open(*doc, "", problems);
    // readFormatHeader goes on after a missing or bad schemaVersion (to report more); the layout of
    // the rest depends on it, so such a file is read no further (fuzz_runfile: a file without one).
    if (!root || !json::readFormatHeader(*root, kRunFormat, kRunSchemaVersion, "a run file") || problems.hasErrors())
        return std::nullopt;
    const int version = (*doc)["schemaVersion"].get<int>();  // checked above: 1 up to the current
    run.name = root->text("name").value_or("");
    run.source = root->text("source").value_or("");
    run.maneuver = root->text("maneuver").value_or("");
    readVehicle(*root, run);
    if (std::optional<ObjectReader> t = root->object("terrain", json::required())) {
        run.terrain.name = t->text("name").value_or("");
        run.terrain.file = t->text("file").value_or("");
        t->reportUnknown();
    }
    if (std::optional<ObjectReader> p = root->object("start", json::required())) {
        const NumberLimits coordinate = NumberLimits::closed(-kMaxCoordinate, kMaxCoordinate);
        run.start.x = p->number("x", coordinate, json::required()).value_or(0.0);
        run.start.y = p->number("y", coordinate, json::required()).value_or(0.0);
        run.start.heading = p->number("heading", NumberLimits::closed(-1e3, 1e3), json::required()).value_or(0.0);
        run.start.height = p->number("height", NumberLimits::closed(-1e3, 1e3), json::required()).value_or(0.5);
        p->reportUnknown();
    }
    run.timeStep = root->number("timeStep", NumberLimits::above(0.0, 1.0), json::required()).value_or(1.0 / 60.0);
    std::vector<std::pair<double, std::string>> texts;
    readTimedTexts(*root, "edits", texts);
    for (auto& [t, s] : texts)
        run.edits.push_back(RunEdit{t, std::move(s)});
    texts.clear();
    readTimedTexts(*root, "events", texts);
    for (auto& [t, s] : texts)
        run.events.push_back(RunEvent{t, std::move(s)});
    readFigures(*root, run);
    readRecording(*root, run);
    std::optional<Sizes> sizes = readSizes(*root, version, run);
    root->reportUnknown();
    return problems.hasErrors() ? std::nullopt : sizes;
}

/// One input change record; nullopt and a problem when a field is out of range.
std::optional<InputTrack::Change> readInput(const char* p, std::size_t index, Problems& problems)
{
    using namespace runfile;
    InputTrack::Change c;
    c.step = getLittle<std::uint64_t>(p);
    const auto mode = static_cast<unsigned char>(p[8]);
    const auto keys = static_cast<unsigned char>(p[9]);
    const auto oneShots = static_cast<unsigned char>(p[10]);
    const int gear = static_cast<signed char>(p[11]);
    const std::string where = "input change " + std::to_string(index);
    if (mode > static_cast<unsigned>(InputMode::KeyRates) || keys > 127 || oneShots > 7) {
        problems.error("", where + ": an unknown mode or flag (the file is damaged)");
        return std::nullopt;
    }
    ManualInput& in = c.input;
    in.mode = static_cast<InputMode>(mode);
    in.keys = DriveKeys{(keys & kAccel) != 0, (keys & kBrake) != 0, (keys & kHandbrake) != 0,
                        (keys & kSteerLeft) != 0, (keys & kSteerRight) != 0};
    in.gearUp = (keys & kGearUp) != 0;
    in.gearDown = (keys & kGearDown) != 0;
    if (oneShots & kHasForceGear)
        in.forceGear = gear;
    if (oneShots & kHasAutoBox)
        in.autoBox = (oneShots & kAutoBoxOn) != 0;
    in.pad = DrivePad{getLittle<double>(p + 16), getLittle<double>(p + 24), getLittle<double>(p + 32),
                      getLittle<double>(p + 40)};
    const DrivePad& d = in.pad;
    const auto unit = [](double v) { return v >= 0.0 && v <= 1.0; };
    if (!unit(d.accel) || !unit(d.brake) || !unit(d.handbrake) || !(d.steer >= -1.0 && d.steer <= 1.0)) {
        problems.error("", where + ": a pedal outside [0, 1] or a steer outside [-1, 1] (the file is damaged)");
        return std::nullopt;
    }
    return c;
}

bool readInputs(std::string_view block, const Sizes& s, RunLog& run, Problems& problems)
{
    run.inputs = InputTrack{};
    for (std::uint64_t i = 0; i < s.changes; ++i) {
        std::optional<InputTrack::Change> c = readInput(block.data() + i * kInputRecordBytes, i, problems);
        if (!c)
            return false;
        const std::size_t held = run.inputs.changeCount();
        const bool ordered = held == 0 ? c->step == 0 : c->step > run.inputs.change(held - 1).step;
        if (!ordered || c->step >= s.steps) {
            problems.error("", "input change " + std::to_string(i) + ": its step " + std::to_string(c->step) +
                                   " is out of order (the file is damaged)");
            return false;
        }
        run.inputs.addChange(*c);
    }
    run.inputs.setSteps(s.steps);
    return true;
}

bool readTelemetry(std::string_view times, std::string_view values, const Sizes& s, RunLog& run, Problems& problems)
{
    run.telemetry = TelemetryTrack(s.wheels);
    const std::size_t perFrame = s.valuesPerFrame;
    std::vector<float> frame(perFrame), upgraded(run.telemetry.valuesPerFrame());
    double previous = -std::numeric_limits<double>::infinity();
    runfile::FrameUpgrade upgrade(s.version, s.wheels, run.vehicle.get());
    for (std::uint64_t i = 0; i < s.frames; ++i) {
        const double t = runfile::getLittle<double>(times.data() + i * 8);
        if (!std::isfinite(t) || t < previous) {
            problems.error("", "frame " + std::to_string(i) + ": its time is not finite or goes back (the file is damaged)");
            return false;
        }
        previous = t;
        const char* p = values.data() + i * perFrame * 4;
        for (std::size_t k = 0; k < perFrame; ++k)
            frame[k] = runfile::getLittle<float>(p + 4 * k);
        if (s.version < kRunSchemaVersion) {
            upgrade.apply(t, frame.data(), upgraded.data());
            run.telemetry.appendValues(t, upgraded.data());
        } else {
            run.telemetry.appendValues(t, frame.data());
        }
    }
    return true;
}

/// The first line, "jounce.run <header bytes>"; the header's length, or nullopt.
std::optional<std::size_t> readMagic(std::string_view bytes, std::size_t& offset, Problems& problems)
{
    if (bytes.substr(0, runfile::kMagic.size()) != runfile::kMagic) {
        problems.error("", "not a Jounce run file: it does not start with \"jounce.run\"");
        return std::nullopt;
    }
    const char* begin = bytes.data() + runfile::kMagic.size();
    const char* end = bytes.data() + std::min(bytes.size(), runfile::kMagic.size() + 12);
    std::size_t length = 0;
    const auto [p, ec] = std::from_chars(begin, end, length);
    if (ec != std::errc{} || p == end || *p != '\n' || length > kMaxRunHeaderBytes) {
        problems.error("", "the first line must be \"jounce.run\" and the header's length in bytes (at most 64 MiB)");
        return std::nullopt;
    }
    offset = std::size_t(p - bytes.data()) + 1;
    if (bytes.size() - offset < length) {
        problems.error("", "the file ends inside its header (truncated)");
        return std::nullopt;
    }
    return length;
}

}  // namespace

RunFileDocument parseRunFile(std::string_view bytes)
{
    RunFileDocument doc;
    auto run = std::make_shared<RunLog>();
    std::size_t offset = 0;
    const std::optional<std::size_t> headerBytes = readMagic(bytes, offset, doc.problems);
    if (!headerBytes)
        return doc;
    const std::optional<Sizes> s = readHeader(bytes.substr(offset, *headerBytes), *run, doc.problems);
    if (!s)
        return doc;
    offset += *headerBytes;
    // Every block's size from the header, checked against the bytes there are before any is read.
    const std::size_t perFrame = 4 * s->valuesPerFrame + 8;
    const std::uint64_t remaining = bytes.size() - offset;
    const long double expected = (long double)s->changes * kInputRecordBytes + (long double)s->frames * perFrame;
    if (expected != (long double)remaining) {
        doc.problems.error("", "the header announces " + std::to_string(s->changes) + " input changes and " +
                                   std::to_string(s->frames) + " frames, " +
                                   std::to_string((unsigned long long)expected) + " bytes after the header, but " +
                                   std::to_string(remaining) + " follow" +
                                   (expected > remaining ? " (the file is truncated)" : " (the file is damaged)"));
        return doc;
    }
    const std::string_view inputs = bytes.substr(offset, s->changes * kInputRecordBytes);
    const std::string_view times = bytes.substr(offset + inputs.size(), s->frames * 8);
    const std::string_view values = bytes.substr(offset + inputs.size() + times.size());
    if (!readInputs(inputs, *s, *run, doc.problems) || !readTelemetry(times, values, *s, *run, doc.problems))
        return doc;
    // What was not recorded, said where a reader shows warnings; a replay replays what is held.
    if (const std::string note = run->recordingNote(); !note.empty())
        doc.problems.warning(run->droppedSteps > 0 ? "/recording" : "/telemetry/truncated", note);
    doc.run = std::move(run);
    return doc;
}

RunFileDocument loadRunFile(const std::string& path)
{
    std::string bytes;
    if (const std::string err = json::readTextFile(path, kMaxRunFileBytes, bytes); !err.empty()) {
        RunFileDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseRunFile(bytes);
}

}  // namespace jounce::sim
