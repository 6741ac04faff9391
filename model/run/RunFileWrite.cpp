// Writing run files (docs/run-files.md).

#include "run/RunFile.h"
#include "run/RunFileFormat.h"

#include "config/VehicleJson.h"
#include "json/JsonText.h"
#include "json/TextFile.h"
#include "telemetry/Channels.h"

#include <ostream>

namespace jounce::sim {
namespace runfile {

std::vector<std::string> vehicleChannelIds()
{
    std::vector<std::string> ids;
    for (const telemetry::ChannelInfo& c : telemetry::vehicleChannels())
        ids.emplace_back(c.id);
    return ids;
}

std::vector<std::string> wheelChannelIds()
{
    std::vector<std::string> ids;
    for (const telemetry::ChannelInfo& c : telemetry::wheelChannels())
        ids.emplace_back(c.id);
    return ids;
}

}  // namespace runfile

namespace {

using json::Json;

Json header(const RunLog& run)
{
    Json h = Json::object();
    h["format"] = kRunFormat;
    h["schemaVersion"] = kRunSchemaVersion;
    h["name"] = run.name;
    h["source"] = run.source;
    h["maneuver"] = run.maneuver;
    h["vehicle"] = run.vehicle ? config::vehicleToJson(*run.vehicle) : Json(nullptr);
    h["terrain"] = Json{{"name", run.terrain.name}, {"file", run.terrain.file}};
    h["start"] = Json{{"x", run.start.x}, {"y", run.start.y}, {"heading", run.start.heading}, {"height", run.start.height}};
    h["timeStep"] = run.timeStep;
    Json edits = Json::array();
    for (const RunEdit& e : run.edits)
        edits.push_back(Json{{"time", e.time}, {"text", e.text}});
    h["edits"] = std::move(edits);
    Json events = Json::array();
    for (const RunEvent& e : run.events)
        events.push_back(Json{{"time", e.time}, {"text", e.text}});
    h["events"] = std::move(events);
    Json figures = Json::array();
    for (const RunFigure& f : run.figures)
        figures.push_back(Json{{"id", f.id},
                               {"label", f.label},
                               {"unit", f.unit},
                               {"value", f.value ? Json(*f.value) : Json(nullptr)},
                               {"note", f.note}});
    h["figures"] = std::move(figures);
    h["inputs"] = Json{{"steps", run.inputs.steps()}, {"changes", run.inputs.changeCount()}};
    h["telemetry"] = Json{{"frames", run.telemetry.size()},
                          {"wheels", run.telemetry.wheelCount()},
                          {"truncated", run.truncated},
                          {"vehicleChannels", runfile::vehicleChannelIds()},
                          {"wheelChannels", runfile::wheelChannelIds()}};
    // Only when steps were dropped: a whole run's file reads in Jounce versions from before the key.
    if (run.droppedSteps > 0)
        h["recording"] = Json{{"bound", run.recordingBound}, {"droppedSteps", run.droppedSteps}, {"note", run.recordingNote()}};
    return h;
}

void putInput(std::string& out, const InputTrack::Change& c)
{
    using namespace runfile;
    const ManualInput& in = c.input;
    putLittle(out, c.step);
    out.push_back(static_cast<char>(in.mode));
    unsigned keys = (in.keys.accel ? kAccel : 0u) | (in.keys.brake ? kBrake : 0u) |
                    (in.keys.handbrake ? kHandbrake : 0u) | (in.keys.steerLeft ? kSteerLeft : 0u) |
                    (in.keys.steerRight ? kSteerRight : 0u) | (in.gearUp ? kGearUp : 0u) |
                    (in.gearDown ? kGearDown : 0u);
    out.push_back(static_cast<char>(keys));
    const unsigned oneShots = (in.forceGear ? kHasForceGear : 0u) | (in.autoBox ? kHasAutoBox : 0u) |
                              (in.autoBox && *in.autoBox ? kAutoBoxOn : 0u);
    out.push_back(static_cast<char>(oneShots));
    out.push_back(static_cast<char>(static_cast<signed char>(in.forceGear.value_or(0))));
    out.append(4, '\0');
    putLittle(out, in.pad.accel);
    putLittle(out, in.pad.brake);
    putLittle(out, in.pad.handbrake);
    putLittle(out, in.pad.steer);
}

/// The file's bytes in pieces of about kPieceBytes handed to `sink`, so that saving a run takes
/// memory for one piece besides the run, not a second copy of it (a run is up to 512 MiB).
template <typename Sink>
void writeRun(const RunLog& run, Sink&& sink)
{
    constexpr std::size_t kPieceBytes = std::size_t(1) << 20;
    const std::string text = json::formatJson(header(run));
    const TelemetryTrack& t = run.telemetry;
    std::string out;
    out += runfile::kMagic;
    out += std::to_string(text.size());
    out += '\n';
    out += text;
    const auto piece = [&] {
        if (out.size() >= kPieceBytes) {
            sink(out);
            out.clear();
        }
    };
    for (std::size_t i = 0; i < run.inputs.changeCount(); ++i, piece())
        putInput(out, run.inputs.change(i));
    for (std::size_t i = 0; i < t.size(); ++i, piece())
        runfile::putLittle(out, t.time(i));
    std::vector<float> v(t.valuesPerFrame());
    for (std::size_t i = 0; i < t.size(); ++i, piece()) {
        t.wholeValues(i, v.data());
        for (float f : v)
            runfile::putLittle(out, f);
    }
    sink(out);
}

}  // namespace

std::string runFileBytes(const RunLog& run)
{
    const TelemetryTrack& t = run.telemetry;
    std::string bytes;
    bytes.reserve((std::size_t(1) << 16) + run.inputs.changeCount() * kInputRecordBytes +
                  t.size() * (8 + 4 * t.valuesPerFrame()));
    writeRun(run, [&bytes](const std::string& piece) { bytes += piece; });
    return bytes;
}

std::string saveRunFile(const std::string& path, const RunLog& run)
{
    // A run file holds every channel of every wheel: a CSV with a few columns of many wheels would
    // grow by up to 345 times (docs/run-files.md); it is its own file already.
    if (!run.telemetry.whole())
        return "a telemetry CSV without every channel of its wheels is not saved as a run file (it holds no driver "
               "inputs, and its columns are in the CSV already)";
    json::AtomicFileWriter file(path);
    if (!file.ok())
        return file.error();
    writeRun(run, [&file](const std::string& piece) { file.stream().write(piece.data(), std::streamsize(piece.size())); });
    return file.commit();
}

}  // namespace jounce::sim
